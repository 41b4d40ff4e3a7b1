// The daily puzzles as Python dealt them when the site was built
// (daily-deals.json, written by build.py's write_daily_deals), so that a
// daily link draws its board as soon as the default board would, without
// waiting for Python to start. The file is fetched only when a daily puzzle
// is asked for, never on a plain visit. A date outside the shipped window, a
// page served without the file (straight from web/) or a board whose request
// no longer matches the shipped one gets null here: the board then asks
// Python, which deals the same game.

import { requestKey } from "./rules/common.mjs";

const DEALS_FILE = new URL("./daily-deals.json", import.meta.url);
let shipped = null; // the file's tables once asked for (a promise; null on any failure)

/**
 * Start fetching the shipped deals now (the page saw a daily link): the file
 * then arrives while the board's modules load, not after.
 */
export function prefetchDailyDeals() {
  shippedTables();
}

function shippedTables() {
  shipped ??= fetch(DEALS_FILE)
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
  return shipped;
}

/** The date a daily seed names: 20261124 -> "2026-11-24". */
export function dateOfSeed(seed) {
  const digits = String(seed).padStart(8, "0");
  return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
}

/**
 * Python's answer to a daily dealing `request` (one whose seed is the date,
 * as the boards' dailyPuzzle() send it), from the shipped deals, or null
 * when only Python can give it. The state is `load`'s answer for the shipped
 * game ID (the board's client, whose rules answer a load without Python)
 * with the deal's other fields (difficulty, clue grading...) put back: the
 * same value Python's deal gives.
 *
 * @param {{cmd: string, seed: number}} request e.g. {cmd: "binairo.new", rows: 8, ..., seed: 20261124}
 * @param {(request: object) => Promise<object>} load the board's client.request
 * @returns {Promise<object|null>}
 */
export async function shippedDeal(request, load) {
  const { seed, ...dealing } = request;
  const table = (await shippedTables())?.[String(request.cmd).split(".")[0]];
  if (!table || requestKey(table.request) !== requestKey(dealing)) return null;
  const deal = Object.hasOwn(table.deals, dateOfSeed(seed)) ? table.deals[dateOfSeed(seed)] : null;
  if (!deal) return null;
  const { game, ...extras } = deal;
  try {
    return { ...(await load({ cmd: table.load, game })), ...extras };
  } catch {
    return null; // the rules refused the shipped game: Python deals it
  }
}
