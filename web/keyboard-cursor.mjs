// Keyboard play on a board's canvas: focusable, described by the board's key
// help, arrows move a cursor (drawn as a ring by the board), Space/Enter act
// on its cell, Shift+Space or Backspace act backwards. A click or tap focuses
// the canvas without a ring or frame; the first key after it shows both (the
// canvas's class keyboard-focus, board.css). The key help line names every
// key of every board in one sentence (H, U, R, N and ? are PuzzleBoard's);
// the board's own sentence on what Space does is read to screen readers.

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
let helpIds = 0;

export class KeyboardCursor {
  /**
   * @param {HTMLCanvasElement} canvas the board's keyboard surface
   * @param {object} board what the cursor needs from the board:
   *   keyHelp          one sentence on what the keys do on this board
   *   hasGame()        whether a game is on screen (keys wait for one)
   *   bounds()         [rows, cols] the cursor moves within
   *   allowed(r, c)    whether the cursor may stop on a cell
   *   act(r, c, {back})  what Space/Enter (back: Shift or Backspace) does there
   *   describe(r, c)   the cell in words, announced as the cursor moves
   *   repaint()        draw the board again (with the ring at cell())
   *   announce(text)   tell screen readers
   */
  constructor(canvas, board) {
    this.canvas = canvas;
    this.board = board;
    this.cursor = [0, 0];
    this.ringShown = false;
    this.pointerFocus = false;
    canvas.tabIndex = 0;
    canvas.setAttribute("role", "application");
    const help = document.createElement("p");
    help.className = "key-help";
    help.id = `key-help-${++helpIds}`;
    help.textContent = "Keys: Tab to the board, arrows move, Space plays, H hint, U undo, R redo, N next, ? help.";
    const detail = document.createElement("span");
    detail.className = "visually-hidden";
    detail.textContent = ` On this board: ${board.keyHelp.replace(/,$/, ".")}`;
    help.append(detail);
    canvas.parentElement.after(help);
    canvas.setAttribute("aria-describedby", help.id);
    canvas.addEventListener("keydown", (event) => this.#key(event));
    // A click or tap also focuses the board (the grid's pointer handling
    // prevents the default), so that keys work after it; no ring until a key.
    canvas.addEventListener("pointerdown", () => {
      this.ringShown = false;
      canvas.classList.remove("keyboard-focus");
      this.pointerFocus = true;
      canvas.focus({ preventScroll: true });
      this.pointerFocus = false;
    });
    const repaint = () => board.hasGame() && board.repaint();
    canvas.addEventListener("focus", () => {
      this.ringShown = !this.pointerFocus; // Tab shows the ring at once
      canvas.classList.toggle("keyboard-focus", this.ringShown);
      this.#place(0, 0); // back on a cell the cursor may use, if the board changed
      repaint();
      if (board.hasGame() && this.cell()) board.announce(board.describe(...this.cursor));
    });
    canvas.addEventListener("blur", () => {
      canvas.classList.remove("keyboard-focus");
      repaint();
    });
  }

  /**
   * The cursor's [row, col] while the canvas has focus from the keyboard,
   * else null (no ring): a tap or click shows none until a key.
   */
  cell() {
    return document.activeElement === this.canvas && this.ringShown ? this.cursor : null;
  }

  /** The pointer acted on a cell: the keyboard goes on from there. */
  moveTo(row, col) {
    this.cursor = [row, col];
  }

  #key(event) {
    const board = this.board;
    if (event.altKey || event.ctrlKey || event.metaKey || !board.hasGame()) return;
    const step = STEPS[event.key];
    const acting = event.key === " " || event.key === "Enter" || event.key === "Backspace";
    if ((step || acting) && !this.ringShown) {
      this.ringShown = true; // the first key after a click shows where the cursor is
      this.canvas.classList.add("keyboard-focus");
      board.repaint();
    }
    if (step) {
      event.preventDefault(); // no page scroll
      this.#place(...step);
      board.repaint();
      board.announce(board.describe(...this.cursor));
    } else if (acting) {
      event.preventDefault();
      if (event.repeat) return; // a held key is one move, not a burst
      board.act(...this.cursor, { back: event.shiftKey || event.key === "Backspace" });
    }
  }

  /**
   * Move the cursor by (dr, dc) to the next cell it may use in that
   * direction, skipping others (holes of no board); it stays put at the edge.
   * (0, 0) only brings it back inside the board.
   */
  #place(dr, dc) {
    const [rows, cols] = this.board.bounds();
    const allowed = (r, c) => this.board.allowed(r, c);
    let [row, col] = this.cursor;
    row = Math.min(Math.max(row, 0), rows - 1);
    col = Math.min(Math.max(col, 0), cols - 1);
    if (dr === 0 && dc === 0) {
      if (allowed(row, col)) {
        this.cursor = [row, col];
        return;
      }
      // Else the first cell it may use, in reading order.
      for (let i = 0; i < rows * cols; i++) {
        if (allowed(Math.floor(i / cols), i % cols)) {
          this.cursor = [Math.floor(i / cols), i % cols];
          return;
        }
      }
      return;
    }
    for (let r = row + dr, c = col + dc; r >= 0 && c >= 0 && r < rows && c < cols; r += dr, c += dc) {
      if (allowed(r, c)) {
        this.cursor = [r, c];
        return;
      }
    }
    this.cursor = [row, col];
  }
}
