// The Lights Out board widget. Python (puzzlelab.api, in the worker) owns the
// rules, the variants and the solvers; this module draws the board and
// forwards presses, as a puzzle front end should; the session (session.mjs,
// through PuzzleBoard) keeps the undo history.
//
// This module composes the board's parts and turns input into moves:
//   template.mjs        the markup
//   rule-controls.mjs   the size, difficulty and rules controls
//   painter.mjs         the canvas: palette, cells, marks and rings
//   solution.mjs        the solve result, ready to draw and said in words
//   kept-jobs.mjs       the long jobs kept in step with the board
//   lab-panels.mjs      the Analysis and Gallery panels (analysis-panel.mjs,
//                       gallery-panel.mjs draw their content)
//   counts.mjs          counts in words

import { shippedDeal } from "../../daily-deals.mjs";
import { FIRST_DEALS } from "../../rules/first-boards.mjs";
import { GridCanvas, pressVerb, roomBesideNotes } from "../../grid-canvas.mjs";
import { ProgressLine } from "../../long-jobs.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
import { LONG_GAME_ID } from "../../share-links.mjs";
import { renderAnalysis } from "./analysis-panel.mjs";
import { plural } from "./counts.mjs";
import { renderGallery } from "./gallery-panel.mjs";
import { keptJobs } from "./kept-jobs.mjs";
import { LabPanels } from "./lab-panels.mjs";
import { BoardPainter, rippleCells } from "./painter.mjs";
import { RuleControls, rulesText } from "./rule-controls.mjs";
import { Board, MAX_SIDE, SAVED_GAMES, fitsShape, gridValues } from "./rules.mjs";
import { SolutionNote, afterPressOnMark, markedSolution, plainRefusal, playerProgress } from "./solution.mjs";
import { TEMPLATE } from "./template.mjs";

export class LightsOutBoard extends PuzzleBoard {
  #startSolved = null; // {game, answer}: the solver's answer for the start board (#startSolution)
  static kind = "lightsout";
  static stylesheet = new URL("./lightsout.css", import.meta.url);
  static savedGames = SAVED_GAMES; // what a saved game may hold (rules.mjs)
  static title = "Lights Out";
  static pythonActions = ["hint", "solution", "apply-solution", "analysis", "gallery"];
  static template = TEMPLATE;
  static mainActions = ["random"];
  static counter = "Presses"; // "Presses: 3" in its [data-field="moves"] (board-kit.mjs)
  static keyHelp = "arrow keys move the ring, Space or Enter presses the ringed light (in Edit mode: paints it), H rings a hint,";

