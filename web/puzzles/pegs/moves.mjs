// Moves as peg solitaire players count them: consecutive jumps by one peg
// (each jump starting where the previous one landed) are one move; and how
// a won game is said against its par (the proven fewest moves, from the
// catalogue: catalogue.mjs).

/**
 * The jump that turns grid `before` into grid `after` ("o . -" rows joined
 * by "/"), as [[fromRow, fromCol], [toRow, toCol]], or null when the two do
 * not differ by exactly one jump (a reset, an edit).
 */
export function jumpBetween(before, after) {
  const a = before.replace(/^t:/, "").split("/");
  const b = after.replace(/^t:/, "").split("/");
  if (a.length !== b.length) return null;
  const emptied = [];
  const filled = [];
  for (let r = 0; r < a.length; r++) {
    if (a[r].length !== b[r].length) return null;
    for (let c = 0; c < a[r].length; c++) {
      if (a[r][c] === b[r][c]) continue;
      if (a[r][c] === "o" && b[r][c] === ".") emptied.push([r, c]);
      else if (a[r][c] === "." && b[r][c] === "o") filled.push([r, c]);
      else return null;
    }
  }
  if (emptied.length !== 2 || filled.length !== 1) return null;
  const [to] = filled;
  // Of the two emptied holes, the jumped-over one lies halfway between the other and `to`.
  const from = emptied.find(([r, c]) => emptied.some(([mr, mc]) => 2 * mr === r + to[0] && 2 * mc === c + to[1]));
  return from ? [from, to] : null;
}

/** Players' moves in a list of jumps [[from, to], ...]: a move is a maximal run by one peg. */
export function countMoves(jumps) {
  let moves = 0;
  let landed = null;
  for (const [from, to] of jumps) {
    if (!landed || landed[0] !== from[0] || landed[1] !== from[1]) moves++;
    landed = to;
  }
  return moves;
}

/**
 * The jumps of the line played from the start (or the last reset) to the
 * shown position, read from the session's grids: `path` is the undo history
 * and the shown entry, each {state: {grid}, moves}. A step that is not one
 * jump (an edit) is left out, so a caller compares the count with the
 * session's before trusting it.
 */
export function jumpsPlayed(path) {
  let first = path.length - 1;
  while (first > 0 && path[first].moves > 0) first--;
  const jumps = [];
  for (let i = first; i + 1 < path.length; i++) {
    const [a, b] = [path[i], path[i + 1]];
    const jump = b.moves === a.moves + 1 ? jumpBetween(a.state.grid, b.state.grid) : null;
    if (jump) jumps.push(jump);
  }
  return jumps;
}

const counted = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 ? "" : "s"}`;

/**
 * The status line of a won game: "Solved in 21 moves (31 jumps); par is 18."
 * `moves` is null when the jumps could not be read back (then the jumps
 * alone), `par` null when the game has none (not in the catalogue).
 */
export function wonText(moves, jumps, par) {
  if (moves === null) return `Solved in ${counted(jumps, "jump")}!`;
  const done = `Solved in ${counted(moves, "move")} (${counted(jumps, "jump")})`;
  if (par === null || par === undefined) return `${done}!`;
  if (moves === par) return `${done}: par!`;
  return moves > par ? `${done}; par is ${par}.` : `${done}, under par (${par})!`;
}
