// The Lights Out board widget. Python (puzzlelab.api, in the worker) owns the
// rules, the variants and the solvers; this module draws the board and
// forwards presses, as a puzzle front end should; the session (session.mjs,
// through PuzzleBoard) keeps the undo history.

import { GridCanvas, packColor, paintThumbnail } from "../../grid-canvas.mjs";
import { KeptJob, ProgressLine } from "../../long-jobs.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
import { MAX_SIDE, MAX_STATES, MAX_STENCIL_SIDE, NEIGHBOURHOODS as OFFSETS, fitsShape, stencilText } from "./rules.mjs";

const PRESETS = [
  { label: "5×5 (XLightOff)", rows: 5, cols: 5 },
  { label: "10×10 (Enlight)", rows: 10, cols: 10 },
  { label: "7×7", rows: 7, cols: 7 },
  { label: "20×20", rows: 20, cols: 20 },
  { label: "50×50", rows: 50, cols: 50 },
  { label: "200×200", rows: 200, cols: 200 },
  { label: "1000×1000", rows: 1000, cols: 1000 },
];
const NEIGHBOURHOODS = [
  { value: "cross", label: "Cross (classic)", rule: "its four neighbours" },
  { value: "king", label: "Cross + diagonals", rule: "its eight neighbours" },
  { value: "diagonal", label: "Diagonals", rule: "its four diagonal neighbours" },
  { value: "knight", label: "Knight's moves", rule: "the cells a knight's move away" },
  { value: "custom", label: "Custom…", rule: "the cells of your pattern" },
];
const STATES = Array.from({ length: MAX_STATES - 1 }, (_, i) => i + 2); // 2 (on/off) .. MAX_STATES
// The custom pattern editor starts 5x5 and grows by a ring whenever a cell on
// its edge is marked, up to the 9x9 the solver accepts (MAX_STENCIL_SIDE).
const STENCIL_MIN_RADIUS = 2;
const STENCIL_MAX_RADIUS = (MAX_STENCIL_SIDE - 1) / 2;
const MAX_THUMBNAILS = 64; // quiet patterns drawn; the rest are counted

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
      <button type="button" data-action="hint" title="Ring a cell to press next, on a shortest way to the end (H)">Hint</button>
      <button type="button" data-action="apply-solution"
        title="Replace the board by the presses that solve it, to solve the solution in turn. Undo brings the board back.">Solution as a board</button>
    </div>
  </div>
  <details class="settings" open>
  <summary>Board and rules</summary>
  <div class="toolbar">
    <div class="group">
      <label>Size <select data-field="preset"></select></label>
      <label>Rows <input data-field="rows" type="number" min="1" max="${MAX_SIDE}" value="5"></label>
      <label>Columns <input data-field="cols" type="number" min="1" max="${MAX_SIDE}" value="5"></label>
    </div>
    <div class="group">
      <label title="Graded by how few presses the board needs">Difficulty
        <select data-field="difficulty">
          <option value="">Any</option><option value="easy">Easy</option>
          <option value="medium">Medium</option><option value="hard">Hard</option>
          <option value="count">Exactly…</option>
        </select></label>
      <label data-field="press-count-label" hidden>Presses
        <input data-field="press-count" type="number" min="1" value="10"></label>
      <button type="button" data-action="random">New random board</button>
      <button type="button" data-action="clear" title="All lights off, to draw a board in Edit mode">Clear</button>
    </div>
  </div>
  <div class="toolbar variant" role="group" aria-label="Rules">
    <div class="group">
      <label>Neighbourhood <select data-field="neighbourhood">
        ${NEIGHBOURHOODS.map((n) => `<option value="${n.value}">${n.label}</option>`).join("")}
      </select></label>
      <label><input type="checkbox" data-field="wrap"> Wrap around the edges</label>
      <label>States <select data-field="states">
        ${STATES.map((k) => `<option value="${k}">${k === 2 ? "2 (on/off)"
          : k === 3 ? "3 (Lights Out 2000)" : k}</option>`).join("")}
      </select></label>
    </div>
    <div class="stencil-editor" hidden>
      <div class="stencil" role="group" aria-label="Custom pattern: the cells a press changes"></div>
      <p>Click the cells a press should change. The ringed centre is the pressed cell;
        marking a cell on the edge adds another ring (up to 9x9).</p>
    </div>
  </div>
  </details>
  <p class="counters"><span data-field="moves">Presses: 0</span> · <span data-field="lit"></span></p>
  <p class="message" role="status" aria-live="polite"></p>
  <p class="solution-note"><button type="button" class="inline" data-action="cancel-solve" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <p class="job-note deal-note"><button type="button" class="inline" data-action="cancel-deal" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <div class="board-area"><canvas aria-label="Lights Out board"></canvas>
    <div class="overlay" hidden></div></div>
  <div class="toolbar panel-bar">
    <button type="button" data-action="analysis" aria-expanded="false"
      title="Which boards of this shape can be solved, why, and in how few presses">Analysis</button>
    <button type="button" data-action="gallery" aria-expanded="false"
      title="Which boards with a single light on can be solved, and how">Gallery</button>
  </div>
  <section class="lo-panel" data-panel="analysis" hidden aria-label="Analysis">
    <h3>Analysis</h3>
    <p class="job-status"><button type="button" class="inline" data-action="job-analysis" hidden>Cancel</button>
      <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
    <div class="panel-body"></div>
  </section>
  <section class="lo-panel" data-panel="gallery" hidden aria-label="Single-light gallery">
    <h3>Single-light gallery</h3>
    <p class="panel-intro">One small board per cell, with only that light on (yellow) and the
      presses that turn it off (orange). Boards with a red frame cannot be solved.
      Point at one to find its cell on the board; click it to play it.</p>
    <p class="job-status"><button type="button" class="inline" data-action="job-gallery" hidden>Cancel</button>
      <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
    <div class="gallery"></div>
  </section>
  <details class="how-it-works">
    <summary>How it works</summary>
    <p><strong>Order does not matter.</strong> Pressing a cell twice changes nothing, and presses
      can be made in any order, so a solution is just a set of cells to press once each.
      <em>Show solution</em> marks such a set with dots.</p>
    <p><strong>Fewest presses.</strong> A board often has several solutions; the solver looks for
      the one with the fewest presses. When its search cannot prove that no shorter one exists, the
      page says “at most”. <em>Prove fewest</em> in <em>Analysis</em> searches longer.</p>
    <p><strong>Quiet patterns.</strong> Some sets of presses change nothing at all: every light they
      touch is toggled an even number of times. <em>Analysis</em> draws them as small boards. Adding
      a quiet pattern to a solution gives another solution, and a board can be solved exactly when
      an even number of its lights lie on every quiet pattern (for a custom pattern that is not
      the same turned half a turn: on every quiet pattern of the pattern turned half a turn).</p>
    <p><strong>Rank.</strong> The number of cells whose presses are independent: the effect of any
      other press can be made by combining theirs.</p>
    <p><strong>Kernel dimension.</strong> How many quiet patterns it takes to build all the others
      by combining them. With d of them, a solvable board has 2<sup>d</sup> solutions (k<sup>d</sup>
      with k states), and one board in 2<sup>d</sup> can be solved.</p>
    <p><strong>Solution as a board.</strong> Turns the presses of the solution into lights:
      solving that board is solving the solution.</p>
  </details>
