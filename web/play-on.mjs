// The row under the board that leads to the next game: another puzzle like
// this one, today's daily puzzle, the optional timer, and (once solved) the
// result with a link to the same starting position, for sharing. On the main
// page it is the play bar: Undo and Hint join it (PuzzleBoard), and "Lab &
// help" opens the lab (app.mjs hears the "puzzle-lab" event); in the play
// view (data-controls="play", board.css) Undo, Hint, Next and Lab are all
// that shows.

import { dailyLink, duration, todaysDate } from "./session.mjs";

/** A play-bar button that opens one of the page's views (a "puzzle-<play>" event). */
function pageButton(play, className, title, text) {
  const button = Object.assign(document.createElement("button"), { type: "button", className, title });
  button.dataset.play = play;
  button.textContent = text;
  return button;
}

/**
 * Name the play bar's Next under `root` for where it leads: "Next level" on
 * a ladder's level (levels.mjs), else "Next puzzle", a new one like it.
 */
export function nameNext(root, level) {
  const button = root.querySelector('.play-on button[data-play="next"]');
  if (!button) return;
  const what = level ? "level" : "puzzle";
  if (button.getAttribute("aria-label") === `Next ${what}`) return;
  button.setAttribute("aria-label", `Next ${what}`);
  button.title = level ? "The next level of the ladder (N)" : "A new puzzle like this one (N)";
  button.lastElementChild.textContent = ` ${what}`;
}

export class PlayOnRow {
  /**
   * @param {HTMLElement} root the board's root (its status and puzzle-change events)
   * @param {HTMLElement} message the status line: the result shared is its text
   * @param {object} board what the row needs from the board:
   *   kind, title        the board kind (for the link) and its name (for the text)
   *   hasGame()          whether a game is on screen (the buttons wait for one)
   *   nextPuzzle()       queue a new game like the one on screen
   *   openDaily(date)    queue the daily puzzle of a date ("2026-11-24")
   *   startGameId()      the game ID of the starting position, for the link
   *   dailyShown()       the date of the daily puzzle on screen, or null
   *   elapsed(done)      the game's time so far in seconds (session.clock)
   * @param {{lab?: boolean, today?: boolean, daily?: boolean, levels?: boolean}} options lab: add
   *   the "Lab & help" button (the main page); today: add "Today", which opens the Today
   *   view (app.mjs hears the "puzzle-today" event); daily: add "Daily puzzle" (a puzzle
   *   that deals one); levels: add "Levels", which opens the ladder (a "puzzle-levels"
   *   event; levels-view.mjs)
   */
  constructor(root, message, board, { lab = false, today = false, daily = true, levels = false } = {}) {
    this.root = root;
    this.message = message;
    this.board = board;
    const bar = document.createElement("div");
    bar.className = "toolbar play-on";
    bar.innerHTML = `<button type="button" data-play="next" aria-label="Next puzzle" title="A new puzzle like this one (N)">Next<span class="wide-only"> puzzle</span></button>
      <button type="button" data-play="daily">Daily puzzle</button>
      <button type="button" data-play="share" hidden>Share result</button>
      <label class="timer-toggle"><input type="checkbox"> Timer</label> <span class="timer"></span>
      <input type="text" class="share-text" readonly hidden aria-label="Result and link to share">
      <span class="share-status"></span>`;
    if (!daily) bar.querySelector('[data-play="daily"]').remove();
    if (lab) {
      bar.classList.add("play-bar");
      const open = pageButton("lab", "lab-button", "Every tool, the settings and how to play (?)", "Lab & help");
      open.setAttribute("aria-expanded", "false");
      bar.querySelector('[data-play="next"]').after(open);
    }
    if (today) {
      bar.querySelector('[data-play="next"]').after(pageButton("today", "today-button",
        "Today's daily puzzles, your streak and your day to share", "Today"));
    }
    if (levels) {
      (bar.querySelector('[data-play="today"]') ?? bar.querySelector('[data-play="next"]')).after(
        pageButton("levels", "levels-button",
          "The numbered levels, from a first win to the hardest boards, and your progress", "Levels"));
    }
    // Under the board, before the settings: the board keeps the first screen.
    (root.querySelector(".board-area") ?? message).after(bar);
    this.element = bar;
    let ticking = null;
    const toggle = bar.querySelector(".timer-toggle input");
    toggle.addEventListener("change", () => {
      clearInterval(ticking);
      ticking = toggle.checked ? setInterval(() => this.#showTime(), 1000) : null;
      this.#showTime();
    });
    root.addEventListener("puzzle-change", () => this.#showTime());
    bar.addEventListener("click", (event) => {
      const action = event.target.closest("button[data-play]")?.dataset.play;
      if (action === "lab" || action === "today" || action === "levels") {
        root.dispatchEvent(new CustomEvent(`puzzle-${action}`, { bubbles: true }));
        return;
      }
      if (!action || !board.hasGame()) return;
      bar.querySelector(".share-status").textContent = "";
      bar.querySelector(".share-text").hidden = true;
      if (action === "next") {
        board.nextPuzzle();
      } else if (action === "daily") {
        board.openDaily(todaysDate().date);
      } else {
        this.#shareResult();
      }
    });
  }

  /** The board's status changed: Share result shows once the game is solved or won. */
  statusChanged(status) {
    this.element.querySelector('[data-play="share"]').hidden = status !== "solved" && status !== "won";
  }

  /**
   * The optional timer: from the moment a game's starting position is first
   * shown until it is solved (an undo after that lets it run on).
   */
  #showTime() {
    if (!this.board.hasGame()) return;
    const done = ["solved", "won"].includes(this.root.dataset.status);
    const elapsed = this.board.elapsed(done);
    const shown = this.element.querySelector(".timer-toggle input").checked;
    this.element.querySelector(".timer").textContent = shown ? duration(elapsed) : "";
  }

  /**
   * "Lights Out, daily puzzle of 2026-11-24: <the result line> <link>", copied
   * or shown to copy; the link opens the same starting position (a daily
   * puzzle: that date's puzzle), also from an embed.
   */
  async #shareResult() {
    const { kind, title } = this.board;
    const start = this.board.startGameId();
    const date = this.board.dailyShown();
    // The main page's permalink: it sits beside the modules.
    const link = date ? dailyLink(kind, date)
      : new URL(`./#${kind}=${encodeURIComponent(start)}`, import.meta.url).href;
    const time = this.element.querySelector(".timer").textContent;
    const said = this.message.textContent;
    const timed = time && !said.includes(time) ? ` Time: ${time}.` : "";
    const text = `${title}${date ? `, daily puzzle of ${date}` : ""}: ${said}${timed} ${link}`;
    const status = this.element.querySelector(".share-status");
    const field = this.element.querySelector(".share-text");
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = "Result and link copied.";
      clearTimeout(this.copiedTimer);
      this.copiedTimer = setTimeout(() => { status.textContent = ""; }, 3000); // said, then out of the way
    } catch {
      field.value = text;
      field.hidden = false;
      field.focus();
      field.select();
      status.textContent = "Copy the selected text (Ctrl+C).";
    }
  }
}
