/**
 * Peg solitaire moves without Python: parse a grid or board name and a goal,
 * list the legal jumps, play one, and the state the page shows (grid, board
 * name, centre, goal in words, legal moves, won, stuck), on the square lattice
 * (4 jump directions) and the triangular one (6).
 *
 * py/puzzlelab/pegs/ (position.py, goals.py) is the definition of these rules and its commands.py's
 * "pegs.boards" / "pegs.load" / "pegs.move" of the answers; this module
 * repeats what they accept so that play starts before Python is up, and
 * leaves every refusal to Python (NotMine). What needs a search (the verdict
 * of pegs.status, hints, solving, counting) stays in Python.
 * tests/test_js_rules.py plays thousands of random jumps on every named board
 * and random custom boards through both and fails on any answer that
 * differs, or on a valid one these rules leave to Python.
 */

import { accept, argument, handleWith, parseRows, stripChars } from "../../rules/common.mjs";
import { jumpBetween } from "./moves.mjs";
// This puzzle's request arguments (generated from Python: `python3 build.py params`).
export { ARGUMENTS } from "./params.mjs";

export const MAX_HOLES = 64;
const PEG = "o";
const HOLE = ".";
const NONE = "-";
export const SQUARE = "square";
export const TRIANGLE = "triangular";
const DIRECTIONS = {
  [SQUARE]: [[0, 1], [0, -1], [1, 0], [-1, 0]],
  [TRIANGLE]: [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, -1]],
};

/** (a, b, c, d): (r, c) -> (a*r + b*c, c*r + d*c), the rotations and reflections of a lattice. */
const SQUARE_MAPS = [
  [1, 0, 0, 1], [0, 1, -1, 0], [-1, 0, 0, -1], [0, -1, 1, 0],
  [1, 0, 0, -1], [-1, 0, 0, 1], [0, 1, 1, 0], [0, -1, -1, 0],
];

function triangleMaps() {
  // Rotation by 60 degrees: (r, c) -> (c, c - r); mirror: (r, c) -> (r, r - c).
  const compose = ([a, b, c, d], [e, f, g, h]) => [a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h];
  const maps = [];
  let current = [1, 0, 0, 1];
  for (let i = 0; i < 6; i++) {
    maps.push(current);
    current = compose([0, 1, -1, 1], current);
  }
  return [...maps, ...maps.map((m) => compose(m, [1, 0, 1, -1]))];
}

const LINEAR_MAPS = { [SQUARE]: SQUARE_MAPS, [TRIANGLE]: triangleMaps() };

export const BOARD_GRIDS = {
  english: "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--",
  french: "--ooo--/-ooooo-/ooooooo/ooo.ooo/ooooooo/-ooooo-/--ooo--",
  wiegleb: "---ooo---/---ooo---/---ooo---/ooooooooo/oooo.oooo/ooooooooo/---ooo---/---ooo---/---ooo---",
  diamond: "----o----/---ooo---/--ooooo--/-ooooooo-/oooo.oooo/-ooooooo-/--ooooo--/---ooo---/----o----",
  triangle: "./oo/ooo/oooo/ooooo",
};
export const BOARD_TITLES = {
  english: "English (33 holes)",
  french: "French / European (37 holes)",
  wiegleb: "Wiegleb (45 holes)",
  diamond: "Diamond (41 holes)",
  triangle: "Triangle (15 holes)",
};
export const BOARDS = Object.keys(BOARD_GRIDS);
/** The usual games of boards whose central game cannot be won: [empty hole, goal hole]. */
const CLASSIC_GAMES = { french: ["2,3", "4,3"], diamond: ["2,4", "6,4"] };

const cellKey = (r, c) => `${r},${c}`;
const HOLE_NAME = /^\(?\s*([0-9]+)\s*[, ]\s*([0-9]+)\s*\)?$/;
const HOLE_LIKE = /^[0-9\s,()]+$/;
const lexLess = (a, b) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
const lexMin = (cells) => cells.reduce((best, cell) => (lexLess(cell, best) ? cell : best));

