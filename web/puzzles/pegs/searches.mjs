// The searches Python makes about the shown peg position, one at a time in
// long-jobs.mjs's "search" slot: the dead-end verdict after each jump
// (quiet), Hint, Solve, the shortest solution and Count (with progress and
// Cancel on the solution note's line). Each answer goes to the lines under the board (.verdict,
// .solution-note) or back to the board through `onHint` / `onSolution`; an
// answer about a position no longer shown is dropped.

import { ProgressLine } from "../../long-jobs.mjs";
import { holeName, plural } from "./words.mjs";

const ACTIVITY = {
  hint: "Looking for a hint", solve: "Solving", shortest: "Searching for the fewest moves", count: "Counting",
};

export class PositionSearches {
  /**
   * @param {HTMLElement} root the board's element: its .verdict and
   *   .solution-note lines; data-verdict and data-solutions say the answers
   * @param {import("../../long-jobs.mjs").LongJobs} jobs the board's job manager
   * @param {{position: () => {grid: string, goal: string|null}, say: (text: string, isError?: boolean) => void,
   *   noteHelp: (kind: string) => void, onHint: (move) => void, onSolution: (moves) => void,
   *   onShortest: (moves) => void}} host
   *   position: the shown grid and the goal to send (null: the default);
   *   say: the board's status line; noteHelp: the session's record of help
   */
  constructor(root, jobs, host) {
    this.root = root;
    this.jobs = jobs;
    this.host = host;
    this.line = new ProgressLine(root.querySelector(".solution-note"));
    this.verdictLine = root.querySelector(".verdict");
    this.verdicts = new WeakMap(); // state -> its pegs.status answer: undo and redo ask no more
  }

  /** The text on the solution note's line (a hint, a count, the playback's progress). */
  note(text) {
    this.root.querySelector(".solution-note span").textContent = text;
    this.root.querySelector(".solution-note").removeAttribute("title");
  }

  /** True while a search (a verdict included) runs. */
  get running() {
    return Boolean(this.jobs.running("search"));
  }

  /** Stop the search under way, if any. */
  cancel() {
    this.jobs.cancel("search");
  }

  /** Stop a verdict search (a move takes the engine); true if one was stopped. */
  stopVerdict() {
    return this.jobs.running("search")?.key === "verdict" && this.jobs.cancel("search");
  }

  /** The verdict line: `text`, a warning (a dead end) or not; empty clears the answer too. */
  setVerdict(text, warning = false) {
    this.verdictLine.textContent = text;
    this.verdictLine.classList.toggle("warning", warning);
    if (!text) delete this.root.dataset.verdict;
  }

  /** The dead-end verdict for `state` (the shown position): a quick search, beside the action queue. */
  checkVerdict(state) {
    const known = this.verdicts.get(state);
    if (known) {
      this.#showVerdict(known);
      return;
    }
    this.#search("verdict", "pegs.status", (result) => {
      this.verdicts.set(state, result);
      this.#showVerdict(result);
    }, { quiet: true });
  }

  /** Say what the dead-end check found. */
  #showVerdict(result) {
    const text = {
      reachable: "The goal can still be reached.",
      dead: `Dead end: ${playerReason(result.reason)}`,
      // (At most two lines on a phone: it shares the hint's room there, pegs.css.)
      unknown: "Not sure the goal can still be reached: Hint or Solve will search fully.",
    }[result.verdict] || "";
    this.setVerdict(text, result.verdict === "dead");
    this.root.dataset.verdict = result.verdict;
  }

  hint() {
    this.host.noteHelp("hint");
    this.#search("hint", "pegs.hint", (result) => {
      if (!result.move) {
        this.note("No move keeps the goal reachable from here.");
        return;
      }
      const [from, to] = result.move;
      this.note(`Hint: jump the peg at ${holeName(from)} into ${holeName(to)} (arrow on the board).`);
      this.host.onHint(result.move);
    });
  }

  solve() {
    this.host.noteHelp("solve");
    this.#search("solve", "pegs.solve", (result) => {
      if (!result.solvable) {
        this.note("The goal cannot be reached from this position.");
        return;
      }
      this.note(`Solution found: ${plural(result.moves.length, "jump")}. Playing it back…`);
      this.host.onSolution(result.moves);
    });
  }

  /**
   * A solution with the fewest moves from the shown position, proven
   * shortest by Python (pegs.solve with fewest_moves), played move by move.
   * A refusal (a search too big for the page) is Python's sentence, as is.
   */
  shortest() {
    this.host.noteHelp("solve");
    this.#search("shortest", "pegs.solve", (result) => {
      if (result.fewest_moves !== true || !Number.isSafeInteger(result.move_count)) {
        this.note("This solver cannot prove the fewest moves yet, so nothing was played.");
        return;
      }
      if (!result.solvable) {
        this.note("The goal cannot be reached from this position.");
        return;
      }
      this.note(`Shortest: ${plural(result.move_count, "move")} (${plural(result.moves.length, "jump")}),`
        + " proven fewest. Playing it move by move…");
      this.host.onShortest(result.moves);
    }, { fewest_moves: true });
  }

  count() {
    this.#search("count", "pegs.count", (result) => {
      const n = result.solutions;
      this.note(n ? `${plural(n, "winning move sequence")} from this position.`
        : "No winning move sequence from this position.");
      this.root.dataset.solutions = String(n);
    });
  }

  /**
   * Run one cancellable search (`cmd`, with `fields` added to the request)
   * about the shown position (long-jobs.mjs: one at a time, answers about a
   * position no longer shown dropped).
   */
  #search(kind, cmd, onResult, { quiet = false, ...fields } = {}) {
    const { grid, goal } = this.host.position();
    const activity = ACTIVITY[kind] ?? "Checking";
    // A count reports levels done of a known total (a bar); searches report
    // positions visited, with no total.
    const onProgress = (report, reading) => {
      if (quiet) return;
      if (report.total > 0) this.line.show(reading.fraction, reading.text);
      else this.line.show(null, `${report.message}… ${Number(report.done).toLocaleString("en")} positions`);
    };
    this.jobs.run("search", { cmd, grid, goal, ...fields }, { key: kind, line: this.line, activity, quiet, onProgress })
      .then((result) => {
        if (this.host.position().grid === grid) onResult(result);
      })
      .catch((error) => {
        if (error.cancelled) return;
        const plain = plainRefusal(error.message);
        this.host.say(plain ?? error.message, true);
        // The exact figures (how many positions, how long) for whoever wants them.
        if (plain) this.root.querySelector(".solution-note").title = error.message;
      });
  }
}

/**
 * pegs.status's reason for a dead end in a player's words: "position
 * class" is the maths of How it works, not of the play screen.
 */
function playerReason(reason) {
  return /position class/.test(reason ?? "")
    ? "no sequence of jumps can bring the pegs to the goal from here." : reason;
}

/**
 * A count refused as too big (pegs/count.py: "out of reach", "would keep
 * more than ..."), in a player's words; null for any other error.
 */
export function plainRefusal(message) {
  return /out of reach|would keep more than/.test(message ?? "")
    ? "Too many ways to count from here: try again a few jumps further on." : null;
}
