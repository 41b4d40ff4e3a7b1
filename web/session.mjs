// The game session every puzzle board shares, after the midend of Simon
// Tatham's collection: one place owns the game's history (undo, redo, reset),
// its saved form (snapshot / restore, in saved-game.mjs's format), the game
// IDs of the position and of its start, the clock and the help used. Boards
// only turn input into moves (their rules module, or Python where a move
// needs it) and draw the states the session hands back.
//
// States are values the board got from its rules (a press, a jump, a loaded
// game ID); the session stores them as they are, so that undo, redo and
// reset give back a stored state and need no request at all.
//
// The interface a board uses:
//   new Session({idOf, moves, won})  idOf(state) is the game ID the history
//                          keeps for a state; moves: false for a puzzle whose
//                          saved games carry no move counts (binary puzzle);
//                          won(state): the puzzle's own test (default .solved)
//   begin(state)           a new game: no history, `state` is its start
//   record(state, {moves, restart})  a move: the shown state goes
//                          on the undo history, the redo steps are dropped;
//                          moves (default one more) is the new count; with
//                          restart the new state also becomes the start
//                          (Reset returns to it)
//   undo() / redo()        the stored state stepped to ({state, moves}), or
//                          null when there is none
//   reset({always})        back to the start as a move (undoable), or null
//                          when the game is already there (unless always)
//   state, moves, start    the state shown, its move count, the start state
//   canUndo, canRedo       whether undo / redo have a step to take
//   gameId, startGameId    the game IDs of the state shown and of the start
//   snapshot()             {game, moves?, start?, history, future, clock?, playId}
//                          as game IDs; clock: the ms the timer has run on this
//                          start; playId: this game as played (below)
//   restore(read, clock, playId)  adopt what readSavedGame (saved-game.mjs)
//                          loaded, and the clock and playId saved with it (a
//                          reload keeps the time, and the game stays the same one)
//   playId                 a random name for the game being played: new with
//                          each begin(), kept by restore(); the saved games
//                          (saved-game.mjs) keep each game played apart by it
//   replaceAll(convert)    the same history under other rules (a new goal):
//                          every stored state through `convert` (async)
//   clock(startId, done)   the game's one timer (see PuzzleBoard.playTime):
//                          the play-on row, the win card and a "Solved in …"
//                          message all read it, so their times agree, also
//                          after a reload; a reset starts it again
//   noteHelp(kind)         a hint or solve was used in this game ("hint", …)
//   isWon(state)           the puzzle's test on a state (default: the shown one)
//   outcome()              once won, {moves, help, ms}: how it was won
// and, for the games a date or a clock names: todaysDate, dailyDate,
// dailyLink (the daily puzzles) and duration (a time in words).

/**
 * Today as the daily puzzles count it, in UTC so that everyone gets the same
 * one on the same date: {date: "2026-11-24", seed: 20261124, day: days since 1970}.
 */
export function todaysDate(now = new Date()) {
  const date = now.toISOString().slice(0, 10);
  return { date, seed: Number(date.replaceAll("-", "")), day: Math.floor(now.getTime() / 86_400_000) };
}

/**
 * The daily puzzle of `date` ("2026-11-24", as in a #lightsout&daily=… link)
 * in todaysDate's terms, or null when it is not a date of the calendar.
 */
export function dailyDate(date) {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(time)) return null;
  const when = todaysDate(new Date(time));
  return when.date === date ? when : null; // 2026-02-30 parses as March 2
}

/** The page's link to the daily puzzle of `date` for a puzzle family, beside the modules. */
export function dailyLink(kind, date) {
  return new URL(`./#${kind}&daily=${date}`, import.meta.url).href;
}

/** A time as players read it: "under a second", "48 s", "2 min 05 s", "1 h 02 min". */
export function duration(ms) {
  const total = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const pad = (n) => String(n).padStart(2, "0");
  if (total === 0) return "under a second";
  if (h) return `${h} h ${pad(m)} min`;
  return m ? `${m} min ${pad(s)} s` : `${s} s`;
}

/** A new playId: random, short, safe in a storage key. */
export function newPlayId() {
  return globalThis.crypto?.randomUUID?.().slice(0, 13) ?? Math.random().toString(36).slice(2, 15);
}

/** Whether `id` may be a saved playId (anything else is replaced by a new one). */
const isPlayId = (id) => typeof id === "string" && /^[\w-]{1,40}$/.test(id);

export class Session {
  /**
   * @param {{idOf?: (state: object) => string, moves?: boolean, won?: (state: object) => boolean}} options
   *   idOf: the game ID of a state (default state.game); moves: whether
   *   snapshots carry move counts and the start (default true); won: whether
   *   a state is the puzzle's goal (default state.solved)
   */
  constructor({ idOf = (state) => state.game, moves = true, won = (state) => Boolean(state.solved) } = {}) {
    this.idOf = idOf;
    this.wonTest = won;
    this.countsMoves = moves;
    this.current = null; // {state, moves}
    this.start = null; // the state Reset returns to
    this.history = []; // [{state, moves}], oldest first
    this.future = []; // redo steps, the next one last
    this.help = []; // hints and solves used in this game, in order
    this.timer = { game: null, from: 0, until: null };
    this.resumeClock = null; // ms a restored game's timer had run, until the clock is read
    this.playId = newPlayId();
  }

  get state() {
    return this.current?.state ?? null;
  }

  get moves() {
    return this.current?.moves ?? 0;
  }

