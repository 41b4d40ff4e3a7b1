// The main page: a tab per puzzle family, all sharing one Python worker.
// A board is created the first time its tab is shown.

import { getClient } from "./client.mjs";
import { PUZZLES, findPuzzle } from "./puzzles.mjs";

const client = getClient();
const tabs = document.getElementById("puzzle-tabs");
const panels = document.getElementById("puzzle-panels");
// Exposed for the console and for tests: the client and every mounted board.
window.puzzleLab = { client, boards: {} };

for (const puzzle of PUZZLES) {
  const tab = document.createElement("button");
  tab.type = "button";
  tab.role = "tab";
  tab.id = `tab-${puzzle.id}`;
  tab.textContent = puzzle.title;
  tab.setAttribute("aria-controls", `panel-${puzzle.id}`);
  tab.addEventListener("click", () => show(puzzle.id));
  tabs.append(tab);

  const panel = document.createElement("section");
  panel.id = `panel-${puzzle.id}`;
  panel.role = "tabpanel";
  panel.hidden = true;
  panel.setAttribute("aria-labelledby", tab.id);
  panel.innerHTML = `<p class="intro">${puzzle.intro}</p><div id="${puzzle.id}"></div>`;
  panels.append(panel);
}

async function show(id) {
  const puzzle = findPuzzle(id) || PUZZLES[0];
  for (const other of PUZZLES) {
    const selected = other === puzzle;
    document.getElementById(`tab-${other.id}`).setAttribute("aria-selected", String(selected));
    document.getElementById(`panel-${other.id}`).hidden = !selected;
  }
  document.title = `Puzzle Lab — ${puzzle.title}`;
  if (!window.puzzleLab.boards[puzzle.id]) {
    const Board = await puzzle.load();
    window.puzzleLab.boards[puzzle.id] ??= new Board(document.getElementById(puzzle.id), client);
  }
}

show(location.hash.slice(1).split(/[=&]/)[0]);
