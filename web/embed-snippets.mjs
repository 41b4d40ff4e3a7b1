// The code a person pastes into a blog post to embed a board: the custom
// element after one script tag (pages of the site's own origin), or an
// iframe (any other site), with absolute URLs since they go to other pages.
// The Embed dialog (embed-dialog.mjs) shows them; the tests paste them.

/**
 * The room a board takes before its script has run, as an element's style:
 * the most a reader's board takes (its column up to 480 px of board, plus
 * the rule, buttons and link), so that the post does not jump when the
 * board draws; embed-fit.mjs gives back what the board does not need.
 */
export const RESERVED_HEIGHT = 700;
export const RESERVED_STYLE = `display: block; min-height: ${RESERVED_HEIGHT}px`;

const attribute = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The script tag and the <puzzle-lab> element for `puzzle` (a registry id),
 * at game ID `game` if given; `site` is the site's address (ending in "/").
 */
export function elementSnippet(site, puzzle, game) {
  const gameAttribute = game ? ` game="${attribute(game)}"` : "";
  return `<script type="module" src="${attribute(new URL("embed.mjs", site).href)}"></script>\n`
    + `<puzzle-lab puzzle="${attribute(puzzle)}"${gameAttribute} style="${RESERVED_STYLE}"></puzzle-lab>`;
}

/**
 * The address of the iframe's page: embed.html with the puzzle, the game,
 * the theme ("auto", the reader's system, is the page's default and left
 * out) and a transparent background if asked.
 */
export function frameAddress(site, puzzle, game, { theme = "auto", transparent = false } = {}) {
  const address = new URL("embed.html", site);
  const params = { puzzle };
  if (game) params.game = game;
  if (theme && theme !== "auto") params.theme = theme;
  if (transparent) params.background = "transparent";
  address.search = new URLSearchParams(params);
  return address.href;
}

/**
 * The iframe (its room kept as the element's is) and the few lines that
 * fit it to the height its page reports (embed.html's messages, from the
 * site's origin only); `title` names the frame for screen readers.
 */
export function frameSnippet(site, puzzle, game, { theme, transparent, title }) {
  const origin = new URL(site).origin;
  return `<iframe src="${attribute(frameAddress(site, puzzle, game, { theme, transparent }))}" `
    + `title="${attribute(title)}" width="100%" height="${RESERVED_HEIGHT}" `
    + `style="border: 0; display: block" loading="lazy"></iframe>\n`
    + `<script>addEventListener("message", (e) => { if (e.origin === "${origin}" `
    + `&& e.data?.type === "puzzlelab-height") for (const f of document.querySelectorAll("iframe")) `
    + `if (f.contentWindow === e.source) f.height = e.data.height; });</script>`;
}
