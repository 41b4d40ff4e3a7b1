// The peg board's markup (board.mjs's template): the board and goal menus,
// Play and Edit, the play tools, the lines above the board, the board, the
// editor's, the census's and the table of problems' markup (each from its
// module), and How it works.

import { CATALOGUE_MARKUP } from "./catalogue-panel.mjs";
import { CENSUS_MARKUP } from "./census-panel.mjs";
import { EDITOR_MARKUP } from "./editor.mjs";

export const TEMPLATE = `
  <div class="toolbar" role="toolbar" aria-label="Peg solitaire controls">
    <div class="group">
      <label>Board <select data-field="board" aria-label="Board"></select></label>
      <label>Goal <select data-field="goal" aria-label="Goal">
        <option value="default">Default (the centre, else anywhere)</option>
        <option value="any">One peg anywhere</option>
        <option value="hole" disabled>One peg at the marked hole</option>
        <option value="pattern" disabled hidden>The pattern of the link</option>
      </select></label>
    </div>
    <div class="group" role="group" aria-label="Mode">
      <button type="button" data-action="play" aria-pressed="true">Play</button>
      <button type="button" data-action="edit" aria-pressed="false">Edit</button>
    </div>
  </div>
  <div class="toolbar" data-part="play-tools">
    <div class="group">
      <button type="button" data-action="undo" title="Undo (U)">Undo</button>
      <button type="button" data-action="redo" title="Redo (R)">Redo</button>
      <button type="button" data-action="reset" title="Back to the starting position">Reset</button>
    </div>
    <div class="group">
      <button type="button" data-action="hint">Hint</button>
      <button type="button" data-action="solve">Solve</button>
      <button type="button" data-action="count">Count</button>
      <button type="button" data-action="shortest">Show me the shortest</button>
    </div>
    <div class="group playback" hidden>
      <button type="button" data-action="pause">Pause</button>
      <button type="button" data-action="step">Step</button>
      <button type="button" data-action="stop">Stop</button>
    </div>
  </div>${EDITOR_MARKUP}
  <p class="counters"><span data-field="moves">Jumps: 0</span> · <span data-field="pegs"></span>
    · <span data-field="goal-text"></span></p>
  <p class="message" role="status" aria-live="polite"></p>
  <div class="board-area"><canvas aria-label="Peg solitaire board"></canvas>
    <div class="overlay" hidden></div></div>
  <div class="play-notes"><p class="verdict" aria-live="polite"></p>
  <p class="solution-note"><button type="button" class="inline" data-action="cancel-job" hidden>Cancel</button>
    <progress max="1" hidden></progress> <span aria-live="polite"></span></p></div>${CENSUS_MARKUP}${CATALOGUE_MARKUP}
  <details class="how-it-works">
    <summary>How it works</summary>
    <p><strong>Jumps and moves.</strong> Each jump removes one peg. Players count several jumps in a
      row by the same peg as one move, so a game is scored by its moves: the English game from the
      centre always takes 31 jumps, but far fewer moves. A problem's par is its proven fewest moves
      (the table of every single-vacancy problem, and Show me the shortest).</p>
    <p><strong>Still winnable?</strong> After each jump the solver searches whether the goal can
      still be reached from the position, and says so under the board.</p>
    <p><strong>Positions up to symmetry.</strong> Positions that are rotations or mirror images of
      each other play the same way, so the census counts them once as well as one by one.</p>
    <p><strong>Paths.</strong> The number of different jump sequences that lead to the positions of
      a level. The full tree counts every one; the normalised tree first replaces each position by
      one chosen mirror image, so sequences that differ only by a symmetry count once.</p>
    <p><strong>Dead ends and solutions.</strong> A dead end is a position with no jump left; a
      solution is a jump sequence that ends at the goal.</p>
  </details>
`;
