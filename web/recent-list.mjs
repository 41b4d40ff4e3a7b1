// What the page says about saving, and the way back to every recent game:
//   the save line   one line over the top of the page (position: fixed, so
//                   that it never moves the board under a finger; it covers
//                   the title, not the game): another tab plays the same
//                   puzzle, or storage is full and what that cost; with a
//                   "Recent games" button and a close button
//   the lab's list  "Recent games" (details#recent-games): every game kept
//                   by recent-games.mjs, newest first, each with Play
// The page (app.mjs) tells it what happened; saving itself is GameStore's.

import { recentGames } from "./recent-games.mjs";

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** One line on what a write reported (saved-game.mjs GameStore.write), for `title`'s game. */
export function writeReportText(title, { shared, dropped, trimmed, unsaved }) {
  if (unsaved) return `Storage is full: ${title} could not be saved here; the game plays on.`;
  const cost = [];
  if (dropped) cost.push(dropped === 1 ? "the oldest recent game removed" : `the ${dropped} oldest recent games removed`);
  if (trimmed) cost.push(`${trimmed === 1 ? "its oldest undo step" : `its ${trimmed} oldest undo steps`} left out`);
  if (cost.length) return `Storage is full: ${title} was saved with ${cost.join(" and ")}.`;
  return shared ? otherTabText(title) : "";
}

/** The line for a puzzle also played in another tab. */
export function otherTabText(title) {
  return `${title} is also open in another tab: each tab keeps its own game.`;
}

/** A recent game in a few words: "5 moves, saved 12:04". */
function gameWords(game) {
  const { snapshot } = game;
  const moves = Number.isFinite(snapshot.moves) ? snapshot.moves : snapshot.history.length;
  const when = new Date(game.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  return `${plural(moves, "move")}, saved ${when}`;
}

export class SaveNotes {
  #said = new Set(); // "puzzle:kind" already said on this page: each is said once

  /**
   * @param {object} page what the notes need from the page:
   *   line        the save line's element (p#save-note)
   *   list        the lab's details#recent-games
   *   puzzles     the registry (PUZZLES)
   *   storage     where the recent games are (localStorage)
   *   ownKey(id)  the key of this page's recent game of a puzzle, if any
   *   play(game)  show a recent game ({puzzle, key, snapshot}) on its board
   *   openLab()   open the lab
   */
  constructor(page) {
    this.page = page;
    const { line, list } = page;
    line.innerHTML = '<span></span> <button type="button" class="recent-open">Recent games</button>'
      + '<button type="button" class="save-note-close" aria-label="Dismiss">×</button>';
    line.querySelector(".recent-open").addEventListener("click", () => {
      line.hidden = true; // answered: the list says the rest
      this.showList();
    });
    line.querySelector(".save-note-close").addEventListener("click", () => { line.hidden = true; });
    list.addEventListener("toggle", () => { if (list.open) this.refresh(); });
  }

  /** Say `text` on the save line, once per `kind` and puzzle on this page. */
  say(puzzle, kind, text) {
    if (!text || this.#said.has(`${puzzle}:${kind}`)) return;
    this.#said.add(`${puzzle}:${kind}`);
    const { line } = this.page;
    line.querySelector("span").textContent = text;
    line.title = text;
    line.hidden = false;
    this.refresh();
  }

  /** What a write of `puzzle`'s game reported (null: nothing to say). */
  saved(puzzle, report) {
    if (!report) return;
    const kind = report.unsaved ? "unsaved" : report.dropped || report.trimmed ? "full" : "tabs";
    this.say(puzzle.id, kind, writeReportText(puzzle.title, report));
  }

  /** Another tab saved a game of `puzzle`, which this page also plays. */
  otherTab(puzzle) {
    this.say(puzzle.id, "tabs", otherTabText(puzzle.title));
  }

  /** Open the lab at the list. */
  showList() {
    this.page.openLab();
    const { list } = this.page;
    list.open = true;
    this.refresh();
    list.scrollIntoView({ block: "nearest", behavior: "instant" });
    list.querySelector("summary").focus({ preventScroll: true });
  }

  /** Draw the list again (while it is open): every recent game, newest first, the same game once. */
  refresh() {
    const { list, puzzles, storage } = this.page;
    if (!list.open) return;
    const items = [];
    for (const puzzle of puzzles) {
      const seen = new Set();
      for (const game of recentGames(storage, puzzle.id)) {
        if (!game.snapshot) continue; // unreadable: left in storage, not offered
        const same = JSON.stringify({ ...game.snapshot, clock: undefined });
        if (seen.has(same)) continue;
        seen.add(same);
        const item = document.createElement("li");
        const words = document.createElement("span");
        const here = game.key === this.page.ownKey(puzzle.id) ? " (this tab)" : "";
        words.textContent = `${puzzle.title}: ${gameWords(game)}${here}`;
        const play = document.createElement("button");
        play.type = "button";
        play.textContent = "Play";
        play.setAttribute("aria-label", `Play ${words.textContent}`);
        play.addEventListener("click", () => this.page.play({ ...game, puzzle: puzzle.id }));
        item.append(words, " ", play);
        items.push([game.at, item]);
      }
    }
    const body = list.querySelector("ol");
    body.replaceChildren(...items.sort((a, b) => b[0] - a[0]).map(([, item]) => item));
    list.querySelector(".recent-empty").hidden = items.length > 0;
  }
}
