// The binary puzzle (Takuzu / Binairo) widget. Python (puzzlelab.api, in the
// worker) owns the rules, the solver, hints, counting and the generator; this
// module draws the grid with its 0/1 counters and forwards clicks; the
// session (session.mjs, through PuzzleBoard) keeps the undo history.

import { GridCanvas } from "../../grid-canvas.mjs";
import { ProgressLine } from "../../long-jobs.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
import { duration } from "../../session.mjs";
import { MAX_SIDE, MIN_SIDE, SAVED_GAMES, fitsShape, nextValue } from "./rules.mjs";

const SIZES = [4, 6, 8, 10, 12, 14];

/** "a" or "an" before a word. */
const article = (word) => (/^[aeiou]/i.test(word) ? "an" : "a");

const TEMPLATE = `
  <div class="toolbar" role="toolbar" aria-label="Binary puzzle controls">
    <div class="group">
      <button type="button" data-action="undo" title="Undo (U)">Undo</button>
      <button type="button" data-action="redo" title="Redo (R)">Redo</button>
      <button type="button" data-action="restart" title="Clear your digits, keep the puzzle's own">Restart</button>
      <label><input type="checkbox" data-field="show-errors" checked> Show errors</label>
    </div>
    <div class="group">
      <button type="button" data-action="hint">Hint</button>
      <button type="button" data-action="solve">Solve</button>
      <button type="button" data-action="check" title="Does this grid have exactly one solution?">Check puzzle</button>
      <button type="button" data-action="count">Count solutions</button>
    </div>
  </div>
  <details class="settings" open>
  <summary>New puzzle and tools</summary>
  <div class="toolbar">
    <div class="group">
      <label>Size <select data-field="size"></select></label>
      <label>Rows <input data-field="rows" type="number" min="${MIN_SIDE}" max="${MAX_SIDE}" step="2" value="8"></label>
      <label>Columns <input data-field="cols" type="number" min="${MIN_SIDE}" max="${MAX_SIDE}" step="2" value="8"></label>
      <label>Difficulty <select data-field="difficulty">
        <option value="easy">easy</option><option value="medium" selected>medium</option>
        <option value="hard">hard</option></select></label>
      <label>Seed <input data-field="seed" type="number" min="0" placeholder="random"></label>
      <button type="button" data-action="generate">Generate</button>
      <button type="button" data-action="empty" title="An empty grid of this size">Empty grid</button>
    </div>
  </div>
  <div class="toolbar">
    <div class="group">
      <button type="button" data-action="minimize" title="Remove given digits while the puzzle keeps exactly one solution">Minimise clues</button>
      <label title="How long to look for a puzzle with even fewer given digits">Search for fewer digits for <input data-field="budget" type="number" min="0" max="600" step="1" value="0"> s</label>
      <label>Game ID or grid <input data-field="load" type="text" size="22" placeholder="1.0./..../…"></label>
      <button type="button" data-action="load">Load</button>
    </div>
  </div>
  </details>
  <p class="counters" data-field="summary"></p>
  <p class="message" role="status" aria-live="polite"></p>
  <p class="solution-note job-note"><button type="button" class="inline" data-action="cancel-job" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <div class="board-area"><canvas aria-label="Binary puzzle grid"></canvas>
    <div class="overlay" hidden></div></div>
  <div class="binairo-solutions" hidden></div>
  <details class="how-it-works">
    <summary>How it works</summary>
    <p><strong>The rules.</strong> Every row and column holds as many zeros as ones, no three equal
      digits sit side by side, and no two rows (or two columns) are alike. The margins count the
      zeros and ones of each line, and turn red when a line has too many of one.</p>
    <p><strong>A good puzzle</strong> has exactly one solution, so it can be solved by reasoning
      alone. <em>Check puzzle</em> tests this and, if not, shows two different solutions.</p>
    <p><strong>Difficulty</strong> is graded by the rules a person needs. Easy puzzles need only
      pairs (beside two equal digits comes the other one), sandwiches (between two equal digits
      too) and full lines (once a line has its share of one digit, the rest is the other). Medium
      ones need a look at every way to finish a line; hard ones need trying a digit and finding
      that it leads to a contradiction.</p>
    <p><strong>Seed.</strong> The same seed, size and difficulty always make the same puzzle, so a
      seed is a way to share one.</p>
    <p><strong>Count solutions</strong> counts every way to finish the grid exactly, even for an
      empty grid; <em>Minimise clues</em> removes givens while the solution stays unique.</p>
  </details>
`;

