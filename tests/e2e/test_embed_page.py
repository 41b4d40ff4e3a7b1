"""Embedding: boards on another page via embed.mjs, the iframe form, and the Embed button."""

from __future__ import annotations

from urllib.parse import quote

import pytest

pytestmark = pytest.mark.e2e

PUZZLES = ("lightsout", "pegs", "binairo")
BINAIRO = "4x4:1b0i1b"


def board_ready(page, puzzle: str) -> str:
    """Wait until the demo's board of `puzzle` has answered every action; its game ID."""
    page.wait_for_function(
        """(id) => {
          const board = window.PuzzleLab?.boardOf(document.getElementById(id));
          return board?.idle() && board.gameId;
        }""",
        arg=f"demo-{puzzle}",
        timeout=90_000,
    )
    return page.locator(f"#demo-{puzzle}").get_attribute("data-game-id")


def play(page, puzzle: str) -> None:
    """One move, clicked like a person on the centre of a cell of the board's canvas."""
    element = page.locator(f"#demo-{puzzle}")
    element.scroll_into_view_if_needed()
    if puzzle == "pegs":  # a peg, then the hole two cells above it
        for r, c in ((4, 3), (2, 3)):
            centre = page.evaluate(
                "async ([r, c]) => (await PuzzleLab.mount(document.getElementById('demo-pegs')))"
                ".cellCentre(r, c)",
                [r, c],
            )
            page.mouse.click(*centre)
        return
    # Lights Out 5x5, or the 4x4 binary puzzle's canvas (one more row and column for counters).
    box = element.locator("canvas").first.bounding_box()
    page.mouse.click(box["x"] + 1.5 * box["width"] / 5, box["y"] + 0.5 * box["height"] / 5)


def test_demo_page_boards_share_one_worker_and_report_moves(page, site_url, screenshot_dir):
    workers = []
    page.on("worker", lambda worker: workers.append(worker.url))
    # The iframe is its own page with its own worker: keep it out of this count.
    page.route("**/embed.html*", lambda route: route.abort())
    page.goto(site_url + "embed-demo.html")
    page.evaluate(
        """() => { window.moves = [];
          document.addEventListener('puzzlelab-move', (e) => moves.push(e.target.id)); }"""
    )
    before = {puzzle: board_ready(page, puzzle) for puzzle in PUZZLES}
    assert all(before.values())
    assert len(workers) == 1 and workers[0].endswith("worker.mjs"), workers

    for puzzle in PUZZLES:
        play(page, puzzle)
        page.wait_for_function(
            "(id) => moves.includes(id)", arg=f"demo-{puzzle}", timeout=30_000
        )
        assert board_ready(page, puzzle) != before[puzzle]

    # A board mounted later through the API, read-only: a click changes nothing,
    # setGame() does, and it still uses the one worker.
    page.evaluate(
        """() => { const div = Object.assign(document.createElement('div'), {id: 'demo-extra'});
          document.querySelector('article').append(div);
          return PuzzleLab.mount(div, {puzzle: 'lightsout', game: '5x5:1f8c4a0', readonly: true})
            .then(() => {}); }"""
    )
    assert board_ready(page, "extra") == "5x5:1f8c4a0"
    play(page, "extra")
    page.wait_for_timeout(300)
    assert board_ready(page, "extra") == "5x5:1f8c4a0"
    moved = page.locator("#demo-lightsout").get_attribute("data-game-id")
    page.evaluate(
        "(id) => PuzzleLab.boardOf(document.getElementById('demo-extra')).setGame(id)", moved
    )
    assert board_ready(page, "extra") == moved
    assert len(workers) == 1


def test_iframe_posts_its_height(page, site_url, screenshot_dir):
    page.goto(site_url + "embed-demo.html")
    page.wait_for_function(
        "document.getElementById('demo-frame').contentDocument"
        "?.querySelector('#board')?.dataset.gameId",
        timeout=90_000,
    )
    heights = page.evaluate(
        """() => new Promise((resolve) => {
          const seen = [];
          addEventListener('message', (e) => {
            if (e.data?.type === 'puzzlelab-height') seen.push(e.data.height);
          });
          // Any change of the frame's content height is reported.
          const doc = document.getElementById('demo-frame').contentDocument;
          doc.body.style.paddingBottom = '40px';
          setTimeout(() => resolve(seen), 1000);
        })"""
    )
    assert heights and heights[-1] > 200, heights
    frame_height = int(page.locator("#demo-frame").get_attribute("height"))
    assert frame_height == heights[-1]
    for puzzle in PUZZLES:
        board_ready(page, puzzle)
    page.screenshot(path=str(screenshot_dir / "embed-demo.png"), full_page=True)


def test_embed_button_shows_snippets_for_the_current_game(page, site_url, screenshot_dir):
    page.goto(f"{site_url}#binairo={quote(BINAIRO, safe='')}")
    page.wait_for_function(
        "window.puzzleLab?.boards.binairo?.idle() && window.puzzleLab.boards.binairo.gameId",
        timeout=90_000,
    )
    page.get_by_role("button", name="Embed").click()
    script = page.locator("#embed-script")
    frame = page.locator("#embed-iframe")
    script.wait_for(state="visible")
    assert f'data-game="{BINAIRO}"' in script.input_value()
    assert f"{site_url}embed.mjs" in script.input_value()
    assert f"game={quote(BINAIRO, safe='')}" in frame.input_value()
    assert script.get_attribute("readonly") is not None
    assert frame.get_attribute("readonly") is not None
    page.screenshot(path=str(screenshot_dir / "embed-snippets.png"))
