// The catalogue of single-vacancy problems: catalogue.json beside this
// module, computed natively by tools/peg_catalogue.py and shipped with the
// build. For each board it holds every start with one empty hole, every hole
// the last peg can finish in (and "anywhere"), the proven fewest moves (a
// move is one peg's run of jumps), one shortest solution and the number of
// winning jump sequences. This module fetches it once, when a person first
// uses the board, opens the lab or wins (a reader who scrolls past an
// embedded board downloads none of it), keeps it in memory, and finds the
// problem a game is.
//
// Nothing here is computed: every figure is the file's. The page only reads
// which boards and problems the file holds (none is assumed), so a file
// with more boards needs no change here.

import { Position, gameId } from "./rules.mjs";

const FILE = new URL("./catalogue.json", import.meta.url);

let loading = null; // the fetch under way or done: a promise of the read catalogue
let loaded = null; // the read catalogue, once it has arrived

const cellKey = ([r, c]) => `${r},${c}`;
const isCell = (cell) => Array.isArray(cell) && cell.length === 2 && cell.every(Number.isSafeInteger);

/**
 * The catalogue, fetched at the first call and kept (a promise). A failed
 * fetch is not kept: the next call tries again.
 */
export function loadCatalogue() {
  loading ??= fetch(FILE)
    .then((response) => {
      if (!response.ok) throw new Error(`the table of problems could not be fetched (HTTP ${response.status})`);
      return response.json();
    })
    .then((data) => {
      loaded = readCatalogue(data);
      return loaded;
    })
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** The catalogue if it has arrived, else null (no fetch). */
export const loadedCatalogue = () => loaded;

/**
 * The catalogue's JSON made ready to look up: {madeBy, boards: [{name,
 * title, geo, classes, problems, note (why the board lists less, or null)}]},
 * each problem {start, finish (null: any single peg), fewestMoves (null:
 * unsolvable), shortest, sequences (a decimal string; null: not counted),
 * gameId}. Entries the page could not use (a board it
 * cannot read, a problem without a start) are left out rather than guessed.
 */
export function readCatalogue(data) {
  const boards = [];
  for (const [name, entry] of Object.entries(data?.boards ?? {})) {
    let geo;
    try {
      geo = Position.parse(entry.grid).geo;
    } catch {
      continue;
    }
    const defaultGoal = geo.centre === null ? "any" : geo.holeName(geo.centre);
    const problems = [];
    const index = new Map();
    for (const p of entry.problems ?? []) {
      if (!isCell(p.start) || !geo.index.has(cellKey(p.start))) continue;
      if (p.finish !== null && !(isCell(p.finish) && geo.index.has(cellKey(p.finish)))) continue;
      const pegs = new Uint8Array(geo.size).fill(1);
      pegs[geo.index.get(cellKey(p.start))] = 0;
      const goal = p.finish === null ? "any" : cellKey(p.finish);
      const problem = {
        start: p.start,
        finish: p.finish,
        fewestMoves: Number.isSafeInteger(p.fewest_moves) ? p.fewest_moves : null,
        shortest: Array.isArray(p.shortest) ? p.shortest : [],
        sequences: typeof p.sequences === "string" && /^\d+$/.test(p.sequences) ? p.sequences : null,
        // The board's own default goal (its centre, else anywhere) keeps the plain game ID.
        gameId: gameId(geo.format(pegs), goal === defaultGoal ? "default" : goal),
      };
      problems.push(problem);
      index.set(`${cellKey(p.start)}|${p.finish === null ? "any" : cellKey(p.finish)}`, problem);
    }
    const classes = Array.isArray(entry.classes)
      ? entry.classes.filter((c) => isCell(c.start)).map((c) => ({
        start: c.start, sameAs: (c.same_as ?? []).filter(isCell),
      }))
      : null;
    const note = typeof entry.note === "string" ? entry.note : null; // why a board lists less
    boards.push({ name, title: String(entry.title ?? name), geo, classes, problems, index, note });
  }
  return { madeBy: typeof data?.made_by === "string" ? data.made_by : null, boards };
}

/** The catalogue's board of the shape of `grid` (any pegs), or null. */
export function boardOfGrid(catalogue, grid) {
  let geo;
  try {
    geo = Position.parse(grid).geo;
  } catch {
    return null;
  }
  return catalogue?.boards.find((board) => board.geo.key === geo.key) ?? null;
}

/**
 * The catalogue problem a game is, or null: `grid` a board of the catalogue
 * with exactly one empty hole, `goal` (a shown state's goal and goal_cells:
 * "any", or one hole) a finish of that start.
 */
export function findProblem(catalogue, grid, { goal, goal_cells: goalCells = [] } = {}) {
  const board = boardOfGrid(catalogue, grid);
  if (!board) return null;
  const position = Position.parse(grid);
  if (position.pegCount !== board.geo.size - 1) return null;
  const start = board.geo.holes[position.pegs.indexOf(0)];
  let finish;
  if (goal === "any") finish = "any";
  else if (goalCells.length === 1) finish = cellKey(goalCells[0]);
  else return null;
  return board.index.get(`${cellKey(start)}|${finish}`) ?? null;
}

/** The proven fewest moves of a game from `grid` to `goal` (see findProblem), or null when not catalogued. */
export function parOf(catalogue, grid, goal) {
  return findProblem(catalogue, grid, goal)?.fewestMoves ?? null;
}
