// The level ladders and a person's progress on them. The ladders are each
// family's numbered levels, made by its Python solvers when the site was
// built (levels.json, written by build.py from py/puzzlelab/<family>/levels.py):
// a game ID, its par and a label per level, fetched when the ladder is first
// wanted. Progress is kept in this browser (localStorage "puzzlelab.levels"):
// per puzzle, per level's game ID, the best result won on it. A level is open
// when it is the first, when the one before it is won, or when it is won
// itself; the others are locked.
//
// Nothing is ever lost by a write: each one reads what is stored first and
// merges into it, so two tabs winning different levels both keep theirs
// (the union of the won levels, each with the better of its results), and
// an imported file is merged the same way. A file that is not a progress file
// of this site is refused in one sentence and changes nothing.

import { browserStorage } from "./saved-game.mjs";

export const PROGRESS_KEY = "puzzlelab.levels";
const FILE_KIND = "puzzlelab-levels";
const FILE_VERSION = 1;
const MOST_FILE_CHARS = 2_000_000; // a progress file of every level is a few kB
const MOST_ID_CHARS = 4000; // the longest game ID of a ladder is a few hundred characters

const LADDERS_FILE = new URL("./levels.json", import.meta.url);
let ladders = null; // a promise of the file's ladders, once asked for

/**
 * Every shipped ladder, {puzzle: {unit, levels: [{game, par, label}]}}; {}
 * when the file cannot be had (a page served straight from web/). A failed
 * fetch is not kept: the next call tries again.
 */
export function loadLadders() {
  ladders ??= fetch(LADDERS_FILE)
    .then((response) => (response.ok ? response.json() : {}))
    .then((data) => (data && typeof data === "object" && !Array.isArray(data) ? data : {}))
    .catch(() => {
      ladders = null;
      return {};
    });
  return ladders;
}

/** Whether `entry` is a result as this module writes it: {count, par, hints}. */
function isResult(entry) {
  const count = (n, low) => Number.isSafeInteger(n) && n >= low && n <= 1e6;
  return Boolean(entry) && typeof entry === "object" && !Array.isArray(entry)
    && count(entry.count, 0) && count(entry.par, 1) && count(entry.hints, 0);
}

/** Only the fields of a result, so that nothing else is stored or exported. */
const cleanResult = ({ count, par, hints }) => ({ count, par, hints });

/**
 * Whether result `a` is better than `b`: no hints beats hints, then fewer
 * moves. A total order on what is kept, so merging in any order gives the same.
 */
export function better(a, b) {
  if (!b) return true;
  if ((a.hints > 0) !== (b.hints > 0)) return a.hints === 0;
  if (a.count !== b.count) return a.count < b.count;
  return a.hints < b.hints;
}

/** The union of two progress records, each level with the better result. */
export function mergeProgress(a, b) {
  const merged = {};
  for (const side of [a, b]) {
    for (const [puzzle, levels] of Object.entries(side ?? {})) {
      merged[puzzle] ??= {};
      for (const [game, result] of Object.entries(levels)) {
        if (better(result, merged[puzzle][game])) merged[puzzle][game] = result;
      }
    }
  }
  return merged;
}

/**
 * The stored progress, its unreadable entries left out (a text that is not
 * JSON is set aside at the next write, under PROGRESS_KEY.unreadable).
 */
export function readProgress(storage = browserStorage()) {
  let stored;
  try {
    stored = JSON.parse(storage?.getItem(PROGRESS_KEY) ?? "{}");
  } catch {
    return {};
  }
  const progress = {};
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return progress;
  for (const [puzzle, levels] of Object.entries(stored)) {
    if (!levels || typeof levels !== "object" || Array.isArray(levels)) continue;
    const kept = Object.entries(levels).filter(([game, result]) => game.length <= MOST_ID_CHARS && isResult(result));
    if (kept.length) progress[puzzle] = Object.fromEntries(kept.map(([game, result]) => [game, cleanResult(result)]));
  }
  return progress;
}

/**
 * Merge `progress` into what is stored now (read again at the moment of the
 * write: another tab's wins stay). Returns false when storage refused it.
 */
