// A square-celled grid drawn on a canvas that fits its container, with
// pointer input (mouse, pen and touch alike) mapped to cells. Every puzzle
// view draws through this, so sizing, high-DPI sharpness and hit testing
// live in one place.
//
// Small boards are painted cell by cell with `drawCell`. When cells would be
// smaller than `compactBelow` CSS pixels (huge boards) and `fillCells` is
// set, the grid switches to a compact rendering: one pixel per cell in an
// ImageData, scaled onto the canvas, so a 1000x1000 board repaints in a few
// milliseconds instead of a million fillRect calls (below one device pixel
// per cell, a sparse board keeps its few set cells visible instead of
// averaging them away). `drawOverlay` then adds the few decorations (marks,
// outlines) in either mode.
//
// `animate(cells, ms)` eases a few cells into their new look (a press's
// toggled lights, say; or, each cell a little later than the last, a win's
// wave across the board): for `ms` milliseconds each frame repaints the
// board with `progressOf(row, col)` between 0 and 1 for those cells, then a
// last repaint draws the exact final state. Compact boards and readers who ask
// for reduced motion get that final repaint at once.

/**
 * The room a board may take (`room`, measured by boardRoom below the lines
 * above it), given back what the notes in `notes` take beyond their least
 * height (CSS min-height): a hint or a long message then moves the board
 * down rather than shrinking it, so that the board keeps its size.
 */
export function roomBesideNotes(room, notes) {
  let grown = 0;
  for (const note of notes) {
    const least = parseFloat(getComputedStyle(note).minHeight) || 0;
    grown += Math.max(0, note.getBoundingClientRect().height - least);
  }
  return room + grown;
}

/**
 * "tap" on touch screens, "click" with a mouse (`capital`: "Tap", "Click"):
 * the word a board's instructions use for pressing a cell.
 */
export function pressVerb(capital = false) {
  const touch = typeof window !== "undefined" && window.matchMedia?.("(pointer: coarse)").matches === true;
  const word = touch ? "tap" : "click";
  return capital ? word[0].toUpperCase() + word.slice(1) : word;
}

/** Whether the reader asked for less motion (checked at each animation). */
export function reducedMotion() {
  return typeof window !== "undefined"
    && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
}

