// The links a person shares: they carry the puzzle as it was dealt (its
// starting position, or the date of a daily puzzle), never only the position
// on screen, so that a friend who opens one plays the same puzzle from the
// start. The address bar keeps the position on screen (app.mjs), for reloads.

import { dailyLink } from "./session.mjs";

/**
 * The link that opens the board's puzzle as dealt, on the main page beside
 * the modules: that date's daily puzzle when the board shows one, else the
 * starting position's game ID.
 *
 * @param {string} kind the puzzle's id in the registry ("lightsout")
 * @param {object} board the mounted board (its dailyShown and startGameId())
 */
export function shareLink(kind, board) {
  const date = board.dailyShown;
  if (date) return dailyLink(kind, date);
  return new URL(`./#${kind}=${encodeURIComponent(board.startGameId())}`, import.meta.url).href;
}
