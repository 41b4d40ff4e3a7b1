// The Census panel under the peg board: its markup, the census job (one
// Python request through long-jobs.mjs's "census" slot, with its own bar and
// Cancel), and the figures it answers as a note, a table and a chart of the
// positions per level. The census is about the starting board, so moves
// meanwhile leave it running; a new game clears it.

const PURE_LIMIT = 150_000; // classes per level the pure engine may reach in the page
const NOT = "not computed";

/** The panel's markup, in the board's template. */
export const CENSUS_MARKUP = `
  <details class="census" data-part="lab" open>
    <summary>Census</summary>
    <p class="census-intro">The census visits every position that can arise from the start,
      jump by jump, and counts them: positions, the ways to reach them, those from which the
      goal can still be reached, dead ends and winning games (each term is explained under
      How it works). The full English board needs a faster engine, downloaded when a census
      starts; without it, boards small enough to finish in the page are counted.</p>
    <div class="toolbar">
      <button type="button" data-action="census">Run census</button>
      <button type="button" data-action="cancel-census" hidden>Cancel</button>
      <progress class="census-progress" max="1" value="0" hidden></progress>
      <span class="census-status" aria-live="polite"></span>
    </div>
    <p class="census-note"></p>
    <div class="census-chart"></div>
    <div class="census-table"></div>
  </details>`;

export class CensusPanel {
  /**
   * @param {HTMLElement} root the board's element (holding CENSUS_MARKUP);
   *   its data-census says how the last census went (tests read it)
   * @param {import("../../long-jobs.mjs").LongJobs} jobs the board's job manager
   */
  constructor(root, jobs) {
    this.root = root;
    this.jobs = jobs;
    this.status = root.querySelector(".census-status");
    this.bar = root.querySelector(".census-progress");
    this.runButton = root.querySelector('[data-action="census"]');
    this.cancelButton = root.querySelector('[data-action="cancel-census"]');
  }

  /** Stop a census under way and empty the panel (a new game, a new goal). */
  clear() {
    this.jobs.cancel("census");
    for (const part of [".census-note", ".census-chart", ".census-table"]) {
      this.root.querySelector(part).innerHTML = "";
    }
    this.status.textContent = "";
    this.runButton.disabled = false;
    this.cancelButton.hidden = true;
    this.bar.hidden = true;
  }

  cancel() {
    this.jobs.cancel("census");
  }

  /** Count the positions reachable from `board` (a grid) under `goal` (null: the default). */
  run(board, goal) {
    this.clear();
    const { status, bar } = this;
    this.runButton.disabled = true;
    this.cancelButton.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = "Starting…";
    this.root.dataset.census = "running";
    const started = performance.now();
    const request = {
      cmd: "pegs.census", board, goal, numpy: true, engine: "auto", pure_max_classes: PURE_LIMIT,
    };
    // The census is about the starting board: moves meanwhile leave it standing.
    this.jobs.run("census", request, {
      activity: "Census", tied: false,
      onProgress: (report, { fraction, text }) => {
        bar.value = fraction ?? 0;
        status.textContent = text;
      },
    })
      .then((result) => {
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        status.textContent = `Done in ${seconds} s (engine: ${result.engine}, computing ${result.seconds.toFixed(1)} s,`
          + ` peak data about ${(result.peak_bytes / 1e6).toFixed(1)} MB).`;
        this.#show(result);
        this.root.dataset.census = result.complete ? "done" : "partial";
      })
      .catch((error) => {
        status.textContent = error.cancelled ? "Cancelled." : `Census failed: ${error.message}`;
        this.root.dataset.census = error.cancelled ? "cancelled" : "error";
      })
      .finally(() => {
        bar.hidden = true;
        this.runButton.disabled = false;
        this.cancelButton.hidden = true;
      });
  }

