// The lab's "Fewest clues" panel: the table of the fewest givens any n×n
// binary puzzle with one solution can have (fewest-clues.json, read by
// lab-tables.mjs when the panel is first opened), each size's example as a
// "Play" link, and "Prove it here": the same search run in the page's Python
// (binairo.fewest_clues, in long-jobs.mjs's "fewest" slot with its own bar
// and Cancel) for the sizes small enough, its answer set against the table.
// Larger sizes say how they were computed (natively, the file's command) or
// why they are out of reach (the file's own sentence).

import { escape, fetchForPanel, loadFewestTable, secondsText, wholeText } from "./lab-tables.mjs";
import { Grid } from "./rules.mjs";
import { playGameLinks } from "../../share-links.mjs";

/** The sizes whose search runs in the page (6×6 takes seconds; 8×8 needs numpy and hours). */
export const IN_PAGE = [2, 4, 6];

/** The panel's markup, in the board's template. */
export const FEWEST_MARKUP = `
  <details class="bin-lab fewest-panel">
    <summary>Fewest clues</summary>
    <p class="bin-lab-intro">The fewest given digits a puzzle of each size can have and still have
      exactly one solution. Every valid grid of the size is searched, one class at a time (a grid
      with its turns, mirror images and 0↔1 swap): for each, the smallest set of givens that no
      other grid shares (a minimum hitting set). So no puzzle of that size has fewer.
      <em>Play</em> opens the example.</p>
    <p class="bin-lab-status fewest-status-line" aria-live="polite">The table is fetched when this panel is first opened.</p>
    <div class="bin-lab-table fewest-table" role="region" aria-label="Fewest clues of each grid" tabindex="0"></div>
    <p class="bin-lab-note fewest-by-clues"></p>
    <h3 class="bin-lab-head">Prove it here</h3>
    <div class="toolbar">
      <label>Grid <select data-field="fewest-size"></select></label>
      <button type="button" data-fewest="prove">Run the search</button>
      <button type="button" data-fewest="cancel" hidden>Cancel</button>
      <progress class="fewest-progress" max="1" value="0" hidden></progress>
      <span class="fewest-status" aria-live="polite"></span>
    </div>
    <p class="bin-lab-note fewest-about"></p>
    <div class="fewest-result"></div>
  </details>`;

const sizeText = (n) => `${n}×${n}`;
const plural = (n, one, many = `${one}s`) => `${wholeText(n)} ${n === 1 ? one : many}`;
const classes = (n) => plural(n, "class", "classes");

/**
 * A puzzle as a small picture (a grid of its digits, empty cells blank),
 * with words for screen readers.
 */
export function miniGrid(puzzle, words) {
  const rows = puzzle.split("/");
  const cells = rows.join("").split("").map((d) => `<span class="d${d === "." ? "e" : d}">${d === "." ? "" : d}</span>`);
  return `<span class="bin-mini" role="img" aria-label="${escape(words)}" style="--n: ${rows[0].length}">${cells.join("")}</span>`;
}

