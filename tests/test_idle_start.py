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


SIGNS_SCRIPT = """
const { whenAboutToPlay } = await import(process.argv[1]);
// The window, where a press's release is heard (it may come off the board).
const win = new EventTarget();
for (const name of ["addEventListener", "removeEventListener", "dispatchEvent"]) {
  globalThis[name] = win[name].bind(win);
}
// A board's root: listeners by type; an event's target is on the board or beside it.
function fakeRoot() {
  const listeners = new Map();
  return {
    addEventListener: (type, fn) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    removeEventListener: (type, fn) =>
      listeners.set(type, (listeners.get(type) ?? []).filter((f) => f !== fn)),
    fire(type, { onBoard = true, pointerType = "mouse" } = {}) {
      const target = { closest: (selector) => (selector === ".board-area" && onBoard ? {} : null) };
      for (const fn of listeners.get(type) ?? []) fn({ type, pointerType, target });
    },
  };
}
const connection = (value) => Object.defineProperty(globalThis, "navigator",
  { value: { connection: value }, configurable: true });
const out = {};
for (const [name, conn] of [["fast", { effectiveType: "4g" }], ["save data", { saveData: true }]]) {
  connection(conn);
  const runs = {};
  const events = {
    "pointerover": ["pointerover", {}],
    "pointerenter": ["pointerenter", {}],
    "pointermove beside the board": ["pointermove", { onBoard: false }],
    "a finger down on the board": ["pointerdown", { pointerType: "touch" }],
    "pointermove on the board": ["pointermove", {}],
    "a pen down on the board": ["pointerdown", { pointerType: "pen" }],
    "focusin": ["focusin", {}],
  };
  for (const [label, [type, options]] of Object.entries(events)) {
    const root = fakeRoot();
    let started = 0;
    whenAboutToPlay(root, () => started++);
    root.fire(type, options);
    root.fire(type, options);
    const byEvent = started;
    globalThis.dispatchEvent(new Event("pointerup"));  // a press is over
    root.fire("focusin");  // then the focus: it starts Python unless the event did
    runs[label] = [byEvent, started];
  }
  // A mouse press beside the board (on a button under it) gives the focus at
  // pointerdown: no sign until the release; a later focus is one.
  const root = fakeRoot();
  let started = 0;
  whenAboutToPlay(root, () => started++);
  root.fire("pointerdown", { onBoard: false });
  root.fire("focusin");
  const duringPress = started;
  globalThis.dispatchEvent(new Event("pointerup"));
  root.fire("focusin");
  runs["focus from a press beside the board"] = [duringPress, started];
  out[name] = runs;
}
process.stdout.write(JSON.stringify(out));
"""


def test_python_starts_once_at_the_first_sign_of_play_and_not_as_a_board_scrolls_by(node):
    out = run_node(node, SIGNS_SCRIPT, str(MODULE))
    fast, saving = out["fast"], out["save data"]
    # [starts after the event fired twice, after a focusin then]: once, never twice.
    for label in ("pointermove on the board", "a pen down on the board", "focusin"):
        assert fast[label] == [1, 1], label
    # pointerover/enter fire as a board scrolls under a resting pointer; a finger
    # may be scrolling (it counts at its pointerup: PuzzleBoard); a pointer
    # beside the board is not over it. None starts Python; the focus then does.
    for label in ("pointerover", "pointerenter", "pointermove beside the board",
                  "a finger down on the board"):
        assert fast[label] == [0, 1], label
    # The focus a press gives (a button's, at pointerdown) is no sign until the
    # release: the boot line would move the button from under the pointer.
    assert fast["focus from a press beside the board"] == [0, 1]
    # Saving data: hovering and focus are no sign; a press on the board is.
    assert saving["a pen down on the board"] == [1, 1]
    for label in set(saving) - {"a pen down on the board"}:
        assert saving[label] == [0, 0], label
