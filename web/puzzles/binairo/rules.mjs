/**
 * Binary puzzle (Takuzu) moves without Python: parse a game ID or grid, set or
 * cycle a player's digit (givens are locked), and the state the page shows:
 * game ID, grids, counts per line and the cells that visibly break a rule
 * (three equal in a row, more than half of one digit in a line, two equal
 * full rows or columns).
 *
 * py/puzzlelab/binairo/ (grid.py, rules.py) is the definition of these rules and its commands.py's
 * "binairo.load" / "binairo.set" / "binairo.empty" of the answers; this
 * module repeats what they accept so that play starts before Python is up,
 * and leaves every refusal to Python (NotMine). Solving, hints, rating and
 * counting stay in Python. tests/test_js_rules.py plays thousands of random
 * entries on random grids of every size through both and fails on any answer
 * that differs, or on a valid one these rules leave to Python.
 */

import { accept, argument, bitCount, handleWith, parseRows } from "../../rules/common.mjs";
import { decodeRuns, encodeRuns, readSized, sizedId, sizedPattern } from "../../rules/game-ids.mjs";
// This puzzle's request arguments (generated from Python: `python3 build.py params`).
export { ARGUMENTS } from "./params.mjs";

export const MIN_SIDE = 2;
export const MAX_SIDE = 16;
/** What a cell holds, in the order a click cycles them: empty, 0, 1. */
export const CELL_VALUES = [".", "0", "1"];
const GAME_ID = sizedPattern("[01a-z]*", { parts: 2 }); // COLSxROWS:GIVENS[:ENTRIES]

/** Whether `rows` x `cols` is a grid shape: even sides from MIN_SIDE to MAX_SIDE. */
export const fitsShape = (rows, cols) => [rows, cols]
  .every((n) => Number.isInteger(n) && n >= MIN_SIDE && n <= MAX_SIDE && n % 2 === 0);

/** Row masks (bit c = column c) as column masks (bit r = row r). */
export function transpose(masks, length) {
  const out = new Array(length).fill(0);
  masks.forEach((mask, r) => {
    for (let c = 0; c < length; c++) if ((mask >> c) & 1) out[c] |= 1 << r;
  });
  return out;
}

/** The cells of one line that break a rule visibly: three equal in a row, too many of a digit. */
export function lineErrors(ones, zeros, length) {
  let bad = 0;
  for (const mask of [ones, zeros]) {
    const triple = mask & (mask >> 1) & (mask >> 2);
    bad |= triple | (triple << 1) | (triple << 2);
    if (bitCount(mask) * 2 > length) bad |= mask;
  }
  return bad;
}

/**
 * A binary puzzle: `rows` x `cols`, the givens and the player's entries as
 * row bitmasks (arrays of numbers, bit c = column c).
 */
export class Grid {
  constructor(rows, cols, givenOnes, givenZeros, entryOnes = null, entryZeros = null) {
    this.rows = rows;
    this.cols = cols;
    this.givenOnes = givenOnes;
    this.givenZeros = givenZeros;
    this.entryOnes = entryOnes ?? new Array(rows).fill(0);
    this.entryZeros = entryZeros ?? new Array(rows).fill(0);
  }

  /** The empty grid of a shape. */
  static empty(rows, cols) {
    accept(fitsShape(rows, cols), "shape out of range");
    return new Grid(rows, cols, new Array(rows).fill(0), new Array(rows).fill(0));
  }

  /** A game ID (COLSxROWS:GIVENS[:ENTRIES]) or a plain grid of 0, 1 and "." (all givens). */
  static parse(text) {
    const { sized, stripped } = readSized(text, GAME_ID, fitsShape);
    if (sized) {
      const { cols, rows } = sized;
      const [givens, entryText] = sized.parts;
      const given = decodeRuns(givens, rows * cols, "givens");
      const entries = entryText ? decodeRuns(entryText, rows * cols, "entries") : null;
      const [gOne, gZero] = cellsToMasks(given, rows, cols);
      if (entries === null) return new Grid(rows, cols, gOne, gZero);
      const [eOne, eZero] = cellsToMasks(entries, rows, cols);
      for (let r = 0; r < rows; r++) {
        accept(!((eOne[r] | eZero[r]) & (gOne[r] | gZero[r])), "an entry on a given cell");
      }
      return new Grid(rows, cols, gOne, gZero, eOne, eZero);
    }
    accept(!stripped.includes(":"), "not a game ID");
    const lines = parseRows(stripped, "01.");
    accept(fitsShape(lines.length, lines[0].length), "shape out of range");
    const [ones, zeros] = cellsToMasks(lines.join(""), lines.length, lines[0].length);
    return new Grid(lines.length, lines[0].length, ones, zeros);
  }

