// The scaffolding every puzzle widget shares, composed from its parts: the
// data-status / data-game-id attributes that tests and embedders read, the
// one-at-a-time action queue, where the first game comes from (link, daily,
// saved game), undo/redo through the session, the message line and the
// overlay. Each other job is a module beside it:
//   live-region.mjs       the one live region screen readers hear (announce)
//   board-layout.mjs      board first, settings folded, "More actions" on
//                         phones, scrolling into view, boardRoom() (an
//                         embedded board's: embeddedRoom(), its column's)
//   board-style.mjs       the puzzle's own stylesheet, applied before the first draw
//   python-boot-line.mjs  the line and data-python while Python starts
//   play-on.mjs           Next puzzle / Daily puzzle / Share result, the timer;
//                         on the main page the play bar (Undo, Hint, Next, Lab)
//   win-card.mjs          the card over the board once a game is won
//   keyboard-cursor.mjs   the keyboard cursor on the canvas (enableKeyboard)
//   long-jobs.mjs         what a request waits for in the shared engine
//
// What a board declares and implements, and what this base does for it, is
// the board contract: board-kit.mjs (checked there when a board is made).
//
// Options every board takes: `daily` (a date, "2026-11-24": that day's daily
// puzzle, from a #PUZZLE&daily=… link), `deal` (a dealing request, from a
// #PUZZLE&deal=… link) or `game` (a game ID, e.g. from a
// link) is tried first, then `snapshot` (a saved game; a snapshot's `daily`
// field {date, game} marks the daily puzzle it started as, and a daily link
// to the same date resumes it), then start() loads the default
// board. Each one Python rejects fires a "puzzle-notice" event on the root
// saying why (detail {text, source: "link" or "saved"}) and what is shown
// instead; `board.origin` tells where the game on screen came from ("link",
// "saved" or "new"), so that the page never saves a default board over a
// saved game it could not show. `gameLabel` names the game ID's source in
// notices (default "The game in the link").
// After every action the root fires "puzzle-change" (both events bubble).
// `readonly: true` shows the board but ignores the user's input (embeds);
// `embedded: true` (embed.mjs) sizes the board to its box in the host's
// column (board.css, data-embed), whatever its place in the page;
// `hints: false` hides the hint and solve buttons (data-hints="off" in
// board.css) and boards check hintsAllowed before a hint key.
// `controls: "board"` shows only the board, undo, hint and the new-game
// buttons (mainActions); "full" (the default) shows everything; "play" (the
// main page with the lab closed) only the board and the play bar (Undo,
// Hint, Next, Today, Lab & help). setControls() switches later. `lab: true`
// (the main page) makes the row under the board the play bar, with "Lab &
// help"; `today: true` (a puzzle that deals a daily puzzle, on the main page)
// adds "Today" (a "puzzle-today" event for the page's Today view);
// `dailyButton: false` leaves out "Daily puzzle" (a board without
// dailyPuzzle() never shows it); `levels: true` (a puzzle with a ladder)
// adds "Levels" (a "puzzle-levels" event) and is kept as this.levels. The
// page takes these three from the registry (puzzles/index.mjs, declaredControls).
// Keys on the root, the same on every board: U undo, R redo, H hint (a click
// on the board's hint button), N next puzzle, ? help (a "puzzle-help" event
// for the page); the canvas's own are arrows and Space (keyboard-cursor.mjs).
// A board may add ruleText(): its rules in a line, for the game on screen
// (an embed's rule line; else the registry's `rule`).
// A board may add winFacts() → {count, unit, detail?, best, bestLabel} for the
// win card (best: a number, null, or a promise of one), and winKeepClear() → a
// DOMRect (page coordinates) the card must not cover (the last peg), or null.
// `familyNouns` (the registry's FAMILY_NOUNS, from app.mjs or embed.mjs) names the
// puzzle of another family's job that a request waits for.
//
// The base's own constructor wires the boot, but start() only runs from a
// promise callback, that is after the subclass constructor has finished.

