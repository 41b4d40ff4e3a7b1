// The peg solitaire board: it composes its parts and runs the game. Python
// (puzzlelab.api, in the worker) owns the rules, the solver and the census,
// and rules.mjs answers the moves before Python is up; the session
// (session.mjs, through PuzzleBoard) keeps the undo history of positions.
// The parts, each one job:
//   drawing.mjs       the canvas: hole geometry, colours, painting, hit tests
//   searches.mjs      verdict, Hint, Solve and Count (long-jobs.mjs's "search")
//   playback.mjs      a found solution played jump by jump
//   editor.mjs        Edit mode's tools and what an edit makes of the cells
//   census-panel.mjs  the Census panel (long-jobs.mjs's "census")
//   words.mjs         how holes and counts are worded
// This module keeps the game (board menu, goal, loading, jumps, what is
// shown) and turns clicks, drags and keys into the parts' calls.

import { pressVerb, roomBesideNotes } from "../../grid-canvas.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
import { CENSUS_MARKUP, CensusPanel } from "./census-panel.mjs";
import { JumpMotion, boardGeometry, nearestCell, paintBoard, PALETTE } from "./drawing.mjs";
import { BoardEditor, EDITOR_MARKUP } from "./editor.mjs";
import { bestKnownMoves, countMoves, jumpBetween } from "./moves.mjs";
import { SolutionPlayback } from "./playback.mjs";
// A game ID is the grid, then "@" and the goal when it is not the default.
import { BOARDS, SAVED_GAMES, formatCells, gameId, gridCells, parseGameId as parsePegsId } from "./rules.mjs";
import { PositionSearches } from "./searches.mjs";
import { holeName, plural } from "./words.mjs";

const STYLE = new URL("./pegs.css", import.meta.url);

const TEMPLATE = `
  <div class="toolbar" role="toolbar" aria-label="Peg solitaire controls">
    <div class="group">
      <label>Board <select data-field="board" aria-label="Board"></select></label>
      <label>Goal <select data-field="goal" aria-label="Goal">
        <option value="default">Default (the centre, else anywhere)</option>
        <option value="any">One peg anywhere</option>
        <option value="hole" disabled>One peg at the marked hole</option>
        <option value="pattern" disabled hidden>The pattern of the link</option>
      </select></label>
    </div>
    <div class="group" role="group" aria-label="Mode">
      <button type="button" data-action="play" aria-pressed="true">Play</button>
      <button type="button" data-action="edit" aria-pressed="false">Edit</button>
    </div>
  </div>
  <div class="toolbar" data-part="play-tools">
    <div class="group">
      <button type="button" data-action="undo" title="Undo (U)">Undo</button>
      <button type="button" data-action="redo" title="Redo (R)">Redo</button>
      <button type="button" data-action="reset" title="Back to the starting position">Reset</button>
    </div>
    <div class="group">
      <button type="button" data-action="hint">Hint</button>
      <button type="button" data-action="solve">Solve</button>
      <button type="button" data-action="count">Count</button>
    </div>
    <div class="group playback" hidden>
      <button type="button" data-action="pause">Pause</button>
      <button type="button" data-action="step">Step</button>
      <button type="button" data-action="stop">Stop</button>
    </div>
  </div>${EDITOR_MARKUP}
  <p class="counters"><span data-field="moves">Jumps: 0</span> · <span data-field="pegs"></span>
    · <span data-field="goal-text"></span></p>
  <p class="message" role="status" aria-live="polite"></p>
  <p class="verdict" aria-live="polite"></p>
  <p class="solution-note"><button type="button" class="inline" data-action="cancel-job" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <div class="board-area"><canvas aria-label="Peg solitaire board"></canvas>
    <div class="overlay" hidden></div></div>${CENSUS_MARKUP}
  <details class="how-it-works">
    <summary>How it works</summary>
    <p><strong>Jumps and moves.</strong> Each jump removes one peg. Players count several jumps in a
      row by the same peg as one move, so a game is scored by its moves: the English game from the
      centre takes 31 jumps, and the best known way to play it takes 18 moves.</p>
    <p><strong>Still winnable?</strong> After each jump the solver searches whether the goal can
      still be reached from the position, and says so under the board.</p>
    <p><strong>Positions up to symmetry.</strong> Positions that are rotations or mirror images of
      each other play the same way, so the census counts them once as well as one by one.</p>
    <p><strong>Paths.</strong> The number of different jump sequences that lead to the positions of
      a level. The full tree counts every one; the normalised tree first replaces each position by
      one chosen mirror image, so sequences that differ only by a symmetry count once.</p>
    <p><strong>Dead ends and solutions.</strong> A dead end is a position with no jump left; a
      solution is a jump sequence that ends at the goal.</p>
  </details>
`;

export class PegsBoard extends PuzzleBoard {
  static kind = "pegs";
  static savedGames = SAVED_GAMES; // what a saved game may hold (rules.mjs)
  static title = "Peg solitaire";
  static pythonActions = ["hint", "solve", "count", "census"];
  static template = TEMPLATE;
  static mainActions = ["reset"];
  static keyHelp = "arrow keys move the ring from hole to hole, Space or Enter on a peg picks it up (its jumps are marked green), then Space or Enter on a marked hole jumps there (in Edit mode: applies the tool),";
  // The history keeps grids; the goal, the same for the whole game, is the board's.
  static session = { idOf: (state) => state.grid, won: (state) => state.won };

