// The card over the board when a game is won: a short celebration, then the
// player's count against the fewest (or par), the time, the help used, the
// daily streak on a daily puzzle, and Share and Next. A game the solver
// finished says so: it is never called solved or perfect.

import { dailyRecordText, noteDailyResult } from "./daily-record.mjs";
import { duration } from "./session.mjs";
import { shareLink } from "./share-links.mjs";

const DONE = new Set(["solved", "won"]);
const COPIED_FOR = 3000; // ms "Result copied" stays before it clears

/** "with 1 hint", "with 3 hints", or "" with none. */
function hintWords(hints) {
  return hints ? `with ${hints} hint${hints === 1 ? "" : "s"}` : "no hints";
}

export class WinCard {
  /**
   * @param {HTMLElement} root the board's root
   * @param {object} board what the card needs from the board:
   *   kind, title      the puzzle's id (for the link) and its name
   *   board            the board itself (shareLink reads its start and daily date)
   *   facts()          the board's winFacts(): {count, unit, detail?, best, bestLabel}
   *                    (best a number, null, or a promise of one)
   *   outcome()        the session's {moves, help, ms} once won
   *   elapsed()        the timer's ms for this game (the session's clock)
   *   dailyShown()     the date of the daily puzzle on screen, or null
   *   next()           queue the next puzzle
   */
  constructor(root, board) {
    this.root = root;
    this.board = board;
    this.status = "loading";
    this.shownFor = null; // the game ID the card was shown for
    const card = document.createElement("div");
    card.className = "win-card";
    card.setAttribute("role", "dialog");
    card.setAttribute("aria-labelledby", `${root.id || board.kind}-win-title`);
    card.hidden = true;
    card.innerHTML = `<button type="button" class="win-close" data-win="close" aria-label="Close">×</button>
      <h3 class="win-title" id="${root.id || board.kind}-win-title"></h3>
      <p class="win-count"></p>
      <p class="win-facts"></p>
      <p class="win-streak" hidden></p>
      <div class="win-actions">
        <button type="button" data-win="share">Share</button>
        <button type="button" data-win="next" class="primary">Next</button>
      </div>
      <p class="win-status" role="status"></p>
      <input type="text" class="win-share-text" readonly hidden aria-label="Result and link to share">`;
    this.card = card;
    (root.querySelector(".board-area") ?? root).append(card);
    card.addEventListener("click", (event) => {
      const action = event.target.closest("button[data-win]")?.dataset.win;
      if (action === "close") this.hide();
      else if (action === "next") {
        this.hide();
        board.next();
      } else if (action === "share") this.#share();
    });
    card.addEventListener("keydown", (event) => {
      if (event.key === "Escape") this.hide();
      event.stopPropagation(); // the board's keys (N, U, H…) are not the card's
    });
  }

  /**
   * The board's status changed: a game won by a move (not one loaded already
   * won) shows the card; any other status hides it.
   */
  statusChanged(status, { byMove }) {
    const was = this.status;
    this.status = status;
    if (!DONE.has(status)) {
      this.hide();
      return;
    }
    if (!DONE.has(was) && was !== "loading" && byMove) this.#show();
  }

  hide() {
    if (this.card.hidden) return;
    this.card.hidden = true;
    this.root.classList.remove("celebrating");
  }

  #show() {
    const { board } = this;
    const outcome = board.outcome() ?? { help: [] };
    const solverFinished = outcome.help.includes("solve");
    const hints = outcome.help.filter((kind) => kind === "hint").length;
    const facts = board.facts();
    const card = this.card;
    this.helped = outcome.help.length > 0;
    this.solverFinished = solverFinished;
    this.#showCount(facts);
    const date = board.dailyShown();
    const ms = board.elapsed();
    // A daily puzzle's result, for the Today view: against the best once known.
    const result = (best) => ({ count: facts.count, unit: facts.unit, best: typeof best === "number" ? best : null,
      bestLabel: facts.bestLabel ?? null, ms, hints, solver: solverFinished });
    if (facts.best && typeof facts.best.then === "function") {
      const game = this.root.dataset.gameId;
      facts.best.then((best) => {
        if (date && typeof best === "number") noteDailyResult(board.kind, date, result(best));
        if (this.root.dataset.gameId !== game) return; // another game by now
        this.#showCount({ ...facts, best: best ?? null });
      }, () => {});
    }
    const time = duration(ms);
    const help = solverFinished ? "the solver played" : hintWords(hints);
    card.querySelector(".win-facts").textContent = `Time ${time} · ${help}`;
    const streak = card.querySelector(".win-streak");
    streak.hidden = !date;
    if (date) {
      const record = noteDailyResult(board.kind, date, result(facts.best));
      const late = date !== new Date().toISOString().slice(0, 10);
      streak.textContent = solverFinished ? `The daily puzzle of ${date}`
        : late ? `The daily puzzle of ${date}, played late: not counted for the streak`
          : dailyRecordText(record);
      // The page may add a word (app.mjs: the day complete, its card in Today).
      const say = (text) => { streak.textContent += ` ${text}`; };
      this.root.dispatchEvent(new CustomEvent("puzzle-daily-record", { bubbles: true, detail: { date, say } }));
    }
    this.summary = { time, help, date, solverFinished };
    card.querySelector(".win-status").textContent = "";
    card.querySelector(".win-share-text").hidden = true;
    card.hidden = false;
    // The celebration: a short pulse of the board (board.css; none under reduced motion).
    this.root.classList.remove("celebrating");
    void this.root.offsetWidth; // restart the animation
    this.root.classList.add("celebrating");
    card.scrollIntoView?.({ block: "nearest", behavior: "instant" });
  }

  /** "9 presses · fewest 7" (best unknown: the count alone). */
  #showCount({ count, unit, detail = "", best, bestLabel }) {
    const known = typeof best === "number";
    this.countText = `${count} ${unit}${detail ? ` ${detail}` : ""}${known ? ` · ${bestLabel} ${best}` : ""}`;
    this.card.querySelector(".win-count").textContent = this.countText;
    // "Perfect" only for the player's own game at the fewest; the solver's is said as such.
    const perfect = known && count <= best && !this.helped;
    this.card.querySelector(".win-title").textContent = this.solverFinished ? "Finished by the solver"
      : perfect ? "Perfect game!" : "Well done!";
  }

  /** The result and the link to the puzzle as dealt: copied, or shown selected to copy. */
  async #share() {
    const { board } = this;
    const { time, help, date } = this.summary;
    const what = `${board.title}${date ? `, daily puzzle of ${date}` : ""}`;
    const text = `${what}: ${this.countText}, ${time}, ${help}. ${shareLink(board.kind, board.board)}`;
    const status = this.card.querySelector(".win-status");
    const field = this.card.querySelector(".win-share-text");
    clearTimeout(this.copiedTimer);
    try {
      await navigator.clipboard.writeText(text);
      field.hidden = true;
      status.textContent = "Result copied";
      this.copiedTimer = setTimeout(() => { status.textContent = ""; }, COPIED_FOR);
    } catch {
      field.value = text;
      field.hidden = false;
      field.focus();
      field.select();
      status.textContent = "Copy the selected text";
    }
  }
}