  /**
   * The census's figures. A census stopped early (complete false) walked only
   * the levels it shows and skipped the backward pass (pegs.census_steps and
   * pegs_numpy run it only on a complete walk): which positions can still
   * reach the goal, and the winning sequences in all, were not computed and
   * say so, instead of the zeros the levels hold.
   */
  #show(result) {
    const t = result.totals;
    const fmt = (n) => n.toLocaleString("en");
    const complete = result.complete;
    const note = [];
    if (result.note) note.push(result.note);
    note.push(`${fmt(t.positions)} positions (${fmt(t.classes)} up to ${result.symmetries} symmetries);`
      + ` ${fmt(t.games)} complete games; `
      + (complete
        ? `goal still reachable from ${fmt(t.good)} positions; ${fmt(result.solutions)} winning move sequences.`
        : "which positions can still reach the goal, and the winning move sequences, were not computed."));
    if (!complete) {
      note.push(`Incomplete: the walk stopped after ${result.levels.length} levels; the figures cover`
        + ` the levels shown, and "${NOT}" marks what needs the whole walk.`);
    }
    this.root.querySelector(".census-note").textContent = note.join(" ");
    const columns = [
      ["moves", "Jumps"], ["pegs", "Pegs"], ["positions", "Positions"], ["classes", "Up to symmetry"],
      ["paths", "Paths (full tree)"], ["normal_paths", "Paths (normalised tree)"],
      ["good", "Goal reachable"], ["dead_ends", "Dead ends"], ["solutions", "Solutions"],
    ];
    const cell = (name, value) => (name === "good" && !complete
      ? `<td class="not-computed">${NOT}</td>` : `<td>${fmt(value)}</td>`);
    const head = columns.map(([, label]) => `<th scope="col">${label}</th>`).join("");
    const rows = result.levels.map((level) =>
      `<tr>${columns.map(([name]) => cell(name, level[name])).join("")}</tr>`).join("");
    const totals = `<tr class="totals"><th scope="row" colspan="2">Total</th><td>${fmt(t.positions)}</td>`
      + `<td>${fmt(t.classes)}</td><td colspan="2">${fmt(t.games)} complete games</td>`
      + `${cell("good", t.good)}<td>${fmt(t.dead_ends)}</td>`
      + (complete ? `<td>${fmt(result.solutions)}</td>` : `<td class="not-computed">${NOT}</td>`) + "</tr>";
    this.root.querySelector(".census-table").innerHTML =
      `<table><thead><tr>${head}</tr></thead><tbody>${rows}${totals}</tbody></table>`;
    this.root.querySelector(".census-chart").innerHTML = censusChart(result.levels, complete);
  }
}

/**
 * An SVG line chart of positions and goal-reachable positions per level (log
 * scale); without `withGood` (a census stopped early) no goal-reachable line.
 */
function censusChart(levels, withGood = true) {
  const width = 640;
  const height = 220;
  const pad = { left: 48, right: 12, top: 12, bottom: 28 };
  const series = [
    ["positions", "All positions", "var(--accent)"],
    ["classes", "Up to symmetry", "var(--muted)"],
    ["good", "Goal reachable", "var(--peg-goal)"],
  ].filter(([name]) => withGood || name !== "good");
  const max = Math.max(1, ...levels.map((l) => Number(l.positions)));
  const top = Math.ceil(Math.log10(max + 1));
  const x = (i) => pad.left + (i * (width - pad.left - pad.right)) / Math.max(1, levels.length - 1);
  const y = (v) => height - pad.bottom - (Math.log10(Number(v) + 1) / top) * (height - pad.top - pad.bottom);
  const lines = series.map(([name, , stroke]) => {
    const points = levels.map((l, i) => `${x(i).toFixed(1)},${y(l[name]).toFixed(1)}`).join(" ");
    return `<polyline fill="none" stroke="${stroke}" stroke-width="2" points="${points}"/>`;
  }).join("");
  const ticks = Array.from({ length: top + 1 }, (_, k) =>
    `<text x="${pad.left - 6}" y="${y(10 ** k - 1) + 4}" text-anchor="end">10^${k}</text>`).join("");
  const legend = series.map(([, label, stroke], i) =>
    `<text x="${pad.left + 10 + i * 150}" y="${height - 6}" fill="${stroke}">■ ${label}</text>`).join("");
  return `<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Positions per level (log scale)">`
    + `<line x1="${pad.left}" y1="${height - pad.bottom}" x2="${width - pad.right}" y2="${height - pad.bottom}" stroke="var(--border)"/>`
    + `${ticks}${lines}${legend}</svg>`;
}
