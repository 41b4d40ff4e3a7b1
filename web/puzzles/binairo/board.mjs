// The binary puzzle (Takuzu / Binairo) widget. Python (puzzlelab.api, in the
// worker) owns the rules, the solver, hints, counting and the generator; this
// module turns taps, clicks and keys into moves and says what happened;
// painter.mjs draws the tiles; the session (session.mjs, through
// PuzzleBoard) keeps the undo history. The lab's tables are panels of their
// own: fewest-panel.mjs (the fewest clues by size, and the search run here)
// and counts-panel.mjs (how many grids), both reading lab-tables.mjs; the
// rules above the board and the first lesson are teaching.mjs's.

import { shippedDeal } from "../../daily-deals.mjs";
import { GridCanvas } from "../../grid-canvas.mjs";
import { ProgressLine } from "../../long-jobs.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
import { FIRST_DEALS } from "../../rules/first-boards.mjs";
import { duration } from "../../session.mjs";
import { gameLink } from "../../share-links.mjs";
import { COUNTS_MARKUP, CountsPanel } from "./counts-panel.mjs";
import { FEWEST_MARKUP, FewestPanel } from "./fewest-panel.mjs";
import { BinairoPainter, POP_MS } from "./painter.mjs";
import { placements } from "./placements.mjs";
import { Grid, MAX_SIDE, MIN_SIDE, SAVED_GAMES, fitsShape, nextValue } from "./rules.mjs";
import { LESSON_BUTTON, TEACHING_MARKUP, Teaching } from "./teaching.mjs";

const SIZES = [4, 6, 8, 10, 12, 14];

/** "a" or "an" before a word. */
const article = (word) => (/^[aeiou]/i.test(word) ? "an" : "a");

/**
 * What a dealt puzzle is, in a sentence: "A hard 8×8 puzzle with 8 digits
 * given." A "fewest clues" deal adds the fewest any puzzle of its size can
 * have (the answer's fewest_possible).
 */
function dealtWords(state) {
  const said = `${article(state.difficulty) === "an" ? "An" : "A"} ${state.difficulty} ${state.cols}×${state.rows} `
    + `puzzle with ${state.clues} digits given`;
  if (state.deal !== "fewest" || !Number.isSafeInteger(state.fewest_possible)) return `${said}.`;
  return `${said}; no ${state.cols}×${state.rows} puzzle can have fewer than ${state.fewest_possible}.`;
}

/** What a pointer press is called here: "tap" on a touch screen, else "click". */
const pressWord = () => (window.matchMedia("(pointer: coarse)").matches ? "tap" : "click");

/** The keys that write a digit on the ringed cell ("." clears it). */
const DIGIT_KEYS = { 0: "0", 1: "1", Backspace: ".", Delete: "." };

/** How many broken lines the counts line names before "and N more". */
const NAMED_LINES = 2;

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
        <option value="hard">hard</option>
        <option value="fewest" title="6×6 or 8×8: at most 2 givens more than any puzzle of the size can have">fewest clues</option></select></label>
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
  <div class="toolbar">
    <div class="group">
      <label title="Count the zeros and ones of every row and column beside the grid"><input type="checkbox" data-field="line-counts"> Show line counts</label>
    </div>
  </div>
  <p class="lab-note" data-field="detail"></p>
  </details>
  <p class="message" role="status" aria-live="polite"></p>
  ${TEACHING_MARKUP}
  <p class="solution-note job-note"><button type="button" class="inline" data-action="cancel-job" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <p class="counters line-counts" data-field="summary"></p>
  <div class="board-area"><canvas aria-label="Binary puzzle grid"></canvas>
    <div class="overlay" hidden></div></div>
  <div class="binairo-solutions" data-part="lab" hidden></div>
  ${FEWEST_MARKUP}
  ${COUNTS_MARKUP}
  <details class="how-it-works">
    <summary>How it works</summary>
    <p><strong>The rules.</strong> Every row and column holds as many zeros as ones, no three equal
      digits sit side by side, and no two rows (or two columns) are alike. A line that breaks a
      rule is outlined, and its zeros and ones are counted above the grid; <em>Show line
      counts</em> counts every line beside the grid.</p>
    <p><strong>Learn by playing.</strong> Three short steps, one rule each, on small boards:
      ${LESSON_BUTTON}</p>
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
    <p><strong>Fewest clues</strong> (a difficulty) deals a 6×6 or 8×8 puzzle with at most two
      givens more than the fewest any puzzle of that size can have; it is graded like the others.</p>
  </details>
