/**
 * Answers a batch of requests with the page's rules: reads a JSON array on
 * stdin, writes the JSON array of answers on stdout.
 *
 * An api request ({"cmd": "<puzzle>.<verb>", ...}) is answered as client.mjs
 * asks before it sends a request to Python: answerLocally of rules/index.mjs
 * ({ok: true, result}, or null for a request left to Python).
 * {"call": "<puzzle>.<function>", "args": [...]} calls an exported function of a
 * puzzle's rules module (found through the registry, puzzles/index.mjs) and
 * answers {ok, result} or {ok: false, error}.
 *
 * The page's directory is web/ beside tests/, or the first argument (a built
 * copy, whose rules/first-boards.mjs holds Python's first boards).
 * tests/test_js_rules.py compares the answers with Python's.
 */

import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const web = resolve(process.argv[2] ?? new URL("../../web", import.meta.url).pathname);
const { answerLocally } = await import(pathToFileURL(`${web}/rules/index.mjs`).href);
const { findPuzzle } = await import(pathToFileURL(`${web}/puzzles/index.mjs`).href);

function call(name, args) {
  const [puzzle, fn] = name.split(".");
  try {
    return { ok: true, result: findPuzzle(puzzle).rules[fn](...args) };
  } catch (error) {
    return { ok: false, error: error.message };
  }
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const answers = requests.map((request) => (request.call ? call(request.call, request.args) : answerLocally(request)));
process.stdout.write(JSON.stringify(answers));
