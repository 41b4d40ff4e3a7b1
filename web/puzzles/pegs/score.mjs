// How a peg game is scored once won: the moves as players count them (a
// peg's run of jumps is one move, read back from the session's grids), the
// jumps beside them, against the game's par, its proven fewest moves from
// the catalogue (catalogue.mjs; a game not in it has none). The status
// line and the win card (win-card.mjs, through the board's winFacts) say it.

import { loadCatalogue, loadedCatalogue, parOf } from "./catalogue.mjs";
import { countMoves, jumpsPlayed, wonText } from "./moves.mjs";

export class GameScore {
  /**
   * @param {import("../../session.mjs").Session} session the board's game and history
   * @param {() => {grid: string, state: object}} game the start grid and the shown state
   */
  constructor(session, game) {
    this.session = session;
    this.game = game;
  }

  /** Moves as players count them since the start (or the last reset), or null when unreadable. */
  movesPlayed() {
    const jumps = jumpsPlayed([...this.session.history, this.session.current]);
    return jumps.length === this.session.moves ? countMoves(jumps) : null;
  }

  /** The game's par: a number, null (none), or undefined while the catalogue has not arrived. */
  par(catalogue = loadedCatalogue()) {
    if (!catalogue) return undefined;
    const { grid, state } = this.game();
    return parOf(catalogue, grid, state);
  }

  /** "Solved in 21 moves (31 jumps); par is 18." (the par once the catalogue is known). */
  wonText() {
    return wonText(this.movesPlayed(), this.session.moves, this.par() ?? null);
  }

  /** Call `then()` once the catalogue has arrived (the par is known), if it was not there yet. */
  whenParKnown(then) {
    if (!loadedCatalogue()) loadCatalogue().then(then, () => {});
  }

  /**
   * What the win card says (PuzzleBoard's winFacts): the moves, the jumps in
   * brackets, and the par (a promise of it while the catalogue is on its way).
   */
  winFacts() {
    const jumps = this.session.moves;
    const moves = this.movesPlayed();
    if (moves === null) return { count: jumps, unit: jumps === 1 ? "jump" : "jumps", best: null };
    const par = this.par();
    return {
      count: moves,
      unit: moves === 1 ? "move" : "moves",
      detail: `(${jumps.toLocaleString("en")} jump${jumps === 1 ? "" : "s"})`,
      best: par !== undefined ? par : loadCatalogue().then((catalogue) => this.par(catalogue)),
      bestLabel: "par",
    };
  }
}
