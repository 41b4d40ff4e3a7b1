// Saved games, written once for every puzzle: what a page may trust in one,
// and when a link may take its place.
//
// readSavedGame() checks a snapshot (PuzzleBoard.snapshot(): {game, moves?,
// start?, history: [{game, moves?}], future: [...]}) before a board shows it:
// the shape is refused when wrong; every game ID goes through `load` (the
// rules modules answer it, as for any move); move counts that are not
// whole numbers of at least 0, or that do not follow from the history (each
// step adds one move or starts again from 0), are repaired; an undo step
// that cannot have happened on the board is cut off with the rest of the
// history beyond it. Every repair is named, for a notice.
//
// GameStore keeps one puzzle's saved game (the shared copy a new tab opens,
// this tab's own copy, and each game played among the recent games of
// recent-games.mjs: two tabs never write over each other's game), and the one
// rule for every link that arrives (a fresh load, a link typed or pasted into the
// open page, back and forward, a daily link): a game in progress stays in
// storage, untouched, until the person changes the board the link showed.
// Whatever the page cannot use, or repairs, is first copied aside
// (asideKey), never dropped; a full storage is said, and what it cost.

import { PAGE, dropOldest, isQuotaError, pruneRecent, readEntry, recentKey } from "./recent-games.mjs";
import { newPlayId } from "./session.mjs";

export const SAVE_VERSION = 1;

/**
 * The browser's localStorage, or null where it is switched off (reading
 * `localStorage` then throws, as in a third-party frame with cookies
 * blocked): every store here then keeps nothing, and the page still plays.
 */
export function browserStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}
/** The browser's sessionStorage (this tab's own, kept across its reloads), or null where it is off. */
export function tabStorage() {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}
export const saveKey = (id) => `puzzlelab.saved.${id}`;
/** This tab's own game (sessionStorage), and the slot of its recent game. */
export const tabKey = (id) => `puzzlelab.tab.${id}`;
const slotKey = (id) => `puzzlelab.slot.${id}`;
/** A key written and removed at once, to learn whether storage has any room left. */
const PROBE = "puzzlelab.probe";
/** Where a saved game the page could not use as it was is copied before anything replaces it. */
export const asideKey = (id) => `puzzlelab.aside.${id}`;

const isId = (id) => typeof id === "string" && id.length > 0;
const isEntry = (e) => e !== null && typeof e === "object" && !Array.isArray(e) && isId(e.game);

/** Throws "it is not a game of this puzzle" unless `snapshot` has a snapshot's shape. */
function checkShape(snapshot) {
  if (!isEntry(snapshot) || !Array.isArray(snapshot.history) || !Array.isArray(snapshot.future)
      || !snapshot.history.every(isEntry) || !snapshot.future.every(isEntry)
      || !(snapshot.start == null || isId(snapshot.start))) {
    throw new Error("it is not a game of this puzzle");
  }
}

/** A stored count as a whole number of at least 0: below 0 is 0, a fraction is cut, anything else 0. */
// The largest move count a saved game may claim: far beyond any game played,
// and far enough below 2^53 that counting on from it by one stays exact (at
// 2^53, n + 1 === n, and a forged history could pass as one move a step).
const MOST_MOVES = 2 ** 40;

function wholeCount(value) {
  if (value === undefined) return 0;
  if (typeof value !== "number" || !Number.isFinite(value)) return 0;
  return Math.min(MOST_MOVES, Math.max(0, Math.floor(value)));
}

/**
 * Check and load a saved game. `load(id)` resolves to the board's state for
 * a game ID (rejecting a bad one); `rules` are the puzzle's SAVED_GAMES
 * (its rules module):
 *   movesOf(state, start)   the exact move count that `state` has from the
 *                           starting position `start` (peg solitaire: one
 *                           peg less per jump), a negative number when it
 *                           cannot follow from it, or null when the board
 *                           cannot tell (then the history decides)
 *   fits(before, after, moved)  whether one undo step, from state `before`
 *                           to `after`, can have happened: `moved` when it
 *                           counts one move more (a press, a jump)
 * Resolves to {current, start, history, future, repairs}: states with their
 * counts ({state, moves}), `repairs` a list of what was mended, in words.
 * Throws, with the reason, when the game itself cannot be shown.
 */