  /** Every known 1 (givens and entries), per row. */
  get ones() {
    return this.givenOnes.map((g, r) => g | this.entryOnes[r]);
  }

  /** Every known 0 (givens and entries), per row. */
  get zeros() {
    return this.givenZeros.map((g, r) => g | this.entryZeros[r]);
  }

  get full() {
    return (1 << this.cols) - 1;
  }

  /** "0", "1" or "." at (row, col), givens and entries alike. */
  cell(row, col) {
    if (((this.givenOnes[row] | this.entryOnes[row]) >> col) & 1) return "1";
    if (((this.givenZeros[row] | this.entryZeros[row]) >> col) & 1) return "0";
    return ".";
  }

  /** Whether (row, col) is a locked given. */
  isGiven(row, col) {
    return Boolean(((this.givenOnes[row] | this.givenZeros[row]) >> col) & 1);
  }

  /** The plain grid (givens and entries alike), rows joined by "/". */
  get grid() {
    const lines = [];
    for (let r = 0; r < this.rows; r++) {
      let line = "";
      for (let c = 0; c < this.cols; c++) line += this.cell(r, c);
      lines.push(line);
    }
    return lines.join("/");
  }

  /** The givens alone, without the player's entries. */
  puzzle() {
    return new Grid(this.rows, this.cols, this.givenOnes, this.givenZeros);
  }

  /** COLSxROWS:GIVENS[:ENTRIES]: digits, and a..z for runs of 1..26 empty cells. */
  get gameId() {
    const given = encodeCells(this.givenOnes, this.givenZeros, this.cols);
    if (!this.entryOnes.some(Boolean) && !this.entryZeros.some(Boolean)) return sizedId(this.cols, this.rows, [given]);
    return sizedId(this.cols, this.rows, [given, encodeCells(this.entryOnes, this.entryZeros, this.cols)]);
  }

  /** How many cells hold a digit. */
  get filled() {
    const zeros = this.zeros;
    return this.ones.reduce((n, o, r) => n + bitCount(o | zeros[r]), 0);
  }

  /** How many givens. */
  get clueCount() {
    return this.givenOnes.reduce((n, o, r) => n + bitCount(o | this.givenZeros[r]), 0);
  }

  /** The grid with the player's digit at (row, col) set to `value` ("0", "1", or "." to clear). */
  withEntry(row, col, value) {
    accept(row >= 0 && row < this.rows && col >= 0 && col < this.cols, "cell outside the grid");
    accept(!this.isGiven(row, col) && CELL_VALUES.includes(value), "a given, or not a cell value");
    const bit = 1 << col;
    const ones = [...this.entryOnes];
    const zeros = [...this.entryZeros];
    ones[row] &= ~bit;
    zeros[row] &= ~bit;
    if (value === "1") ones[row] |= bit;
    else if (value === "0") zeros[row] |= bit;
    return new Grid(this.rows, this.cols, this.givenOnes, this.givenZeros, ones, zeros);
  }

  /**
   * The lines that visibly break a rule: {rows, cols}, each index once, with
   * why ("three" in a row, "too many" of a digit, "alike": a full line equal
   * to another), so that the page can show the counts of those lines only.
   */
  brokenLines() {
    const found = { rows: new Map(), cols: new Map() };
    const note = (lines, index, why) => {
      if (!lines.has(index)) lines.set(index, why);
    };
    const check = (ones, zeros, length, lines) => {
      const full = (1 << length) - 1;
      const seen = new Map();
      ones.forEach((one, i) => {
        const zero = zeros[i];
        if (bitCount(one) * 2 > length || bitCount(zero) * 2 > length) note(lines, i, "too many");
        else if (lineErrors(one, zero, length)) note(lines, i, "three");
        if ((one | zero) === full) {
          if (seen.has(one)) {
            note(lines, i, "alike");
            note(lines, seen.get(one), "alike");
          }
          seen.set(one, i);
        }
      });
    };
    check(this.ones, this.zeros, this.cols, found.rows);
    check(transpose(this.ones, this.cols), transpose(this.zeros, this.cols), this.rows, found.cols);
    return found;
  }

