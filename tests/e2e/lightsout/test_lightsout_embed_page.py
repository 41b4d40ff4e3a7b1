"""Lights Out: its own cases of tests/e2e/test_embed_page.py, moved here from it (that
module's subject: Embedding: boards on another page via embed.mjs, the iframe form, and
the Embed button)."""

from __future__ import annotations

import pytest
from test_embed_page import BLOCKED_STORAGE, ENGINE, PUZZLES, board_ready

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


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


# Boards added to the demo by the next test: (id, attributes).
OPTION_BOARDS = {
    "solve": {"puzzlelab": "lightsout", "game": "3x3:5d0", "height": "300"},
    "rules": {
        "puzzlelab": "lightsout",
        "size": "4x6",
        "variant": "king wrap states=3",
        "hints": "off",
        "controls": "full",
    },
    "triangle": {"puzzlelab": "pegs", "variant": "triangle"},
    "goal": {"puzzlelab": "pegs", "game": "oo...@any"},
    "six": {"puzzlelab": "binairo", "size": "6"},
    "bad-variant": {"puzzlelab": "lightsout", "variant": "hexagonal"},
    "bad-size": {"puzzlelab": "binairo", "size": "5"},
}


def test_demo_page_boards_share_one_worker_and_report_moves(page, site_url, screenshot_dir):
    workers = []  # dedicated workers (the shared engine is not one)
    page.on("worker", lambda worker: workers.append(worker.url))
    page.goto(site_url + "embed-demo.html")
    page.evaluate(
        """() => { window.moves = [];
          document.addEventListener('puzzlelab-move', (e) => moves.push(e.target.id)); }"""
    )
    before = {puzzle: board_ready(page, puzzle) for puzzle in PUZZLES}
    assert all(before.values())

    # The page's boards and the iframe's board are served by one Python engine.
    page.locator("#demo-frame").scroll_into_view_if_needed()  # a lazy frame loads near view
    page.wait_for_function(
        "document.getElementById('demo-frame').contentDocument"
        "?.querySelector('#board')?.dataset.gameId",
        timeout=90_000,
    )
    frame = next(f for f in page.frames if f.url.split("?")[0].endswith("embed.html"))
    engines = [page.evaluate(ENGINE), frame.evaluate(ENGINE)]
    assert engines[0]["shared"] and engines[0] == engines[1], engines
    assert workers == []

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
    assert page.evaluate(ENGINE) == engines[0] and workers == []


def plain_panel(page) -> str:
    """The panel colour of the demo's first Lights Out board."""
    return page.evaluate(
        "getComputedStyle(document.querySelector('#demo-lightsout')).backgroundColor"
    )


