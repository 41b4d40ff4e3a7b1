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
];

/** The registry entry for `id`, or undefined. */
export function findPuzzle(id) {
  return PUZZLES.find((puzzle) => puzzle.id === id);
}
