// A puzzle's own stylesheet (web/puzzles/<id>/<id>.css), added to the document
// once however many boards of that puzzle the page holds. A board waits for
// it before its first game is shown: drawn earlier, the board is sized for a
// page without its lines' heights (the verdict and note lines take their
// room only once the sheet applies) and then jumps down under a finger that
// was already on its way to a peg.

const sheets = new Map(); // href -> promise for the sheet applied (or given up on)

/** Longest wait for a sheet that neither loads nor fails: then the board is shown unstyled. */
const STYLE_WAIT_MS = 4000;

/**
 * Add the stylesheet at `url` (a URL, or nothing) to the document if it is
 * not there yet; resolves once it applies, has failed, or after
 * STYLE_WAIT_MS, never rejects (a board without its colours still plays).
 * `layer`: the cascade layer it goes in (an embedded board's sheets are in
 * the "puzzlelab" layer with board.css, so that the host page's rules win).
 */
export function boardStyle(url, layer = null) {
  if (!url) return Promise.resolve();
  const href = String(url);
  const key = layer ? `${layer} ${href}` : href;
  if (!sheets.has(key)) sheets.set(key, layer ? layered(href, layer) : added(href));
  return sheets.get(key);
}

function layered(href, layer) {
  const style = document.createElement("style");
  style.textContent = `@import url("${href}") layer(${layer});`;
  const applied = new Promise((resolve) => {
    style.addEventListener("load", resolve, { once: true });
    style.addEventListener("error", resolve, { once: true });
    setTimeout(resolve, STYLE_WAIT_MS);
  });
  document.head.append(style);
  return applied;
}

function added(href) {
  let link = [...document.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (!link) {
    link = Object.assign(document.createElement("link"), { rel: "stylesheet", href });
    document.head.append(link);
  } else if (link.sheet) {
    return Promise.resolve(); // already applied (the page linked it itself)
  }
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
    setTimeout(resolve, STYLE_WAIT_MS);
  });
}
