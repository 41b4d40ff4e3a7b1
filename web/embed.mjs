// Puzzle Lab boards inside any page of the same origin:
//
//   <script type="module" src="YOUR-SITE/puzzle-lab/embed.mjs"></script>
//   <div data-puzzlelab="lightsout" data-game="5x5:1f8c4a0"></div>
//
// Every `[data-puzzlelab]` element becomes a live board once the script runs
// (elements added later: call mount()). Attributes: data-puzzlelab (lightsout,
// pegs or binairo), data-game (a game ID; else the default board),
// data-height (max height of the board area, CSS length or px number),
// data-readonly (show the board, ignore input).
//
// JS API (exported here and on window.PuzzleLab):
//   mount(element, {puzzle, game, height, readonly}) → Promise<board>
//   mountAll(root = document) → Promise<[board]>; boardOf(element) → board
//   board.gameId, board.setGame(id), board.idle()
// Events on the element: "puzzlelab-ready", "puzzlelab-move" (detail {gameId}),
// "puzzlelab-solved" (detail {gameId}).
//
// All boards of a page share one Python worker (getClient). Every URL is
// resolved from this module's own URL, so the page may live anywhere.

import { getClient } from "./client.mjs";
import { PUZZLES, findPuzzle } from "./puzzles.mjs";

const mounting = new WeakMap(); // element -> Promise<board>, so mounting twice is harmless
const mounted = new WeakMap(); // element -> board, once its class has loaded

/** The site's stylesheet, once per page, in a cascade layer so the host page's own rules win. */
function addStyle() {
  if (document.querySelector("style[data-puzzlelab-style]")) return;
  const style = document.createElement("style");
  style.dataset.puzzlelabStyle = "";
  style.textContent = `@import url("${new URL("./style.css", import.meta.url)}") layer(puzzlelab);`;
  document.head.append(style);
}

const SOLVED = new Set(["solved", "won"]); // data-status of a finished game (pegs says "won")

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

/** Turn `element` into a board of `puzzle`; resolves to the board. */
export function mount(element, { puzzle, game, height, readonly = false } = {}) {
  if (mounting.has(element)) return mounting.get(element);
  const entry = findPuzzle(puzzle);
  if (!entry) {
    const known = PUZZLES.map((p) => p.id).join(", ");
    return Promise.reject(new Error(`Unknown puzzle "${puzzle}" (known: ${known})`));
  }
  addStyle();
  if (height !== undefined && height !== "") {
    element.style.maxHeight = /^\d+(\.\d+)?$/.test(String(height)) ? `${height}px` : String(height);
    element.style.overflow = "auto";
  }
  const promise = entry.load().then((Board) => {
    const options = { readonly };
    if (game) options.game = game;
    const board = new Board(element, getClient(), options);
    relayEvents(element, board);
    mounted.set(element, board);
    return board;
  });
  mounting.set(element, promise);
  return promise;
}

/** The board mounted on `element`, or undefined while it loads (sync, for polling). */
export function boardOf(element) {
  return mounted.get(element);
}

/** Mount every `[data-puzzlelab]` under `root` not mounted yet; resolves to their boards. */
export function mountAll(root = document) {
  return Promise.all([...root.querySelectorAll("[data-puzzlelab]")].map((element) => {
    const { puzzlelab, game, height, readonly } = element.dataset;
    return mount(element, { puzzle: puzzlelab, game, height, readonly: readonly !== undefined })
      .catch((error) => {
        element.textContent = `Puzzle Lab: ${error.message}`;
        return null;
      });
  }));
}

window.PuzzleLab = { mount, mountAll, boardOf, puzzles: PUZZLES.map((p) => p.id) };

// Module scripts run after parsing, so the page's divs are already there.
mountAll();