export class BinairoBoard extends PuzzleBoard {
  static kind = "binairo";
  static savedGames = SAVED_GAMES; // what a saved game may hold (rules.mjs)
  static title = "Binary puzzle";
  static pythonActions = ["hint", "solve", "check", "count", "generate", "minimize"];
  static template = TEMPLATE;
  static mainActions = ["generate"];
  static keyHelp = "arrow keys move the ring, Space or Enter cycles the ringed cell empty → 0 → 1, Shift+Space or Backspace cycles backwards,";
  static session = { moves: false }; // saved games hold game IDs only

  /**
   * Mount a binary puzzle in `root`.
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {{game?: string, rows?: number, cols?: number, difficulty?: string, seed?: number}} options
   */
  constructor(root, client, options = {}) {
    super(root, client, options);
    this.state = null; // {game, rows, cols, grid, givens, errors, solved, row_counts, col_counts}
    this.marks = null; // {target: Set, proof: Set} of a hint, cleared by the next move

    this.canvas = root.querySelector("canvas");
    this.jobLine = new ProgressLine(root.querySelector(".job-note"), { alwaysBar: true });
    this.solutionsBox = root.querySelector(".binairo-solutions");
    this.grid = new GridCanvas(this.canvas, {
      onDown: (row, col, event) => this.#cellDown(row, col, event),
      maxHeight: () => Math.min(this.boardRoom(200), 52 * this.grid.rows),
    });
    this.grid.drawCell = (ctx, row, col, x, y, size) => this.#drawCell(ctx, row, col, x, y, size);
    this.grid.beforeDraw = () => { this.palette = this.#readPalette(); };
    this.#wireControls();
    this.enableKeyboard(this.canvas);
  }

  /** Python is ready: the first puzzle. */
  start(options) {
    const first = options.game
      ? { cmd: "binairo.load", game: options.game }
      : { cmd: "binairo.new", rows: options.rows || 8, cols: options.cols || options.rows || 8,
          difficulty: options.difficulty || "easy", seed: options.seed ?? 1 };
    this.run(async () => {
      this.#startGame(await this.#job(first, "Generating"));
      this.say("Fill every empty cell with 0 or 1.");
    });
  }

  /** Another puzzle of the chosen size and difficulty (a new seed). */
  nextPuzzle() {
    this.root.querySelector('[data-field="seed"]').value = "";
    this.run(() => this.#generate());
  }

  /** The date's puzzle: a medium 8×8 one whose seed is the date. */
  async dailyPuzzle(seed) {
    for (const [name, value] of [["rows", 8], ["cols", 8], ["difficulty", "medium"], ["seed", seed]]) {
      this.root.querySelector(`[data-field="${name}"]`).value = String(value);
    }
    this.root.querySelector('[data-field="size"]').value = "8";
    await this.#generate();
    const made = this.message.textContent;
    this.say(`The daily puzzle: ${made[0].toLowerCase()}${made.slice(1)}`);
  }

  /** The game ID of the givens alone: the puzzle as it started. */
  startGameId() {
    return this.state.game.split(":").slice(0, 2).join(":");
  }

  async restore(snapshot) {
    const { state } = await this.restoreSession(snapshot,
      (game) => this.client.request({ cmd: "binairo.load", game }));
    this.#show(state);
  }

  showState(state) {
    this.#show(state);
  }

  // --- actions ---------------------------------------------------------------

  /** Cancel is the user's own doing: a plain note, not an error. */
  _actionFailed(error) {
    this.say(error.cancelled ? "Cancelled." : error.message, !error.cancelled);
  }

  /** A request that may run long: progress bar and Cancel while it runs (long-jobs.mjs). */
  #job(request, activity) {
    return this.jobs.run("job", request, { line: this.jobLine, activity });
  }

  #startGame(state) {
    this.session.begin(state); // the clock runs from the player's first digit
    this.#show(state);
  }

