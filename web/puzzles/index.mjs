// The puzzles of Puzzle Lab: one entry per family. The main page builds its
// tabs from this list, and embeds find their board class here by name.

export const PUZZLES = [
  {
    id: "lightsout",
    title: "Lights Out",
    intro: `Pressing a cell toggles it and its four neighbours. Turn every light off —
      or switch to <em>Edit</em>, paint the board of a game you are stuck on
      (XLightOff, Enlight, …) and let <em>Show solution</em> mark the fewest presses.
      Other rules are under <em>Board and rules</em>; <em>Analysis</em> explains which boards can be solved.`,
    load: async () => (await import("./lightsout/board.mjs")).LightsOutBoard,
  },
  {
    id: "pegs",
    title: "Peg solitaire",
    intro: `Jump a peg over a neighbour into the empty hole behind it; the jumped peg is
      removed. Finish with one peg (in the centre on the English board). After each jump the
      page tells whether the goal can still be reached; <em>Hint</em>, <em>Solve</em> and
      <em>Count</em> help, <em>Edit</em> draws any board, and the <em>Census</em> counts every
      position the board can reach.`,
    load: async () => (await import("./pegs/board.mjs")).PegsBoard,
  },
  {
    id: "binairo",
    title: "Binary puzzle",
    intro: `Fill the grid with 0s and 1s: every row and column has as many 0s as 1s, no
      three equal digits side by side, and no two rows or two columns alike. A click cycles
      empty → 0 → 1 (right click backwards). <em>Hint</em> names the rule for the next step,
      <em>Check puzzle</em> tests for exactly one solution, <em>Count solutions</em> counts any
      grid exactly, and <em>Generate</em> makes good puzzles by difficulty.`,
    load: async () => (await import("./binairo/board.mjs")).BinairoBoard,
  },
];

/** The registry entry for `id`, or undefined. */
export function findPuzzle(id) {
  return PUZZLES.find((puzzle) => puzzle.id === id);
}