  #proveFewest; // asks for the analysis's proving search (kept-jobs.mjs)

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
    this.hint = null; // {game, press: [r, c]} from lightsout.hint
    this.highlight = null; // [r, c] of the gallery thumbnail under the pointer
    this.painting = null; // {value} while a drag paints in edit mode
    this.pressedFrom = null; // the cells before a press, while #show animates the lights it toggled
    this.rippling = false; // the press shown won the game: the painter ripples instead
    this.controls = new RuleControls(root, {
      shown: () => this.state,
      newBoard: () => this.run(() => this.#newBoard(true)),
      changeVariant: (newBoard) => this.#changeVariant(newBoard),
      say: (text, isError) => this.say(text, isError),
    });
    this.panels = new LabPanels(root, {
      job: (name) => this.kept[name],
      render: {
        analysis: (body, analysis) => renderAnalysis(body, analysis, {
          rows: this.state.rows, cols: this.state.cols, values: this.values, states: this.states,
          palette: this.painter.palette, classic: this.#classicRules(),
          play: (grid) => this.#playGrid(grid),
        }),
        gallery: (body, gallery) => renderGallery(body, gallery, {
          states: this.states, palette: this.painter.palette,
          point: (cell) => this.#ring(cell),
          play: (row, col) => this.#playSingleLight(row, col),
        }),
      },
      bringIntoView: (element) => this.bringIntoView(element),
      closed: () => { if (this.highlight) this.#ring(null); },
    });
    // The long jobs kept in step with the board (long-jobs.mjs runs them).
    const { kept, prove } = keptJobs(this.jobs, {
      state: () => this.state,
      solutionWanted: () => this.showSolution,
      panels: this.panels,
      describeSolution: (progress, line) => this.#describeSolution(progress, line),
      markSolution: (result) => markedSolution(result, this.state.rows, this.state.cols),
      track: (delta) => { this.pending += delta; },
      settled: () => this.grid.redraw(),
    });
    this.kept = kept;
    this.#proveFewest = prove;
    this.dealLine = new ProgressLine(root.querySelector(".deal-note"));

    this.canvas = root.querySelector("canvas");
    this.solutionNote = new SolutionNote(root.querySelector(".solution-note"));
    this.grid = new GridCanvas(this.canvas, {
      onDown: (row, col) => this.#cellDown(row, col),
      onEnter: (row, col) => this.#cellEnter(row, col),
      onUp: () => this.#paintEnd(),
      // Fit the first screen below the controls where possible; cells never
      // grow past 64 px.
      maxHeight: () => (this.embedded ? this.#room() // its box, which board.css caps
        : Math.max(160, Math.min(this.#room(), 64 * this.grid.rows))),
    });
    this.painter = new BoardPainter(this.grid, (map) => this.readColors(map), () => ({
      state: this.state,
      values: this.values,
      states: this.states,
      solution: this.showSolution ? this.solution : null,
      hint: this.hint && this.hint.game === this.state?.game ? this.hint.press : null,
      highlight: this.highlight,
      before: this.pressedFrom,
      ripple: this.rippling,
    }));
    this.enableKeyboard(this.canvas);
  }

  /**
   * The first board: the game asked for, or a first visit's classic 5×5, one
   * of the build's first deals (random solvable boards, each shipped with
   * Python's first hint on it: build.py), else a random board of the size.
   */
  start(options) {
    const deals = FIRST_DEALS.lightsout ?? [];
    const classic = !options.rows && !options.cols && !options.variant;
    const first = options.game
      ? { cmd: "lightsout.load", game: options.game }
      : classic && deals.length ? { ...deals[Math.floor(Math.random() * deals.length)] }
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
    this.controls.chooseClassic();
    // The build shipped the deal (daily-deals.mjs): drawn at once, no Python.
    const request = { cmd: "lightsout.new", rows: 5, cols: 5, random: true, difficulty: "medium", seed };
    this.#startGame(await shippedDeal(request, (load) => this.client.request(load)) ?? await this.client.request(request));
    const rules = rulesText(this.state.variant, this.states);
    this.say(`The daily puzzle: ${rules[0].toLowerCase()}${rules.slice(1)}`);
  }

  /** The rules of the board on screen in a line (also an embed's rule line). */
  ruleText() {
    return rulesText(this.state?.variant, this.states);
  }

  /** The game ID of the board the game started from. */
  startGameId() {
    return this.session.startGameId;
  }

  /** Presses since the start (the session's count). */
  get moves() {
    return this.session.moves;
  }

  showState(state) {
    this.#show(state);
  }

  /**
   * The board's height: the room left on the first screen (boardRoom), so
   * that a notice above shrinks the board rather than pushing it out of
   * sight. The status line (moves, hints, the win) counts at its least
   * height, so that what it says never resizes the board; the solver's
   * explanation and the dealer's progress, asked for and long, still make
   * room for themselves so that the board stays on the first screen. Beyond a dozen rows cells get small: such a board is worth a scroll,
   * and takes 70% of the window.
   */
  #room() {
    const height = window.innerHeight;
    if (this.grid.rows > 12 && !this.embedded) return height * 0.7;
    return roomBesideNotes(this.boardRoom(Math.min(height * 0.3, 160)),
      this.root.querySelectorAll(".message"));
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

  /** A new puzzle starts with its solution hidden: finding it is the game. */
  #startGame(state) {
    if (this.showSolution) this.#toggleSolution(false);
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
    this.session.record(state);
    const kept = shown && afterPressOnMark(shown, row * state.cols + col, state.rows, state.cols);
    if (kept) this.kept.solve.keep(state, kept);
    this.#show(state, { pressedFrom: this.values, pressedAt: [row, col] });
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
    const game = new Board(this.state.rows, this.state.cols, this.values).grid;
    this.run(async () => {
      // A plain grid is read as the classic game unless the variant comes along.
      const state = await this.client.request({ cmd: "lightsout.load", game, ...this.controls.variantOptions() });
      this.#replaceBoard(state);
    });
  }

  async #newBoard(random) {
    const { rows, cols } = this.controls.shape();
    if (!fitsShape(rows, cols)) {
      this.say(`Rows and columns must be whole numbers from 1 to ${MAX_SIDE}.`, true);
      return;
    }
    const request = { cmd: "lightsout.new", rows, cols, random, ...this.controls.variantOptions() };
    if (random && request.states === 2) { // levels are graded for on/off boards
      const difficulty = this.controls.difficulty();
      if (difficulty === null) return;
      if (difficulty !== undefined) request.difficulty = difficulty;
    }
    // A random board whose game ID may be too long for a link (a character
    // per four cells, per cell beyond two states) gets its seed here, so that
    // it is shared as its deal (share-links.mjs). A graded one goes to Python
    // anyway; a small one is still dealt by the page's rules, at once.
    const idChars = rows * cols / (request.states > 2 ? 1 : 4) + 16;
    if (random && (request.difficulty !== undefined || idChars > LONG_GAME_ID)) {
      request.seed = Math.floor(Math.random() * 2 ** 48);
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
    if (request.seed !== undefined) this.dealt = { request, game: this.startGameId() };
  }

  /** The seeded request that dealt the board's start, or null (share-links.mjs). */
  dealRequest() {
    return this.state && this.dealt?.game === this.startGameId() ? this.dealt.request : null;
  }

  /** A deal link's board (share-links.mjs readDeal): dealt again by Python, with progress. */
  async dealPuzzle(request) {
    if (this.mode !== "play") this.#setMode("play");
    const state = await this.#deal(request);
    this.#startGame(state);
    this.dealt = { request, game: this.startGameId() };
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

  /** The same board under the rules now chosen (the states change deals a new board instead). */
  #changeVariant(newBoard = false) {
    this.run(async () => {
      if (newBoard) {
        await this.#newBoard(true);
        return;
      }
      const state = await this.client.request({
        cmd: "lightsout.load", game: this.state.game, ...this.controls.variantOptions(),
      });
      this.#replaceBoard(state);
    });
  }

  /**
   * Ring one press of a fewest-press solution, said in a player's words
   * (Python's explanation names the maths; Show solution and Analysis say it).
   */
  #askHint() {
    this.run(async () => {
      const game = this.state.game;
      let press;
      try {
        ({ press } = await this.client.request({ cmd: "lightsout.hint", game }));
      } catch (error) {
        const plain = !error.cancelled && plainRefusal(error.message);
        if (!plain) throw error;
        this.say(plain, true);
        return;
      }
      this.session.noteHelp("hint");
      if (this.state.game !== game) return;
      this.hint = press ? { game, press } : null;
      this.grid.redraw();
      const done = this.states === 2 ? "All lights are already out." : "Every cell is already 0.";
      const unsolvable = !press && this.state.lit > 0;
      this.say(press
        ? `Hint: press the ringed cell (row ${press[0] + 1}, column ${press[1] + 1}): it is on a shortest way to the end.`
        : unsolvable
          ? "This board cannot be solved: no set of presses clears it. Show solution outlines the cells that prove it."
          : done, unsolvable);
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
    const { rows, cols } = this.state;
    const values = new Uint8Array(rows * cols);
    values[row * cols + col] = 1;
    this.#playGrid(new Board(rows, cols, values).grid);
  }

  /** Load the board `grid` (rows of digits joined by '/') under the rules shown. */
  #playGrid(grid) {
    this.run(async () => {
      const state = await this.client.request({
        cmd: "lightsout.load", game: grid, ...this.controls.variantOptions(),
      });
      this.#replaceBoard(state);
    });
  }

  /** Whether the rules shown are the classic ones (cross, walls, on/off): the shipped tables'. */
  #classicRules() {
    const { wrap, neighbourhood, states } = this.controls.variantOptions();
    return !wrap && neighbourhood === "cross" && states === 2;
  }

  // --- long jobs: solve, analysis, gallery (kept-jobs.mjs) -------------------

  #refreshJobs() {
    for (const job of Object.values(this.kept)) job.refresh();
  }

  // --- display ---------------------------------------------------------------

  /**
   * Draw `state`; `pressedFrom`, the cells before a press, animates the
   * lights it toggled; a winning press (at `pressedAt`) ripples over the board.
   */
  #show(state, { pressedFrom = null, pressedAt = null } = {}) {
    const reshaped = !this.state || this.state.rows !== state.rows || this.state.cols !== state.cols;
    this.state = state;
    this.states = state.variant?.states || 2;
    this.values = gridValues(state.grid, state.rows, state.cols);
    if (this.hint?.game !== state.game) this.hint = null;
    this.setGameId(state.game);
    this.setStatus(this.session.isWon(state) ? "solved" : "ready");
    this.#field("lit").textContent = this.#litText(state);
    this.controls.showVariant(state.variant);
    this.pressedFrom = reshaped ? null : pressedFrom;
    // The winning press: the last lights ripple out from it (painter.mjs).
    this.rippling = Boolean(this.pressedFrom && pressedAt) && this.session.isWon(state) && this.mode === "play";
    if (reshaped) {
      this.controls.showShape(state.rows, state.cols);
      this.grid.setShape(state.rows, state.cols);
    } else if (this.pressedFrom) {
      const toggled = [];
      this.values.forEach((value, i) => {
        if (value !== this.pressedFrom[i]) toggled.push([Math.floor(i / state.cols), i % state.cols]);
      });
      this.grid.animate(this.rippling ? rippleCells(state.rows, state.cols, pressedAt) : toggled, 120);
    } else {
      this.grid.redraw();
    }
    if (this.session.isWon(state) && this.mode === "play") {
      const done = this.states === 2 ? "All lights are out" : "Every cell is 0";
      const solved = `${done} — solved in ${plural(this.moves, "press", "presses")}`;
      if (this.moves) this.#compareWithFewest(state, solved);
      else this.say(`${done}.`);
    } else if (this.mode === "edit") {
      const press = pressVerb();
      this.say(this.states === 2
        ? `Edit mode: ${press} or drag to paint lights, then switch to Play.`
        : `Edit mode: ${press} a cell to count it up (drag to paint that value), then switch to Play.`);
    } else {
      // An embed's rule line (embed-fit.mjs) says the rules: the status line stays free.
      this.say(this.root.querySelector(":scope > .puzzlelab-rule") ? "" : this.ruleText());
    }
    for (const job of Object.values(this.kept)) job.describe();
    this.#refreshJobs();
  }

