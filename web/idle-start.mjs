// When Python starts before anyone asks it for an answer. Every board
// starts it at a person's first touch (whenFirstTouched: a press, a tap, a
// key); embedded boards too, since a reader who only scrolls past gives no
// touch. The site's own page also starts it after
// a few quiet seconds (whenIdle), so that a visitor who stays finds the
// solvers ready; a blog's embedded boards never do (embed.mjs does not call
// whenIdle): their readers pay only for what they touch. A connection that
// asks to save data, or a slow one, waits for a touch.

/** How long the page must have been open and shown before Python starts unasked. */
export const IDLE_START_MS = 5000;

const SLOW = new Set(["slow-2g", "2g", "3g"]);

/** Why Python waits for a touch on this connection, or "" when it may start unasked. */
export function holdBack(connection = globalThis.navigator?.connection) {
  if (connection?.saveData) return "the browser asks to save data";
  if (SLOW.has(connection?.effectiveType)) return `the connection is slow (${connection.effectiveType})`;
  return "";
}

/**
 * After `ms` of the page being shown, when the browser is idle, run `start`
 * (at most once; never where holdBack() says so, unless `anyConnection`).
 * A hidden tab's time does not count: the wait starts again when it is shown.
 */
export function whenIdle(start, { ms = IDLE_START_MS, anyConnection = false } = {}) {
  if (!anyConnection && holdBack()) return;
  let timer = null;
  const arm = () => {
    clearTimeout(timer);
    if (document.visibilityState !== "visible") return;
    timer = setTimeout(() => {
      document.removeEventListener("visibilitychange", arm);
      const idle = globalThis.requestIdleCallback ?? ((callback) => setTimeout(callback, 0));
      idle(() => start(), { timeout: 2000 });
    }, ms);
  };
  document.addEventListener("visibilitychange", arm);
  arm();
}

/** A person's touch of a board (a change: a choice in one of its menus, however made). */
const TOUCHES = ["pointerup", "keydown", "change"];
/** Keys that move through the page rather than play. */
const PASSING_KEYS = new Set(["Tab", "Shift", "Control", "Alt", "Meta", "Escape"]);

/**
 * Run `touched` once, at a person's first touch of the board in `root` (a
 * press, a tap, a key other than Tab, a control changed), so that Python's
 * answers come soon after; a reader who only looks, or scrolls past,
 * downloads none of it (client.mjs). A touch that scrolls the page ends in
 * pointercancel, not pointerup. Not at pointerdown: the boot line that
 * appears then would move what the click is about to land on. `touched`
 * runs after the event has been handled, for the same reason.
 */
export function whenFirstTouched(root, touched) {
  const start = (event) => {
    if (event.type === "keydown" && PASSING_KEYS.has(event.key)) return;
    // "Today" opens a view over the page: not a touch of this board's game
    // (its lines appearing then would move the play screen under the view).
    if (event.target.closest?.('[data-play="today"]')) return;
    for (const type of TOUCHES) root.removeEventListener(type, start, true);
    setTimeout(touched);
  };
  for (const type of TOUCHES) root.addEventListener(type, start, true);
}