`;

/** The board's cells from a state's grid ("rows of digits joined by /"), in reading order. */
function parseGrid(grid, rows, cols) {
  const values = new Uint8Array(rows * cols);
  let index = 0;
  for (let i = 0; i < grid.length; i++) {
    const code = grid.charCodeAt(i);
    if (code !== 47) values[index++] = code - 48; // skip the "/" between rows
  }
  return values;
}

/** The inverse of parseGrid; byte-wise, because a 1000x1000 board has a million cells. */
function gridText(values, rows, cols) {
  const bytes = new Uint8Array(rows * (cols + 1) - 1).fill(47);
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) bytes[row * (cols + 1) + col] = 48 + values[row * cols + col];
  }
  return new TextDecoder().decode(bytes);
}

/** k^d as a number ("4", "1,048,576"), or in powers of ten when it is too long to read. */
function solutionCount(k, d) {
  return formatCount((BigInt(k) ** BigInt(d)).toString());
}

/** "1 press", "16 presses". */
const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

const channels = (packed) => [packed & 255, (packed >>> 8) & 255, (packed >>> 16) & 255];
const mix = (a, b, t) => a.map((value, i) => Math.round(value + (b[i] - value) * t));
const cssOf = ([r, g, b]) => `rgb(${r}, ${g}, ${b})`;
const isLight = ([r, g, b]) => 0.299 * r + 0.587 * g + 0.114 * b > 150;

/** 10^x as "m.mm × 10^n" (x a base-10 logarithm): 3 significant digits. */
function scientific(x) {
  let power = Math.floor(x);
  let mantissa = 10 ** (x - power);
  if (mantissa.toFixed(2) === "10.00") {
    mantissa = 1;
    power += 1;
  }
  return `${mantissa.toFixed(2)} × 10^${power}`;
}

/**
 * A count as lightsout.analyse gives it (api._count's `_text`): a decimal
 * string (thousands separators; past 40 digits in powers of ten, the exact
 * digits being shown apart), an exact power "b^e" (counts past about 900
 * digits, for a prime number of states), or "about 2^e" (the same for other
 * numbers of states: the count is at least 2^e and below 2^(e+1)).
 * Anything else is shown as it came.
 */
export function formatCount(text) {
  if (/^\d+$/.test(text)) {
    if (text.length <= 40) return BigInt(text).toLocaleString("en-US");
    return `about ${text[0]}.${text.slice(1, 3)} × 10^${text.length - 1} (${text.length} digits)`;
  }
  const power = /^(\d+)\^(\d+)$/.exec(text);
  if (power) {
    const [base, exponent] = [Number(power[1]), Number(power[2])];
    const log = exponent * Math.log10(base);
    return `${base}^${exponent} ≈ ${scientific(log)} (${Math.floor(log) + 1} digits)`;
  }
  const bound = /^about 2\^(\d+)$/.exec(text);
  if (bound) {
    const exponent = Number(bound[1]);
    return `at least 2^${exponent} and below 2^${exponent + 1} (${scientific(exponent * Math.log10(2))}`
      + ` to ${scientific((exponent + 1) * Math.log10(2))})`;
  }
  return text;
}

export class LightsOutBoard extends PuzzleBoard {
  static kind = "lightsout";
  static title = "Lights Out";
  static pythonActions = ["hint", "solution", "apply-solution", "analysis", "gallery"];
  static template = TEMPLATE;
  static mainActions = ["random"];
  static keyHelp = "arrow keys move the ring, Space or Enter presses the ringed light (in Edit mode: paints it), H rings a hint,";

  /**
   * Mount a Lights Out board in `root`.
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {{game?: string, rows?: number, cols?: number, variant?: object}} options
   *   variant: lightsout.new rules for a new board ({neighbourhood, wrap, states})
   */
  constructor(root, client, options = {}) {
    super(root, client, options);
    this.state = null; // {game, rows, cols, grid, lit, solved, variant} from Python
    this.values = new Uint8Array(0); // the grid's cells in reading order, for drawing and painting
    this.states = 2; // k: a press adds 1 modulo k
    this.mode = "play";
    this.showSolution = false;
    this.open = { analysis: false, gallery: false }; // which panels are shown
    this.hint = null; // {game, press: [r, c]} from lightsout.hint
    this.highlight = null; // [r, c] of the gallery thumbnail under the pointer
    this.proveGame = null; // the game ID whose analysis runs the long, proving search
    this.proveFallback = null; // the analysis shown again if the proving search is cancelled
    this.stencilEditing = false; // "Custom…" chosen: keep the editor open
    this.painting = null; // {value} while a drag paints in edit mode
    // The long jobs kept in step with the board (long-jobs.mjs runs them).
    this.kept = this.#defineJobs();
    this.dealLine = new ProgressLine(root.querySelector(".deal-note"));

    this.canvas = root.querySelector("canvas");
    this.solutionNote = root.querySelector(".solution-note");
    this.grid = new GridCanvas(this.canvas, {
      onDown: (row, col) => this.#cellDown(row, col),
      onEnter: (row, col) => this.#cellEnter(row, col),
      onUp: () => this.#paintEnd(),
      // Fit the first screen below the controls where possible; cells never
      // grow past 64 px.
      maxHeight: () => Math.max(160, Math.min(this.#room(), 64 * this.grid.rows)),
    });
    this.grid.beforeDraw = () => {
      this.palette = this.#readPalette();
      this.grid.background = this.palette.packed.states[0];
    };
    this.grid.drawCell = (ctx, row, col, x, y, size) => this.#drawCell(ctx, row, col, x, y, size);
    this.grid.fillCells = (pixels) => this.#fillCells(pixels);
    this.grid.drawOverlay = (ctx, size) => this.#drawOverlay(ctx, size);
    this.#wireControls();
    this.enableKeyboard(this.canvas);
  }

  /** Python is ready: the first board. */
  start(options) {
    const first = options.game
      ? { cmd: "lightsout.load", game: options.game }
      : { cmd: "lightsout.new", rows: options.rows || 5, cols: options.cols || options.rows || 5,
          ...options.variant };
    this.run(async () => this.#startGame(await this.client.request(first)));
  }

  /** Another random board of the chosen size, rules and difficulty. */
  nextPuzzle() {
    this.run(() => this.#newBoard(true));
  }

  /** The date's board: the classic 5×5 game, medium difficulty, dealt from the date. */
  async dailyPuzzle(seed) {
    if (this.mode !== "play") this.#setMode("play");
    this.#field("neighbourhood").value = "cross";
    this.#field("wrap").checked = false;
    this.#field("states").value = "2";
    this.stencilEditing = false;
    this.#startGame(await this.client.request({
      cmd: "lightsout.new", rows: 5, cols: 5, random: true, difficulty: "medium", seed,
    }));
    const rules = this.#rulesText(this.state.variant);
    this.say(`The daily puzzle: ${rules[0].toLowerCase()}${rules.slice(1)}`);
  }

  /** The game ID of the board the game started from. */
  startGameId() {
    return this.session.startGameId;
  }

  /** Presses since the start (the session's count). */
  get moves() {
    return this.session.moves;
  }

  async restore(snapshot) {
    const { state } = await this.restoreSession(snapshot,
      (game) => this.client.request({ cmd: "lightsout.load", game }));
    this.#show(state);
  }

  showState(state) {
    this.#show(state);
  }

  /** Lights Out reports a failed boot in the message line as plain text, not as an error. */
  /**
   * The board's height: the room left on the first screen (boardRoom), so
   * that a note or notice above shrinks the board rather than pushing it
   * out of sight. Beyond a dozen rows cells get small: such a board is worth
   * a scroll, and takes 70% of the window.
   */
  #room() {
    const height = window.innerHeight;
    return this.grid.rows > 12 ? height * 0.7 : this.boardRoom(Math.min(height * 0.3, 160));
  }

  /** The shown solve result for the current board, or null. */
  get solution() {
    return this.kept.solve.value();
  }

  // --- actions ---------------------------------------------------------------

  run(action) {
    // A running job would share the engine's time with the action (worker.mjs),
    // and every action may change the board, which makes it stale.
    for (const job of Object.values(this.kept)) job.abort();
    return super.run(action);
  }

  _actionSettled() {
    this.#refreshJobs(); // no-op unless a wanted result is missing or stale
  }

  #startGame(state) {
    this.session.begin(state);
    this.#show(state);
  }

  /**
   * A new puzzle that keeps the old one undoable (an edit, a variant change,
   * the solution as a board): it becomes the board Reset returns to.
   */
  #replaceBoard(state) {
    this.session.record(state, { moves: 0, restart: true });
    this.#show(state);
  }

  async #press(row, col) {
    const shown = this.showSolution ? this.solution : null;
    const state = await this.client.request({
      cmd: "lightsout.press", game: this.state.game, row, col,
    });
    this.announce(`Pressed row ${row + 1} column ${col + 1}; ${this.#litText(state)}.`);
    this.session.record(state, { byPlayer: true });
    const kept = shown && this.#pressedMark(shown, row * state.cols + col);
    if (kept) this.kept.solve.keep(state, kept);
    this.#show(state);
  }

  /**
   * The solution shown, after a press on one of its marked cells: the other
   * marks (that one pressed once less) are a fewest solution of the new
   * board, so no solve is needed. If S solves the old board with the
   * fewest presses and contains the pressed cell p, S - p solves the new
   * one, and a shorter solution T of the new board would give T + p, shorter
   * than S, for the old (over GF(2) and Z_k alike: presses add). Null when
   * the cell is not marked.
   */
  #pressedMark(solution, index) {
    const count = solution.marked.get(index);
    if (!solution.solvable || !count) return null;
    const marked = new Map(solution.marked);
    if (count > 1) marked.set(index, count - 1);
    else marked.delete(index);
    const press_count = solution.press_count - 1;
    const { rows, cols } = this.state;
    const presses = new Uint8Array(rows * cols);
    for (const [cell, times] of marked) presses[cell] = times;
    return {
      ...solution,
      marked,
      press_count,
      // Nothing left to press is the fewest, whatever the search proved before.
      proven_fewest: solution.proven_fewest || press_count === 0,
      explanation: press_count === 0 ? "All lights are already out." : solution.explanation,
      press_grid: gridText(presses, rows, cols), // as lightsout.solve writes it
    };
  }

  /** "7 of 25 lights on" (or "cells not 0" with more than two states). */
  #litText(state) {
    const cells = state.rows * state.cols;
    return (state.variant?.states || 2) === 2
      ? `${state.lit} of ${cells} lights on` : `${state.lit} of ${cells} cells not 0`;
  }

  // --- keyboard play (see PuzzleBoard.enableKeyboard) -------------------------

  cursorBounds() {
    return [this.state.rows, this.state.cols];
  }

  describeCell(row, col) {
    const value = this.values[row * this.state.cols + col];
    const text = this.states === 2 ? (value ? "on" : "off") : `state ${value}`;
    return `Row ${row + 1} column ${col + 1}, ${text}.`;
  }

  /** A keyboard press is a click: in Edit mode, a one-cell paint. */
  actAt(row, col) {
    this.#cellDown(row, col);
    this.#paintEnd();
  }

  #cellDown(row, col) {
    if (!this.state || this.root.dataset.status === "loading") return;
    this.pointedAt(row, col);
    if (this.mode === "play") {
      this.run(() => this.#press(row, col));
      return;
    }
    // Edit mode: the first cell decides the value this drag paints (the next
    // state of that cell, so on/off boards toggle and k-state ones count up).
    const value = (this.values[row * this.state.cols + col] + 1) % this.states;
    this.painting = { value };
    this.#paint(row, col);
  }

  #cellEnter(row, col) {
    if (this.painting) this.#paint(row, col);
  }

  #paint(row, col) {
    this.values[row * this.state.cols + col] = this.painting.value;
    this.grid.redraw();
  }

  #paintEnd() {
    if (!this.painting) return;
    this.painting = null;
    const game = gridText(this.values, this.state.rows, this.state.cols);
    this.run(async () => {
      // A plain grid is read as the classic game unless the variant comes along.
      const state = await this.client.request({ cmd: "lightsout.load", game, ...this.#variantOptions() });
      this.#replaceBoard(state);
    });
  }

  async #newBoard(random) {
    const rows = Number(this.#field("rows").value);
    const cols = Number(this.#field("cols").value);
    if (!fitsShape(rows, cols)) {
      this.say(`Rows and columns must be whole numbers from 1 to ${MAX_SIDE}.`, true);
      return;
    }
    const request = { cmd: "lightsout.new", rows, cols, random, ...this.#variantOptions() };
    if (random && request.states === 2) { // levels are graded for on/off boards
      const difficulty = this.#difficulty();
      if (difficulty === null) return;
      if (difficulty !== undefined) request.difficulty = difficulty;
    }
    let state;
    try {
      state = await this.#deal(request);
    } catch (error) {
      if (!error.cancelled) throw error;
      this.say("Cancelled: the board is as it was.");
      return;
    }
    this.#startGame(state);
  }

  /**
   * Ask Python for a new board. Grading one by difficulty can take seconds
   * on a big board: after a moment a line above the board shows how far it
   * has got, with a Cancel that keeps the board on screen (the request then
   * rejects with error.cancelled).
   */
  #deal(request) {
    return this.jobs.run("deal", request, {
      line: this.dealLine, activity: "Dealing a board", delay: 250,
    });
  }

  /** The difficulty for the generator: a level, a press count, undefined (any), or null (invalid). */
  #difficulty() {
    const level = this.#field("difficulty").value;
    if (level !== "count") return level || undefined;
    const count = Number(this.#field("press-count").value);
    if (!Number.isInteger(count) || count < 1) {
      this.say("The number of presses must be a whole number from 1 up.", true);
      return null;
    }
    return count;
  }

  /** The rules chosen in the controls, as lightsout.new / lightsout.load options. */
  #variantOptions() {
    const choice = this.#field("neighbourhood").value;
    return {
      wrap: this.#field("wrap").checked,
      neighbourhood: choice === "custom" ? this.#stencilText() : choice,
      states: Number(this.#field("states").value),
    };
  }

  /** The same board under the rules now chosen (the states change deals a new board instead). */
  #changeVariant(newBoard = false) {
    this.run(async () => {
      if (newBoard) {
        await this.#newBoard(true);
        return;
      }
      const state = await this.client.request({
        cmd: "lightsout.load", game: this.state.game, ...this.#variantOptions(),
      });
      this.#replaceBoard(state);
    });
  }

  #askHint() {
    this.run(async () => {
      const game = this.state.game;
      const { press, explanation } = await this.client.request({ cmd: "lightsout.hint", game });
      this.session.noteHelp("hint");
      if (this.state.game !== game) return;
      this.hint = press ? { game, press } : null;
      this.grid.redraw();
      this.say(press
        ? `Hint: press the ringed cell (row ${press[0] + 1}, column ${press[1] + 1}). ${explanation || ""}`.trim()
        : explanation);
    });
  }

  #applySolution() {
    this.run(async () => {
      const state = await this.client.request({ cmd: "lightsout.solution_board", game: this.state.game });
      this.#replaceBoard(state);
      this.say("The lights now show the presses that solve the previous board: can you solve " +
        "the solution too? Undo brings the old board back.");
    });
  }

  /** Play the gallery board with only the light at (row, col) on. */
  #playSingleLight(row, col) {
    this.run(async () => {
      const { rows, cols } = this.state;
      const values = new Uint8Array(rows * cols);
      values[row * cols + col] = 1;
      const state = await this.client.request({
        cmd: "lightsout.load", game: gridText(values, rows, cols), ...this.#variantOptions(),
      });
      this.#replaceBoard(state);
    });
  }

  // --- long jobs: solve, analysis, gallery ------------------------------------

  /**
   * The jobs kept in step with the board (KeptJob, long-jobs.mjs): each runs
   * while it is wanted and its key (which part of the state it depends on)
   * has no result yet, shows progress and a Cancel, and is dropped when the
   * board moves on.
   */
  #defineJobs() {
    const state = () => this.state;
    const common = {
      track: (delta) => { this.pending += delta; },
      settled: () => this.grid.redraw(),
    };
    const panelJob = (name, cmd, key, activity) => new KeptJob(this.jobs, state, {
      ...common,
      name,
      wanted: () => this.open[name],
      key,
      request: (s) => ({ cmd, game: s.game }),
      describe: (progress, line) => this.#describePanel(name, progress, line || `${activity}…`),
    });
    const analysis = panelJob("analysis", "lightsout.analyse", (s) => this.#analysisKey(s), "Analysing");
    Object.assign(analysis, {
      // "Prove fewest" asks for the long search (minutes) for this board only.
      request: (s) => ({ cmd: "lightsout.analyse", game: s.game, prove: this.proveGame === s.game }),
      accept: (result) => {
        // A proof also changes the solution: ask again (the worker keeps the proven one).
        if (result.proven_fewest && this.proveGame === this.state.game) {
          this.kept.solve.result = null;
          this.kept.solve.refresh();
        }
        return result;
      },
      onCancel: (key) => {
        const fallback = this.proveFallback;
        this.proveFallback = null;
        if (!fallback || !key.endsWith("#prove")) return null;
        this.proveGame = null; // a cancelled proof leaves the analysis as it was before
        return fallback;
      },
    });
    return {
      solve: new KeptJob(this.jobs, state, {
        ...common,
        name: "solve",
        wanted: () => this.showSolution,
        key: (s) => s.game,
        request: (s) => ({ cmd: "lightsout.solve", game: s.game, press_list: false }),
        accept: (result) => this.#acceptSolution(result),
        describe: (progress, line) => this.#describeSolution(progress, line || "Solving…"),
      }),
      analysis,
      // The gallery depends on the shape and the rules only: the game ID's prefix.
      gallery: panelJob("gallery", "lightsout.gallery", (s) => s.game.split(":")[0],
        "Solving every single-light board"),
    };
  }

  #analysisKey(state) {
    return this.proveGame === state.game ? `${state.game}#prove` : state.game;
  }

  /** Run the analysis again with the long search that may prove the fewest presses. */
  #prove() {
    const job = this.kept.analysis;
    if (!this.state || job.running) return;
    this.proveFallback = job.result; // shown again if the person cancels
    this.proveGame = this.state.game;
    job.refresh();
  }

  #refreshJobs() {
    for (const job of Object.values(this.kept)) job.refresh();
  }

  #acceptSolution(result) {
    const { rows, cols } = this.state;
    // How often each cell is pressed (k > 2 can press a cell several times).
    const marked = new Map();
    if (result.press_grid) {
      parseGrid(result.press_grid, rows, cols).forEach((count, index) => {
        if (count) marked.set(index, count);
      });
    }
    return {
      ...result,
      marked,
      conflictCells: new Set((result.conflict || []).map(([r, c]) => r * cols + c)),
    };
  }

  // --- display ---------------------------------------------------------------

  #show(state) {
    const reshaped = !this.state || this.state.rows !== state.rows || this.state.cols !== state.cols;
    this.state = state;
    this.states = state.variant?.states || 2;
    this.values = parseGrid(state.grid, state.rows, state.cols);
    if (this.hint?.game !== state.game) this.hint = null;
    this.setGameId(state.game);
    this.setStatus(this.session.isWon(state) ? "solved" : "ready");
    this.#field("moves").textContent = `Presses: ${this.moves}`;
    this.#field("lit").textContent = this.#litText(state);
    this.root.querySelector('[data-action="undo"]').disabled = !this.session.canUndo;
    this.root.querySelector('[data-action="redo"]').disabled = !this.session.canRedo;
    this.#syncVariantControls(state.variant);
    if (reshaped) {
      this.#field("rows").value = state.rows;
      this.#field("cols").value = state.cols;
      this.#syncPreset();
      this.grid.setShape(state.rows, state.cols);
    } else {
      this.grid.redraw();
    }
    if (this.session.isWon(state) && this.mode === "play") {
      const done = this.states === 2 ? "All lights are out" : "Every cell is 0";
      this.say(this.moves ? `${done} — solved in ${plural(this.moves, "press", "presses")}!` : `${done}.`);
      if (this.moves) this.#compareWithFewest(state);
    } else if (this.mode === "edit") {
      this.say(this.states === 2
        ? "Edit mode: click or drag to paint lights, then switch to Play."
        : "Edit mode: click a cell to count it up (drag to paint that value), then switch to Play.");
    } else {
      this.say(this.#rulesText(state.variant));
    }
    for (const job of Object.values(this.kept)) job.describe();
    this.#refreshJobs();
  }

  /**
   * Once solved, say how few presses the starting board needed: the solver's
   * count, "at most" when its search could not prove it the fewest.
   */
  #compareWithFewest(state) {
    const start = this.session.start;
    if (!start || start.game === state.game || start.rows * start.cols > 400) return;
    const moves = this.moves;
    this.run(async () => {
      const s = await this.client.request({ cmd: "lightsout.solve", game: start.game, press_list: false });
      if (this.state !== state || !s.solvable) return; // the board moved on meanwhile
      const fewest = plural(s.press_count, "press", "presses");
      const done = this.message.textContent.replace(/!$/, "");
      this.say(s.proven_fewest
        ? `${done}; the fewest possible is ${fewest}${moves <= s.press_count ? ": a perfect game!" : "."}`
        : `${done}; it can be done in at most ${fewest}${moves <= s.press_count ? ", and you matched that!" : "."}`);
    });
  }

  /** What a click does under these rules, in words. */
  #rulesText(variant = {}) {
    const named = NEIGHBOURHOODS.find((n) => n.value === (variant.neighbourhood || "cross"));
    const rule = (named || NEIGHBOURHOODS.at(-1)).rule + (variant.wrap ? ", wrapping around the edges" : "");
    const k = this.states;
    return k === 2
      ? `Turn all the lights out. A click toggles a cell and ${rule}.`
      : `Turn every cell to 0. A click adds 1 to a cell and ${rule} (counting modulo ${k}: ${k - 1} + 1 = 0).`;
  }

  /** Say what the solver found, or how far it has got (`progress`: 0..1, `line` in words). */
  #describeSolution(progress = null, line = "Solving…") {
    const note = this.solutionNote;
    const text = note.querySelector("span");
    const bar = note.querySelector("progress");
    const job = this.kept.solve;
    const busy = this.showSolution && Boolean(job.running);
    note.querySelector('[data-action="cancel-solve"]').hidden = !busy;
    bar.hidden = !busy || progress === null;
    note.classList.remove("warning");
    if (busy) {
      if (progress !== null) bar.value = progress;
      text.textContent = line;
      return;
    }
    const failed = this.showSolution && job.result?.error && job.result.error !== "Cancelled.";
    const s = this.showSolution ? this.solution : null;
    if (failed) {
      note.classList.add("warning");
      text.textContent = job.result.error;
      return;
    }
    if (!s) {
      text.textContent = "";
      return;
    }
    note.classList.toggle("warning", !s.solvable);
    const k = this.states;
    // In a player's words; the reasons in terms of the maths are in How it works and Analysis.
    if (!s.solvable) {
      const lit = k === 2 ? [...s.conflictCells].filter((i) => this.values[i]).length : 0;
      text.textContent = k === 2
        ? `This board cannot be solved: every press changes an even number of the cells outlined ` +
          `in red, and ${lit === 1 ? "1 of them is lit" : `${lit} of them are lit`}, an odd number, ` +
          "so they can never all be out (see How it works)."
        : "This board cannot be solved: no press changes a certain weighted sum of the cells " +
          "outlined in red, and it is not 0 now (see How it works).";
    } else if (s.press_count === 0) {
      text.textContent = s.explanation;
    } else {
      const d = s.kernel_dimension;
      // Over a prime k the quiet patterns form a space of k^d; a composite k has no such count.
      const prime = [2, 3, 5, 7].includes(k);
      const ways = d
        ? ` A board of this shape that can be solved has ${prime ? solutionCount(k, d) : "several"} ` +
          "solutions (see How it works)."
        : " Every board of this shape has exactly one solution.";
      const presses = plural(s.press_count, "press", "presses");
      const how = s.proven_fewest ? `the fewest it takes is ${presses}` : `it takes at most ${presses}`;
      const marks = k === 2 ? "press the cells marked with dots." : "press the marked cells (a number says how often).";
      text.textContent = `This board can be solved; ${how}: ${marks}${ways}`;
    }
  }

  /** The status line of a panel: progress (`line` in words) with Cancel, an error with Run again, or nothing. */
  #describePanel(name, progress = null, line = "Working…") {
    const panel = this.root.querySelector(`[data-panel="${name}"]`);
    const job = this.kept[name];
    const status = panel.querySelector(".job-status");
    const button = status.querySelector("button");
    const bar = status.querySelector("progress");
    const text = status.querySelector("span");
    const busy = Boolean(job.running);
    const error = !busy && job.result?.error;
    button.hidden = !busy && error !== "Cancelled.";
    button.textContent = busy ? "Cancel" : "Run again";
    bar.hidden = !busy || progress === null;
    if (progress !== null) bar.value = progress;
    status.classList.toggle("warning", Boolean(error) && error !== "Cancelled.");
    text.textContent = busy ? line : error || "";
    if (busy || !this.open[name]) return;
    const value = job.value();
    const body = panel.querySelector(name === "gallery" ? ".gallery" : ".panel-body");
    if (!value) {
      body.replaceChildren();
      body.rendered = null;
    } else if (body.rendered !== value) {
      body.rendered = value; // render each result once, not on every describe
      if (name === "gallery") this.#renderGallery(body, value);
      else this.#renderAnalysis(body, value);
    }
  }

  #renderAnalysis(body, a) {
    const { rows, cols } = this.state;
    const k = this.states;
    const cells = rows * cols;
    const facts = [
      a.rank == null
        ? ["Rank", "not defined", `Counting modulo ${k} is not a field (${k} is not prime), so ` +
          "the press patterns have no rank; the quiet patterns below still describe them."]
        : ["Rank", `${a.rank} of ${cells}`,
          "How many cells' presses are independent: any other press has the effect of a combination of them."],
      ["Kernel dimension", String(a.kernel_dimension),
        a.kernel_dimension
          ? `How many quiet patterns (sets of presses that change nothing) it takes to make all the others; ` +
            `there are ${formatCount(a.quiet_count_text)} of them, the empty one included.`
          : "No quiet patterns: every board of this shape has exactly one solution."],
      ["Solvable boards", formatCount(a.solvable_boards_text),
        `Out of ${a.all_boards_text ? formatCount(a.all_boards_text) : `${k}^${cells}`} boards of this shape` +
          (k === 2 && a.rank != null ? ` (2^${a.rank} of 2^${cells}).` : "."),
        a.solvable_boards_text],
      ["Fewest presses for this board",
        !a.solvable ? "no solution" : a.proven_fewest ? String(a.fewest_press_count)
          : `${a.press_count} (not proven fewest)`,
        !a.solvable ? "The reason is drawn below."
          : !a.proven_fewest && a.provable ? "A solution found within the quick search; fewer presses may exist."
          : !a.proven_fewest ? "The lightest solution the search found; this board is beyond its proof."
          : a.fewest_solutions_text == null ? "Proven fewest."
          : `Proven fewest; ${formatCount(a.fewest_solutions_text)} ${a.fewest_solutions_text === "1" ? "solution takes" : "solutions take"} that few.`],
    ];
    const list = document.createElement("dl");
    list.className = "facts";
    for (const [term, value, note, exact] of facts) {
      const item = document.createElement("div");
      item.innerHTML = "<dt></dt><dd><strong></strong> <small></small></dd>";
      item.querySelector("dt").textContent = term;
      item.querySelector("strong").textContent = value;
      item.querySelector("small").textContent = note;
      // A decimal too long to show in full: its digits, folded.
      if (/^\d{41,}$/.test(exact ?? "")) item.querySelector("dd").append(this.#exactNumber(exact));
      list.append(item);
    }
    if (a.solvable && a.provable) {
      const prove = document.createElement("button");
      prove.type = "button";
      prove.className = "inline";
      prove.dataset.action = "prove";
      prove.textContent = "Prove fewest";
      prove.title = "Search much longer (it can take minutes; Cancel keeps this answer)";
      list.lastElementChild.querySelector("dd").append(" ", prove);
    }
    body.replaceChildren(list);

    if (!a.solvable && a.conflict) {
      const pattern = new Uint8Array(cells);
      for (const [r, c, weight = 1] of a.conflict) pattern[r * cols + c] = weight;
      const colors = new Uint32Array(cells);
      const p = this.palette;
      // The pattern in red; the board's lights on it in yellow (an odd number of them).
      for (let i = 0; i < cells; i++) {
        colors[i] = pattern[i] ? (this.values[i] ? p.packed.states[k - 1] : p.packed.conflict) : p.packed.states[0];
      }
      const figure = this.#thumbnailFigure(colors, "The reason", "conflict");
      const why = document.createElement("div");
      why.className = "conflict-reason";
      const text = document.createElement("p");
      text.textContent = `${a.explanation} Red and yellow: the pattern it conflicts with; ` +
        "yellow: the board's lights on it.";
      why.append(figure, text);
      body.append(why);
    } else if (a.explanation) {
      const text = document.createElement("p");
      text.textContent = a.explanation;
      body.append(text);
    }

    const patterns = a.quiet_patterns || [];
    if (patterns.length) {
      const heading = document.createElement("h4");
      const basis = a.kernel_dimension ?? patterns.length;
      heading.textContent = basis === 1 ? "The quiet pattern" : `Quiet patterns: the ${basis} that make all the others`;
      const intro = document.createElement("p");
      intro.className = "panel-intro";
      intro.textContent = "Pressing the marked cells of any of these changes nothing, so adding one to a " +
        "solution gives another solution, and a board is solvable exactly when it agrees with all of them.";
      const thumbs = document.createElement("div");
      thumbs.className = "thumbs";
      patterns.slice(0, MAX_THUMBNAILS).forEach((grid, i) => {
        const pattern = parseGrid(grid, rows, cols);
        const packed = new Uint32Array(cells);
        for (let j = 0; j < cells; j++) {
          packed[j] = pattern[j] ? this.palette.packed.mark : this.palette.packed.states[0];
        }
        thumbs.append(this.#thumbnailFigure(packed, `Quiet pattern ${i + 1}`, "quiet"));
      });
      body.append(heading, intro, thumbs);
      const shown = Math.min(patterns.length, MAX_THUMBNAILS);
      if (basis > shown) {
        const more = document.createElement("p");
        more.textContent = `…and ${basis - shown} more.`;
        body.append(more);
      }
    }
  }

  /** An astronomically long count, exact, folded away. */
  #exactNumber(text) {
    const details = document.createElement("details");
    details.innerHTML = "<summary>Exact value</summary><code></code>";
    details.querySelector("code").textContent = text;
    return details;
  }

  #thumbnailFigure(colors, caption, className) {
    const figure = document.createElement("figure");
    figure.className = `thumb ${className}`;
    const canvas = document.createElement("canvas");
    canvas.setAttribute("role", "img");
    canvas.setAttribute("aria-label", caption);
    paintThumbnail(canvas, this.state.rows, this.state.cols, colors);
    const label = document.createElement("figcaption");
    label.textContent = caption;
    figure.append(canvas, label);
    return figure;
  }

  #renderGallery(body, gallery) {
    const { rows, cols } = gallery;
    const p = this.palette.packed;
    const lit = p.states[this.states - 1];
    // Where the light is pressed too: halfway between the light and the mark.
    const both = packColor(cssOf(mix(channels(lit), channels(p.mark), 0.5)));
    body.style.setProperty("--gallery-cols", cols);
    body.classList.toggle("dense", cols > 8);
    const items = gallery.cells.map(({ row, col, solvable, presses }) => {
      const colors = new Uint32Array(rows * cols).fill(p.states[0]);
      for (const [r, c] of presses) colors[r * cols + c] = p.mark;
      const self = row * cols + col;
      colors[self] = colors[self] === p.mark ? both : lit;
      const button = document.createElement("button");
      button.type = "button";
      button.className = solvable ? "cell-thumb" : "cell-thumb unsolvable";
      const count = new Set(presses.map(([r, c]) => r * cols + c)).size;
      const label = solvable ? `${presses.length} press${presses.length === 1 ? "" : "es"}` : "no solution";
      button.setAttribute("aria-label", `Row ${row + 1}, column ${col + 1}: ${label}`);
      button.title = `Only the light at row ${row + 1}, column ${col + 1}: ${label}` +
        (solvable && count !== presses.length ? ` on ${count} cells` : "");
      const canvas = document.createElement("canvas");
      paintThumbnail(canvas, rows, cols, colors, 64);
      const caption = document.createElement("span");
      caption.textContent = label;
      button.append(canvas, caption);
      const point = () => { this.highlight = [row, col]; this.grid.redraw(); };
      const leave = () => { this.highlight = null; this.grid.redraw(); };
      button.addEventListener("pointerenter", point);
      button.addEventListener("focus", point);
      button.addEventListener("pointerleave", leave);
      button.addEventListener("blur", leave);
      button.addEventListener("click", () => this.#playSingleLight(row, col));
      return button;
    });
    const solvable = gallery.cells.filter((cell) => cell.solvable).length;
    const summary = document.createElement("p");
    summary.className = "gallery-summary";
    summary.textContent = `${solvable} of the ${gallery.cells.length} single-light boards can be solved.`;
    body.replaceChildren(summary, ...items);
  }

  #toggleSolution(show) {
    this.showSolution = show;
    if (show) this.session.noteHelp("solve");
    const button = this.root.querySelector('[data-action="solution"]');
    button.setAttribute("aria-pressed", String(show));
    button.textContent = show ? "Hide solution" : "Show solution";
    this.kept.solve.toggled(show);
    this.grid.redraw();
  }

  #togglePanel(name) {
    const show = !this.open[name];
    this.open[name] = show;
    this.root.querySelector(`[data-action="${name}"]`).setAttribute("aria-expanded", String(show));
    const panel = this.root.querySelector(`[data-panel="${name}"]`);
    panel.hidden = !show;
    if (show) this.bringIntoView(panel); // it opens below the board, out of sight
    if (!show && this.highlight) {
      this.highlight = null;
      this.grid.redraw();
    }
    this.kept[name].toggled(show);
  }

  #cellColor(value) {
    return this.palette.css[value] ?? this.palette.css.at(-1);
  }

  #drawCell(ctx, row, col, x, y, size) {
    if (!this.state) return; // a resize before the first board arrives
    const value = this.values[row * this.state.cols + col];
    const gap = size >= 8 ? Math.max(1, Math.round(size / 24)) : 0;
    ctx.fillStyle = this.#cellColor(value);
    ctx.fillRect(x + gap, y + gap, size - 2 * gap, size - 2 * gap);
    if (this.states > 2 && value && size >= 18) {
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
    const values = this.values;
    for (let i = 0; i < values.length; i++) pixels[i] = colors[values[i]] ?? colors.at(-1);
    // Cells too small for a dot are coloured whole; half a million fillRects
    // per repaint would make a huge solved board sluggish.
    const s = this.showSolution ? this.solution : null;
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
    const cols = this.state?.cols || 1;
    const colors = this.palette;
    const compact = this.grid.compact;
    const s = this.showSolution ? this.solution : null;
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
      const gap = size >= 8 ? Math.max(1, Math.round(size / 24)) : 0;
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
    if (this.hint && this.hint.game === this.state?.game) ring(this.hint.press, colors.hint);
    if (this.highlight) ring(this.highlight, colors.highlight);
  }

  /**
   * The board colours, from CSS custom properties so that themes can set
   * them. k > 2 states run off → low → mid → on, each distinct from the marks.
   */
  #readPalette() {
    const css = this.readColors({
      off: "--light-off", low: "--light-low", mid: "--light-mid", on: "--light-on",
      mark: "--press-mark", conflict: "--conflict", hint: "--hint", highlight: "--highlight", panel: "--panel",
    });
    const stops = [css.off, css.low, css.mid, css.on].map((value) => channels(packColor(value)));
    const k = this.states;
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

  #field(name) {
    return this.root.querySelector(`[data-field="${name}"]`);
  }

  #syncPreset() {
    const select = this.#field("preset");
    const match = PRESETS.findIndex((p) => p.rows === this.state.rows && p.cols === this.state.cols);
    select.value = match >= 0 ? String(match) : "custom";
  }

  /** Set the rule controls from the board's variant, so undo and shared IDs show their rules. */
  #syncVariantControls(variant = {}) {
    const name = variant.neighbourhood || "cross";
    const named = NEIGHBOURHOODS.some((n) => n.value === name && n.value !== "custom");
    const custom = this.stencilEditing || !named;
    this.#field("neighbourhood").value = custom ? "custom" : name;
    this.#field("wrap").checked = Boolean(variant.wrap);
    this.#field("states").value = String(variant.states || 2);
    const difficulty = this.#field("difficulty");
    difficulty.disabled = (variant.states || 2) > 2;
    difficulty.title = difficulty.disabled ? "Difficulty levels are graded for on/off boards (2 states)." : "";
    this.root.querySelector(".stencil-editor").hidden = !custom;
    if (custom) this.#syncStencil(variant.stencil || OFFSETS.cross);
  }

  /** Show the board's stencil ([dr, dc] offsets) in the editor, one ring wider than its reach. */
  #syncStencil(offsets) {
    const reach = Math.max(0, ...offsets.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc))));
    this.#buildStencilEditor(Math.min(STENCIL_MAX_RADIUS, Math.max(STENCIL_MIN_RADIUS, reach + 1)));
    const on = new Set(offsets.map(([dr, dc]) => `${dr},${dc}`));
    for (const button of this.root.querySelectorAll(".stencil button")) {
      button.setAttribute("aria-pressed", String(on.has(button.dataset.offset)));
    }
  }

  /** The editor's marked cells as [dr, dc] offsets. */
  #stencilOffsets() {
    return [...this.root.querySelectorAll('.stencil button[aria-pressed="true"]')]
      .map((button) => button.dataset.offset.split(",").map(Number));
  }

  /** The editor's pattern as a STENCIL (odd rows of 0/1 joined by "."), trimmed to its reach. */
  #stencilText() {
    return stencilText(this.#stencilOffsets());
  }

  /** (Re)build the editor's (2 radius + 1)-square grid of cell buttons, all off. */
  #buildStencilEditor(radius) {
    const box = this.root.querySelector(".stencil");
    if (Number(box.dataset.radius) === radius) return;
    box.dataset.radius = String(radius);
    box.style.setProperty("--stencil-side", String(2 * radius + 1));
    box.replaceChildren();
    for (let dr = -radius; dr <= radius; dr++) {
      for (let dc = -radius; dc <= radius; dc++) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.offset = `${dr},${dc}`;
        button.setAttribute("aria-pressed", "false");
        const where = dr === 0 && dc === 0 ? "the pressed cell" : `${Math.abs(dr)} ${dr < 0 ? "up" : "down"}, ${Math.abs(dc)} ${dc < 0 ? "left" : "right"}`;
        button.setAttribute("aria-label", where);
        if (dr === 0 && dc === 0) button.classList.add("centre");
        box.append(button);
      }
    }
  }

  #wireStencilEditor() {
    const box = this.root.querySelector(".stencil");
    this.#buildStencilEditor(STENCIL_MIN_RADIUS);
    box.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-offset]");
      if (!button || !this.state) return;
      event.stopPropagation(); // not a toolbar action
      button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
      const offsets = this.#stencilOffsets();
      if (!offsets.length) {
        this.say("The pattern needs at least one cell.", true);
        return;
      }
      const focused = button.dataset.offset;
      this.#syncStencil(offsets); // a mark on the edge adds a ring
      box.querySelector(`[data-offset="${focused}"]`)?.focus();
      this.#changeVariant();
    });
  }

  #wireControls() {
    const select = this.#field("preset");
    select.innerHTML = PRESETS.map((p, i) => `<option value="${i}">${p.label}</option>`).join("")
      + '<option value="custom">Custom</option>';
    select.addEventListener("change", () => {
      const preset = PRESETS[Number(select.value)];
      if (!preset) {
        // "Custom": the size is typed in Rows and Columns (Enter makes the board).
        this.#field("rows").focus();
        this.#field("rows").select();
        return;
      }
      this.#field("rows").value = preset.rows;
      this.#field("cols").value = preset.cols;
      this.run(() => this.#newBoard(true));
    });
    // Enter in Rows or Columns makes a new board of that size, as a size choice does.
    for (const name of ["rows", "cols"]) {
      this.#field(name).addEventListener("keydown", (event) => {
        if (event.key !== "Enter" || !this.state) return;
        event.preventDefault();
        this.run(() => this.#newBoard(true));
      });
    }
    this.#wireStencilEditor();
    this.#field("neighbourhood").addEventListener("change", (event) => {
      if (!this.state) return;
      // "Custom…" opens the editor on the current pattern; the board changes
      // once the pattern does.
      this.stencilEditing = event.target.value === "custom";
      if (this.stencilEditing) this.#syncVariantControls(this.state.variant);
      else this.#changeVariant();
    });
    this.#field("wrap").addEventListener("change", () => this.state && this.#changeVariant());
    this.#field("states").addEventListener("change", () => this.state && this.#changeVariant(true));
    this.#field("difficulty").addEventListener("change", (event) => {
      this.#field("press-count-label").hidden = event.target.value !== "count";
    });
    const actions = {
      play: () => this.#setMode("play"),
      edit: () => this.#setMode("edit"),
      undo: () => this.undo(),
      redo: () => this.redo(),
      // Reset is a move like any other, so Undo brings the game back.
      reset: () => this.reset({ always: true }),
      random: () => this.run(() => this.#newBoard(true)),
      clear: () => this.run(async () => {
        await this.#newBoard(false);
        this.#setMode("edit");
      }),
      solution: () => this.#toggleSolution(!this.showSolution),
      "cancel-solve": () => this.#toggleSolution(false),
      "cancel-deal": () => this.jobs.cancel("deal"),
      hint: () => this.#askHint(),
      "apply-solution": () => this.#applySolution(),
      analysis: () => this.#togglePanel("analysis"),
      gallery: () => this.#togglePanel("gallery"),
      "job-analysis": () => this.kept.analysis.cancelOrRetry(),
      prove: () => this.#prove(),
      "job-gallery": () => this.kept.gallery.cancelOrRetry(),
    };
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (button && this.root.contains(button) && this.state) actions[button.dataset.action]?.();
    });
    this.root.addEventListener("keydown", (event) => {
      // U and R are the base's (PuzzleBoard): the session's undo and redo.
      if (event.target.matches("input, select") || !this.state) return;
      if ((event.key === "h" || event.key === "H") && this.hintsAllowed) actions.hint();
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