  get canUndo() {
    return this.history.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  get gameId() {
    return this.state ? this.idOf(this.state) : undefined;
  }

  get startGameId() {
    const start = this.start ?? this.state;
    return start ? this.idOf(start) : undefined;
  }

  /** A new game from `state`: no history, no moves, the clock waits for the first move. */
  begin(state) {
    this.current = { state, moves: 0 };
    this.start = state;
    this.history = [];
    this.future = [];
    this.help = [];
    this.resumeClock = null;
    this.timer.game = null; // a new game: the clock starts again, also on the same board
    this.playId = newPlayId();
    return this.current;
  }

  /** A move to `state` (see the interface above); returns the new {state, moves}. */
  record(state, { moves = this.moves + 1, restart = false } = {}) {
    if (this.current) this.history.push(this.current);
    this.future = [];
    this.current = { state, moves };
    if (restart) this.start = state;
    return this.current;
  }

  /** Step back to the last stored state; null when there is none. */
  undo() {
    const entry = this.history.pop();
    if (!entry) return null;
    this.future.push(this.current);
    this.current = entry;
    return entry;
  }

  /** Step forward again; null when there is nothing undone. */
  redo() {
    const entry = this.future.pop();
    if (!entry) return null;
    this.history.push(this.current);
    this.current = entry;
    return entry;
  }

  /**
   * Back to the start, as a move Undo takes back. Null when there is no
   * game, or (unless `always`) the position already is the start's.
   */
  reset({ always = false } = {}) {
    if (!this.start || (!always && this.idOf(this.start) === this.gameId)) return null;
    this.timer.game = null; // the clock starts again with the game
    this.resumeClock = null;
    return this.record(this.start, { moves: 0 });
  }

  /** The game as plain JSON, in the saved-game format (saved-game.mjs). */
  snapshot() {
    if (!this.current) return null;
    const entry = (e) => (this.countsMoves
      ? { game: this.idOf(e.state), moves: e.moves } : { game: this.idOf(e.state) });
    const head = this.countsMoves
      ? { game: this.gameId, moves: this.moves, start: this.start ? this.idOf(this.start) : undefined }
      : { game: this.gameId };
    const saved = { ...head, history: this.history.map(entry), future: this.future.map(entry) };
    // The timer's reading goes with the game, so that a reload does not start it again.
    const t = this.timer;
    const ms = t.game !== null ? (t.until ?? performance.now()) - t.from : this.resumeClock;
    if (ms !== null) saved.clock = Math.round(ms);
    saved.playId = this.playId;
    return saved;
  }

  /**
   * Adopt a saved game as readSavedGame loaded it ({current, start, history,
   * future}, each step {state, moves}): its undo history comes back with it,
   * and its playId (a save without one is a new game).
   */
  restore(read, clock = undefined, playId = undefined) {
    this.current = { state: read.current.state, moves: read.current.moves ?? 0 };
    this.start = read.start ?? read.current.state;
    this.history = read.history.map((e) => ({ state: e.state, moves: e.moves ?? 0 }));
    this.future = read.future.map((e) => ({ state: e.state, moves: e.moves ?? 0 }));
    this.help = [];
    // A saved game's clock (old saves have none: the timer starts afresh).
    this.timer = { game: null, from: 0, until: null };
    this.resumeClock = Number.isFinite(clock) && clock >= 0 ? clock : null;
    this.playId = isPlayId(playId) ? playId : newPlayId();
    return this.current;
  }

  /**
   * The same game under other rules (a peg goal changed): every stored state
   * through `convert(state)`, each distinct state once. Nothing changes if
   * one conversion fails.
   */
  async replaceAll(convert) {
    const done = new Map();
    const of = (state) => {
      if (!done.has(state)) done.set(state, convert(state));
      return done.get(state);
    };
    const steps = [...this.history, this.current, ...this.future];
    const states = await Promise.all(steps.map((e) => of(e.state)));
    const start = this.start ? await of(this.start) : null;
    const swap = (entries, offset) => entries.map((e, i) => ({ state: states[offset + i], moves: e.moves }));
    const history = swap(this.history, 0);
    this.current = { state: states[this.history.length], moves: this.current.moves };
    this.future = swap(this.future, this.history.length + 1);
    this.history = history;
    this.start = start;
    return this.current;
  }

  /**
   * The play-on timer: from the moment a starting position (`startId`) is
   * first shown until the game is `done`; an undo after that lets it run on.
   * Returns the milliseconds to show.
   */
  clock(startId, done, now = performance.now()) {
    const t = this.timer;
    if (startId !== t.game) {
      Object.assign(t, { game: startId, from: now - (this.resumeClock ?? 0), until: null });
      this.resumeClock = null;
    }
    if (!done) t.until = null;
    else t.until ??= now;
    return (t.until ?? now) - t.from;
  }

  /** Whether `state` (default: the one shown) is the puzzle's goal, by the puzzle's own test. */
  isWon(state = this.state) {
    return state !== null && Boolean(this.wonTest(state));
  }

  /**
   * How the game shown was won, or null while it is not: its moves, the
   * hints and solves used ("hint", "solve"), and ms on the game's timer
   * (clock: null before the timer has started).
   */
  outcome() {
    if (!this.isWon()) return null;
    const t = this.timer;
    const ms = t.game !== null ? (t.until ?? performance.now()) - t.from : this.resumeClock;
    return { moves: this.moves, help: [...this.help], ms };
  }

  /** A hint or a solve was used in this game (a new game forgets them). */
  noteHelp(kind) {
    this.help.push(kind);
  }
}
