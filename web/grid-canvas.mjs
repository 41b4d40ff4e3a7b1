// A square-celled grid drawn on a canvas that fits its container, with
// pointer input (mouse, pen and touch alike) mapped to cells. Every puzzle
// view draws through this, so sizing, high-DPI sharpness and hit testing
// live in one place.

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
    this.cell = 10;
    this.drawCell = null;
    this.held = null;
    canvas.style.touchAction = "none"; // a drag paints instead of scrolling
    canvas.addEventListener("pointerdown", (event) => this.#down(event));
    canvas.addEventListener("pointermove", (event) => this.#move(event));
    for (const type of ["pointerup", "pointercancel"]) {
      canvas.addEventListener(type, (event) => this.#up(event));
    }
    canvas.addEventListener("contextmenu", (event) => event.preventDefault());
    this.observer = new ResizeObserver(() => this.redraw());
    this.observer.observe(canvas.parentElement);
  }

  /** Set the grid's shape and the function that paints one cell. */
  setShape(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    this.redraw();
  }

  /** Repaint everything with `drawCell(ctx, row, col, x, y, size)`. */
  redraw() {
    if (!this.drawCell) return;
    const { canvas, context } = this;
    const box = canvas.parentElement.getBoundingClientRect();
    const limit = this.handlers.maxHeight ? this.handlers.maxHeight() : box.width;
    // Whole CSS pixels per cell keep the grid lines crisp; tiny cells on huge
    // boards still get at least one pixel.
    const cell = Math.max(1, Math.floor(Math.min(box.width / this.cols, limit / this.rows)));
    this.cell = cell;
    const ratio = window.devicePixelRatio || 1;
    const width = cell * this.cols;
    const height = cell * this.rows;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    for (let row = 0; row < this.rows; row++) {
      for (let col = 0; col < this.cols; col++) {
        this.drawCell(context, row, col, col * cell, row * cell, cell);
      }
    }
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
