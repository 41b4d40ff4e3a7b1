/**
 * What the move rules of every puzzle family share: the refusal, the
 * plain-grid notation, request arguments and the answer envelope.
 *
 * The rules here answer only what they accept. Python (py/puzzlelab) is the
 * one voice for errors: wherever these rules would refuse, they throw
 * NotMine and the request goes to Python, which says what is wrong in its
 * own words. tests/test_js_rules.py plays thousands of random requests
 * through both and fails on any answer that differs.
 */

/** These rules do not accept the request: Python answers it (the reason is for debugging only). */
export class NotMine extends Error {
  constructor(reason) {
    super(reason);
    this.name = "NotMine";
  }
}

/** Throw NotMine unless `condition` holds. */
export function accept(condition, reason) {
  if (!condition) throw new NotMine(reason);
}

/**
 * Text the rules read: printable ASCII, tab, newline and carriage return.
 * On these characters JavaScript's trim(), toLowerCase(), \\s and \\d agree
 * with Python's strip(), lower(), \\s and \\d; text with any other character
 * (unusual white space, digits of other scripts) is left to Python.
 */
const PLAIN = /^[\t\n\r\x20-\x7e]*$/;
export const isPlainText = (text) => typeof text === "string" && PLAIN.test(text);

/**
 * Split a plain grid into its rows (notation.parse_rows), every character one
 * of `alphabet` and every row as long as the first; NotMine otherwise.
 */
export function parseRows(text, alphabet) {
  accept(typeof text === "string", "grid not text");
  const cleaned = stripChars(text.replace(/[\r \t]/g, ""), "/\n");
  accept(cleaned, "empty grid");
  const rows = cleaned.split(/[/\n]/);
  const width = rows[0].length;
  for (const row of rows) {
    accept(row && row.length === width, "ragged grid");
    for (const char of row) accept(alphabet.includes(char), "character outside the grid's alphabet");
  }
  return rows;
}

/** Python's ``text.strip(chars)``. */
export function stripChars(text, chars) {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start += 1;
  while (end > start && chars.includes(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

const IS = {
  int: (v) => Number.isSafeInteger(v),
  str: (v) => isPlainText(v),
  bool: (v) => typeof v === "boolean",
};

/**
 * `request[key]` checked to be of `kind` ("int", "str" or "bool"; text plain,
 * see isPlainText): missing or null gives `fallback` when one is passed, else
 * NotMine (as api._argument, which would refuse).
 */
export function argument(request, key, kind, ...fallback) {
  const value = request[key];
  if (value === null || value === undefined) {
    accept(fallback.length, `missing ${key}`);
    return fallback[0];
  }
  accept(IS[kind](value), `${key} is not ${kind}`);
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
 * envelope {ok: true, result}. Returns null for a command these rules do not
 * cover or a request they do not accept (ask Python for it).
 */
export function handleWith(commands, request) {
  const command = request && typeof request === "object" && Object.hasOwn(commands, request.cmd)
    ? commands[request.cmd] : undefined;
  if (typeof command !== "function") return null;
  try {
    const result = command(request);
    return result === null ? null : { ok: true, result };
  } catch {
    // NotMine, or a fault of these rules: either way Python answers (and the
    // differential test, which requires these rules to answer every valid move,
    // finds the fault).
    return null;
  }
}

/** A request as one text with its keys sorted, as build.py writes FIRST_BOARDS' keys. */
export function requestKey(request) {
  return JSON.stringify(Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1))));
}
