// Painting the Lights Out board on its GridCanvas: the palette (theme
// colours from CSS, a ramp of k states), the cells cell by cell or packed
// one colour per cell on huge boards, and the marks over them (the solution's
// presses, the cells that prove a board unsolvable, the hint and gallery rings).
// Lit cells glow: a soft halo under the tiles spills into the gaps, and the
// tile is brightest at its centre; off cells are quiet flat tiles. During a
// press's animation (GridCanvas.animate) a toggled cell blends from its
// colour before the press to its colour after and pops back to full size.
// The winning press sends a ripple over the board instead (rippleCells): a
// ring of light spreads from the pressed cell, and the last lights go out as
// it passes them.

import { packColor } from "../../grid-canvas.mjs";

const channels = (packed) => [packed & 255, (packed >>> 8) & 255, (packed >>> 16) & 255];
const mix = (a, b, t) => a.map((value, i) => Math.round(value + (b[i] - value) * t));
const cssOf = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;
const isLight = ([r, g, b]) => 0.299 * r + 0.587 * g + 0.114 * b > 150;

/** The packed colour a fraction `t` of the way from packed colour `a` to `b`. */
export const mixPacked = (a, b, t) => packColor(cssOf(mix(channels(a), channels(b), t)));

/** How long the ripple takes to pass one cell, and to cross the whole board (ms). */
export const RIPPLE_CELL_MS = 360;
const RIPPLE_SPREAD_MS = 560;

/**
 * The winning press's ripple for GridCanvas.animate: every cell of a
 * rows x cols board as [row, col, delay, ms], the delay growing with the
 * distance from the pressed cell (`from`), so that a ring spreads from it;
 * under a second in all, whatever the board's size.
 */
export function rippleCells(rows, cols, [fromRow, fromCol]) {
  const far = Math.max(
    ...[[0, 0], [0, cols - 1], [rows - 1, 0], [rows - 1, cols - 1]]
      .map(([r, c]) => Math.hypot(r - fromRow, c - fromCol)),
    1,
  );
  const cells = [];
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const delay = (Math.hypot(row - fromRow, col - fromCol) / far) * RIPPLE_SPREAD_MS;
      cells.push([row, col, delay, RIPPLE_CELL_MS]);
    }
  }
  return cells;
}

/**
 * What one repaint shows, read once at its start:
 *   state      the board's state from its rules (null before the first board)
 *   values     its cells in reading order; states: k
 *   solution   the solve result shown (with `marked` and `conflictCells`), or null
 *   hint, highlight  [row, col] to ring, or null
 *   before     the cells before the press being animated, or null
 *   ripple     true while the winning press's ripple is drawn (rippleCells)
 */
export class BoardPainter {
  /**
   * @param {GridCanvas} grid the board's canvas; the painter installs its drawing hooks
   * @param {(map: object) => object} readColors CSS custom properties to colours (PuzzleBoard.readColors)
   * @param {() => object} scene what to draw now (see above)
   */
  constructor(grid, readColors, scene) {
    this.grid = grid;
    this.readColors = readColors;
    this.scene = {
      state: null, values: new Uint8Array(0), states: 2, solution: null, hint: null, highlight: null, before: null, ripple: false,
    };
    this.palette = null; // read again on every repaint, so a theme change shows at once
    grid.beforeDraw = () => {
      this.scene = scene();
      this.palette = this.#readPalette(this.scene.states);
      grid.background = this.palette.packed.states[0];
    };
    grid.drawCell = (ctx, row, col, x, y, size) => this.#drawCell(ctx, row, col, x, y, size);
    grid.drawUnderlay = (ctx, size) => this.#drawGlow(ctx, size);
    grid.fillCells = (pixels) => this.#fillCells(pixels);
    grid.drawOverlay = (ctx, size) => this.#drawOverlay(ctx, size);
  }

