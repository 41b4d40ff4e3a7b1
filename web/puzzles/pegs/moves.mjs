// Moves as peg solitaire players count them: consecutive jumps by one peg
// (each jump starting where the previous one landed) are one move. The
// central English game needs 31 jumps but can be won in 18 moves.

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
 * The best known number of moves for a classic game, or null: the central
 * English game (start with the centre empty, end with one peg there) can be
 * won in 18 moves (Bergholt, 1912; proved fewest by Beasley, 1964).
 */
export function bestKnownMoves(startGrid, goalText) {
  const english = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--";
  return startGrid === english && /centre/i.test(goalText) ? 18 : null;
}
