// The two tables the binary puzzle's lab shows, each a JSON file beside this
// module written natively by a tool: fewest-clues.json (the fewest givens of
// any n×n puzzle with one solution, by `puzzlelab binairo fewest-clues N`)
// and grid-counts.json (how many valid grids each shape has, with and
// without the rule that no two lines are alike). Each is fetched once, when
// a person first opens its panel in the lab (a reader who never does
// downloads neither), and kept in memory; a failed fetch is not kept, so the
// next opening tries again.
//
// Nothing here is computed: every figure is the file's. Each file is read
// defensively: an entry the page cannot use (a size that is no number, a
// count that is no whole number) is left out or shown as missing, never
// guessed.

import { Grid } from "./rules.mjs";

const FEWEST_FILE = new URL("./fewest-clues.json", import.meta.url);
const COUNTS_FILE = new URL("./grid-counts.json", import.meta.url);

const loading = new Map(); // file URL -> the fetch under way or done (a promise of the read table)

/** `url`'s JSON read by `read`, fetched at the first call and kept; `what` names it in errors. */
function loadOnce(url, read, what) {
  if (!loading.has(url.href)) {
    const promise = fetch(url)
      .then((response) => {
        if (!response.ok) throw new Error(`${what} could not be fetched (HTTP ${response.status})`);
        return response.json();
      })
      .then(read)
      .catch((error) => {
        loading.delete(url.href);
        throw error;
      });
    loading.set(url.href, promise);
  }
  return loading.get(url.href);
}

/** The fewest-clues table (a promise of readFewestTable's value). */
/**
 * A lab panel's file, fetched when the panel is opened: `status` says it is on
 * its way, then nothing (or `emptyText` when `isEmpty(data)`), or why it
 * failed; the root's `data-<flag>` says "loading", "shown" or "failed" (the
 * tests read it). `show(data)` draws the panel. A failed fetch is tried again
 * at the next call; a shown or loading one is not fetched twice.
 */
export function fetchForPanel(root, flag, status, { load, what, emptyText, isEmpty, show }) {
  if (["loading", "shown"].includes(root.dataset[flag])) return;
  root.dataset[flag] = "loading";
  status.textContent = `Fetching ${what}…`;
  load().then((data) => {
    status.textContent = isEmpty(data) ? emptyText : "";
    show(data);
    root.dataset[flag] = "shown";
  }, (error) => {
    status.textContent = `${what[0].toUpperCase()}${what.slice(1)} could not be fetched (${error.message}); `
      + "the panel tries again when it is opened.";
    root.dataset[flag] = "failed";
  });
}

export const loadFewestTable = () => loadOnce(FEWEST_FILE, readFewestTable, "the table of fewest clues");

/** The grid counts (a promise of readGridCounts's value). */
export const loadGridCounts = () => loadOnce(COUNTS_FILE, readGridCounts, "the table of grid counts");

const count = (value) => (Number.isSafeInteger(value) && value >= 0 ? value : null);
const text = (value) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** A puzzle as rows of 0, 1 and . joined by "/", when it is one the board can load; else null. */
function puzzleText(value) {
  if (typeof value !== "string" || !/^[01.]+(\/[01.]+)*$/.test(value)) return null;
  try {
    return Grid.parse(value).grid;
  } catch {
    return null;
  }
}

/**
 * fewest-clues.json made ready to show: {sizes: [{size, clues, puzzle,
 * gameId, atMinimum, atMinimumGrids, classes, grids, byClues: [[clues,
 * classes]], bound, seconds, engine, command}], outOfReach: [{size, why,
 * lower, upper, puzzle, gameId}]} (proven bounds where the full search is out
 * of reach, null when the file has none),
 * sizes in increasing order; a missing or unusable figure is null.
 */