export class FewestPanel {
  /**
   * @param {HTMLElement} root the board's element (holding FEWEST_MARKUP);
   *   its data-fewest-table ("loading", "shown", "failed"), data-fewest-proof
   *   ("running", "done", "cancelled", "error") and data-fewest-agrees ("yes",
   *   "no", "no-row") say how things went (tests read them)
   * @param {import("../../long-jobs.mjs").LongJobs} jobs the board's job manager
   * @param {{open: (gameId: string) => void, href: (gameId: string) => string}} host
   *   open: play a puzzle's game ID as a new game; href: a link's address for it
   */
  constructor(root, jobs, host) {
    this.root = root;
    this.jobs = jobs;
    this.host = host;
    this.table = null; // readFewestTable's value, once it has arrived
    this.panel = root.querySelector("details.fewest-panel");
    this.picker = root.querySelector('[data-field="fewest-size"]');
    this.status = root.querySelector(".fewest-status");
    this.bar = root.querySelector(".fewest-progress");
    this.proveButton = root.querySelector('[data-fewest="prove"]');
    this.cancelButton = root.querySelector('[data-fewest="cancel"]');
    this.#fillPicker();
    this.panel.addEventListener("toggle", () => this.panel.open && this.wake());
    this.picker.addEventListener("change", () => this.#about());
    this.proveButton.addEventListener("click", () => this.prove(Number(this.picker.value)));
    this.cancelButton.addEventListener("click", () => this.cancel());
    playGameLinks(this.panel, (game) => this.host.open(game)); // a plain click plays it here
  }

  /** Fetch the table (once) and draw it (lab-tables.mjs's fetchForPanel). */
  wake() {
    fetchForPanel(this.root, "fewestTable", this.root.querySelector(".fewest-status-line"), {
      load: loadFewestTable, what: "the table", emptyText: "The table holds no size.",
      isEmpty: (table) => !table.sizes.length,
      show: (table) => { this.table = table; this.#render(); },
    });
  }

  cancel() {
    this.jobs.cancel("fewest");
  }

  /** Run the search for `size` in the page's Python, with progress and Cancel. */
  prove(size) {
    if (!IN_PAGE.includes(size)) return;
    const result = this.root.querySelector(".fewest-result");
    result.innerHTML = "";
    this.proveButton.disabled = true;
    this.cancelButton.hidden = false;
    this.bar.hidden = false;
    this.bar.value = 0;
    this.status.textContent = "Starting…";
    this.root.dataset.fewestProof = "running";
    delete this.root.dataset.fewestAgrees;
    const started = performance.now();
    // About the size, not the game on the board: moves meanwhile leave it running.
    this.jobs.run("fewest", { cmd: "binairo.fewest_clues", size }, {
      activity: "Searching", tied: false,
      onProgress: (report, { fraction, text }) => {
        this.bar.value = fraction ?? 0;
        this.status.textContent = text;
      },
    })
      .then((answer) => {
        // The answer says Python's own time; this one includes waiting for the engine.
        this.status.textContent = `Done (${secondsText((performance.now() - started) / 1000)} in all).`;
        result.innerHTML = this.#answer(answer);
        this.root.dataset.fewestProof = "done";
      })
      .catch((error) => {
        this.status.textContent = error.cancelled ? "Cancelled." : `The search failed: ${error.message}`;
        this.root.dataset.fewestProof = error.cancelled ? "cancelled" : "error";
      })
      .finally(() => {
        this.bar.hidden = true;
        this.proveButton.disabled = !IN_PAGE.includes(Number(this.picker.value));
        this.cancelButton.hidden = true;
      });
  }

  /** The size menu: the sizes run here, then every other the table names. */
  #fillPicker() {
    const chosen = Number(this.picker.value) || 6;
    const sizes = new Set(IN_PAGE.filter((n) => n >= 4));
    for (const { size } of [...(this.table?.sizes ?? []), ...(this.table?.outOfReach ?? [])]) sizes.add(size);
    this.picker.innerHTML = [...sizes].sort((a, b) => a - b)
      .map((n) => `<option value="${n}">${sizeText(n)}</option>`).join("");
    this.picker.value = sizes.has(chosen) ? String(chosen) : String(IN_PAGE.at(-1));
    this.#about();
  }

  /** What the chosen size does: runs here, was computed natively, or is out of reach. */
  #about() {
    const size = Number(this.picker.value);
    const row = this.table?.sizes.find((s) => s.size === size);
    const far = this.table?.outOfReach.find((s) => s.size === size);
    const here = IN_PAGE.includes(size);
    this.proveButton.disabled = !here || this.root.dataset.fewestProof === "running";
    let words;
    if (here) {
      words = `Searches every ${sizeText(size)} grid class here, in this page's Python, and sets its answer against the table.`;
      if (row?.seconds !== null && row?.seconds !== undefined) {
        words += ` The table's run took ${secondsText(row.seconds)}${row.engine ? ` (${row.engine})` : ""}.`;
      }
    } else if (row) {
      words = `${sizeText(size)} is computed natively, not in the page`
        + `${row.engine ? ` (${row.engine}${row.seconds !== null ? `, ${secondsText(row.seconds)}` : ""})` : ""}`
        + `${row.command ? `: <code>${escape(row.command)}</code>` : "."}`;
    } else if (far) {
      words = escape(far.why);
    } else {
      words = this.table ? `The table has nothing on ${sizeText(size)}.` : "";
    }
    this.root.querySelector(".fewest-about").innerHTML = words;
  }

