// The requests the page can answer without Python: moves and game IDs by
// each puzzle's rules module (found through the registry, puzzles/index.mjs),
// and the first boards the page asks for by default and their first hints,
// computed by Python when the site was built (first-boards.mjs). client.mjs asks here before it sends
// a request to the worker, so a board is drawn and played while Python is
// still starting. Every refusal is Python's: a request the rules do not
// accept gets null here and goes to the worker.

import { isPlainText, requestKey } from "./common.mjs";
import { FIRST_BOARDS } from "./first-boards.mjs";
import { COMMANDS } from "./params.mjs";
import { PUZZLES } from "../puzzles/index.mjs";

/**
 * More of Python's answers shipped with the site, added once they arrive
 * (the levels' fewest presses and first hints, level-play.mjs): by requestKey.
 */
const SHIPPED = new Map();

/** Add Python's shipped answers {requestKey: result} to what is answered here. */
export function addShippedAnswers(answers) {
  for (const [key, result] of Object.entries(answers ?? {})) SHIPPED.set(key, result);
}

/** Each puzzle's rules module by the prefix of its requests ("pegs" of "pegs.move"). */
const RULES = new Map(PUZZLES.map((puzzle) => [puzzle.id, puzzle.rules]));

/**
 * Whether `value` fits argument `arg` of params.mjs (as params.check_value
 * would accept it; text only when plain, see isPlainText). A request that
 * does not fit is left to Python, which says what is wrong with it in its
 * own words.
 */
function fitsArgument(arg, value) {
  const inRange = (v) => (arg.low === undefined || v >= arg.low) && (arg.high === undefined || v <= arg.high);
  const whole = (v) => Number.isSafeInteger(v);
  switch (arg.kind) {
    case "bool": return typeof value === "boolean";
    case "int": return whole(value) && inRange(value);
    case "number": return Number.isFinite(value) && inRange(value);
    case "cell": return Array.isArray(value) && value.length === 2
      && value.every((v) => whole(v) && v >= 0 && v <= (arg.high ?? 0));
    case "level": return isPlainText(value) ? arg.choices.includes(value.trim().toLowerCase())
      : whole(value) && inRange(value);
    default: return isPlainText(value) && value.length <= arg.max_chars
      && (!arg.choices || arg.choices.includes(value.trim().toLowerCase()));
  }
}

function fitsCommand(request) {
  const args = Object.hasOwn(COMMANDS, request.cmd) ? COMMANDS[request.cmd] : null;
  return Boolean(args) && args.every((arg) => (request[arg.name] ?? null) === null
    ? !arg.required : fitsArgument(arg, request[arg.name]));
}

/**
 * api.handle's envelope {ok: true, result} for `request`, or null when only
 * Python can answer it (every refusal included).
 */
export function answerLocally(request) {
  if (!request || typeof request !== "object" || !fitsCommand(request)) return null;
  const rules = RULES.get(String(request.cmd).split(".")[0]);
  const answer = rules?.handle(request) ?? null;
  if (answer) return answer;
  const key = requestKey(request);
  const shipped = Object.hasOwn(FIRST_BOARDS, key) ? FIRST_BOARDS[key] : SHIPPED.get(key);
  return shipped === undefined ? null : { ok: true, result: structuredClone(shipped) };
}
