// The words of the Today view (today-view.mjs): a daily puzzle's status and
// result, and the day card's text to share. The shared text is spoiler-free
// by construction: it is made from the date, each puzzle's name, counts, par,
// time and help, and the streak, never from a game, a board or a move.

import { duration } from "./session.mjs";

/** "no help", "1 hint", "3 hints", or "the solver played". */
export function helpWords({ hints = 0, solver = false }) {
  if (solver) return "the solver played";
  return hints ? `${hints} hint${hints === 1 ? "" : "s"}` : "no help";
}

/** "9 presses · fewest 7" (the best unknown: the count alone). */
export function countWords({ count, unit, best, bestLabel }) {
  const against = Number.isFinite(best) && bestLabel ? ` · ${bestLabel} ${best}` : "";
  return `${Number(count)} ${unit}${against}`;
}

/** A done daily's result: "9 presses · fewest 7, 1 min 23 s, no help". */
export function resultWords(entry) {
  return `${countWords(entry)}, ${duration(entry.ms)}, ${helpWords(entry)}`;
}

/** "Not started", "In progress", "Done: <result>" ("Done late: …" after its day). */
export function statusWords(entry) {
  if (entry?.status === "done") return `${entry.late ? "Done late" : "Done"}: ${resultWords(entry)}`;
  return entry?.status === "started" ? "In progress" : "Not started";
}

/** "Streak: 3 days in a row · 5 days played" (a streak of one day: "1 day in a row"). */
export function recordWords({ streak, played }) {
  if (!played) return "No daily puzzle finished yet: a streak starts with one.";
  const days = (n) => `${n} day${n === 1 ? "" : "s"}`;
  return `Streak: ${days(streak)} in a row · ${days(played)} played`;
}

/**
 * The day card's text to share:
 *   Puzzle Lab, daily puzzles of 2026-11-24
 *   Lights Out: 9 presses · fewest 7, 1 min 23 s, no help
 *   …
 *   Streak: 3 days in a row · 5 days played
 *   <the page's address>
 * @param {{date: string, rows: {title: string, entry: object}[], record: {streak: number, played: number}, link: string}} day
 */
export function dayShareText({ date, rows, record, link }) {
  return [
    `Puzzle Lab, daily puzzles of ${date}`,
    ...rows.map(({ title, entry }) => `${title}: ${resultWords(entry)}`),
    recordWords(record),
    link,
  ].join("\n");
}
