// How the binary puzzle looks on its canvas, through GridCanvas's drawCell
// and drawOverlay hooks: rounded two-colour tiles with a gap between them,
// the digit drawn on each (colour is never the only cue), a lock dot on the
// puzzle's own digits, a ring on tiles that break a rule and an outline
// around their line, and a quick pop as a tile changes (none when the system
// asks for reduced motion). On request (the lab's "Show line counts") a
// margin right of and below the grid counts every line's zeros and ones.

/** How long a changed tile takes to settle: quick enough never to hold play up. */
export const POP_MS = 130;

/** The CSS tokens the canvas is drawn with (board.css, "Binary puzzle"). */
const TOKENS = {
  zero: "--bin-zero", zeroInk: "--bin-zero-ink", one: "--bin-one", oneInk: "--bin-one-ink",
  empty: "--bin-empty", hint: "--bin-hint", proof: "--bin-proof", error: "--error",
  ring: "--panel", muted: "--muted", done: "--bin-done",
};

/** A rounded rectangle's path; nothing for one with no room (a board not laid out yet). */
function rounded(ctx, x, y, width, height, radius) {
  ctx.beginPath();
  if (width <= 0 || height <= 0) return false;
  ctx.roundRect(x, y, width, height, Math.max(0, Math.min(radius, width / 2, height / 2)));
  return true;
}


/**
 * What the painter draws, set by the board before each repaint:
 *   state      the rules' state (rows, cols, row_counts, col_counts)
 *   cells      the grid's rows ("0", "1" or "." per cell), givenRows the givens' rows
 *   errors     Set of r * cols + c of tiles that break a rule (empty when errors are off)
 *   broken     {rows: Map, cols: Map} of the lines that break a rule (rules.mjs brokenLines)
 *   marks      a hint's {target: Set, proof: Set} of cell indexes, or null
 *   margins    whether the count margins are shown (the grid has one more row and column)
 */
export class BinairoPainter {
  /**
   * @param {(tokens: object) => object} readColors the board's readColors (CSS tokens to colours)
   * @param {(row: number, col: number) => number} progressOf the grid's animation
   *   progress of a cell, eased, 0..1 (GridCanvas.progressOf; 1 at rest)
   */
  constructor(readColors, progressOf) {
    this.readColors = readColors;
    this.progressOf = progressOf;
    this.view = null;
    this.colors = null;
    this.before = new Map(); // cell index -> the digit it had, for the tiles that just changed
  }

  /** Read the theme's colours (once per repaint: the scheme may have changed). */
  beforeDraw() {
    this.colors = this.readColors(TOKENS);
  }

