// The peg solitaire board: it composes its parts and runs the game. Python
// (puzzlelab.api, in the worker) owns the rules, the solver and the census,
// and rules.mjs answers the moves before Python is up; the session
// (session.mjs, through PuzzleBoard) keeps the undo history of positions.
// The parts, each one job:
//   drawing.mjs       the canvas: hole geometry, colours, painting, hit tests
//   searches.mjs      verdict, Hint, Solve, the shortest and Count (long-jobs.mjs's "search")
//   playback.mjs      a found solution played jump by jump, or move by move
//   catalogue.mjs     the shipped single-vacancy problems: par, shortest solutions
//   catalogue-panel.mjs  their table in the lab (a row plays that problem)
//   editor.mjs        Edit mode's tools and what an edit makes of the cells
//   census-panel.mjs  the Census panel (long-jobs.mjs's "census")
//   moves.mjs, score.mjs  moves as players count them; a won game against its par
//   words.mjs         how holes and counts are worded
//   template.mjs      the board's markup, its panels' and How it works
// This module keeps the game (board menu, goal, loading, jumps, what is
// shown) and turns clicks, drags and keys into the parts' calls.

import { pressVerb, roomBesideNotes } from "../../grid-canvas.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
import { gameLink } from "../../share-links.mjs";
import { findProblem, loadCatalogue } from "./catalogue.mjs";
import { CataloguePanel } from "./catalogue-panel.mjs";
import { CensusPanel } from "./census-panel.mjs";
import { JumpMotion, boardGeometry, nearestCell, paintBoard, PALETTE } from "./drawing.mjs";
import { BoardEditor } from "./editor.mjs";
import { SolutionPlayback } from "./playback.mjs";
// A game ID is the grid, then "@" and the goal when it is not the default.
import { BOARDS, SAVED_GAMES, formatCells, gameId, gridCells, parseGameId as parsePegsId } from "./rules.mjs";
import { GameScore } from "./score.mjs";
import { PositionSearches } from "./searches.mjs";
import { TEMPLATE } from "./template.mjs";
import { holeName, plural } from "./words.mjs";

export class PegsBoard extends PuzzleBoard {
  static kind = "pegs";
  static stylesheet = new URL("./pegs.css", import.meta.url);
  static savedGames = SAVED_GAMES; // what a saved game may hold (rules.mjs)
  static title = "Peg solitaire";
  static pythonActions = ["hint", "solve", "count", "census"];
  static template = TEMPLATE;
  static mainActions = ["reset"];
  static keyHelp = "arrow keys move the ring from hole to hole, Space or Enter on a peg picks it up (its jumps are marked green), then Space or Enter on a marked hole jumps there (in Edit mode: applies the tool),";
  // The history keeps grids; the goal, the same for the whole game, is the board's.
  static session = { idOf: (state) => state.grid, won: (state) => state.won };
  static counter = "Jumps"; // "Jumps: 3" in its [data-field="moves"] (board-kit.mjs)

