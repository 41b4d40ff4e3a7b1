// The Enlight seed's last questions in the Analysis panel, each figure from
// the solvers: the orbit under "take its solution" (lightsout.analyse's
// `orbit`), the unlimited plane (`plane`), and, for classic n x n boards,
// the fewest presses of the all-lit board and the hardest board of the size
// from the shipped tables (all-lit.json, hardest.json: tools/lightsout_table.py).

import { paintThumbnail } from "../../grid-canvas.mjs";
import { gridValues } from "./rules.mjs";

const TABLES = {
  allLit: new URL("./all-lit.json", import.meta.url),
  hardest: new URL("./hardest.json", import.meta.url),
};
const loaded = {};

/** The shipped table `name` (allLit or hardest) as a Map n -> row, read once. */
export function table(name) {
  loaded[name] ??= fetch(TABLES[name])
    .then((response) => (response.ok ? response.json() : []))
    .then((rows) => new Map(rows.map((row) => [row.n, row])))
    .catch(() => new Map());
  return loaded[name];
}

/** A grid ("0101/…") of an n x n board from hex bits (bit r*n+c: cell (r, c)). */
export function gridOfHex(hex, n) {
  const bits = BigInt(`0x${hex}`).toString(2).padStart(n * n, "0");
  const rows = [];
  for (let r = 0; r < n; r++) {
    // Bit r*n+c counts from the right of the binary string.
    let row = "";
    for (let c = 0; c < n; c++) row += bits[n * n - 1 - (r * n + c)];
    rows.push(row);
  }
  return rows.join("/");
}

function section(title) {
  const details = document.createElement("details");
  details.className = "seed-question";
  const summary = document.createElement("summary");
  summary.textContent = title;
  details.append(summary);
  return details;
}

function paragraph(text) {
  const p = document.createElement("p");
  p.textContent = text;
  return p;
}

function thumb(grid, rows, cols, caption, palette, mark = false, pixels = 96) {
  const values = gridValues(grid, rows, cols);
  const colors = new Uint32Array(rows * cols);
  const on = mark ? palette.packed.mark : palette.packed.states[1];
  for (let i = 0; i < colors.length; i++) colors[i] = values[i] ? on : palette.packed.states[0];
  const figure = document.createElement("figure");
  figure.className = "thumb";
  const canvas = document.createElement("canvas");
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", caption);
  paintThumbnail(canvas, rows, cols, colors, pixels);
  const label = document.createElement("figcaption");
  label.textContent = caption;
  figure.append(canvas, label);
  return figure;
}

function orbitSection(a, rows, cols, palette) {
  const orbit = a.orbit;
  const details = section(orbit.length
    ? `Solution of the solution: back after ${orbit.length} step${orbit.length === 1 ? "" : "s"}`
    : "Solution of the solution, again and again");
  details.append(paragraph(orbit.why));
  if (orbit.steps.length) {
    const thumbs = document.createElement("div");
    thumbs.className = "seed-thumbs";
    orbit.steps.forEach((grid, i) => {
      thumbs.append(thumb(grid, rows, cols, i ? `Step ${i}` : "This board", palette));
    });
    details.append(thumbs);
  }
  return details;
}

function planeSection(plane, palette) {
  const details = section("What about an unlimited plane?");
  details.append(paragraph(
    "No finite set of presses clears a single light there: below the lowest row of presses, " +
    "each cell under a press of that row is toggled by that press alone, so it stays lit; " +
    "likewise above the top row, left of the leftmost column and right of the rightmost. " +
    "Any finite presses leave at least four lights, never one."));
  details.append(paragraph(
    "Infinitely many presses can clear it: press under every light that remains, row after " +
    "row. The presses never stop; their first rows are drawn in orange, the light above the " +
    "middle of the top row."));
  const chase = plane.chase;
  const width = chase[0].length;
  const figures = document.createElement("div");
  figures.className = "seed-thumbs";
  const drawn = thumb(chase.join("/"), chase.length, width,
    `The chase, ${chase.length} rows`, palette, true, 4 * width);
  drawn.classList.add("wide");
  figures.append(drawn);
  details.append(figures);
  const solvable = plane.growing.filter((g) => g.presses != null);
  const edge = solvable.every((g) => g.reaches_edge);
  details.append(paragraph(
    "On a finite board the chase can stop at the edge. A light in the middle of growing boards " +
    `needs ${solvable.map((g) => `${g.presses} (${g.n}x${g.n})`).join(", ")} presses` +
    (edge ? ", and on every one of them the presses reach the edge:" : ":")));
  const growing = document.createElement("div");
  growing.className = "seed-thumbs";
  for (const g of solvable) {
    growing.append(thumb(g.grid, g.n, g.n, `${g.n}x${g.n}: ${g.presses}`, palette, true));
  }
  details.append(growing);
  return details;
}

async function tablesSection(n, play) {
  const [allLit, hardest] = await Promise.all([table("allLit"), table("hardest")]);
  const term = allLit.get(n);
  const hard = hardest.get(n);
  if (!term && !hard) return null;
  const details = section(`${n}x${n} records`);
  if (term) {
    details.append(paragraph(term.proven
      ? `All lights on: ${term.fewest} presses at fewest (proven; OEIS A075464` +
        (term.in_published_bfile ? ")." : ", a term past its published table).")
      : `All lights on: between ${term.lower} and ${term.upper} presses; not proven.`));
  }
  if (hard) {
    const line = hard.proven
      ? `The hardest ${n}x${n} board needs ${hard.lower} presses; no solvable board needs more (proven).`
      : `The hardest ${n}x${n} board found needs ${hard.lower} presses; no board needs more than ${hard.upper}.`;
    const p = paragraph(line + " ");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "inline";
    button.dataset.action = "play-hardest";
    button.textContent = "Play it";
    button.addEventListener("click", () => play(gridOfHex(hard.lights_hex, n)));
    p.append(button);
    details.append(p);
  }
  return details;
}

/**
 * Append the seed's questions to the Analysis panel's `body` for the answer
 * `a`; `classic` says the rules are the classic ones (cross, walls, on/off),
 * for which the tables hold; `play(grid)` loads a board.
 */
export function renderSeedQuestions(body, a, { rows, cols, palette, classic, play }) {
  const box = document.createElement("div");
  box.className = "seed-questions";
  if (a.orbit) box.append(orbitSection(a, rows, cols, palette));
  if (a.plane) box.append(planeSection(a.plane, palette));
  body.append(box);
  if (classic && rows === cols) {
    tablesSection(rows, play).then((details) => {
      if (details && box.isConnected) box.prepend(details);
    });
  }
}
