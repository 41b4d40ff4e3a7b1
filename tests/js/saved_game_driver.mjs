/**
 * Drives web/saved-game.mjs as the page does: reads a JSON array on stdin,
 * writes a JSON array of answers on stdout. Two kinds of case:
 *
 * {"read": PUZZLE, "snapshot": TEXT, "requests": {GAME: REQUEST}} runs
 * readSavedGame on the snapshot (TEXT is JSON, where the string "NaN!" stands
 * for NaN and "Inf!" for Infinity, which JSON cannot carry), with the
 * puzzle's SAVED_GAMES (its rules module); each game ID is loaded by the
 * rules modules from the request its board makes for it (`requests`, from
 * the puzzle's test facts), as client.mjs answers the boards' load requests.
 * Answers {error} (a refusal's reason) or {result} with each state whole:
 * {current, start, history, future, repairs}; {crash} for anything thrown
 * that is not a refusal.
 *
 * The store and tab cases play the registry's first puzzle: the store is the
 * same for every puzzle.
 *
 * {"store": [STEP, ...]} plays steps on one GameStore over an in-memory
 * storage: ["write", snapshot], ["holdFor"], ["hold"], ["maySave", origin,
 * snapshot] (writes when allowed, as app.mjs does), ["putAside"],
 * ["corrupt", text]; answers the storage's entries after each step with
 * what maySave said.
 *
 * {"tabs": [STEP, ...], "quota": CHARS or null} plays pages of one puzzle
 * on one localStorage (at most `quota` characters of keys and values: a
 * QuotaExceededError beyond; "none": every write refused), each page in a
 * tab with its own sessionStorage: ["open", PAGE, TAB] (a page load; the
 * same TAB again is a reload: the page before it is released, as at
 * pagehide), ["copy", TAB, FROM] (a tab duplicated with
 * its sessionStorage), ["close", TAB] (its sessionStorage goes), ["write",
 * PAGE, snapshot], ["read", PAGE], ["clock", MS], ["quota", CHARS]; answers, after each step,
 * what the step said and the localStorage's entries.
 */

import { answerLocally } from "../../web/rules/index.mjs";
import { PUZZLES, findPuzzle } from "../../web/puzzles/index.mjs";
import { GameStore, readSavedGame, saveKey } from "../../web/saved-game.mjs";

const [ANY_PUZZLE] = PUZZLES;

/** A Storage in memory, refusing writes beyond `quota` characters as a browser does. */
function memoryStorage(quota = Infinity) {
  const data = new Map();
  const limit = { quota };
  const size = () => [...data].reduce((n, [key, value]) => n + key.length + value.length, 0);
  return {
    data,
    limit,
    get length() { return data.size; },
    key: (i) => [...data.keys()][i] ?? null,
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem(key, value) {
      const text = String(value);
      const old = data.has(key) ? key.length + data.get(key).length : 0;
      if (limit.quota === "none" || size() - old + key.length + text.length > limit.quota) {
        throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError", code: 22 });
      }
      data.set(key, text);
    },
    removeItem: (key) => { data.delete(key); },
  };
}

function tabs({ tabs: steps, quota }) {
  const local = memoryStorage(quota ?? Infinity);
  const sessions = {};
  const pages = {};
  const pageIn = {}; // tab -> its page
  let clock = 1_000_000;
  return steps.map(([step, ...args]) => {
    let said = null;
    if (step === "open") {
      pages[pageIn[args[1]]]?.release(); // a reload: the page before goes (pagehide)
      pageIn[args[1]] = args[0];
      sessions[args[1]] ??= memoryStorage();
      pages[args[0]] = new GameStore(ANY_PUZZLE, local,
        { tab: sessions[args[1]], page: args[0], now: () => clock });
    } else if (step === "copy") {
      sessions[args[0]] = memoryStorage();
      for (const [key, value] of sessions[args[1]].data) sessions[args[0]].setItem(key, value);
    } else if (step === "close") delete sessions[args[0]];
    else if (step === "write") said = pages[args[0]].write(args[1]);
    else if (step === "read") said = pages[args[0]].read();
    else if (step === "clock") clock = args[0];
    else if (step === "quota") local.limit.quota = args[0] ?? Infinity;
    return { said, storage: Object.fromEntries(local.data) };
  });
}

async function load(requests, game) {
  const request = typeof game === "string" && Object.hasOwn(requests, game) ? requests[game] : null;
  if (request === null) throw new Error("not a game ID");
  const answer = answerLocally(request);
  if (!answer) throw new Error(`not answered without Python: ${JSON.stringify(request).slice(0, 80)}`);
  if (!answer.ok) throw new Error(answer.error);
  return answer.result;
}

async function read({ read: puzzle, snapshot: text, requests }) {
  const special = { "NaN!": NaN, "Inf!": Infinity, "-Inf!": -Infinity };
  const snapshot = JSON.parse(text, (key, value) => (Object.hasOwn(special, value) ? special[value] : value));
  try {
    const s = await readSavedGame(snapshot, (game) => load(requests, game), findPuzzle(puzzle).rules.SAVED_GAMES);
    const entry = (e) => ({ state: e.state, moves: e.moves });
    return { result: {
      current: entry(s.current), start: s.start,
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
  const games = new GameStore(ANY_PUZZLE, storage);
  return steps.map(([step, ...args]) => {
    let said = null;
    if (step === "write") games.write(args[0]);
    else if (step === "holdFor") said = games.holdFor();
    else if (step === "hold") games.hold();
    else if (step === "putAside") games.putAside();
    else if (step === "corrupt") storage.setItem(saveKey(ANY_PUZZLE.id), args[0]);
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
for (const c of cases) answers.push("read" in c ? await read(c) : "tabs" in c ? tabs(c) : store(c));
process.stdout.write(JSON.stringify(answers));
