"""The site as a GitHub Pages project site, embedded in a blog post beside it.

One server at the root of a directory holding ``puzzle-lab/`` (the build)
and ``blog/post.html``, a long post that pastes docs/web.md's sub-path
snippet (``src="/puzzle-lab/embed.mjs"``) line by line, its three boards
screens apart (tests/blog_site.py; bench/bench_boot.py serves the same).
A reader who scrolls past the boards gets boards and no Python; one who
plays gets a board that answers, Python included.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from blog_site import (
    BLOG_POST,
    BOARDS,
    SUBPATH,
    ServedBytes,
    board_count,
    serve_blog,
    subpath_snippet,
)

pytestmark = pytest.mark.e2e

# The (#25) budget for a reader who scrolls past three boards.
READER_BUDGET = 600_000
PYTHON_DIRS = tuple(f"{SUBPATH}{name}/" for name in ("pyodide", "wheels", "data"))
BOARDS_SHOWN = f"""(wanted) => {{
  const found = [...document.querySelectorAll('{BOARDS}')];
  return found.length === wanted && found.every((el) => el.dataset.gameId);
}}"""

# Which boards' canvases passed under the pointer (the reader's scroll is real).
PASSED_UNDER = """window.passedUnder = new Set();
addEventListener("pointerover", (event) => {
  const board = event.target.closest?.("[data-puzzlelab], puzzle-lab");
  if (board && event.target.matches("canvas")) window.passedUnder.add(board);
}, true);"""


@pytest.fixture(scope="module")
def blog(build_py: Any, dist_dir: Path, tmp_path_factory: pytest.TempPathFactory
         ) -> Iterator[tuple[str, ServedBytes]]:
    """The blog post's URL on the server of the blog-and-site layout, and its byte counter."""
    server, served = serve_blog(build_py, tmp_path_factory.mktemp("pages"), dist_dir)
    try:
        yield f"{server.url}{BLOG_POST}", served
    finally:
        server.shutdown()
        server.server_close()


def open_post(page: Any, url: str) -> int:
    """Open the post, check that it holds the snippet's lines verbatim and in
    order, and return how many boards the snippet asks for."""
    snippet = subpath_snippet()
    assert f'src="{SUBPATH}embed.mjs"' in snippet
    lines = snippet.strip().splitlines()
    html = page.goto(url).text()
    positions = [html.find(line) for line in lines]
    assert -1 not in positions and positions == sorted(positions), "the snippet is not in the post"
    return sum(board_count(line) for line in lines)


# Resolves once a wheel's scroll has moved the page from `before` (or the
# post has ended) and the page has held still for a frame, plus one more
# frame, in which Chromium updates what is under the pointer.
SCROLL_SETTLED = """(before) => new Promise((done) => {
  let last = null;
  let frames = 0;
  const look = () => {
    const now = scrollY;
    const ended = now + innerHeight >= document.documentElement.scrollHeight - 1;
    if (((now !== before || ended) && now === last) || ++frames > 300) {
      requestAnimationFrame(() => done());
      return;
    }
    last = now;
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""


def test_scrolling_past_three_boards_fetches_boards_and_no_python(fresh_page, blog):
    page = fresh_page
    url, served = blog
    mark = served.mark()
    wanted = open_post(page, url)
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height > 4 * page.viewport_size["height"], "the post should be several screens long"
    # A reader's scroll by the wheel, the pointer resting mid-page: each board
    # passes under it (Chromium fires pointerover, not pointermove, there),
    # which is no sign of play (idle-start.mjs's whenAboutToPlay).
    page.evaluate(PASSED_UNDER)
    page.mouse.move(page.viewport_size["width"] / 2, page.viewport_size["height"] / 2)
    while page.evaluate("scrollY + innerHeight < document.documentElement.scrollHeight - 1"):
        before = page.evaluate("scrollY")
        page.mouse.wheel(0, 300)
        # The step's scroll has ended and been drawn (so what lies under the
        # pointer has had its pointerover), however busy the machine is.
        page.evaluate(SCROLL_SETTLED, before)
    page.wait_for_function(BOARDS_SHOWN, arg=wanted, timeout=60_000)
    assert page.evaluate("window.passedUnder.size") == wanted, "a board never passed the pointer"
    games = page.eval_on_selector_all(BOARDS,
                                      "(els) => els.map((el) => el.dataset.gameId)")
    assert games[0] == "5x5:1f8c4a0"  # the snippet's data-game, as given
    # The reader stays a moment: anything the boards start on their own arrives.
    page.wait_for_timeout(3000)
    sent = served.since(mark)
    python = sorted(path for path in sent if path.startswith(PYTHON_DIRS))
    assert not python, f"Python fetched for a reader who only scrolled: {python[:5]}"
    # Nor the peg problems' table (the par, the shortest solutions): fetched at a touch.
    catalogue = [path for path in sent if path.endswith("/catalogue.json")]
    assert not catalogue, f"the peg catalogue was fetched for a mere reader: {catalogue}"
    total = sum(sent.values())
    assert total <= READER_BUDGET, f"{total:,} bytes sent; the budget is {READER_BUDGET:,}"