/** A board shape: its holes (in reading order), jumps and centre; shared by its positions. */
export class Geometry {
  constructor(lattice, holes) {
    this.lattice = lattice;
    this.holes = holes;
    this.size = holes.length;
    this.rows = Math.max(...holes.map(([r]) => r)) + 1;
    this.cols = Math.max(...holes.map(([, c]) => c)) + 1;
    this.key = `${lattice}:${holes.map(([r, c]) => cellKey(r, c)).join(";")}`;
    this.index = new Map(holes.map(([r, c], i) => [cellKey(r, c), i]));
    // A jump: the peg in `src` jumps over `over` into the empty `dst` (hole numbers).
    this.moves = [];
    holes.forEach(([r, c], src) => {
      for (const [dr, dc] of DIRECTIONS[lattice]) {
        const over = this.index.get(cellKey(r + dr, c + dc));
        const dst = this.index.get(cellKey(r + 2 * dr, c + 2 * dc));
        if (over !== undefined && dst !== undefined) this.moves.push({ src, over, dst });
      }
    });
    this.centre = this.#centre();
  }

  /** The hole every rotation and reflection of the board fixes, when it has one; else null. */
  #centre() {
    const perms = new Map();
    const low = lexMin(this.holes);
    for (const [a, b, c, d] of LINEAR_MAPS[this.lattice]) {
      let image = this.holes.map(([r, col]) => [a * r + b * col, c * r + d * col]);
      const least = lexMin(image);
      image = image.map(([r, col]) => [r + low[0] - least[0], col + low[1] - least[1]]);
      const perm = image.map(([r, col]) => this.index.get(cellKey(r, col)));
      // The image is the hole set itself when every cell is a hole (the cells are distinct).
      if (perm.every((i) => i !== undefined)) perms.set(perm.join(","), perm);
    }
    const symmetries = [...perms.values()];
    const fixed = [];
    for (let i = 0; i < this.size; i++) if (symmetries.every((p) => p[i] === i)) fixed.push(i);
    return fixed.length === 1 && symmetries.length > 1 ? fixed[0] : null;
  }

  /** The grid text of a position (`pegs`: one 0/1 per hole). */
  format(pegs) {
    const rows = Array.from({ length: this.rows }, () => Array(this.cols).fill(NONE));
    this.holes.forEach(([r, c], i) => { rows[r][c] = pegs[i] ? PEG : HOLE; });
    return formatCells(rows, this.lattice);
  }

  /** The hole number of "r,c" (zero-based) or "centre". */
  hole(text) {
    const cleaned = text.trim().toLowerCase();
    if (["centre", "center", "c"].includes(cleaned)) {
      accept(this.centre !== null, "no centre hole");
      return this.centre;
    }
    const match = HOLE_NAME.exec(cleaned);
    accept(match, "not a hole");
    const index = this.index.get(cellKey(Number(match[1]), Number(match[2])));
    accept(index !== undefined, "no hole there");
    return index;
  }

  holeName(hole) {
    return cellKey(...this.holes[hole]);
  }
}

/**
 * The grid text of rows of cells ("o", "." or "-"): rows joined by "/"; on
 * the triangular lattice each row without its trailing "-", and "t:" in front
 * when that leaves the rows the same length (ragged rows say triangular).
 * The board editor writes its drawings with it: a grid it makes may still be
 * one these rules refuse (no hole, too many), which Python then says.
 */
export function formatCells(rows, lattice) {
  let lines = rows.map((row) => row.join(""));
  if (lattice === SQUARE) return lines.join("/");
  lines = lines.map((line) => line.replace(/-+$/, "") || NONE);
  const prefix = new Set(lines.map((line) => line.length)).size === 1 ? "t:" : "";
  return prefix + lines.join("/");
}

/**
 * The rows of cells of a grid text as formatCells writes it (the grids of
 * the answers): rows padded with "-" to the widest, without "t:".
 */
export function gridCells(grid) {
  const rows = (grid.startsWith("t:") ? grid.slice(2) : grid).split("/");
  const width = Math.max(...rows.map((row) => row.length));
  return rows.map((row) => Array.from(row.padEnd(width, NONE)));
}

const GEOMETRIES = new Map();

/** The shared Geometry of a hole set (built once per shape). */
export function geometry(lattice, holes) {
  const key = `${lattice}:${holes.map(([r, c]) => cellKey(r, c)).join(";")}`;
  let geo = GEOMETRIES.get(key);
  if (!geo) {
    if (GEOMETRIES.size >= 64) GEOMETRIES.delete(GEOMETRIES.keys().next().value);
    geo = new Geometry(lattice, holes);
    GEOMETRIES.set(key, geo);
  }
  return geo;
}

/** A board shape and which of its holes hold pegs (`pegs`: a Uint8Array, one 0/1 per hole). */
export class Position {
  constructor(geo, pegs) {
    this.geo = geo;
    this.pegs = pegs;
  }

