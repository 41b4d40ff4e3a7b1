// The puzzles of Puzzle Lab: one entry per puzzle, the one list the page
// reads. Adding a puzzle to the page is one folder (web/puzzles/<id>/ with
// board.mjs and rules.mjs) and one entry here:
//   id, title, intro   the main page's tab and its introduction
//   load()             the board class; a dynamic import, so a page loads
//                      only the boards it shows
//   rules              the move rules (rules.mjs) of the api requests named
//                      "<id>.…": small, and needed at once to answer moves
//                      before Python is up (rules/index.mjs)
//   embed              what embed.mjs accepts for the puzzle: `size` (data-size:
//                      sides from `low` to `high`, `even` ones only, or null
//                      when the puzzle has no size) and `variant` (data-variant:
//                      `words`, each a choice of one option, a flag or a
//                      number "name=N"; `single`: exactly one word; or null),
//                      `shape(options)`: the [rows, cols] of the board the
//                      options ask for (a game ID, a size or a board), known
//                      before the board loads so that its room is kept
//                      (embed-fit.mjs), and `startOver`: the button that takes
//                      an author's chosen game back to its start
//   rule               one line saying how to play, above an embedded board
//   daily              true when the puzzle deals a daily puzzle (its board's
//                      dailyPuzzle; build.py's DAILY_REQUESTS ships the deals):
//                      it then has a row in the Today view (today-view.mjs),
//                      a "Today" button on the main page and a "Daily puzzle"
//                      button under its board; without it, neither shows
//   levels             true when the puzzle has a ladder of numbered levels
//                      (py/puzzlelab/<id>/levels.py, shipped by the build in
//                      levels.json): the board is given the option `levels`
//                      (declaredControls) and its play bar has "Levels" (levels-view.mjs)
// The shell (app.mjs, embed.mjs, index.html, the CSS) names no puzzle: it
// reads everything above from here (tests/test_shell_names_no_puzzle.py).

import * as binairo from "./binairo/rules.mjs";
import * as lightsout from "./lightsout/rules.mjs";
import * as pegs from "./pegs/rules.mjs";
import { sizedShape } from "../rules/game-ids.mjs";

/** The [rows, cols] a "COLSxROWS:…" game ID names (rules/game-ids.mjs), or null. */
const widthByHeight = sizedShape;

/** The [rows, cols] of a peg board's grid ("--ooo--/…", a goal after "@"), or null. */
function pegGrid(grid) {
  const rows = (grid ?? "").split("@")[0].split("/").filter(Boolean);
  return rows.length ? [rows.length, Math.max(...rows.map((row) => row.length))] : null;
}

export const PUZZLES = [
  {
    id: "lightsout",
    daily: true,
    levels: true,
    title: "Lights Out",
    noun: "Lights Out", // in a sentence: "Waiting for a count (Lights Out) …"
    intro: `Pressing a cell toggles it and its four neighbours. Turn every light off —
      or switch to <em>Edit</em>, paint the board of a game you are stuck on
      (XLightOff, Enlight, …) and let <em>Show solution</em> mark the fewest presses.
      Other rules are under <em>Board and rules</em>; <em>Analysis</em> explains which boards can be solved.`,
    rule: "Turn every light off: a press toggles a light and its neighbours.",
    load: async () => (await import("./lightsout/board.mjs")).LightsOutBoard,
    rules: lightsout,
    embed: {
      shape: ({ game, rows = 5, cols = rows }) => widthByHeight(game) ?? [rows, cols],
      startOver: "reset",
      size: { low: 1, high: lightsout.MAX_SIDE, even: false },
      variant: {
        into: "variant", // the board's option {variant: {neighbourhood, wrap, states}}
        defaults: { neighbourhood: "cross", wrap: false, states: 2 },
        choices: { neighbourhood: Object.keys(lightsout.NEIGHBOURHOODS) },
        flags: ["wrap"],
        numbers: { states: [2, lightsout.MAX_STATES] },
      },
    },
  },
  {
    id: "pegs",
    daily: true,
    levels: true,
    title: "Peg solitaire",
    noun: "peg solitaire",
    intro: `Jump a peg over a neighbour into the empty hole behind it; the jumped peg is
      removed. Finish with one peg (in the centre on the English board). After each jump the
      page tells whether the goal can still be reached; <em>Hint</em>, <em>Solve</em> and
      <em>Count</em> help, <em>Edit</em> draws any board, and the <em>Census</em> counts every
      position the board can reach.`,
    rule: "Jump a peg over a neighbour into an empty hole, which removes it: end with one peg.",
    load: async () => (await import("./pegs/board.mjs")).PegsBoard,
    rules: pegs,
    embed: {
      shape: ({ game, board = pegs.BOARDS[0] }) => pegGrid(game) ?? pegGrid(pegs.BOARD_GRIDS[board]),
      startOver: "reset",
      size: null, // the board (data-variant) fixes the size
      variant: { noun: "peg board", single: true, choices: { board: pegs.BOARDS } },
    },
  },
  {
    id: "binairo",
    daily: true,
    levels: true,
    title: "Binary puzzle",
    noun: "binary puzzle",
    intro: `Fill the grid with 0s and 1s: every row and column has as many 0s as 1s, no
      three equal digits side by side, and no two rows or two columns alike. Each press on a tile
      cycles it empty → 0 → 1; on a keyboard, 0 and 1 write a digit. <em>Hint</em> names the rule for the next step,
      <em>Check puzzle</em> tests for exactly one solution, <em>Count solutions</em> counts any
      grid exactly, and <em>Generate</em> makes good puzzles by difficulty.`,
    rule: "Fill the grid with 0s and 1s: as many of each in every line, no three alike in a row, no two lines the same.",
    load: async () => (await import("./binairo/board.mjs")).BinairoBoard,
    rules: binairo,
    embed: {
      shape: ({ game, rows = 8, cols = rows }) => widthByHeight(game) ?? [rows, cols],
      startOver: "restart",
      size: { low: binairo.MIN_SIDE, high: binairo.MAX_SIDE, even: true },
      variant: null,
    },
  },
];

/**
 * Each puzzle's name in a sentence, by the family of its requests: what a
 * board says when its request waits for another puzzle's job (progress.mjs).
 */
export const FAMILY_NOUNS = Object.fromEntries(PUZZLES.map((puzzle) => [puzzle.id, puzzle.noun]));

/**
 * The controls a puzzle's board shows, from what its entry declares: the
 * options app.mjs and embed.mjs add to every board they make (PuzzleBoard).
 *   today        the main page's "Today" button (the Today view)
 *   dailyButton  "Daily puzzle" under the board
 *   levels       the levels ladder
 */
export function declaredControls(puzzle) {
  const daily = Boolean(puzzle?.daily);
  return { today: daily, dailyButton: daily, levels: Boolean(puzzle?.levels) };
}

/** The registry entry for `id`, or undefined. */
export function findPuzzle(id) {
  return PUZZLES.find((puzzle) => puzzle.id === id);
}