export class GridCanvas {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {{onDown?: Function, onEnter?: Function, onUp?: Function, maxHeight?: Function}} handlers
   *   onDown(row, col, event) on press, onEnter(row, col) when a held
   *   pointer moves onto another cell, onUp() when it is released.
   */
  constructor(canvas, handlers = {}) {
    this.canvas = canvas;
    this.context = canvas.getContext("2d");
    this.handlers = handlers;
    this.rows = 1;
    this.cols = 1;
    this.shaped = false; // nothing is drawn before the first setShape (the first game)
    this.cell = 10;
    this.drawCell = null;
    this.fillCells = null; // (pixels: Uint32Array, rows, cols) => void, one packColor() per cell
    this.drawOverlay = null; // (ctx, cellSize) => void, after the cells
    this.beforeDraw = null; // () => void, e.g. to read theme colours once per repaint
    this.compactBelow = 6;
    this.background = null; // packed colour of empty cells, if any: see #drawCompact
    this.compact = false;
    this.cursor = null; // [row, col] ringed for keyboard play, or null
    this.held = null;
    this.drawUnderlay = null; // (ctx, cellSize) => void, before the cells (a glow that spills into the gaps)
    this.animation = null; // {cells: Map index -> {delay, ms}, start, end, elapsed, frame} while animate() runs
    canvas.style.touchAction = "none"; // a drag paints instead of scrolling
    canvas.addEventListener("pointerdown", (event) => this.#down(event));
    canvas.addEventListener("pointermove", (event) => this.#move(event));
    for (const type of ["pointerup", "pointercancel"]) {
      canvas.addEventListener(type, (event) => this.#up(event));
    }
    canvas.addEventListener("contextmenu", (event) => event.preventDefault());
    this.observer = new ResizeObserver(() => this.repaint()); // a new size: an animation under way goes on
    this.observer.observe(canvas.parentElement);
  }

  /** Set the grid's shape (the first call, for the first game, starts the drawing) and draw it. */
  setShape(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.shaped = true;
    this.redraw();
  }

  /**
   * Repaint everything with `drawCell(ctx, row, col, x, y, size)` (or
   * `fillCells`), sized to the room. An animation under way ends here (what
   * is drawn is the final state) unless `keepAnimation` (see repaint).
   */
  redraw({ keepAnimation = false } = {}) {
    if (!keepAnimation) this.#stopAnimation();
    if (!this.shaped || (!this.drawCell && !this.fillCells)) return;
    const { canvas, context } = this;
    const box = canvas.parentElement.getBoundingClientRect();
    const limit = this.handlers.maxHeight ? this.handlers.maxHeight() : box.width;
    const fit = Math.min(box.width / this.cols, limit / this.rows);
    this.compact = Boolean(this.fillCells) && (fit < this.compactBelow || !this.drawCell);
    // Whole CSS pixels per cell keep the grid lines crisp; a compact board
    // has no grid lines, so it may use fractional cells and fit the box.
    const cell = this.compact ? Math.max(fit, 0.25) : Math.max(1, Math.floor(fit));
    this.cell = cell;
    const ratio = window.devicePixelRatio || 1;
    const width = cell * this.cols;
    const height = cell * this.rows;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.max(1, Math.round(width * ratio));
    canvas.height = Math.max(1, Math.round(height * ratio));
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    this.beforeDraw?.();
    this.#paint();
  }

  /**
   * A redraw (the keyboard ring, a theme's colours, a new room for the
   * board) that does not end an animation under way: its frames go on, at
   * the new size.
   */
  repaint() {
    this.redraw({ keepAnimation: true });
  }

  /** Paint the cells, the overlay and the cursor at the current size (beforeDraw has run). */
  #paint() {
    const { context, cell } = this;
    const width = cell * this.cols;
    const height = cell * this.rows;
    context.clearRect(0, 0, width, height);
    if (this.compact) {
      this.#drawCompact(width, height, cell * (window.devicePixelRatio || 1));
    } else {
      this.drawUnderlay?.(context, cell);
      for (let row = 0; row < this.rows; row++) {
        for (let col = 0; col < this.cols; col++) {
          this.drawCell(context, row, col, col * cell, row * cell, cell);
        }
      }
    }
    this.drawOverlay?.(context, cell);
    if (this.cursor) {
      const [row, col] = this.cursor;
      drawFocusRing(context, col * cell, row * cell, cell, cell);
    }
  }

  /**
   * Repaint with `cells` easing in over `ms` milliseconds (at most 150 is
   * kind to fast players for a move's own cells): drawCell and drawUnderlay
   * read each cell's progress with progressOf(row, col). A cell is [row, col]
   * or [row, col, delay, ms]: it starts `delay` ms late and takes its own
   * `ms` (a win's wave across the board, say; at most about a second in
   * all). Drawing only: input goes on meanwhile, and a redraw, or another
   * animate, ends the one under way at once with the exact final picture.
   */
  animate(cells, ms = 120) {
    this.redraw(); // the final state, exact, before any frame: also what a skipped animation shows
    if (this.compact || !this.drawCell || !cells.length || reducedMotion()) return;
    const timings = new Map(); // cell index -> {delay, ms}
    let end = 0;
    for (const [row, col, delay = 0, own = ms] of cells) {
      timings.set(row * this.cols + col, { delay, ms: own });
      end = Math.max(end, delay + own);
    }
    const animation = { cells: timings, start: performance.now(), end, elapsed: 0 };
    const frame = (now) => {
      if (this.animation !== animation) return;
      // A frame's stamp is when the frame began, which can precede `start`.
      animation.elapsed = Math.min(end, Math.max(0, now - animation.start));
      if (animation.elapsed >= end) {
        this.animation = null;
      } else {
        animation.frame = requestAnimationFrame(frame);
      }
      this.#paint(); // the last frame, every cell at 1, is the final state
    };
    this.animation = animation;
    animation.frame = requestAnimationFrame(frame);
    this.#paint();
  }

  /**
   * How far cell (row, col) has come in the animation under way, eased, 0..1;
   * 1 (the final look) for every cell when nothing animates.
   */
  progressOf(row, col) {
    const animation = this.animation;
    const timing = animation?.cells.get(row * this.cols + col);
    if (!timing) return 1;
    const t = Math.min(1, Math.max(0, (animation.elapsed - timing.delay) / timing.ms));
    return 1 - (1 - t) ** 3; // ease out: quick to answer, gentle to settle
  }

  /** True while an animation runs (its frames are still to come). */
  get animating() {
    return this.animation !== null;
  }

  #stopAnimation() {
    if (!this.animation) return;
    cancelAnimationFrame(this.animation.frame);
    this.animation = null;
  }

  #drawCompact(width, height, devicePixelsPerCell) {
    const cells = new ImageData(this.cols, this.rows);
    const colors = new Uint32Array(cells.data.buffer);
    this.fillCells(colors, this.rows, this.cols);
    if (devicePixelsPerCell < 1 && this.background !== null && this.#sparse(colors)) {
      this.#drawPooled(colors);
      return;
    }
    this.scratch ??= document.createElement("canvas");
    this.scratch.width = this.cols;
    this.scratch.height = this.rows;
    this.scratch.getContext("2d").putImageData(cells, 0, 0);
    // Blocky when enlarging; averaged when a cell is under a device pixel, so
    // that no row or column of a huge board silently disappears.
    this.context.imageSmoothingEnabled = devicePixelsPerCell < 1;
    this.context.drawImage(this.scratch, 0, 0, width, height);
  }

