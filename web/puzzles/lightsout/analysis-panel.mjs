// The Analysis panel's content: which boards of this shape can be solved
// (rank, kernel dimension, how many boards), the fewest presses for this one
// with a "Prove fewest" button, the pattern that makes it unsolvable, and the
// quiet patterns as small boards.

import { paintThumbnail } from "../../grid-canvas.mjs";
import { formatCount } from "./counts.mjs";
import { gridValues } from "./rules.mjs";
import { renderSeedQuestions } from "./seed-questions.mjs";

const MAX_THUMBNAILS = 64; // quiet patterns drawn; the rest are counted

/**
 * Fill the Analysis panel's `body` with lightsout.analyse's answer `a` for
 * the board shown: `rows` x `cols` cells `values` with `states` (k) states,
 * drawn in the painter's `palette`; then the seed's questions
 * (seed-questions.mjs: `classic` rules, `play(grid)` loads a board).
 */
export function renderAnalysis(body, a, { rows, cols, values, states: k, palette, classic, play }) {
  const cells = rows * cols;
  const facts = [
    a.rank == null
      ? ["Rank", "not defined", `Counting modulo ${k} is not a field (${k} is not prime), so ` +
        "the press patterns have no rank; the quiet patterns below still describe them."]
      : ["Rank", `${a.rank} of ${cells}`,
        "How many cells' presses are independent: any other press has the effect of a combination of them."],
    ["Kernel dimension", String(a.kernel_dimension),
      a.kernel_dimension
        ? `How many quiet patterns (sets of presses that change nothing) it takes to make all the others; ` +
          `there are ${formatCount(a.quiet_count_text)} of them, the empty one included.`
        : "No quiet patterns: every board of this shape has exactly one solution."],
    ["Solvable boards", formatCount(a.solvable_boards_text),
      `Out of ${a.all_boards_text ? formatCount(a.all_boards_text) : `${k}^${cells}`} boards of this shape` +
        (k === 2 && a.rank != null ? ` (2^${a.rank} of 2^${cells}).` : "."),
      a.solvable_boards_text],
    ["Fewest presses for this board",
      !a.solvable ? "no solution" : a.proven_fewest ? String(a.fewest_press_count)
        : `${a.press_count} (not proven fewest)`,
      !a.solvable ? "The reason is drawn below."
        : !a.proven_fewest && a.provable ? "A solution found within the quick search; fewer presses may exist."
        : !a.proven_fewest ? "The lightest solution the search found; this board is beyond its proof."
        : a.fewest_solutions_text == null ? "Proven fewest."
        : `Proven fewest; ${formatCount(a.fewest_solutions_text)} ${a.fewest_solutions_text === "1" ? "solution takes" : "solutions take"} that few.`],
  ];
  const list = document.createElement("dl");
  list.className = "facts";
  for (const [term, value, note, exact] of facts) {
    const item = document.createElement("div");
    item.innerHTML = "<dt></dt><dd><strong></strong> <small></small></dd>";
    item.querySelector("dt").textContent = term;
    item.querySelector("strong").textContent = value;
    item.querySelector("small").textContent = note;
    // A decimal too long to show in full: its digits, folded.
    if (/^\d{41,}$/.test(exact ?? "")) item.querySelector("dd").append(exactNumber(exact));
    list.append(item);
  }
  if (a.solvable && a.provable) {
    const prove = document.createElement("button");
    prove.type = "button";
    prove.className = "inline";
    prove.dataset.action = "prove";
    prove.textContent = "Prove fewest";
    prove.title = "Search much longer (it can take minutes; Cancel keeps this answer)";
    list.lastElementChild.querySelector("dd").append(" ", prove);
  }
  body.replaceChildren(list);

  if (!a.solvable && a.conflict) {
    const pattern = new Uint8Array(cells);
    for (const [r, c, weight = 1] of a.conflict) pattern[r * cols + c] = weight;
    const colors = new Uint32Array(cells);
    const p = palette;
    // The pattern in red; the board's lights on it in yellow (an odd number of them).
    for (let i = 0; i < cells; i++) {
      colors[i] = pattern[i] ? (values[i] ? p.packed.states[k - 1] : p.packed.conflict) : p.packed.states[0];
    }
    const figure = thumbnailFigure(colors, rows, cols, "The reason", "conflict");
    const why = document.createElement("div");
    why.className = "conflict-reason";
    const text = document.createElement("p");
    text.textContent = `${a.explanation} Red and yellow: the pattern it conflicts with; ` +
      "yellow: the board's lights on it.";
    why.append(figure, text);
    body.append(why);
  } else if (a.explanation) {
    const text = document.createElement("p");
    text.textContent = a.explanation;
    body.append(text);
  }

  const patterns = a.quiet_patterns || [];
  if (patterns.length) {
    const heading = document.createElement("h4");
    const basis = a.kernel_dimension ?? patterns.length;
    heading.textContent = basis === 1 ? "The quiet pattern" : `Quiet patterns: the ${basis} that make all the others`;
    const intro = document.createElement("p");
    intro.className = "panel-intro";
    intro.textContent = "Pressing the marked cells of any of these changes nothing, so adding one to a " +
      "solution gives another solution, and a board is solvable exactly when it agrees with all of them.";
    const thumbs = document.createElement("div");
    thumbs.className = "thumbs";
    patterns.slice(0, MAX_THUMBNAILS).forEach((grid, i) => {
      const pattern = gridValues(grid, rows, cols);
      const packed = new Uint32Array(cells);
      for (let j = 0; j < cells; j++) {
        packed[j] = pattern[j] ? palette.packed.mark : palette.packed.states[0];
      }
      thumbs.append(thumbnailFigure(packed, rows, cols, `Quiet pattern ${i + 1}`, "quiet"));
    });
    body.append(heading, intro, thumbs);
    const shown = Math.min(patterns.length, MAX_THUMBNAILS);
    if (basis > shown) {
      const more = document.createElement("p");
      more.textContent = `…and ${basis - shown} more.`;
      body.append(more);
    }
  }
  renderSeedQuestions(body, a, { rows, cols, palette, classic, play });
}

/** An astronomically long count, exact, folded away. */
function exactNumber(text) {
  const details = document.createElement("details");
  details.innerHTML = "<summary>Exact value</summary><code></code>";
  details.querySelector("code").textContent = text;
  return details;
}

/** A small picture of the board in `colors` (packed, one per cell), captioned. */
function thumbnailFigure(colors, rows, cols, caption, className) {
  const figure = document.createElement("figure");
  figure.className = `thumb ${className}`;
  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", caption);
  paintThumbnail(canvas, rows, cols, colors);
  const label = document.createElement("figcaption");
  label.textContent = caption;
  figure.append(canvas, label);
  return figure;
}