import { arrangeBoardFirst, boardRoom, bringIntoView, embeddedRoom } from "./board-layout.mjs";
import { boardProblems, checkBoardClass, classProblems, syncWithSession, wireActions } from "./board-kit.mjs";
import { boardStyle } from "./board-style.mjs";
import { whenAboutToPlay, whenFirstTouched } from "./idle-start.mjs";
import { KeyboardCursor } from "./keyboard-cursor.mjs";
import { LiveRegion } from "./live-region.mjs";
import { EngineWaitLine, LongJobs } from "./long-jobs.mjs";
import { PlayOnRow } from "./play-on.mjs";
import { watchPythonBoot } from "./python-boot-line.mjs";
import { readSavedGame } from "./saved-game.mjs";
import { Session, dailyDate, todaysDate } from "./session.mjs";
import { WinCard } from "./win-card.mjs";

const COARSE = globalThis.matchMedia?.("(pointer: coarse)");

/**
 * On touch screens a click is a tap: "Click a peg" reads "Tap a peg" (a
 * right click, which has no tap, is left as it is).
 */
function forTouch(text) {
  if (!COARSE?.matches) return text;
  return String(text).replace(/(?<!right |double-)\b([Cc])lick(s|ed|ing)?\b/g,
    (_, c, end = "") => `${c === "C" ? "T" : "t"}ap${end === "ed" ? "ped" : end === "ing" ? "ping" : end}`);
}

export class PuzzleBoard {
  #liveRegion; // live-region.mjs: what screen readers hear
  #playOn = null; // play-on.mjs: Next puzzle, Daily puzzle, Share result, the timer
  #keyboard = null; // keyboard-cursor.mjs, once enableKeyboard(canvas) has run
  #winCard = null; // win-card.mjs: the result over the board once won
  #actions = {}; // data-action name -> what it does (actions(), board-kit.mjs)