  constructor(root, client, options = {}) {
    const { lab = false, controls = "full" } = options;
    super(root, client, options);
    this.state = null; // from Python: grid, lattice, rows, cols, moves, won, stuck, goal...
    this.cells = []; // the grid's rows of "o . -" (the editor draws on them)
    this.mode = "play";
    this.goal = "default"; // "default", "any", a hole "r,c" or a pattern grid
    this.goalHole = null;
    this.goalPattern = null;
    this.selected = null; // [r, c] of the peg picked to jump
    this.hint = null; // [[fr, fc], [tr, tc]]
    this.drag = null;
    this.jumpMotion = new JumpMotion(() => this.#draw()); // a jump in motion, drawn by #draw

    this.searches = new PositionSearches(root, this.jobs, {
      position: () => ({ grid: this.state.grid, goal: this.#goalParam() }),
      say: (text, isError) => this.say(text, isError),
      noteHelp: (kind) => this.session.noteHelp(kind),
      onHint: (move) => {
        this.hint = move;
        this.#draw();
      },
      onSolution: (moves) => this.playback.start(moves),
      onShortest: (moves) => this.playback.start(moves, { byMove: true }),
    });
    this.playback = new SolutionPlayback(root, {
      run: (action) => this.run(action),
      jump: (from, to) => this.#jump(from, to),
      note: (text) => this.searches.note(text),
      finished: () => this.#show(this.state, { keepNote: true }),
    });
    this.editor = new BoardEditor(root);
    this.census = new CensusPanel(root, this.jobs);
    this.score = new GameScore(this.session, () => ({ grid: this.startGrid, state: this.state }));
    this.onMainPage = lab; // a problem chosen in the table opens as a link of the page (app.mjs)
    this.problemTable = new CataloguePanel(root, {
      game: () => this.state && { grid: this.startGrid, state: this.state },
      open: (id) => this.#openProblem(id),
      href: (id) => gameLink(PegsBoard.kind, id),
    });
    if (lab && controls === "full") this.problemTable.wake(); // the lab was left open on the main page

    this.canvas = root.querySelector("canvas");
    this.ctx = this.canvas.getContext("2d");
    this.#wire();
    this.enableKeyboard(this.canvas);
    new ResizeObserver(() => this.#draw()).observe(this.canvas.parentElement);
  }

  /** Python is ready: the board list, then the first game. */
  start(options) {
    this.run(async () => {
      await this.#boardList();
      this.#field("board").value = options.board || BOARDS[0]; // the English board
      const board = this.boards.find((b) => b.name === this.#field("board").value);
      if (!options.grid) this.#setGoal(board.goal);
      await this.#newGame(options.grid || board.grid);
    });
  }

  /** The next classic game in the board menu (after the last, the first). */
  nextPuzzle() {
    this.run(async () => {
      await this.#boardList();
      const at = this.boards.findIndex((b) => b.name === this.#field("board").value);
      await this.#playClassic(this.boards[(at + 1) % this.boards.length]);
    });
  }

  /** The date's game: the classic boards in turn, one a day. */
  async dailyPuzzle(seed, day) {
    await this.#boardList();
    const n = this.boards.length;
    const board = this.boards[((day % n) + n) % n]; // dates before 1970 count back
    await this.#playClassic(board);
    this.say(`The daily puzzle: the ${board.title.replace(/ \(.*/, "")} board. ${this.message.textContent}`);
  }

  /** A board's usual game: its start and its goal (French and Diamond cannot end in the centre). */
  async #playClassic(board) {
    if (this.mode !== "play") this.#setMode("play");
    this.#field("board").value = board.name;
    this.#setGoal(board.goal);
    await this.#newGame(board.grid);
  }

  /** Jumps made since the start (the session's count). */
  get moves() {
    return this.session.moves;
  }

  /** The grid of the starting position, or null before the first game. */
  get startGrid() {
    return this.session.start?.grid ?? null;
  }

  /** The game ID of the starting position. */
  startGameId() {
    return this.#gameIdOf(this.startGrid);
  }

  /** The named boards from Python, into the board menu (once). */
  async #boardList() {
    if (this.boards) return;
    const { boards } = await this.client.request({ cmd: "pegs.boards" });
    this.boards = boards;
    this.#field("board").innerHTML = boards.map((b) => `<option value="${b.name}">${b.title}</option>`).join("")
      + '<option value="custom">Custom (from the editor)</option>';
  }

  /** The game (its ID: grid and goal), its goal and its undo/redo history (see PuzzleBoard). */
  snapshot() {
    const saved = this.session.snapshot();
    return saved && { ...saved, game: this.gameId, goal: this.goal };
  }

  async restore(snapshot) {
    // The goal in the game ID wins; saves made before IDs carried it have a goal field.
    const linked = typeof snapshot?.game === "string" ? parsePegsId(snapshot.game) : null;
    const goal = linked && linked.goal !== "default" ? linked.goal : snapshot?.goal ?? "default";
    if (typeof goal !== "string" || (goal !== "default" && parsePegsId(`@${goal}`).goal !== goal)) {
      throw new Error("unknown goal");
    }
    await this.#boardList();
    const load = (id) => this.client.request({
      cmd: "pegs.load", grid: parsePegsId(id).grid, goal: goal === "default" ? null : goal,
    });
    const { state } = await this.restoreSession(snapshot, load);
    this.playback.stop();
    this.#setGoal(goal);
    this.#field("board").value = this.boards.find((b) => b.grid === this.startGrid)?.name || "custom";
    this.#show(state);
    this.census.clear();
  }

  showState(state) {
    this.#show(state);
  }

  /** Undo and redo stop a playback first; the session hands back the stored position. */
  undo() {
    this.playback.stop();
    return super.undo();
  }

  redo() {
    this.playback.stop();
    return super.redo();
  }

  reset() {
    this.playback.stop();
    return super.reset();
  }

  /** Goal "default", "any", a hole "r,c" or a pattern grid, also in the goal menu. */
  #setGoal(goal) {
    this.goal = goal;
    const select = this.#field("goal");
    const choice = /^\d+,\d+$/.test(goal) ? "hole" : ["default", "any"].includes(goal) ? goal : "pattern";
    if (choice === "hole") this.goalHole = goal;
    if (choice === "pattern") this.goalPattern = goal;
    const option = select.querySelector(`option[value="${choice}"]`);
    option.disabled = false;
    option.hidden = false;
    select.value = choice;
  }

  /** The game ID of `grid` under the current goal (see parsePegsId). */
  #gameIdOf(grid) {
    return gameId(grid, this.goal);
  }

  /** True when no action, verdict or playback is under way (tests wait on it). */
  idle() {
    return super.idle() && !this.searches.running && !this.playback.active;
  }

  /** Page coordinates of the centre of hole (r, c): for tests and embedders. */
  cellCentre(r, c) {
    const rect = this.canvas.getBoundingClientRect();
    const [x, y] = this.geo.at(r, c);
    return [rect.left + x, rect.top + y];
  }

  // --- the game ------------------------------------------------------------------

  /** A cancel is the user's own doing: nothing to report. */
  _actionFailed(error) {
    if (!error.cancelled) super._actionFailed(error);
  }

  #goalParam() {
    return this.goal === "default" ? null : this.goal;
  }

  async #load(grid) {
    return this.#leave({ cmd: "pegs.load", grid, goal: this.#goalParam() });
  }

