// Playing the ladders on the main page: "Levels" opens the ladder of the
// puzzle shown (levels-view.mjs); a level chosen there is shown as a link's
// game is (a game in progress stays saved, with "Back to your game"); a win
// on a level's board keeps its result (levels.mjs) and says which level
// opens. Every Next on a level (the win card's, the play bar's, the N key)
// goes to the next level, and the play bar's says so. A board is on the
// ladder when its starting game is a level's, so a reload, a saved game or a
// link to a level's game is on it too, with nothing more to keep.

import { LevelsView } from "./levels-view.mjs";
import { PROGRESS_KEY, ladderState, levelIndex, loadLadders, readProgress, recordWin } from "./levels.mjs";
import { nameNext } from "./play-on.mjs";
import { addShippedAnswers } from "./rules/index.mjs";

/** The words of a level won: "Level 4 won at par. Level 5 is open." */
function wonWords(number, result, par, last) {
  const how = result.count <= par ? (result.hints ? "at par, with hints" : "at par") : `${result.count - par} over par`;
  return `Level ${number} won ${how}. ${last ? "That was the last level: well done!" : `Level ${number + 1} is open.`}`;
}

/**
 * Wire the ladders into the page.
 * @param {object} page
 *   panels          the element the boards' events bubble to
 *   puzzles         the registry entries with a ladder (`levels: true`)
 *   board(id)       the puzzle's board on the page, or undefined
 *   show(id, game)  show that game on the puzzle's board, as a link does
 * @returns {LevelsView}
 */
export function wireLevels({ panels, puzzles, board, show }) {
  const ids = puzzles.map((puzzle) => puzzle.id);
  let ladders = {}; // the shipped ladders, once they have arrived
  const ready = () => loadLadders().then((loaded) => {
    if (loaded !== ladders) {
      // Python's answers on each level (its fewest, its first hint): a level's
      // win card and first hint need no Python.
      for (const ladder of Object.values(loaded)) {
        for (const level of ladder?.levels ?? []) addShippedAnswers(level.answers);
      }
    }
    ladders = loaded;
    return loaded;
  });
  const view = new LevelsView({
    puzzles,
    current: (id) => board(id)?.startGameId?.(),
    play: (id, game) => show(id, game),
  });
  panels.addEventListener("puzzle-levels", (event) => {
    if (ids.includes(event.target.id)) view.open(event.target.id);
  });
  panels.addEventListener("puzzle-won", async (event) => {
    const id = event.target.id;
    const { start, result, say, nextIs } = event.detail;
    if (!ids.includes(id) || result.solver) return; // the solver's game is not the person's win
    const ladder = (await ready())[id];
    const at = levelIndex(ladder, start);
    if (at < 0) {
      // A win off the ladder, by someone who has won no level of it yet: the card
      // says where the numbered levels are (once one is won, it says no more).
      if (ladder?.levels.length && !Object.keys(readProgress()[id] ?? {}).length) {
        say(`Today also holds the Levels: ${ladder.levels.length} boards from easy to hardest, each with a par.`);
      }
      return;
    }
    const { par } = ladder.levels[at];
    const kept = recordWin(id, start, { count: result.count, par, hints: result.hints });
    const last = at === ladder.levels.length - 1;
    say(wonWords(at + 1, result, par, last) + (kept ? "" : " This browser would not keep it (storage full or off): export your progress."));
    if (!last) nextIs("Next level");
    if (view.dialog.open) view.refresh();
  });
  // Next on a level (the win card's, the play bar's, the N key): the next
  // level when it is open, else the ladder, where the locked one shows.
  panels.addEventListener("puzzle-next", (event) => {
    const id = event.target.id;
    const ladder = ladders[id];
    const at = levelIndex(ladder, board(id)?.startGameId?.());
    if (at < 0 || at === ladder.levels.length - 1) return; // a new puzzle like this one
    event.preventDefault();
    const next = ladderState(ladder, readProgress()[id])[at + 1];
    if (next.open) show(id, next.game);
    else view.open(id);
  });
  // The play bar's Levels names the level on the board ("Level 6"), and its
  // Next says "Next level" there (not on the last), once the ladders have
  // come (fetched after the first board is shown: a few kB).
  const label = (id) => {
    const shown = board(id);
    const button = shown?.root.querySelector('button[data-play="levels"]');
    // A board whose first game has not come yet (another tab's board, still
    // loading or refusing a save) has no start to name: it says "Levels".
    const at = shown?.state ? levelIndex(ladders[id], shown.startGameId()) : -1;
    if (button) button.textContent = at < 0 ? "Levels" : `Level ${at + 1}`;
    if (shown) nameNext(shown.root, at >= 0 && at < ladders[id].levels.length - 1);
  };
  let asked = false; // the ladders fetched once for the labels (a failed fetch: "Levels" stays)
  panels.addEventListener("puzzle-change", (event) => {
    const id = event.target.id;
    if (!ids.includes(id)) return;
    if (!asked) {
      asked = true;
      ready().then(() => ids.forEach(label));
    } else label(id);
  });
  // Another tab won a level or imported progress: an open ladder shows it.
  window.addEventListener("storage", (event) => {
    if (event.key === PROGRESS_KEY && view.dialog.open) view.refresh();
  });
  return view;
}