  /** How bright a value glows, 0 (off) to 1 (fully on). */
  #glowOf(value) {
    return value ? Math.min(1, value / (this.scene.states - 1)) : 0;
  }

  /**
   * Cell (row, col) as drawn now: its colour (rgb), its glow (0..1) and its
   * scale (1 at rest), blended from the cell before the press while it animates.
   */
  #look(row, col) {
    const { state, values, before, ripple } = this.scene;
    const index = row * state.cols + col;
    const value = values[index];
    const rgb = this.palette.rgb;
    const now = rgb[value] ?? rgb.at(-1);
    const t = before ? this.grid.progressOf(row, col) : 1;
    if (t >= 1) return { value, rgb: now, glow: this.#glowOf(value), scale: 1 };
    const old = before[index];
    const look = {
      value,
      rgb: mix(rgb[old] ?? rgb.at(-1), now, t),
      glow: this.#glowOf(old) + (this.#glowOf(value) - this.#glowOf(old)) * t,
      scale: ripple ? 1 : 0.86 + 0.14 * t,
    };
    if (ripple) {
      // The ring passing: a flash of the "on" colour that fades as it moves on.
      const flash = Math.sin(Math.PI * t) * 0.8;
      look.rgb = mix(look.rgb, rgb.at(-1), flash);
      look.glow = Math.max(look.glow, flash);
      look.scale = 1 - 0.08 * flash;
    }
    return look;
  }

  /** The halo of every lit cell, under the tiles, so that it shows in the gaps around them. */
  #drawGlow(ctx, size) {
    const { state } = this.scene;
    if (!state || size < 8) return;
    for (let row = 0; row < state.rows; row++) {
      for (let col = 0; col < state.cols; col++) {
        const { rgb, glow } = this.#look(row, col);
        if (glow <= 0) continue;
        const [cx, cy] = [(col + 0.5) * size, (row + 0.5) * size];
        const halo = ctx.createRadialGradient(cx, cy, size * 0.3, cx, cy, size * 0.68);
        halo.addColorStop(0, `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, ${0.7 * glow})`);
        halo.addColorStop(1, `rgba(${rgb[0]}, ${rgb[1]}, ${rgb[2]}, 0)`);
        ctx.fillStyle = halo;
        ctx.fillRect(cx - size * 0.7, cy - size * 0.7, size * 1.4, size * 1.4);
      }
    }
  }

  #drawCell(ctx, row, col, x, y, size) {
    const { state, states } = this.scene;
    if (!state) return; // a resize before the first board arrives
    const { value, rgb, glow, scale } = this.#look(row, col);
    const gap = size >= 8 ? Math.max(1, Math.round(size / 16)) : 0;
    const side = (size - 2 * gap) * scale;
    const [left, top] = [x + (size - side) / 2, y + (size - side) / 2];
    if (glow > 0 && size >= 8) {
      // Brightest at the centre, as a lamp behind frosted glass.
      const [cx, cy] = [x + size / 2, y + size / 2];
      const face = ctx.createRadialGradient(cx, cy - side * 0.1, side * 0.05, cx, cy, side * 0.72);
      face.addColorStop(0, cssOf(mix(rgb, [255, 255, 255], 0.55 * glow)));
      face.addColorStop(0.55, cssOf(rgb));
      face.addColorStop(1, cssOf(mix(rgb, [0, 0, 0], 0.12)));
      ctx.fillStyle = face;
    } else {
      ctx.fillStyle = cssOf(rgb);
    }
    ctx.beginPath();
    ctx.roundRect(left, top, side, side, size >= 8 ? Math.min(side * 0.14, 8) : 0);
    ctx.fill();
    if (states > 2 && value && size >= 18) {
      // The digit, off-centre so that a press mark can sit in the middle.
      ctx.fillStyle = this.palette.ink[value];
      ctx.font = `600 ${Math.round(size * 0.22)}px system-ui, sans-serif`;
      ctx.textAlign = "left";
      ctx.textBaseline = "top";
      ctx.fillText(String(value), x + gap + size * 0.08, y + gap + size * 0.05);
    }
  }

  /** Compact rendering: one packed colour per cell. */
  #fillCells(pixels) {
    const { packed } = this.palette;
    const colors = packed.states;
    const { values, solution: s } = this.scene;
    for (let i = 0; i < values.length; i++) pixels[i] = colors[values[i]] ?? colors.at(-1);
    // Cells too small for a dot are coloured whole; half a million fillRects
    // per repaint would make a huge solved board sluggish.
    if (s && this.#marksFill()) {
      for (const index of s.conflictCells) pixels[index] = packed.conflict;
      for (const index of s.marked.keys()) pixels[index] = packed.mark;
    }
  }

  #marksFill() {
    return this.grid.compact && this.grid.cell < 5;
  }

  /** Marks drawn over the cells, in either rendering: they visit marked cells only. */
  #drawOverlay(ctx, size) {
    const { state, solution: s, hint, highlight } = this.scene;
    const cols = state?.cols || 1;
    const colors = this.palette;
    const compact = this.grid.compact;
    const at = (index) => [(index % cols) * size, Math.floor(index / cols) * size];
    if (s && this.#marksFill() && s.marked.size <= 2000) {
      // A few presses on a huge board: dots bigger than their cells, so they can be found.
      ctx.fillStyle = colors.mark;
      ctx.beginPath();
      for (const index of s.marked.keys()) {
        const [x, y] = at(index);
        ctx.moveTo(x + size / 2 + 3, y + size / 2);
        ctx.arc(x + size / 2, y + size / 2, 3, 0, 2 * Math.PI);
      }
      ctx.fill();
    }
    if (s && !this.#marksFill()) {
      ctx.strokeStyle = colors.conflict;
      ctx.fillStyle = colors.conflict;
      const gap = size >= 8 ? Math.max(1, Math.round(size / 16)) : 0;
      const width = Math.max(1, size / 10);
      for (const index of s.conflictCells) {
        const [x, y] = at(index);
        if (compact) {
          ctx.fillRect(x, y, size, size);
        } else {
          ctx.lineWidth = width;
          ctx.strokeRect(x + gap + width / 2, y + gap + width / 2, size - 2 * gap - width, size - 2 * gap - width);
        }
      }
      for (const [index, count] of s.marked) {
        const [x, y] = at(index);
        ctx.fillStyle = colors.mark;
        const radius = Math.max(1, size * (count > 1 ? 0.26 : 0.2));
        ctx.beginPath();
        ctx.arc(x + size / 2, y + size / 2, radius, 0, 2 * Math.PI);
        ctx.fill();
        if (count > 1 && size >= 16) {
          ctx.fillStyle = colors.markInk;
          ctx.font = `700 ${Math.round(radius * 1.4)}px system-ui, sans-serif`;
          ctx.textAlign = "center";
          ctx.textBaseline = "middle";
          ctx.fillText(String(count), x + size / 2, y + size / 2 + radius * 0.08);
        }
      }
    }
    // A ring around one cell; at least a few pixels wide so it shows on huge boards.
    // A halo in the panel colour keeps it visible on a noisy huge board.
    const ring = ([row, col], color) => {
      const width = Math.max(2, size / 8);
      const radius = Math.max(size * 0.42, 10);
      ctx.beginPath();
      ctx.arc(col * size + size / 2, row * size + size / 2, radius, 0, 2 * Math.PI);
      if (compact) {
        ctx.strokeStyle = colors.halo;
        ctx.lineWidth = width + 3;
        ctx.stroke();
      }
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.stroke();
    };
    if (hint) ring(hint, colors.hint);
    if (highlight) ring(highlight, colors.highlight);
  }

  /**
   * The board colours, from CSS custom properties so that themes can set
   * them. k > 2 states run off → low → mid → on, each distinct from the marks.
   */
  #readPalette(k) {
    const css = this.readColors({
      off: "--light-off", low: "--light-low", mid: "--light-mid", on: "--light-on",
      mark: "--press-mark", conflict: "--conflict", hint: "--hint", highlight: "--highlight", panel: "--panel",
    });
    const stops = [css.off, css.low, css.mid, css.on].map((value) => channels(packColor(value)));
    const ramp = [stops[0]];
    for (let v = 1; v < k; v++) {
      if (k === 2) {
        ramp.push(stops[3]);
        continue;
      }
      const t = (2 * (v - 1)) / (k - 2); // 0..2 across low → mid → on
      ramp.push(t <= 1 ? mix(stops[1], stops[2], t) : mix(stops[2], stops[3], t - 1));
    }
    const markRgb = channels(packColor(css.mark));
    const dark = [16, 19, 26];
    const light = [255, 255, 255];
    return {
      rgb: ramp,
      css: ramp.map(cssOf),
      ink: ramp.map((rgb) => cssOf(isLight(rgb) ? dark : light)),
      mark: css.mark,
      markInk: cssOf(isLight(markRgb) ? dark : light),
      conflict: css.conflict,
      hint: css.hint,
      highlight: css.highlight,
      halo: css.panel,
      packed: {
        states: ramp.map((rgb) => packColor(cssOf(rgb))),
        mark: packColor(css.mark),
        conflict: packColor(css.conflict),
      },
    };
  }
}
