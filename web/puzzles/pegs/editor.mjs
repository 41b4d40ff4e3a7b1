// The board editor's tools (Edit mode): its toolbar's markup, the chosen
// tool (peg, empty hole, no hole, goal hole), the shape fields (lattice,
// rows, columns) and what each edit makes of the drawn cells. The board
// turns the result into a new game (Python, or the rules module, judges it:
// a drawing may have no hole or too many).

import { MAX_HOLES } from "./rules.mjs";

export const MAX_SIDE = 12; // rows and columns of a drawn board

/** The editor's toolbar, in the board's template (hidden until Edit). */
export const EDITOR_MARKUP = `
  <div class="toolbar" data-part="edit-tools" hidden>
    <div class="group" role="group" aria-label="Edit tool">
      <button type="button" data-tool="peg" aria-pressed="true">Peg</button>
      <button type="button" data-tool="hole" aria-pressed="false">Empty hole</button>
      <button type="button" data-tool="none" aria-pressed="false">No hole</button>
      <button type="button" data-tool="goal" aria-pressed="false">Goal hole</button>
    </div>
    <div class="group">
      <label>Lattice <select data-field="lattice">
        <option value="square">Square</option><option value="triangular">Triangular</option>
      </select></label>
      <label>Rows <input data-field="rows" type="number" min="1" max="${MAX_SIDE}" value="7"></label>
      <label>Columns <input data-field="cols" type="number" min="1" max="${MAX_SIDE}" value="7"></label>
      <button type="button" data-action="resize">Resize</button>
      <button type="button" data-action="fill">Fill all holes</button>
    </div>
  </div>`;

export class BoardEditor {
  /** @param {HTMLElement} root the board's element, holding EDITOR_MARKUP */
  constructor(root) {
    this.root = root;
    this.tool = "peg";
    this.fields = Object.fromEntries(["lattice", "rows", "cols"].map((name) =>
      [name, root.querySelector(`[data-field="${name}"]`)]));
  }

  /** The tool of a data-tool button, pressed alone. */
  chooseTool(button) {
    this.tool = button.dataset.tool;
    for (const other of this.root.querySelectorAll("[data-tool]")) {
      other.setAttribute("aria-pressed", String(other === button));
    }
  }

  /** The shape fields show the board's (on entering Edit). */
  showShape({ lattice, rows, cols }) {
    this.fields.lattice.value = lattice;
    this.fields.rows.value = rows;
    this.fields.cols.value = cols;
  }

  /**
   * The tool applied to cell [r, c] of `cells` (the board's drawn rows,
   * written in place so that edits made before the last one's answer add
   * up): {goal: "r,c"} for the goal tool on a hole, {} for a changed cell,
   * null when the tool does nothing there.
   */
  apply(cells, [r, c]) {
    if (this.tool === "goal") return cells[r][c] === "-" ? null : { goal: `${r},${c}` };
    cells[r][c] = { peg: "o", hole: ".", none: "-" }[this.tool];
    return {};
  }

  /**
   * `cells` cut or grown to the rows and columns asked (new cells hold pegs),
   * on the lattice asked: {cells, lattice}, or {error} when the size is out
   * of range.
   */
  resized(cells) {
    const rows = Number(this.fields.rows.value);
    const cols = Number(this.fields.cols.value);
    const lattice = this.fields.lattice.value;
    if (!(rows >= 1 && cols >= 1 && rows <= MAX_SIDE && cols <= MAX_SIDE)) {
      return { error: `Rows and columns go from 1 to ${MAX_SIDE}.` };
    }
    const grown = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => cells[r]?.[c] ?? "o"));
    if (rows * cols > MAX_HOLES && grown.flat().filter((ch) => ch !== "-").length > MAX_HOLES) {
      // Keep within MAX_HOLES holes: extra cells start as "no hole".
      let holes = 0;
      for (const row of grown) for (let c = 0; c < row.length; c++) {
        if (row[c] !== "-" && ++holes > MAX_HOLES) row[c] = "-";
      }
    }
    return { cells: grown, lattice };
  }

  /** Every hole of `cells` holding a peg (a new array). */
  static filled(cells) {
    return cells.map((row) => row.map((ch) => (ch === "-" ? "-" : "o")));
  }
}
