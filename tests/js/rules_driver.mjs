/**
 * Answers a batch of requests with the JavaScript move rules (web/rules/):
 * reads a JSON array on stdin, writes the JSON array of answers on stdout.
 *
 * An api request ({"cmd": "lightsout.press", ...}) is answered with its
 * envelope ({ok, result} or {ok: false, error}; null for a command the rules
 * leave to Python). {"call": "pegs.gameId", "args": [...]} calls an exported
 * function of a module and answers {ok, result} or {ok: false, error}.
 * tests/test_js_rules.py compares the answers with Python's.
 */

import * as binairo from "../../web/puzzles/binairo/rules.mjs";
import { answerLocally } from "../../web/rules/index.mjs";
import * as lightsout from "../../web/puzzles/lightsout/rules.mjs";
import * as pegs from "../../web/puzzles/pegs/rules.mjs";

const FAMILIES = { binairo, lightsout, pegs };

function call(name, args) {
  const [family, fn] = name.split(".");
  try {
    return { ok: true, result: FAMILIES[family][fn](...args) };
  } catch (error) {
    return { ok: false, error: error.message };
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const answers = requests.map((request) => {
  if (request.call) return call(request.call, request.args);
  return answerLocally(request); // as client.mjs asks

});
process.stdout.write(JSON.stringify(answers));
