// The binary puzzle teaches itself. Its three rules stand above the board,
// in a player's words, until the player has won a game of their own (no
// Solve); a first visit offers a short lesson (lesson.json) that introduces
// each rule by play, one rule a step: a small board, one highlighted tile
// whose digit follows from that rule alone, the Hint naming it. "Take the
// lesson" under How it works (the lab) offers it again at any time.
//
// Nothing moves: the rules' box is drawn with the page (or not at all, once
// a game is won) and keeps its room for the visit; the lesson's line takes
// the room of the offer, and once the offer has gone the status line above
// has it (a hint's three lines on a phone; binairo.css keeps three there
// when no offer was made). What the player has done is kept in localStorage
// (KEY): {won, offered}.

import { browserStorage } from "../../saved-game.mjs";
import { Grid } from "./rules.mjs";

const KEY = "puzzlelab.binairo.teaching";
const LESSON_FILE = new URL("./lesson.json", import.meta.url);

export const TEACHING_MARKUP = `
  <div class="bin-teach" data-field="teach" hidden>
    <ul class="bin-rules" aria-label="The rules" title="A line is a row or a column">
      <li data-rule="count">As many 0s as 1s in each line</li>
      <li data-rule="three">No three alike side by side</li>
      <li data-rule="lines">No two lines alike</li>
    </ul>
    <p class="bin-lesson-line"><span class="bin-lesson-text"></span>
      <button type="button" class="inline" data-teach="lesson">Learn them by playing</button>
      <button type="button" class="inline" data-teach="next" hidden>Next step</button>
      <button type="button" class="inline" data-teach="play" hidden>Play a game</button></p>
  </div>`;

export const LESSON_BUTTON = '<button type="button" class="inline" data-teach="lesson">Take the lesson</button>';

/** The flags kept for the binary puzzle: {won, offered}; all false where storage is off or unreadable. */
export function teachingFlags(storage = browserStorage()) {
  try {
    const read = JSON.parse(storage?.getItem(KEY) ?? "{}");
    return { won: read?.won === true, offered: read?.offered === true };
  } catch {
    return { won: false, offered: false };
  }
}

function keepFlag(name, storage = browserStorage()) {
  try {
    storage?.setItem(KEY, JSON.stringify({ ...teachingFlags(storage), [name]: true }));
  } catch { /* storage full or off: the page still plays, and teaches again next time */ }
}

let lessonSteps = null; // a promise of lesson.json's steps, fetched at the first lesson

function loadLesson() {
  lessonSteps ??= fetch(LESSON_FILE).then((response) => {
    if (!response.ok) throw new Error(`The lesson could not be fetched (HTTP ${response.status})`);
    return response.json();
  }).then((read) => read.steps).catch((error) => {
    lessonSteps = null; // the next try fetches again
    throw error;
  });
  return lessonSteps;
}

export class Teaching {
  /**
   * @param {HTMLElement} root the board's root
   * @param {object} board what the lesson needs of the board: say(text),
   *   open(game) (show a game ID as a new game), mark(cells) (highlight
   *   [row, col] tiles), firstGame() (queue a normal first game)
   */
  constructor(root, board) {
    this.root = root;
    this.board = board;
    this.box = root.querySelector('[data-field="teach"]');
    this.line = this.box.querySelector(".bin-lesson-line");
    this.text = this.box.querySelector(".bin-lesson-text");
    this.lesson = null; // {steps, index, done} while a lesson runs
    const flags = teachingFlags();
    // Shown from the start, or never this visit: a win later keeps it in place.
    this.box.hidden = flags.won;
    // The offer, once: a later visit keeps its line out (the lab still has the lesson).
    // An embed showing the board alone (board.css hides the box there) offers nothing.
    this.offering = !flags.won && !flags.offered && root.dataset.controls !== "board";
    this.line.hidden = !this.offering;
    if (this.offering) keepFlag("offered");
    root.addEventListener("click", (event) => {
      const action = event.target.closest("button[data-teach]")?.dataset.teach;
      if (action === "lesson") this.begin();
      else if (action === "next") this.#step(this.lesson.index + 1);
      else if (action === "play") {
        this.#end();
        this.board.firstGame();
      }
    });
  }