  /** Whether under 5% of the cells differ from the background. */
  #sparse(colors) {
    let count = 0;
    for (let i = 0; i < colors.length; i++) if (colors[i] !== this.background) count++;
    return count < colors.length / 20;
  }

  /**
   * Several cells per device pixel, few of them set: averaging would fade a
   * lone light (or press mark) to nothing, so any non-background cell wins
   * its pixel instead.
   */
  #drawPooled(colors) {
    const { width, height } = this.canvas;
    const image = new ImageData(width, height);
    const pixels = new Uint32Array(image.data.buffer).fill(this.background);
    const xs = Int32Array.from({ length: this.cols }, (_, c) => Math.floor((c * width) / this.cols));
    for (let row = 0; row < this.rows; row++) {
      const base = Math.floor((row * height) / this.rows) * width;
      const start = row * this.cols;
      for (let col = 0; col < this.cols; col++) {
        const color = colors[start + col];
        if (color !== this.background) pixels[base + xs[col]] = color;
      }
    }
    this.context.putImageData(image, 0, 0); // device pixels: the transform does not apply
  }

  /** The [row, col] under a pointer event, or null outside the grid. */
  cellAt(event) {
    const rect = this.canvas.getBoundingClientRect();
    const col = Math.floor(((event.clientX - rect.left) / rect.width) * this.cols);
    const row = Math.floor(((event.clientY - rect.top) / rect.height) * this.rows);
    if (row < 0 || col < 0 || row >= this.rows || col >= this.cols) return null;
    return [row, col];
  }

  #down(event) {
    if (event.button > 2) return;
    const cell = this.cellAt(event);
    if (!cell) return;
    event.preventDefault();
    this.canvas.setPointerCapture?.(event.pointerId);
    this.held = cell;
    this.handlers.onDown?.(cell[0], cell[1], event);
  }

  #move(event) {
    if (!this.held) return;
    const cell = this.cellAt(event);
    if (!cell || (cell[0] === this.held[0] && cell[1] === this.held[1])) return;
    this.held = cell;
    this.handlers.onEnter?.(cell[0], cell[1], event);
  }

  #up() {
    if (!this.held) return;
    this.held = null;
    this.handlers.onUp?.();
  }
}

/**
 * The keyboard cursor: a dark ring inside a light one, visible on any cell
 * colour in either theme, and never smaller than 10 CSS pixels.
 */
export function drawFocusRing(ctx, x, y, width, height) {
  const grow = Math.max(0, 10 - Math.min(width, height)) / 2; // tiny cells: a ring around them
  x -= grow;
  y -= grow;
  width += 2 * grow;
  height += 2 * grow;
  const line = Math.max(2, Math.min(width, height) / 14);
  ctx.save();
  ctx.lineWidth = line;
  ctx.strokeStyle = "#ffffff";
  ctx.strokeRect(x + line / 2, y + line / 2, width - line, height - line);
  ctx.strokeStyle = "#000000";
  ctx.strokeRect(x + line * 1.5, y + line * 1.5, width - 3 * line, height - 3 * line);
  ctx.restore();
}

const probe = typeof document === "undefined" ? null
  : document.createElement("canvas").getContext("2d", { willReadFrequently: true });

/** A CSS colour as one Uint32 ImageData pixel (RGBA bytes, in memory order). */
export function packColor(css) {
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = css;
  probe.fillRect(0, 0, 1, 1);
  const [r, g, b, a] = probe.getImageData(0, 0, 1, 1).data;
  return new Uint32Array(new Uint8ClampedArray([r, g, b, a]).buffer)[0];
}

/**
 * Paint a small picture of a board on `canvas`: `colors` holds one packed
 * colour per cell (reading order). Cells get a few pixels each and a
 * transparent one-pixel gap when there is room; CSS scales the canvas.
 */
export function paintThumbnail(canvas, rows, cols, colors, maxPixels = 96) {
  const cell = Math.max(1, Math.min(12, Math.floor(maxPixels / Math.max(rows, cols))));
  const gap = cell >= 5 ? 1 : 0;
  const width = cols * cell;
  const height = rows * cell;
  canvas.width = width;
  canvas.height = height;
  const image = new ImageData(width, height);
  const pixels = new Uint32Array(image.data.buffer);
  for (let y = 0; y < height; y++) {
    if (y % cell >= cell - gap) continue; // a gap row stays transparent
    const rowStart = Math.floor(y / cell) * cols;
    for (let x = 0; x < width; x++) {
      if (x % cell < cell - gap) pixels[y * width + x] = colors[rowStart + Math.floor(x / cell)];
    }
  }
  canvas.getContext("2d").putImageData(image, 0, 0);
}
