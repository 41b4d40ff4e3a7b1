// The lab's table of every single-vacancy problem (the catalogue:
// catalogue.mjs). For a board of the catalogue (the board shown, or one
// picked), one group per start, the one empty hole (only the starts the
// file names as classes, with the starts that play the same by symmetry,
// when it lists them), and one row per finish: the proven fewest moves and
// the number of winning jump sequences. Each row's finish is a link that
// loads that problem on the board. The panel starts folded (its links would
// be many Tab stops on the way round the page). The table is drawn once the
// catalogue has arrived: wake() asks for it (the board's first touch, the
// lab opened, a win), so that a reader who only looks downloads nothing.

import { boardOfGrid, findProblem, loadCatalogue } from "./catalogue.mjs";
import { plural } from "./words.mjs";
import { playGameLinks } from "../../share-links.mjs";

/** The panel's markup, in the board's template (after the census). */
export const CATALOGUE_MARKUP = `
  <details class="catalogue" data-part="lab">
    <summary>Every single-vacancy problem</summary>
    <p class="catalogue-intro">Start with every hole filled but one and finish with one peg, in a
      chosen hole or anywhere. For each start and each finish that can be reached: the fewest moves
      (a move is one peg's run of jumps), proven, and how many sequences of jumps win. Choose a
      finish to play that problem.</p>
    <label class="catalogue-pick">Problems on <select data-field="catalogue-board"></select></label>
    <p class="catalogue-status" aria-live="polite">The table is fetched when this board is first used.</p>
    <div class="catalogue-table" role="region" aria-label="Single-vacancy problems" tabindex="0"></div>
    <p class="catalogue-source"></p>
  </details>`;

