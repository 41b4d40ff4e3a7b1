// An embedded board's place in the host page (embed.mjs): the room kept for
// it before it draws, drawing it only as it comes near the screen, and the
// reader's board it becomes.
//
// The room: the board area is a box of the game's shape (CSS aspect-ratio,
// from the registry's embed.shape before the board loads, then the board's
// own shape), as wide as the host's column allows up to a maximum, with
// cells of at least 40 px on touch screens (a wider board scrolls inside its
// own frame). The element holds a placeholder of the board's lines around
// that box, and keeps the placeholder's height as its least height until a
// reader first touches the board: the post below never jumps when it draws.
//
// The reader's board (every embed unless data-controls="full"): the puzzle's
// one-line rule above the board, its main actions (Undo, Hint and a new
// game, or Start over for an author's chosen game) under it, and a small
// link to the full page; the key help and How it works only with data-help.

import { shareLink } from "./share-links.mjs";

// Sizing rules that must hold before board.css arrives (it is imported, so
// it comes later): added at once, in the boards' cascade layer.
const FIT_CSS = `@layer puzzlelab {
puzzle-lab { display: block; }
:is(.puzzlelab-reserve, .puzzle[data-embed]) {
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.45;
  font-size: 1rem; box-sizing: border-box; max-width: 100%;
}
.puzzlelab-reserve { border: 1px solid transparent; padding: 0.75rem; }
:is(.puzzlelab-reserve, .puzzle[data-embed]) .board-area {
  --pl-long: max(var(--pl-rows, 1), var(--pl-cols, 1));
  --pl-side: min(480px, var(--pl-long) * 96px);
  aspect-ratio: var(--pl-cols, 1) / var(--pl-rows, 1);
  width: min(100%, var(--pl-side) * var(--pl-cols, 1) / var(--pl-long));
  min-height: 0; margin-inline: auto; align-items: center; box-sizing: border-box;
}
/* Until its first game is drawn a canvas is the browser's 300x150 in the
   middle of its box: unseen, so that it does not count as moving when it
   takes its size. */
.puzzle[data-embed][data-status="loading"] .board-area canvas { visibility: hidden; }
.puzzlelab-rule { margin: 0 0 0.4rem; text-align: center; font-size: 0.9em; }
.puzzlelab-link { margin: 0.3rem 0 0; text-align: right; font-size: 0.8em; }
.puzzlelab-reserve .puzzlelab-lines { height: calc(2 * 1.45em + 0.4rem); }
.puzzlelab-reserve .puzzlelab-bar { height: 2.6em; margin-top: 0.75rem; }
@media (pointer: coarse) {
  :is(.puzzlelab-reserve, .puzzle[data-embed]) .board-area { min-width: calc(var(--pl-cols, 1) * 40px + 2px); }
  .puzzle[data-embed] { overflow-x: auto; }
  .puzzlelab-reserve .puzzlelab-bar { height: 44px; }
}
@media (max-width: 40rem) {
  :is(.puzzlelab-reserve, .puzzle[data-embed]) { padding: 0.5rem; }
}
}`;

/** The sizing rules, once per page. */
export function addFitStyle() {
  if (document.querySelector("style[data-puzzlelab-fit]")) return;
  const style = document.createElement("style");
  style.dataset.puzzlelabFit = "";
  style.textContent = FIT_CSS;
  document.head.append(style);
}

/** The board's shape as the box's CSS variables. */
function setShape(element, [rows, cols]) {
  element.style.setProperty("--pl-rows", rows);
  element.style.setProperty("--pl-cols", cols);
}

/** The full page's address for `entry`'s puzzle (the modules' own site). */
const fullPage = (entry) => new URL(`./#${entry.id}`, import.meta.url).href;

/** The small link to the full page, at the foot of the board. */
function linkLine(entry) {
  const line = document.createElement("p");
  line.className = "puzzlelab-link";
  const link = document.createElement("a");
  link.href = fullPage(entry);
  link.target = "_blank";
  link.rel = "noopener";
  link.textContent = "Open in Puzzle Lab ↗";
  line.append(link);
  return line;
}

function ruleLine(entry) {
  const line = document.createElement("p");
  line.className = "puzzlelab-rule";
  line.textContent = entry.rule;
  return line;
}

/**
 * Keep the board's room in `element` before it loads: a placeholder with the
 * rule, the lines above the board (two), the board's box and its row of
 * buttons. The element's least height becomes the larger of the
 * placeholder's and the page's own (a snippet's min-height, which holds
 * before any script runs), until the room is not needed: see keepRoom.
 * `options` are the board's (a game, a size).
 */
