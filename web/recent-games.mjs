// Recent games: every game played on this device in the last hour, kept per
// puzzle, so that neither a second tab nor a closed one loses a game; and
// what a full storage gives up first.
//
// Why a key per game, and not a merge or the `storage` event alone: two tabs
// of one puzzle play two games, and two undo histories have no honest merge;
// a `storage` event only arrives once the other tab has already written over
// the game, and a tab being closed cannot be relied on to save anything. So
// each game a page plays is written under a key of its own,
// puzzlelab.recent.PUZZLE.SLOT, which no other page writes: SLOT is new for
// every game a page starts (its session's playId changes), a reload of the
// tab carries on with it (the tab's sessionStorage names it), and a tab
// duplicated with its sessionStorage, finding another page writing that
// slot, takes a new one (GameStore.write in saved-game.mjs). Each entry is
// {version, puzzle, snapshot, page, at}: the page load that wrote it and
// when (ms since 1970).
//
// Kept: every entry of the last hour, and the KEEP_OLDER newest beyond it.
// A full storage (QuotaExceededError) makes room by dropping the oldest
// recent games first (saved-game.mjs says so, then trims undo history).

import { newPlayId } from "./session.mjs";

export const RECENT_PREFIX = "puzzlelab.recent.";
export const recentKey = (puzzle, slot) => `${RECENT_PREFIX}${puzzle}.${slot}`;
/** Games played within this time are always kept (storage allowing). */
export const HOUR = 3_600_000;
/** Beyond the hour, how many of a puzzle's newest games are kept. */
export const KEEP_OLDER = 10;
/** This page load, as entries name their writer. */
export const PAGE = newPlayId();

/** Whether `error` is the browser's "storage is full" (Chromium, Safari, Firefox names and codes). */
export function isQuotaError(error) {
  return error?.name === "QuotaExceededError" || error?.name === "NS_ERROR_DOM_QUOTA_REACHED"
    || error?.code === 22 || error?.code === 1014;
}

/** The keys of `storage` starting with `prefix` (none when storage is off). */
function keysFrom(storage, prefix) {
  const keys = [];
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch { /* storage off */ }
  return keys;
}

/** An entry's text as {snapshot, page, at}, or null when it is not one (`puzzle`'s, when given). */
export function readEntry(text, puzzle = null) {
  let entry = null;
  try { entry = JSON.parse(text); } catch { return null; }
  const ok = entry && typeof entry === "object" && entry.snapshot && typeof entry.snapshot === "object"
    && typeof entry.snapshot.game === "string" && (puzzle === null || entry.puzzle === puzzle);
  return ok ? entry : null;
}

/**
 * The recent games stored, newest first: {key, puzzle, slot, at, page,
 * snapshot}; of one puzzle when `puzzle` is given. An entry that cannot be
 * read is listed with `at` 0 and no snapshot (the oldest: pruned first).
 */
export function recentGames(storage, puzzle = null) {
  const games = [];
  for (const key of keysFrom(storage, puzzle ? `${RECENT_PREFIX}${puzzle}.` : RECENT_PREFIX)) {
    const rest = key.slice(RECENT_PREFIX.length);
    const dot = rest.lastIndexOf(".");
    let text = null;
    try { text = storage.getItem(key); } catch { /* storage off */ }
    const entry = text === null ? null : readEntry(text);
    const at = Number.isFinite(entry?.at) ? entry.at : 0;
    games.push({ key, puzzle: rest.slice(0, dot), slot: rest.slice(dot + 1), at, page: entry?.page,
      snapshot: entry?.snapshot ?? null });
  }
  return games.sort((a, b) => b.at - a.at);
}

/**
 * Remove `puzzle`'s recent games older than an hour beyond its KEEP_OLDER
 * newest, never the entry `keep` (a key). Returns how many went.
 */
export function pruneRecent(storage, puzzle, now, keep = null) {
  let removed = 0;
  recentGames(storage, puzzle).forEach((game, index) => {
    if (index < KEEP_OLDER || now - game.at <= HOUR || game.key === keep) return;
    try {
      storage.removeItem(game.key);
      removed += 1;
    } catch { /* storage off */ }
  });
  return removed;
}

/** Remove the oldest recent game of any puzzle but `keep` (a key): whether one went. */
export function dropOldest(storage, keep = null) {
  const oldest = recentGames(storage).filter((game) => game.key !== keep).at(-1);
  if (!oldest) return false;
  try {
    storage.removeItem(oldest.key);
    return true;
  } catch {
    return false;
  }
}
