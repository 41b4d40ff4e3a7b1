// The daily puzzles a person has played, kept in this browser. Per puzzle,
// the dates (UTC, as the daily puzzles count them) whose daily puzzle was
// finished on its own day, from which the streak (days in a row ending today
// or yesterday) and the days played follow; a daily finished on a later day
// is kept as a result but counts for neither. Per date, each puzzle's daily
// as the Today view shows it: started, or done with its result.
// Nothing leaves the browser.

import { browserStorage } from "./saved-game.mjs";

const KEY = "puzzlelab.daily";
const RESULTS_KEY = "puzzlelab.dailyResults";
const RESULT_DAYS_KEPT = 40; // the results of older dates are dropped as new ones come
const DAY_MS = 86_400_000;


/** Every puzzle's finished dates, {kind: ["2026-11-24", ...]}; anything unreadable counts as none. */
function readAll(storage) {
  try {
    const all = JSON.parse(storage?.getItem(KEY) ?? "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

/** The dates of `kind` that are real "YYYY-MM-DD" strings, sorted, each once. */
function datesOf(all, kind) {
  const dates = Array.isArray(all[kind]) ? all[kind] : [];
  return [...new Set(dates.filter((d) => typeof d === "string" && /^\d{4}-\d{2}-\d{2}$/.test(d)))].sort();
}

/** Days since 1970 of a "YYYY-MM-DD" date. */
function dayNumber(date) {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/**
 * Note that the daily puzzle of `date` ("2026-11-24") of puzzle `kind` was
 * finished. Returns the record afterwards (see dailyRecord), as of `today`.
 */
export function recordDaily(kind, date, { today = new Date(), storage = browserStorage() } = {}) {
  const all = readAll(storage);
  all[kind] = [...datesOf(all, kind), date];
  all[kind] = datesOf(all, kind);
  try {
    storage?.setItem(KEY, JSON.stringify(all));
  } catch { /* storage full or off: the streak is not kept, the game goes on */ }
  return dailyRecord(kind, { today, storage });
}

/**
 * {streak, played} for puzzle `kind` as of `today`: streak counts the days
 * in a row with a finished daily puzzle, ending today or yesterday (0
 * otherwise); played counts every day with one.
 */
export function dailyRecord(kind, { today = new Date(), storage = browserStorage() } = {}) {
  const days = new Set(datesOf(readAll(storage), kind).map(dayNumber));
  const now = Math.floor(today.getTime() / DAY_MS);
  let day = days.has(now) ? now : now - 1;
  let streak = 0;
  while (days.has(day)) {
    streak++;
    day--;
  }
  return { streak, played: days.size };
}

/** "3 days in a row · 5 days played", or "" before the first. */
export function dailyRecordText({ streak, played }) {
  if (!played) return "";
  const days = (n) => `${n} day${n === 1 ? "" : "s"}`;
  return `Daily streak: ${days(streak)} in a row · ${days(played)} played`;
}

/**
 * {streak, played} over several puzzles as of `today`: a day counts when the
 * daily puzzle of any of `kinds` was finished on that day.
 */
export function daysRecord(kinds, { today = new Date(), storage = browserStorage() } = {}) {
  const all = readAll(storage);
  const union = { all: kinds.flatMap((kind) => datesOf(all, kind)) };
  const merged = { getItem: () => JSON.stringify(union) };
  return dailyRecord("all", { today, storage: merged });
}

/** Every date's results, {"2026-11-24": {kind: entry}}; anything unreadable counts as none. */
function readResults(storage) {
  try {
    const all = JSON.parse(storage?.getItem(RESULTS_KEY) ?? "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

function writeResults(storage, all) {
  const dates = Object.keys(all).filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)).sort().slice(-RESULT_DAYS_KEPT);
  try {
    storage?.setItem(RESULTS_KEY, JSON.stringify(Object.fromEntries(dates.map((d) => [d, all[d]]))));
  } catch { /* storage full or off: the Today view forgets, the game goes on */ }
}

/**
 * The daily puzzles of `date` as played here: {kind: entry}, where an entry
 * is {status: "started"} or {status: "done", count, unit, best, bestLabel,
 * ms, hints, solver, late} (late: finished after its own day).
 */
export function dailyResults(date, { storage = browserStorage() } = {}) {
  const day = readResults(storage)[date];
  if (!day || typeof day !== "object") return {};
  return Object.fromEntries(Object.entries(day).filter(([, entry]) =>
    entry && typeof entry === "object" && ["started", "done"].includes(entry.status)));
}

/** A move was made on the daily puzzle of `date`: started, unless it is done already. */
export function noteDailyStarted(kind, date, { storage = browserStorage() } = {}) {
  const all = readResults(storage);
  if (["started", "done"].includes(all[date]?.[kind]?.status)) return; // said already: no write per move
  all[date] = { ...(all[date] ?? {}), [kind]: { status: "started" } };
  writeResults(storage, all);
}

/**
 * The daily puzzle of `date` was won: its result is kept (the first win of
 * the day stands; a later call may only fill in the best once the solver
 * knows it), and the streak counts it when it was won on its own day.
 * Returns the record afterwards (see dailyRecord).
 */
export function noteDailyResult(kind, date, result, { today = new Date(), storage = browserStorage() } = {}) {
  const all = readResults(storage);
  const before = all[date]?.[kind];
  const late = today.toISOString().slice(0, 10) !== date;
  const entry = before?.status === "done"
    ? { ...before, best: before.best ?? result.best ?? null, bestLabel: before.bestLabel ?? result.bestLabel }
    : { status: "done", ...result, late };
  all[date] = { ...(all[date] ?? {}), [kind]: entry };
  writeResults(storage, all);
  if (late || result.solver) return dailyRecord(kind, { today, storage });
  return recordDaily(kind, date, { today, storage });
}
