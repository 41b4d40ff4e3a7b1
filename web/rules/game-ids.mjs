/**
 * The game-ID toolkit every puzzle's rules share, the same as Python's
 * (py/puzzlelab/notation.py; tests/test_game_ids.py checks one against the
 * other):
 *   a sized game ID  COLSxROWS[;OPTION…]:PART[:PART…]  sizedPattern, readSized, sizedId
 *   run-length cells a run of 1 to 26 blank cells as one letter a..z
 *                    encodeRuns, decodeRuns
 *   a clue list      numbers per line, joined by "." and lines by "/"
 *                    ("3.1/2/"): clueList, parseClueList
 * A plain grid (rows joined by "/") is common.mjs's parseRows. Where Python
 * would refuse, these throw NotMine and leave the words to Python.
 */

import { accept } from "./common.mjs";

/**
 * The pattern of COLSxROWS[;OPTION…]:PART[:PART…] for readSized: `part` a
 * regular expression's source for one part; `options` whether ";…" options
 * may follow the size; `parts` how many parts at most (all but the first optional).
 */
export function sizedPattern(part, { options = false, parts = 1 } = {}) {
  const written = options ? "((?:;[^:;]*)*)" : "()";
  const more = `(?::(${part}))?`.repeat(parts - 1);
  return new RegExp(`^([0-9]+)x([0-9]+)${written}:(${part})${more}$`);
}

/**
 * The skeleton every sized game ID shares: `text` trimmed, and taken apart
 * when `pattern` matches it ({cols, rows, options, parts}, its shape checked
 * by fitsShape(rows, cols)), else sized null with the trimmed text for the
 * family's plain grid. Returns {sized, stripped}.
 */
export function readSized(text, pattern, fitsShape) {
  accept(typeof text === "string", "game ID not text");
  const stripped = text.trim();
  const match = pattern.exec(stripped);
  if (!match) return { sized: null, stripped };
  const cols = Number(match[1]);
  const rows = Number(match[2]);
  accept(fitsShape(rows, cols), "shape out of range");
  return { sized: { cols, rows, options: match[3], parts: match.slice(4) }, stripped };
}

/** The [rows, cols] a text starting "COLSxROWS" names (before it is checked), or null. */
export function sizedShape(text) {
  const match = /^\s*(\d+)x(\d+)/.exec(text ?? "");
  return match ? [Number(match[2]), Number(match[1])] : null;
}

/** COLSxROWS[OPTIONS]:PART[:PART…], the inverse of readSized. */
export const sizedId = (cols, rows, parts, options = "") => `${cols}x${rows}${options}:${parts.join(":")}`;

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** `cells` (a character each) with each run of `blank` as letters: a for one, z for 26. */
export function encodeRuns(cells, blank = ".") {
  let out = "";
  let run = 0;
  for (const cell of cells) {
    if (cell === blank) {
      run += 1;
      if (run === 26) {
        out += "z";
        run = 0;
      }
      continue;
    }
    if (run) out += LETTERS[run - 1];
    run = 0;
    out += cell;
  }
  return run ? out + LETTERS[run - 1] : out;
}

/** The inverse of encodeRuns, which must give `size` cells (else NotMine: Python names the `part`). */
export function decodeRuns(text, size, part, blank = ".") {
  let out = "";
  for (const char of text) out += char >= "a" && char <= "z" ? blank.repeat(char.charCodeAt(0) - 96) : char;
  accept(out.length === size, `the ${part} do not fill the grid`);
  return out;
}

/** Numbers per line: [[3, 1], [2], []] is "3.1/2/". */
export const clueList = (lines) => lines.map((line) => line.join(".")).join("/");

const CLUE_LINE = /^(?:[0-9]+(?:\.[0-9]+)*)?$/;

/** The inverse of clueList: `count` lines of whole numbers (else NotMine: Python names the `part`). */
export function parseClueList(text, count, part) {
  const lines = text.split("/");
  accept(lines.length === count, `the ${part} do not give ${count} lines`);
  accept(lines.every((line) => CLUE_LINE.test(line)), `the ${part} are not numbers`);
  return lines.map((line) => (line ? line.split(".").map(Number) : []));
}
