/**
 * Lights Out moves without Python: parse a game ID or grid, press a cell, and
 * the state the page shows (game ID, grid, lit count, rules), for every
 * neighbourhood (named or a stencil), walls or wrap, and k states.
 *
 * py/puzzlelab/lightsout/ (variant.py, board.py) is the definition of these rules and its commands.py's
 * "lightsout.load" / "lightsout.press" of the answers; this module repeats
 * what they accept so that play starts before Python is up, and leaves every
 * refusal to Python (NotMine). tests/test_js_rules.py plays thousands of
 * random presses on random boards of every variant through both and fails on
 * any answer that differs, or on a valid one these rules leave to Python.
 */

import { NotMine, accept, argument, handleWith, parseRows } from "../../rules/common.mjs";
import { readSized, sizedId, sizedPattern } from "../../rules/game-ids.mjs";
// This puzzle's request arguments (generated from Python: `python3 build.py params`).
export { ARGUMENTS } from "./params.mjs";

export const MAX_SIDE = 1000;
export const MAX_STATES = 9;
export const MAX_STENCIL_SIDE = 9;
const GAME_ID = sizedPattern("[0-9a-fA-F]*", { options: true }); // COLSxROWS[;options]:HEX
const WHOLE = /^[0-9]+$/;
const HEX = "0123456789abcdef";
const HEX_CODES = Uint8Array.from(HEX, (ch) => ch.charCodeAt(0));
const SLASH = "/".charCodeAt(0);
/** The value of each hex digit by its character code (the game ID pattern admits no others). */
const HEX_VALUE = new Uint8Array(128);
for (const [i, ch] of [...HEX].entries()) {
  HEX_VALUE[ch.charCodeAt(0)] = i;
  HEX_VALUE[ch.toUpperCase().charCodeAt(0)] = i;
}
// Big boards (a million cells) build their texts as bytes: string joins take ten times as long.
const ASCII = new TextDecoder("latin1");

/** The named neighbourhoods: the cells a press changes, relative to the pressed cell. */
export const NEIGHBOURHOODS = {
  cross: [[-1, 0], [0, -1], [0, 0], [0, 1], [1, 0]],
  king: [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc) => [dr, dc])),
  diagonal: [[-1, -1], [-1, 1], [0, 0], [1, -1], [1, 1]],
  knight: [[0, 0], ...[-2, -1, 1, 2].flatMap((dr) => [-2, -1, 1, 2]
    .filter((dc) => Math.abs(dr) !== Math.abs(dc)).map((dc) => [dr, dc]))],
};

/** Whether `rows` x `cols` is a board shape: 1 to MAX_SIDE each way. */
export const fitsShape = (rows, cols) => [rows, cols].every((n) => Number.isInteger(n) && n >= 1 && n <= MAX_SIDE);

/**
 * The cells of a state's grid (rows of digits joined by "/", as Board.grid
 * writes it) in reading order; byte-wise, since a big board has a million.
 */
export function gridValues(grid, rows, cols) {
  const values = new Uint8Array(rows * cols);
  let index = 0;
  for (let i = 0; i < grid.length; i++) {
    const code = grid.charCodeAt(i);
    if (code !== SLASH) values[index++] = code - 48; // "0".."8": k is at most MAX_STATES
  }
  return values;
}

/** Offsets of a stencil drawing such as 010.111.010 (centred on the pressed cell). */
export function parseStencil(text) {
  const rows = text.replaceAll(".", "/").split("/");
  const height = rows.length;
  const width = rows[0].length;
  accept(height % 2 && width % 2 && height <= MAX_STENCIL_SIDE && width <= MAX_STENCIL_SIDE
    && rows.every((r) => r.length === width && /^[01]*$/.test(r)), "not a neighbourhood");
  const offsets = [];
  rows.forEach((row, r) => Array.from(row).forEach((ch, c) => {
    if (ch === "1") offsets.push([r - (height >> 1), c - (width >> 1)]);
  }));
  accept(offsets.length, "a stencil without cells");
  return offsets;
}

/** The stencil drawing of `offsets` (the inverse of parseStencil), as small as holds them. */
export function stencilText(offsets) {
  const radius = Math.max(0, ...offsets.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc))));
  const cells = new Set(offsets.map(([dr, dc]) => `${dr},${dc}`));
  const lines = [];
  for (let r = -radius; r <= radius; r++) {
    let line = "";
    for (let c = -radius; c <= radius; c++) line += cells.has(`${r},${c}`) ? "1" : "0";
    lines.push(line);
  }
  return lines.join(".");
}

const sortedKey = (offsets) => offsets.map(([a, b]) => [a, b])
  .sort((x, y) => x[0] - y[0] || x[1] - y[1]).join(";");