  /** Whether a lesson step is on the board. */
  get active() {
    return this.lesson !== null;
  }

  /**
   * The offer's room, once it has gone, goes to the status line above it: a
   * hint or a win takes two or three lines there on a phone, and would push
   * the board down under the finger. Measured, so nothing below moves.
   */
  #lendRoom() {
    const message = this.root.querySelector(".message");
    // Heights, not places: without the offer, binairo.css gives the line its own room.
    const [had, tall] = [message?.getBoundingClientRect().height ?? 0, this.box.getBoundingClientRect().height];
    this.line.hidden = true;
    const freed = tall - this.box.getBoundingClientRect().height;
    if (!message || freed < (parseFloat(getComputedStyle(message).lineHeight) || 0)) {
      // The offer sat beside the rules (a wide screen): less than a line to lend.
      this.line.hidden = false;
      this.line.style.visibility = "hidden";
      return;
    }
    message.style.minHeight = `${had + freed}px`;
  }

  /** Start the lesson at its first step (the box comes back if a win had folded it). */
  async begin() {
    try {
      const steps = await loadLesson();
      this.lesson = { steps, index: 0, done: false };
      this.box.hidden = false;
      this.line.hidden = false;
      this.line.style.visibility = "";
      this.root.querySelector(".message")?.style.removeProperty("min-height");
      this.#step(0);
    } catch (error) {
      this.board.say(`${error.message}.`, true);
    }
  }

  #step(index) {
    const step = this.lesson.steps[index];
    Object.assign(this.lesson, { index, done: false, game: Grid.parse(step.grid).gameId });
    this.#buttons({});
    // The rule of the step is the one in bold above: the line only counts the steps.
    this.text.textContent = `Lesson ${index + 1} of ${this.lesson.steps.length}`;
    for (const item of this.box.querySelectorAll("[data-rule]")) {
      item.classList.toggle("taught", item.dataset.rule === step.rule);
    }
    this.board.open(this.lesson.game);
  }

  #buttons({ next = false, play = false }) {
    this.box.querySelector('[data-teach="lesson"]').hidden = this.active;
    this.box.querySelector('[data-teach="next"]').hidden = !next;
    this.box.querySelector('[data-teach="play"]').hidden = !play;
  }

  /** The lesson is over: its line keeps its room, empty. */
  #end() {
    this.lesson = null;
    for (const item of this.box.querySelectorAll("[data-rule]")) item.classList.remove("taught");
    this.text.textContent = "";
    this.line.style.visibility = "hidden";
    this.#buttons({});
  }

  /**
   * The board showed `state` ({game, givens, grid}); `ownWin`: the player
   * won it, unhelped by Solve. A lesson step reads the asked tile; an own win
   * outside the lesson is remembered (the rules fold from the next visit).
   */
  shown(state, { ownWin = false } = {}) {
    if (this.offering && state.grid !== state.givens) {
      // The offer goes with the first digit played: its room stays.
      this.offering = false;
      if (!this.active) this.#lendRoom();
    }
    if (!this.active) {
      if (ownWin) keepFlag("won");
      return;
    }
    const { steps, index } = this.lesson;
    const step = steps[index];
    if (state.givens !== step.grid) {
      this.#end(); // another game came (Next, a link, a saved game): the lesson ends there
      return;
    }
    const [row, col, value] = step.cell;
    this.board.mark([[row, col]]);
    const digit = state.grid.split("/")[row][col];
    const last = index === steps.length - 1;
    if (digit === String(value)) {
      this.lesson.done = true;
      this.#buttons({ next: !last, play: last });
      this.board.say(last ? `${step.right} You're ready: fill whole grids by these three rules.` : step.right);
    } else {
      this.#buttons({});
      this.board.say(digit === "." ? step.ask : step.wrong, digit !== ".");
    }
  }
}
