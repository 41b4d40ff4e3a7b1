// Drawing the peg board on its canvas: where each hole sits (the square or
// the triangular lattice), the colours (CSS variables of pegs.css, so themes
// set them), the painting of holes, pegs, goal rings, jump targets, the hint
// arrow and the keyboard ring, and which hole a pointer is over. Nothing here
// keeps state: the board passes what it shows.
//
// The look: a plate (wood in the light theme, slate in the dark) under the
// holes, holes sunk into it (shaded darker at the top, as a lamp above
// sees them) and pegs as lit spheres with a shadow. A jump in motion is
// drawn from `view.motion`: the peg on its way, the jumped peg fading; the
// winning jump then settles the last peg into its goal (a small bounce, and a
// ring spreading from the hole).

import { drawFocusRing, reducedMotion } from "../../grid-canvas.mjs";

/** The board's colours, as CSS custom properties (PuzzleBoard.readColors reads them). */
export const PALETTE = {
  border: "--border", hole: "--peg-hole", goal: "--peg-goal", target: "--peg-target",
  selected: "--peg-selected", peg: "--peg", hint: "--peg-hint", plate: "--peg-plate",
};

/** "rgb(r, g, b)" (what readColors gives) as [r, g, b]; black for anything else. */
const rgbOf = (css) => (css?.match(/\d+(\.\d+)?/g) ?? [0, 0, 0]).slice(0, 3).map(Number);
/** An rgb colour a fraction `t` of the way towards white (t > 0) or black (t < 0), with alpha. */
const shade = (css, t, alpha = 1) => {
  const target = t > 0 ? 255 : 0;
  const [r, g, b] = rgbOf(css).map((v) => Math.round(v + (target - v) * Math.abs(t)));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
};

const key = (r, c) => `${r},${c}`;

/** The plate's room around the outer holes, in cells. */
const PLATE_MARGIN = 0.18;

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
  // A margin of PLATE_MARGIN cells all round: the plate's rim and its shadow.
  const wide = maxX - minX + 1 + 2 * PLATE_MARGIN;
  const high = (rows - 1) * rowStep + 1 + 2 * PLATE_MARGIN;
  const cell = Math.max(12, Math.min(64, Math.floor(Math.min(width / wide, height / high))));
  const margin = PLATE_MARGIN * cell;
  return {
    cell, rows, cols, triangular,
    width: wide * cell, height: high * cell,
    at: (r, c) => [margin + (xOf(r, c) - minX + 0.5) * cell, margin + (r * rowStep + 0.5) * cell],
  };
}

/**
 * Size the canvas to `geo` (sharp on high-density screens) and paint the
 * view: {cells, editing, colors (of PALETTE), goalCells, moves (the legal
 * jumps [[fr, fc], [tr, tc]]), selected (the picked peg [r, c] or null), hint
 * (a jump or null), cursor (the keyboard ring's cell or null), motion (a
 * jump being animated, {from, over, to, t, settle} with t 0..1 and settle
 * null or 0..1 after it, or null: `cells` already show the position after it)}.
 */
export function paintBoard(canvas, ctx, geo, view) {
  const { cells, editing, colors, selected, hint, cursor, motion } = view;
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
  paintPlate(ctx, geo, cells, editing, colors);
  const landing = motion && (motion.t < 1 || motion.settle !== null) ? key(...motion.to) : null;
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
      paintHole(ctx, x, y, radius * 0.58, colors.hole);
      if (goals.has(key(r, c))) {
        ctx.strokeStyle = colors.goal;
        ctx.lineWidth = Math.max(2, geo.cell / 16);
        disc(x, y, radius * 1.12);
        ctx.stroke();
      }
      if (targets.has(key(r, c))) {
        ctx.fillStyle = colors.target;
        disc(x, y, radius * 0.45);
        ctx.fill();
      }
      if (cellChar === "o" && key(r, c) !== landing) {
        const picked = selected && selected[0] === r && selected[1] === c;
        paintPeg(ctx, x, y, radius, picked ? colors.selected : colors.peg);
        if (picked) {
          // A ring as well as the colour, for readers who do not tell the two oranges apart.
          ctx.strokeStyle = colors.selected;
          ctx.lineWidth = Math.max(2, geo.cell / 18);
          disc(x, y, radius * 1.2);
          ctx.stroke();
        }
      }
    }
  }
  if (landing) paintMotion(ctx, geo, motion, radius, colors);
  if (hint) paintArrow(ctx, geo, hint, colors.hint);
  if (cursor && cursor[0] < geo.rows && cursor[1] < geo.cols) {
    const [x, y] = geo.at(...cursor);
    drawFocusRing(ctx, x - geo.cell / 2, y - geo.cell / 2, geo.cell, geo.cell);
  }
}