  /**
   * @param {HTMLElement} root
   * @param {object} client the shared worker client (client.mjs)
   * @param {object} options passed on to start()
   */
  constructor(root, client, { readonly = false, hints = true, controls = "full", lab = false, today = false, familyNouns = {},
    embedded = false, dailyButton = true, levels = false, ...options } = {}) {
    checkBoardClass(this.constructor); // the board contract (board-kit.mjs)
    this.root = root;
    this.levels = levels;
    this.embedded = embedded; // in another page (embed.mjs): sized to its column, not the window
    if (embedded) root.dataset.embed = "";
    // The board's requests say here when the engine holds them back (client.mjs).
    const waits = new EngineWaitLine(root, (text) => this.announce(text), familyNouns);
    this.client = client.scoped?.((token, info) => waits.update(token, info)) ?? client;
    this.queue = Promise.resolve(); // actions run one at a time, in order
    this.pending = 0;
    this.touched = false; // until a person's first press or key (whenFirstTouched, idle-start.mjs)
    this.session = new Session(this.constructor.session);
    // A job's answer about a position no longer shown is dropped.
    this.jobs = new LongJobs(this.client, { version: () => this.session.state });

    root.classList.add("puzzle", this.constructor.kind);
    root.innerHTML = this.constructor.template;
    this.overlay = root.querySelector(".overlay");
    this.message = root.querySelector(".message");
    this.#liveRegion = new LiveRegion(root, this.message);
    arrangeBoardFirst(root, this.constructor.mainActions, {
      refit: () => this.state && this.repaint(),
      show: (element) => this.bringIntoView(element),
      gameId: () => this.gameId,
      settled: () => this.queue,
    });
    if (!readonly && this.nextPuzzle) this.#playOn = this.#playOnRow(lab, today, dailyButton && Boolean(this.dailyPuzzle), levels);
    if (!readonly) this.#winCard = this.#winCardFor();
    if (readonly) this.#ignoreInput();
    if (!hints) root.dataset.hints = "off";
    root.dataset.controls = ["board", "play"].includes(controls) ? controls : "full";
    // Canvas colours come from CSS (readColors): draw again in the new theme.
    window.matchMedia("(prefers-color-scheme: dark)")
      .addEventListener("change", () => this.state && this.repaint());
    this.setStatus("loading");
    const needPython = this.constructor.pythonActions
      .flatMap((action) => [...root.querySelectorAll(`button[data-action="${action}"]`)]);
    watchPythonBoot(root, client, needPython, (error) => this.bootFailed(error));
    if (!readonly) {
      // Python starts at a first touch of the board; then `touched` is true and
      // a board's onFirstTouch() runs: what it asks Python unprompted waits for
      // this. Sooner still at the pointer over the board or focus on it (#35):
      // the boot line has its room from the first draw (python-boot-line.mjs),
      // so its coming moves nothing, not even a scrolled board under the pointer.
      whenFirstTouched(root, () => {
        this.touched = true;
        this.client.startPython?.();
        this.onFirstTouch?.();
      });
      whenAboutToPlay(root, () => this.client.startPython?.());
    }
    this.#listenToKeys(readonly);
    // Moves, game IDs and the default boards need no Python (rules/): the
    // board starts at once, after the subclass constructor has finished,
    // once its stylesheet applies (board-style.mjs: else it jumps when it does).
    boardStyle(this.constructor.stylesheet, embedded ? "puzzlelab" : null).then(() => this.#begin(options));
  }

  /**
   * The keys every board shares (see the header). H is taken in the capture
   * phase, before a board's own listeners, so that a hint is asked once.
   */
  #listenToKeys(readonly) {
    const ours = (event) => !readonly && this.state && !event.altKey && !event.ctrlKey && !event.metaKey
      && !event.target.matches("input, select, textarea");
    this.root.addEventListener("keydown", (event) => {
      if (!ours(event) || (event.key !== "h" && event.key !== "H")) return;
      event.stopPropagation();
      if (this.hintsAllowed) this.root.querySelector('button[data-action="hint"]')?.click();
    }, true);
    this.root.addEventListener("keydown", (event) => {
      if (!ours(event)) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (key === "u") this.undo();
      else if (key === "r") this.redo();
      else if (key === "n" && this.#playOn) this.playNext();
      else if (key === "?") this.root.dispatchEvent(new CustomEvent("puzzle-help", { bubbles: true }));
    });
  }

  /**
   * Show the board's controls: "play" (the board and the play bar), "board"
   * (the embeds' few) or "full" (the lab). Leaving the lab goes back to
   * playing: Play mode, the solution hidden, a playback stopped.
   */
  setControls(mode) {
    this.root.dataset.controls = ["board", "play"].includes(mode) ? mode : "full";
    if (mode === "play") {
      const pressed = (action) => this.root.querySelector(`button[data-action="${action}"][aria-pressed="true"]`);
      if (pressed("edit")) this.root.querySelector('button[data-action="play"]')?.click();
      pressed("solution")?.click();
      const stop = this.root.querySelector('button[data-action="stop"]');
      if (stop && !stop.closest("[hidden]")) stop.click();
    }
    if (this.state) this.repaint();
  }

  /**
   * Next, from the N key, the play bar, the win card or Today: the page may take it
   * (a cancelable "puzzle-next": on a ladder, the next level; level-play.mjs),
   * else a new puzzle like this one.
   */
  playNext() {
    if (this.root.dispatchEvent(new CustomEvent("puzzle-next", { bubbles: true, cancelable: true }))) this.nextPuzzle?.();
  }

  /** The win card (win-card.mjs), on what it needs from the board. */
  #winCardFor() {
    const { kind, title } = this.constructor;
    return new WinCard(this.root, {
      kind,
      title,
      board: this,
      facts: () => this.winFacts?.() ?? { count: this.session.moves, unit: "moves", best: null },
      outcome: () => this.session.outcome(),
      elapsed: () => this.playTime(true),
      dailyShown: () => this.dailyShown,
      next: () => this.playNext(),
      keepClear: () => this.winKeepClear?.() ?? null,
    });
  }

  /**
   * data-action names of the new-game buttons: moved next to undo and hint
   * (the toolbar holding undo), and kept with them when data-controls="board".
   */
  static mainActions = [];