`;

export class BinairoBoard extends PuzzleBoard {
  static kind = "binairo";
  static stylesheet = new URL("./binairo.css", import.meta.url);
  static savedGames = SAVED_GAMES; // what a saved game may hold (rules.mjs)
  static title = "Binary puzzle";
  static pythonActions = ["hint", "solve", "check", "count", "generate", "minimize"];
  static template = TEMPLATE;
  static mainActions = ["generate"];
  static keyHelp = "arrow keys move the ring, 0 or 1 writes that digit, Backspace or Delete clears it, Space or Enter cycles empty → 0 → 1 (with Shift backwards),";
  static session = { moves: false }; // saved games hold game IDs only
  static counter = null; // no move count: the digits placed are the win card's (winFacts)
  static actionsWithoutGame = ["cancel-job"]; // a first deal may be cancelled

  /**
   * Mount a binary puzzle in `root`.
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {{game?: string, rows?: number, cols?: number, difficulty?: string, seed?: number}} options
   */
  constructor(root, client, options = {}) {
    super(root, client, options);
    this.onMainPage = Boolean(options.lab); // a puzzle chosen in a table opens as a link of the page (app.mjs)
    this.state = null; // {game, rows, cols, grid, givens, errors, solved, row_counts, col_counts}
    this.marks = null; // {target: Set, proof: Set} of a hint, cleared by the next move
    this.pointed = null; // [row, col] last tapped or clicked: where 0 and 1 go before a key shows the ring

    this.canvas = root.querySelector("canvas");
    this.jobLine = new ProgressLine(root.querySelector(".job-note"), { alwaysBar: true });
    this.solutionsBox = root.querySelector(".binairo-solutions");
    this.grid = new GridCanvas(this.canvas, {
      onDown: (row, col, event) => this.#cellDown(row, col, event),
      // Big tiles on a laptop too, as long as the board ends on the first screen
      // (an embedded board fills its box, which board.css already caps).
      maxHeight: () => (this.embedded ? this.boardRoom() : Math.min(this.boardRoom(200), 64 * this.grid.rows)),
    });
    this.painter = new BinairoPainter((tokens) => this.readColors(tokens), (r, c) => this.grid.progressOf(r, c));
    this.grid.drawCell = (ctx, row, col, x, y, size) => this.painter.drawCell(ctx, row, col, x, y, size);
    this.grid.drawOverlay = (ctx, size) => this.painter.drawOverlay(ctx, size);
    this.grid.beforeDraw = () => this.painter.beforeDraw();
    const tableLinks = {
      open: (id) => this.#openExample(id),
      href: (id) => gameLink(BinairoBoard.kind, id),
    };
    this.fewestPanel = new FewestPanel(root, this.jobs, tableLinks);
    this.countsPanel = new CountsPanel(root);
    this.teaching = new Teaching(root, {
      say: (text, isError) => this.say(text, isError),
      open: (game) => this.#openExample(game),
      mark: (cells) => this.#mark(cells),
      firstGame: () => this.start({}),
    });
    this.#wireControls();
    this.enableKeyboard(this.canvas);
    // 0, 1, Backspace and Delete write on the ringed cell. Heard on the way
    // down to the canvas, before the cursor's own keys (where Backspace
    // would cycle backwards).
    this.canvas.parentElement.addEventListener("keydown", (event) => this.#digitKey(event), { capture: true });
  }

  /**
   * The first puzzle: the linked one, else one of the first deals (medium
   * 8×8 puzzles made at build time, so drawn before Python starts) picked at
   * random, so that first visitors do not all meet the same one; an embed's
   * own size, difficulty or seed asks Python.
   */
  start(options) {
    const chosen = ["rows", "cols", "difficulty", "seed"].some((key) => options[key] !== undefined);
    const deals = FIRST_DEALS.binairo ?? [];
    const first = options.game ? { cmd: "binairo.load", game: options.game }
      : !chosen && deals.length ? { ...deals[Math.floor(Math.random() * deals.length)] }
        : { cmd: "binairo.new", rows: options.rows || 8, cols: options.cols || options.rows || 8,
            difficulty: options.difficulty || (chosen ? "easy" : "medium"),
            seed: options.seed ?? (chosen ? 1 : Math.floor(Math.random() * 1e6)) };
    this.run(async () => {
      const state = await this.#job(first, "Generating");
      this.#startGame(state);
      this.#noteMade(state);
      this.say(`${pressWord() === "tap" ? "Tap" : "Click"} a tile to fill it with 0 or 1.`);
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
    // The build shipped the deal (daily-deals.mjs): drawn at once, no Python.
    const request = { cmd: "binairo.new", rows: 8, cols: 8, difficulty: "medium", seed };
    const state = await shippedDeal(request, (load) => this.client.request(load)) ?? await this.#job(request, "Generating");
    this.#startGame(state);
    // A player's words: the seed is the date, which the page already says.
    this.say(`The daily puzzle: ${article(state.difficulty)} ${state.difficulty} ${state.cols}×${state.rows} puzzle `
      + `with ${state.clues} digits given. Fill every tile with 0 or 1.`);
    this.#noteMade(state);
  }

  /**
   * A puzzle chosen in a lab table, as a new game: on the main page as a
   * link of the page (app.mjs keeps a game in progress, with "Back to your
   * game"), elsewhere on this board; then the board comes into view.
   */
  #openExample(id) {
    // Not through the action queue: each action's end writes the shown game
    // into the address (app.mjs), which would undo the new hash before its
    // hashchange is read.
    if (this.onMainPage) location.hash = `#${BinairoBoard.kind}=${encodeURIComponent(id)}`;
    else this.openGame(id, "The puzzle");
    this.bringIntoView(this.root.querySelector(".board-area"));
  }

  /** The seeded request that dealt the puzzle's start, or null (share-links.mjs). */
  dealRequest() {
    return this.state && this.dealt?.game === this.startGameId() ? this.dealt.request : null;
  }

  /** A deal link's puzzle (share-links.mjs readDeal): generated again by Python, with progress. */
  async dealPuzzle(request) {
    const state = await this.#job(request, "Generating");
    this.#startGame(state);
    this.#dealt(request, state);
    this.#noteMade(state);
    this.say(`${dealtWords(state)} Fill every tile with 0 or 1.`);
  }

  /** Keep the request that dealt the start, with the seed Python chose when none was asked. */
  #dealt(request, state) {
    this.dealt = { request: { ...request, seed: state.seed }, game: this.startGameId() };
  }

  /** The game ID of the givens alone: the puzzle as it started. */
  startGameId() {
    return this.state.game.split(":").slice(0, 2).join(":");
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
    this.session.record(state);
    this.#show(state, { byPlayer });
  }

  #cellDown(row, col, event) {
    if (!this.state || this.root.dataset.status === "loading") return;
    if (row >= this.state.rows || col >= this.state.cols) return; // the counters
    this.pointedAt(row, col);
    this.pointed = [row, col];
    this.#write(row, col, (current) => nextValue(current, event?.button === 2 || event?.shiftKey));
  }

  /** 0, 1, Backspace or Delete on the canvas with the ring on a cell: that digit, or empty. */
  #digitKey(event) {
    const value = DIGIT_KEYS[event.key];
    if (event.target !== this.canvas || value === undefined || event.altKey || event.ctrlKey
      || event.metaKey || !this.state) return;
    event.preventDefault();
    event.stopPropagation(); // not the cursor's Backspace (a step backwards)
    if (event.repeat) return;
    // No ring yet after a tap or click: the digit goes where the pointer was.
    const cell = this.focusedCell() ?? this.pointed;
    if (cell) this.#write(...cell, () => value);
  }

  /** Queue writing `valueOf(current digit)` at (row, col); a given is locked. */
  #write(row, col, valueOf) {
    if (this.givenRows[row][col] !== ".") {
      this.say("That digit is a given: it is locked.");
      return;
    }
    this.run(async () => {
      const current = this.state.grid.split("/")[row][col];
      const value = valueOf(current);
      if (value === current) return;
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
    this.#dealt(request, state);
    this.#noteMade(state, performance.now() - started);
    this.say(`${dealtWords(state)} Fill every tile with 0 or 1.`);
  }

  /**
   * How a generated puzzle was made (its seed makes it again), for the lab
   * only: the line inside the settings, never the play screen's message.
   */
  #noteMade(state, took = null) {
    const made = this.root.querySelector('[data-field="detail"]');
    made.textContent = state.seed === undefined ? ""
      : `This puzzle: seed ${state.seed} (${state.cols}×${state.rows}, ${state.difficulty}`
        + `${state.deal === "fewest" ? ", dealt for fewest clues" : ""})` +
        `${took === null ? "" : `, made in ${(took / 1000).toFixed(2)} s`}.`;
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
      ? `The only solution, filled in${result.difficulty ? ` (${article(result.difficulty)} ${result.difficulty} puzzle)` : ""}.`
      : "One solution, filled in: the digits given allow several.")
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
    this.say(`${n} solution${result.count_text === "1" ? "" : "s"}: the exact count of this grid, ` +
      "with your digits.");
    // How it was counted is the lab's detail, beside the generator's.
    this.root.querySelector('[data-field="detail"]').textContent =
      `Counted in ${result.seconds} s by ${result.method}.`;
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
    this.say(`Hint: ${result.text}`, result.rule === "mistake");
    this.message.classList.add("hint-words"); // smaller on a phone: it fits the line's room
    // The rule's lab name and level: the lab's line, never the play screen's.
    if (result.level) {
      this.root.querySelector('[data-field="detail"]').textContent =
        `The last hint used the ${result.rule} rule (${result.level}).`;
    }
    this.#refresh();
  }

  /** The status line says `text`; a hint's words are marked again by #hint. */
  say(text, isError = false) {
    super.say(text, isError);
    this.message.classList.remove("hint-words");
  }

  /** Highlight tiles ([row, col] each), as a hint's targets, until the next move. */
  #mark(cells) {
    const key = ([r, c]) => r * this.state.cols + c;
    this.marks = { game: this.state.game, target: new Set(cells.map(key)), proof: new Set() };
    this.#refresh();
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

  /** Show a grid; a game the player solved (`byPlayer`) is timed by the game's one clock (playTime). */
  #show(state, { byPlayer = false } = {}) {
    const reshaped = !this.state || this.state.rows !== state.rows || this.state.cols !== state.cols;
    this.state = state;
    if (this.marks?.game !== state.game) this.marks = null;
    this.solutionsBox.hidden = true;
    this.cells = state.grid.split("/");
    this.givenRows = state.givens.split("/");
    this.setGameId(state.game);
    this.setStatus(this.session.isWon(state) ? "solved" : "ready");
    if (reshaped) {
      this.pointed = null;
      this.root.querySelector('[data-field="rows"]').value = state.rows;
      this.root.querySelector('[data-field="cols"]').value = state.cols;
      const select = this.root.querySelector('[data-field="size"]');
      select.value = state.rows === state.cols && SIZES.includes(state.rows) ? String(state.rows) : "custom";
    }
    this.#refresh({ reshape: reshaped });
    if (this.session.isWon(state)) {
      this.say(`${byPlayer ? `Solved in ${duration(this.playTime())}!` : "Solved!"} Every row and column ` +
        "is balanced, with no three in a row and no two lines alike.");
    }
    // Until it is won, the line says what to do (a restored or linked game too).
    else this.say(`${pressWord() === "tap" ? "Tap" : "Click"} a tile to fill it with 0 or 1.`);
    const ownWin = byPlayer && this.session.isWon(state) && !this.session.help.includes("solve");
    this.teaching.shown(state, { ownWin });
  }

  /** Whether every line's counts are shown beside the grid (the lab's "Show line counts"). */
  get #margins() {
    return this.root.querySelector('[data-field="line-counts"]').checked;
  }

  /**
   * Hand the painter the state on screen with the options of the moment and
   * draw it (`reshape`: the grid's shape changed, or the count margins came
   * or went). The counts of each line that breaks a rule go above the grid.
   */
  #refresh({ reshape = false } = {}) {
    const { state } = this;
    const showErrors = this.root.querySelector('[data-field="show-errors"]').checked;
    const broken = Grid.parse(state.game).brokenLines();
    const changed = this.painter.show({
      state,
      cells: this.cells,
      givenRows: this.givenRows,
      errors: new Set(showErrors ? state.errors.map(([r, c]) => r * state.cols + c) : []),
      broken,
      marks: this.marks,
      margins: this.#margins,
    });
    const counts = this.root.querySelector('[data-field="summary"]');
    counts.textContent = showErrors ? this.#lineCounts(broken) : "";
    counts.title = counts.textContent; // the whole text, where one line cuts it short
    if (reshape) {
      const extra = this.#margins ? 1 : 0; // one more row and column for the counts
      this.grid.setShape(state.rows + extra, state.cols + extra);
    }
    this.grid.cursor = this.focusedCell();
    this.grid.animate(changed, POP_MS); // draws the final picture at once, then eases the changed tiles
  }

  /**
   * The counts of the lines that break a rule, in words ("Row 3: 5 × 0,
   * 3 × 1, more than half are 0"), or "" when none does: counts only where
   * they help.
   */
  #lineCounts(broken) {
    const { rows, cols, row_counts: rowCounts, col_counts: colCounts } = this.state;
    const lines = [
      ...[...broken.rows].map(([index, why]) => ["Row", index, why, rowCounts[index], cols]),
      ...[...broken.cols].map(([index, why]) => ["Column", index, why, colCounts[index], rows]),
    ];
    const said = lines.slice(0, NAMED_LINES).map(([noun, index, why, [zeros, ones], length]) => {
      const reason = why === "too many" ? `more than ${length / 2} are ${zeros > ones ? 0 : 1}`
        : why === "three" ? "three alike side by side" : `the same as another ${noun.toLowerCase()}`;
      return `${noun} ${index + 1}: ${zeros} × 0, ${ones} × 1, ${reason}`;
    });
    const more = lines.length - said.length;
    return said.join(" · ") + (more > 0 ? ` · and ${more} more line${more === 1 ? "" : "s"}` : "");
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
      "change", () => this.state && this.#refresh());
    this.root.querySelector('[data-field="line-counts"]').addEventListener(
      "change", () => this.state && this.#refresh({ reshape: true }));
  }

  /** What each button does (the base wires them: board-kit.mjs; undo and redo are its own). */
  actions() {
    return {
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
  }

  /**
   * What the win card says: the digits placed (placements.mjs: taps on one
   * tile in a row are one placement, so a 1 that takes two taps is one)
   * against par, the cells empty at the start.
   */
  winFacts() {
    const { start, history, state } = this.session;
    const count = placements([...history.map((entry) => entry.state.grid), state.grid], start?.givens);
    return {
      count,
      unit: count === 1 ? "digit placed" : "digits placed",
      best: start ? start.rows * start.cols - start.filled : null,
      bestLabel: "par",
    };
  }
}