  /** The cells that visibly break a rule, as [row, col] in reading order. */
  errors() {
    const { rows, cols } = this;
    const ones = this.ones;
    const zeros = this.zeros;
    const bad = ones.map((o, r) => lineErrors(o, zeros[r], cols));
    const cOnes = transpose(ones, cols);
    const cZeros = transpose(zeros, cols);
    for (let c = 0; c < cols; c++) {
      const column = lineErrors(cOnes[c], cZeros[c], rows);
      for (let r = 0; r < rows; r++) if ((column >> r) & 1) bad[r] |= 1 << c;
    }
    const full = this.full;
    let seen = new Map();
    for (let r = 0; r < rows; r++) {
      if ((ones[r] | zeros[r]) === full) {
        if (seen.has(ones[r])) {
          bad[r] |= full;
          bad[seen.get(ones[r])] |= full;
        }
        seen.set(ones[r], r);
      }
    }
    const cFull = (1 << rows) - 1;
    seen = new Map();
    for (let c = 0; c < cols; c++) {
      if ((cOnes[c] | cZeros[c]) === cFull) {
        if (seen.has(cOnes[c])) {
          for (let r = 0; r < rows; r++) bad[r] |= (1 << c) | (1 << seen.get(cOnes[c]));
        }
        seen.set(cOnes[c], c);
      }
    }
    const out = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if ((bad[r] >> c) & 1) out.push([r, c]);
    return out;
  }

  /** What api.py's binairo.load / binairo.set / binairo.empty answer for this grid. */
  state() {
    const ones = this.ones;
    const zeros = this.zeros;
    const cOnes = transpose(ones, this.cols);
    const cZeros = transpose(zeros, this.cols);
    const bad = this.errors();
    const filled = this.filled;
    return {
      game: this.gameId,
      rows: this.rows,
      cols: this.cols,
      grid: this.grid,
      givens: this.puzzle().grid,
      clues: this.clueCount,
      filled,
      errors: bad,
      solved: filled === this.rows * this.cols && !bad.length,
      row_counts: ones.map((o, r) => [bitCount(zeros[r]), bitCount(o)]),
      col_counts: cOnes.map((o, c) => [bitCount(cZeros[c]), bitCount(o)]),
    };
  }
}

/**
 * The digit a click puts in a cell holding `current` ("0", "1" or "."): the
 * page cycles empty -> 0 -> 1 -> empty (CELL_VALUES' order), and backwards
 * with `back`.
 */
export function nextValue(current, back = false) {
  const step = back ? CELL_VALUES.length - 1 : 1;
  return CELL_VALUES[(CELL_VALUES.indexOf(current) + step) % CELL_VALUES.length];
}

function cellsToMasks(cells, rows, cols) {
  const ones = new Array(rows).fill(0);
  const zeros = new Array(rows).fill(0);
  for (let i = 0; i < cells.length; i++) {
    const r = Math.floor(i / cols);
    if (cells[i] === "1") ones[r] |= 1 << (i % cols);
    else if (cells[i] === "0") zeros[r] |= 1 << (i % cols);
  }
  return [ones, zeros];
}

/** Row masks as a run-length part: 0, 1, and a..z for runs of empty cells. */
function encodeCells(ones, zeros, cols) {
  let cells = "";
  ones.forEach((o, r) => {
    for (let c = 0; c < cols; c++) cells += (o >> c) & 1 ? "1" : (zeros[r] >> c) & 1 ? "0" : ".";
  });
  return encodeRuns(cells);
}

/** The requests these rules answer, as api.py does: name -> (request -> state). */
/**
 * What a saved game may hold (saved-game.mjs's readSavedGame): the undo
 * history stays on one grid size (a new puzzle starts a new history).
 */
export const SAVED_GAMES = {
  fits: (before, after) => before.rows === after.rows && before.cols === after.cols,
};

export const COMMANDS = {
  "binairo.load": (request) => Grid.parse(argument(request, "game", "str")).state(),
  "binairo.empty": (request) => {
    const rows = argument(request, "rows", "int");
    return Grid.empty(rows, argument(request, "cols", "int", rows)).state();
  },
  "binairo.set": (request) => {
    const grid = Grid.parse(argument(request, "game", "str"));
    const row = argument(request, "row", "int");
    const col = argument(request, "col", "int");
    return grid.withEntry(row, col, argument(request, "value", "str")).state();
  },
};

/** Answer a request like api.handle ({ok: true, result}); null when Python must. */
export const handle = (request) => handleWith(COMMANDS, request);
