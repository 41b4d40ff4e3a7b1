// The puzzles of Puzzle Lab: one entry per family. The main page builds its
// tabs from this list, and embeds find their board class here by name.

export const PUZZLES = [
  {
    id: "lightsout",
    title: "Lights Out",
    intro: `Pressing a cell toggles it and its four neighbours. Turn every light off —
      or switch to <em>Edit</em>, paint the board of a game you are stuck on
      (XLightOff, Enlight, …) and let <em>Show solution</em> mark the fewest presses.`,
    load: async () => (await import("./lightsout.mjs")).LightsOutBoard,
  },
  {
    id: "pegs",
    title: "Peg solitaire",
    intro: `Jump a peg over a neighbour into the empty hole behind it; the jumped peg is
      removed. Finish with one peg (in the centre on the English board). After each move the
      page tells whether the goal can still be reached; <em>Hint</em>, <em>Solve</em> and
      <em>Count</em> help, <em>Edit</em> draws any board, and the <em>Census</em> walks every
      position of the board.`,
    load: async () => (await import("./pegs.mjs")).PegsBoard,
  },
];

/** The registry entry for `id`, or undefined. */
export function findPuzzle(id) {
  return PUZZLES.find((puzzle) => puzzle.id === id);
}
