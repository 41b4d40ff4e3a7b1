// The lab, one tap from the game: the main page opens on the play view (the
// board, Undo, Hint, Next and "Lab & help"); the lab shows every board's
// full controls (data-controls="full": the editor, Show solution, the
// analysis, counts, settings, How it works) and the page's own (Copy link,
// Embed, Daily puzzle, the timer, How to play, the daily streak,
// Diagnostics). Open or closed is remembered in this browser.

import { dailyRecord, dailyRecordText } from "./daily-record.mjs";

const KEY = "puzzlelab.lab";

/** Whether the lab was left open on this browser (closed by default). */
function storedOpen() {
  try {
    return localStorage.getItem(KEY) === "open";
  } catch {
    return false; // storage off: the play view
  }
}

export class Lab {
  /**
   * @param {object} page what the lab needs from the page:
   *   boards()       the mounted boards
   *   shown()        the id of the puzzle shown
   *   board(id)      the board of a puzzle, if mounted
   *   opened()       called when a person opens the lab
   */
  constructor(page) {
    this.page = page;
    this.open = storedOpen();
    this.#apply();
  }

  /** The controls a new board starts with. */
  get controls() {
    return this.open ? "full" : "play";
  }

  /** Open (true) or close (false) the lab, for every board; remembered. */
  toggle(open = !this.open) {
    this.open = open;
    try {
      localStorage.setItem(KEY, open ? "open" : "closed");
    } catch { /* storage off: remembered for this visit only */ }
    this.#apply();
    if (open) this.page.opened?.();
    for (const board of this.page.boards()) board.setControls(this.controls);
    if (!open) window.scrollTo({ top: 0, behavior: "instant" }); // back to the game
  }

  /** "?": the lab opens at How to play, for the puzzle shown. */
  help() {
    if (!this.open) this.toggle(true);
    const intro = document.querySelector(`#panel-${this.page.shown()} details.intro`);
    if (!intro) return;
    intro.open = true;
    intro.scrollIntoView({ block: "nearest", behavior: "instant" });
    intro.querySelector("summary").focus({ preventScroll: true });
  }

  /** The daily streak line of the puzzle shown (in the lab). */
  showRecord() {
    const id = this.page.shown();
    const line = document.querySelector(`#panel-${id} .daily-line`);
    if (line) line.textContent = dailyRecordText(dailyRecord(id)) || "No daily puzzle finished yet on this device.";
  }

  /** The page follows the state: html[data-lab], the Lab buttons' words and aria-expanded. */
  #apply() {
    document.documentElement.dataset.lab = this.open ? "open" : "closed";
    for (const button of document.querySelectorAll('button[data-play="lab"]')) this.label(button);
  }

  /** A Lab button says what pressing it does. */
  label(button) {
    button.setAttribute("aria-expanded", String(this.open));
    button.textContent = this.open ? "Close lab" : "Lab & help";
  }
}
