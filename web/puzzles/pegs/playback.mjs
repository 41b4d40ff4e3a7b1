// The playback of a found solution through the board's action queue, with
// Pause / Resume, Step and Stop (the .playback group of buttons, shown while
// it plays). Any move of the player's stops it. A solution plays jump by
// jump (one every PLAY_DELAY ms), or move by move (a shortest solution, in
// moves as players count them): the jumps of one peg's run in quick
// succession, a visible pause between moves, and Step plays a whole move.

import { countMoves } from "./moves.mjs";

const PLAY_DELAY = 550; // ms between jumps of a solve playback
const MOVE_PAUSE = 750; // ms between moves of a move-by-move playback
const CHAIN_DELAY = 260; // ms between the jumps of one move (a jump's motion takes 140)

export class SolutionPlayback {
  /**
   * @param {HTMLElement} root the board's element, holding the .playback group
   * @param {{run: (action: () => Promise) => Promise, jump: (from, to) => Promise,
   *   note: (text: string) => void, finished: () => void}} host
   *   run: the board's action queue; jump: play one jump (not the player's);
   *   note: the solution note's line; finished: the last jump was played
   */
  constructor(root, host) {
    this.group = root.querySelector(".playback");
    this.pauseButton = this.group.querySelector('[data-action="pause"]');
    this.host = host;
    this.current = null; // {moves, index, timer, paused, byMove, stepping, move, totalMoves}
  }

  /** True while a solution plays (paused or not). */
  get active() {
    return this.current !== null;
  }

  /** Play `moves` ([[from, to], …]) from the shown position; `byMove`: move by move. */
  start(moves, { byMove = false } = {}) {
    this.current = {
      moves, index: 0, timer: null, paused: false, byMove, stepping: false, move: 0,
      totalMoves: byMove ? countMoves(moves) : null,
    };
    this.group.hidden = false;
    this.pauseButton.textContent = "Pause";
    this.#schedule();
  }

  togglePause() {
    const pb = this.current;
    if (!pb) return;
    pb.paused = !pb.paused;
    this.pauseButton.textContent = pb.paused ? "Resume" : "Pause";
    if (pb.paused) clearTimeout(pb.timer);
    else this.#schedule();
  }

  /** One jump (move by move: one move) now, and pause. */
  step() {
    const pb = this.current;
    if (!pb) return;
    pb.paused = true;
    pb.stepping = pb.byMove;
    this.pauseButton.textContent = "Resume";
    this.host.run(() => this.#playStep());
  }

  stop() {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    this.current = null;
    this.group.hidden = true;
  }

  /** Whether the next jump is made by the peg that just landed (the same move goes on). */
  #goesOn(pb) {
    const [last, next] = [pb.moves[pb.index - 1], pb.moves[pb.index]];
    return Boolean(last && next && last[1][0] === next[0][0] && last[1][1] === next[0][1]);
  }

  #schedule() {
    const pb = this.current;
    if (!pb) return;
    const goesOn = pb.byMove && this.#goesOn(pb);
    if (pb.paused && !(pb.stepping && goesOn)) {
      pb.stepping = false; // a stepped move is over
      return;
    }
    const wait = !pb.byMove ? PLAY_DELAY : goesOn ? CHAIN_DELAY : MOVE_PAUSE;
    pb.timer = setTimeout(() => this.host.run(() => this.#playStep()), wait);
  }

  async #playStep() {
    const pb = this.current;
    if (!pb) return;
    clearTimeout(pb.timer);
    if (!this.#goesOn(pb)) pb.move++;
    const [from, to] = pb.moves[pb.index];
    pb.index++;
    await this.host.jump(from, to);
    const where = pb.byMove ? `move ${pb.move} of ${pb.totalMoves} (jump ${pb.index} of ${pb.moves.length})`
      : `jump ${pb.index} of ${pb.moves.length}`;
    this.host.note(`Playback: ${where}${pb.paused ? " (paused)" : ""}.`);
    if (pb.index >= pb.moves.length) {
      this.stop();
      this.host.finished();
      return;
    }
    this.#schedule();
  }
}