  /**
   * Send a request for the position that replaces the shown one. A verdict
   * still searching is about the position being left (undecided Wiegleb
   * positions take seconds) and would share the engine's time with the
   * move (worker.mjs): it is stopped first; should the request fail, the
   * position stays and its verdict runs again.
   */
  async #leave(request) {
    const stopped = this.searches.stopVerdict();
    try {
      return await this.client.request(request);
    } catch (error) {
      if (stopped && !this.searches.running) this.searches.checkVerdict(this.state);
      throw error;
    }
  }

  async #newGame(grid) {
    this.playback.stop();
    const state = await this.#load(grid);
    this.session.begin(state);
    this.#show(state);
    this.census.clear();
  }

  async #jump(from, to) {
    const state = await this.#leave({
      cmd: "pegs.move", grid: this.state.grid, goal: this.#goalParam(), from, to,
    });
    this.announce(`Jumped from ${holeName(from)} to ${holeName(to)}; ${plural(state.pegs, "peg")} left.`);
    this.session.record(state);
    this.lastLanding = to; // where the last peg sits once the game is won (winKeepClear)
    this.#show(state);
    this.jumpMotion.start(from, to, { settle: this.session.isWon(state) });
  }

  /** The won game's last peg, as a box in page coordinates: the win card keeps off it. */
  winKeepClear() {
    if (!this.lastLanding || !this.session.isWon()) return null;
    const [x, y] = this.cellCentre(...this.lastLanding);
    const half = this.geo.cell / 2;
    return new DOMRect(x - half, y - half, 2 * half, 2 * half);
  }

  /** The jump being animated ({from, over, to, t}), or null: tests look at it. */
  get motion() {
    return this.jumpMotion.current;
  }

  /** Show a position; a note about the previous one (hint, count...) goes with it. */
  #show(state, { keepNote = false } = {}) {
    this.jumpMotion.stop(); // anything shown next (another jump, an undo) ends a jump's motion at once
    this.searches.cancel();
    if (!keepNote) this.searches.note("");
    this.state = state;
    this.cells = gridCells(state.grid);
    this.selected = null;
    this.hint = null;
    this.setGameId(this.#gameIdOf(state.grid));
    this.setStatus(this.session.isWon(state) ? "won" : state.stuck ? "stuck" : "ready");
    this.#field("pegs").textContent = `${plural(state.pegs, "peg")} on ${state.holes} holes`;
    this.#field("goal-text").textContent = `Goal: ${state.goal_text}`;
    if (this.mode === "edit") {
      this.say(`Edit: ${pressVerb()} holes with the chosen tool, then switch to Play. At most 64 holes.`);
    } else if (this.session.isWon(state)) {
      this.say(this.moves ? this.score.wonText() : "This position is already the goal.");
      // The par is said as soon as the catalogue arrives, if this is still shown.
      if (this.moves) this.score.whenParKnown(() => this.state === state && this.say(this.score.wonText()));
      this.problemTable.wake();
    } else if (state.stuck) {
      this.say("No move is left: the game is over without reaching the goal.", true);
    } else {
      // The rule itself, not only the gesture: a first-time player learns that
      // a jump goes over a peg and takes it off (two lines at most on a phone;
      // a peg dragged there jumps too).
      this.say(`${pressVerb(true)} a peg, then the hole past its neighbour, which is taken off.`);
    }
    this.problemTable.follow();
    const open = this.#judging(state);
    this.#draw();
    if (open) this.searches.checkVerdict(state);
  }

  /**
   * The first touch of this board (puzzle-board.mjs): the shown position gets
   * its verdict, unless that touch asked for a search (a hint, a solve, a
   * count), which says more and must not be replaced by it.
   */
  onFirstTouch() {
    this.problemTable.wake(); // the par and the table, ready by the win
    if (!this.state || this.playback.active || this.searches.running) return;
    if (this.#judging(this.state)) this.searches.checkVerdict(this.state);
  }

  /**
   * Whether the verdict line asks Python about `state` (it says so if it
   * does): moves are left to judge, and the board was touched. A reader who
   * only looks starts no Python and downloads no opening book, nor does a
   * touch of another board of the page.
   */
  #judging(state) {
    // (Not during a playback, which asks nothing until it ends.)
    const open = this.mode === "play" && !this.session.isWon(state) && !state.stuck && this.touched
      && !this.playback.active;
    this.searches.setVerdict(open ? "Checking whether the goal is still reachable…" : "");
    return open;
  }

  /**
   * Show me the shortest: from the start of a catalogue problem its shipped
   * solution (no Python), from anywhere else Python's fewest-moves search;
   * played move by move.
   */
  #showShortest() {
    this.playback.stop();
    this.run(async () => {
      const catalogue = await loadCatalogue().catch(() => null);
      const problem = catalogue && findProblem(catalogue, this.state.grid, this.state);
      if (!problem) {
        this.searches.shortest();
        return;
      }
      this.session.noteHelp("solve");
      if (problem.fewestMoves === null) {
        this.searches.note("The goal cannot be reached from this position.");
        return;
      }
      this.searches.note(`Shortest: ${plural(problem.fewestMoves, "move")} (${plural(problem.shortest.length, "jump")}),`
        + " proven fewest (from the table of problems). Playing it move by move…");
      this.playback.start(problem.shortest, { byMove: true });
    });
  }

  /**
   * A problem chosen in the table, as a new game: on the main page as a link
   * of the page (app.mjs: a game in progress is kept, with "Back to your
   * game"), elsewhere (an embed) on this board; then the board comes into view.
   */
  #openProblem(id) {
    // Not through the action queue: each action's end writes the shown game
    // into the address (app.mjs), which would undo the new hash before its
    // hashchange is read.
    if (this.onMainPage) location.hash = `#${PegsBoard.kind}=${encodeURIComponent(id)}`;
    else this.openGame(id, "The problem");
    this.bringIntoView(this.root.querySelector(".board-area"));
  }

  /** The lab opened: its table of problems is wanted. */
  setControls(mode) {
    super.setControls(mode);
    if (mode === "full") this.problemTable.wake();
  }

  #draw() {
    if (!this.state) return;
    const editing = this.mode === "edit";
    const box = this.canvas.parentElement.getBoundingClientRect();
    this.geo = boardGeometry(this.cells, {
      triangular: this.state.lattice === "triangular", editing, width: box.width, height: this.#room(),
    });
    paintBoard(this.canvas, this.ctx, this.geo, {
      cells: this.cells, editing, colors: this.readColors(PALETTE), goalCells: this.state.goal_cells || [],
      moves: this.state.moves, selected: this.selected, hint: this.hint, cursor: this.focusedCell(),
      motion: this.motion,
    });
  }

  repaint() {
    this.#draw();
  }

  /**
   * The height the board may take: what is left on the first screen, the
   * status, verdict and hint lines counted at one line each, so that their
   * words never resize the board.
   */
  #room() {
    return roomBesideNotes(this.boardRoom(200),
      this.root.querySelectorAll(".message, .verdict, .solution-note"));
  }

  // --- keyboard play (see PuzzleBoard.enableKeyboard) -----------------------------

  cursorBounds() {
    return [this.cells.length, this.cells[0]?.length || 1];
  }

  /** Holes only, except in the editor, which may add holes anywhere. */
  cursorAllowed(r, c) {
    return this.mode === "edit" || this.cells[r]?.[c] !== "-";
  }

  describeCell(r, c) {
    const ch = this.cells[r][c];
    const picked = this.selected?.[0] === r && this.selected?.[1] === c;
    const target = this.selected && this.state.moves.some(([[fr, fc], [tr, tc]]) =>
      fr === this.selected[0] && fc === this.selected[1] && tr === r && tc === c);
    const what = ch === "o" ? `peg${picked ? ", picked up" : ""}`
      : ch === "." ? `empty hole${target ? ", a jump target" : ""}` : "no hole";
    return `Row ${r + 1} column ${c + 1}, ${what}.`;
  }

  actAt(r, c) {
    if (this.mode === "edit") {
      this.#edit([r, c]);
      return;
    }
    const picked = this.selected?.[0] === r && this.selected?.[1] === c;
    if (picked) {
      this.selected = null; // a second press puts the peg back down
      this.announce("Peg put down.");
      this.#draw();
    } else {
      this.#choose([r, c]);
      if (this.selected?.[0] === r && this.selected?.[1] === c) {
        const jumps = this.state.moves.filter(([[fr, fc]]) => fr === r && fc === c).length;
        this.announce(`Picked up the peg; ${jumps ? plural(jumps, "jump") : "no jump"} from here.`);
      }
    }
  }

  // --- pointer play ----------------------------------------------------------------

  /** The grid cell nearest a pointer event (holes only, except in the editor). */
  #cellAt(event) {
    if (!this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    return nearestCell(this.geo, this.cells, event.clientX - rect.left, event.clientY - rect.top,
      { editing: this.mode === "edit" });
  }

  #pointerDown(event) {
    if (!this.state || this.root.dataset.status === "loading") return;
    const cell = this.#cellAt(event);
    if (!cell) return;
    event.preventDefault();
    this.pointedAt(...cell);
    if (this.mode === "edit") {
      this.#edit(cell);
      return;
    }
    if (this.#choose(cell)) {
      this.drag = cell;
      this.canvas.setPointerCapture?.(event.pointerId);
    }
  }

  /** A click or key on a play cell: pick up a peg, or jump the picked one there. True if a peg was picked. */
  #choose(cell) {
    const [r, c] = cell;
    if (this.cells[r][c] === "o") {
      this.playback.stop();
      this.selected = cell;
      this.#draw();
      return true;
    }
    if (this.selected) this.#tryJump(this.selected, cell);
    else this.say("Pick up a peg first, then choose the hole it jumps into.");
    return false;
  }

  #pointerUp(event) {
    const from = this.drag;
    this.drag = null;
    if (!from || this.mode !== "play") return;
    const cell = this.#cellAt(event);
    if (cell && (cell[0] !== from[0] || cell[1] !== from[1])) this.#tryJump(from, cell);
  }

  #tryJump(from, to) {
    const legal = this.state.moves.some(([[fr, fc], [tr, tc]]) =>
      fr === from[0] && fc === from[1] && tr === to[0] && tc === to[1]);
    if (!legal) {
      this.say("That is not a jump: jump a peg over a neighbour into an empty hole.", true);
      return;
    }
    this.playback.stop();
    this.run(() => this.#jump(from, to));
  }

  // --- the editor ------------------------------------------------------------------

  /** The editor's tool on a cell: a new custom game (the drawing back as it was should it fail). */
  #edit(cell) {
    const change = this.editor.apply(this.cells, cell);
    if (!change) return;
    if (change.goal) this.#setGoal(change.goal);
    this.#field("board").value = "custom";
    const grid = formatCells(this.cells, this.state.lattice);
    this.run(async () => {
      try {
        await this.#newGame(grid);
      } catch (error) {
        this.cells = gridCells(this.state.grid);
        this.#draw();
        throw error;
      }
    });
  }

  #resize() {
    const { cells, lattice, error } = this.editor.resized(this.cells);
    if (error) {
      this.say(error, true);
      return;
    }
    this.#field("board").value = "custom";
    this.state = { ...this.state, lattice };
    this.run(() => this.#newGame(formatCells(cells, lattice)));
  }

  #setMode(mode) {
    this.mode = mode;
    this.playback.stop();
    for (const name of ["play", "edit"]) {
      this.#button(name).setAttribute("aria-pressed", String(name === mode));
    }
    // (On phones the play tools other than undo, hint and reset sit under the board too.)
    for (const part of this.root.querySelectorAll('[data-part="play-tools"]')) part.hidden = mode === "edit";
    for (const part of this.root.querySelectorAll('[data-part="edit-tools"]')) part.hidden = mode !== "edit";
    this.root.classList.toggle("editing", mode === "edit");
    if (mode === "edit") this.editor.showShape(this.state);
    if (this.state) this.#show(this.state);
  }

  // --- wiring ----------------------------------------------------------------------

  /** What each button does (the base wires them: board-kit.mjs; undo and redo are its own). */
  actions() {
    return {
      play: () => this.#setMode("play"),
      edit: () => this.#setMode("edit"),
      reset: () => this.reset(),
      hint: () => this.searches.hint(),
      solve: () => { this.playback.stop(); this.searches.solve(); },
      count: () => this.searches.count(),
      shortest: () => this.#showShortest(),
      pause: () => this.playback.togglePause(),
      step: () => this.playback.step(),
      stop: () => { this.playback.stop(); this.#show(this.state); },
      "cancel-job": () => { this.searches.cancel(); this.searches.note("Cancelled."); },
      census: () => this.census.run(this.startGrid, this.#goalParam()),
      "cancel-census": () => this.census.cancel(),
      resize: () => this.#resize(),
      fill: () => {
        const cells = BoardEditor.filled(this.cells);
        this.run(() => this.#newGame(formatCells(cells, this.state.lattice)));
      },
    };
  }

  #wire() {
    // The editor's tools are a choice, not an action.
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-tool]");
      if (button && this.root.contains(button) && this.state) this.editor.chooseTool(button);
    });
    const actions = this.actions();
    this.#field("board").addEventListener("change", () => {
      const board = this.boards?.find((b) => b.name === this.#field("board").value);
      if (!board) {
        // "Custom": the editor is where a custom board is made.
        if (this.#field("board").value === "custom" && this.state) actions.edit();
        return;
      }
      this.run(() => this.#playClassic(board));
    });
    // The editor's shape acts at once: a lattice choice, or Enter in Rows or Columns.
    this.#field("lattice").addEventListener("change", () => this.state && actions.resize());
    for (const name of ["rows", "cols"]) {
      this.#field(name).addEventListener("keydown", (event) => {
        if (event.key === "Enter" && this.state) actions.resize();
      });
    }
    this.#field("goal").addEventListener("change", () => {
      const value = this.#field("goal").value;
      this.goal = { hole: this.goalHole, pattern: this.goalPattern }[value] ?? value;
      // The whole history under the new goal, so that undo shows its verdicts.
      this.run(async () => {
        const { state } = await this.session.replaceAll(
          (old) => this.client.request({ cmd: "pegs.load", grid: old.grid, goal: this.#goalParam() }));
        this.#show(state);
        this.census.clear();
      });
    });
    this.canvas.style.touchAction = "none";
    this.canvas.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    this.canvas.addEventListener("pointerup", (event) => this.#pointerUp(event));
    this.canvas.addEventListener("pointercancel", () => { this.drag = null; });
  }

  #field(name) {
    return this.root.querySelector(`[data-field="${name}"]`);
  }

  #button(action) {
    return this.root.querySelector(`[data-action="${action}"]`);
  }

  /** What the win card says: moves, jumps and par (score.mjs). */
  winFacts() {
    return this.score.winFacts();
  }
}