def test_embed_options_solved_event_and_host_styles(page, site_url, screenshot_dir):
    page.route("**/embed.html*", lambda route: route.abort())  # the frame is tested above
    page.goto(site_url + "embed-demo.html")
    for puzzle in PUZZLES:
        board_ready(page, puzzle)
    # The boards' stylesheet leaves the host page's own look alone.
    host = page.evaluate(
        """() => { const css = (el) => getComputedStyle(el);
          return {html: css(document.documentElement).backgroundColor,
            body: css(document.body).backgroundColor, font: css(document.body).fontFamily,
            color: css(document.querySelector('.byline')).color,
            margin: css(document.body).marginLeft === css(document.body).marginRight}; }"""
    )
    assert host == {
        "html": "rgba(0, 0, 0, 0)",
        "body": "rgba(0, 0, 0, 0)",
        "font": 'Georgia, "Times New Roman", serif',
        "color": "rgb(102, 102, 102)",
        "margin": True,
    }

    page.evaluate(
        """(boards) => {
          window.solved = [];
          document.addEventListener('puzzlelab-solved',
            (e) => solved.push([e.target.id, e.detail.gameId]));
          for (const [id, data] of Object.entries(boards)) {
            const div = Object.assign(document.createElement('div'), {id: 'demo-' + id});
            Object.assign(div.dataset, data);
            document.querySelector('article').append(div);
          }
          return PuzzleLab.mountAll().then(() => {});
        }""",
        OPTION_BOARDS,
    )
    for name in ("solve", "rules", "triangle", "goal", "six"):
        board_ready(page, name)

    # data-height: the element is that tall at most, and scrolls.
    solve = page.locator("#demo-solve")
    assert solve.evaluate("(el) => getComputedStyle(el).maxHeight") == "300px"
    assert solve.bounding_box()["height"] <= 300.5
    # puzzlelab-solved: one click on the centre of the plus sign.
    canvas = solve.locator("canvas")
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("solved.length > 0", timeout=30_000)
    assert page.evaluate("solved") == [["demo-solve", "3x3:000"]]
    solve.screenshot(path=str(screenshot_dir / "embed-height-solved.png"))

    # data-size, data-variant, data-hints.
    rules = page.locator("#demo-rules")
    assert rules.get_attribute("data-game-id").startswith("6x4;wrap;n=king;k=3:")
    assert not rules.locator('[data-action="hint"]').is_visible()
    assert not rules.locator('[data-action="solution"]').is_visible()
    assert not rules.locator('[data-action="gallery"]').is_visible()
    assert rules.locator('[data-action="analysis"]').is_visible()
    assert rules.locator('[data-action="undo"]').is_visible()
    # On this light page a board stays light under a dark system theme.
    page.emulate_media(color_scheme="dark")
    assert plain_panel(page) == "rgb(255, 255, 255)"
    page.emulate_media(color_scheme="light")
    # By default an embed is the board and its main actions only; the author
    # chose this board's game, so it starts over rather than dealing a new one.
    plain = page.locator("#demo-lightsout")
    for action in ("undo", "hint", "reset"):
        assert plain.locator(f'[data-action="{action}"]').is_visible(), action
    assert plain.locator('[data-action="reset"]').inner_text() == "Start over"
    for hidden in ('[data-action="analysis"]', '[data-action="solution"]', '[data-action="random"]',
                   '[data-action="redo"]', "details.settings", '[data-action="edit"]',
                   ".key-help", "details.how-it-works"):
        assert not plain.locator(hidden).is_visible(), hidden
    # Without a game of the author's, a new one.
    options = page.locator("#demo-options")
    assert options.locator('[data-action="random"]').inner_text() == "New"
    assert not options.locator('[data-action="reset"]').is_visible()
    rules.locator("canvas").focus()
    page.keyboard.press("h")  # nor does the hint key give one
    page.wait_for_timeout(300)
    assert "Hint" not in rules.locator(".message").inner_text()
    assert page.locator("#demo-triangle").get_attribute("data-game-id") == "./oo/ooo/oooo/ooooo"
    assert page.locator("#demo-six").get_attribute("data-game-id").startswith("6x6:")
    # A peg game ID carries its goal.
    goal = page.locator("#demo-goal")
    assert goal.get_attribute("data-game-id") == "oo...@any"
    assert goal.locator('[data-field="goal"]').input_value() == "any"
    assert "one peg anywhere" in goal.locator('[data-field="goal-text"]').inner_text()
    # Bad attributes: a message instead of a board.
    assert 'unknown word "hexagonal"' in page.locator("#demo-bad-variant").inner_text()
    assert "even sides" in page.locator("#demo-bad-size").inner_text()
    rules.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "embed-options.png"), full_page=True)


@pytest.mark.parametrize("where", ["embed.html?puzzle=lightsout&game=5x5%3A1f8c4a0", "#lightsout"])
def test_boards_play_where_the_browser_blocks_storage(page, site_url, where):
    """A frame on another site with cookies blocked (reading localStorage throws):
    the board still comes and plays; nothing is saved and nothing fails."""
    page.add_init_script(BLOCKED_STORAGE)
    page.goto(site_url + where)
    selector = "#board" if where.startswith("embed") else "#lightsout"
    page.wait_for_function(f"document.querySelector('{selector}')?.dataset.gameId",
                           timeout=30_000)
    before = page.locator(selector).get_attribute("data-game-id")
    box = page.locator(f"{selector} canvas").first.bounding_box()
    rows = int(before.split("x")[0])
    page.mouse.click(box["x"] + box["width"] / (2 * rows), box["y"] + box["height"] / (2 * rows))
    page.wait_for_function(
        "([s, before]) => document.querySelector(s).dataset.gameId !== before",
        arg=[selector, before], timeout=10_000)
