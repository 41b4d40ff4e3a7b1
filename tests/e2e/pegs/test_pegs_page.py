"""Peg solitaire on the real page, in headless Chromium, used as a person would."""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from peg_catalogue_file import par

from puzzlelab import pegs

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

BOARD = "#pegs"
ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"
TRIANGLE = "./oo/ooo/oooo/ooooo"


def open_board(page, site_url: str):
    page.goto(site_url + "#pegs")
    page.wait_for_function(
        "['ready', 'won', 'stuck', 'error']"
        f".includes(document.querySelector('{BOARD}')?.dataset.status)",
        timeout=90_000,
    )
    wait_idle(page)
    return page.locator(BOARD)


def wait_idle(page, timeout: int = 30_000) -> None:
    page.wait_for_function("window.puzzleLab.boards.pegs?.idle()", timeout=timeout)


def point(page, r: int, c: int) -> tuple[float, float]:
    return tuple(page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})"))


def click(page, r: int, c: int) -> None:
    """Click hole (r, c), scrolling the board into view first (a hole below the fold
    would otherwise take no click at all)."""
    canvas = page.evaluate_handle("window.puzzleLab.boards.pegs.canvas")
    left, top = page.evaluate(
        "(c) => { const r = c.getBoundingClientRect(); return [r.left, r.top]; }", canvas)
    x, y = point(page, r, c)
    canvas.as_element().click(position={"x": x - left, "y": y - top})


def jump(page, src, dst) -> None:
    click(page, *src)
    click(page, *dst)
    wait_idle(page)


def grid(root) -> str:
    return root.get_attribute("data-game-id")


def dead_line(start: str, goal: str) -> list:
    """Moves from ``start`` to the first position from which the goal is unreachable."""
    pos = pegs.Position.parse(start)
    g = pegs.parse_goal(pos.geo, goal)
    solver = pegs.Solver(pos.geo, g)
    line = []
    while True:
        for move in pos.legal_moves():
            child = pos.play(move)
            if child.legal_moves() and solver.solve(child.pegs) is None:
                return [*line, pos.move_cells(move)]
        move = solver.solve(pos.pegs)[0]
        line.append(pos.move_cells(move))
        pos = pos.play(move)