  /** Read a grid ("o . -" rows joined by "/"; ragged or "t:" = triangular) or a board name. */
  static parse(text) {
    accept(typeof text === "string", "grid not text");
    const name = text.trim().toLowerCase();
    if (BOARDS.includes(name)) return standardStart(name);
    let lattice = SQUARE;
    let body = text.trim();
    if (body.slice(0, 2).toLowerCase() === "t:") {
      lattice = TRIANGLE;
      body = body.slice(2);
    }
    const raw = stripChars(body.replace(/[\r \t]/g, ""), "/\n").split(/[/\n]/);
    const lengths = raw.map((row) => Array.from(row).length); // in characters, as Python counts
    const width = Math.max(0, ...lengths);
    if (lattice === SQUARE && new Set(lengths).size > 1 && raw.every(Boolean)) lattice = TRIANGLE;
    const padded = raw.map((row, r) => (row ? row + NONE.repeat(width - lengths[r]) : row));
    const rows = parseRows(padded.join("/"), PEG + HOLE + NONE);
    const cells = [];
    rows.forEach((row, r) => Array.from(row).forEach((ch, c) => { if (ch !== NONE) cells.push([r, c]); }));
    accept(cells.length && cells.length <= MAX_HOLES, "no holes, or too many");
    const geo = geometry(lattice, cells);
    return new Position(geo, Uint8Array.from(cells, ([r, c]) => (rows[r][c] === PEG ? 1 : 0)));
  }

  get grid() {
    return this.geo.format(this.pegs);
  }

  get pegCount() {
    return this.pegs.reduce((n, p) => n + p, 0);
  }

  /** The legal jumps, in Python's order (holes in reading order, then directions). */
  legalMoves() {
    const p = this.pegs;
    return this.geo.moves.filter((m) => p[m.src] && p[m.over] && !p[m.dst]);
  }

  /** The legal jump from cell `src` to cell `dst` ([row, col]); NotMine when it is not one. */
  findMove(src, dst) {
    const geo = this.geo;
    const a = geo.index.get(cellKey(...src));
    const b = geo.index.get(cellKey(...dst));
    const move = geo.moves.find((m) => m.src === a && m.dst === b);
    accept(move && this.pegs[a] && this.pegs[move.over] && !this.pegs[b], "not a legal jump");
    return move;
  }

  /** The position after a legal jump. */
  play(move) {
    const pegs = this.pegs.slice();
    pegs[move.src] = 0;
    pegs[move.over] = 0;
    pegs[move.dst] = 1;
    return new Position(this.geo, pegs);
  }

  moveCells(move) {
    return [[...this.geo.holes[move.src]], [...this.geo.holes[move.dst]]];
  }
}

/** The usual start of a named board: every hole filled but the centre (triangle: the top). */
export function standardStart(name) {
  const key = name.trim().toLowerCase();
  accept(Object.hasOwn(BOARD_GRIDS, key), "unknown board");
  return Position.parse(BOARD_GRIDS[key]);
}

/** The name of a standard board with this shape, or null for a custom one. */
export function boardName(geo) {
  return BOARDS.find((name) => standardStart(name).geo.key === geo.key) ?? null;
}

/** A named board's usual game: [start position, goal ("default" or a hole "r,c")]. */
export function classicGame(name) {
  if (!Object.hasOwn(CLASSIC_GAMES, name)) return [standardStart(name), "default"];
  const [empty, goal] = CLASSIC_GAMES[name];
  const start = standardStart(name);
  const pegs = new Uint8Array(start.geo.size).fill(1);
  pegs[start.geo.hole(empty)] = 0;
  return [new Position(start.geo, pegs), goal];
}

/**
 * The winning positions of a position's board: `text` the canonical goal
 * ("any", a hole "r,c" or a pattern grid); `hole` its one hole (or null), or
 * `pattern` its pegs (or null) when the goal is not "any".
 */
export class Goal {
  constructor(text, { hole = null, pattern = null } = {}) {
    this.text = text;
    this.hole = hole;
    this.pattern = pattern;
  }

  /** Whether `pegs` is a winning position. */
  reached(pegs) {
    if (this.text === "any") return pegs.reduce((n, p) => n + p, 0) === 1;
    const target = this.pattern ?? pegs.map((_, i) => (i === this.hole ? 1 : 0));
    return pegs.every((p, i) => p === target[i]);
  }

  /** The goal in words, holes counted from 1 as the page's hints and announcements do. */
  describe(geo) {
    if (this.text === "any") return "one peg anywhere";
    const single = this.hole ?? (this.pattern.reduce((n, p) => n + p, 0) === 1 ? this.pattern.indexOf(1) : null);
    if (single !== null) {
      const [r, c] = geo.holes[single];
      const where = `row ${r + 1}, column ${c + 1}`;
      return single === geo.centre ? `one peg in the centre (${where})` : `one peg at ${where}`;
    }
    return "the chosen final pattern";
  }