  /**
   * The game's time in ms, on the session's one clock (keyed by the start's
   * game ID): the play-on timer, the win card and a "Solved in …" message
   * all read it here, so that their figures agree, also after a reload.
   * `done`: the game is over, and the clock stops (an undo lets it run on).
   */
  playTime(done = true) {
    return this.session.clock(this.startGameId?.() ?? this.session.startGameId, done);
  }

  /** Scroll `element` just into view (no further than needed; no animation). */
  bringIntoView(element) {
    bringIntoView(element);
  }

  /**
   * The height the board may take so that it ends on the first screen
   * (board-layout.mjs): never under `floor` pixels, `below` pixels kept free.
   */
  boardRoom(floor = 160, below = 12) {
    if (this.embedded) {
      // The box keeps the shape it was given until there is a game to draw.
      const shape = !this.state ? null : this.grid ? [this.grid.rows, this.grid.cols] : this.cursorBounds();
      return embeddedRoom(this.root, shape);
    }
    return boardRoom(this.root, floor, below);
  }

  /** The actions that need Python (solving, hints, counts): shown as waiting while it starts. */
  static pythonActions = [];

  /**
   * Swallow input in the capture phase on the root, before any widget's own
   * listener sees it: one place, whatever the board listens to.
   */
  #ignoreInput() {
    this.root.dataset.readonly = "";
    const stop = (event) => {
      event.stopPropagation();
      event.preventDefault();
    };
    for (const type of ["pointerdown", "pointerup", "pointermove", "mousedown", "mouseup",
      "click", "dblclick", "contextmenu", "keydown", "input", "change"]) {
      this.root.addEventListener(type, stop, { capture: true, passive: false });
    }
  }

  /** The next-game row under the board (play-on.mjs), on what it needs from the board. */
  #playOnRow(lab, today, daily, levels) {
    const { kind, title } = this.constructor;
    const row = new PlayOnRow(this.root, this.message, {
      kind,
      title,
      hasGame: () => Boolean(this.state),
      nextPuzzle: () => this.playNext(),
      openDaily: (date) => this.openDaily(date),
      startGameId: () => this.startGameId(),
      dailyShown: () => this.dailyShown,
      elapsed: (done) => this.playTime(done),
    }, { lab, today, daily, levels });
    if (lab) {
      // The play bar holds the game's own actions: Undo and Hint first.
      const first = row.element.firstElementChild;
      for (const action of ["undo", "hint"]) {
        const button = this.root.querySelector(`button[data-action="${action}"]`);
        if (button) first.before(button);
      }
    }
    return row;
  }

  /**
   * The game on screen is the daily puzzle of `date`: Share result names the
   * date and links to that day's puzzle (app.mjs saves the mark with the game).
   */
  markDaily(date) {
    this.daily = date ? { date, game: this.startGameId() } : null;
  }

  /** The date of the daily puzzle on screen (from its start), or null. */
  get dailyShown() {
    return this.state && this.daily?.game === this.startGameId() ? this.daily.date : null;
  }

  /**
   * Queue the daily puzzle of `date` ("2026-11-24"). A date that is not a
   * real one, or one still to come, is refused in a notice and the board is
   * left as it is (`instead` says so; `otherwise` runs then).
   */
  openDaily(date, { instead = "the board is unchanged", otherwise = null, source = "link" } = {}) {
    const when = dailyDate(date);
    const today = todaysDate();
    const why = !when ? `The daily link's date, "${String(date).slice(0, 40)}", is not a real date like 2026-11-24`
      : when.seed > today.seed ? `The daily puzzle of ${date} is not out yet (today is ${today.date}, UTC)` : null;
    const none = !this.dailyPuzzle ? `${this.constructor.title} has no daily puzzle` : null;
    if (why || none) {
      // An action like the others (the page hears it settle), which changes nothing.
      return this.run(() => {
        this.notify(`${none ?? why}; ${instead}.`, source);
        otherwise?.();
      });
    }
    return this.run(async () => {
      await this.dailyPuzzle(when.seed, when.day);
      this.markDaily(date);
      this.origin = source;
    });
  }

  /**
   * Queue `text` for screen readers (the board's one live region): everything
   * announced in one task is read as one message, in order.
   */
  announce(text) {
    this.#liveRegion.announce(text);
  }

  // --- keyboard play ----------------------------------------------------------

  /**
   * Make `canvas` the board's keyboard surface (keyboard-cursor.mjs): arrows
   * move a cursor ringed on the canvas, Space/Enter act, Shift+Space or
   * Backspace act backwards. U/R (undo/redo) are the session's, on the root
   * (see the constructor).
   */
  enableKeyboard(canvas) {
    this.#keyboard = new KeyboardCursor(canvas, {
      keyHelp: this.constructor.keyHelp,
      hasGame: () => Boolean(this.state),
      bounds: () => this.cursorBounds(),
      allowed: (row, col) => this.cursorAllowed(row, col),
      act: (row, col, how) => this.actAt(row, col, how),
      describe: (row, col) => this.describeCell(row, col),
      repaint: () => this.repaint(),
      announce: (text) => this.announce(text),
    });
  }

  /**
   * The cursor's [row, col] while the keyboard surface has focus from the
   * keyboard, else null (no ring): a tap or click shows none until a key.
   */
  focusedCell() {
    return this.#keyboard?.cell() ?? null;
  }

  cursorAllowed() {
    return true;
  }

  /** The pointer acted on a cell: the keyboard goes on from there. */
  pointedAt(row, col) {
    this.#keyboard?.moveTo(row, col);
  }

  repaint() {
    this.grid.cursor = this.focusedCell();
    this.grid.repaint(); // a win's motion under way goes on
  }

  /** False when the embedder turned hints off (data-hints="off"). */
  get hintsAllowed() {
    return this.root.dataset.hints !== "off";
  }

  /**
   * The linked game ID if given and valid, else the saved game if given and
   * valid, else the default board; each one rejected says why in a notice.
   */
  #begin(options) {
    // The row under the board comes right under it, before the lines the
    // subclass added there (the key help): Undo, Hint and Next stay in reach.
    const area = this.root.querySelector(".board-area");
    if (area && this.#playOn) area.after(this.#playOn.element);
    this.#actions = { undo: () => this.undo(), redo: () => this.redo(), ...this.actions() };
    wireActions(this, this.#actions, this.constructor.actionsWithoutGame);
    const { snapshot, game, daily, deal, gameLabel = "The game in the link", ...defaults } = options;
    this.gameLabel = gameLabel;
    const fresh = () => {
      this.origin = "new";
      this.start(defaults);
    };
    const saved = () => (snapshot
      ? this.#tryRestore(snapshot, "saved", "a new board is shown instead", fresh)
      : fresh());
    const instead = snapshot ? "the saved game is shown instead" : "a new board is shown instead";
    if (typeof daily === "string") {
      // The same day's puzzle saved here (a reload) comes back with its moves.
      if (snapshot?.daily?.date === daily) {
        this.#tryRestore(snapshot, "saved", "that day's puzzle is shown instead",
          () => this.openDaily(daily, { instead: "a new board is shown instead", otherwise: fresh }));
      } else {
        this.openDaily(daily, { instead, otherwise: saved });
      }
    } else if (deal) {
      this.openDeal(deal, { instead, otherwise: saved });
    } else if (typeof game === "string") {
      this.#tryRestore({ game, history: [], future: [] }, "link", instead, saved);
    } else {
      saved();
    }
  }

  /**
   * Show the game ID `game` (from a link) as a fresh game. If Python rejects
   * it, a notice says why and the board stays as it is.
   */
  openGame(game, label = this.gameLabel) {
    return this.#tryRestore({ game, history: [], future: [] }, "link", "the board is unchanged", null, label);
  }

  /**
   * Queue dealing the board a deal link names (`request`, from share-links.mjs
   * readDeal: a seeded request like {cmd: "lightsout.new", rows, cols, seed}):
   * the board's dealPuzzle(request) asks Python, with its progress line. One
   * Python refuses is a notice and the board stays as it is (`instead` says
   * what is shown; `otherwise` runs then).
   */
  openDeal(request, { instead = "the board is unchanged", otherwise = null, source = "link" } = {}) {
    return this.run(async () => {
      try {
        if (!this.dealPuzzle) throw new Error(`${this.constructor.title ?? "This puzzle"} is not dealt from a seed`);
        await this.dealPuzzle(request);
        this.origin = source;
      } catch (error) {
        const why = error.message.split(/\.\s+(?=[A-Z])/)[0].replace(/\.$/, ""); // its first sentence
        this.notify(`The link's deal could not be made (${why}); ${instead}.`, source);
        otherwise?.();
      }
    });
  }

  /**
   * Queue restoring `snapshot`; if that fails, notify why (`instead` says what
   * is shown then) and call `otherwise` (which queues after this action).
   */
  #tryRestore(snapshot, source, instead, otherwise = null, label = this.gameLabel) {
    const what = source === "saved" ? "The saved game" : label ?? "The game in the link";
    return this.run(async () => {
      try {
        await this.restore(snapshot);
        this.origin = source;
        const { daily } = snapshot;
        this.markDaily(typeof daily?.date === "string" && dailyDate(daily.date) ? daily.date : null);
        if (this.daily && daily.game !== this.daily.game) this.daily = null; // not that day's start
      } catch (error) {
        const why = error.message.split(/\.\s+(?=[A-Z])/)[0].replace(/\.$/, ""); // its first sentence
        this.notify(`${what} could not be loaded (${why}); ${instead}.`, source);
        otherwise?.();
      }
    });
  }

  /** The game ID on screen (undefined until the first board is shown). */
  get gameId() {
    return this.root.dataset.gameId;
  }

  /**
   * Show a saved game again (the page's "Back to your game"): a snapshot,
   * with its undo history. One that cannot be restored leaves the board as
   * it is, with a notice.
   */
  resume(snapshot) {
    return this.#tryRestore(snapshot, "saved", "the board is unchanged");
  }

  /** Show game ID `id` as a fresh game; a rejected one leaves the board as it is, with a notice. */
  setGame(id) {
    return this.openGame(id, "The game");
  }

  /** Tell the page something it should show outside the board (see app.mjs, embed.mjs). */
  notify(text, source = null) {
    this.root.dispatchEvent(new CustomEvent("puzzle-notice", { bubbles: true, detail: { text, source } }));
  }

  /** The current game and its history as plain JSON (the session's); boards may add fields. */
  snapshot() {
    return this.session.snapshot();
  }

  /** Draw a state the session handed back (undo, redo, reset); every board overrides this. */
  showState() {
    throw new Error(`${this.constructor.name} must define showState(state)`);
  }

  /** Queue one step back in the game's history: a stored state, no request. */
  undo() {
    return this.run(() => {
      const entry = this.session.undo();
      if (entry) this.showState(entry.state);
    });
  }

  /** Queue one step forward again. */
  redo() {
    return this.run(() => {
      const entry = this.session.redo();
      if (entry) this.showState(entry.state);
    });
  }

  /**
   * Queue going back to the starting position, as a move Undo takes back
   * (`always`: also when the position already is the start's).
   */
  reset({ always = false } = {}) {
    return this.run(() => {
      const entry = this.session.reset({ always });
      if (entry) this.showState(entry.state);
    });
  }

  /**
   * Rebuild the game and its history from snapshot(): each game ID loaded
   * through the rules request `loadCommand` ("<kind>.load"), then shown.
   */
  async restore(snapshot) {
    const { loadCommand = `${this.constructor.kind}.load` } = this.constructor;
    const { state } = await this.restoreSession(snapshot, (game) => this.client.request({ cmd: loadCommand, game }));
    this.showState(state);
  }

  /** What this board breaks of the board contract (board-kit.mjs), in words; [] when nothing. */
  contractProblems() {
    return [...classProblems(this.constructor), ...boardProblems(this, this.#actions)];
  }

  /** The board's data-action names and what each does; every board overrides this. */
  actions() {
    return {};
  }

  /** Data-action names that work before the first game exists (a Cancel). */
  static actionsWithoutGame = [];

  /**
   * Check a snapshot and load each of its game IDs through `load` (a rules
   * request, which rejects a bad ID), so that a board only swaps its state
   * in once everything is known good (saved-game.mjs, with the board's
   * static savedGames, its rules module's SAVED_GAMES: counts repaired, undo
   * steps that cannot have happened left out, a notice naming each repair).
   * Returns the loaded
   * states: {current, start, history: [{state, moves}], future: [...]}.
   */
  async readSnapshot(snapshot, load) {
    const s = await readSavedGame(snapshot, load, this.constructor.savedGames);
    if (s.repairs.length) {
      this.notify(`The saved game was repaired (${s.repairs.join("; ")}).`, "repaired");
    }
    return s;
  }

  /**
   * readSnapshot, then the session adopts the game and its history (call
   * once everything else the board needs from the snapshot is known good).
   * Returns the session's current {state, moves}.
   */
  async restoreSession(snapshot, load) {
    return this.session.restore(await this.readSnapshot(snapshot, load), snapshot.clock, snapshot.playId);
  }

  /** Load the first game; every board overrides this. */
  start() {
    throw new Error(`${this.constructor.name} must define start(options)`);
  }

  /** True when every queued action has finished (tests and embedders wait on it). */
  idle() {
    return this.pending === 0 && this.root.dataset.status !== "loading";
  }

  /** Queue an action so that each one sees the state the previous one left. */
  run(action) {
    this.pending++;
    this.queue = this.queue
      .then(action)
      .catch((error) => this._actionFailed(error))
      .finally(() => {
        this.pending--;
        if (this.state) syncWithSession(this);
        this._actionSettled();
        this.root.dispatchEvent(new CustomEvent("puzzle-change", { bubbles: true }));
      });
    return this.queue;
  }

  /** A queued action threw: the queue goes on, the user reads why. */
  _actionFailed(error) {
    this.say(error.message, true);
  }

  /** Runs after every queued action, failed or not. */
  _actionSettled() {}

  bootFailed(error) {
    // The board stays playable; the message line, in the same words as the
    // diagnostics page, says why the solvers are missing.
    this.say(`The solvers could not start (moves still work; reload the page to try again): ${error.message}`, true);
  }

  /** The status line; a new text (not a repeat of the rules) is also announced. */
  say(text, isError = false) {
    text = forTouch(text);
    if (text !== this.message.textContent) this.announce(text);
    this.message.textContent = text;
    this.message.classList.toggle("error", isError);
  }

  showOverlay(text) {
    this.overlay.hidden = false;
    this.overlay.textContent = text;
  }

  setStatus(status) {
    this.root.dataset.status = status;
    this.#playOn?.statusChanged(status);
    this.#winCard?.statusChanged(status, { byMove: this.session.moves > 0 });
  }

  /** The game ID on screen; the controls that follow the session follow it (board-kit.mjs). */
  setGameId(id) {
    this.root.dataset.gameId = id;
    syncWithSession(this);
  }

  /**
   * Colours from CSS custom properties, so that themes can set them:
   * readColors({ cell: "--bin-cell" }) gives { cell: "rgb(…)" }, resolved on
   * a hidden probe in the board, so that a light-dark() pair gives the colour
   * of the board's own scheme.
   */
  readColors(map) {
    if (!this.colorProbe?.isConnected) {
      this.colorProbe = document.createElement("span");
      this.colorProbe.hidden = true;
      this.root.append(this.colorProbe);
    }
    const probe = this.colorProbe;
    return Object.fromEntries(Object.entries(map).map(([key, name]) => {
      probe.style.color = `var(${name})`;
      return [key, getComputedStyle(probe).color];
    }));
  }

  /**
   * The board's colour scheme: "light" or "dark" whatever the system's, or
   * "auto" (the system's); the canvas is drawn again in it.
   */
  setScheme(scheme) {
    if (scheme === "light" || scheme === "dark") this.root.dataset.scheme = scheme;
    else delete this.root.dataset.scheme;
    if (this.state) this.repaint();
  }
}
