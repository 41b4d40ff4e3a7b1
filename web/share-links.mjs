// The links a person shares: they carry the puzzle as it was dealt (its
// starting position, or the date of a daily puzzle), never only the position
// on screen, so that a friend who opens one plays the same puzzle from the
// start. The address bar keeps the position on screen (app.mjs), for reloads.
//
// The link forms (docs/web.md):
//   #lightsout=GAME          a starting position by its game ID, URL-encoded
//   #pegs&daily=2026-11-24   a date's daily puzzle (bare #daily=DATE: Lights Out's)
//   #lightsout&deal=DEAL     a board dealt from a seed, by its dealing request,
//                            when its game ID is too long for a link (a
//                            1000×1000 Lights Out board's is ~250 KB): e.g.
//                            1000x1000.random-true.seed-1234.states-2
//                            (ROWSxCOLS, then the request's other fields as
//                            name-value, joined by dots); Python deals it
//                            again, the same start.

import { dailyLink } from "./session.mjs";

/** Game IDs longer than this are shared as their deal when there is one. */
export const LONG_GAME_ID = 2000;

/** The command that deals a puzzle of a family from a seed ("lightsout.new"). */
export const dealCommand = (kind) => `${kind}.new`;

const page = (hash) => new URL(`./${hash}`, import.meta.url).href;

/**
 * The link that opens the board's puzzle as dealt, on the main page beside
 * the modules: that date's daily puzzle when the board shows one, else the
 * starting position's game ID, or its deal when that ID is long and the
 * board was dealt from a seed.
 *
 * @param {string} kind the puzzle's id in the registry ("lightsout")
 * @param {object} board the mounted board (its dailyShown, startGameId() and, if dealt, dealRequest())
 */
export function shareLink(kind, board) {
  const date = board.dailyShown;
  if (date) return dailyLink(kind, date);
  const start = board.startGameId();
  const deal = start.length > LONG_GAME_ID ? board.dealRequest?.() : null;
  if (deal) return page(`#${kind}&deal=${encodeURIComponent(dealText(deal))}`);
  return gameLink(kind, start);
}

/** The link that opens game ID `game` of puzzle `kind` on the main page, as a fresh game. */
export const gameLink = (kind, game) => page(`#${kind}=${encodeURIComponent(game)}`);

/**
 * Game links (`a[data-game]`, made with gameLink) inside `element`: a plain
 * click calls `open(game)` to play it on this page; a click for a new tab or
 * window (a modifier key, the middle button) follows the link as it is.
 */
export function playGameLinks(element, open) {
  element.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-game]");
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(link.dataset.game);
  });
}

/** A value in a deal's text: dots and dashes are its separators, so they are escaped too. */
const escapeValue = (value) => encodeURIComponent(String(value)).replace(/\./g, "%2E").replace(/-/g, "%2D");

/**
 * A dealing request as the text of a deal link: "1000x1000.random-true.seed-7"
 * (the size first, then the other fields but the command, in name order;
 * fields left out, null or undefined are not written).
 */
export function dealText(request) {
  const { cmd, rows, cols = rows, ...rest } = request;
  const fields = Object.keys(rest).filter((name) => rest[name] !== undefined && rest[name] !== null).sort()
    .map((name) => `${name}-${escapeValue(rest[name])}`);
  return [`${rows}x${cols}`, ...fields].join(".");
}

/** A deal link the page cannot read: its message is the one sentence the page shows. */
export class BadDeal extends Error {}

/**
 * The dealing request a deal link's text names, for puzzle `kind`; throws a
 * BadDeal saying what is wrong when the text is not one dealText writes
 * (an unknown field, a value of the wrong kind, no seed). Whether the values
 * are in range is Python's to say, when it deals. `commands` is the page's
 * argument table (rules/params.mjs), passed in by the page so that this
 * module, which the boards import, does not import the registry through it.
 */
export function readDeal(kind, text, commands) {
  const cmd = dealCommand(kind);
  const args = Object.hasOwn(commands, cmd) ? commands[cmd] : null;
  const shown = `"${String(text).slice(0, 60)}${String(text).length > 60 ? "…" : ""}"`;
  const bad = (why) => new BadDeal(`The link's deal, ${shown}, ${why}`);
  if (!args) throw bad("names a puzzle that is not dealt from a seed");
  const [size, ...fields] = String(text).split(".");
  const shape = /^(\d{1,7})x(\d{1,7})$/.exec(size);
  if (!shape) throw bad("does not start with a size like 1000x1000");
  const request = { cmd, rows: Number(shape[1]), cols: Number(shape[2]) };
  for (const field of fields) {
    const at = field.indexOf("-");
    if (at < 0) throw bad(`has a field without a value, "${field.slice(0, 30)}"`);
    const name = field.slice(0, at);
    const arg = args.find((a) => a.name === name);
    if (!arg || name in request) throw bad(`has ${arg ? "a repeated" : "an unknown"} field "${name.slice(0, 30)}"`);
    let value;
    try {
      value = decodeURIComponent(field.slice(at + 1));
    } catch {
      throw bad(`has a badly encoded value for "${name}"`);
    }
    request[name] = readValue(arg, value);
    if (request[name] === undefined) throw bad(`has a value for "${name}" that is not ${KIND_WORDS[arg.kind] ?? "text"}`);
  }
  if (request.seed === undefined) throw bad("has no seed");
  return request;
}

const KIND_WORDS = { int: "a whole number", bool: "true or false", level: "a level or a whole number" };

/** A deal field's text as its argument's kind wants it; undefined when it is not one. */
function readValue(arg, text) {
  const whole = /^\d{1,19}$/.test(text) ? Number(text) : undefined;
  switch (arg.kind) {
    case "int": return Number.isSafeInteger(whole) ? whole : undefined;
    case "bool": return text === "true" ? true : text === "false" ? false : undefined;
    case "level": return Number.isSafeInteger(whole) ? whole : /^[a-z]+$/.test(text) ? text : undefined;
    case "text": return text;
    default: return undefined;
  }
}
