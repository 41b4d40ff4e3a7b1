// The lab's "How many grids" panel: how many valid grids each shape has
// (grid-counts.json, read by lab-tables.mjs when the panel is first opened),
// in two tables, rows by columns: with the rule that no two rows or columns
// are alike, and without it. A count found published carries its source (a
// letter, spelled out under the tables); one found nowhere is marked "new".
// A shape the file holds only turned a quarter (6×4 for 4×6) shows that
// count, greyed and said to be the same by symmetry; a shape the file holds
// without a count says why, in the file's words.

import { escape, fetchForPanel, loadGridCounts, secondsText, wholeText } from "./lab-tables.mjs";

/** The panel's markup, in the board's template. */
export const COUNTS_MARKUP = `
  <details class="bin-lab counts-panel">
    <summary>How many grids</summary>
    <p class="bin-lab-intro">How many ways there are to fill a grid of each shape (rows × columns)
      by the rules, counted exactly by the same counter as <em>Count solutions</em>; the second
      table drops the rule that no two rows and no two columns are alike. A letter marks a count
      found published (the sources are under the tables); <em>new</em> marks one we found
      nowhere.</p>
    <p class="bin-lab-status counts-status" aria-live="polite">The tables are fetched when this panel is first opened.</p>
    <p class="bin-lab-caption" hidden></p>
    <div class="bin-lab-table counts-table" data-distinct="true" role="region" tabindex="0"
      aria-label="Grids with no two lines alike"></div>
    <p class="bin-lab-caption" hidden></p>
    <div class="bin-lab-table counts-table" data-distinct="false" role="region" tabindex="0"
      aria-label="Grids where lines may be alike"></div>
    <p class="bin-lab-note counts-notes"></p>
  </details>`;

const CAPTIONS = {
  true: "Valid grids: balanced lines, no three alike in a row, no two rows or columns alike",
  false: "Without the last rule: rows (or columns) may be alike",
};

export class CountsPanel {
  /**
   * @param {HTMLElement} root the board's element (holding COUNTS_MARKUP);
   *   its data-counts-table says whether the tables are "loading", "shown" or "failed"
   */
  constructor(root) {
    this.root = root;
    this.counts = null;
    this.panel = root.querySelector("details.counts-panel");
    this.panel.addEventListener("toggle", () => this.panel.open && this.wake());
  }

  /** Fetch the counts (once) and draw the tables (lab-tables.mjs's fetchForPanel). */
  wake() {
    fetchForPanel(this.root, "countsTable", this.root.querySelector(".counts-status"), {
      load: loadGridCounts, what: "the tables", emptyText: "The file holds no count.",
      isEmpty: (counts) => !counts.entries.length,
      show: (counts) => { this.counts = counts; this.#render(); },
    });
  }

  #render() {
    const { entries } = this.counts;
    const sources = [...new Set(entries.map((e) => e.source).filter(Boolean))];
    const mark = (source) => String.fromCharCode(97 + sources.indexOf(source)); // a, b, c…
    const notes = [];
    for (const box of this.root.querySelectorAll(".counts-table")) {
      const distinct = box.dataset.distinct === "true";
      const mine = entries.filter((e) => e.distinct === distinct);
      // The caption sits above the box, so that it stays in view when a wide table scrolls.
      const caption = box.previousElementSibling;
      caption.textContent = CAPTIONS[distinct];
      caption.hidden = !mine.length;
      if (!mine.length) {
        box.innerHTML = "";
        continue;
      }
      const find = (rows, cols) => mine.find((e) => e.rows === rows && e.cols === cols);
      // Every side in the file, both ways: a shape held only turned still gets its cell.
      const sides = [...new Set(mine.flatMap((e) => [e.rows, e.cols]))].sort((a, b) => a - b);
      const cell = (rows, cols) => {
        const entry = find(rows, cols);
        if (entry) return this.#cell(entry, mark, notes, distinct);
        const turned = find(cols, rows);
        if (turned?.count) {
          return `<td class="turned" data-rows="${rows}" data-cols="${cols}" title="The same as ${cols}×${rows}: `
            + `a grid turned a quarter turn">${wholeText(turned.count)}</td>`;
        }
        return "<td class=\"none\">—</td>";
      };
      // Bare numbers on screen (narrow phones), the words for screen readers.
      const head = sides.map((c) => `<th scope="col">${c}<span class="visually-hidden"> columns</span></th>`).join("");
      const body = sides.map((r) => `<tr><th scope="row">${r}<span class="visually-hidden"> rows</span></th>`
        + `${sides.map((c) => cell(r, c)).join("")}</tr>`);
      box.innerHTML = `<table><caption class="visually-hidden">${CAPTIONS[distinct]}</caption><thead><tr>`
        + `<td class="corner" aria-hidden="true">rows × columns</td>${head}</tr></thead>`
        + `<tbody>${body.join("")}</tbody></table>`;
    }
    const said = sources.map((source) => `${mark(source)}: ${escape(source)}`);
    const parts = [];
    if (said.length) parts.push(`Published: ${said.join("; ")}.`);
    parts.push("<em>new</em>: not found published. Greyed: the same shape turned a quarter turn (rows and"
      + " columns swap, the count is the same). Point at a count for the time it took.");
    parts.push(...notes);
    this.root.querySelector(".counts-notes").innerHTML = parts.join(" ");
  }

  /** One counted shape: its count and mark, or why it has none (said once under the tables). */
  #cell(entry, mark, notes, distinct) {
    const where = `data-rows="${entry.rows}" data-cols="${entry.cols}"`;
    if (!entry.count) {
      // Each reason a sentence of its own, whether or not the file ended it with a stop.
      const said = String(entry.note ?? "").trim().replace(/([^.!?])$/, "$1.");
      const why = said ? `${entry.rows}×${entry.cols}${distinct ? "" : " (lines may be alike)"}: ${escape(said)}` : null;
      if (why) notes.push(why);
      return `<td class="uncounted" ${where}>not counted</td>`;
    }
    const tag = entry.source
      ? `<sup class="source" title="${escape(entry.source)}">${mark(entry.source)}</sup>`
      : "<sup class=\"new\">new</sup>";
    const how = entry.methods ? `counted by ${entry.methods}` : entry.seconds === null ? null
      : `counted in ${secondsText(entry.seconds)}`;
    const time = how ? ` title="${escape(how)}"` : "";
    return `<td ${where}${time}><span class="count">${wholeText(entry.count)}</span>${tag}</td>`;
  }
}
