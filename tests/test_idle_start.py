"""When the site's own page starts Python unasked (web/idle-start.mjs, run in
node): after the page has been shown a while, never on a connection that asks
to save data or is slow, and a hidden tab's time does not count; and when a
board starts it at the first sign of play (not as it scrolls by)."""

from __future__ import annotations

from pathlib import Path

from conftest import run_node

MODULE = Path(__file__).resolve().parent.parent / "web" / "idle-start.mjs"
SCRIPT = """
const listeners = [];
globalThis.document = {
  visibilityState: "visible",
  addEventListener: (type, fn) => listeners.push(fn),
  removeEventListener: (type, fn) => listeners.splice(listeners.indexOf(fn), 1),
};
const show = (state) => {
  document.visibilityState = state;
  for (const fn of [...listeners]) fn();
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const { holdBack, whenIdle } = await import(process.argv[1]);
const out = {};
out.held = [undefined, {}, { saveData: true }, { effectiveType: "2g" }, { effectiveType: "3g" },
  { effectiveType: "4g" }, { saveData: false, effectiveType: "slow-2g" }].map((c) => holdBack(c));

const started = [];
const connection = (value) => Object.defineProperty(globalThis, "navigator",
  { value: { connection: value }, configurable: true });
connection({ effectiveType: "4g" });
whenIdle(() => started.push("fast"), { ms: 30 });
connection({ saveData: true });
whenIdle(() => started.push("save-data"), { ms: 30 });
whenIdle(() => started.push("any connection"), { ms: 30, anyConnection: true });
connection(undefined);
out.before = [...started];
await sleep(100);
out.after = [...started].sort();

// A hidden tab: the wait starts again once it is shown.
started.length = 0;
whenIdle(() => started.push("shown"), { ms: 60 });
await sleep(30);
show("hidden");
await sleep(100);
out.hidden = [...started];
show("visible");
await sleep(30);
out.soonAfterShown = [...started];
await sleep(100);
out.later = [...started];
process.stdout.write(JSON.stringify(out));
"""


def test_python_starts_unasked_only_after_a_shown_while_on_a_connection_that_allows(node):
    out = run_node(node, SCRIPT, str(MODULE))
    assert out["held"][:2] == ["", ""]  # no Network Information API, or no hints: start
    assert "save data" in out["held"][2]
    assert "2g" in out["held"][3] and "3g" in out["held"][4]
    assert out["held"][5] == ""
    assert "slow-2g" in out["held"][6]
    assert out["before"] == []  # nothing at once
    assert out["after"] == ["any connection", "fast"]  # once each; never where data is saved
    assert out["hidden"] == []  # hidden before its time was up
    assert out["soonAfterShown"] == []  # the wait starts again when shown
    assert out["later"] == ["shown"]
