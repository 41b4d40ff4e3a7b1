// The solve result on the Lights Out board: lightsout.solve's answer made
// ready to draw (which cells to press and how often, which cells prove the
// board unsolvable), kept without a new solve after a press on a marked
// cell, and said in a player's words in the note above the board.

import { plainCount, plural } from "./counts.mjs";
import { Board, gridValues } from "./rules.mjs";

/**
 * lightsout.solve's answer for a `rows` x `cols` board, ready to draw:
 * `marked` (cell index -> how often to press it) and `conflictCells` (the
 * indices outlined in red when the board cannot be solved).
 */
export function markedSolution(result, rows, cols) {
  // How often each cell is pressed (k > 2 can press a cell several times).
  const marked = new Map();
  if (result.press_grid) {
    gridValues(result.press_grid, rows, cols).forEach((count, index) => {
      if (count) marked.set(index, count);
    });
  }
  return {
    ...result,
    marked,
    conflictCells: new Set((result.conflict || []).map(([r, c]) => r * cols + c)),
  };
}

/**
 * The solution shown, after a press on one of its marked cells: the other
 * marks (that one pressed once less) are a fewest solution of the new
 * board, so no solve is needed. If S solves the old board with the
 * fewest presses and contains the pressed cell p, S - p solves the new
 * one, and a shorter solution T of the new board would give T + p, shorter
 * than S, for the old (over GF(2) and Z_k alike: presses add). Null when
 * the cell is not marked.
 */
export function afterPressOnMark(solution, index, rows, cols) {
  const count = solution.marked.get(index);
  if (!solution.solvable || !count) return null;
  const marked = new Map(solution.marked);
  if (count > 1) marked.set(index, count - 1);
  else marked.delete(index);
  const press_count = solution.press_count - 1;
  const presses = new Uint8Array(rows * cols);
  for (const [cell, times] of marked) presses[cell] = times;
  return {
    ...solution,
    marked,
    press_count,
    // Nothing left to press is the fewest, whatever the search proved before.
    proven_fewest: solution.proven_fewest || press_count === 0,
    explanation: press_count === 0 ? "All lights are already out." : solution.explanation,
    press_grid: new Board(rows, cols, presses).grid, // as lightsout.solve writes it
  };
}

/**
 * A refusal for a job too big to run here (lightsout/costs.py's sentence:
 * "... needs about N s in the page, over the limit of ..."), in a player's
 * words; null for any other error. The exact figures stay in the note's
 * tooltip and in Analysis.
 */
export function plainRefusal(message) {
  return /over the limit of/.test(message ?? "")
    ? "This board is too big to solve here: try a smaller one." : null;
}

/**
 * The solver's progress line in a player's words: its stages speak of
 * "quiet patterns", which How it works explains but the play screen does not.
 */
export function playerProgress(line) {
  return line.replace(/the quiet patterns/g, "the presses that change nothing");
}

/** The note above the board that says what the solver found (.solution-note). */
export class SolutionNote {
  /** @param {HTMLElement} note holding a Cancel button, a <progress> and a <span> */
  constructor(note) {
    this.note = note;
    this.text = note.querySelector("span");
    this.bar = note.querySelector("progress");
  }

  /**
   * Say what the solver found, or how far it has got:
   *   busy      the solve runs (shown with Cancel, `progress` 0..1 or null, `line` in words)
   *   error     why the solve failed, or null
   *   solution  the result shown (markedSolution's), or null: nothing to say
   *   states, values  the board's k and cells, to count its lit cells in words
   */
  show({ busy, progress = null, line = "Solving…", error = null, solution: s = null, states: k, values }) {
    const { note, text, bar } = this;
    note.querySelector('[data-action="cancel-solve"]').hidden = !busy;
    bar.hidden = !busy || progress === null;
    note.classList.remove("warning");
    if (busy) {
      if (progress !== null) bar.value = progress;
      text.textContent = line;
      return;
    }
    note.removeAttribute("title");
    if (error) {
      note.classList.add("warning");
      const plain = plainRefusal(error);
      text.textContent = plain ?? error;
      if (plain) note.title = error; // the exact figures, for whoever wants them
      return;
    }
    if (!s) {
      text.textContent = "";
      return;
    }
    note.classList.toggle("warning", !s.solvable);
    // In a player's words; the reasons in terms of the maths are in How it works and Analysis.
    if (!s.solvable) {
      const lit = k === 2 ? [...s.conflictCells].filter((i) => values[i]).length : 0;
      text.textContent = k === 2
        ? `This board cannot be solved: every press changes an even number of the cells outlined ` +
          `in red, and ${lit === 1 ? "1 of them is lit" : `${lit} of them are lit`}, an odd number, ` +
          "so they can never all be out (see How it works)."
        : "This board cannot be solved: no press changes a certain weighted sum of the cells " +
          "outlined in red, and it is not 0 now (see How it works).";
    } else if (s.press_count === 0) {
      text.textContent = s.explanation;
    } else {
      const d = s.kernel_dimension;
      // Over a prime k the quiet patterns form a space of k^d; a composite k has no such count.
      const prime = [2, 3, 5, 7].includes(k);
      const ways = d
        ? ` A board of this shape that can be solved has ${prime ? plainCount(k, d) : "several"} ` +
          "solutions (see How it works)."
        : " Every board of this shape has exactly one solution.";
      const presses = plural(s.press_count, "press", "presses");
      const how = s.proven_fewest ? `the fewest it takes is ${presses}` : `it takes at most ${presses}`;
      const marks = k === 2 ? "press the cells marked with dots." : "press the marked cells (a number says how often).";
      text.textContent = `This board can be solved; ${how}: ${marks}${ways}`;
    }
  }
}