/**
 * The plate under the holes: one shape that follows the board, lit from the
 * top, with a soft shadow. On the square lattice it is the union of a
 * rounded bar along each run of holes in a row and in a column (bars, not
 * one square per hole, so that no notch shows where two squares would meet);
 * on the triangular one, the same along rows and the two slanted directions.
 */
function paintPlate(ctx, geo, cells, editing, colors) {
  const half = geo.cell * (0.5 + PLATE_MARGIN * 0.8);
  const isHole = (r, c) => r >= 0 && c >= 0 && r < geo.rows && c < geo.cols && (editing || cells[r][c] !== "-");
  const directions = geo.triangular ? [[0, 1], [1, 1], [1, 0]] : [[0, 1], [1, 0]];
  ctx.beginPath();
  for (const [dr, dc] of directions) {
    for (let r = 0; r < geo.rows; r++) {
      for (let c = 0; c < geo.cols; c++) {
        if (!isHole(r, c) || isHole(r - dr, c - dc)) continue; // not the start of a run
        let [er, ec] = [r, c];
        while (isHole(er + dr, ec + dc)) [er, ec] = [er + dr, ec + dc];
        bar(ctx, geo.at(r, c), geo.at(er, ec), half, geo.triangular ? half : geo.cell * 0.22);
      }
    }
  }
  const light = ctx.createLinearGradient(0, 0, 0, geo.height);
  light.addColorStop(0, shade(colors.plate, 0.12));
  light.addColorStop(1, shade(colors.plate, -0.1));
  ctx.save();
  ctx.shadowColor = "rgba(0, 0, 0, 0.3)";
  ctx.shadowBlur = geo.cell * 0.12;
  ctx.shadowOffsetY = geo.cell * 0.04;
  ctx.fillStyle = light;
  ctx.fill();
  ctx.restore();
}

/** A rounded bar from hole centre a to hole centre b, `half` wide on each side, as a subpath. */
function bar(ctx, [x0, y0], [x1, y1], half, corner) {
  const length = Math.hypot(x1 - x0, y1 - y0);
  const angle = Math.atan2(y1 - y0, x1 - x0);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  // The bar's corners in its own frame, turned onto the board (clockwise, as every subpath).
  const corners = [[-half, -half], [length + half, -half], [length + half, half], [-half, half]]
    .map(([u, v]) => [x0 + u * cos - v * sin, y0 + u * sin + v * cos]);
  ctx.moveTo((corners[0][0] + corners[1][0]) / 2, (corners[0][1] + corners[1][1]) / 2);
  for (let i = 1; i <= 4; i++) {
    const [x, y] = corners[i % 4];
    const [nx, ny] = corners[(i + 1) % 4];
    ctx.arcTo(x, y, nx, ny, corner);
  }
  ctx.closePath();
}

/** A hole sunk into the plate: darker at its top edge, where the rim shades it. */
function paintHole(ctx, x, y, size, color) {
  const depth = ctx.createLinearGradient(x, y - size, x, y + size);
  depth.addColorStop(0, shade(color, -0.45));
  depth.addColorStop(0.6, color);
  depth.addColorStop(1, shade(color, 0.18));
  ctx.fillStyle = depth;
  ctx.beginPath();
  ctx.arc(x, y, size, 0, 2 * Math.PI);
  ctx.fill();
}