export async function readSavedGame(snapshot, load, { movesOf = () => null, fits = () => true } = {}) {
  checkShape(snapshot);
  const loaded = new Map(); // undo histories repeat IDs: load each once
  const state = (id) => {
    if (!loaded.has(id)) loaded.set(id, load(id));
    return loaded.get(id);
  };
  // The game in play order: the undo history, the game on screen, then the
  // redo steps (the last one pushed comes first).
  const order = [...snapshot.history, snapshot, ...[...snapshot.future].reverse()];
  const at = snapshot.history.length; // where the game on screen is in `order`
  const states = await Promise.all(order.map((e) => state(e.game)));
  const start = snapshot.start == null ? null : await state(snapshot.start);
  const repairs = new Set();

  // Counts: whole numbers of at least 0, equal to the board's own where it
  // knows it, and each one more than the previous or 0 (a new start).
  const exact = states.map((s) => movesOf(s, start ?? states[at]));
  if (exact[at] !== null && exact[at] < 0) throw new Error("its move count cannot follow from its start");
  const moves = [];
  for (let i = 0; i < order.length; i++) {
    const given = order[i].moves;
    moves.push(wholeCount(given));
    if (given !== undefined && moves[i] !== given) {
      // No count to go by: one more than the previous one (the first: the value clamped).
      if (i > 0) moves[i] = moves[i - 1] + 1;
      repairs.add("a move count that was not a whole number of at least 0");
    }
    if (exact[i] !== null && exact[i] >= 0 && moves[i] !== exact[i]) {
      moves[i] = exact[i];
      repairs.add("a move count that did not match the board");
    } else if (exact[i] === null && i > 0 && moves[i] !== 0 && moves[i] !== moves[i - 1] + 1) {
      moves[i] = moves[i - 1] + 1;
      repairs.add("a move count that did not follow from the previous one");
    }
  }

  // Undo steps that cannot have happened: the history beyond them goes.
  // (Counts the board knows may still jump: such a step cannot have happened either.)
  const belongs = (i) => exact[i] === null || exact[i] >= 0;
  const step = (i) => belongs(i) && belongs(i + 1) && (moves[i + 1] === 0 || moves[i + 1] === moves[i] + 1)
    && fits(states[i], states[i + 1], moves[i + 1] === moves[i] + 1);
  let first = 0;
  let last = order.length - 1;
  for (let i = at - 1; i >= 0; i--) {
    if (!step(i)) {
      first = i + 1;
      break;
    }
  }
  for (let i = at; i < order.length - 1; i++) {
    if (!step(i)) {
      last = i;
      break;
    }
  }
  const cut = first + (order.length - 1 - last);
  if (cut) repairs.add(`${cut} undo step${cut === 1 ? "" : "s"} that could not have happened on this board, left out`);

  const entry = (i) => ({ state: states[i], moves: moves[i] });
  const history = [];
  for (let i = first; i < at; i++) history.push(entry(i));
  const future = [];
  for (let i = last; i > at; i--) future.push(entry(i));
  return { current: entry(at), start, history, future, repairs: [...repairs] };
}

/**
 * True when a snapshot holds a game in progress, one worth keeping from a
 * link: moves made (a count, or undo/redo steps).
 */
export function inProgress(snapshot) {
  if (!snapshot || typeof snapshot !== "object") return false;
  const steps = (list) => Array.isArray(list) && list.length > 0;
  return steps(snapshot.history) || steps(snapshot.future) || (Number.isFinite(snapshot.moves) && snapshot.moves > 0);
}

/** Undo steps in a snapshot (its undo and redo steps). */
const steps = (snapshot) => snapshot.history.length + snapshot.future.length;

/**
 * `snapshot` with fewer undo steps, to fit a full storage: the redo steps
 * first, then the older half of the undo history; null when none is left.
 */
function shortened(snapshot) {
  if (snapshot.future.length) return { ...snapshot, future: [] };
  if (!snapshot.history.length) return null;
  return { ...snapshot, history: snapshot.history.slice(Math.ceil(snapshot.history.length / 2)) };
}

/** The same game: both snapshots written alike (the stored entry's snapshot against `snapshot`). */
function sameSnapshot(text, snapshot) {
  const entry = text === null ? null : readEntry(text);
  return entry !== null && JSON.stringify(entry.snapshot) === JSON.stringify(snapshot);
}

/**
 * One puzzle's saved game. Three copies, each with its own job:
 *   localStorage saveKey       the game a new tab opens: the last one saved
 *                              by any tab (entries {version, puzzle, snapshot,
 *                              page, at}: the page load that wrote it, when)
 *   sessionStorage tabKey      this tab's own game, which a reload of the tab
 *                              restores even when another tab saved since
 *   localStorage recentKey     each game played (moves made), under a slot no
 *                              other page writes: the recent games
 *                              (recent-games.mjs), which outlive a closed tab
 * Reads never throw; write() says what a full storage cost, and gives up
 * quietly when storage is off.
 */
