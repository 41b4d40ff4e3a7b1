// The playback of a found solution: one jump every PLAY_DELAY ms through the
// board's action queue, with Pause / Resume, Step and Stop (the .playback
// group of buttons, shown while it plays). Any move of the player's stops it.

const PLAY_DELAY = 550; // ms between moves of a solve playback

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
    this.current = null; // {moves, index, timer, paused}
  }

  /** True while a solution plays (paused or not). */
  get active() {
    return this.current !== null;
  }

  /** Play `moves` ([[from, to], …]) from the shown position. */
  start(moves) {
    this.current = { moves, index: 0, timer: null, paused: false };
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

  /** One jump now, and pause. */
  step() {
    const pb = this.current;
    if (!pb) return;
    pb.paused = true;
    this.pauseButton.textContent = "Resume";
    this.host.run(() => this.#playStep());
  }

  stop() {
    if (!this.current) return;
    clearTimeout(this.current.timer);
    this.current = null;
    this.group.hidden = true;
  }

  #schedule() {
    const pb = this.current;
    if (!pb || pb.paused) return;
    pb.timer = setTimeout(() => this.host.run(() => this.#playStep()), PLAY_DELAY);
  }

  async #playStep() {
    const pb = this.current;
    if (!pb) return;
    clearTimeout(pb.timer);
    const [from, to] = pb.moves[pb.index];
    pb.index++;
    await this.host.jump(from, to);
    this.host.note(`Playback: jump ${pb.index} of ${pb.moves.length}${pb.paused ? " (paused)" : ""}.`);
    if (pb.index >= pb.moves.length) {
      this.stop();
      this.host.finished();
      return;
    }
    this.#schedule();
  }
}
