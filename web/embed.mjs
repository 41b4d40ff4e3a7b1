// Puzzle Lab boards inside any page of the same origin:
//
//   <script type="module" src="YOUR-SITE/puzzle-lab/embed.mjs"></script>
//   <puzzle-lab puzzle="PUZZLE" game="GAME"></puzzle-lab>
//
// Every <puzzle-lab> element becomes a live board (also those added later),
// and so does every `[data-puzzlelab]` element the page holds when the
// script runs (its attributes are the same with "data-" in front:
// data-puzzlelab for puzzle; elements added later: call mount()). Each board
// keeps its room at once and draws as it comes near the screen
// (embed-fit.mjs). Attributes:
//   puzzle          a registry id (puzzles/index.mjs; data-puzzlelab)
//   game            a game ID (as in the main page's links); else a new board
//   size            a new board's size, "7" or "6x8", where the puzzle's
//                   registry entry declares sizes (its embed.size)
//   variant         the rules or board, as the puzzle's registry entry
//                   declares them (its embed.variant: e.g. a neighbourhood,
//                   "wrap", "states=3", space-separated; or a board's name)
//   hints           "off" hides the hint and solve buttons
//   controls        "full" shows every control; by default a reader's board:
//                   the rule, the board, undo, hint and a new game (or
//                   Start over for a chosen game) and a link to the full page
//   help            (no value) also the key help and How it works
//   height          the element's max height, border included (CSS length or px
//                   number); it scrolls beyond
//   readonly        show the board, ignore input
//   theme           "light", "dark" or "auto" (the system's); by default the
//                   host page's: the nearest background colour around the
//                   element, else the page's color-scheme
//   background      "transparent": the host page's background shows through
// A bad attribute shows a message in place of the board; a game ID that
// Python rejects shows a new board under a line saying what was wrong.
//
// JS API (exported here and on window.PuzzleLab):
//   mount(element, {puzzle, game, size, variant, hints, controls, help, height, readonly, theme,
//     background, gameLabel}) → Promise<board>, at once (gameLabel: how notices
//     name the game ID's source, default "The game of data-game")
//   mountAll(root = document) → Promise<[board]>; boardOf(element) → board
//   board.gameId, board.setGame(id), board.idle()
// In a frame (embed.html?…&theme=dark), the parent page may post
// {type: "puzzlelab-theme", theme} to the frame when its theme changes.
// Events on the element: "puzzlelab-ready", "puzzlelab-move" (detail {gameId}),
// "puzzlelab-solved" (detail {gameId}).
//
// All boards of a page share one Python worker (getClient). Every URL is
// resolved from this module's own URL, so the page may live anywhere.

import { getClient } from "./client.mjs";
import { readerBoard, reserve, whenNear } from "./embed-fit.mjs";
import { FAMILY_NOUNS, PUZZLES, declaredControls, findPuzzle } from "./puzzles/index.mjs";

const mounting = new WeakMap(); // element -> Promise<board>, so mounting twice is harmless
const waiting = new WeakMap(); // element -> start(): its room kept, drawn once near the screen
const mounted = new WeakMap(); // element -> board, once its class has loaded

/**
 * The boards' stylesheet, once per page, in a cascade layer so the host
 * page's own rules win. board.css styles only the boards (not the main
 * page's style.css, which sets the page background and body margin).
 * Resolves once it applies: a board drawn before would move when it does.
 */
let styled = null;
function addStyle() {
  styled ??= new Promise((resolve) => {
    const style = document.createElement("style");
    style.dataset.puzzlelabStyle = "";
    style.textContent = `@import url("${new URL("./board.css", import.meta.url)}") layer(puzzlelab);`;
    style.addEventListener("load", resolve, { once: true });
    style.addEventListener("error", resolve, { once: true }); // boards without their look still play
    document.head.append(style);
  });
  return styled;
}

const SOLVED = new Set(["solved", "won"]); // data-status of a finished game (a board may say "won")

/**
 * The board's events in embedder terms, read after each action (the base
 * class's puzzle-change) from data-game-id and data-status, not from each board.
 */
