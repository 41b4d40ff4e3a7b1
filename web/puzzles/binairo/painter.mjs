// How the binary puzzle looks on its canvas, through GridCanvas's drawCell
// and drawOverlay hooks: rounded two-colour tiles with a gap between them,
// the digit drawn on each (colour is never the only cue), a lock dot on the
// puzzle's own digits, a ring on tiles that break a rule and an outline
// around their line, and a quick pop as a tile changes. A line the move
// completes correctly flashes along its length, and the move that finishes
// the grid sends a wave over it from that tile (winMotion). None of it when
// the system asks for reduced motion (GridCanvas.animate skips it). On request (the lab's "Show line counts") a
// margin right of and below the grid counts every line's zeros and ones.

/** How long a changed tile takes to settle: quick enough never to hold play up. */
export const POP_MS = 130;
/** A completed line's flash and the finished grid's wave: each under a second in all. */
const FLASH_MS = 420;
const FLASH_SPREAD_MS = 420;
const WAVE_MS = 420;
const WAVE_SPREAD_MS = 520;

/**
 * Whether a line (a string of "0", "1" and ".") is complete and keeps the
 * rules on its own: full, as many 0s as 1s, no three alike side by side.
 */
const lineKeepsRules = (line) => !line.includes(".") && !/000|111/.test(line)
  && line.split("0").length === line.split("1").length;

/**
 * The lines of `cells` (rows of "0 1 ."), as {cells: [[r, c]…], text}: the
 * rows, then the columns, with whether each is complete and correct (no
 * other complete line of its direction is the same).
 */
function linesOf(cells) {
  const rows = cells.length;
  const cols = rows ? cells[0].length : 0;
  const rowLines = cells.map((text, r) => ({ text, cells: [...text].map((_, c) => [r, c]) }));
  const colLines = Array.from({ length: cols }, (_, c) => ({
    text: cells.map((line) => line[c]).join(""), cells: cells.map((_, r) => [r, c]),
  }));
  for (const group of [rowLines, colLines]) {
    for (const line of group) {
      line.correct = lineKeepsRules(line.text) && group.filter((other) => other.text === line.text).length === 1;
    }
  }
  return [...rowLines, ...colLines];
}

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
    this.effects = new Map(); // cell index -> "flash" (a line just completed) or "wave" (the grid)
  }

  /** Read the theme's colours (once per repaint: the scheme may have changed). */
  beforeDraw() {
    this.colors = this.readColors(TOKENS);
  }

  /**
   * The board shows `view` next. Returns the cells to animate
   * (GridCanvas.animate): the tiles whose digit changed since the last view
   * of the same grid pop in, or shrink away when emptied; the lines they
   * complete correctly flash, and a finished grid waves (winMotion). A new
   * puzzle or a new shape just appears.
   */
  show(view) {
    const before = this.view;
    this.view = view;
    this.before.clear();
    this.effects.clear();
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
    return changed.length ? [...changed, ...this.#winMotion(before.cells, view.cells, changed)] : changed;
  }

  /**
   * The motion of what a move completed, as [row, col, delay, ms] for
   * GridCanvas.animate: each line that was not complete and correct before
   * and is now flashes, from the changed tile along the line; when every
   * line is, the whole grid waves out from that tile instead. The changed
   * tiles keep their pop.
   */
  #winMotion(beforeCells, cells, changed) {
    const { cols } = this.view.state;
    const lines = linesOf(cells);
    const wasCorrect = linesOf(beforeCells).map((line) => line.correct); // the same lines, in the same order
    const popping = new Set(changed.map(([r, c]) => r * cols + c));
    const [fromRow, fromCol] = changed[0];
    const moving = [];
    const add = (r, c, delay, ms, effect) => {
      if (popping.has(r * cols + c) || this.effects.has(r * cols + c)) return;
      this.effects.set(r * cols + c, effect);
      moving.push([r, c, delay, ms]);
    };
    if (lines.every((line) => line.correct)) {
      const far = Math.max(1, ...lines.flatMap((line) => line.cells)
        .map(([r, c]) => Math.hypot(r - fromRow, c - fromCol)));
      for (const [r, c] of lines.slice(0, cells.length).flatMap((line) => line.cells)) {
        add(r, c, (Math.hypot(r - fromRow, c - fromCol) / far) * WAVE_SPREAD_MS, WAVE_MS, "wave");
      }
      return moving;
    }
    for (const [i, line] of lines.entries()) {
      if (!line.correct || wasCorrect[i]) continue;
      const step = FLASH_SPREAD_MS / Math.max(1, line.cells.length - 1);
      for (const [r, c] of line.cells) {
        add(r, c, Math.max(Math.abs(r - fromRow), Math.abs(c - fromCol)) * step, FLASH_MS, "flash");
      }
    }
    return moving;
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
    const effect = this.effects.get(index);
    if (effect && this.progressOf(row, col) < 1) {
      this.#celebrate(ctx, box, digit, { given, index, effect, pulse: Math.sin(Math.PI * this.progressOf(row, col)) });
      return;
    }
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

  /**
   * A tile in a completed line's flash or the finished grid's wave, at
   * `pulse` (0 at rest, 1 at the crest): it dips a little and glows in the
   * colour of a line done.
   */
  #celebrate(ctx, box, digit, { given, index, effect, pulse }) {
    const scale = 1 - (effect === "wave" ? 0.16 : 0.06) * pulse;
    const side = box.side * scale;
    const inner = { x: box.x + (box.side - side) / 2, y: box.y + (box.side - side) / 2, side };
    this.#tile(ctx, inner, digit, { given, index });
    ctx.save();
    ctx.globalAlpha = 0.55 * pulse;
    ctx.fillStyle = this.colors.done;
    if (rounded(ctx, inner.x, inner.y, side, side, side * 0.16)) ctx.fill();
    ctx.restore();
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
