/**
 * What the move rules of every puzzle family share: the error a person sees,
 * the plain-grid notation, request arguments and the answer envelope.
 *
 * These are JavaScript twins of py/puzzlelab/notation.py and of the argument
 * checks of py/puzzlelab/api.py. Python is the definition: the messages are
 * Python's word for word, and tests/test_js_rules.py plays thousands of random
 * requests through both and fails on any difference.
 */

/** Bad input from a person: the message is shown to them as it is. */
export class PuzzleError extends Error {
  constructor(message) {
    super(message);
    this.name = "PuzzleError";
  }
}

/** Characters Python's repr() escapes beyond the ASCII controls (str.isprintable is false). */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** Python's repr() of a string (the quoting of the error messages). */
export function pyRepr(text) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0);
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (ch === " " || !UNPRINTABLE.test(ch)) out += ch;
    else if (code < 0x100) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, "0")}`;
    else out += `\\U${code.toString(16).padStart(8, "0")}`;
  }
  return out + quote;
}

/** Python's ``repr(text[:40])``: the start of a bad input, quoted. */
export const quoteStart = (text) => pyRepr(Array.from(text).slice(0, 40).join(""));

/**
 * Python's white space (str.isspace, and what \\s matches in its patterns),
 * as a character class: JavaScript's \\s also takes U+FEFF and leaves out
 * U+001C..U+001F and U+0085.
 */
export const SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
/** Python's \\d: any decimal digit (int() reads them all, e.g. full-width ５). */
export const DIGIT = "\\p{Nd}";
const IS_SPACE = new RegExp(`^${SPACE}$`, "u");
const ND = /\p{Nd}/u;

/** Python's ``str.strip()`` (a loop: a pattern anchored at the end is quadratic on long blank runs). */
export function pyTrim(text) {
  let start = 0;
  let end = text.length;
  while (start < end && IS_SPACE.test(text[start])) start += 1;
  while (end > start && IS_SPACE.test(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/**
 * The value of a run of decimal digits, any script, as Python's int() reads
 * it: a BigInt (exact however long; Number() of it for a size).
 */
export function pyInt(digits) {
  let ascii = "";
  for (const ch of digits) {
    let code = ch.codePointAt(0);
    if (code >= 0x30 && code <= 0x39) {
      ascii += ch;
      continue;
    }
    // Unicode lays out each script's digits 0..9 in runs that start at a zero.
    let start = code;
    while (ND.test(String.fromCodePoint(start - 1))) start -= 1;
    code = (code - start) % 10;
    ascii += String(code);
  }
  return BigInt(ascii);
}

/**
 * Split a plain grid into its rows and check every character (notation.parse_rows).
 * `alphabet` lists the allowed characters, `meaning` explains them in the message.
 */
export function parseRows(text, alphabet, meaning) {
  if (typeof text !== "string") throw new PuzzleError("The grid must be text: rows joined by '/'.");
  const cleaned = pyStrip(text.replace(/[\r \t]/g, ""), "/\n");
  if (!cleaned) throw new PuzzleError("The grid is empty: give rows joined by '/', e.g. 101/010/101.");
  const rows = cleaned.split(/[/\n]/);
  const width = rows[0].length;
  rows.forEach((row, index) => {
    const number = index + 1;
    if (!row) throw new PuzzleError(`Row ${number} of the grid is empty.`);
    Array.from(row).forEach((char, column) => {
      if (!alphabet.includes(char)) {
        throw new PuzzleError(
          `Unexpected character ${pyRepr(char)} at row ${number}, column ${column + 1}; use ${meaning}.`);
      }
    });
    if (row.length !== width) {
      throw new PuzzleError(
        `The grid is not rectangular: row ${number} has ${row.length} cells, row 1 has ${width}.`);
    }
  });
  return rows;
}

/** Python's ``text.strip(chars)``. */
export function pyStrip(text, chars) {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start += 1;
  while (end > start && chars.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

const KINDS = { int: "a whole number", str: "text", bool: "true or false" };
const IS = {
  int: (v) => typeof v === "number" && Number.isInteger(v),
  str: (v) => typeof v === "string",
  bool: (v) => typeof v === "boolean",
};

/**
 * `request[key]` checked to be of `kind` ("int", "str" or "bool"), as api._argument:
 * missing or null gives `fallback` when one is passed, else a PuzzleError.
 */
export function argument(request, key, kind, ...fallback) {
  const value = request[key];
  if (!(key in request) || value === null || value === undefined) {
    if (!fallback.length) throw new PuzzleError(`The request needs ${pyRepr(key)}.`);
    return fallback[0];
  }
  if (!IS[kind](value)) throw new PuzzleError(`${pyRepr(key)} must be ${KINDS[kind]}.`);
  return value;
}

/** The popcount of a 32-bit mask. */
export function bitCount(mask) {
  let n = 0;
  for (let m = mask >>> 0; m; m &= m - 1) n += 1;
  return n;
}

/**
 * Answer `request` with the command of `commands` it names, in api.handle's
 * envelope: {ok: true, result} or {ok: false, error}. Returns null for a
 * command these rules do not cover (ask Python for it).
 */
export function handleWith(commands, request) {
  const command = request && typeof request === "object" ? commands[request.cmd] : undefined;
  if (typeof command !== "function" || !Object.hasOwn(commands, request.cmd)) return null;
  try {
    const result = command(request);
    return result === null ? null : { ok: true, result };
  } catch (error) {
    if (error instanceof PuzzleError) return { ok: false, error: error.message };
    return null; // not a refusal JS can word: Python answers
  }
}