function relayEvents(element, board) {
  const fire = (type) => element.dispatchEvent(
    new CustomEvent(type, { bubbles: true, detail: { gameId: board.gameId } }));
  let lastGame;
  let wasSolved = false;
  element.addEventListener("puzzle-change", (event) => {
    if (event.target !== element || board.gameId === undefined) return;
    const solved = SOLVED.has(element.dataset.status);
    if (lastGame === undefined) {
      fire("puzzlelab-ready"); // the first game shown is not a move
    } else if (board.gameId !== lastGame) {
      fire("puzzlelab-move");
      if (solved && !wasSolved) fire("puzzlelab-solved");
    }
    lastGame = board.gameId;
    wasSolved = solved;
  });
}

// What each puzzle accepts in data-size and data-variant is its registry
// entry's `embed` (puzzles/index.mjs); the readers below know no puzzle.

/** data-size "7" or "6x8" as {rows, cols}, within the puzzle's `embed.size`; throws with the reason. */
function parseSize(entry, text) {
  const limits = entry.embed.size;
  if (!limits) {
    const hint = entry.embed.variant ? "; choose a board with data-variant" : "";
    throw new Error(`data-size does not apply to ${entry.title.toLowerCase()}${hint}`);
  }
  const match = /^\s*(\d+)\s*(?:[x×]\s*(\d+))?\s*$/i.exec(text);
  if (!match) throw new Error(`data-size "${text}" is not a size like 7 or 6x8`);
  const rows = Number(match[1]);
  const cols = Number(match[2] ?? match[1]);
  const { low, high, even } = limits;
  const ok = (n) => n >= low && n <= high && (!even || n % 2 === 0);
  if (!ok(rows) || !ok(cols)) {
    throw new Error(`data-size "${text}": ${even ? "even sides" : "sides"} from ${low} to ${high}`);
  }
  return { rows, cols };
}

/**
 * data-variant as the board's start options, read by the puzzle's
 * `embed.variant`: each word a choice (sets its option), a flag (sets it to
 * true) or "name=N" (a number in range); throws with the reason.
 */
function parseVariant(entry, text) {
  const spec = entry.embed.variant;
  if (!spec) throw new Error(`data-variant does not apply to ${entry.id}`);
  const words = text.trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
  const choices = Object.entries(spec.choices ?? {});
  const flags = spec.flags ?? [];
  const numbers = Object.entries(spec.numbers ?? {});
  const known = [
    ...choices.flatMap(([, values]) => values), ...flags,
    ...numbers.map(([name, [low, high]]) => `${name}=${low}..${high}`),
  ].join(", ");
  const refuse = (word) => new Error(spec.single ? `data-variant "${text}" is not a ${spec.noun} (known: ${known})`
    : `data-variant: unknown word "${word}" (known: ${known})`);
  if (spec.single && words.length !== 1) throw refuse();
  const options = { ...spec.defaults };
  for (const word of words) {
    const [, name, value] = /^([a-z]+)=([1-9][0-9]*)$/.exec(word) ?? [];
    const choice = choices.find(([, values]) => values.includes(word));
    const range = numbers.find(([key]) => key === name)?.[1];
    if (choice) options[choice[0]] = word;
    else if (flags.includes(word)) options[word] = true;
    else if (range && Number(value) >= range[0] && Number(value) <= range[1]) options[name] = Number(value);
    else throw refuse(word);
  }
  return spec.into ? { [spec.into]: options } : options;
}

/**
 * The board's notices (a game ID Python rejected) as a line at the top of
 * `element`, above the board: an embed has no page notice area of its own.
 */
function showNotices(element) {
  element.addEventListener("puzzle-notice", (event) => {
    if (event.target !== element) return;
    let line = element.querySelector(":scope > .puzzlelab-notice");
    if (!line) {
      line = document.createElement("p");
      line.className = "puzzlelab-notice";
      line.setAttribute("role", "alert");
      element.prepend(line);
    }
    line.textContent = event.detail.text;
  });
}