  /**
   * Once solved, say how few presses the starting board needed: the solver's
   * count, "at most" when its search could not prove it the fewest.
   */
  #compareWithFewest(state, done) {
    const start = this.session.start;
    if (!start || start.game === state.game || start.rows * start.cols > 400) {
      this.say(`${done}!`);
      return;
    }
    // The solver answers after the win: the line says so, then updates in view.
    this.say(`${done}! The fewest possible is not known yet…`);
    const moves = this.moves;
    this.run(async () => {
      const s = await this.#startSolution(start);
      if (this.state !== state) return; // the board moved on meanwhile
      if (!s.solvable) {
        this.say(`${done}!`);
        return;
      }
      const fewest = plural(s.press_count, "press", "presses");
      // A game helped by a hint or the solution is never called perfect.
      const matched = moves <= s.press_count && this.session.help.length === 0;
      this.say(s.proven_fewest
        ? `${done}; the fewest possible is ${fewest}${matched ? ": a perfect game!" : "."}`
        : `${done}; it can be done in at most ${fewest}${matched ? ", and you matched that!" : "."}`);
    });
  }

  /** Say what the solver found, or how far it has got (`progress`: 0..1, `line` in words). */
  #describeSolution(progress = null, line = "Solving…") {
    const job = this.kept.solve;
    const error = job.result?.error;
    this.solutionNote.show({
      busy: this.showSolution && Boolean(job.running),
      progress,
      line: playerProgress(line),
      error: this.showSolution && error && error !== "Cancelled." ? error : null,
      solution: this.showSolution ? this.solution : null,
      states: this.states,
      values: this.values,
    });
  }

  /** Ring the board's cell [row, col] (a gallery board pointed at), or none (null). */
  #ring(cell) {
    this.highlight = cell;
    this.grid.redraw();
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

  #field(name) {
    return this.root.querySelector(`[data-field="${name}"]`);
  }

  /** What each button does (the base wires them: board-kit.mjs; undo and redo are its own). */
  actions() {
    return {
      play: () => this.#setMode("play"),
      edit: () => this.#setMode("edit"),
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
      analysis: () => this.panels.toggle("analysis"),
      gallery: () => this.panels.toggle("gallery"),
      "job-analysis": () => this.kept.analysis.cancelOrRetry(),
      prove: () => this.#proveFewest(),
      "job-gallery": () => this.kept.gallery.cancelOrRetry(),
    };
    // H, U, R, N and ? are the base's keys (PuzzleBoard), the same on every board.
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

  /**
   * What the win card says: the presses played against the fewest for the
   * starting board, which the solver finds meanwhile (null when it cannot
   * prove the fewest, or the board is too big to ask).
   */
  winFacts() {
    const start = this.session.start;
    const count = this.moves;
    const best = !start || start.rows * start.cols > 400 ? null
      : this.#startSolution(start).then((s) => (s.solvable && s.proven_fewest ? s.press_count : null));
    return { count, unit: count === 1 ? "press" : "presses", best, bestLabel: "fewest" };
  }

  /**
   * The solver's answer for the starting board, asked once per start: the
   * message line and the win card both compare the presses with it.
   */
  #startSolution(start) {
    if (this.#startSolved?.game !== start.game) {
      const answer = this.client.request({ cmd: "lightsout.solve", game: start.game, press_list: false });
      const asked = { game: start.game, answer };
      answer.catch(() => { // a failed ask may be asked again
        if (this.#startSolved === asked) this.#startSolved = null;
      });
      this.#startSolved = asked;
    }
    return this.#startSolved.answer;
  }
}
