// The Embed dialog of the main page (index.html's #embed-box): the two
// snippets for the board on screen (embed-snippets.mjs), the iframe's theme
// and background to choose, and a preview of the iframe snippet's result
// in a blog column (672 px, drawn at half size) with a light and a dark page
// around it. With the theme "auto" the frame follows the reader's system:
// the two previews show it as a reader in each theme would see it.

import { elementSnippet, frameAddress, frameSnippet } from "./embed-snippets.mjs";

const COLUMN = 672; // a blog's column (tests/blog_site.py's)
const SCALE = 0.5;
const HOSTS = { light: "A light page", dark: "A dark page" };

/**
 * Wire the dialog in `box`, opened and closed by `button`. `current()` gives
 * the board on screen as {puzzle, game, title}; `changes` are elements whose
 * "puzzle-change" and "click" events may change it (the panels, the tabs).
 */
export function wireEmbedDialog(box, button, current, changes) {
  const site = new URL("./", location.href).href;
  const field = (id) => box.querySelector(`#${id}`);
  const theme = field("embed-theme");
  const transparent = field("embed-transparent");
  const previews = field("embed-previews");
  const frames = {};
  for (const [scheme, label] of Object.entries(HOSTS)) {
    const figure = document.createElement("figure");
    figure.className = `embed-preview ${scheme}`;
    figure.innerHTML = `<figcaption>${label}</figcaption><div class="embed-column"></div>`;
    previews.append(figure);
    frames[scheme] = { column: figure.querySelector(".embed-column"), frame: null };
  }

  const show = () => {
    if (box.hidden) return;
    const { puzzle, game, title } = current();
    const options = { theme: theme.value, transparent: transparent.checked, title };
    field("embed-script").value = elementSnippet(site, puzzle, game);
    field("embed-iframe").value = frameSnippet(site, puzzle, game, options);
    for (const [scheme, preview] of Object.entries(frames)) {
      // "auto" is the reader's system: each preview stands for one reader.
      const shown = frameAddress(site, puzzle, game,
        { ...options, theme: options.theme === "auto" ? scheme : options.theme });
      if (preview.frame?.dataset.src === shown) continue;
      preview.frame?.remove();
      const frame = document.createElement("iframe");
      frame.title = `${title}: preview on ${HOSTS[scheme].toLowerCase()}`;
      frame.dataset.src = shown;
      frame.src = shown;
      frame.width = COLUMN;
      frame.height = 600;
      preview.column.style.height = `${600 * SCALE}px`;
      preview.column.append(frame);
      preview.frame = frame;
    }
  };
  // The preview frames report their height (embed.html), as on a blog.
  window.addEventListener("message", (event) => {
    if (event.origin !== location.origin || event.data?.type !== "puzzlelab-height") return;
    for (const preview of Object.values(frames)) {
      if (preview.frame?.contentWindow !== event.source) continue;
      preview.frame.height = event.data.height;
      preview.column.style.height = `${event.data.height * SCALE}px`;
    }
  });
  button.addEventListener("click", () => {
    box.hidden = !box.hidden;
    button.setAttribute("aria-expanded", String(!box.hidden));
    show();
  });
  theme.addEventListener("change", show);
  transparent.addEventListener("change", show);
  // Keep the open snippets on the current game.
  for (const element of changes) {
    element.addEventListener("puzzle-change", show);
    element.addEventListener("click", show);
  }
  for (const text of box.querySelectorAll("textarea")) text.addEventListener("focus", () => text.select());
}