def test_move_undo_redo_and_verdict(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    assert grid(root) == ENGLISH
    # The verdict is Python's: nothing is asked (or said) before the first touch.
    assert root.get_attribute("data-verdict") is None
    assert page.locator(f"{BOARD} .verdict").inner_text() == ""
    jump(page, (1, 3), (3, 3))
    assert grid(root).split("/")[:4] == ["--ooo--", "--o.o--", "ooo.ooo", "ooooooo"]
    assert "Jumps: 1" in page.locator(f"{BOARD} .counters").inner_text()
    page.wait_for_function("document.querySelector('#pegs').dataset.verdict === 'reachable'")
    assert "can still be reached" in page.locator(f"{BOARD} .verdict").inner_text()
    # A drag plays a jump too.
    page.mouse.move(*point(page, 2, 1))
    page.mouse.down()
    page.mouse.move(*point(page, 2, 3), steps=4)
    page.mouse.up()
    wait_idle(page)
    assert grid(root).split("/")[2] == "o..oooo"
    page.get_by_role("button", name="Undo").click()
    wait_idle(page)
    assert grid(root).split("/")[2] == "ooo.ooo"
    page.get_by_role("button", name="Redo").click()
    wait_idle(page)
    assert grid(root).split("/")[2] == "o..oooo"
    page.screenshot(path=str(screenshot_dir / "pegs-played.png"), full_page=True)
    # An illegal target is refused in words and changes nothing.
    before = grid(root)
    jump(page, (0, 2), (1, 3))
    assert grid(root) == before
    assert "not a jump" in page.locator(f"{BOARD} .message").inner_text()


def test_hint_and_dead_end_warning(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_role("button", name="Hint").click()
    wait_idle(page)
    note = page.locator(f"{BOARD} .solution-note").inner_text()
    assert note.startswith("Hint: jump the peg at")
    # "Hint: jump the peg at row 2 column 4 into row 4 column 4 (...)": counted from 1.
    holes = re.findall(r"row (\d+) column (\d+)", note)
    assert len(holes) == 2, note
    src, dst = ((int(r) - 1, int(c) - 1) for r, c in holes)
    before = grid(root)
    jump(page, src, dst)
    # The hint was about the position before the move: it goes with it.
    assert grid(root) != before  # the jump was made
    assert "Hint" not in page.locator(f"{BOARD} .solution-note").inner_text()
    assert root.get_attribute("data-verdict") in ("reachable", None)
    page.get_by_label("Board", exact=True).select_option("triangle")
    wait_idle(page)
    assert grid(root) == TRIANGLE
    for src, dst in dead_line(TRIANGLE, "any"):
        jump(page, src, dst)
    page.wait_for_function("document.querySelector('#pegs').dataset.verdict === 'dead'")
    verdict = page.locator(f"{BOARD} .verdict")
    assert "Dead end" in verdict.inner_text()
    page.screenshot(path=str(screenshot_dir / "pegs-dead-end.png"), full_page=True)


def test_french_and_diamond_open_on_a_game_that_can_be_won(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    board = page.get_by_label("Board", exact=True)
    for name, (row, col), goal in (("french", (2, 3), "4,3"), ("diamond", (2, 4), "6,4")):
        board.select_option(name)
        wait_idle(page)
        start, _, linked_goal = grid(root).partition("@")
        assert start.split("/")[row][col] == "." and start.count(".") == 1
        assert linked_goal == goal
        assert page.get_by_label("Goal", exact=True).input_value() == "hole"
        r, c = (int(x) + 1 for x in goal.split(","))
        assert f"one peg at row {r}, column {c}" in page.locator(f"{BOARD} .counters").inner_text()
        page.wait_for_function("document.querySelector('#pegs').dataset.verdict === 'reachable'")
        if name == "french":
            page.screenshot(path=str(screenshot_dir / "pegs-french.png"), full_page=True)
    board.select_option("english")
    wait_idle(page)
    assert grid(root) == ENGLISH  # the centre again, with the default goal
    assert page.get_by_label("Goal", exact=True).input_value() == "default"


# A Wiegleb position whose verdict searches for seconds in the page and stays undecided.
SLOW_VERDICT = ("---ooo---/---ooo---/---ooo---/ooooooooo/ooooooo../ooooo.ooo/"
                "---.oo---/---.o.---/---o.o---")


@pytest.mark.shared_engine(False)  # the first touch starts Python: a first visit's
def test_a_move_stops_the_verdict_of_the_position_it_leaves(page, site_url):
    page.goto(f"{site_url}#pegs={quote(SLOW_VERDICT, safe='')}")
    root = page.locator(BOARD)
    # Drawn and taking input: a board waiting for Python to load a custom
    # position ignores clicks ("loading"), which under load can outlast the draw.
    page.wait_for_function(
        f"""document.querySelector('{BOARD}')?.dataset.gameId === '{SLOW_VERDICT}'
            && document.querySelector('{BOARD}').dataset.status !== 'loading'""", timeout=90_000)
    # No verdict before a touch: it is Python's, and nobody asked for Python yet.
    assert page.locator(f"{BOARD} .verdict").inner_text() == ""
    page.evaluate("""() => {
        window.seenVerdicts = [];
        const root = document.querySelector('#pegs');
        new MutationObserver(() => window.seenVerdicts.push(root.dataset.verdict ?? null))
            .observe(root, { attributes: true, attributeFilter: ['data-verdict'] });
    }""")
    click(page, 4, 5)  # the first touch: Python starts, and the verdict search with it
    assert "Checking whether" in page.locator(f"{BOARD} .verdict").inner_text()
    click(page, 4, 7)  # jumps over (4, 6) while the verdict is still searching
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.gameId !== '{SLOW_VERDICT}'")
    assert grid(root).split("/")[4] == "ooooo..o."
    # The move did not wait for the verdict of the position it left: none was shown.
    assert "unknown" not in page.evaluate("window.seenVerdicts")
    wait_idle(page)
    assert root.get_attribute("data-verdict") in ("unknown", "dead")


def test_solve_playback_pause_step_and_count(page, site_url, screenshot_dir):
    root = open_board(page, site_url)
    page.get_by_label("Board", exact=True).select_option("triangle")
    wait_idle(page)
    page.get_by_role("button", name="Count").click()
    wait_idle(page)
    assert "29,760 winning move sequences" in page.locator(f"{BOARD} .solution-note").inner_text()
    page.get_by_role("button", name="Solve").click()
    page.wait_for_function(
        "document.querySelector('#pegs .counters').innerText.includes('Jumps: 1')", timeout=30_000
    )
    page.get_by_role("button", name="Pause").click()
    page.wait_for_timeout(300)
    moves = page.locator(f"{BOARD} .counters").inner_text()
    page.wait_for_timeout(1200)
    assert page.locator(f"{BOARD} .counters").inner_text() == moves  # paused
    count = int(moves.split("Jumps: ")[1].split(" ")[0])
    page.get_by_role("button", name="Step").click()
    page.wait_for_function(
        f"document.querySelector('#pegs .counters').innerText.includes('Jumps: {count + 1}')"
    )
    page.get_by_role("button", name="Resume").click()
    page.wait_for_function("document.querySelector('#pegs').dataset.status === 'won'",
                           timeout=30_000)
    wait_idle(page)
    # The solver's line against the catalogue's par, if it holds the triangle's game.
    said = page.locator(f"{BOARD} .message").inner_text()
    best = par("triangle", (0, 0), None)
    ending = rf"(; par is {best}\.|: par!)" if best else "!"
    assert re.search(rf"\(13 jumps\){ending}$", said), said
    assert bin(int(pegs.Position.parse(grid(root)).pegs)).count("1") == 1
    page.screenshot(path=str(screenshot_dir / "pegs-solved.png"), full_page=True)


def test_census_of_a_small_board_with_progress(page, site_url, screenshot_dir):
    open_board(page, site_url)
    page.get_by_label("Board", exact=True).select_option("triangle")
    wait_idle(page)
    page.get_by_role("button", name="Run census").click()
    assert page.locator(f"{BOARD} .census-progress").is_visible(), (
        page.locator(f"{BOARD} .census-status").inner_text(),
        page.locator("#pegs").get_attribute("data-census"))
    assert page.get_by_role("button", name="Cancel").last.is_visible()
    page.wait_for_function(
        "['done', 'partial', 'error'].includes(document.querySelector('#pegs').dataset.census)",
        timeout=120_000,
    )
    rows = page.locator(f"{BOARD} .census-table tbody tr")
    assert rows.count() == 15  # 14 levels and the totals
    assert "29,760 winning move sequences" in page.locator(f"{BOARD} .census-note").inner_text()
    assert page.locator(f"{BOARD} .census-chart svg polyline").count() == 3
    status = page.locator(f"{BOARD} .census-status").inner_text()
    assert "engine:" in status
    if "engine: python" in status:  # offline: numpy cannot be fetched, and the page says so
        assert "pure Python engine" in page.locator(f"{BOARD} .census-note").inner_text()
    assert not page.locator(f"{BOARD} .census-progress").is_visible()
    page.screenshot(path=str(screenshot_dir / "pegs-census.png"), full_page=True)


def test_editor_makes_a_custom_board(page, site_url):
    root = open_board(page, site_url)
    # Custom opens the editor, and the lattice choice redraws the editor's board at once.
    page.locator(f'{BOARD} select[data-field="board"]').select_option("custom")
    page.locator(f'{BOARD} [data-part="edit-tools"]').wait_for(state="visible")
    page.locator(f'{BOARD} select[data-field="lattice"]').select_option("triangular")
    page.wait_for_function(
        "window.puzzleLab.boards.pegs.state?.lattice === 'triangular'", timeout=90_000
    )
    wait_idle(page)
    page.get_by_label("Board", exact=True).select_option("triangle")
    wait_idle(page)
    page.get_by_role("button", name="Edit").click()
    page.get_by_role("button", name="Empty hole").click()
    click(page, 4, 4)
    wait_idle(page)
    assert grid(root) == "./oo/ooo/oooo/oooo."
    page.get_by_role("button", name="No hole").click()
    click(page, 0, 0)
    wait_idle(page)
    assert grid(root) == "-/oo/ooo/oooo/oooo."
    page.get_by_role("button", name="Goal hole").click()
    click(page, 2, 1)
    wait_idle(page)
    assert "one peg at row 3, column 2" in page.locator(f"{BOARD} .counters").inner_text()
    page.get_by_role("button", name="Play").click()
    wait_idle(page)
    assert page.get_by_label("Board", exact=True).input_value() == "custom"


@pytest.mark.shared_engine(False)  # the engine downloads its data files: a first visit's
def test_counting_the_english_start_in_the_page(page, site_url):
    """The count from the English start (issue 17): the engine first downloads the
    opening book and the count table (#25: not in the wheel), each with a bar that
    only moves forward, then answers from them."""
    open_board(page, site_url)
    page.evaluate(
        """() => {
          window.countBar = [];
          const note = document.querySelector('#pegs .solution-note');
          const bar = note.querySelector('progress');
          const text = note.querySelector('span');
          new MutationObserver(() => {
            if (!bar.hidden) window.countBar.push([bar.value, text.textContent]);
          }).observe(note, { attributes: true, subtree: true, childList: true,
                             characterData: true });
        }"""
    )
    page.get_by_role("button", name="Count").click()
    wait_idle(page, timeout=120_000)
    note = page.locator(f"{BOARD} .solution-note").inner_text()
    assert "40,861,647,040,079,968 winning move sequences" in note  # the census's figure
    phases: dict[str, list[float]] = {}
    for value, text in page.evaluate("window.countBar"):
        phases.setdefault(text.split("…")[0], []).append(value)
    assert any("opening book (1.3 MB)" in phase for phase in phases), phases
    assert any("count table (0.9 MB)" in phase for phase in phases), phases
    for values in phases.values():
        assert values == sorted(values)  # each bar only moves forward


def test_cancelling_a_count_leaves_no_bar_beside_cancelled(page, site_url):
    """Diamond's count walks levels that keep growing (a bar of levels done) until it
    says it is out of reach; Cancel while the bar shows: the line says "Cancelled."
    and the bar goes with the job (it stayed, frozen, beside the word)."""
    root = open_board(page, site_url)
    page.get_by_label("Board", exact=True).select_option("diamond")
    wait_idle(page)
    before = grid(root)
    page.get_by_role("button", name="Count").click()
    note = page.locator(f"{BOARD} .solution-note")
    note.locator("progress").wait_for(state="visible", timeout=30_000)
    note.get_by_role("button", name="Cancel").click()
    assert note.inner_text().strip() == "Cancelled."
    assert not note.locator("progress").is_visible()
    # Once the worker has answered a request queued behind the count, nothing came back.
    page.evaluate("window.puzzleLab.client.request({cmd: 'ping'})")
    wait_idle(page)
    assert note.inner_text().strip() == "Cancelled." and grid(root) == before
    assert not note.locator("progress").is_visible()
