// The Single-light gallery's content: for each cell, a small board with only
// that light on and the presses that turn it off, framed in red when it
// cannot be solved; pointing at one rings its cell on the board, a click
// plays it.

import { paintThumbnail } from "../../grid-canvas.mjs";
import { mixPacked } from "./painter.mjs";

/**
 * Fill the Gallery panel's `body` with lightsout.gallery's answer: one button
 * per cell, a board with only that light on and the presses that turn it
 * off. `states` (k) and the painter's `palette` colour them; `point([row, col]
 * or null)` is told which cell the pointer or focus is on, `play(row, col)`
 * which one was clicked.
 */
export function renderGallery(body, gallery, { states, palette, point, play }) {
  const { rows, cols } = gallery;
  const p = palette.packed;
  const lit = p.states[states - 1];
  // Where the light is pressed too: halfway between the light and the mark.
  const both = mixPacked(lit, p.mark, 0.5);
  body.style.setProperty("--gallery-cols", cols);
  body.classList.toggle("dense", cols > 8);
  const items = gallery.cells.map(({ row, col, solvable, presses }) => {
    const colors = new Uint32Array(rows * cols).fill(p.states[0]);
    for (const [r, c] of presses) colors[r * cols + c] = p.mark;
    const self = row * cols + col;
    colors[self] = colors[self] === p.mark ? both : lit;
    const button = document.createElement("button");
    button.type = "button";
    button.className = solvable ? "cell-thumb" : "cell-thumb unsolvable";
    const count = new Set(presses.map(([r, c]) => r * cols + c)).size;
    const label = solvable ? `${presses.length} press${presses.length === 1 ? "" : "es"}` : "no solution";
    button.setAttribute("aria-label", `Row ${row + 1}, column ${col + 1}: ${label}`);
    button.title = `Only the light at row ${row + 1}, column ${col + 1}: ${label}` +
      (solvable && count !== presses.length ? ` on ${count} cells` : "");
    const canvas = document.createElement("canvas");
    paintThumbnail(canvas, rows, cols, colors, 64);
    const caption = document.createElement("span");
    caption.textContent = label;
    button.append(canvas, caption);
    const enter = () => point([row, col]);
    const leave = () => point(null);
    button.addEventListener("pointerenter", enter);
    button.addEventListener("focus", enter);
    button.addEventListener("pointerleave", leave);
    button.addEventListener("blur", leave);
    button.addEventListener("click", () => play(row, col));
    return button;
  });
  const solvable = gallery.cells.filter((cell) => cell.solvable).length;
  const summary = document.createElement("p");
  summary.className = "gallery-summary";
  summary.textContent = `${solvable} of the ${gallery.cells.length} single-light boards can be solved.` +
    pressedShare(gallery.cells, rows * cols);
  body.replaceChildren(summary, ...items);
}

/**
 * The seed's question "what share of the cells does a single light's solution
 * press?", from the gallery's solutions: the average and the range, in words.
 */
export function pressedShare(cells, size) {
  const shares = cells.filter((cell) => cell.solvable)
    .map((cell) => new Set(cell.presses.map(([r, c]) => `${r},${c}`)).size / size);
  if (!shares.length) return "";
  const percent = (x) => `${(100 * x).toFixed(1)}%`;
  const mean = shares.reduce((a, b) => a + b, 0) / shares.length;
  const [low, high] = [Math.min(...shares), Math.max(...shares)];
  return ` A solution presses ${percent(mean)} of the cells on average` +
    (low === high ? " (each the same)." : ` (${percent(low)} to ${percent(high)}).`);
}