  /** The holes of the goal when it is one position (api's goal_cells), else []. */
  cells(geo) {
    if (this.text === "any") return geo.size === 1 ? [[...geo.holes[0]]] : [];
    if (this.hole !== null) return [[...geo.holes[this.hole]]];
    return geo.holes.filter((_, i) => this.pattern[i]).map(([r, c]) => [r, c]);
  }
}

/** The goal on `geo` named by `text`: null/""/"default", "any", "centre", "r,c" or a pattern grid. */
export function parseGoal(geo, text) {
  if (text === null || text === undefined || text.trim() === "" || text.trim().toLowerCase() === "default") {
    text = geo.centre !== null ? "centre" : "any";
  }
  const cleaned = text.trim().toLowerCase();
  if (cleaned === "any") return new Goal("any");
  if (/[o./-]/.test(cleaned) && !HOLE_LIKE.test(cleaned)) {
    const pattern = Position.parse(text);
    accept(pattern.geo.key === geo.key && pattern.pegs.some(Boolean), "not a goal pattern of this board");
    return new Goal(pattern.grid, { pattern: pattern.pegs });
  }
  const hole = geo.hole(text);
  return new Goal(geo.holeName(hole), { hole });
}

/** What api.py's pegs.load / pegs.move answer (every field but a solver's). */
export function pegsState(position, goal) {
  const geo = position.geo;
  const moves = position.legalMoves();
  const won = goal.reached(position.pegs);
  return {
    grid: position.grid,
    lattice: geo.lattice,
    rows: geo.rows,
    cols: geo.cols,
    holes: geo.size,
    pegs: position.pegCount,
    board: boardName(geo),
    centre: geo.centre === null ? null : [...geo.holes[geo.centre]],
    goal: goal.text,
    goal_text: goal.describe(geo),
    goal_cells: goal.cells(geo),
    moves: moves.map((m) => position.moveCells(m)),
    won,
    stuck: !moves.length && !won,
  };
}

/**
 * A peg game ID, as the page writes it: the grid, then "@" and the goal when
 * it is not "default" (`goal` as the page keeps it: "default", "any", a hole
 * "r,c" or a pattern grid).
 */
export const gameId = (grid, goal = "default") => (goal === "default" ? grid : `${grid}@${goal}`);

/**
 * The {grid, goal} of a game ID (goal "default" without "@": older links and
 * saves); an unknown goal is the page's own refusal (an Error naming it: no
 * request is made for it).
 */
export function parseGameId(id) {
  const at = id.indexOf("@");
  if (at < 0) return { grid: id, goal: "default" };
  const goal = id.slice(at + 1);
  if (!/^(any|\d+,\d+|(t:)?[-o./]+)$/.test(goal)) {
    throw new Error(`unknown goal "${goal}" (any, a hole r,c or a pattern grid)`);
  }
  return { grid: id.slice(0, at), goal };
}

function requestPosition(request) {
  const position = Position.parse(argument(request, "grid", "str"));
  return [position, parseGoal(position.geo, argument(request, "goal", "str", null))];
}

function cellArgument(request, key) {
  const value = request[key];
  accept(Array.isArray(value) && value.length === 2 && value.every((v) => Number.isSafeInteger(v)),
    `${key} is not a cell`);
  return value;
}

/** The requests these rules answer, as api.py does: name -> (request -> result). */
/**
 * What a saved game may hold (saved-game.mjs's readSavedGame): a step is one
 * jump and takes one peg, so the moves of a position are the pegs it lost.
 */
export const SAVED_GAMES = {
  movesOf: (state, start) => start.pegs - state.pegs,
  fits: (before, after, moved) => !moved || jumpBetween(before.grid, after.grid) !== null,
};

export const COMMANDS = {
  "pegs.boards": () => ({
    boards: BOARDS.map((name) => {
      const [start, goal] = classicGame(name);
      return { name, title: BOARD_TITLES[name], grid: start.grid, goal };
    }),
  }),
  "pegs.load": (request) => pegsState(...requestPosition(request)),
  "pegs.move": (request) => {
    const [position, goal] = requestPosition(request);
    const move = position.findMove(cellArgument(request, "from"), cellArgument(request, "to"));
    return pegsState(position.play(move), goal);
  },
};

/** Answer a request like api.handle ({ok: true, result}); null when Python must. */
export const handle = (request) => handleWith(COMMANDS, request);