  /**
   * The board shows `view` next. Returns the [row, col] of the tiles whose
   * digit changed since the last view of the same grid, for the board to
   * animate (GridCanvas.animate): they pop in, or shrink away when emptied.
   * A new puzzle or a new shape just appears.
   */
  show(view) {
    const before = this.view;
    this.view = view;
    this.before.clear();
    const sameGrid = before && before.state.rows === view.state.rows && before.state.cols === view.state.cols
      && before.givenRows.join("/") === view.givenRows.join("/");
    if (!sameGrid) return [];
    const changed = [];
    const { rows, cols } = view.state;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const from = before.cells[r][c];
        if (from === view.cells[r][c]) continue;
        this.before.set(r * cols + c, from);
        changed.push([r, c]);
      }
    }
    return changed;
  }

  /** GridCanvas's drawCell: a tile, or in the margins a line's counts. */
  drawCell(ctx, row, col, x, y, size) {
    const view = this.view;
    if (!view || !this.colors) return;
    const { rows, cols } = view.state;
    if (row >= rows || col >= cols) {
      if (view.margins) this.#drawCounter(ctx, row, col, x, y, size);
      return;
    }
    const index = row * cols + col;
    const digit = view.cells[row][col];
    const given = view.givenRows[row][col] !== ".";
    const gap = Math.max(2, Math.round(size * 0.08));
    const box = { x: x + gap / 2, y: y + gap / 2, side: size - gap };
    if (box.side <= 0) return; // not laid out yet
    const progress = this.before.has(index) ? this.progressOf(row, col) : 1; // eased already
    // An emptied tile lets its old colour shrink away; a filled one pops up to full size.
    this.#tile(ctx, box, digit === "." || progress < 1 ? "." : digit, { given, index });
    if (progress < 1) {
      const shown = digit === "." ? this.before.get(index) : digit;
      const scale = digit === "." ? 1 - 0.4 * progress : 0.6 + 0.4 * progress;
      ctx.save();
      ctx.globalAlpha = digit === "." ? 1 - progress : 1;
      const side = box.side * scale;
      const offset = (box.side - side) / 2;
      this.#tile(ctx, { x: box.x + offset, y: box.y + offset, side }, shown, { given, index, moving: true });
      ctx.restore();
    }
    this.#decorate(ctx, box, index);
  }

  /** One rounded tile: its colour, its digit, and a lock dot when it is a given. */
  #tile(ctx, { x, y, side }, digit, { given, index, moving = false }) {
    const colors = this.colors;
    const hinted = this.view.marks?.target.has(index);
    ctx.fillStyle = digit === "0" ? colors.zero : digit === "1" ? colors.one
      : hinted && !moving ? colors.hint : colors.empty;
    if (rounded(ctx, x, y, side, side, side * 0.16)) ctx.fill();
    if (digit === ".") return;
    const ink = digit === "0" ? colors.zeroInk : colors.oneInk;
    ctx.fillStyle = ink;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.font = `${given ? 700 : 500} ${Math.round(side * 0.5)}px system-ui, sans-serif`;
    ctx.fillText(digit, x + side / 2, y + side / 2 + side * 0.03);
    if (given) {
      // The puzzle's own digits are locked: a small dot in the corner says so.
      ctx.beginPath();
      ctx.arc(x + side * 0.17, y + side * 0.17, Math.max(1.5, side * 0.055), 0, 2 * Math.PI);
      ctx.fill();
    }
  }

  /** A hint's proof cells and the tiles that break a rule get a ring. */
  #decorate(ctx, { x, y, side }, index) {
    const colors = this.colors;
    const proof = this.view.marks?.proof.has(index);
    const wrong = this.view.errors.has(index);
    if (!proof && !wrong) return;
    const width = Math.max(2, side * 0.09);
    ctx.save();
    ctx.lineWidth = width;
    ctx.strokeStyle = wrong ? colors.error : colors.proof;
    if (rounded(ctx, x + width / 2, y + width / 2, side - width, side - width, side * 0.14)) ctx.stroke();
    if (wrong) {
      // A thin light line inside the ring keeps it visible on either tile colour.
      ctx.lineWidth = Math.max(1, width / 3);
      ctx.strokeStyle = colors.ring;
      const inner = side - width * 2.4;
      if (rounded(ctx, x + width * 1.2, y + width * 1.2, inner, inner, side * 0.1)) ctx.stroke();
    }
    ctx.restore();
  }

  /** GridCanvas's drawOverlay: an outline around each line that breaks a rule. */
  drawOverlay(ctx, size) {
    const view = this.view;
    if (!view || !this.colors || !view.errors.size) return;
    const { rows, cols } = view.state;
    ctx.save();
    ctx.strokeStyle = this.colors.error;
    ctx.lineWidth = Math.max(1.5, size / 20);
    ctx.setLineDash([Math.max(3, size / 6), Math.max(2, size / 10)]);
    const inset = ctx.lineWidth / 2;
    const outline = (x, y, width, height) => {
      if (rounded(ctx, x + inset, y + inset, width - 2 * inset, height - 2 * inset, size * 0.2)) ctx.stroke();
    };
    for (const row of view.broken.rows.keys()) outline(0, row * size, cols * size, size);
    for (const col of view.broken.cols.keys()) outline(col * size, 0, size, rows * size);
    ctx.restore();
  }

  /** A margin cell: "zeros·ones" of its row (right) or column (below). */
  #drawCounter(ctx, row, col, x, y, size) {
    const { rows, cols, row_counts: rowCounts, col_counts: colCounts } = this.view.state;
    if (row === rows && col === cols) return;
    const colors = this.colors;
    const [zeros, ones] = row === rows ? colCounts[col] : rowCounts[row];
    const half = (row === rows ? rows : cols) / 2;
    const font = Math.max(8, Math.round(size * 0.3));
    ctx.font = `600 ${font}px system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const shade = (count) => (count > half ? colors.error : count === half ? colors.done : colors.muted);
    ctx.fillStyle = shade(zeros);
    ctx.fillText(`${zeros}×0`, x + size / 2, y + size * 0.3);
    ctx.fillStyle = shade(ones);
    ctx.fillText(`${ones}×1`, x + size / 2, y + size * 0.7);
  }
}