/** A hole as the table writes it: (row, column), counted from 1. */
const cellText = ([r, c]) => `(${r + 1},\u00a0${c + 1})`; // never broken across lines
const cellWords = ([r, c]) => `row ${r + 1}, column ${c + 1}`;
const sameCell = (a, b) => a[0] === b[0] && a[1] === b[1];
/** Text from the catalogue file, safe inside markup. */
const escape = (text) => String(text).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export class CataloguePanel {
  /**
   * @param {HTMLElement} root the board's element (holding CATALOGUE_MARKUP);
   *   its data-catalogue says whether the table is "loading", "shown" or "failed"
   * @param {{game: () => {grid: string, state: object}|null, open: (gameId: string) => void,
   *   href: (gameId: string) => string}} host
   *   game: the start grid and shown state of the game on the board (null
   *   before the first); open: load a problem's game ID as a new game; href:
   *   the address of a link to it
   */
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.catalogue = null;
    this.picked = null; // the name of the board whose problems are listed
    this.followed = null; // the start and goal the table last marked
    this.picker = root.querySelector('[data-field="catalogue-board"]');
    this.status = root.querySelector(".catalogue-status");
    this.table = root.querySelector(".catalogue-table");
    this.picker.addEventListener("change", () => {
      this.picked = this.picker.value;
      this.#render();
    });
    playGameLinks(this.table, (game) => this.host.open(game)); // a plain click plays it here
  }

  /** Fetch the catalogue (once) and draw the table; a failed fetch says so, and the next wake tries again. */
  wake() {
    if (this.catalogue || this.root.dataset.catalogue === "loading") return;
    this.root.dataset.catalogue = "loading";
    this.status.textContent = "Fetching the table…";
    loadCatalogue().then((catalogue) => {
      this.catalogue = catalogue;
      this.picker.innerHTML = catalogue.boards
        .map((board) => `<option value="${escape(board.name)}">${escape(board.title)}</option>`).join("");
      this.status.textContent = "";
      this.followed = null;
      this.follow();
      this.root.dataset.catalogue = "shown";
    }, (error) => {
      this.status.textContent = `The table could not be fetched (${error.message}); it is tried again when the board is used.`;
      this.root.dataset.catalogue = "failed";
    });
  }

  /**
   * The game on the board changed: list its board's problems (if the
   * catalogue has that board) and mark the problem it is. Moves within a
   * game change nothing.
   */
  follow() {
    const game = this.host.game();
    if (!this.catalogue || !game) return;
    const key = `${game.grid}@${game.state.goal}`;
    if (key === this.followed) return;
    const shape = (this.followed ?? "").split("@")[0];
    this.followed = key;
    const board = boardOfGrid(this.catalogue, game.grid);
    if (board && (!this.picked || boardOfGrid(this.catalogue, shape) !== board)) this.picked = board.name;
    this.picked ??= this.catalogue.boards[0]?.name ?? null;
    this.current = findProblem(this.catalogue, game.grid, game.state);
    this.#render();
  }

  #render() {
    const board = this.catalogue?.boards.find((b) => b.name === this.picked);
    if (!board) {
      this.table.innerHTML = "";
      this.status.textContent = this.catalogue ? "The table holds no board." : this.status.textContent;
      return;
    }
    this.picker.value = board.name;
    const starts = board.classes ?? uniqueStarts(board.problems).map((start) => ({ start, sameAs: [] }));
    let shown = 0;
    const groups = starts.map(({ start, sameAs }) => {
      const problems = board.problems.filter((p) => sameCell(p.start, start))
        .sort((a, b) => finishOrder(board, a) - finishOrder(board, b));
      shown += problems.length;
      const also = sameAs.filter((cell) => !sameCell(cell, start));
      const same = also.length
        ? ` <span class="catalogue-same">(the same by symmetry: ${also.map(cellText).join(", ")})</span>` : "";
      const head = `<tr class="catalogue-start"><th colspan="3" scope="colgroup">Empty at ${cellText(start)}${same}</th></tr>`;
      return `<tbody>${head}${problems.map((p) => this.#row(p)).join("")}</tbody>`;
    });
    const every = new Set(starts.flatMap(({ start, sameAs }) => [start, ...sameAs].map(String))).size;
    const from = board.classes ? `${plural(starts.length, "start")} up to symmetry (${every} in all)`
      : plural(starts.length, "start");
    this.table.innerHTML = `<table><caption>${escape(board.title)}: ${plural(shown, "problem")}`
      + ` from ${from}</caption><thead><tr><th scope="col">Finish</th>`
      + '<th scope="col">Fewest moves</th><th scope="col">Winning sequences</th></tr></thead>'
      + `${groups.join("")}</table>`;
    const source = this.catalogue.madeBy ? `Source: ${this.catalogue.madeBy}.` : "";
    this.root.querySelector(".catalogue-source").textContent = `${source} Holes are (row, column), counted `
      + "from 1. The fewest moves are proven: no solution of that problem has fewer. The winning sequences "
      + "are exact counts of the lists of jumps that reach the finish."
      + (board.note ? ` ${board.note}` : "");
  }

  /** One problem's row: its finish as a link that plays it, its fewest moves, its winning sequences. */
  #row(problem) {
    const finish = problem.finish === null ? "anywhere" : cellText(problem.finish);
    const words = `Play: empty at ${cellWords(problem.start)}, finish ${problem.finish === null
      ? "with one peg anywhere" : `at ${cellWords(problem.finish)}`}`;
    const current = problem === this.current ? ' aria-current="true"' : "";
    const fewest = problem.fewestMoves === null ? "no solution" : problem.fewestMoves.toLocaleString("en");
    const sequences = problem.sequences === null ? "not counted" : BigInt(problem.sequences).toLocaleString("en");
    return `<tr${current ? ' class="current"' : ""}><th scope="row"><a href="${escape(this.host.href(problem.gameId))}"`
      + ` data-game="${escape(problem.gameId)}" aria-label="${words}"${current}>${finish}</a></th>`
      + `<td>${fewest}</td><td>${sequences}</td></tr>`;
  }
}

/** The starts of a board's problems, in the file's order, each once. */
function uniqueStarts(problems) {
  const starts = [];
  for (const { start } of problems) if (!starts.some((s) => sameCell(s, start))) starts.push(start);
  return starts;
}

/** "Anywhere" first, then the finish holes in reading order. */
function finishOrder(board, problem) {
  return problem.finish === null ? -1 : board.geo.index.get(`${problem.finish[0]},${problem.finish[1]}`);
}
