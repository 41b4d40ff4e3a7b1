/**
 * Answers a batch of requests with the JavaScript move rules (web/rules/):
 * reads a JSON array of api requests on stdin, writes the JSON array of their
 * envelopes ({ok, result} or {ok: false, error}; null for a command the rules
 * do not cover) on stdout. tests/test_js_rules.py compares them with Python's.
 */

import * as binairo from "../../web/rules/binairo.mjs";
import * as lightsout from "../../web/rules/lightsout.mjs";
import * as pegs from "../../web/rules/pegs.mjs";

const FAMILIES = { binairo, lightsout, pegs };

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const requests = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const answers = requests.map((request) => {
  const family = FAMILIES[String(request.cmd).split(".")[0]];
  return family ? family.handle(request) : null;
});
process.stdout.write(JSON.stringify(answers));
