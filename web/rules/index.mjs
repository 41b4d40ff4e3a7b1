// The requests the page can answer without Python: moves and game IDs by the
// rule modules beside this file, and the first boards the page asks for by
// default, computed by Python when the site was built (first-boards.mjs).
// client.mjs asks here before it sends a request to the worker, so a board
// is drawn and played while Python is still starting.

import * as binairo from "./binairo.mjs";
import { FIRST_BOARDS } from "./first-boards.mjs";
import * as lightsout from "./lightsout.mjs";
import * as pegs from "./pegs.mjs";

const FAMILIES = { binairo, lightsout, pegs };

/** A request as one text with its keys sorted, as build.py writes FIRST_BOARDS' keys. */
export function requestKey(request) {
  return JSON.stringify(Object.fromEntries(Object.entries(request).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/**
 * api.handle's envelope for `request` ({ok, result} or {ok: false, error}),
 * or null when only Python can answer it.
 */
export function answerLocally(request) {
  if (!request || typeof request !== "object") return null;
  const family = Object.hasOwn(FAMILIES, String(request.cmd).split(".")[0])
    ? FAMILIES[String(request.cmd).split(".")[0]] : null;
  const answer = family?.handle(request) ?? null;
  if (answer) return answer;
  const key = requestKey(request);
  return Object.hasOwn(FIRST_BOARDS, key) ? { ok: true, result: structuredClone(FIRST_BOARDS[key]) } : null;
}
