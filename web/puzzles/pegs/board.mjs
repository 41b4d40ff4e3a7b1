// The peg solitaire widget. Python (puzzlelab.api, in the worker) owns the
// rules, the solver and the census; this module draws the board (square or
// triangular lattice) and forwards jumps; the session (session.mjs, through
// PuzzleBoard) keeps the undo history of positions.

import { drawFocusRing } from "../../grid-canvas.mjs";
import { ProgressLine } from "../../long-jobs.mjs";
import { bestKnownMoves, countMoves, jumpBetween } from "./moves.mjs";
import { PuzzleBoard } from "../../puzzle-board.mjs";
// A game ID is the grid, then "@" and the goal when it is not the default.
import { BOARDS, gameId, parseGameId as parsePegsId } from "./rules.mjs";

const STYLE = new URL("./pegs.css", import.meta.url);
const PURE_LIMIT = 150_000; // classes per level the pure engine may reach in the page
const PLAY_DELAY = 550; // ms between moves of a solve playback

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
  </div>
  <div class="toolbar" data-part="edit-tools" hidden>
    <div class="group" role="group" aria-label="Edit tool">
      <button type="button" data-tool="peg" aria-pressed="true">Peg</button>
      <button type="button" data-tool="hole" aria-pressed="false">Empty hole</button>
      <button type="button" data-tool="none" aria-pressed="false">No hole</button>
      <button type="button" data-tool="goal" aria-pressed="false">Goal hole</button>
    </div>
    <div class="group">
      <label>Lattice <select data-field="lattice">
        <option value="square">Square</option><option value="triangular">Triangular</option>
      </select></label>
      <label>Rows <input data-field="rows" type="number" min="1" max="12" value="7"></label>
      <label>Columns <input data-field="cols" type="number" min="1" max="12" value="7"></label>
      <button type="button" data-action="resize">Resize</button>
      <button type="button" data-action="fill">Fill all holes</button>
    </div>
  </div>
  <p class="counters"><span data-field="moves">Jumps: 0</span> · <span data-field="pegs"></span>
    · <span data-field="goal-text"></span></p>
  <p class="message" role="status" aria-live="polite"></p>
  <p class="verdict" aria-live="polite"></p>
  <p class="solution-note"><button type="button" class="inline" data-action="cancel-job" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <div class="board-area"><canvas aria-label="Peg solitaire board"></canvas>
    <div class="overlay" hidden></div></div>
  <details class="census" open>
    <summary>Census</summary>
    <p class="census-intro">The census visits every position that can arise from the start,
      jump by jump, and counts them: positions, the ways to reach them, those from which the
      goal can still be reached, dead ends and winning games (each term is explained under
      How it works). The full English board needs a faster engine, downloaded when a census
      starts; without it, boards small enough to finish in the page are counted.</p>
    <div class="toolbar">
      <button type="button" data-action="census">Run census</button>
      <button type="button" data-action="cancel-census" hidden>Cancel</button>
      <progress class="census-progress" max="1" value="0" hidden></progress>
      <span class="census-status" aria-live="polite"></span>
    </div>
    <p class="census-note"></p>
    <div class="census-chart"></div>
    <div class="census-table"></div>
  </details>
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

/** Parse a grid ("o . -" rows joined by "/", "t:" prefix or ragged rows = triangular). */
function parseGrid(text) {
  let body = text;
  if (body.startsWith("t:")) body = body.slice(2);
  const rows = body.split("/");
  const width = Math.max(...rows.map((row) => row.length));
  return rows.map((row) => Array.from(row.padEnd(width, "-")));
}

function formatGrid(cells, lattice) {
  const lines = cells.map((row) => row.join(""));
  if (lattice !== "triangular") return lines.join("/");
  const trimmed = lines.map((line) => line.replace(/-+$/, "") || "-");
  const ragged = new Set(trimmed.map((line) => line.length)).size > 1;
  return (ragged ? "" : "t:") + trimmed.join("/");
}

const key = (r, c) => `${r},${c}`;