/** A peg: a sphere lit from the top left, with a shadow on the plate; `alpha` fades it. */
function paintPeg(ctx, x, y, size, color, alpha = 1) {
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.shadowColor = "rgba(0, 0, 0, 0.35)";
  ctx.shadowBlur = size * 0.3;
  ctx.shadowOffsetX = size * 0.08;
  ctx.shadowOffsetY = size * 0.14;
  const ball = ctx.createRadialGradient(x - size * 0.35, y - size * 0.4, size * 0.08, x, y, size);
  ball.addColorStop(0, shade(color, 0.6));
  ball.addColorStop(0.45, color);
  ball.addColorStop(1, shade(color, -0.35));
  ctx.fillStyle = ball;
  ctx.beginPath();
  ctx.arc(x, y, size, 0, 2 * Math.PI);
  ctx.fill();
  ctx.restore();
}

/**
 * A jump under way: the jumped peg fading in its hole, the jumping one on its
 * way, lifted; then, after the winning jump (`settle` 0..1), the last peg
 * bouncing gently into its hole as a ring of the goal colour spreads from it.
 */
function paintMotion(ctx, geo, { from, over, to, t, settle }, radius, colors) {
  const [x1, y1] = geo.at(...to);
  if (t >= 1 && settle !== null) {
    ctx.save();
    ctx.globalAlpha = 1 - settle;
    ctx.strokeStyle = colors.goal;
    ctx.lineWidth = Math.max(2, geo.cell / 12) * (1 - settle * 0.5);
    ctx.beginPath();
    ctx.arc(x1, y1, radius * (1.15 + 1.1 * settle), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.restore();
    const bounce = Math.sin(3 * Math.PI * settle) * (1 - settle) ** 2; // damped: it comes to rest
    paintPeg(ctx, x1, y1 - geo.cell * 0.1 * Math.max(0, bounce), radius * (1 + 0.12 * bounce), colors.peg);
    return;
  }
  const [ox, oy] = geo.at(...over);
  paintPeg(ctx, ox, oy, radius, colors.peg, 1 - t);
  const [x0, y0] = geo.at(...from);
  const lift = 1 + 0.15 * Math.sin(Math.PI * t);
  paintPeg(ctx, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, radius * lift, colors.peg);
}

/**
 * A jump in motion: for JUMP_MS after start() the peg slides from its hole
 * to the landing hole and the jumped peg fades (`current` is what
 * paintBoard's `motion` wants, `redraw` paints a frame); after the winning
 * jump (`settle`) the last peg settles into its goal for SETTLE_MS more; then
 * the position is drawn as it is. Drawing only: the next move is taken at
 * once, and ends it. None for readers who ask for reduced motion; stop()
 * ends it at once.
 */
export class JumpMotion {
  static JUMP_MS = 140; // quick enough never to hold a fast player back
  static SETTLE_MS = 600; // the win's settle: under a second with the jump

  /** @param {() => void} redraw paints the board (reading `current`) */
  constructor(redraw) {
    this.redraw = redraw;
    this.current = null; // {from, over, to, t (eased, 0..1), frame}
  }

  start(from, to, { settle = false } = {}) {
    this.stop();
    if (reducedMotion()) return;
    const motion = { from, over: [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2], to, t: 0, settle: null, frame: 0 };
    const began = performance.now();
    const { JUMP_MS, SETTLE_MS } = JumpMotion;
    const total = JUMP_MS + (settle ? SETTLE_MS : 0);
    const step = (now) => {
      if (this.current !== motion) return;
      // A frame's stamp is when the frame began, which can precede `began`.
      const elapsed = Math.min(total, Math.max(0, now - began));
      const t = Math.min(1, elapsed / JUMP_MS);
      motion.t = 1 - (1 - t) ** 2; // ease out
      motion.settle = settle && t >= 1 ? (elapsed - JUMP_MS) / SETTLE_MS : null;
      if (elapsed >= total) this.current = null; // the last frame: the position as it is
      else motion.frame = requestAnimationFrame(step);
      this.redraw();
    };
    this.current = motion;
    motion.frame = requestAnimationFrame(step);
    this.redraw();
  }

  stop() {
    if (!this.current) return;
    cancelAnimationFrame(this.current.frame);
    this.current = null;
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
