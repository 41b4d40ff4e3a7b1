/**
 * Drives web/levels.mjs as the page does: reads a JSON array of cases on
 * stdin, writes a JSON array of answers on stdout. A case is
 * {"puzzles": [ids], "storage": {key: text}, "steps": [STEP, ...]}: the steps
 * run on one in-memory localStorage shared by every tab (as a browser's is):
 * ["record", puzzle, game, result] (a win kept: recordWin), ["import", text]
 * (importProgress; a refusal's sentence is its answer), ["export"]
 * (exportText), ["read"] (readProgress), ["merge", a, b] (mergeProgress,
 * storage untouched), ["ladder", ladder, won] (ladderState), ["full"] (every
 * later write refused). Each step answers {said, storage}: what it returned
 * (or {refused: sentence}) and the storage's entries after it.
 */

import { BadProgressFile, exportText, importProgress, ladderState, mergeProgress, readProgress, recordWin }
  from "../../web/levels.mjs";

function memoryStorage(entries) {
  const data = new Map(Object.entries(entries ?? {}));
  const limit = { full: false };
  return {
    data,
    limit,
    getItem: (key) => (data.has(key) ? data.get(key) : null),
    setItem(key, value) {
      if (limit.full) throw Object.assign(new Error("The quota has been exceeded."), { name: "QuotaExceededError" });
      data.set(key, String(value));
    },
    removeItem: (key) => { data.delete(key); },
  };
}

function play({ puzzles, storage: entries, steps }) {
  const storage = memoryStorage(entries);
  return steps.map(([step, ...args]) => {
    let said = null;
    try {
      if (step === "record") said = recordWin(args[0], args[1], args[2], { storage });
      else if (step === "import") said = importProgress(args[0], puzzles, { storage });
      else if (step === "export") said = exportText(readProgress(storage), new Date(0));
      else if (step === "read") said = readProgress(storage);
      else if (step === "merge") said = mergeProgress(args[0], args[1]);
      else if (step === "ladder") said = ladderState(args[0], args[1]);
      else if (step === "full") storage.limit.full = true;
    } catch (error) {
      if (!(error instanceof BadProgressFile)) said = { crash: String(error?.stack ?? error) };
      else said = { refused: error.message };
    }
    return { said, storage: Object.fromEntries(storage.data) };
  });
}

const input = await new Promise((resolve) => {
  let text = "";
  process.stdin.on("data", (chunk) => { text += chunk; });
  process.stdin.on("end", () => resolve(text));
});
process.stdout.write(JSON.stringify(JSON.parse(input).map(play)));