export function reserve(element, entry, options, reader) {
  addFitStyle();
  setShape(element, entry.embed.shape(options) ?? [1, 1]);
  if (!element.children.length && !element.textContent.trim()) { // a page's own fallback content stays
    element.classList.add("puzzlelab-reserve");
    const part = (className) => Object.assign(document.createElement("div"), { className });
    element.append(...(reader ? [ruleLine(entry)] : []), part("puzzlelab-lines"), part("board-area"),
      part("puzzlelab-bar"), ...(reader ? [linkLine(entry)] : []));
  }
  if (window.parent !== window) return; // a frame (embed.html) has no text of a post to push
  const { minHeight, maxHeight } = getComputedStyle(element);
  const room = Math.max(parseFloat(minHeight) || 0, element.getBoundingClientRect().height);
  // Never past the author's `height` (the element scrolls beyond it).
  element.style.minHeight = `${Math.min(room, parseFloat(maxHeight) || Infinity)}px`;
  keepRoom(element);
}

/**
 * The room kept stays the element's least height while the text under it
 * is on screen, so that the post does not move when the board draws (at a
 * size a little different from the room kept) under the reader's eyes. It
 * goes at the reader's first touch of the board (a change they caused), or
 * once the board has drawn and the element ends below the window or is out
 * of sight: a change there moves nothing the reader sees (above the window,
 * the browser's scroll anchoring keeps the text in place).
 */
function keepRoom(element) {
  let drawn = false;
  let observer = null;
  const release = () => {
    element.style.minHeight = "";
    observer?.disconnect();
    for (const type of ["pointerdown", "keydown"]) element.removeEventListener(type, release, true);
  };
  const unseen = (box) => box.bottom > window.innerHeight || box.bottom < 0;
  for (const type of ["pointerdown", "keydown"]) element.addEventListener(type, release, true);
  element.addEventListener("puzzle-change", () => {
    if (drawn) return;
    drawn = true;
    if (unseen(element.getBoundingClientRect())) {
      release();
      return;
    }
    observer = new IntersectionObserver((entries) => {
      if (entries.some((seen) => unseen(seen.boundingClientRect))) release();
    }, { threshold: [0, 1] });
    observer.observe(element);
  });
}

/** The board took the element's place: it no longer needs the placeholder's look. */
function placeholderDone(element) {
  element.classList.remove("puzzlelab-reserve");
}

/**
 * Run `start` once `element` comes within a screen of the window (drawn as
 * the reader scrolls to it, not all at once at load); at once where the
 * browser cannot tell.
 */
export function whenNear(element, start) {
  if (typeof IntersectionObserver === "undefined") return start();
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((seen) => seen.isIntersecting)) return;
    observer.disconnect();
    start();
  }, { rootMargin: "100% 0px" });
  observer.observe(element);
  return undefined;
}

/**
 * Make `board` (just built in `element`) a reader's board: the rule above,
 * the main actions under the board, the link at the foot, and, for an
 * author's chosen game (`chosen`), Start over in place of a new game.
 * `help` keeps the key help and How it works (board.css hides them
 * otherwise, for readers; the canvas still names its keys to screen readers).
 */
export function readerBoard(element, board, entry, { chosen, help, reader }) {
  placeholderDone(element);
  if (help) element.dataset.help = "";
  if (!reader) return;
  element.dataset.reader = "";
  const again = entry.embed.startOver && element.querySelector(`button[data-action="${entry.embed.startOver}"]`);
  for (const action of board.constructor.mainActions ?? []) {
    const button = element.querySelector(`button[data-action="${action}"]`);
    if (!button || button === again) continue;
    if (chosen && again) {
      button.removeAttribute("data-main");
    } else {
      button.title ||= button.textContent; // "New random board", said in full on hover
      button.textContent = "New";
    }
  }
  if (chosen && again) again.dataset.main = "";
  if (again?.hasAttribute("data-main")) again.textContent = "Start over";
  const area = element.querySelector(".board-area");
  const bar = element.querySelector('button[data-action="undo"]')?.closest(".toolbar");
  if (area && bar) {
    bar.classList.add("reader-bar");
    area.after(bar);
  }
  const rule = ruleLine(entry);
  element.prepend(rule);
  const link = linkLine(entry);
  element.append(link);
  // The rule of the game on screen where the board knows it (a Lights Out
  // variant's neighbours); the link opens that game, as dealt (as a
  // friend's link would).
  element.addEventListener("puzzle-change", () => {
    if (!board.state) return;
    rule.textContent = board.ruleText?.() ?? entry.rule;
    link.firstElementChild.href = shareLink(entry.id, board);
  });
}
