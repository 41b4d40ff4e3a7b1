// The board contract: what a puzzle's board (web/puzzles/<id>/board.mjs, a
// subclass of PuzzleBoard in puzzle-board.mjs) declares and implements, and
// the checks that hold every board to it. docs/development.md ("The board
// contract") says the same in prose; this is the one list.
//
// A board DECLARES (static fields; checkBoardClass refuses a board without
// the required ones, when the first one is made):
//   static kind           its registry id; also the CSS class on its root
//   static title          its name in a sentence ("Lights Out")
//   static template       the widget's HTML, with a `.message` (the status
//                         line) and an `.overlay` (boot text); buttons carry
//                         data-action, fields data-field; `details.settings`
//                         start folded on phones; parts only the lab shows
//                         carry data-part="lab"
//   static counter        the word before the move count, shown in its
//                         `[data-field="moves"]` element ("Presses" gives
//                         "Presses: 3"), from the session's count after
//                         every action; null for a board without a count
//                         (and then no such element)
//   static session        the Session's options ({idOf, moves, won}: session.mjs)
//   static savedGames     what its saved games may hold (its rules module's SAVED_GAMES)
//   static pythonActions  data-action names of the buttons that need Python
//   static mainActions    data-action names of its new-game buttons (they join
//                         Undo and Hint; embeds keep them)
//   static stylesheet     its own CSS file (a URL), if any: added once, and
//                         the first game waits for it (board-style.mjs)
//   static keyHelp        one sentence on what the keys do (keyboard play)
//   static loadCommand    the rules request that loads a game ID (default
//                         "<kind>.load"), for the default restore()
//   static actionsWithoutGame  data-action names that work before the first
//                         game exists (a Cancel); every other waits for one
//
// A board IMPLEMENTS:
//   start(options)        load the first game (usually through run()); called
//                         once the subclass constructor has finished, with
//                         the constructor's options but those the base reads
//   showState(state)      draw a state: a new one, or one the session hands
//                         back (undo, redo, reset); it calls setGameId() and
//                         setStatus() ("ready", "solved", "won", "stuck")
//   actions()             {data-action name: () => …}: what each button does.
//                         The base wires one click listener for them all
//                         (wireActions), adds undo and redo, and refuses a
//                         board whose template has a data-action button
//                         without an action (contractProblems)
// and MAY override (the base's default in brackets):
//   restore(snapshot)     rebuild a game and its history from snapshot(): every
//                         link and saved game goes through it [restoreSession
//                         with loadCommand, then showState]
//   snapshot()            the game and its history as JSON [the session's]
//   idle(), run(action), _actionFailed(error), _actionSettled(), bootFailed(error)
// and, for keyboard play (enableKeyboard(canvas)): cursorBounds(),
// cursorAllowed(r, c), actAt(r, c, {back}), describeCell(r, c), repaint();
// for the play-on row: nextPuzzle(), dailyPuzzle(seed, day) (only a puzzle
// whose registry entry says `daily: true` shows "Daily puzzle"),
// startGameId(); for deal links: dealRequest(), dealPuzzle(request); for the
// win card: winFacts(), winKeepClear(); for an embed's rule line: ruleText().
//
// What the BASE does, so that no board does it by hand:
//   - the first game: a link's game, a daily date, a deal, else the saved
//     game, else start(); each one refused is a notice (puzzle-notice)
//   - Undo and Redo buttons enabled from the session (canUndo, canRedo) and
//     the counter from its move count, whenever a game ID is set and after
//     every action (syncWithSession)
//   - the keys U, R, H, N and ?; the play-on row, the win card, the live region
//   - nothing drawn before the first game: GridCanvas paints nothing until its
//     first setShape(), and the base repaints only once `state` is set

