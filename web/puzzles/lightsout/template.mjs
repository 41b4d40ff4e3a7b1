// The Lights Out board's markup: the toolbar, the board and rules settings,
// the notes above the board, the canvas, the Analysis and Gallery panels and
// How it works. The board (board.mjs) wires it; the rule controls
// (rule-controls.mjs) fill the choices they own.

import { MAX_SIDE } from "./rules.mjs";
import { NEIGHBOURHOOD_CHOICES, STATE_CHOICES } from "./rule-controls.mjs";

export const TEMPLATE = `
  <div class="toolbar" role="toolbar" aria-label="Lights Out controls">
    <div class="group" role="group" aria-label="Mode">
      <button type="button" data-action="play" aria-pressed="true">Play</button>
      <button type="button" data-action="edit" aria-pressed="false">Edit</button>
    </div>
    <div class="group">
      <button type="button" data-action="undo" title="Undo (U)">Undo</button>
      <button type="button" data-action="redo" title="Redo (R)">Redo</button>
      <button type="button" data-action="reset" title="Back to the starting board">Reset</button>
    </div>
    <div class="group">
      <button type="button" data-action="solution" aria-pressed="false">Show solution</button>
      <button type="button" data-action="hint" title="Ring a cell to press next, on a shortest way to the end (H)">Hint</button>
      <button type="button" data-action="apply-solution"
        title="Replace the board by the presses that solve it, to solve the solution in turn. Undo brings the board back.">Solution as a board</button>
    </div>
  </div>
  <details class="settings" open>
  <summary>Board and rules</summary>
  <div class="toolbar">
    <div class="group">
      <label>Size <select data-field="preset"></select></label>
      <label>Rows <input data-field="rows" type="number" min="1" max="${MAX_SIDE}" value="5"></label>
      <label>Columns <input data-field="cols" type="number" min="1" max="${MAX_SIDE}" value="5"></label>
    </div>
    <div class="group">
      <label title="Graded by how few presses the board needs">Difficulty
        <select data-field="difficulty">
          <option value="">Any</option><option value="easy">Easy</option>
          <option value="medium">Medium</option><option value="hard">Hard</option>
          <option value="count">Exactly…</option>
        </select></label>
      <label data-field="press-count-label" hidden>Presses
        <input data-field="press-count" type="number" min="1" value="10"></label>
      <button type="button" data-action="random">New random board</button>
      <button type="button" data-action="clear" title="All lights off, to draw a board in Edit mode">Clear</button>
    </div>
  </div>
  <div class="toolbar variant" role="group" aria-label="Rules">
    <div class="group">
      <label>Neighbourhood <select data-field="neighbourhood">
        ${NEIGHBOURHOOD_CHOICES.map((n) => `<option value="${n.value}">${n.label}</option>`).join("")}
      </select></label>
      <label><input type="checkbox" data-field="wrap"> Wrap around the edges</label>
      <label>States <select data-field="states">
        ${STATE_CHOICES.map((k) => `<option value="${k}">${k === 2 ? "2 (on/off)"
          : k === 3 ? "3 (Lights Out 2000)" : k}</option>`).join("")}
      </select></label>
    </div>
    <div class="stencil-editor" hidden>
      <div class="stencil" role="group" aria-label="Custom pattern: the cells a press changes"></div>
      <p>Click the cells a press should change. The ringed centre is the pressed cell;
        marking a cell on the edge adds another ring (up to 9x9).</p>
    </div>
  </div>
  </details>
  <p class="counters"><span data-field="moves">Presses: 0</span> · <span data-field="lit"></span></p>
  <p class="message" role="status" aria-live="polite"></p>
  <p class="solution-note"><button type="button" class="inline" data-action="cancel-solve" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <p class="job-note deal-note"><button type="button" class="inline" data-action="cancel-deal" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
  <div class="board-area"><canvas aria-label="Lights Out board"></canvas>
    <div class="overlay" hidden></div></div>
  <div class="toolbar panel-bar">
    <button type="button" data-action="analysis" aria-expanded="false"
      title="Which boards of this shape can be solved, why, and in how few presses">Analysis</button>
    <button type="button" data-action="gallery" aria-expanded="false"
      title="Which boards with a single light on can be solved, and how">Gallery</button>
  </div>
  <section class="lo-panel" data-part="lab" data-panel="analysis" hidden aria-label="Analysis">
    <h3>Analysis</h3>
    <p class="job-status"><button type="button" class="inline" data-action="job-analysis" hidden>Cancel</button>
      <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
    <div class="panel-body"></div>
  </section>
  <section class="lo-panel" data-part="lab" data-panel="gallery" hidden aria-label="Single-light gallery">
    <h3>Single-light gallery</h3>
    <p class="panel-intro">One small board per cell, with only that light on (yellow) and the
      presses that turn it off (orange). Boards with a red frame cannot be solved.
      Point at one to find its cell on the board; click it to play it.</p>
    <p class="job-status"><button type="button" class="inline" data-action="job-gallery" hidden>Cancel</button>
      <progress max="1" hidden></progress> <span aria-live="polite"></span></p>
    <div class="gallery"></div>
  </section>
  <details class="how-it-works">
    <summary>How it works</summary>
    <p><strong>Order does not matter.</strong> Pressing a cell twice changes nothing, and presses
      can be made in any order, so a solution is just a set of cells to press once each.
      <em>Show solution</em> marks such a set with dots.</p>
    <p><strong>Fewest presses.</strong> A board often has several solutions; the solver looks for
      the one with the fewest presses. When its search cannot prove that no shorter one exists, the
      page says “at most”. <em>Prove fewest</em> in <em>Analysis</em> searches longer.</p>
    <p><strong>Quiet patterns.</strong> Some sets of presses change nothing at all: every light they
      touch is toggled an even number of times. <em>Analysis</em> draws them as small boards. Adding
      a quiet pattern to a solution gives another solution, and a board can be solved exactly when
      an even number of its lights lie on every quiet pattern (for a custom pattern that is not
      the same turned half a turn: on every quiet pattern of the pattern turned half a turn).</p>
    <p><strong>Rank.</strong> The number of cells whose presses are independent: the effect of any
      other press can be made by combining theirs.</p>
    <p><strong>Kernel dimension.</strong> How many quiet patterns it takes to build all the others
      by combining them. With d of them, a solvable board has 2<sup>d</sup> solutions (k<sup>d</sup>
      with k states), and one board in 2<sup>d</sup> can be solved.</p>
    <p><strong>Solution as a board.</strong> Turns the presses of the solution into lights:
      solving that board is solving the solution.</p>
  </details>
`;
