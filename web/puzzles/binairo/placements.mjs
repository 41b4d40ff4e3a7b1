// How many digits a binary-puzzle game placed: the win card's count against
// par (the empty cells at the start). A tap cycles a tile empty → 0 → 1, so a
// 1 takes two taps on a phone where a keyboard writes it with one key; the
// count is of placements, not taps, so that a flawless game is par on every
// device. A placement is a run of changes to one cell with no other cell
// changed in between: taps on the same tile one after another are one
// placement, and coming back to a cell later to change it (a correction) is
// another.

/** The one cell where grids `a` and `b` ("01./...") differ, as its index, -1 for none, null for several. */
function changedCell(a, b) {
  let found = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (found !== -1 || a[i] === "/" || b[i] === "/") return null;
    found = i;
  }
  return found;
}

/**
 * The placements along a game's path, `grids` its grids from the start to
 * the position shown (the session's history and current state), `start` the
 * puzzle's own grid (its givens alone). A change of
 * several cells at once (Restart, Solve, a loaded grid) ends a run; one back
 * to the grid with no digit of the player's (Restart) starts the count again.
 */
export function placements(grids, start = grids[0]) {
  let count = 0;
  let last = null; // the cell of the run under way
  for (let i = 1; i < grids.length; i++) {
    const cell = changedCell(grids[i - 1], grids[i]);
    if (cell === -1) continue;
    if (cell === null) {
      last = null;
      if (grids[i] === start) count = 0;
      continue;
    }
    if (cell !== last) count++;
    last = cell;
  }
  return count;
}