function storeMerged(progress, storage) {
  try {
    const raw = storage.getItem(PROGRESS_KEY);
    try {
      JSON.parse(raw ?? "{}");
    } catch {
      storage.setItem(`${PROGRESS_KEY}.unreadable`, raw); // set aside, never written over
    }
    storage.setItem(PROGRESS_KEY, JSON.stringify(mergeProgress(readProgress(storage), progress)));
    return true;
  } catch {
    return false; // storage full or off: the result is not kept; export keeps it elsewhere
  }
}

/**
 * A level of `puzzle` (its game ID `game`) was won with `result` ({count,
 * par, hints}): kept when it is the level's first or better than the one
 * kept. Returns false when storage refused the write.
 */
export function recordWin(puzzle, game, result, { storage = browserStorage() } = {}) {
  if (!storage || !isResult(result)) return false;
  return storeMerged({ [puzzle]: { [game]: cleanResult(result) } }, storage);
}

/**
 * Each level of `ladder` with where the person stands on it: {number, game,
 * par, label, result (the kept one, or null), open}.
 */
export function ladderState(ladder, won = {}) {
  const levels = ladder?.levels ?? [];
  return levels.map((level, i) => {
    const result = Object.hasOwn(won, level.game) ? won[level.game] : null;
    const before = i === 0 || Object.hasOwn(won, levels[i - 1].game);
    return { number: i + 1, game: level.game, par: level.par, label: level.label, result, open: before || Boolean(result) };
  });
}

/** The index in `ladder` of the level whose game ID is `game`, or -1. */
export function levelIndex(ladder, game) {
  return (ladder?.levels ?? []).findIndex((level) => level.game === game);
}

/** The text of a progress file: the stored progress, named as this site's. */
export function exportText(progress = readProgress(), now = new Date()) {
  return `${JSON.stringify({ kind: FILE_KIND, version: FILE_VERSION, exported: now.toISOString(), progress }, null, 1)}\n`;
}

/** An import refused: its message is the one sentence to show. */
export class BadProgressFile extends Error {}

/**
 * The progress a file's `text` holds, every entry checked, for puzzles among
 * `puzzles` (ids); throws BadProgressFile, saying why, for anything else.
 */
export function readProgressFile(text, puzzles) {
  const refuse = (why) => {
    throw new BadProgressFile(`That file is not a Puzzle Lab levels file (${why}); your progress is unchanged.`);
  };
  if (typeof text !== "string" || text.length > MOST_FILE_CHARS) refuse("it is too large");
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    refuse("it is not JSON");
  }
  if (!data || typeof data !== "object" || data.kind !== FILE_KIND) refuse("it does not say it is one");
  if (data.version !== FILE_VERSION) refuse(`its version, ${String(data.version).slice(0, 20)}, is not ${FILE_VERSION}`);
  const { progress } = data;
  if (!progress || typeof progress !== "object" || Array.isArray(progress)) refuse("it holds no progress");
  const read = {};
  for (const [puzzle, levels] of Object.entries(progress)) {
    if (!puzzles.includes(puzzle)) refuse(`it names an unknown puzzle, "${puzzle.slice(0, 40)}"`);
    if (!levels || typeof levels !== "object" || Array.isArray(levels)) refuse(`its ${puzzle} entry is not a list of levels`);
    for (const [game, result] of Object.entries(levels)) {
      if (!game || game.length > MOST_ID_CHARS || !isResult(result)) refuse(`a ${puzzle} result is malformed`);
    }
    read[puzzle] = Object.fromEntries(Object.entries(levels).map(([game, result]) => [game, cleanResult(result)]));
  }
  return read;
}

/**
 * Merge a progress file's `text` into the stored progress. Returns {added,
 * improved}: the levels the file brought that were not won here, and those it
 * made better. Throws BadProgressFile (nothing changed) for a file that is not
 * one, or when storage refuses the write.
 */
export function importProgress(text, puzzles, { storage = browserStorage() } = {}) {
  const incoming = readProgressFile(text, puzzles);
  const before = readProgress(storage);
  let added = 0;
  let improved = 0;
  for (const [puzzle, levels] of Object.entries(incoming)) {
    for (const [game, result] of Object.entries(levels)) {
      const had = before[puzzle]?.[game];
      if (!had) added++;
      else if (better(result, had)) improved++;
    }
  }
  if (!storage || !storeMerged(incoming, storage)) {
    throw new BadProgressFile("This browser would not store the progress (its storage is full or off); nothing changed.");
  }
  return { added, improved };
}
