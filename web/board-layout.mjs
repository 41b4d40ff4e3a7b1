// Where a board's parts sit on the page, so that the first screen holds the
// board and its main actions: settings under the board (folded on phones),
// the main actions in the first toolbar, the rest folded into "More actions"
// on phones, panels and the board scrolled into view when they change, and
// the height the board may take (boardRoom).

/** Scroll `element` just into view (no further than needed; no animation). */
export function bringIntoView(element) {
  element.scrollIntoView({ block: "nearest", behavior: "instant" });
}

/**
 * The height the board may take so that it ends on the first screen: from
 * the board area's top (at scroll 0) to the window's bottom, less `below`
 * pixels kept free; never under `floor` pixels nor over 85% of the window.
 * Measured afresh at every draw, so that a note or notice above the board
 * shrinks it rather than pushing it out of sight.
 */
export function boardRoom(root, floor = 160, below = 12) {
  const area = root.querySelector(".board-area");
  const height = roomHeight();
  const top = area ? area.getBoundingClientRect().top + window.scrollY : 0;
  // The play bar right under the board (Undo, Hint, Next) stays on the first screen too.
  const bar = area?.nextElementSibling?.matches(".play-bar") ? area.nextElementSibling : null;
  const barHeight = bar ? bar.getBoundingClientRect().height + 8 : 0;
  return Math.max(floor, Math.min(height * 0.85, height - top - below - barHeight));
}

/**
 * An embedded board's room: its board area is a box of the game's shape
 * (`rows` by `cols`), as wide as the host page's column allows up to a
 * maximum (board.css, .puzzle[data-embed]); the board fills it wherever it
 * sits in the page, and the box follows the column (the boards' resize
 * observers watch it, not the window). The shape is set before the box is
 * read, so that a new game of another shape gets its own box (`shape`
 * [rows, cols], or null before the first game: the box keeps the shape
 * embed-fit.mjs gave it).
 */
export function embeddedRoom(root, shape) {
  if (shape) {
    root.style.setProperty("--pl-rows", shape[0]);
    root.style.setProperty("--pl-cols", shape[1]);
  }
  return root.querySelector(".board-area")?.clientHeight ?? 0;
}

/**
 * The window height a board fits into. In a frame (embed.html) the frame's
 * own height follows the board, so it says nothing: the screen's height
 * stands in for the host page's window, as a script embed would see it.
 */
function roomHeight() {
  if (window.parent === window) return window.innerHeight;
  const screenHeight = Math.min(window.screen?.availHeight || 800, 1000);
  return Math.max(window.innerHeight, screenHeight);
}

/**
 * The board and its main actions come first: the settings (details.settings,
 * folded on phones) go under the board, and the buttons named in
 * `mainActions` (plus undo and hint) join the first toolbar, so that the
 * first screen holds them.
 *
 * What the layout needs from the board:
 *   refit()         draw the board again to fit (a line above it changed size)
 *   show(element)   bring an element into view (the board's bringIntoView)
 *   gameId()        the game ID on screen, to tell when another game is shown
 *   settled()       a promise for the actions queued so far
 */
export function arrangeBoardFirst(root, mainActions, { refit, show, gameId, settled }) {
  const area = root.querySelector(".board-area");
  const settings = [...root.querySelectorAll("details.settings")];
  const phone = window.matchMedia("(max-width: 40rem)").matches;
  for (const details of settings.reverse()) {
    details.open = !phone;
    area?.after(details);
  }
  // A line above the board that grows or shrinks (a note, a toolbar that
  // wraps) changes the room left for it: draw it again to fit.
  const resized = new ResizeObserver(refit);
  for (let above = area?.previousElementSibling; above; above = above.previousElementSibling) {
    resized.observe(above);
  }
  followClicks(root, area, { show, gameId, settled });
  // Undo, hint and the new game: all that data-controls="board" keeps (board.css).
  const main = root.querySelector('button[data-action="undo"]')?.closest(".toolbar");
  for (const action of ["undo", "hint", ...mainActions]) {
    const button = root.querySelector(`button[data-action="${action}"]`);
    if (!button) continue;
    button.dataset.main = "";
    if (main && !main.contains(button)) main.lastElementChild.append(button);
  }
  if (phone && area) foldActions(area);
}

/**
 * Phones: the toolbars above the board keep only the main actions (undo,
 * hint, new game), so that they take one or two rows; every other control
 * there moves, in its toolbar and group, into a folded "More actions"
 * under the board. Parts hidden for now (a mode's tools, a playback's
 * buttons) stay where they appear.
 */
function foldActions(area) {
  const more = document.createElement("details");
  more.className = "settings more-actions";
  more.innerHTML = "<summary>More actions</summary>";
  const toolbars = [];
  for (let above = area.previousElementSibling; above; above = above.previousElementSibling) {
    if (above.matches(".toolbar") && !above.hidden) toolbars.unshift(above);
  }
  for (const toolbar of toolbars) {
    const copy = toolbar.cloneNode(false); // its class and data-part (a mode hides it)
    copy.removeAttribute("role");
    copy.removeAttribute("aria-label");
    for (const item of [...toolbar.children]) {
      if (item.hidden || item.matches("[data-main]")) continue;
      const main = item.querySelector("[data-main]");
      if (!main) {
        copy.append(item);
        continue;
      }
      const rest = [...item.children].filter((child) => !child.matches("[data-main]"));
      if (rest.length === 0) continue;
      const group = item.cloneNode(false);
      group.append(...rest);
      copy.append(group);
    }
    if (copy.children.length) more.append(copy);
    if (toolbar.querySelectorAll(":scope > *").length === 0) toolbar.hidden = true;
  }
  if (more.children.length > 1) area.after(more);
}

/**
 * Panels open where the person is looking, and a control below the board
 * that changes the game brings the board back into view: a folded section
 * opened (its summary clicked) scrolls into view; a click, a choice or Enter
 * after the board area that ends with another game on the board shows the board.
 */
function followClicks(root, area, { show, gameId, settled }) {
  if (!area) return;
  const below = (node) => Boolean(area.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)
    && !area.contains(node);
  root.addEventListener("click", (event) => {
    const summary = event.target.closest("summary");
    if (summary && root.contains(summary)) {
      const details = summary.parentElement;
      requestAnimationFrame(() => details.open && show(details));
    }
  });
  const watch = (event) => {
    if (event.type === "keydown" && event.key !== "Enter") return;
    if (!below(event.target) || !event.target.closest("button, select, input")) return;
    const before = gameId();
    // The first action that ends with another game shows the board; the
    // watch ends with it, or once the actions queued so far have settled.
    const check = () => {
      if (gameId() === before) return;
      root.removeEventListener("puzzle-change", check);
      show(area);
    };
    root.addEventListener("puzzle-change", check);
    setTimeout(() => settled().finally(() => root.removeEventListener("puzzle-change", check)));
  };
  // Capture: before the board's own listeners, whose action may finish
  // (with no Python) before the event reaches the root.
  root.addEventListener("click", watch, true);
  root.addEventListener("change", watch, true);
  root.addEventListener("keydown", watch, true);
}
