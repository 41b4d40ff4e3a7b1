// The main page's puzzle chooser: a tab per registered puzzle, and a panel
// each, made from the registry (puzzles/index.mjs) alone.
//
// The tabs stay one row. When that row does not fit the page's width (a
// phone with more than three or four puzzles, or many on a laptop), the row
// folds into a menu: one button naming the puzzle on screen ("Lights Out ▾")
// opens the same tabs as a list over the page (it moves nothing below it).
// The fit is measured, not guessed from a count: titles differ in length.
//
// Keys: the tabs are buttons (Tab reaches each, Enter or Space picks one);
// in the tab list, arrows (Left/Right, and Up/Down in the menu), Home and End
// move between tabs; Escape closes an open menu, back on its button.

/** A small number in words, for the tagline; larger ones as digits. */
const WORDS = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"];
export const countWord = (n) => WORDS[n] ?? String(n);

/** The page's tagline for `count` puzzles. */
export function tagline(count) {
  return `${countWord(count)} ${count === 1 ? "puzzle" : "puzzles"} to play, and a lab that solves any board exactly.`;
}

export class PuzzleTabs {
  /**
   * @param {object} parts
   *   row      the row the tabs share with the page's buttons (its width is the room)
   *   tabs     the tab list (role="tablist"), in a positioned box of its own
   *   panels   where the panels go
   *   puzzles  the registry's entries ({id, title, intro})
   *   intro    (puzzle) => the panel's HTML
   *   select   (id) => show that puzzle (the page's show())
   */
  constructor({ row, tabs, panels, puzzles, intro, select }) {
    this.row = row;
    this.tabs = tabs;
    this.puzzles = puzzles;
    this.select = select;
    this.menuButton = Object.assign(document.createElement("button"), { type: "button", className: "puzzle-menu" });
    this.menuButton.setAttribute("aria-haspopup", "true");
    this.menuButton.setAttribute("aria-expanded", "false");
    this.menuButton.setAttribute("aria-controls", tabs.id);
    this.menuButton.hidden = true;
    tabs.before(this.menuButton);
    for (const puzzle of puzzles) {
      const tab = document.createElement("button");
      tab.type = "button";
      tab.role = "tab";
      tab.id = `tab-${puzzle.id}`;
      tab.textContent = puzzle.title;
      tab.setAttribute("aria-controls", `panel-${puzzle.id}`);
      tab.setAttribute("aria-selected", "false");
      tab.addEventListener("click", () => {
        const fromMenu = this.row.hasAttribute("data-menu-open");
        this.openMenu(false);
        select(puzzle.id);
        if (fromMenu) this.menuButton.focus(); // the tab chosen is hidden with the menu
      });
      tabs.append(tab);

      const panel = document.createElement("section");
      panel.id = `panel-${puzzle.id}`;
      panel.role = "tabpanel";
      panel.hidden = true;
      panel.setAttribute("aria-labelledby", tab.id);
      panel.innerHTML = intro(puzzle);
      panels.append(panel);
    }
    this.menuButton.addEventListener("click", () => this.openMenu(this.menuButton.getAttribute("aria-expanded") !== "true"));
    tabs.addEventListener("keydown", (event) => this.#key(event));
    // Tabbing out of an open menu closes it.
    tabs.addEventListener("focusout", (event) => {
      if (!this.row.contains(event.relatedTarget)) this.openMenu(false);
    });
    document.addEventListener("pointerdown", (event) => {
      if (!this.row.contains(event.target)) this.openMenu(false);
    });
    this.fit();
    new ResizeObserver(() => this.fit()).observe(row);
  }

  /** The tab buttons, in the registry's order. */
  get buttons() {
    return [...this.tabs.querySelectorAll('[role="tab"]')];
  }

  /** Mark `id`'s tab selected and show its panel alone. */
  show(id) {
    for (const puzzle of this.puzzles) {
      const selected = puzzle.id === id;
      document.getElementById(`tab-${puzzle.id}`).setAttribute("aria-selected", String(selected));
      document.getElementById(`panel-${puzzle.id}`).hidden = !selected;
      if (selected) this.menuButton.textContent = `${puzzle.title} ▾`;
    }
  }

  /**
   * Tabs while they fit the row in one line, else the menu. Measured with
   * the tabs laid out in a row (their own width, whatever the mode shown).
   */
  fit() {
    const open = this.menuButton.getAttribute("aria-expanded") === "true";
    this.row.dataset.fit = "tabs";
    const needed = this.tabs.scrollWidth;
    const room = this.row.clientWidth;
    const menu = needed > room + 0.5;
    this.row.dataset.fit = menu ? "menu" : "tabs";
    this.menuButton.hidden = !menu;
    if (!menu) this.openMenu(false);
    else if (open) this.openMenu(true);
  }

  /** Open (or close) the menu; opening moves the focus to the selected tab. */
  openMenu(open) {
    if (this.row.dataset.fit !== "menu") open = false;
    const was = this.menuButton.getAttribute("aria-expanded") === "true";
    this.menuButton.setAttribute("aria-expanded", String(open));
    this.row.toggleAttribute("data-menu-open", open);
    if (open && !was) (this.buttons.find((b) => b.getAttribute("aria-selected") === "true") ?? this.buttons[0])?.focus();
  }

  #key(event) {
    const buttons = this.buttons;
    const at = buttons.indexOf(document.activeElement);
    if (event.key === "Escape" && this.row.hasAttribute("data-menu-open")) {
      event.preventDefault();
      this.openMenu(false);
      this.menuButton.focus();
      return;
    }
    if (at < 0) return;
    const steps = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 1, ArrowUp: -1 };
    let to = null;
    if (event.key in steps) to = (at + steps[event.key] + buttons.length) % buttons.length;
    else if (event.key === "Home") to = 0;
    else if (event.key === "End") to = buttons.length - 1;
    if (to === null) return;
    event.preventDefault();
    buttons[to].focus();
  }
}