/**
 * The host page's colour scheme around `element`: the first background
 * colour (not transparent) up its ancestors decides, light or dark; with
 * none set, the page's own color-scheme does ("light dark" follows the
 * system: "auto"; none or "light" is a page's default white).
 */
function hostScheme(element) {
  for (let node = element.parentElement; node; node = node.parentElement) {
    const match = getComputedStyle(node).backgroundColor.match(/[\d.]+/g);
    if (!match || (match.length === 4 && Number(match[3]) === 0)) continue;
    const [r, g, b] = match.map(Number);
    return 0.299 * r + 0.587 * g + 0.114 * b > 128 ? "light" : "dark";
  }
  const declared = getComputedStyle(document.documentElement).colorScheme;
  if (!declared.includes("dark")) return "light";
  return declared.includes("light") ? "auto" : "dark";
}

const THEMES = ["light", "dark", "auto"];

/** data-theme as a scheme, or undefined (follow the host page); throws with the reason. */
function parseTheme(text) {
  if (text === undefined || text === null || text === "") return undefined;
  const theme = String(text).trim().toLowerCase();
  if (!THEMES.includes(theme)) throw new Error(`data-theme "${text}" is not light, dark or auto`);
  return theme;
}

const inFrame = window.parent !== window;
const themed = new Map(); // element -> its data-theme (undefined: the host page's)

/**
 * Give the board on `element` its scheme: the theme asked for, else the host
 * page's. In a frame (embed.html) an explicit theme is the whole frame's, so
 * that no system-coloured rim shows around the board.
 */
function applyScheme(element, board) {
  const theme = themed.get(element);
  const scheme = theme ?? hostScheme(element);
  if (board) board.setScheme(scheme);
  else if (scheme === "auto") delete element.dataset.scheme;
  else element.dataset.scheme = scheme;
  // (Not with a transparent background: the host's page shows through, and a
  // frame whose scheme differs from the host's would get an opaque backdrop.)
  if (inFrame && theme && element.dataset.background !== "transparent") {
    document.documentElement.style.colorScheme = theme === "auto" ? "" : theme;
  }
}

// A host page that styles itself after the system theme changes its
// background with it: look again. A frame's parent can also say
// {type: "puzzlelab-theme", theme: "dark" | "light" | "auto"} (the host
// knows its own theme; a frame of another origin cannot look).
window.matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
  for (const element of themed.keys()) applyScheme(element, mounted.get(element));
});
if (inFrame) {
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || event.data?.type !== "puzzlelab-theme") return;
    let theme;
    try {
      theme = parseTheme(event.data.theme);
    } catch {
      return; // a word this page does not know changes nothing
    }
    for (const element of themed.keys()) {
      themed.set(element, theme);
      applyScheme(element, mounted.get(element));
    }
  });
}

/** The board options of mount()'s arguments for the puzzle `entry`, checked; throws with the reason. */
function boardOptions(entry, { game, gameLabel = "The game of data-game", size, variant, hints = true,
  controls, readonly = false }) {
  const options = { readonly, hints: hints !== false && hints !== "off", gameLabel,
    controls: controls === "full" ? "full" : "board" };
  if (game) options.game = game;
  if (size !== undefined && size !== "") Object.assign(options, parseSize(entry, String(size)));
  if (variant !== undefined && variant !== "") Object.assign(options, parseVariant(entry, String(variant)));
  return options;
}

/** A flag attribute's value: present (any value but "false" or "off"), or not. */
const flag = (value) => value !== undefined && value !== null && value !== false && !["false", "off"].includes(value);

/**
 * Check mount()'s arguments, keep the board's room in `element` and set its
 * theme; returns start(), which loads and draws the board (a promise of it).
 * Throws with the reason for a bad argument.
 */
