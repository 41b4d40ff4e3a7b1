/**
 * Drives web/saved-game.mjs as the page does: reads a JSON array on stdin,
 * writes a JSON array of answers on stdout. Two kinds of case:
 *
 * {"read": PUZZLE, "snapshot": TEXT} runs readSavedGame on the snapshot
 * (TEXT is JSON, where the string "NaN!" stands for NaN and "Inf!" for
 * Infinity, which JSON cannot carry), with the puzzle's SAVED_GAMES (its rules module)
 * and its game IDs loaded by the rules modules, as client.mjs answers the
 * boards' load requests. Answers {error} (a refusal's reason) or {result}
 * with each state as its game ID: {current, start, history, future,
 * repairs}; {crash} for anything thrown that is not a refusal.
 *
 * {"store": [STEP, ...]} plays steps on one GameStore over an in-memory
 * storage: ["write", snapshot], ["holdFor"], ["hold"], ["maySave", origin,
 * snapshot] (writes when allowed, as app.mjs does), ["putAside"],
 * ["corrupt", text]; answers the storage's entries after each step with
 * what maySave said.
 */

import { answerLocally } from "../../web/rules/index.mjs";
import { parseGameId } from "../../web/puzzles/pegs/rules.mjs";
import { findPuzzle } from "../../web/puzzles/index.mjs";
import { GameStore, readSavedGame, saveKey } from "../../web/saved-game.mjs";

const LOAD = {
  lightsout: (game) => ({ cmd: "lightsout.load", game }),
  pegs: (game) => ({ cmd: "pegs.load", grid: parseGameId(game).grid, goal: null }),
  binairo: (game) => ({ cmd: "binairo.load", game }),
};
const idOf = (puzzle, state) => (puzzle === "pegs" ? state.grid : state.game);

async function load(puzzle, game) {
  let request;
  try {
    request = LOAD[puzzle](game);
  } catch (error) {
    throw new Error(error.message); // a bad goal, as pegs.mjs refuses it
  }
  const answer = answerLocally(request);
  if (!answer) throw new Error(`not answered without Python: ${JSON.stringify(request).slice(0, 80)}`);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

async function read({ read: puzzle, snapshot: text }) {
  const special = { "NaN!": NaN, "Inf!": Infinity, "-Inf!": -Infinity };
  const snapshot = JSON.parse(text, (key, value) => (Object.hasOwn(special, value) ? special[value] : value));
  try {
    const s = await readSavedGame(snapshot, (game) => load(puzzle, game), findPuzzle(puzzle).rules.SAVED_GAMES);
    const entry = (e) => ({ game: idOf(puzzle, e.state), moves: e.moves });
    return { result: {
      current: entry(s.current), start: s.start && idOf(puzzle, s.start),
      history: s.history.map(entry), future: s.future.map(entry), repairs: s.repairs,
    } };
  } catch (error) {
    if (error instanceof Error && typeof error.message === "string" && error.message) {
      return { error: error.message };
    }
    return { crash: String(error) };
  }
}

function store({ store: steps }) {
  const data = new Map();
  const storage = {
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem: (key, value) => data.set(key, String(value)),
  };
  const games = new GameStore({ id: "lightsout", title: "Lights Out" }, storage);
  return steps.map(([step, ...args]) => {
    let said = null;
    if (step === "write") games.write(args[0]);
    else if (step === "holdFor") said = games.holdFor();
    else if (step === "hold") games.hold();
    else if (step === "putAside") games.putAside();
    else if (step === "corrupt") storage.setItem(saveKey("lightsout"), args[0]);
    else if (step === "maySave") {
      said = games.maySave({ origin: args[0] }, args[1]);
      if (said) games.write(args[1]);
    }
    return { said, held: games.held, storage: Object.fromEntries(data) };
  });
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const answers = [];
for (const c of cases) answers.push("read" in c ? await read(c) : store(c));
process.stdout.write(JSON.stringify(answers));
