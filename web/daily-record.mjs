// The daily puzzles a person has finished, per puzzle, kept in this browser:
// the dates (UTC, as the daily puzzles count them), from which the streak
// (days in a row ending today or yesterday) and the days played follow.
// Nothing leaves the browser.

import { browserStorage } from "./saved-game.mjs";

const KEY = "puzzlelab.daily";
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