/** The static fields every board must declare (a value, or null where null is allowed). */
const REQUIRED = {
  kind: (v) => typeof v === "string" && /^[a-z][a-z0-9]*$/.test(v),
  title: (v) => typeof v === "string" && v.length > 0,
  template: (v) => typeof v === "string" && v.length > 0,
  counter: (v) => v === null || (typeof v === "string" && v.length > 0),
};

/**
 * What is wrong with a board class against the contract, in words (empty
 * when nothing is): the declarations, and the methods it must implement.
 */
export function classProblems(Board) {
  const problems = [];
  for (const [name, valid] of Object.entries(REQUIRED)) {
    if (!valid(Board[name])) problems.push(`static ${name} is missing or malformed (${JSON.stringify(Board[name])})`);
  }
  for (const method of ["start", "showState", "actions"]) {
    if (!Object.hasOwn(Board.prototype, method) && !hasOwnUp(Board, method)) problems.push(`${method}() is not implemented`);
  }
  const template = String(Board.template ?? "");
  for (const part of ["message", "overlay"]) {
    if (!new RegExp(`class="[^"]*\\b${part}\\b`).test(template)) problems.push(`the template has no .${part}`);
  }
  const counts = /data-field="moves"/.test(template);
  if (Board.counter && !counts) problems.push(`static counter is "${Board.counter}" but the template has no [data-field="moves"]`);
  if (Board.counter === null && counts) problems.push('the template has a [data-field="moves"] counter but static counter is null');
  return problems;
}

/** Whether a class between `Board` and PuzzleBoard (exclusive) defines `method`. */
function hasOwnUp(Board, method) {
  for (let at = Object.getPrototypeOf(Board); at?.prototype && at.name !== "PuzzleBoard"; at = Object.getPrototypeOf(at)) {
    if (Object.hasOwn(at.prototype, method)) return true;
  }
  return false;
}

/** Throw, naming every problem, unless `Board` keeps the contract (checked once per class). */
const checked = new WeakSet();
export function checkBoardClass(Board) {
  if (checked.has(Board)) return;
  const problems = classProblems(Board);
  if (problems.length) {
    throw new Error(`${Board.name} breaks the board contract (board-kit.mjs): ${problems.join("; ")}`);
  }
  checked.add(Board);
}

/**
 * What is wrong with a mounted board against the contract (empty when
 * nothing is): every data-action button of its own has an action. Tests
 * run it on every registered board.
 */
export function boardProblems(board, actions) {
  const problems = [];
  for (const button of board.root.querySelectorAll("button[data-action]")) {
    if (button.closest(".puzzle") !== board.root) continue; // a board inside the board (a preview)
    if (!Object.hasOwn(actions, button.dataset.action)) {
      problems.push(`the button "${button.dataset.action}" has no action`);
    }
  }
  return [...new Set(problems)];
}

/**
 * One click listener on the board's root for every declared action: a button
 * with data-action runs actions[name] once the first game exists (or at any
 * time for the names in `withoutGame`).
 */
export function wireActions(board, actions, withoutGame = []) {
  board.root.addEventListener("click", (event) => {
    const button = event.target.closest?.("button[data-action]");
    if (!button || !board.root.contains(button) || button.closest(".puzzle") !== board.root) return;
    const name = button.dataset.action;
    if (!Object.hasOwn(actions, name)) return;
    if (!board.state && !withoutGame.includes(name)) return;
    actions[name]();
  });
}

/**
 * The controls that follow the session, set from it: Undo and Redo enabled
 * when there is a step to take, the counter ("Presses: 3") when declared.
 */
export function syncWithSession(board) {
  const { root, session } = board;
  const undo = root.querySelector('button[data-action="undo"]');
  const redo = root.querySelector('button[data-action="redo"]');
  if (undo) undo.disabled = !session.canUndo;
  if (redo) redo.disabled = !session.canRedo;
  const label = board.constructor.counter;
  const counter = label ? root.querySelector('[data-field="moves"]') : null;
  if (counter) counter.textContent = `${label}: ${session.moves}`;
}