  #record(state, { byPlayer = false } = {}) {
    this.session.record(state, { byPlayer });
    this.#show(state, byPlayer ? this.session.solvedIn() : null);
  }

  #cellDown(row, col, event) {
    if (!this.state || this.root.dataset.status === "loading") return;
    if (row >= this.state.rows || col >= this.state.cols) return; // the counters
    this.pointedAt(row, col);
    if (this.state.givens.split("/")[row][col] !== ".") {
      this.say("That digit is a given: it is locked.");
      return;
    }
    const back = event?.button === 2 || event?.shiftKey;
    this.run(async () => {
      const current = this.state.grid.split("/")[row][col];
      const value = nextValue(current, back);
      const state = await this.client.request({
        cmd: "binairo.set", game: this.state.game, row, col, value,
      });
      const empty = state.rows * state.cols - state.filled;
      this.announce(`Row ${row + 1} column ${col + 1}: ${value === "." ? "empty" : value}; ` +
        `${empty} empty cell${empty === 1 ? "" : "s"}` +
        `${state.errors.length ? `, ${state.errors.length} break a rule` : ""}.`);
      this.#record(state, { byPlayer: true });
    });
  }

  // --- keyboard play (see PuzzleBoard.enableKeyboard) -------------------------

  /** The cursor stays on the grid, off the counters in the margins. */
  cursorBounds() {
    return [this.state.rows, this.state.cols];
  }

  describeCell(row, col) {
    const digit = this.cells[row][col];
    const given = this.givenRows[row][col] !== "." ? " (given)" : "";
    return `Row ${row + 1} column ${col + 1}, ${digit === "." ? "empty" : digit}${given}.`;
  }

  actAt(row, col, { back }) {
    this.#cellDown(row, col, { shiftKey: back });
  }

  #size() {
    const rows = Number(this.root.querySelector('[data-field="rows"]').value);
    const cols = Number(this.root.querySelector('[data-field="cols"]').value);
    if (!fitsShape(rows, cols)) {
      throw new Error(`Rows and columns must be even numbers from ${MIN_SIDE} to ${MAX_SIDE}.`);
    }
    return { rows, cols };
  }

  async #generate() {
    const { rows, cols } = this.#size();
    const difficulty = this.root.querySelector('[data-field="difficulty"]').value;
    const seedText = this.root.querySelector('[data-field="seed"]').value.trim();
    const request = { cmd: "binairo.new", rows, cols, difficulty };
    if (seedText !== "") request.seed = Number(seedText);
    const started = performance.now();
    const state = await this.#job(request, "Generating");
    this.#startGame(state);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    this.say(`${article(state.difficulty) === "an" ? "An" : "A"} ${state.difficulty} ${cols}×${rows} puzzle with ${state.clues} ` +
      `digits given (seed ${state.seed}, made in ${seconds} s). Fill every cell with 0 or 1.`);
  }

  async #solve() {
    const result = await this.#job({ cmd: "binairo.solve", game: this.state.game }, "Solving");
    if (result.solutions === 0) {
      this.say("The digits given have no solution.", true);
      return;
    }
    this.session.noteHelp("solve");
    this.#record(await this.client.request({ cmd: "binairo.load", game: result.solved_game }));
    const wrong = result.wrong_entries.length;
    this.say((result.solutions === 1
      ? `Solved: the only solution${result.difficulty ? ` (${article(result.difficulty)} ${result.difficulty} puzzle)` : ""}.`
      : "Solved, but the digits given allow several solutions: this is one of them.")
      + (wrong ? ` ${wrong} of your digits differed (Undo brings them back).` : ""));
  }

  async #check() {
    const result = await this.#job({ cmd: "binairo.solve", game: this.state.game }, "Checking");
    this.#showSolutions(result.solutions === 2 ? [result.solution, result.second] : []);
    const text = {
      0: "Not a good puzzle: the digits given have no solution.",
      1: `Good puzzle: exactly one solution${result.difficulty ? ` (${result.difficulty}` +
        `${result.needs_search ? ", needs trial and error beyond the rules" : ""})` : ""}.`,
      2: "Not a good puzzle: it has several solutions. Two that differ are shown below the grid (the differences outlined).",
    }[result.solutions];
    this.say(text, result.solutions !== 1);
  }

  async #count() {
    const result = await this.#job({ cmd: "binairo.count", game: this.state.game }, "Counting");
    const n = BigInt(result.count_text).toLocaleString("en-US");
    this.say(`${n} solution${result.count_text === "1" ? "" : "s"} ` +
      `(exact count of this grid, with your digits, in ${result.seconds} s by ${result.method}).`);
  }

  async #hint() {
    const result = await this.client.request({ cmd: "binairo.hint", game: this.state.game });
    this.session.noteHelp("hint");
    const key = ([r, c]) => r * this.state.cols + c;
    this.marks = {
      game: this.state.game,
      target: new Set(result.cells.map(key)),
      proof: new Set(result.proof.map(key)),
    };
    const level = result.level ? ` [${result.rule}, ${result.level}]` : "";
    this.say(`Hint${level}: ${result.text}`, result.rule === "mistake");
    this.grid.redraw();
  }

  async #minimize() {
    const budget = Number(this.root.querySelector('[data-field="budget"]').value || 0);
    if (!(budget >= 0 && budget <= 600)) throw new Error("The search time must be 0 to 600 seconds.");
    const result = await this.#job(
      { cmd: "binairo.minimize", game: this.state.game, budget, seed: Date.now() % 100000 },
      budget ? "Searching for fewer clues" : "Removing clues",
    );
    this.#record(result);
    this.say(`${result.clues} clues left of ${result.clues_before}: removing any one more would ` +
      `allow a second solution (${result.difficulty}` +
      `${budget ? `, best of ${result.tries} tries` : ""}).`);
  }

  async #load() {
    const text = this.root.querySelector('[data-field="load"]').value.trim();
    if (!text) throw new Error("Paste a game ID (8x8:…) or a grid of 0, 1 and . rows joined by /.");
    this.#startGame(await this.client.request({ cmd: "binairo.load", game: text }));
    this.say("Loaded. The digits of a plain grid are the puzzle's given digits.");
  }

  async #empty() {
    const { rows, cols } = this.#size();
    this.#startGame(await this.client.request({ cmd: "binairo.empty", rows, cols }));
    // Honest expectations: the empty 10x10 takes minutes here; larger empty grids are refused
    // by the count itself, with the reason, before it starts.
    const slow = rows * cols >= 100 ? " From 10×10 up that takes minutes in the page, or " +
      "is refused up front when it could not finish; Cancel stops it." : "";
    this.say(`An empty grid: Count solutions counts every filled grid of this size.${slow}`);
  }

  // --- display ---------------------------------------------------------------

  /** Show a grid; `elapsed` (ms since the player's first digit) times a game the player solved. */
  #show(state, elapsed = null) {
    const reshaped = !this.state || this.state.rows !== state.rows || this.state.cols !== state.cols;
    this.state = state;
    if (this.marks?.game !== state.game) this.marks = null;
    this.solutionsBox.hidden = true;
    this.cells = state.grid.split("/");
    this.givenRows = state.givens.split("/");
    this.errorSet = new Set(state.errors.map(([r, c]) => r * state.cols + c));
    this.setGameId(state.game);
    this.setStatus(this.session.isWon(state) ? "solved" : "ready");
    this.root.querySelector('[data-action="undo"]').disabled = !this.session.canUndo;
    this.root.querySelector('[data-action="redo"]').disabled = !this.session.canRedo;
    const empty = state.rows * state.cols - state.filled;
    this.root.querySelector('[data-field="summary"]').textContent =
      `${state.cols}×${state.rows} · ${state.clues} digits given · ${empty} to fill · ` +
      "the numbers beside the grid count each line's zeros and ones" +
      (state.errors.length ? ` · ${state.errors.length === 1 ? "1 cell breaks" : `${state.errors.length} cells break`} a rule` : "");
    if (reshaped) {
      this.root.querySelector('[data-field="rows"]').value = state.rows;
      this.root.querySelector('[data-field="cols"]').value = state.cols;
      const select = this.root.querySelector('[data-field="size"]');
      select.value = state.rows === state.cols && SIZES.includes(state.rows) ? String(state.rows) : "custom";
      this.grid.setShape(state.rows + 1, state.cols + 1); // one more row and column for counters
    } else {
      this.grid.redraw();
    }
    if (this.session.isWon(state)) {
      this.say(`${elapsed === null ? "Solved!" : `Solved in ${duration(elapsed)}!`} Every row and column ` +
        "is balanced, with no three in a row and no two lines alike.");
    }
    else this.say("");
  }

  #showSolutions(pair) {
    this.solutionsBox.hidden = pair.length === 0;
    this.solutionsBox.replaceChildren();
    pair.forEach((rows, index) => {
      const other = pair[1 - index];
      const figure = document.createElement("figure");
      const table = document.createElement("table");
      rows.forEach((row, r) => {
        const tr = table.insertRow();
        [...row].forEach((digit, c) => {
          const td = tr.insertCell();
          td.textContent = digit;
          if (other[r][c] !== digit) td.className = "differs";
        });
      });
      const caption = document.createElement("figcaption");
      caption.textContent = `Solution ${index + 1}`;
      figure.append(table, caption);
      this.solutionsBox.append(figure);
    });
  }

  #drawCell(ctx, row, col, x, y, size) {
    if (!this.state) return;
    const colors = this.palette;
    const { rows, cols } = this.state;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    if (row === rows || col === cols) {
      this.#drawCounter(ctx, row, col, x, y, size, colors);
      return;
    }
    const gap = Math.max(1, Math.round(size / 24));
    const index = row * cols + col;
    const given = this.givenRows?.[row]?.[col] !== ".";
    const digit = this.cells?.[row]?.[col];
    const wrong = this.root.querySelector('[data-field="show-errors"]').checked && this.errorSet.has(index);
    ctx.fillStyle = this.marks?.target.has(index) ? colors.hint : given ? colors.given : colors.cell;
    ctx.fillRect(x + gap, y + gap, size - 2 * gap, size - 2 * gap);
    if (wrong) {
      ctx.fillStyle = colors.errorFill;
      ctx.fillRect(x + gap, y + gap, size - 2 * gap, size - 2 * gap);
    }
    if (digit && digit !== ".") {
      ctx.fillStyle = wrong ? colors.error : given ? colors.fg : colors.entry;
      ctx.font = `${given ? "700" : "500"} ${Math.round(size * 0.55)}px system-ui, sans-serif`;
      ctx.fillText(digit, x + size / 2, y + size / 2 + 1);
    }
    if (this.marks?.proof.has(index)) {
      ctx.strokeStyle = colors.proof;
      ctx.lineWidth = Math.max(2, size / 12);
      const inset = gap + ctx.lineWidth / 2;
      ctx.strokeRect(x + inset, y + inset, size - 2 * inset, size - 2 * inset);
    }
  }

  /** The margin cells: "zeros·ones" per row (right) and per column (below). */
  #drawCounter(ctx, row, col, x, y, size, colors) {
    const { rows, cols, row_counts: rc, col_counts: cc } = this.state;
    if (row === rows && col === cols) return;
    const [zeros, ones] = row === rows ? cc[col] : rc[row];
    const half = (row === rows ? rows : cols) / 2;
    const lines = [`${zeros} ${zeros === 1 ? "zero" : "zeros"}`, `${ones} ${ones === 1 ? "one" : "ones"}`];
    // The words shrink to fit the cell; below a legible size, digits only.
    let font = Math.round(size * 0.26);
    ctx.font = `${font}px system-ui, sans-serif`;
    const widest = Math.max(...lines.map((line) => ctx.measureText(line).width));
    if (widest > size * 0.92) font = Math.floor((font * size * 0.92) / widest);
    const words = font >= 8;
    if (!words) font = Math.round(size * 0.26);
    ctx.font = `${font}px system-ui, sans-serif`;
    ctx.fillStyle = zeros > half ? colors.error : zeros === half ? colors.done : colors.muted;
    ctx.fillText(words ? lines[0] : `${zeros}×0`, x + size / 2, y + size * 0.32);
    ctx.fillStyle = ones > half ? colors.error : ones === half ? colors.done : colors.muted;
    ctx.fillText(words ? lines[1] : `${ones}×1`, x + size / 2, y + size * 0.7);
  }

  #readPalette() {
    return this.readColors({
      cell: "--bin-cell", given: "--bin-given", fg: "--fg",
      entry: "--bin-entry", error: "--error", errorFill: "--bin-error-fill",
      hint: "--bin-hint", proof: "--bin-proof", muted: "--muted",
      done: "--bin-done",
    });
  }

  #wireControls() {
    const select = this.root.querySelector('[data-field="size"]');
    select.innerHTML = SIZES.map((n) => `<option value="${n}">${n}×${n}</option>`).join("")
      + '<option value="custom">Custom</option>';
    select.addEventListener("change", () => {
      if (select.value === "custom") return;
      this.root.querySelector('[data-field="rows"]').value = select.value;
      this.root.querySelector('[data-field="cols"]').value = select.value;
    });
    this.root.querySelector('[data-field="show-errors"]').addEventListener(
      "change", () => this.grid.redraw());
    const actions = {
      undo: () => this.undo(),
      redo: () => this.redo(),
      // Restart is a move like any other, so Undo brings the digits back.
      restart: () => this.run(async () => this.#record(
        await this.client.request({ cmd: "binairo.load", game: this.state.game.split(":").slice(0, 2).join(":") }))),
      hint: () => this.run(() => this.#hint()),
      solve: () => this.run(() => this.#solve()),
      check: () => this.run(() => this.#check()),
      count: () => this.run(() => this.#count()),
      generate: () => this.run(() => this.#generate()),
      empty: () => this.run(() => this.#empty()),
      minimize: () => this.run(() => this.#minimize()),
      load: () => this.run(() => this.#load()),
      "cancel-job": () => this.jobs.cancel("job"),
    };
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-action]");
      if (!button || !this.root.contains(button)) return;
      if (!this.state && button.dataset.action !== "cancel-job") return;
      actions[button.dataset.action]();
    });
  }

  /** What the win card says: the changes made against par, the cells empty at the start. */
  winFacts() {
    const start = this.session.start;
    const count = this.session.moves;
    return {
      count,
      unit: count === 1 ? "change" : "changes",
      best: start ? start.rows * start.cols - start.filled : null,
      bestLabel: "par",
    };
  }
}
