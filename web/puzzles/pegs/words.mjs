// How the peg page words holes and counts, in its messages, notes and
// announcements (the board and its searches say them alike).

/** A hole as people count them, from 1 (game IDs and the command line count from 0). */
export const holeName = ([row, col]) => `row ${row + 1} column ${col + 1}`;

/** "1 peg", "2 pegs", "1,024 positions": a count (a number or a BigInt) and its noun. */
export const plural = (n, word) => `${n.toLocaleString("en")} ${word}${n === 1 || n === 1n ? "" : "s"}`;
