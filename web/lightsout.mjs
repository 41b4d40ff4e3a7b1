// The Lights Out board widget. Python (puzzlelab.api, in the worker) owns the
// rules and the solver; this module draws the board, forwards presses and
// keeps the undo history of game IDs, as a puzzle front end should.

import { GridCanvas } from "./grid-canvas.mjs";

const PRESETS = [
  { label: "5×5 (XLightOff)", rows: 5, cols: 5 },
  { label: "10×10 (Enlight)", rows: 10, cols: 10 },
  { label: "7×7", rows: 7, cols: 7 },
  { label: "20×20", rows: 20, cols: 20 },
  { label: "50×50", rows: 50, cols: 50 },
];
const MAX_SIDE = 1000;

const TEMPLATE = `
  <div class="toolbar" role="toolbar" aria-label="Lights Out controls">
    <div class="group" role="group" aria-label="Mode">
      <button type="button" data-action="play" aria-pressed="true">Play</button>
      <button type="button" data-action="edit" aria-pressed="false">Edit</button>
    </div>
    <div class="group">
      <button type="button" data-action="undo" title="Undo (U)">Undo</button>
      <button type="button" data-action="redo" title="Redo (R)">Redo</button>
      <button type="button" data-action="reset" title="Back to the starting board">Reset</button>
    </div>
    <div class="group">
      <button type="button" data-action="solution" aria-pressed="false">Show solution</button>
    </div>
  </div>
  <div class="toolbar">
    <div class="group">
      <label>Size <select data-field="preset"></select></label>
      <label>Rows <input data-field="rows" type="number" min="1" max="${MAX_SIDE}" value="5"></label>
      <label>Columns <input data-field="cols" type="number" min="1" max="${MAX_SIDE}" value="5"></label>
      <button type="button" data-action="random">New random board</button>
      <button type="button" data-action="clear" title="All lights off, to draw a board in Edit mode">Clear</button>
    </div>
  </div>
  <p class="counters"><span data-field="moves">Moves: 0</span> · <span data-field="lit"></span></p>
  <p class="message" role="status" aria-live="polite"></p>
  <p class="solution-note"><button type="button" class="inline" data-action="cancel-solve" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <div class="board-area"><canvas aria-label="Lights Out board"></canvas>
    <div class="overlay" hidden></div></div>
`;

export class LightsOutBoard {
  /**
   * Mount a Lights Out board in `root`.
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {{game?: string, rows?: number, cols?: number}} options
   */
  constructor(root, client, options = {}) {
    this.root = root;
    this.client = client;
    this.state = null; // {game, rows, cols, grid, lit, solved} from Python
    this.cells = []; // the grid as arrays of 0/1, for drawing and painting
    this.moves = 0;
    this.startState = null;
    this.history = [];
    this.future = [];
    this.mode = "play";
    this.showSolution = false;
    this.solution = null; // the solve result for this.state.game
    this.solving = null; // {game, controller} while a solve runs
    this.painting = null; // {value} while a drag paints in edit mode
    this.queue = Promise.resolve(); // actions run one at a time, in order
    this.pending = 0;

    root.classList.add("puzzle", "lightsout");
    root.innerHTML = TEMPLATE;
    this.canvas = root.querySelector("canvas");
    this.overlay = root.querySelector(".overlay");
    this.message = root.querySelector(".message");
    this.solutionNote = root.querySelector(".solution-note");
    this.grid = new GridCanvas(this.canvas, {
      onDown: (row, col) => this.#cellDown(row, col),
      onEnter: (row, col) => this.#cellEnter(row, col),
      onUp: () => this.#paintEnd(),
      // Leave room for the controls above; cells never grow past 64 px.
      maxHeight: () => Math.max(160, Math.min(window.innerHeight * 0.7, 64 * this.grid.rows)),
    });
    this.grid.drawCell = (ctx, row, col, x, y, size) => this.#drawCell(ctx, row, col, x, y, size);
    this.#wireControls();
    this.#setStatus("loading");
    this.#showOverlay("Starting Python in your browser…");
    client.onBoot?.((stage) => this.#showOverlay(stage.message || "Starting…"));
    client.ready.then(
      () => {
        this.overlay.hidden = true;
        const first = options.game
          ? { cmd: "lightsout.load", game: options.game }
          : { cmd: "lightsout.new", rows: options.rows || 5, cols: options.cols || options.rows || 5 };
        this.#run(async () => this.#startGame(await this.client.request(first)));
      },
      (error) => {
        this.#showOverlay(`Puzzle Lab could not start: ${error.message}`);
        this.#say(`Puzzle Lab could not start: ${error.message}`);
        this.#setStatus("error");
      },
    );
  }

  // --- actions ---------------------------------------------------------------

  /** Queue an action so that each one sees the state the previous one left. */
  #run(action) {
    this.#abortSolve(); // every action may change the board: a running solve is stale
    this.pending++;
    this.queue = this.queue
      .then(action)
      .catch((error) => this.#say(error.message, true))
      .finally(() => {
        this.pending--;
        this.#refreshSolution(); // no-op unless the shown solution is missing or stale
      });
    return this.queue;
  }

  /** True when every queued action has finished (tests and embedders wait on it). */
  idle() {
    return this.pending === 0 && this.root.dataset.status !== "loading";
  }

  #startGame(state) {
    this.startState = state;
    this.history = [];
    this.future = [];
    this.moves = 0;
    this.#show(state);
  }