/**
 * The rules of a game: `neighbourhood` (a name of NEIGHBOURHOODS or a stencil
 * drawing, stored in canonical form), `wrap` (a torus) and `states` (k).
 */
export class Variant {
  constructor(neighbourhood = "cross", wrap = false, states = 2) {
    accept(Number.isInteger(states) && states >= 2 && states <= MAX_STATES, "states out of range");
    if (!Object.hasOwn(NEIGHBOURHOODS, neighbourhood)) {
      const offsets = parseStencil(neighbourhood);
      const key = sortedKey(offsets);
      const named = Object.keys(NEIGHBOURHOODS).find((n) => sortedKey(NEIGHBOURHOODS[n]) === key);
      neighbourhood = named ?? stencilText(offsets);
    }
    this.neighbourhood = neighbourhood;
    this.wrap = wrap;
    this.states = states;
    this.offsets = Object.hasOwn(NEIGHBOURHOODS, neighbourhood)
      ? NEIGHBOURHOODS[neighbourhood] : parseStencil(neighbourhood);
    Object.freeze(this);
  }

  /** The variant part of a game ID (empty for the classic game). */
  get options() {
    const parts = this.wrap ? ["wrap"] : [];
    if (this.neighbourhood !== "cross") parts.push(`n=${this.neighbourhood}`);
    if (this.states !== 2) parts.push(`k=${this.states}`);
    return parts.map((p) => `;${p}`).join("");
  }

  equals(other) {
    return this.neighbourhood === other.neighbourhood && this.wrap === other.wrap
      && this.states === other.states;
  }

  /** The variant as plain data, as the page gets it from Python. */
  describe() {
    return {
      neighbourhood: this.neighbourhood,
      stencil: this.offsets.map(([dr, dc]) => [dr, dc]),
      wrap: this.wrap,
      states: this.states,
    };
  }

  /** Parse the `;wrap;n=...;k=...` part of a game ID. */
  static fromOptions(text) {
    let wrap = false;
    let neighbourhood = "cross";
    let states = 2;
    for (const part of text.split(";").filter(Boolean)) {
      if (part === "wrap") wrap = true;
      else if (part.startsWith("n=")) neighbourhood = part.slice(2);
      else if (part.startsWith("k=") && WHOLE.test(part.slice(2))) states = Number(part.slice(2));
      else throw new NotMine("unknown game ID option");
    }
    return new Variant(neighbourhood, wrap, states);
  }
}

export const CLASSIC = new Variant();

/** The rules a game ID names (the classic game for a plain grid). */
export function writtenVariant(text) {
  const match = typeof text === "string" ? GAME_ID.exec(text.trim()) : null;
  return match ? Variant.fromOptions(match[3]) : CLASSIC;
}

/**
 * A Lights Out position: `rows` x `cols` cells, `values` (a Uint8Array of
 * each cell's state 0..k-1 in reading order) and its `variant`.
 */
export class Board {
  constructor(rows, cols, values, variant = CLASSIC) {
    this.rows = rows;
    this.cols = cols;
    this.values = values;
    this.variant = variant;
  }

  /**
   * Read a game ID (COLSxROWS[;options]:HEX) or a plain grid of digits;
   * `variant` (when given) replaces the rules written in the game ID.
   */
  static parse(text, variant = null) {
    const { sized, stripped } = readSized(text, GAME_ID, fitsShape);
    if (sized) {
      const { cols, rows, parts: [cells] } = sized;
      const written = Variant.fromOptions(sized.options);
      const values = written.states === 2
        ? hexToValues(cells, rows * cols) : hexCells(cells, rows * cols, written.states);
      const board = new Board(rows, cols, values, written);
      return variant === null ? board : board.withVariant(variant);
    }
    accept(!stripped.includes(":") && !stripped.includes("x"), "neither a game ID nor a grid");
    const rules = variant ?? CLASSIC;
    const grid = parseRows(stripped, HEX.slice(0, rules.states));
    accept(fitsShape(grid.length, grid[0].length), "shape out of range");
    const values = Uint8Array.from(grid.join(""), (ch) => Number(ch));
    return new Board(grid.length, grid[0].length, values, rules);
  }

  get size() {
    return this.rows * this.cols;
  }

  get states() {
    return this.variant.states;
  }

  /** The compact text form that round-trips exactly: COLSxROWS[;options]:HEX. */
  get gameId() {
    const v = this.values;
    let payload;
    if (this.states === 2) {
      payload = new Uint8Array(Math.ceil(v.length / 4));
      for (let d = 0; d < payload.length; d++) {
        const i = 4 * d;
        payload[d] = HEX_CODES[(v[i] << 3) | ((v[i + 1] ?? 0) << 2) | ((v[i + 2] ?? 0) << 1) | (v[i + 3] ?? 0)];
      }
    } else {
      payload = v.map((d) => HEX_CODES[d]);
    }
    return sizedId(this.cols, this.rows, [ASCII.decode(payload)], this.variant.options);
  }

