// The "Board and rules" controls of the Lights Out board: the size (presets,
// rows, columns), the difficulty of a random board, and the rules
// (neighbourhood, wrapping, number of states, the custom pattern editor).
// They read as lightsout.new / lightsout.load options and follow the rules
// of the board shown, so that undo and shared links show their own.

import { pressVerb } from "../../grid-canvas.mjs";
import { NEIGHBOURHOODS as OFFSETS, MAX_STATES, MAX_STENCIL_SIDE, stencilText } from "./rules.mjs";

const PRESETS = [
  { label: "5×5 (XLightOff)", rows: 5, cols: 5 },
  { label: "10×10 (Enlight)", rows: 10, cols: 10 },
  { label: "7×7", rows: 7, cols: 7 },
  { label: "20×20", rows: 20, cols: 20 },
  { label: "50×50", rows: 50, cols: 50 },
  { label: "200×200", rows: 200, cols: 200 },
  { label: "1000×1000", rows: 1000, cols: 1000 },
];
/** The neighbourhoods offered, each with what a press changes in words. */
export const NEIGHBOURHOOD_CHOICES = [
  { value: "cross", label: "Cross (classic)", rule: "its four neighbours" },
  { value: "king", label: "Cross + diagonals", rule: "its eight neighbours" },
  { value: "diagonal", label: "Diagonals", rule: "its four diagonal neighbours" },
  { value: "knight", label: "Knight's moves", rule: "the cells a knight's move away" },
  { value: "custom", label: "Custom…", rule: "the cells of your pattern" },
];
/** The numbers of states offered: 2 (on/off) .. MAX_STATES. */
export const STATE_CHOICES = Array.from({ length: MAX_STATES - 1 }, (_, i) => i + 2);
// The custom pattern editor starts 5x5 and grows by a ring whenever a cell on
// its edge is marked, up to the 9x9 the solver accepts (MAX_STENCIL_SIDE).
const STENCIL_MIN_RADIUS = 2;
const STENCIL_MAX_RADIUS = (MAX_STENCIL_SIDE - 1) / 2;

/** What a click (a tap on touch screens) does under `variant` with k = `states`, in words. */
export function rulesText(variant = {}, states = 2) {
  const named = NEIGHBOURHOOD_CHOICES.find((n) => n.value === (variant.neighbourhood || "cross"));
  const rule = (named || NEIGHBOURHOOD_CHOICES.at(-1)).rule + (variant.wrap ? ", wrapping around the edges" : "");
  const k = states;
  const press = pressVerb();
  return k === 2
    ? `Turn all the lights out. A ${press} toggles a cell and ${rule}.`
    : `Turn every cell to 0. A ${press} adds 1 to a cell and ${rule}; ${k - 1} goes round to 0.`;
}

export class RuleControls {
  /**
   * Wire the controls in the board's `root` (template.mjs's markup).
   * @param {HTMLElement} root
   * @param {{shown: () => object|null, newBoard: () => void,
   *   changeVariant: (newBoard: boolean) => void, say: (text: string, isError?: boolean) => void}} board
   *   shown: the state on the board, or null before the first one; newBoard:
   *   deal a random board of the chosen size and rules; changeVariant: the
   *   same board under the rules now chosen (or, with true, a new board);
   *   say: a line in the board's message
   */
  constructor(root, { shown, newBoard, changeVariant, say }) {
    this.root = root;
    this.shown = shown;
    this.newBoard = newBoard;
    this.changeVariant = changeVariant;
    this.say = say;
    this.stencilEditing = false; // "Custom…" chosen: keep the editor open
    this.#wire();
  }

  field(name) {
    return this.root.querySelector(`[data-field="${name}"]`);
  }

  /** The size typed in Rows and Columns, as numbers (checked by the caller). */
  shape() {
    return { rows: Number(this.field("rows").value), cols: Number(this.field("cols").value) };
  }

  /** A board of a new shape is shown: its size in Rows, Columns and Size. */
  showShape(rows, cols) {
    this.field("rows").value = rows;
    this.field("cols").value = cols;
    const match = PRESETS.findIndex((p) => p.rows === rows && p.cols === cols);
    this.field("preset").value = match >= 0 ? String(match) : "custom";
  }

  /** The classic rules (cross, no wrap, on/off), as the daily puzzle is played. */
  chooseClassic() {
    this.field("neighbourhood").value = "cross";
    this.field("wrap").checked = false;
    this.field("states").value = "2";
    this.stencilEditing = false;
  }

  /** The difficulty for the generator: a level, a press count, undefined (any), or null (invalid). */
  difficulty() {
    const level = this.field("difficulty").value;
    if (level !== "count") return level || undefined;
    const count = Number(this.field("press-count").value);
    if (!Number.isInteger(count) || count < 1) {
      this.say("The number of presses must be a whole number from 1 up.", true);
      return null;
    }
    return count;
  }

  /** The rules chosen in the controls, as lightsout.new / lightsout.load options. */
  variantOptions() {
    const choice = this.field("neighbourhood").value;
    return {
      wrap: this.field("wrap").checked,
      neighbourhood: choice === "custom" ? this.#stencilText() : choice,
      states: Number(this.field("states").value),
    };
  }

