// The ladder of numbered levels of the puzzle on screen ("Levels" in the play
// bar; on phones, in the Today view): each level with its par, the won ones
// with their result (at par or not, hints used), the next one open, the rest
// locked; export the progress to a file and import one (levels.mjs keeps it).
// A modal dialog over the page, as Today: opening it moves nothing on the page.

import { BadProgressFile, exportText, importProgress, ladderState, loadLadders, readProgress } from "./levels.mjs";
import { todaysDate } from "./session.mjs";

// What par counts, by the unit a family's ladder declares (py/puzzlelab/<family>/levels.py).
const PAR_MEANS = {
  presses: "Par is the fewest presses that turn every light off.",
  moves: "Par is the fewest moves (a peg's run of jumps is one move).",
  digits: "Par is the number of empty cells: a flawless game places each digit once.",
};

/** "s" after a count other than 1. */
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** A won level's result in a few words: "★ par", "9 (+2)", each with its hints. */
export function resultWords({ count, hints }, par) {
  const score = count <= par ? "★ par" : `${count} (+${count - par})`;
  return hints ? `${score} · ${plural(hints, "hint")}` : score;
}

export class LevelsView {
  /**
   * @param {object} page what the view needs from the page:
   *   puzzles          the registry entries with a ladder ({id, title})
   *   current(id)      the starting game ID of that puzzle's board, or undefined
   *   play(id, game)   show that level's game on the puzzle's board
   */
  constructor(page) {
    this.page = page;
    this.shown = null; // the puzzle whose ladder is open
    const dialog = document.createElement("dialog");
    dialog.className = "levels-view";
    dialog.setAttribute("aria-labelledby", "levels-title");
    dialog.innerHTML = `<button type="button" class="today-close" data-levels="close" aria-label="Close">×</button>
      <h2 id="levels-title">Levels</h2>
      <p class="levels-summary"></p>
      <ol class="levels-list"></ol>
      <div class="levels-actions">
        <button type="button" data-levels="export" title="Save your progress on every ladder to a file">Export progress</button>
        <button type="button" data-levels="import" title="Add the progress saved in a file to this browser's">Import progress</button>
        <input type="file" accept=".json,application/json" hidden aria-label="Progress file to import">
      </div>
      <p class="levels-status" role="status"></p>`;
    document.body.append(dialog);
    this.dialog = dialog;
    this.status = dialog.querySelector(".levels-status");
    const fileInput = dialog.querySelector('input[type="file"]');
    dialog.addEventListener("click", (event) => {
      if (event.target === dialog) { // a click on the backdrop
        dialog.close();
        return;
      }
      const button = event.target.closest("button[data-levels]");
      const action = button?.dataset.levels;
      if (action === "close") dialog.close();
      else if (action === "play") {
        dialog.close();
        page.play(this.shown, button.dataset.game);
      } else if (action === "export") this.#export();
      else if (action === "import") fileInput.click();
    });
    fileInput.addEventListener("change", async () => {
      const [file] = fileInput.files;
      fileInput.value = ""; // the same file may be chosen again
      if (file) this.#import(await file.text().catch(() => null));
    });
    // The board's keys (N, U, H…) are not the view's.
    dialog.addEventListener("keydown", (event) => event.stopPropagation());
  }

  /** Open the ladder of puzzle `id`, as things stand now. */
  async open(id) {
    this.shown = id;
    this.status.textContent = "";
    await this.refresh();
    if (!this.dialog.open) this.dialog.showModal();
    // The level on the board, else the next to play, in view (a long ladder scrolls).
    const list = this.dialog.querySelector(".levels-list");
    const here = list.querySelector('[aria-current="true"]') ?? list.querySelector('li[data-state="open"] button');
    here?.scrollIntoView({ block: "nearest" });
  }

  /** Draw the open ladder again (a win here or in another tab, an import). */
  async refresh() {
    const puzzle = this.page.puzzles.find((p) => p.id === this.shown);
    if (!puzzle) return;
    const ladder = (await loadLadders())[puzzle.id];
    const levels = ladderState(ladder, readProgress()[puzzle.id]);
    this.dialog.querySelector("#levels-title").textContent = `Levels · ${puzzle.title}`;
    const won = levels.filter((level) => level.result);
    const atPar = won.filter((level) => level.result.count <= level.par && !level.result.hints);
    this.dialog.querySelector(".levels-summary").textContent = !levels.length
      ? "The levels could not be loaded; reload the page to try again."
      : `${won.length} of ${levels.length} won · ${atPar.length} at par without hints. `
        + `Win a level to open the next. ${PAR_MEANS[ladder.unit] ?? ""}`;
    const current = this.page.current(puzzle.id);
    this.dialog.querySelector(".levels-list").replaceChildren(...levels.map((level) => this.#item(level, current)));
  }

  /** One level: its number, label and par, and its result or "locked". */
  #item(level, current) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.levels = "play";
    button.dataset.game = level.game;
    const state = !level.open ? "locked" : !level.result ? "open"
      : level.result.count <= level.par && !level.result.hints ? "par" : "won";
    item.dataset.state = state;
    button.disabled = !level.open;
    if (level.game === current) button.setAttribute("aria-current", "true");
    const result = level.result ? resultWords(level.result, level.par) : level.open ? "to play" : "locked";
    // Its name is its text ("Level 3, 3x3, par 3: to play"), the punctuation for screen readers only.
    const hidden = (text) => `<span class="visually-hidden">${text}</span>`;
    button.innerHTML = `<span class="level-number">${hidden("Level ")}<span></span></span>`
      + `<span class="level-label">${hidden(", ")}<span></span></span>`
      + `<span class="level-par">${hidden(", ")}<span></span></span>`
      + `<span class="level-result">${hidden(": ")}<span></span></span>`;
    const fill = (part, text) => { button.querySelector(`.level-${part} > span:last-child`).textContent = text; };
    fill("number", level.number);
    fill("label", level.label);
    fill("par", `par ${level.par}`);
    fill("result", result);
    item.append(button);
    return item;
  }

  /** The progress of every ladder, as a file the browser downloads. */
  #export() {
    const name = `puzzle-lab-levels-${todaysDate().date}.json`;
    const url = URL.createObjectURL(new Blob([exportText()], { type: "application/json" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.hidden = true;
    this.dialog.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    this.status.textContent = `Your progress is saved in ${name} (your downloads).`;
  }

  /** A chosen file's text merged into the progress, or one sentence saying why not. */
  async #import(text) {
    try {
      if (text === null) throw new BadProgressFile("That file could not be read; your progress is unchanged.");
      const { added, improved } = importProgress(text, this.page.puzzles.map((p) => p.id));
      this.status.textContent = added || improved
        ? `Imported: ${plural(added, "level")} won newly, ${plural(improved, "result")} bettered.`
        : "Imported: the file held nothing new; your progress is unchanged.";
    } catch (error) {
      if (!(error instanceof BadProgressFile)) throw error;
      this.status.textContent = error.message;
    }
    await this.refresh();
  }
}