/** A hole as people count them, from 1 (game IDs and the command line count from 0). */
const holeName = ([row, col]) => `row ${row + 1} column ${col + 1}`;
const plural = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 || n === 1n ? "" : "s"}`;

export class PegsBoard extends PuzzleBoard {
  static kind = "pegs";
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
    this.cells = []; // parsed grid
    this.mode = "play";
    this.tool = "peg";
    this.goal = "default"; // "default", "any", a hole "r,c" or a pattern grid
    this.goalHole = null;
    this.goalPattern = null;
    this.selected = null; // [r, c] of the peg picked to jump
    this.hint = null; // [[fr, fc], [tr, tc]]
    this.drag = null;
    this.verdict = null;
    this.verdicts = new WeakMap(); // state -> its pegs.status answer: undo and redo ask no more
    this.playback = null; // {moves, index, timer, paused}
    this.searchLine = new ProgressLine(root.querySelector(".solution-note"));

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
    this.#stopPlayback();
    this.#setGoal(goal);
    this.#field("board").value = this.boards.find((b) => b.grid === this.startGrid)?.name || "custom";
    this.#show(state);
    this.#clearCensus();
  }

  showState(state) {
    this.#show(state);
  }

  /** Undo and redo stop a playback first; the session hands back the stored position. */
  undo() {
    this.#stopPlayback();
    return super.undo();
  }

  redo() {
    this.#stopPlayback();
    return super.redo();
  }

  reset() {
    this.#stopPlayback();
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
    return super.idle() && !this.jobs.running("search") && !this.playback;
  }

  /** Page coordinates of the centre of hole (r, c): for tests and embedders. */
  cellCentre(r, c) {
    const rect = this.canvas.getBoundingClientRect();
    const [x, y] = this.geo.at(r, c);
    return [rect.left + x, rect.top + y];
  }

  // --- actions -------------------------------------------------------------------

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
    const stopped = this.jobs.running("search")?.key === "verdict" && this.jobs.cancel("search");
    try {
      return await this.client.request(request);
    } catch (error) {
      if (stopped && !this.jobs.running("search")) this.#checkVerdict();
      throw error;
    }
  }

  async #newGame(grid) {
    this.#stopPlayback();
    const state = await this.#load(grid);
    this.session.begin(state);
    this.#show(state);
    this.#clearCensus();
  }

  #record(state, byPlayer) {
    this.session.record(state, { byPlayer });
    this.#show(state);
  }

  async #jump(from, to, byPlayer = true) {
    const state = await this.#leave({
      cmd: "pegs.move", grid: this.state.grid, goal: this.#goalParam(), from, to,
    });
    this.announce(`Jumped from ${holeName(from)} to ${holeName(to)}; ${plural(state.pegs, "peg")} left.`);
    this.#record(state, byPlayer);
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

  repaint() {
    this.#draw();
  }

  // --- display -------------------------------------------------------------------

  /** Show a position; a note about the previous one (hint, count...) goes with it. */
  #show(state, { keepNote = false } = {}) {
    this.jobs.cancel("search");
    if (!keepNote) this.#note("");
    this.state = state;
    this.cells = parseGrid(state.grid);
    this.selected = null;
    this.hint = null;
    this.verdict = null;
    this.setGameId(this.#gameIdOf(state.grid));
    this.setStatus(this.session.isWon(state) ? "won" : state.stuck ? "stuck" : "ready");
    this.#field("moves").textContent = `Jumps: ${this.moves}`;
    this.#field("pegs").textContent = `${plural(state.pegs, "peg")} on ${state.holes} holes`;
    this.#field("goal-text").textContent = `Goal: ${state.goal_text}`;
    this.#button("undo").disabled = !this.session.canUndo;
    this.#button("redo").disabled = !this.session.canRedo;
    if (this.mode === "edit") {
      this.say("Edit: click holes with the chosen tool, then switch to Play. At most 64 holes.");
    } else if (this.session.isWon(state)) {
      this.say(this.moves ? this.#wonText(state) : "This position is already the goal.");
    } else if (state.stuck) {
      this.say("No move is left: the game is over without reaching the goal.", true);
    } else {
      this.say("Click a peg, then the hole to jump into (or drag it there).");
    }
    const open = this.mode === "play" && !this.session.isWon(state) && !state.stuck; // moves left to judge
    this.#setVerdict(open ? "Checking whether the goal is still reachable…" : "");
    this.#draw();
    if (open && !this.playback) this.#checkVerdict();
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

  /** The dead-end verdict for the shown position: a quick search, beside the action queue. */
  #checkVerdict() {
    const state = this.state;
    const known = this.verdicts.get(state);
    if (known) {
      this.#showVerdict(known);
      return;
    }
    this.#search("verdict", { cmd: "pegs.status", grid: state.grid, goal: this.#goalParam() }, (result) => {
      this.verdicts.set(state, result);
      this.#showVerdict(result);
    }, { quiet: true });
  }

  /** Say what the dead-end check found. */
  #showVerdict(result) {
    this.verdict = result.verdict;
    const text = {
      reachable: "The goal can still be reached.",
      dead: `Dead end: ${result.reason}`,
      unknown: "The quick check could not decide whether the goal can still be reached; Hint or Solve will search fully.",
    }[result.verdict] || "";
    this.#setVerdict(text, result.verdict === "dead");
    this.root.dataset.verdict = result.verdict;
  }

  /**
   * Run one cancellable search about the shown position (long-jobs.mjs: one
   * at a time, answers about a position no longer shown dropped).
   */
  #search(kind, request, onResult, { quiet = false } = {}) {
    const activity = { hint: "Looking for a hint", solve: "Solving", count: "Counting" }[kind] ?? "Checking";
    const grid = this.state.grid;
    // A count reports levels done of a known total (a bar); searches report
    // positions visited, with no total.
    const onProgress = (report, reading) => {
      if (quiet) return;
      if (report.total > 0) this.searchLine.show(reading.fraction, reading.text);
      else this.searchLine.show(null, `${report.message}… ${Number(report.done).toLocaleString("en")} positions`);
    };
    this.jobs.run("search", request, { key: kind, line: this.searchLine, activity, quiet, onProgress })
      .then((result) => {
        if (this.state.grid === grid) onResult(result);
      })
      .catch((error) => {
        if (!error.cancelled) this.say(error.message, true);
      });
  }

  #note(text) {
    this.root.querySelector(".solution-note span").textContent = text;
  }

  #hint() {
    this.session.noteHelp("hint");
    this.#search("hint", { cmd: "pegs.hint", grid: this.state.grid, goal: this.#goalParam() }, (result) => {
      if (!result.move) {
        this.#note("No move keeps the goal reachable from here.");
        return;
      }
      this.hint = result.move;
      const [from, to] = result.move;
      this.#note(`Hint: jump the peg at ${holeName(from)} into ${holeName(to)} (arrow on the board).`);
      this.#draw();
    });
  }

  #solve() {
    this.session.noteHelp("solve");
    this.#search("solve", { cmd: "pegs.solve", grid: this.state.grid, goal: this.#goalParam() }, (result) => {
      if (!result.solvable) {
        this.#note("The goal cannot be reached from this position.");
        return;
      }
      this.#note(`Solution found: ${plural(result.moves.length, "jump")}. Playing it back…`);
      this.playback = { moves: result.moves, index: 0, timer: null, paused: false };
      this.root.querySelector(".playback").hidden = false;
      this.#button("pause").textContent = "Pause";
      this.#schedule();
    });
  }

  #schedule() {
    const pb = this.playback;
    if (!pb || pb.paused) return;
    pb.timer = setTimeout(() => this.run(() => this.#playStep()), PLAY_DELAY);
  }

  async #playStep() {
    const pb = this.playback;
    if (!pb) return;
    clearTimeout(pb.timer);
    const [from, to] = pb.moves[pb.index];
    pb.index++;
    await this.#jump(from, to, false);
    this.#note(`Playback: jump ${pb.index} of ${pb.moves.length}${pb.paused ? " (paused)" : ""}.`);
    if (pb.index >= pb.moves.length) {
      this.#stopPlayback();
      this.#show(this.state, { keepNote: true });
      return;
    }
    this.#schedule();
  }

  #stopPlayback() {
    if (!this.playback) return;
    clearTimeout(this.playback.timer);
    this.playback = null;
    this.root.querySelector(".playback").hidden = true;
  }

  #count() {
    this.#search("count", { cmd: "pegs.count", grid: this.state.grid, goal: this.#goalParam() }, (result) => {
      const n = result.solutions;
      this.#note(n ? `${plural(n, "winning move sequence")} from this position.`
        : "No winning move sequence from this position.");
      this.root.dataset.solutions = String(n);
    });
  }

  // --- census ----------------------------------------------------------------------

  #clearCensus() {
    this.jobs.cancel("census");
    for (const part of [".census-note", ".census-chart", ".census-table"]) {
      this.root.querySelector(part).innerHTML = "";
    }
    this.root.querySelector(".census-status").textContent = "";
    this.#button("census").disabled = false;
    this.#button("cancel-census").hidden = true;
    this.root.querySelector(".census-progress").hidden = true;
  }

  #runCensus() {
    this.#clearCensus();
    const status = this.root.querySelector(".census-status");
    const bar = this.root.querySelector(".census-progress");
    this.#button("census").disabled = true;
    this.#button("cancel-census").hidden = false;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = "Starting…";
    this.root.dataset.census = "running";
    const started = performance.now();
    const request = {
      cmd: "pegs.census", board: this.startGrid, goal: this.#goalParam(), numpy: true,
      engine: "auto", pure_max_classes: PURE_LIMIT,
    };
    // The census is about the starting board: moves meanwhile leave it standing.
    this.jobs.run("census", request, {
      activity: "Census", tied: false,
      onProgress: (report, { fraction, text }) => {
        bar.value = fraction ?? 0;
        status.textContent = text;
      },
    })
      .then((result) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        status.textContent = `Done in ${seconds} s (engine: ${result.engine}, computing ${result.seconds.toFixed(1)} s,`
          + ` peak data about ${(result.peak_bytes / 1e6).toFixed(1)} MB).`;
        this.#showCensus(result);
        this.root.dataset.census = result.complete ? "done" : "partial";
      })
      .catch((error) => {
        status.textContent = error.cancelled ? "Cancelled." : `Census failed: ${error.message}`;
        this.root.dataset.census = error.cancelled ? "cancelled" : "error";
      })
      .finally(() => {
        bar.hidden = true;
        this.#button("census").disabled = false;
        this.#button("cancel-census").hidden = true;
      });
  }

  /**
   * The census's figures. A census stopped early (complete false) walked only
   * the levels it shows and skipped the backward pass (pegs.census_steps and
   * pegs_numpy run it only on a complete walk): which positions can still
   * reach the goal, and the winning sequences in all, were not computed and
   * say so, instead of the zeros the levels hold.
   */
  #showCensus(result) {
    const t = result.totals;
    const fmt = (n) => n.toLocaleString("en");
    const complete = result.complete;
    const NOT = "not computed";
    const note = [];
    if (result.note) note.push(result.note);
    note.push(`${fmt(t.positions)} positions (${fmt(t.classes)} up to ${result.symmetries} symmetries);`
      + ` ${fmt(t.games)} complete games; `
      + (complete
        ? `goal still reachable from ${fmt(t.good)} positions; ${fmt(result.solutions)} winning move sequences.`
        : "which positions can still reach the goal, and the winning move sequences, were not computed."));
    if (!complete) {
      note.push(`Incomplete: the walk stopped after ${result.levels.length} levels; the figures cover`
        + ` the levels shown, and "${NOT}" marks what needs the whole walk.`);
    }
    this.root.querySelector(".census-note").textContent = note.join(" ");
    const columns = [
      ["moves", "Jumps"], ["pegs", "Pegs"], ["positions", "Positions"], ["classes", "Up to symmetry"],
      ["paths", "Paths (full tree)"], ["normal_paths", "Paths (normalised tree)"],
      ["good", "Goal reachable"], ["dead_ends", "Dead ends"], ["solutions", "Solutions"],
    ];
    const cell = (name, value) => (name === "good" && !complete
      ? `<td class="not-computed">${NOT}</td>` : `<td>${fmt(value)}</td>`);
    const head = columns.map(([, label]) => `<th scope="col">${label}</th>`).join("");
    const rows = result.levels.map((level) =>
      `<tr>${columns.map(([name]) => cell(name, level[name])).join("")}</tr>`).join("");
    const totals = `<tr class="totals"><th scope="row" colspan="2">Total</th><td>${fmt(t.positions)}</td>`
      + `<td>${fmt(t.classes)}</td><td colspan="2">${fmt(t.games)} complete games</td>`
      + `${cell("good", t.good)}<td>${fmt(t.dead_ends)}</td>`
      + (complete ? `<td>${fmt(result.solutions)}</td>` : `<td class="not-computed">${NOT}</td>`) + "</tr>";
    this.root.querySelector(".census-table").innerHTML =
      `<table><thead><tr>${head}</tr></thead><tbody>${rows}${totals}</tbody></table>`;
    this.root.querySelector(".census-chart").innerHTML = censusChart(result.levels, complete);
  }

  // --- drawing -----------------------------------------------------------------------

  /** Centre of cell (r, c) in CSS pixels, for the shown lattice. */
  #geometry() {
    const cells = this.cells;
    const rows = cells.length;
    const cols = rows ? cells[0].length : 1;
    const tri = this.state?.lattice === "triangular";
    const xOf = (r, c) => (tri ? c - r / 2 : c);
    let minX = Infinity;
    let maxX = -Infinity;
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        if (this.mode !== "edit" && cells[r][c] === "-") continue;
        minX = Math.min(minX, xOf(r, c));
        maxX = Math.max(maxX, xOf(r, c));
      }
    }
    if (!Number.isFinite(minX)) { minX = 0; maxX = cols - 1; }
    const box = this.canvas.parentElement.getBoundingClientRect();
    const rowStep = tri ? Math.sqrt(3) / 2 : 1;
    const wide = maxX - minX + 1;
    const high = (rows - 1) * rowStep + 1;
    const cell = Math.max(12, Math.min(64, Math.floor(Math.min(box.width / wide, this.boardRoom(200) / high))));
    return {
      cell, rows, cols,
      width: wide * cell, height: high * cell,
      at: (r, c) => [(xOf(r, c) - minX + 0.5) * cell, (r * rowStep + 0.5) * cell],
    };
  }

  #draw() {
    if (!this.state) return;
    const geo = this.#geometry();
    this.geo = geo;
    const { canvas, ctx } = this;
    const ratio = window.devicePixelRatio || 1;
    canvas.style.width = `${geo.width}px`;
    canvas.style.height = `${geo.height}px`;
    canvas.width = Math.round(geo.width * ratio);
    canvas.height = Math.round(geo.height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const colors = this.readColors({
      border: "--border", hole: "--peg-hole", goal: "--peg-goal", target: "--peg-target",
      selected: "--peg-selected", peg: "--peg", hint: "--peg-hint",
    });
    const targets = new Set();
    if (this.selected) {
      for (const [[fr, fc], [tr, tc]] of this.state.moves) {
        if (fr === this.selected[0] && fc === this.selected[1]) targets.add(key(tr, tc));
      }
    }
    const goals = new Set((this.state.goal_cells || []).map(([r, c]) => key(r, c)));
    const radius = geo.cell * 0.36;
    for (let r = 0; r < geo.rows; r++) {
      for (let c = 0; c < geo.cols; c++) {
        const cellChar = this.cells[r][c];
        const [x, y] = geo.at(r, c);
        if (cellChar === "-") {
          if (this.mode === "edit") {
            ctx.strokeStyle = colors.border;
            ctx.setLineDash([3, 3]);
            ctx.beginPath();
            ctx.arc(x, y, radius * 0.6, 0, 2 * Math.PI);
            ctx.stroke();
            ctx.setLineDash([]);
          }
          continue;
        }
        ctx.fillStyle = colors.hole;
        ctx.beginPath();
        ctx.arc(x, y, radius * 0.55, 0, 2 * Math.PI);
        ctx.fill();
        if (goals.has(key(r, c))) {
          ctx.strokeStyle = colors.goal;
          ctx.lineWidth = Math.max(2, geo.cell / 16);
          ctx.beginPath();
          ctx.arc(x, y, radius * 1.05, 0, 2 * Math.PI);
          ctx.stroke();
        }
        if (targets.has(key(r, c))) {
          ctx.fillStyle = colors.target;
          ctx.beginPath();
          ctx.arc(x, y, radius * 0.45, 0, 2 * Math.PI);
          ctx.fill();
        }
        if (cellChar === "o") {
          const picked = this.selected && this.selected[0] === r && this.selected[1] === c;
          ctx.fillStyle = picked ? colors.selected : colors.peg;
          ctx.beginPath();
          ctx.arc(x, y, radius, 0, 2 * Math.PI);
          ctx.fill();
        }
      }
    }
    if (this.hint) {
      const [[fr, fc], [tr, tc]] = this.hint;
      const [x0, y0] = geo.at(fr, fc);
      const [x1, y1] = geo.at(tr, tc);
      ctx.strokeStyle = colors.hint;
      ctx.fillStyle = colors.hint;
      ctx.lineWidth = Math.max(3, geo.cell / 10);
      ctx.beginPath();
      ctx.moveTo(x0, y0);
      ctx.lineTo(x1, y1);
      ctx.stroke();
      const angle = Math.atan2(y1 - y0, x1 - x0);
      const head = geo.cell * 0.35;
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x1 - head * Math.cos(angle - 0.5), y1 - head * Math.sin(angle - 0.5));
      ctx.lineTo(x1 - head * Math.cos(angle + 0.5), y1 - head * Math.sin(angle + 0.5));
      ctx.fill();
    }
    const cursor = this.focusedCell();
    if (cursor && cursor[0] < geo.rows && cursor[1] < geo.cols) {
      const [x, y] = geo.at(...cursor);
      drawFocusRing(ctx, x - geo.cell / 2, y - geo.cell / 2, geo.cell, geo.cell);
    }
  }

  /** The grid cell nearest a pointer event (holes only, except in the editor). */
  #cellAt(event) {
    if (!this.geo) return null;
    const rect = this.canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    let best = null;
    let bestDistance = (this.geo.cell * 0.55) ** 2;
    for (let r = 0; r < this.geo.rows; r++) {
      for (let c = 0; c < this.geo.cols; c++) {
        if (this.mode !== "edit" && this.cells[r][c] === "-") continue;
        const [cx, cy] = this.geo.at(r, c);
        const d = (cx - x) ** 2 + (cy - y) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = [r, c];
        }
      }
    }
    return best;
  }

  // --- input -------------------------------------------------------------------------

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
      this.#stopPlayback();
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
    this.#stopPlayback();
    this.run(() => this.#jump(from, to));
  }

  #edit([r, c]) {
    if (this.tool === "goal") {
      if (this.cells[r][c] === "-") return;
      this.#setGoal(key(r, c));
    } else {
      this.cells[r][c] = { peg: "o", hole: ".", none: "-" }[this.tool];
    }
    this.#field("board").value = "custom";
    const grid = formatGrid(this.cells, this.state.lattice);
    this.run(async () => {
      try {
        await this.#newGame(grid);
      } catch (error) {
        this.cells = parseGrid(this.state.grid);
        this.#draw();
        throw error;
      }
    });
  }

  #setMode(mode) {
    this.mode = mode;
    this.#stopPlayback();
    for (const name of ["play", "edit"]) {
      this.#button(name).setAttribute("aria-pressed", String(name === mode));
    }
    // (On phones the play tools other than undo, hint and reset sit under the board too.)
    for (const part of this.root.querySelectorAll('[data-part="play-tools"]')) part.hidden = mode === "edit";
    for (const part of this.root.querySelectorAll('[data-part="edit-tools"]')) part.hidden = mode !== "edit";
    this.root.classList.toggle("editing", mode === "edit");
    if (mode === "edit") {
      this.#field("lattice").value = this.state.lattice;
      this.#field("rows").value = this.state.rows;
      this.#field("cols").value = this.state.cols;
    }
    if (this.state) this.#show(this.state);
  }

  #resize() {
    const rows = Number(this.#field("rows").value);
    const cols = Number(this.#field("cols").value);
    const lattice = this.#field("lattice").value;
    if (!(rows >= 1 && cols >= 1 && rows <= 12 && cols <= 12)) {
      this.say("Rows and columns go from 1 to 12.", true);
      return;
    }
    const cells = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => this.cells[r]?.[c] ?? "o"));
    if (rows * cols > 64 && cells.flat().filter((ch) => ch !== "-").length > 64) {
      // Keep within 64 holes: extra cells start as "no hole".
      let holes = 0;
      for (const row of cells) for (let c = 0; c < row.length; c++) {
        if (row[c] !== "-" && ++holes > 64) row[c] = "-";
      }
    }
    this.#field("board").value = "custom";
    this.state = { ...this.state, lattice };
    this.run(() => this.#newGame(formatGrid(cells, lattice)));
  }

  #wire() {
    const actions = {
      play: () => this.#setMode("play"),
      edit: () => this.#setMode("edit"),
      undo: () => this.undo(),
      redo: () => this.redo(),
      reset: () => this.reset(),
      hint: () => this.#hint(),
      solve: () => { this.#stopPlayback(); this.#solve(); },
      count: () => this.#count(),
      pause: () => {
        const pb = this.playback;
        if (!pb) return;
        pb.paused = !pb.paused;
        this.#button("pause").textContent = pb.paused ? "Resume" : "Pause";
        if (pb.paused) clearTimeout(pb.timer);
        else this.#schedule();
      },
      step: () => {
        const pb = this.playback;
        if (!pb) return;
        pb.paused = true;
        this.#button("pause").textContent = "Resume";
        this.run(() => this.#playStep());
      },
      stop: () => { this.#stopPlayback(); this.#show(this.state); },
      "cancel-job": () => { this.jobs.cancel("search"); this.#note("Cancelled."); },
      census: () => this.#runCensus(),
      "cancel-census": () => this.jobs.cancel("census"),
      resize: () => this.#resize(),
      fill: () => {
        const cells = this.cells.map((row) => row.map((ch) => (ch === "-" ? "-" : "o")));
        this.run(() => this.#newGame(formatGrid(cells, this.state.lattice)));
      },
    };
    this.root.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || !this.root.contains(button) || !this.state) return;
      if (button.dataset.tool) {
        this.tool = button.dataset.tool;
        for (const other of this.root.querySelectorAll("[data-tool]")) {
          other.setAttribute("aria-pressed", String(other === button));
        }
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
        this.#clearCensus();
      });
    });
    this.canvas.style.touchAction = "none";
    this.canvas.addEventListener("pointerdown", (event) => this.#pointerDown(event));
    this.canvas.addEventListener("pointerup", (event) => this.#pointerUp(event));
    this.canvas.addEventListener("pointercancel", () => { this.drag = null; });
  }

  // --- small helpers -----------------------------------------------------------------

  #field(name) {
    return this.root.querySelector(`[data-field="${name}"]`);
  }

  #button(action) {
    return this.root.querySelector(`[data-action="${action}"]`);
  }

  #setVerdict(text, warning = false) {
    const verdict = this.root.querySelector(".verdict");
    verdict.textContent = text;
    verdict.classList.toggle("warning", warning);
    if (!text) delete this.root.dataset.verdict;
  }
}

/**
 * An SVG line chart of positions and goal-reachable positions per level (log
 * scale); without `withGood` (a census stopped early) no goal-reachable line.
 */
function censusChart(levels, withGood = true) {
  const width = 640;
  const height = 220;
  const pad = { left: 48, right: 12, top: 12, bottom: 28 };
  const series = [
    ["positions", "All positions", "var(--accent)"],
    ["classes", "Up to symmetry", "var(--muted)"],
    ["good", "Goal reachable", "var(--peg-goal)"],
  ].filter(([name]) => withGood || name !== "good");
  const max = Math.max(1, ...levels.map((l) => Number(l.positions)));
  const top = Math.ceil(Math.log10(max + 1));
  const x = (i) => pad.left + (i * (width - pad.left - pad.right)) / Math.max(1, levels.length - 1);
  const y = (v) => height - pad.bottom - (Math.log10(Number(v) + 1) / top) * (height - pad.top - pad.bottom);
  const lines = series.map(([name, , stroke]) => {
    const points = levels.map((l, i) => `${x(i).toFixed(1)},${y(l[name]).toFixed(1)}`).join(" ");
    return `<polyline fill="none" stroke="${stroke}" stroke-width="2" points="${points}"/>`;
  }).join("");
  const ticks = Array.from({ length: top + 1 }, (_, k) =>
    `<text x="${pad.left - 6}" y="${y(10 ** k - 1) + 4}" text-anchor="end">10^${k}</text>`).join("");
  const legend = series.map(([, label, stroke], i) =>
    `<text x="${pad.left + 10 + i * 150}" y="${height - 6}" fill="${stroke}">■ ${label}</text>`).join("");
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Positions per level (log scale)">`
    + `<line x1="${pad.left}" y1="${height - pad.bottom}" x2="${width - pad.right}" y2="${height - pad.bottom}" stroke="var(--border)"/>`
    + `${ticks}${lines}${legend}</svg>`;
}