  #render() {
    const { sizes, outOfReach } = this.table;
    const rows = sizes.map((s) => this.#row(s));
    // The reason is a paragraph: under the table, where it wraps on a phone.
    for (const { size, lower, upper, gameId, puzzle } of outOfReach) {
      if (lower === null) {
        rows.push(`<tr class="out-of-reach"><th scope="row">${sizeText(size)}</th>`
          + '<td colspan="5">out of reach (why: below)</td></tr>');
        continue;
      }
      // Proven bounds, not the answer: the interval, how (below), and the upper bound's puzzle.
      const play = `${miniGrid(puzzle, `A ${sizeText(size)} puzzle with ${upper} digits given`)}`
        + ` <a href="${escape(this.host.href(gameId))}" data-game="${escape(gameId)}"`
        + ` aria-label="Play the ${sizeText(size)} puzzle with ${upper} clues">Play</a>`;
      rows.push(`<tr class="bounds" data-size="${size}"><th scope="row">${sizeText(size)}</th>`
        + `<td class="fewest-clues">${lower}–${upper}</td>`
        + '<td colspan="3">between these, proven (how: below)</td>'
        + `<td class="fewest-example">${play}</td></tr>`);
    }
    this.root.querySelector(".fewest-table").innerHTML = sizes.length || outOfReach.length
      ? "<table><caption>Fewest clues by size</caption><thead><tr><th scope=\"col\">Size</th>"
        + "<th scope=\"col\">Fewest clues</th><th scope=\"col\">Classes (grids) at the minimum</th>"
        + "<th scope=\"col\">Classes (grids) searched</th><th scope=\"col\">Time</th>"
        + `<th scope="col">Example</th></tr></thead><tbody>${rows.join("")}</tbody></table>` : "";
    const lines = sizes.filter((s) => s.byClues.length).map((s) => {
      const parts = s.byClues.map(([clues, count], i) => (i === 0
        ? `${classes(count)} ${count === 1 ? "needs" : "need"} ${plural(clues, "clue")}`
        : `${wholeText(count)} ${count === 1 ? "needs" : "need"} ${clues}`)).join(", ");
      const cut = s.bound !== null && s.bound < s.size * s.size ? `, every other more than ${s.bound}` : "";
      return `${sizeText(s.size)}: ${parts}${cut}.`;
    });
    this.root.querySelector(".fewest-by-clues").textContent = [
      lines.length ? `Class by class, the fewest clues that leave one solution: ${lines.join(" ")}` : "",
      ...outOfReach.map(({ why }) => why),
    ].filter(Boolean).join(" ");
    this.#fillPicker();
  }

  /** One size's row: its figures and its example with a Play link. */
  #row(s) {
    const figure = (value) => (value === null ? "—" : wholeText(value));
    const grids = (value) => (value === null ? "" : ` <span class="bin-lab-aside">(${wholeText(value)})</span>`);
    const example = s.puzzle
      ? `${miniGrid(s.puzzle, `A ${sizeText(s.size)} puzzle with ${Grid.parse(s.puzzle).clueCount} digits given`)}`
        + ` <a href="${escape(this.host.href(s.gameId))}" data-game="${escape(s.gameId)}"`
        + ` aria-label="Play the ${sizeText(s.size)} example">Play</a>` : "—";
    return `<tr data-size="${s.size}"><th scope="row">${sizeText(s.size)}</th><td class="fewest-clues">${figure(s.clues)}</td>`
      + `<td>${figure(s.atMinimum)}${grids(s.atMinimumGrids)}</td><td>${figure(s.classes)}${grids(s.grids)}</td>`
      + `<td>${secondsText(s.seconds)}${s.engine ? `<br><span class="bin-lab-aside fewest-engine">${escape(s.engine)}</span>` : ""}</td>`
      + `<td class="fewest-example">${example}</td></tr>`;
  }

  /** The page's own answer, and whether it agrees with the table's row for that size. */
  #answer(answer) {
    const n = answer.size;
    const row = this.table?.sizes.find((s) => s.size === n) ?? null;
    const said = `Searched here in ${secondsText(answer.seconds)} (${escape(answer.engine)}): no ${sizeText(n)}`
      + ` puzzle with one solution has fewer than <strong>${answer.clues}</strong> clues;`
      + ` ${classes(answer.grids_at_minimum)} (${plural(answer.grids_at_minimum_all, "grid")}) of`
      + ` ${wholeText(answer.classes)} (${wholeText(answer.grids)} grids) have a puzzle of ${answer.clues}.`;
    let verdict;
    if (!row) {
      verdict = `The table has no ${sizeText(n)} row to compare with.`;
      this.root.dataset.fewestAgrees = "no-row";
    } else {
      const pairs = [["fewest clues", row.clues, answer.clues], ["classes at the minimum", row.atMinimum, answer.grids_at_minimum],
        ["grids at the minimum", row.atMinimumGrids, answer.grids_at_minimum_all], ["classes", row.classes, answer.classes],
        ["grids", row.grids, answer.grids]];
      const differ = pairs.filter(([, table, here]) => table !== null && table !== here);
      verdict = differ.length
        ? `It differs from the table: ${differ.map(([what, table, here]) => `${what} ${wholeText(here)} here, ${wholeText(table)} in the table`).join("; ")}.`
        : "The same as the table.";
      this.root.dataset.fewestAgrees = differ.length ? "no" : "yes";
    }
    const id = Grid.parse(answer.puzzle).gameId;
    return `<p>${said} <span class="fewest-verdict">${verdict}</span></p>`
      + `<p>${miniGrid(answer.puzzle, `A ${sizeText(n)} puzzle with ${answer.clues} digits given`)}`
      + ` <a href="${escape(this.host.href(id))}" data-game="${escape(id)}" aria-label="Play this ${sizeText(n)} puzzle">Play</a></p>`;
  }
}