  constructor(root, client, options = {}) {
    let link = document.querySelector(`link[href="${STYLE.href}"]`);
    if (!link) {
      link = Object.assign(document.createElement("link"), { rel: "stylesheet", href: STYLE.href });
      document.head.append(link);
    }
    super(root, client, options);
    // The board may be drawn before its colours arrive: draw it again then.
    if (!link.sheet) link.addEventListener("load", () => this.state && this.repaint(), { once: true });
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
    });
    this.playback = new SolutionPlayback(root, {
      run: (action) => this.run(action),
      jump: (from, to) => this.#jump(from, to, false),
      note: (text) => this.searches.note(text),
      finished: () => this.#show(this.state, { keepNote: true }),
    });
    this.editor = new BoardEditor(root);
    this.census = new CensusPanel(root, this.jobs);

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

  async #jump(from, to, byPlayer = true) {
    const state = await this.#leave({
      cmd: "pegs.move", grid: this.state.grid, goal: this.#goalParam(), from, to,
    });
    this.announce(`Jumped from ${holeName(from)} to ${holeName(to)}; ${plural(state.pegs, "peg")} left.`);
    this.session.record(state, { byPlayer });
    this.#show(state);
    this.jumpMotion.start(from, to);
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
    this.#field("moves").textContent = `Jumps: ${this.moves}`;
    this.#field("pegs").textContent = `${plural(state.pegs, "peg")} on ${state.holes} holes`;
    this.#field("goal-text").textContent = `Goal: ${state.goal_text}`;
    this.#button("undo").disabled = !this.session.canUndo;
    this.#button("redo").disabled = !this.session.canRedo;
    if (this.mode === "edit") {
      this.say(`Edit: ${pressVerb()} holes with the chosen tool, then switch to Play. At most 64 holes.`);
    } else if (this.session.isWon(state)) {
      this.say(this.moves ? this.#wonText(state) : "This position is already the goal.");
    } else if (state.stuck) {
      this.say("No move is left: the game is over without reaching the goal.", true);
    } else {
      this.say(`${pressVerb(true)} a peg, then the hole to jump into (or drag it there).`);
    }
    const open = this.#judging(state);
    this.#draw();
    if (open && !this.playback.active) this.searches.checkVerdict(state);
  }

  /**
   * The first touch of this board (puzzle-board.mjs): the shown position gets
   * its verdict, unless that touch asked for a search (a hint, a solve, a
   * count), which says more and must not be replaced by it.
   */
  onFirstTouch() {
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
    const open = this.mode === "play" && !this.session.isWon(state) && !state.stuck && this.touched;
    this.searches.setVerdict(open ? "Checking whether the goal is still reachable…" : "");
    return open;
  }

  /**
   * The jumps played since the start (or the last reset), read from the
   * grids of the undo history: what players count as moves needs them.
   */
  #jumpsPlayed() {
    const path = [...this.session.history, this.session.current];
    let first = path.length - 1;
    while (first > 0 && path[first].moves > 0) first--;
    const jumps = [];
    for (let i = first; i + 1 < path.length; i++) {
      const [a, b] = [path[i], path[i + 1]];
      const jump = b.moves === a.moves + 1 ? jumpBetween(a.state.grid, b.state.grid) : null;
      if (jump) jumps.push(jump);
    }
    return jumps;
  }

  /** "Solved in 9 moves (13 jumps)!", with the best known count for a classic game. */
  #wonText(state) {
    const jumps = this.#jumpsPlayed();
    const moves = jumps.length === this.moves ? countMoves(jumps) : null;
    const best = bestKnownMoves(this.startGrid, state.goal_text);
    const done = moves === null ? `Solved in ${plural(this.moves, "jump")}!`
      : `Solved in ${plural(moves, "move")} (${plural(this.moves, "jump")})!`;
    const record = best === null || moves === null ? ""
      : moves <= best ? ` That matches the best known, ${best} moves.`
      : ` The best known is ${best} moves: a move is any run of jumps by one peg.`;
    return done + record;
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
      this.say("That is not a jump: a peg jumps over a neighbouring peg into the empty hole behind it.", true);
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

  #wire() {
    const actions = {
      play: () => this.#setMode("play"),
      edit: () => this.#setMode("edit"),
      undo: () => this.undo(),
      redo: () => this.redo(),
      reset: () => this.reset(),
      hint: () => this.searches.hint(),
      solve: () => { this.playback.stop(); this.searches.solve(); },
      count: () => this.searches.count(),
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
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !this.root.contains(button) || !this.state) return;
      if (button.dataset.tool) {
        this.editor.chooseTool(button);
        return;
      }
      actions[button.dataset.action]?.();
    });
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

  /**
   * What the win card says: moves as players count them (a peg's run of
   * jumps is one), the jumps in brackets, against the best known (18 for
   * the central English game, else unknown).
   */
  winFacts() {
    const jumps = this.#jumpsPlayed();
    const moves = jumps.length === this.moves ? countMoves(jumps) : null;
    if (moves === null) return { count: this.moves, unit: this.moves === 1 ? "jump" : "jumps", best: null };
    return {
      count: moves,
      unit: moves === 1 ? "move" : "moves",
      detail: `(${plural(this.moves, "jump")})`,
      best: bestKnownMoves(this.startGrid, this.state.goal_text),
      bestLabel: "best known",
    };
  }
}