  /** The plain grid: rows of cell states joined by '/'. */
  get grid() {
    const { rows, cols, values } = this;
    const text = new Uint8Array(rows * (cols + 1) - 1).fill(SLASH);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) text[r * (cols + 1) + c] = HEX_CODES[values[r * cols + c]];
    }
    return ASCII.decode(text);
  }

  /** How many lights are not off. */
  get lit() {
    let n = 0;
    for (const d of this.values) if (d) n += 1;
    return n;
  }

  get solved() {
    return this.lit === 0;
  }

  /** The cells a press at (row, col) reaches, with repeats (wrapped or clipped at the walls). */
  reach(row, col) {
    const cells = [];
    for (const [dr, dc] of this.variant.offsets) {
      let tr = row + dr;
      let tc = col + dc;
      if (this.variant.wrap) {
        tr = ((tr % this.rows) + this.rows) % this.rows;
        tc = ((tc % this.cols) + this.cols) % this.cols;
      } else if (tr < 0 || tr >= this.rows || tc < 0 || tc >= this.cols) continue;
      cells.push([tr, tc]);
    }
    return cells;
  }

  /** The board after pressing (row, col) once: each reached cell goes up by 1 modulo k. */
  press(row, col) {
    accept(row >= 0 && row < this.rows && col >= 0 && col < this.cols, "cell outside the board");
    const values = this.values.slice();
    const k = this.states;
    for (const [r, c] of this.reach(row, col)) {
      const i = r * this.cols + c;
      values[i] = (values[i] + 1) % k;
    }
    return new Board(this.rows, this.cols, values, this.variant);
  }

  /** The board after pressing each cell `counts[i]` times (reading order), in one pass. */
  applyCounts(counts) {
    const values = this.values.slice();
    const k = this.states;
    for (let i = 0; i < counts.length; i++) {
      if (!counts[i]) continue;
      for (const [r, c] of this.reach(Math.floor(i / this.cols), i % this.cols)) {
        const j = r * this.cols + c;
        values[j] = (values[j] + counts[i]) % k;
      }
    }
    return new Board(this.rows, this.cols, values, this.variant);
  }

  /** The same lights under other rules (on/off: any state but 0 is on; else modulo the new k). */
  withVariant(variant) {
    if (variant.equals(this.variant)) return this;
    const k = variant.states;
    const values = this.values.map((d) => (k === 2 ? (d ? 1 : 0) : d % k));
    return new Board(this.rows, this.cols, values, variant);
  }

  /** What api.py's lightsout.load / lightsout.press answer for this board. */
  state() {
    const lit = this.lit;
    return {
      game: this.gameId,
      rows: this.rows,
      cols: this.cols,
      grid: this.grid,
      lit,
      solved: lit === 0,
      variant: this.variant.describe(),
    };
  }
}

/** Two states: hex digits, four cells each, first cell the high bit (notation.hex_to_bits). */
function hexToValues(text, size) {
  const digits = Math.ceil(size / 4);
  accept(text.length === digits, "wrong number of hex digits");
  const values = new Uint8Array(size);
  for (let d = 0; d < digits; d++) {
    const nibble = HEX_VALUE[text.charCodeAt(d)];
    for (let b = 0; b < 4; b++) {
      if (!((nibble >> (3 - b)) & 1)) continue;
      accept(4 * d + b < size, "bits set beyond the last cell");
      values[4 * d + b] = 1;
    }
  }
  return values;
}

/** k > 2 states: one hex digit per cell, each below k. */
function hexCells(text, size, states) {
  const values = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) values[i] = HEX_VALUE[text.charCodeAt(i)];
  accept(text.length === size && values.every((d) => d < states), "cells outside 0..k-1");
  return values;
}

/** The rules named in a request, each defaulting to `base` (as api._lightsout_variant). */
function requestVariant(request, base) {
  return new Variant(
    argument(request, "neighbourhood", "str", base.neighbourhood),
    argument(request, "wrap", "bool", base.wrap),
    argument(request, "states", "int", base.states),
  );
}

/** The board of a request: `game`, optionally under `neighbourhood`, `wrap`, `states`. */
export function requestBoard(request) {
  const text = argument(request, "game", "str");
  if (!["neighbourhood", "wrap", "states"].some((key) => key in request)) return Board.parse(text);
  return Board.parse(text, requestVariant(request, writtenVariant(text)));
}