function prepare(element, { puzzle, height, theme, background, help, ...choices }) {
  const entry = findPuzzle(puzzle);
  if (!entry) {
    const known = PUZZLES.map((p) => p.id).join(", ");
    throw new Error(`Unknown puzzle "${puzzle}" (known: ${known})`);
  }
  const options = boardOptions(entry, choices);
  const scheme = parseTheme(theme);
  if (background !== undefined && background !== null && background !== "" && background !== "transparent") {
    throw new Error(`background "${background}" is not transparent`);
  }
  const reader = options.controls !== "full";
  addStyle();
  if (height !== undefined && height !== "") {
    element.style.maxHeight = /^\d+(\.\d+)?$/.test(String(height)) ? `${height}px` : String(height);
    element.style.overflow = "auto";
    element.style.boxSizing = "border-box"; // the height includes the board's padding and border
  }
  if (background === "transparent") element.dataset.background = "transparent";
  reserve(element, entry, options, reader);
  themed.set(element, scheme);
  applyScheme(element); // before the first drawing
  return () => {
    waiting.delete(element);
    const promise = Promise.all([entry.load(), addStyle()]).then(([Board]) => {
      showNotices(element);
      // What the puzzle declares, but the main page's Today view (not on another page).
      const controls = { ...declaredControls(entry), today: false };
      const board = new Board(element, getClient(), { ...options, ...controls, embedded: true, familyNouns: FAMILY_NOUNS });
      readerBoard(element, board, entry, { chosen: Boolean(options.game), help: flag(help), reader });
      relayEvents(element, board);
      mounted.set(element, board);
      return board;
    });
    mounting.set(element, promise);
    return promise;
  };
}

/** Turn `element` into a board of `puzzle` now; resolves to the board. */
export function mount(element, options = {}) {
  if (mounting.has(element)) return mounting.get(element);
  if (waiting.has(element)) return waiting.get(element)();
  try {
    return prepare(element, options)();
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Keep `element`'s room now and draw its board once it comes near the
 * screen; a bad attribute says so in place of the board.
 */
function mountWhenNear(element, options) {
  if (mounting.has(element) || waiting.has(element)) return;
  try {
    const start = prepare(element, options);
    waiting.set(element, start);
    whenNear(element, () => waiting.get(element)?.().catch((error) => {
      element.textContent = `Puzzle Lab: ${error.message}`; // the board could not load
    }));
  } catch (error) {
    element.textContent = `Puzzle Lab: ${error.message}`;
  }
}

/** The board mounted on `element`, or undefined while it loads (sync, for polling). */
export function boardOf(element) {
  return mounted.get(element);
}

/** The mount() options an element's attributes give (`data-` ones on a div: `data-game`…). */
function attributesOf(element) {
  const custom = element.localName === "puzzle-lab";
  const read = (name) => (custom ? element.getAttribute(name) : element.getAttribute(`data-${name}`)) ?? undefined;
  const has = (name) => element.hasAttribute(custom ? name : `data-${name}`);
  const options = { puzzle: custom ? read("puzzle") : read("puzzlelab"), readonly: has("readonly") };
  for (const name of ["game", "size", "variant", "hints", "controls", "height", "theme", "background"]) {
    options[name] = read(name);
  }
  options.help = has("help") && read("help") !== "off" && read("help") !== "false";
  return options;
}

const EMBEDS = "[data-puzzlelab], puzzle-lab";

/** Mount every board element under `root` not mounted yet, now; resolves to their boards. */
export function mountAll(root = document) {
  return Promise.all([...root.querySelectorAll(EMBEDS)].map((element) => mount(element, attributesOf(element))
    .catch((error) => {
      element.textContent = `Puzzle Lab: ${error.message}`;
      return null;
    })));
}

/** <puzzle-lab puzzle="PUZZLE" game="…">: a board, drawn once near the screen. */
class PuzzleLabElement extends HTMLElement {
  connectedCallback() {
    mountWhenNear(this, attributesOf(this));
  }
}

window.PuzzleLab = { mount, mountAll, boardOf, puzzles: PUZZLES.map((p) => p.id) };

// Module scripts run after parsing, so the page's divs are already there.
for (const element of document.querySelectorAll("[data-puzzlelab]")) mountWhenNear(element, attributesOf(element));
if (!customElements.get("puzzle-lab")) customElements.define("puzzle-lab", PuzzleLabElement);
