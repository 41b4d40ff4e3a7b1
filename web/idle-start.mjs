// When Python starts before anyone asks it for an answer. Every board
// starts it at the first sign that a person is about to play on it
// (whenAboutToPlay: the pointer moving over it, focus on it), so that the
// first hint comes soon; embedded boards too, since a reader who only
// scrolls past gives no such sign. The site's own page also starts it after
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

/**
 * Run `start` once, at the first sign that a person is about to play on the
 * board in `root` (#35): the pointer moving over the board, a mouse or pen
 * button going down on it, or the keyboard's focus coming into the board or
 * its controls. Python then boots while the person aims, so that the first
 * hint comes soon. A board's own touch (whenFirstTouched: its first press or key)
 * still starts it too, wherever these are not seen.
 *
 * A focus that a press gives (a button takes the focus at pointerdown) is no
 * such sign: that press counts at its release (PuzzleBoard's first touch,
 * after the click). This began when the boot line took no room until it
 * appeared and moved the controls under the board between a press and its
 * release; the line now has its room from the first draw
 * (python-boot-line.mjs), so nothing moves either way, and a press on a
 * control still starts Python only once it is a click.
 *
 * What does not count, so that a reader who scrolls past an embedded board
 * pays nothing: `pointerenter` and `pointerover`, which Chromium fires when
 * a board scrolls under a resting pointer (a wheel or a trackpad scroll),
 * while `pointermove` needs the pointer itself to move; and a finger going
 * down on the board, which may be the start of a scroll: a touch counts at
 * its end, when it was not one (PuzzleBoard's pointerup; about 0.1 s later
 * than pointerdown, against a start of about 2 s). Hovering and focus are
 * guesses, not touches: where holdBack() asks to save data they do not count.
 */
export function whenAboutToPlay(root, start) {
  const guesses = holdBack() ? [] : ["pointermove", "focusin"];
  const signs = ["pointerdown", ...guesses];
  let pressing = false; // a pointer is down in the board: a focus now is the press's
  const press = () => { pressing = true; };
  const release = () => { pressing = false; };
  const releases = ["pointerup", "pointercancel"];
  const sign = (event) => {
    if (event.type === "focusin" && pressing) return;
    if (event.type.startsWith("pointer")) {
      if (event.pointerType === "touch" || !event.target.closest?.(".board-area")) return;
    }
    for (const type of signs) root.removeEventListener(type, sign, true);
    root.removeEventListener("pointerdown", press, true);
    for (const type of releases) globalThis.removeEventListener?.(type, release, true);
    start();
  };
  // Before `sign` sees the same pointerdown; the release may come off the board.
  root.addEventListener("pointerdown", press, true);
  for (const type of releases) globalThis.addEventListener?.(type, release, true);
  for (const type of signs) root.addEventListener(type, sign, true);
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