  /** Set the rule controls from the board's variant, so undo and shared IDs show their rules. */
  showVariant(variant = {}) {
    const name = variant.neighbourhood || "cross";
    const named = NEIGHBOURHOOD_CHOICES.some((n) => n.value === name && n.value !== "custom");
    const custom = this.stencilEditing || !named;
    this.field("neighbourhood").value = custom ? "custom" : name;
    this.field("wrap").checked = Boolean(variant.wrap);
    this.field("states").value = String(variant.states || 2);
    const difficulty = this.field("difficulty");
    difficulty.disabled = (variant.states || 2) > 2;
    difficulty.title = difficulty.disabled ? "Difficulty levels are graded for on/off boards (2 states)." : "";
    this.root.querySelector(".stencil-editor").hidden = !custom;
    if (custom) this.#syncStencil(variant.stencil || OFFSETS.cross);
  }

  /** Show the board's stencil ([dr, dc] offsets) in the editor, one ring wider than its reach. */
  #syncStencil(offsets) {
    const reach = Math.max(0, ...offsets.map(([dr, dc]) => Math.max(Math.abs(dr), Math.abs(dc))));
    this.#buildStencilEditor(Math.min(STENCIL_MAX_RADIUS, Math.max(STENCIL_MIN_RADIUS, reach + 1)));
    const on = new Set(offsets.map(([dr, dc]) => `${dr},${dc}`));
    for (const button of this.root.querySelectorAll(".stencil button")) {
      button.setAttribute("aria-pressed", String(on.has(button.dataset.offset)));
    }
  }

  /** The editor's marked cells as [dr, dc] offsets. */
  #stencilOffsets() {
    return [...this.root.querySelectorAll('.stencil button[aria-pressed="true"]')]
      .map((button) => button.dataset.offset.split(",").map(Number));
  }

  /** The editor's pattern as a STENCIL (odd rows of 0/1 joined by "."), trimmed to its reach. */
  #stencilText() {
    return stencilText(this.#stencilOffsets());
  }

  /** (Re)build the editor's (2 radius + 1)-square grid of cell buttons, all off. */
  #buildStencilEditor(radius) {
    const box = this.root.querySelector(".stencil");
    if (Number(box.dataset.radius) === radius) return;
    box.dataset.radius = String(radius);
    box.style.setProperty("--stencil-side", String(2 * radius + 1));
    box.replaceChildren();
    for (let dr = -radius; dr <= radius; dr++) {
      for (let dc = -radius; dc <= radius; dc++) {
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.offset = `${dr},${dc}`;
        button.setAttribute("aria-pressed", "false");
        const where = dr === 0 && dc === 0 ? "the pressed cell" : `${Math.abs(dr)} ${dr < 0 ? "up" : "down"}, ${Math.abs(dc)} ${dc < 0 ? "left" : "right"}`;
        button.setAttribute("aria-label", where);
        if (dr === 0 && dc === 0) button.classList.add("centre");
        box.append(button);
      }
    }
  }

  #wireStencilEditor() {
    const box = this.root.querySelector(".stencil");
    this.#buildStencilEditor(STENCIL_MIN_RADIUS);
    box.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-offset]");
      if (!button || !this.shown()) return;
      event.stopPropagation(); // not a toolbar action
      button.setAttribute("aria-pressed", String(button.getAttribute("aria-pressed") !== "true"));
      const offsets = this.#stencilOffsets();
      if (!offsets.length) {
        this.say("The pattern needs at least one cell.", true);
        return;
      }
      const focused = button.dataset.offset;
      this.#syncStencil(offsets); // a mark on the edge adds a ring
      box.querySelector(`[data-offset="${focused}"]`)?.focus();
      this.changeVariant(false);
    });
  }

  #wire() {
    const select = this.field("preset");
    select.innerHTML = PRESETS.map((p, i) => `<option value="${i}">${p.label}</option>`).join("")
      + '<option value="custom">Custom</option>';
    select.addEventListener("change", () => {
      const preset = PRESETS[Number(select.value)];
      if (!preset) {
        // "Custom": the size is typed in Rows and Columns (Enter makes the board).
        this.field("rows").focus();
        this.field("rows").select();
        return;
      }
      this.field("rows").value = preset.rows;
      this.field("cols").value = preset.cols;
      this.newBoard();
    });
    // Enter in Rows or Columns makes a new board of that size, as a size choice does.
    for (const name of ["rows", "cols"]) {
      this.field(name).addEventListener("keydown", (event) => {
        if (event.key !== "Enter" || !this.shown()) return;
        event.preventDefault();
        this.newBoard();
      });
    }
    this.#wireStencilEditor();
    this.field("neighbourhood").addEventListener("change", (event) => {
      const state = this.shown();
      if (!state) return;
      // "Custom…" opens the editor on the current pattern; the board changes
      // once the pattern does.
      this.stencilEditing = event.target.value === "custom";
      if (this.stencilEditing) this.showVariant(state.variant);
      else this.changeVariant(false);
    });
    this.field("wrap").addEventListener("change", () => this.shown() && this.changeVariant(false));
    this.field("states").addEventListener("change", () => this.shown() && this.changeVariant(true));
    this.field("difficulty").addEventListener("change", (event) => {
      this.field("press-count-label").hidden = event.target.value !== "count";
    });
  }
}
