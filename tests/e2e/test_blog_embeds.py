"""Boards in a long blog post: sized to the column, in the host's theme, a reader's board.

One page load per size and host theme: a long post in a 672 px column
(tests/blog_site.py's ``embeds_post``) with a group of three boards at the
top, three screens down and six screens down, each group one board per form
(the <puzzle-lab> element and the iframe as the Embed dialog writes them,
the ``data-puzzlelab`` div as docs/web.md does), the registry's puzzles
turning round so that each comes in every form and place. The reader
scrolls down the post as a reader does; then every board is measured.
"""

from __future__ import annotations

import pytest

from blog_site import BOARDS, COLUMN, SNIPPETS_JS, embeds_post, registry_ids

pytestmark = pytest.mark.e2e

SIZES = {"laptop": (1280, 800), "phone": (375, 740)}
MARGIN = 16  # the post's column's padding on each side (blog_site.column_post)
TOUCH_CELL = 40  # the least cell on a touch screen, where the column allows

# Layout shifts the page did not cause by input, summed (Chromium's
# Cumulative Layout Shift, without its session windows: an upper bound).
LAYOUT_SHIFT = """window.layoutShift = 0;
window.layoutShifts = []; // what moved, for the failure's message
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.layoutShift += entry.value;
    window.layoutShifts.push([entry.value.toFixed(4), Math.round(scrollY), ...entry.sources.map(
      ({ node, previousRect: a, currentRect: b }) => `${node?.nodeName}.${node?.className} `
        + `${Math.round(a.y)}+${Math.round(a.height)} -> `
        + `${Math.round(b.y)}+${Math.round(b.height)}`)]);
  }
}).observe({ type: "layout-shift", buffered: true });"""

# What a reader sees of a board (in a page or a frame): the board's width,
# its cells, its colours and its visible text.
LOOKS = """(root) => {
  const canvas = root.querySelector('.board-area canvas');
  const board = window.PuzzleLab.boardOf(root);
  const style = getComputedStyle(root);
  const visible = (selector) => [...root.querySelectorAll(selector)]
    .some((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden');
  const [r, g, b] = style.backgroundColor.match(/[\\d.]+/g).map(Number);
  return {
    width: root.getBoundingClientRect().width,
    inner: root.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    canvas: canvas.getBoundingClientRect().width,
    cell: (board.grid ?? board.geo).cell,
    scheme: root.dataset.scheme ?? 'auto',
    panelLight: 0.299 * r + 0.587 * g + 0.114 * b > 128,
    rule: root.querySelector('.puzzlelab-rule')?.innerText ?? '',
    text: root.innerText,
    keyHelp: visible('.key-help'),
    howItWorks: visible('details.how-it-works'),
    link: root.querySelector('.puzzlelab-link a')?.href ?? '',
    buttons: [...root.querySelectorAll('button')].filter((el) => el.getClientRects().length)
      .map((el) => el.textContent.trim()),
  };
}"""


