// Drawing the peg board on its canvas: where each hole sits (the square or
// the triangular lattice), the colours (CSS variables of pegs.css, so themes
// set them), the painting of holes, pegs, goal rings, jump targets, the hint
// arrow and the keyboard ring, and which hole a pointer is over. Nothing here
// keeps state: the board passes what it shows.

import { drawFocusRing } from "../../grid-canvas.mjs";

/** The board's colours, as CSS custom properties (PuzzleBoard.readColors reads them). */
export const PALETTE = {
  border: "--border", hole: "--peg-hole", goal: "--peg-goal", target: "--peg-target",
  selected: "--peg-selected", peg: "--peg", hint: "--peg-hint",
};

const key = (r, c) => `${r},${c}`;

/**
 * Where the holes go: {cell, rows, cols, width, height, at(r, c)}, `at` the
 * centre of cell (r, c) in CSS pixels. `cells` the rows of "o . -"; in the
 * editor (`editing`) the "-" cells count too, since holes may be added
 * there; `width` and `height` the room the board may take.
 */
export function boardGeometry(cells, { triangular, editing, width, height }) {
  const rows = cells.length;
  const cols = rows ? cells[0].length : 1;
  const xOf = (r, c) => (triangular ? c - r / 2 : c);
  let minX = Infinity;
  let maxX = -Infinity;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!editing && cells[r][c] === "-") continue;
      minX = Math.min(minX, xOf(r, c));
      maxX = Math.max(maxX, xOf(r, c));
    }
  }
  if (!Number.isFinite(minX)) { minX = 0; maxX = cols - 1; }
  const rowStep = triangular ? Math.sqrt(3) / 2 : 1;
  const wide = maxX - minX + 1;
  const high = (rows - 1) * rowStep + 1;
  const cell = Math.max(12, Math.min(64, Math.floor(Math.min(width / wide, height / high))));
  return {
    cell, rows, cols,
    width: wide * cell, height: high * cell,
    at: (r, c) => [(xOf(r, c) - minX + 0.5) * cell, (r * rowStep + 0.5) * cell],
  };
}

/**
 * Size the canvas to `geo` (sharp on high-density screens) and paint the
 * view: {cells, editing, colors (of PALETTE), goalCells, moves (the legal
 * jumps [[fr, fc], [tr, tc]]), selected (the picked peg [r, c] or null), hint
 * (a jump or null), cursor (the keyboard ring's cell or null)}.
 */
export function paintBoard(canvas, ctx, geo, view) {
  const { cells, editing, colors, selected, hint, cursor } = view;
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = `${geo.width}px`;
  canvas.style.height = `${geo.height}px`;
  canvas.width = Math.round(geo.width * ratio);
  canvas.height = Math.round(geo.height * ratio);
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  // The picked peg's jumps are marked on their holes.
  const targets = new Set();
  if (selected) {
    for (const [[fr, fc], [tr, tc]] of view.moves) {
      if (fr === selected[0] && fc === selected[1]) targets.add(key(tr, tc));
    }
  }
  const goals = new Set(view.goalCells.map(([r, c]) => key(r, c)));
  const radius = geo.cell * 0.36;
  const disc = (x, y, size) => {
    ctx.beginPath();
    ctx.arc(x, y, size, 0, 2 * Math.PI);
  };
  for (let r = 0; r < geo.rows; r++) {
    for (let c = 0; c < geo.cols; c++) {
      const cellChar = cells[r][c];
      const [x, y] = geo.at(r, c);
      if (cellChar === "-") {
        if (editing) {
          ctx.strokeStyle = colors.border;
          ctx.setLineDash([3, 3]);
          disc(x, y, radius * 0.6);
          ctx.stroke();
          ctx.setLineDash([]);
        }
        continue;
      }
      ctx.fillStyle = colors.hole;
      disc(x, y, radius * 0.55);
      ctx.fill();
      if (goals.has(key(r, c))) {
        ctx.strokeStyle = colors.goal;
        ctx.lineWidth = Math.max(2, geo.cell / 16);
        disc(x, y, radius * 1.05);
        ctx.stroke();
      }
      if (targets.has(key(r, c))) {
        ctx.fillStyle = colors.target;
        disc(x, y, radius * 0.45);
        ctx.fill();
      }
      if (cellChar === "o") {
        const picked = selected && selected[0] === r && selected[1] === c;
        ctx.fillStyle = picked ? colors.selected : colors.peg;
        disc(x, y, radius);
        ctx.fill();
      }
    }
  }
  if (hint) paintArrow(ctx, geo, hint, colors.hint);
  if (cursor && cursor[0] < geo.rows && cursor[1] < geo.cols) {
    const [x, y] = geo.at(...cursor);
    drawFocusRing(ctx, x - geo.cell / 2, y - geo.cell / 2, geo.cell, geo.cell);
  }
}

/** The hint: an arrow from the peg to the hole it should jump into. */
function paintArrow(ctx, geo, [[fr, fc], [tr, tc]], color) {
  const [x0, y0] = geo.at(fr, fc);
  const [x1, y1] = geo.at(tr, tc);
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = Math.max(3, geo.cell / 10);
  ctx.beginPath();
  ctx.moveTo(x0, y0);
  ctx.lineTo(x1, y1);
  ctx.stroke();
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const head = geo.cell * 0.35;
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x1 - head * Math.cos(angle - 0.5), y1 - head * Math.sin(angle - 0.5));
  ctx.lineTo(x1 - head * Math.cos(angle + 0.5), y1 - head * Math.sin(angle + 0.5));
  ctx.fill();
}

/**
 * The cell nearest the point (x, y) (CSS pixels in the canvas) within about
 * half a cell, or null: holes only, except in the editor (`editing`).
 */
export function nearestCell(geo, cells, x, y, { editing }) {
  let best = null;
  let bestDistance = (geo.cell * 0.55) ** 2;
  for (let r = 0; r < geo.rows; r++) {
    for (let c = 0; c < geo.cols; c++) {
      if (!editing && cells[r][c] === "-") continue;
      const [cx, cy] = geo.at(r, c);
      const d = (cx - x) ** 2 + (cy - y) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = [r, c];
      }
    }
  }
  return best;
}
