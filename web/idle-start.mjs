// The site's own page starts Python after a few quiet seconds, so that a
// visitor who stays finds the solvers ready; a blog's embedded boards never
// do (embed.mjs does not call this): their readers pay only for what they
// touch. A connection that asks to save data, or a slow one, waits for a
// touch too.

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