export function readFewestTable(data) {
  const sizes = [];
  for (const entry of Array.isArray(data?.sizes) ? data.sizes : []) {
    const size = count(entry?.size);
    if (!size) continue;
    const puzzle = puzzleText(entry.puzzle);
    const byClues = Object.entries(entry.by_clues && typeof entry.by_clues === "object" ? entry.by_clues : {})
      .map(([clues, classes]) => [Number(clues), count(classes)])
      .filter(([clues, classes]) => Number.isSafeInteger(clues) && classes !== null)
      .sort((a, b) => a[0] - b[0]);
    sizes.push({
      size,
      clues: count(entry.clues),
      puzzle,
      gameId: puzzle ? Grid.parse(puzzle).gameId : null,
      atMinimum: count(entry.grids_at_minimum),
      atMinimumGrids: count(entry.grids_at_minimum_all),
      classes: count(entry.classes),
      grids: count(entry.grids),
      byClues,
      bound: count(entry.bound),
      seconds: Number.isFinite(entry.seconds) && entry.seconds >= 0 ? entry.seconds : null,
      engine: text(entry.engine),
      command: text(entry.command),
    });
  }
  sizes.sort((a, b) => a.size - b.size);
  const outOfReach = (Array.isArray(data?.out_of_reach) ? data.out_of_reach : [])
    .map((entry) => ({ size: count(entry?.size), why: text(entry?.why), ...bounds(entry) }))
    .filter((entry) => entry.size && entry.why && !sizes.some((s) => s.size === entry.size))
    .sort((a, b) => a.size - b.size);
  return { sizes, outOfReach };
}

/** A size's proven bounds and the puzzle with the upper bound's givens (its game ID), or nulls. */
function bounds(entry) {
  const lower = count(entry?.lower);
  const upper = count(entry?.upper);
  let puzzle = null;
  let gameId = null;
  try {
    const grid = typeof entry?.puzzle === "string" ? Grid.parse(entry.puzzle) : null;
    if (grid && grid.clueCount === upper) [puzzle, gameId] = [grid.grid, grid.gameId];
  } catch {
    // A puzzle that does not parse is shown as none.
  }
  const sound = lower !== null && upper !== null && lower <= upper && puzzle !== null;
  return sound ? { lower, upper, puzzle, gameId } : { lower: null, upper: null, puzzle: null, gameId: null };
}

/** Each method a count was made by, in words for a tooltip ("meet, halves of rows 0.2 s, 19 MB"). */
function methodsText(entry) {
  const list = Array.isArray(entry?.methods) ? entry.methods : [];
  const said = list.filter((m) => typeof m?.method === "string" && typeof m.count === "string")
    .map((m) => `${m.method}${Number.isFinite(m.seconds) ? ` ${m.seconds} s` : ""}`
      + `${Number.isFinite(m.peak_mb) ? `, ${m.peak_mb} MB` : ""}`
      + `${Array.isArray(m.parts) && m.parts.length > 1 ? ` (in ${m.parts.length} parts: their time, the largest's memory)` : ""}`);
  return said.length ? said.join("; ") : null;
}

/**
 * grid-counts.json (a list, or {entries: [...]}) made ready to show: {entries:
 * [{rows, cols, distinct, count (a decimal string, or null: not counted),
 * note (why not, or null), seconds, source (a reference, or null: new),
 * methods (each method that gave the count, with its time and memory, in words)}]}.
 * An entry without whole sides or a true/false `distinct` is left out; a
 * count that is not a whole number is shown as not counted, with the
 * entry's own words on why if it has them.
 */
export function readGridCounts(data) {
  const list = Array.isArray(data) ? data : Array.isArray(data?.entries) ? data.entries : [];
  const entries = [];
  for (const entry of list) {
    const rows = count(entry?.rows);
    const cols = count(entry?.cols);
    if (!rows || !cols || typeof entry.distinct !== "boolean") continue;
    const raw = typeof entry.count === "number" && Number.isSafeInteger(entry.count) ? String(entry.count) : entry.count;
    const counted = typeof raw === "string" && /^\d+$/.test(raw) ? raw : null;
    entries.push({
      rows,
      cols,
      distinct: entry.distinct,
      count: counted,
      note: counted ? null : text(entry.note) ?? text(entry.why) ?? text(entry.refusal) ?? text(entry.reason),
      seconds: Number.isFinite(entry.seconds) && entry.seconds >= 0 ? entry.seconds : null,
      source: counted ? text(entry.source) : null,
      methods: counted ? methodsText(entry) : null,
    });
  }
  return { entries };
}

/** Seconds as people read them: "0.4 s", "12 s", "3 min 5 s", "1 h 12 min". */
export function secondsText(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  if (seconds < 10) return `${seconds.toFixed(seconds < 1 ? 2 : 1)} s`;
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${Math.round(seconds % 60)} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** A whole number with thousands separators ("4,111,116"); a decimal string may exceed 2^53. */
export const wholeText = (value) => (typeof value === "string" ? BigInt(value) : value).toLocaleString("en-US");

/** Text from a data file, safe inside markup. */
export const escape = (value) => String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