/**
 * A board drawn uniformly from the solvable boards of its shape and rules, as
 * lightsout.random_solvable: uniformly random presses (0..k-1 each), again
 * while the result is all dark (64 tries).
 */
export function randomSolvable(rows, cols, variant = CLASSIC, random = Math.random) {
  const blank = new Board(rows, cols, new Uint8Array(rows * cols), variant);
  let board = blank;
  for (let attempt = 0; attempt < 64; attempt++) {
    const counts = Uint8Array.from({ length: rows * cols }, () => Math.floor(random() * variant.states));
    board = blank.applyCounts(counts);
    if (board.lit) return board;
  }
  return board;
}

/**
 * lightsout.new for the requests JS can answer as Python does: a random
 * solvable board or an all-dark one, with no seed (Python's generator and
 * JS's differ) and no difficulty (that needs the solver). null otherwise.
 */
function newBoard(request) {
  const plain = (key) => request[key] === undefined || request[key] === null;
  if (!plain("seed") || !plain("difficulty")) return null;
  const rows = request.rows;
  const cols = plain("cols") ? rows : request.cols;
  accept(fitsShape(rows, cols) && (plain("random") || typeof request.random === "boolean"), "not a new board");
  const variant = requestVariant(request, CLASSIC);
  const board = request.random === false
    ? new Board(rows, cols, new Uint8Array(rows * cols), variant)
    : randomSolvable(rows, cols, variant);
  return board.state();
}

/** The requests these rules answer, as api.py does: name -> (request -> state). */
/**
 * Whether Lights Out state `after` is `before` with one press ({rows, cols,
 * grid: digit rows joined by "/", variant: {stencil, wrap, states}}, as the
 * rules modules give them): the same size and rules, and the cells that
 * differ are those of one press's stencil, each moved on by the times it
 * was hit. Cost: the grids' length, and the stencil's size squared.
 */
export function isPress(before, after) {
  const { rows, cols, variant } = before;
  if (after.rows !== rows || after.cols !== cols || JSON.stringify(after.variant) !== JSON.stringify(variant)) {
    return false;
  }
  const a = before.grid.replaceAll("/", "");
  const b = after.grid.replaceAll("/", "");
  const k = variant.states;
  let first = -1; // the first cell that differs: some press's stencil covers it
  let differ = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (first < 0) first = i;
    differ++;
  }
  // The cells a press at (r, c) hits, with how often (wrapped stencils may hit one twice).
  const hits = (r, c) => {
    const count = new Map();
    for (const [dr, dc] of variant.stencil) {
      let [y, x] = [r + dr, c + dc];
      if (variant.wrap) [y, x] = [((y % rows) + rows) % rows, ((x % cols) + cols) % cols];
      else if (y < 0 || x < 0 || y >= rows || x >= cols) continue;
      count.set(y * cols + x, (count.get(y * cols + x) ?? 0) + 1);
    }
    return count;
  };
  const pressedAt = (r, c) => {
    let changed = 0;
    for (const [cell, times] of hits(r, c)) {
      const want = (Number(a[cell]) + times) % k;
      if (Number(b[cell]) !== want) return false;
      if (want !== Number(a[cell])) changed++;
    }
    return changed === differ; // and no other cell changed
  };
  if (first < 0) {
    // Nothing changed: only a press whose every hit cancels out (a tiny wrapped board).
    for (let i = 0; i < rows * cols; i++) if (pressedAt(Math.floor(i / cols), i % cols)) return true;
    return false;
  }
  const [fr, fc] = [Math.floor(first / cols), first % cols];
  return variant.stencil.some(([dr, dc]) => {
    let [r, c] = [fr - dr, fc - dc];
    if (variant.wrap) [r, c] = [((r % rows) + rows) % rows, ((c % cols) + cols) % cols];
    else if (r < 0 || c < 0 || r >= rows || c >= cols) return false;
    return pressedAt(r, c);
  });
}

/**
 * What a saved game may hold (saved-game.mjs's readSavedGame): a step counted
 * as a press is one press; an edit, or a new board kept undoable, counts from 0
 * and may change anything.
 */
export const SAVED_GAMES = {
  fits: (before, after, moved) => !moved || isPress(before, after),
};

export const COMMANDS = {
  "lightsout.load": (request) => requestBoard(request).state(),
  "lightsout.new": newBoard,
  "lightsout.press": (request) => {
    const board = requestBoard(request);
    return board.press(argument(request, "row", "int"), argument(request, "col", "int")).state();
  },
};

/** Answer a request like api.handle ({ok: true, result}); null when Python must. */
export const handle = (request) => handleWith(COMMANDS, request);
