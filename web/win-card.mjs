// The card over the board when a game is won: the player's count against
// the fewest (or par), the time, the help used, the daily streak on a daily
// puzzle, and Share and Next. The celebration itself is each puzzle's own
// win motion, drawn on its canvas. A game the solver finished says so: it is
// never called solved or perfect. The fewest may still be on its way from
// the solver: the card says it is not known yet, then updates in view. The
// time is the session's one clock (PuzzleBoard.playTime), the one the message
// line and the timer read. A board may name a spot the card must not cover
// (keepClear: the last peg); the card then moves beside it. The page hears of
// each win ("puzzle-won": level-play.mjs keeps a level's result and says which
// opens) and may take Next (a cancelable "puzzle-next": the next level).

import { dailyRecordText, noteDailyResult } from "./daily-record.mjs";
import { reducedMotion } from "./grid-canvas.mjs";
import { duration } from "./session.mjs";
import { shareLink } from "./share-links.mjs";

const DONE = new Set(["solved", "won"]);
const COPIED_FOR = 3000; // ms "Result copied" stays before it clears
// ms the card waits for the board's win motion to be seen (board.css, .win-card's
// animation-delay): it takes no clicks meanwhile, so that none meant for the board is lost.
const ARRIVES_AFTER = 700;

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
   *   keepClear()      optional: a DOMRect (page coordinates) the card must not cover, or null
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
      <p class="win-level" hidden></p>
      <div class="win-actions">
        <button type="button" data-win="share">Share</button>
        <button type="button" data-win="next" class="primary">Next</button>
      </div>
      <p class="win-status" role="status"></p>
      <input type="text" class="win-share-text" readonly hidden aria-label="Result and link to share">`;
    this.card = card;
    const area = root.querySelector(".board-area") ?? root;
    area.append(card);
    // The board may settle after the win (a longer message above it, a new
    // size), and the card itself may grow (a line the page adds once it has
    // read the ladder): the card follows, off the spot it keeps clear.
    this.placer = new ResizeObserver(() => {
      if (!card.hidden) this.#keepClear();
    });
    for (const element of [area, area.querySelector("canvas"), card]) if (element) this.placer.observe(element);
    card.addEventListener("click", (event) => {
      const action = event.target.closest("button[data-win]")?.dataset.win;
      if (action === "close") this.hide();
      else if (action === "next") {
        this.hide();
        board.next(); // the board's Next: the page may take it (the next level, level-play.mjs)
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
    this.card.hidden = true;
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
    const date = board.dailyShown();
    const ms = board.elapsed();
    // A daily puzzle's result, for the Today view: against the best once known.
    const result = (best) => ({ count: facts.count, unit: facts.unit, best: typeof best === "number" ? best : null,
      bestLabel: facts.bestLabel ?? null, ms, hints, solver: solverFinished });
    const pending = Boolean(facts.best && typeof facts.best.then === "function");
    this.#showCount({ ...facts, best: pending ? null : facts.best, pending });
    if (pending) {
      const game = this.root.dataset.gameId;
      const settle = (best) => {
        if (date && typeof best === "number") noteDailyResult(board.kind, date, result(best));
        if (this.root.dataset.gameId !== game || card.hidden) return; // another game by now
        this.#showCount({ ...facts, best: best ?? null, pending: false });
        card.querySelector(".win-count").classList.add("win-count-updated");
      };
      facts.best.then(settle, () => settle(null));
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
    this.#tellPage(facts, hints, solverFinished);
    this.summary = { time, help, date, solverFinished };
    card.querySelector(".win-status").textContent = "";
    card.querySelector(".win-share-text").hidden = true;
    card.hidden = false;
    card.classList.add("arriving");
    clearTimeout(this.arrivalTimer);
    this.arrivalTimer = setTimeout(() => card.classList.remove("arriving"), reducedMotion() ? 0 : ARRIVES_AFTER);
    this.#keepClear();
    card.scrollIntoView?.({ block: "nearest", behavior: "instant" });
  }

  /**
   * A "puzzle-won" event for the page (app.mjs: a level's result kept), with
   * the game's start and result; the page may add a line (`say`) and name
   * what Next leads to (`nextIs`: "Next level").
   */
  #tellPage(facts, hints, solver) {
    const line = this.card.querySelector(".win-level");
    const next = this.card.querySelector('[data-win="next"]');
    line.hidden = true;
    next.textContent = "Next";
    const game = this.root.dataset.gameId;
    const current = () => this.root.dataset.gameId === game && !this.card.hidden;
    this.root.dispatchEvent(new CustomEvent("puzzle-won", {
      bubbles: true,
      detail: {
        start: this.board.board.startGameId?.(),
        result: { count: facts.count, hints, solver },
        say: (text) => {
          if (!current()) return;
          line.textContent = text;
          line.hidden = false;
        },
        nextIs: (text) => { if (current()) next.textContent = text; },
      },
    }));
  }

  /**
   * Move the card off the spot the board keeps clear (the last peg), when it
   * covers it: above, below, left or right of it, the first that fits in the
   * window; otherwise the farthest from it. Centred over the board again for
   * the next win.
   */
  #keepClear() {
    const card = this.card;
    card.style.left = card.style.top = "";
    card.classList.remove("placed");
    const spot = this.board.keepClear?.();
    if (!spot) return;
    // Its layout size (the entry animation scales it a little meanwhile), around its centre.
    const seen = card.getBoundingClientRect();
    const [width, height] = [card.offsetWidth, card.offsetHeight];
    const [cx, cy] = [seen.left + seen.width / 2, seen.top + seen.height / 2];
    const box = { left: cx - width / 2, top: cy - height / 2, right: cx + width / 2, bottom: cy + height / 2, width, height };
    const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    if (!overlaps(box, spot)) return;
    const parent = card.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0 };
    const gap = 8;
    const centreX = box.left + box.width / 2;
    const centreY = box.top + box.height / 2;
    const candidates = [
      [centreX - box.width / 2, spot.top - gap - box.height],
      [centreX - box.width / 2, spot.bottom + gap],
      [spot.left - gap - box.width, centreY - box.height / 2],
      [spot.right + gap, centreY - box.height / 2],
    ];
    const fits = ([x, y]) => x >= 0 && y >= 0 && x + box.width <= innerWidth && y + box.height <= innerHeight;
    const distance = ([x, y]) => Math.hypot(x + box.width / 2 - (spot.left + spot.right) / 2,
      y + box.height / 2 - (spot.top + spot.bottom) / 2);
    const [x, y] = candidates.find(fits) ?? candidates.reduce((a, b) => (distance(b) > distance(a) ? b : a));
    card.classList.add("placed"); // no centring transform
    card.style.left = `${x - parent.left}px`;
    card.style.top = `${y - parent.top}px`;
    // The parent's border and the card's own margins: measured, then made up for.
    const placed = card.getBoundingClientRect();
    const [px, py] = [placed.left + placed.width / 2 - width / 2, placed.top + placed.height / 2 - height / 2];
    card.style.left = `${x - parent.left + (x - px)}px`;
    card.style.top = `${y - parent.top + (y - py)}px`;
  }

  /**
   * "9 presses · fewest 7"; "9 presses · fewest not known yet…" while the
   * solver is on it (`pending`); the count alone when there is none.
   */
  #showCount({ count, unit, detail = "", best, bestLabel, pending = false }) {
    const known = typeof best === "number";
    const against = known ? ` · ${bestLabel} ${best}` : pending ? ` · ${bestLabel} not known yet…` : "";
    this.countText = `${count} ${unit}${detail ? ` ${detail}` : ""}${against}`;
    const line = this.card.querySelector(".win-count");
    line.textContent = this.countText;
    line.classList.remove("win-count-updated");
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