export class GameStore {
  #held = false;
  #shown = null; // while held: the JSON of the first board shown over the stored game
  #slot = null; // {id, playId, before}: this page's recent-game slot for the game played

  constructor(puzzle, storage = browserStorage(), { tab = tabStorage(), page = PAGE, now = Date.now } = {}) {
    this.puzzle = puzzle; // {id, title}
    this.storage = storage;
    this.tab = tab;
    this.page = page;
    this.now = now;
    // A reload carries on with the tab's slot (`before`: the page that last
    // wrote it), once the page before has gone (release()), and claims it at
    // once: a tab duplicated with its sessionStorage, now or later, finds the
    // slot of a page still open, and takes a new one.
    const pointer = this.#tabGet(slotKey(puzzle.id));
    if (pointer?.released === true && typeof pointer.id === "string" && typeof pointer.playId === "string") {
      this.#slot = { id: pointer.id, playId: pointer.playId, before: pointer.writer };
      this.#tabSet(slotKey(puzzle.id), JSON.stringify(this.#pointer()));
    }
  }

  #get(key) {
    try {
      return this.storage.getItem(key);
    } catch {
      return null; // storage is off: nothing saved, nothing to keep
    }
  }

  #tabGet(key) {
    try {
      const text = this.tab?.getItem(key) ?? null;
      return key === slotKey(this.puzzle.id) ? JSON.parse(text) : text;
    } catch {
      return null;
    }
  }

  #tabSet(key, text) {
    try { this.tab?.setItem(key, text); } catch { /* its own quota, or off: a reload falls back on saveKey */ }
  }

  /**
   * The stored text of the game this page treats as saved: the shared one,
   * unless another page saved over this tab's own game since this tab saved
   * it (the shared entry names its writer): then this tab's own. An entry
   * that names no writer (an older version's, or hand-written) is the saved
   * game as before.
   */
  #mine() {
    const shared = this.#get(saveKey(this.puzzle.id));
    const own = this.#tabGet(tabKey(this.puzzle.id));
    if (own === null || shared === null || own === shared) return shared;
    return typeof readEntry(shared)?.page === "string" && readEntry(own) ? own : shared;
  }

  /**
   * The stored game: null when there is none, else {snapshot} or, when it
   * cannot be read, {why} (the reason, in words).
   */
  read() {
    const text = this.#mine();
    if (text === null) return null;
    let saved = null;
    try { saved = JSON.parse(text); } catch { /* said below */ }
    const why = saved === null ? "it is not valid JSON"
      : saved?.version !== SAVE_VERSION ? "it was saved by another version of the page"
      : saved.puzzle !== this.puzzle.id || !saved.snapshot || typeof saved.snapshot !== "object"
        ? `it is not a saved game of ${this.puzzle.title}` : null;
    return why === null ? { snapshot: saved.snapshot } : { why };
  }

  /**
   * Copy the stored entry, as it is, to asideKey: before a repaired or
   * unusable game is written over. Only the latest such copy is kept.
   */
  putAside() {
    const text = this.#mine();
    if (text === null) return;
    try { this.storage.setItem(asideKey(this.puzzle.id), text); } catch { /* storage full or off */ }
  }

  /**
   * The one rule for a link (or a board the person did not choose) shown
   * over the stored game: if that game is in progress, or cannot be read, it
   * stays in storage until the board shown is changed (maySave); one held
   * already stays held, under the new board. Returns whether it is held.
   */
  holdFor() {
    if (!this.#held) {
      const stored = this.read();
      this.#held = Boolean(stored) && (stored.why !== undefined || inProgress(stored.snapshot));
    }
    this.#shown = null; // a held game stays held; the new board is the one to compare with
    return this.#held;
  }

  /** Hold the stored game whatever it is (a saved game the board could not show). */
  hold() {
    this.#held = this.#mine() !== null;
    this.#shown = null;
  }

  /** Whether the stored game is held under another board. */
  get held() {
    return this.#held;
  }

  /**
   * Whether `board`'s `snapshot` may be written now: not while the stored
   * game is held and the board is still as it was first shown over it. The
   * stored game itself on screen (board.origin "saved", or the same
   * snapshot), or any change, ends the hold.
   */
  maySave(board, snapshot) {
    if (!this.#held) return true;
    // The stored game itself on screen (a link refused, say) is not a new board.
    const same = sameSnapshot(this.#mine(), snapshot);
    if (board.origin !== "saved" && !same) {
      const text = JSON.stringify(snapshot);
      this.#shown ??= text;
      if (this.#shown === text) return false;
    }
    // Replaced by the person's own game: the stored one is copied aside first.
    if (board.origin !== "saved" && !same) this.putAside();
    this.#held = false;
    this.#shown = null;
    return true;
  }

  /** The page is going (pagehide): a reload of this tab may carry on with its slot. */
  release() {
    if (this.#slot) this.#tabSet(slotKey(this.puzzle.id), JSON.stringify({ ...this.#pointer(), released: true }));
  }

  /** This tab's record of its slot: which, for which game, its last writer, and whether it is free. */
  #pointer() {
    return { id: this.#slot.id, playId: this.#slot.playId, writer: this.#slot.before, released: false };
  }

  /**
   * The game goes on under a slot of its own from its next move: one chosen
   * from the recent games, or this page back from the back-forward cache.
   */
  newSlot() {
    this.#slot = null;
  }

  /** The key of this page's recent game of the puzzle, if it has one. */
  get recentKey() {
    return this.#slot ? recentKey(this.puzzle.id, this.#slot.id) : null;
  }

  /**
   * The slot for `snapshot`'s game: this page's own while the game is the
   * same one (its playId), else a new one; a new one too when another page
   * writes it (a tab duplicated with its sessionStorage). Returns whether
   * another page was found on it.
   */
  #takeSlot(snapshot) {
    const slot = this.#slot;
    if (slot && slot.playId === snapshot.playId) {
      const writer = readEntry(this.#get(recentKey(this.puzzle.id, slot.id)) ?? "")?.page;
      if (!writer || writer === this.page || writer === slot.before) return false;
    }
    this.#slot = { id: newPlayId(), playId: snapshot.playId, before: this.page };
    return Boolean(slot && slot.playId === snapshot.playId);
  }

  /**
   * Save `snapshot`: this tab's copy, the shared game and, once moves are
   * made, its recent game. A full storage first loses the oldest recent
   * games (of any puzzle), then this game's oldest undo steps, until it
   * fits. Returns what the person should be told, or null: {shared} (another
   * page was writing this game: it goes on under a slot of its own),
   * {dropped} recent games removed, {trimmed} undo steps left out, or
   * {unsaved} (nothing could be written: storage full).
   */
  write(snapshot) {
    const id = this.puzzle.id;
    const stored = this.#get(saveKey(id));
    if (sameSnapshot(stored, snapshot)) {
      // The saved game itself, saved again (a reload, a link to it): this tab
      // keeps it as its own; storage, and the other tabs, hear of nothing new.
      this.#tabSet(tabKey(id), stored);
      return null;
    }
    const played = inProgress(snapshot);
    const before = this.#slot?.id;
    const shared = played && this.#takeSlot(snapshot);
    const slot = played ? recentKey(id, this.#slot.id) : null;
    const at = this.now();
    const report = { shared, dropped: 0, trimmed: 0, unsaved: false };
    let kept = snapshot;
    let text = null;
    while (text === null) {
      const entry = JSON.stringify({ version: SAVE_VERSION, puzzle: id, snapshot: kept, page: this.page, at });
      try {
        if (slot) this.storage.setItem(slot, entry);
        this.storage.setItem(saveKey(id), entry);
        text = entry;
      } catch (error) {
        if (!isQuotaError(error)) return null; // storage off: the page works without saving
        if (this.#roomAtAll() && dropOldest(this.storage, slot)) {
          report.dropped += 1;
          continue;
        }
        const shorter = shortened(kept);
        if (shorter === null) {
          Object.assign(report, { unsaved: true, trimmed: 0 }); // nothing saved: nothing left out of a save
          break;
        }
        report.trimmed += steps(kept) - steps(shorter);
        kept = shorter;
      }
    }
    // This tab's own copy, whole, in its own quota: a reload gets it back
    // even when the shared one could not be written.
    this.#tabSet(tabKey(id), text ?? JSON.stringify({ version: SAVE_VERSION, puzzle: id, snapshot, page: this.page, at }));
    if (slot && text !== null) {
      this.#slot.before = this.page;
      this.#tabSet(slotKey(id), JSON.stringify(this.#pointer()));
      // Only a new game adds an entry: the old ones are pruned then (reading
      // them all at every move would cost a huge board's page its speed).
      if (this.#slot.id !== before) pruneRecent(this.storage, id, at, slot);
    }
    return report.shared || report.dropped || report.trimmed || report.unsaved ? report : null;
  }

  /**
   * Whether a few bytes can still be written: when not, storage is full to
   * the last byte (or refuses every write), and dropping recent games would
   * lose them for nothing the person could be sure of.
   */
  #roomAtAll() {
    try {
      this.storage.setItem(PROBE, "");
      this.storage.removeItem(PROBE);
      return true;
    } catch {
      return false;
    }
  }
}