  #record(state, moves) {
    this.history.push({ state: this.state, moves: this.moves });
    this.future = [];
    this.moves = moves;
    this.#show(state);
  }

  async #press(row, col) {
    const state = await this.client.request({
      cmd: "lightsout.press", game: this.state.game, row, col,
    });
    this.#record(state, this.moves + 1);
  }

  #undo() {
    const entry = this.history.pop();
    if (!entry) return;
    this.future.push({ state: this.state, moves: this.moves });
    this.moves = entry.moves;
    this.#show(entry.state);
  }

  #redo() {
    const entry = this.future.pop();
    if (!entry) return;
    this.history.push({ state: this.state, moves: this.moves });
    this.moves = entry.moves;
    this.#show(entry.state);
  }

  #cellDown(row, col) {
    if (!this.state || this.root.dataset.status === "loading") return;
    if (this.mode === "play") {
      this.#run(() => this.#press(row, col));
      return;
    }
    // Edit mode: the first cell decides whether this drag lights or darkens.
    this.painting = { value: this.cells[row][col] ? 0 : 1 };
    this.#paint(row, col);
  }

  #cellEnter(row, col) {
    if (this.painting) this.#paint(row, col);
  }

  #paint(row, col) {
    this.cells[row][col] = this.painting.value;
    this.grid.redraw();
  }

  #paintEnd() {
    if (!this.painting) return;
    this.painting = null;
    const grid = this.cells.map((row) => row.join("")).join("/");
    this.#run(async () => {
      const state = await this.client.request({ cmd: "lightsout.load", game: grid });
      // An edited board is a new puzzle: it becomes the board Reset returns
      // to, and the edit itself can be undone.
      this.history.push({ state: this.state, moves: this.moves });
      this.future = [];
      this.moves = 0;
      this.startState = state;
      this.#show(state);
    });
  }

  async #newBoard(random) {
    const rows = Number(this.root.querySelector('[data-field="rows"]').value);
    const cols = Number(this.root.querySelector('[data-field="cols"]').value);
    if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 1 || cols < 1
        || rows > MAX_SIDE || cols > MAX_SIDE) {
      this.#say(`Rows and columns must be whole numbers from 1 to ${MAX_SIDE}.`, true);
      return;
    }
    this.#startGame(await this.client.request({ cmd: "lightsout.new", rows, cols, random }));
  }

  /**
   * Solve the current board when the solution is shown. Solving runs beside
   * the action queue (a search can take a second on big kernels) and is
   * cancelled as soon as the board changes or the user asks.
   */
  #refreshSolution() {
    if (!this.showSolution || !this.state || this.solution?.game === this.state.game) return;
    if (this.solving?.game === this.state.game) return;
    this.#abortSolve();
    const game = this.state.game;
    const controller = new AbortController();
    this.solving = { game, controller };
    this.pending++;
    this.#describeSolution();
    const onProgress = ({ done, total, message }) => {
      if (this.solving?.controller === controller) {
        this.#describeSolution(done / total, message);
      }
    };
    this.client
      .request({ cmd: "lightsout.solve", game }, { onProgress, signal: controller.signal })
      .then((result) => {
        if (this.state.game !== game) return; // the board moved on meanwhile
        const cols = this.state.cols;
        this.solution = {
          ...result,
          marked: new Set(result.presses.map(([r, c]) => r * cols + c)),
          conflictCells: new Set((result.conflict || []).map(([r, c]) => r * cols + c)),
        };
        this.grid.redraw();
      })
      .catch((error) => {
        if (!error.cancelled) this.#say(error.message, true);
      })
      .finally(() => {
        if (this.solving?.controller === controller) this.solving = null;
        this.pending--;
        this.#describeSolution();
      });
  }

  #abortSolve() {
    this.solving?.controller.abort();
    this.solving = null;
  }

  // --- display ---------------------------------------------------------------

  #show(state) {
    const reshaped = !this.state || this.state.rows !== state.rows || this.state.cols !== state.cols;
    this.state = state;
    this.cells = state.grid.split("/").map((row) => Array.from(row, Number));
    if (this.solution?.game !== state.game) this.solution = null;
    this.root.dataset.gameId = state.game;
    this.#setStatus(state.solved ? "solved" : "ready");
    this.root.querySelector('[data-field="moves"]').textContent = `Moves: ${this.moves}`;
    this.root.querySelector('[data-field="lit"]').textContent =
      `${state.lit} of ${state.rows * state.cols} lights on`;
    this.root.querySelector('[data-action="undo"]').disabled = this.history.length === 0;
    this.root.querySelector('[data-action="redo"]').disabled = this.future.length === 0;
    if (reshaped) {
      this.root.querySelector('[data-field="rows"]').value = state.rows;
      this.root.querySelector('[data-field="cols"]').value = state.cols;
      this.#syncPreset();
      this.grid.setShape(state.rows, state.cols);
    } else {
      this.grid.redraw();
    }
    if (state.solved && this.mode === "play") {
      const moves = this.moves === 1 ? "1 move" : `${this.moves} moves`;
      this.#say(this.moves ? `All lights are out — solved in ${moves}!` : "All lights are out.");
    } else if (this.mode === "edit") {
      this.#say("Edit mode: click or drag to paint lights, then switch to Play.");
    } else {
      this.#say("Turn all the lights out. A click toggles a cell and its four neighbours.");
    }
    this.#describeSolution();
    this.#refreshSolution();
  }

  /** Say what the solver found, or how far it has got (`progress`: 0..1). */
  #describeSolution(progress = null, activity = "Solving") {
    const note = this.solutionNote;
    const text = note.querySelector("span");
    const bar = note.querySelector("progress");
    const busy = this.showSolution && !this.solution && Boolean(this.solving);
    note.querySelector('[data-action="cancel-solve"]').hidden = !busy;
    bar.hidden = !busy || progress === null;
    note.classList.remove("warning");
    if (busy) {
      if (progress !== null) bar.value = progress;
      text.textContent = progress === null ? `${activity}…` : `${activity}… ${Math.floor(100 * progress)}%`;
      return;
    }
    const s = this.showSolution ? this.solution : null;
    if (!s) {
      text.textContent = "";
      return;
    }
    note.classList.toggle("warning", !s.solvable);
    if (!s.solvable) {
      text.textContent = `${s.explanation} The quiet pattern is outlined in red.`;
    } else if (s.press_count === 0) {
      text.textContent = s.explanation;
    } else {
      const kernel = s.kernel_dimension
        ? ` Every solvable board of this size has 2^${s.kernel_dimension} solutions` +
          ` (kernel dimension ${s.kernel_dimension}).`
        : " Every board of this size has exactly one solution.";
      text.textContent = `${s.explanation} Press the cells marked with dots.${kernel}`;
    }
  }

  #toggleSolution(show) {
    this.showSolution = show;
    const button = this.root.querySelector('[data-action="solution"]');
    button.setAttribute("aria-pressed", String(show));
    button.textContent = show ? "Hide solution" : "Show solution";
    if (!show) this.#abortSolve();
    this.#describeSolution();
    this.grid.redraw();
    this.#refreshSolution();
  }

  #drawCell(ctx, row, col, x, y, size) {
    if (row === 0 && col === 0) this.palette = this.#readPalette();
    const colors = this.palette;
    const lit = this.cells[row]?.[col];
    const gap = size >= 8 ? Math.max(1, Math.round(size / 24)) : 0;
    ctx.fillStyle = lit ? colors.on : colors.off;
    ctx.fillRect(x + gap, y + gap, size - 2 * gap, size - 2 * gap);
    const index = row * (this.state?.cols || 0) + col;
    const s = this.showSolution ? this.solution : null;
    if (s?.marked.has(index)) {
      ctx.fillStyle = colors.mark;
      ctx.beginPath();
      ctx.arc(x + size / 2, y + size / 2, Math.max(1, size * 0.2), 0, 2 * Math.PI);
      ctx.fill();
    }
    if (s?.conflictCells.has(index)) {
      ctx.strokeStyle = colors.conflict;
      ctx.lineWidth = Math.max(1, size / 10);
      ctx.strokeRect(x + gap + ctx.lineWidth / 2, y + gap + ctx.lineWidth / 2,
        size - 2 * gap - ctx.lineWidth, size - 2 * gap - ctx.lineWidth);
    }
  }

  /** The board colours, from CSS custom properties so that themes can set them. */
  #readPalette() {
    const style = getComputedStyle(this.root);
    const read = (name) => style.getPropertyValue(name).trim();
    return {
      on: read("--light-on"), off: read("--light-off"),
      mark: read("--press-mark"), conflict: read("--conflict"),
    };
  }

  #setStatus(status) {
    this.root.dataset.status = status;
  }

  #say(text, isError = false) {
    this.message.textContent = text;
    this.message.classList.toggle("error", isError);
  }

  #showOverlay(text) {
    this.overlay.hidden = false;
    this.overlay.textContent = text;
  }

  #syncPreset() {
    const select = this.root.querySelector('[data-field="preset"]');
    const match = PRESETS.findIndex((p) => p.rows === this.state.rows && p.cols === this.state.cols);
    select.value = match >= 0 ? String(match) : "custom";
  }

  #wireControls() {
    const select = this.root.querySelector('[data-field="preset"]');
    select.innerHTML = PRESETS.map((p, i) => `<option value="${i}">${p.label}</option>`).join("")
      + '<option value="custom">Custom</option>';
    select.addEventListener("change", () => {
      const preset = PRESETS[Number(select.value)];
      if (!preset) return;
      this.root.querySelector('[data-field="rows"]').value = preset.rows;
      this.root.querySelector('[data-field="cols"]').value = preset.cols;
      this.#run(() => this.#newBoard(true));
    });
    const actions = {
      play: () => this.#setMode("play"),
      edit: () => this.#setMode("edit"),
      undo: () => this.#run(() => this.#undo()),
      redo: () => this.#run(() => this.#redo()),
      // Reset is a move like any other, so Undo brings the game back.
      reset: () => this.#run(() => this.startState && this.#record(this.startState, 0)),
      random: () => this.#run(() => this.#newBoard(true)),
      clear: () => this.#run(async () => {
        await this.#newBoard(false);
        this.#setMode("edit");
      }),
      solution: () => this.#toggleSolution(!this.showSolution),
      "cancel-solve": () => this.#toggleSolution(false),
    };
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button && this.root.contains(button) && this.state) actions[button.dataset.action]();
    });
    this.root.addEventListener("keydown", (event) => {
      if (event.target.matches("input, select")) return;
      if (event.key === "u" || event.key === "U") actions.undo();
      if (event.key === "r" || event.key === "R") actions.redo();
    });
  }

  #setMode(mode) {
    this.mode = mode;
    for (const name of ["play", "edit"]) {
      this.root.querySelector(`[data-action="${name}"]`).setAttribute(
        "aria-pressed", String(name === mode));
    }
    this.root.classList.toggle("editing", mode === "edit");
    if (this.state) this.#show(this.state);
  }
}