def scroll_down_like_a_reader(page, height: int) -> None:
    """Half a screen at a time to the end of the post, a moment at each step."""
    for _ in range(200):
        done = page.evaluate(
            """(step) => { const before = scrollY; scrollBy(0, step);
              return scrollY === before; }""", height // 2)
        page.wait_for_timeout(120)
        if done:
            return
    raise AssertionError("the post never ended")


@pytest.mark.parametrize("host", ["light", "dark"])
@pytest.mark.parametrize("size", list(SIZES))
def test_boards_in_a_long_post(browser, site_url, page_log, screenshot_dir, size, host):
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser.new_context(viewport={"width": width, "height": height}, has_touch=phone,
                                  is_mobile=phone, service_workers="block")
    context.add_init_script(LAYOUT_SHIFT)
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
        # The snippets, as the Embed dialog makes them, from a page of the site.
        page.route(f"{site_url}snippets.html", lambda route: route.fulfill(
            content_type="text/html", body="<!doctype html><title>snippets</title>"))
        page.goto(f"{site_url}snippets.html")
        puzzles = registry_ids()
        snippets = page.evaluate(SNIPPETS_JS, [puzzles, host])
        post = embeds_post(snippets, dark=host == "dark")
        page.route(f"{site_url}post.html", lambda route: route.fulfill(
            content_type="text/html", body=post))
        page.goto(f"{site_url}post.html")
        boards = page.locator(BOARDS)
        assert boards.count() == 2 * len(puzzles)
        page.wait_for_function(
            "[...document.querySelectorAll('puzzle-lab, [data-puzzlelab]')].slice(0, 2)"
            ".every((el) => el.dataset.gameId)", timeout=60_000)
        page.wait_for_timeout(500)
        # Only the boards near the first screen are drawn: those screens
        # down wait for the reader (they keep their room meanwhile).
        drawn = page.eval_on_selector_all(
            BOARDS, "(els) => els.map((el) => Boolean(el.dataset.gameId))")
        assert drawn[:2] == [True, True] and not any(drawn[2:]), drawn
        page.screenshot(path=str(screenshot_dir / f"blog-{size}-{host}-top.png"))

        scroll_down_like_a_reader(page, height)
        page.wait_for_function(
            "[...document.querySelectorAll('puzzle-lab, [data-puzzlelab]')]"
            ".every((el) => el.dataset.gameId)", timeout=60_000)
        frames = page.locator("iframe")
        for index in range(frames.count()):
            frames.nth(index).scroll_into_view_if_needed()
            page.frame_locator("iframe").nth(index).locator("#board[data-game-id]").wait_for(
                timeout=60_000)
        page.wait_for_timeout(300)
        shift = page.evaluate("window.layoutShift")
        assert shift <= 0.05, (f"the post moved under the reader: layout shift {shift:.3f}: "
                               f"{page.evaluate('window.layoutShifts')}")
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"{overflow} px of sideways scroll"

        # A reader who only scrolled started no Python engine, so fetched
        # nothing of it (test_blog_hosting.py counts the bytes a server sends).
        started = page.evaluate(
            """() => import(new URL("client.mjs", document.baseURI).href)
              .then(({ getClient }) => getClient().started)""")
        assert started is False
        python = [url for url in requests if "/pyodide/" in url or "/wheels/" in url]
        assert not python, python[:3]
        column = min(COLUMN, width - 2 * MARGIN)
        seen = []
        for index in range(boards.count()):
            seen.append(boards.nth(index).evaluate(LOOKS))
        for index in range(frames.count()):
            frame = frames.nth(index).element_handle().content_frame()
            assert abs(frames.nth(index).bounding_box()["width"] - column) <= 1
            looks = frame.locator("#board").evaluate(LOOKS)
            # The frame fits the height its board reports (the board, 4 px all
            # round), now that the reader has scrolled past it.
            page.wait_for_function(
                """(f) => Math.abs(f.height
                  - f.contentDocument.getElementById('board').getBoundingClientRect().height
                  - 8) <= 2""", arg=frames.nth(index).element_handle(), timeout=10_000)
            seen.append({**looks, "width": looks["width"] + 8})  # the frame's page's 4 px
        assert len(seen) == 3 * len(puzzles)
        for looks in seen:
            what = f"{looks['rule'][:30]}… ({size}, {host} page)"
            # As wide as the column, the board as wide as it allows.
            assert abs(looks["width"] - column) <= 1, what
            if phone:
                assert looks["canvas"] >= looks["inner"] - 8, what  # whole cells only
                assert looks["cell"] >= TOUCH_CELL, what
            else:
                assert looks["canvas"] >= 400, what
            # The host's theme (the iframe's snippet names it).
            assert looks["scheme"] == host, what
            assert looks["panelLight"] == (host == "light"), what
            # A reader's board: the rule, Undo, Hint and a new game, a link;
            # no key help, no How it works.
            assert looks["rule"] and looks["rule"] in looks["text"], what
            assert sorted(looks["buttons"]) in (["Hint", "New", "Undo"],
                                                ["Hint", "Start over", "Undo"]), what
            assert not looks["keyHelp"] and not looks["howItWorks"], what
            assert "Keys:" not in looks["text"] and "How it works" not in looks["text"], what
            assert looks["link"].startswith(site_url) and "#" in looks["link"], what
        page.screenshot(path=str(screenshot_dir / f"blog-{size}-{host}-end.png"))
        first = boards.first
        first.scroll_into_view_if_needed()
        if not phone:
            # Keys: a board focused from the keyboard rings its cell; an arrow moves the ring.
            first.locator("canvas").focus()
            page.keyboard.press("ArrowRight")
            ring = first.evaluate("""(root) => [root.querySelector('canvas').classList
              .contains('keyboard-focus'), window.PuzzleLab.boardOf(root).focusedCell()]""")
            assert ring[0] and ring[1] is not None, ring
        # The board follows its column, not the window: a narrower column (its
        # content 320 px wide), a smaller board.
        before = first.evaluate(LOOKS)["canvas"]
        page.evaluate("document.querySelector('article').style.maxWidth = '320px'")
        page.wait_for_function(
            """(root) => root.querySelector('.board-area canvas').getBoundingClientRect().width
              <= root.clientWidth""", arg=first.element_handle(), timeout=10_000)
        narrow = first.evaluate(LOOKS)
        assert narrow["width"] == 320 and narrow["canvas"] < before, narrow
    finally:
        context.close()
    assert not page_log.page_errors, page_log.page_errors
