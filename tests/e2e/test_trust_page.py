"""Nothing lost: bad links, bad saved games and bad embed attributes in real Chromium.

A link Python rejects leaves the saved game (with its undo history) on screen
and in storage, and the notice gives Python's reason; a saved game that cannot
be read stays in storage until the person changes the board.
"""

from __future__ import annotations

import json
import re

import pytest
from test_share_page import BINAIRO, LIGHTSOUT, PEGS, game_id, hash_game, link, play, wait_board

from puzzlelab import api

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

GOOD = {"lightsout": LIGHTSOUT, "pegs": PEGS, "binairo": BINAIRO}
BAD = {"lightsout": "garbage", "pegs": "xyz", "binairo": "4x4:zzzz"}
# What the board asks Python for a linked game ID.
LOAD = {
    "lightsout": lambda game: {"cmd": "lightsout.load", "game": game},
    "pegs": lambda game: {"cmd": "pegs.load", "grid": game, "goal": None},
    "binairo": lambda game: {"cmd": "binairo.load", "game": game},
}


def python_reason(puzzle: str, game: str) -> str:
    """The first sentence of Python's own answer to loading `game`, as notices quote it."""
    answer = api.handle(LOAD[puzzle](game))
    assert not answer["ok"]
    return re.split(r"\.\s+(?=[A-Z])", answer["error"])[0].rstrip(".")


def saved(page, puzzle: str) -> dict | None:
    """The stored entry; the timer's reading saved with the game, and the page
    and time that saved it (which move on whenever the game is saved again),
    are left out."""
    text = page.evaluate(f"localStorage.getItem('puzzlelab.saved.{puzzle}')")
    if text is None:
        return None
    entry = json.loads(text)
    entry.pop("page", None)
    entry.pop("at", None)
    if isinstance(entry.get("snapshot"), dict):
        entry["snapshot"].pop("clock", None)
    return entry


def notice_text(page) -> str:
    return page.locator("#page-notice").inner_text()


def play_two_moves(page, puzzle: str) -> list[str]:
    """From the good link's game, two moves: the three game IDs seen."""
    page.goto(link(page.site_url, puzzle, GOOD[puzzle]))
    wait_board(page, puzzle)
    seen = [game_id(page, puzzle)]
    for move in (0, 1):
        play(page, puzzle, move)
        wait_board(page, puzzle)
        seen.append(game_id(page, puzzle))
    assert len(set(seen)) == 3
    return seen


def assert_undo_back_to(page, puzzle: str, seen: list[str]) -> None:
    """The board shows seen[-1]; Undo steps back through the rest."""
    assert game_id(page, puzzle) == seen[-1]
    for expected in reversed(seen[:-1]):
        page.locator(f"#{puzzle}").get_by_role("button", name="Undo").click()
        wait_board(page, puzzle)
        assert game_id(page, puzzle) == expected


@pytest.fixture
def trust_page(page, site_url, screenshot_dir):
    page.site_url = site_url
    page.shots = screenshot_dir
    return page


@pytest.mark.parametrize("puzzle", ["lightsout", "pegs", "binairo"])
def test_bad_link_keeps_the_saved_game_and_its_undo_history(trust_page, puzzle):
    page = trust_page
    seen = play_two_moves(page, puzzle)
    before = saved(page, puzzle)
    assert before["snapshot"]["game"] == seen[-1]

    # A fresh page opened on a bad link: the saved game, a notice with Python's reason.
    page.goto("about:blank")
    page.goto(link(page.site_url, puzzle, BAD[puzzle]))
    wait_board(page, puzzle)
    text = notice_text(page)
    reason = python_reason(puzzle, BAD[puzzle])
    assert f"The game in the link could not be loaded ({reason})" in text
    assert "the saved game is shown instead" in text
    assert game_id(page, puzzle) == seen[-1]
    assert hash_game(page, puzzle) == seen[-1]  # the address names the game on screen again
    assert saved(page, puzzle) == before

    # A bad link pasted into the open page: the board is unchanged.
    page.evaluate(f"location.hash = '#{puzzle}=' + encodeURIComponent({json.dumps(BAD[puzzle])})")
    page.wait_for_function("document.querySelectorAll('#page-notice p').length === 2")
    wait_board(page, puzzle)
    assert "the board is unchanged" in notice_text(page)
    assert game_id(page, puzzle) == seen[-1]
    assert saved(page, puzzle) == before

    page.reload()
    wait_board(page, puzzle)
    assert page.locator("#page-notice").is_hidden()
    assert_undo_back_to(page, puzzle, seen)


def test_good_and_bad_links_in_turn_reload_to_the_last_good_game(trust_page):
    page = trust_page
    first = play_two_moves(page, "lightsout")
    # A good link to another game replaces the saved one; a move on it; then bad links.
    other = "5x5:1000000"
    page.goto("about:blank")
    page.goto(link(page.site_url, "lightsout", other))
    wait_board(page, "lightsout")
    assert game_id(page, "lightsout") != first[-1]
    assert saved(page, "lightsout")["snapshot"]["game"] == first[-1]  # until the board changes
    seen = [game_id(page, "lightsout")]
    play(page, "lightsout", 0)
    wait_board(page, "lightsout")
    seen.append(game_id(page, "lightsout"))
    assert saved(page, "lightsout")["snapshot"]["game"] == seen[-1]
    for bad in ("garbage", "5x5:zz"):
        page.goto("about:blank")
        page.goto(link(page.site_url, "lightsout", bad))
        wait_board(page, "lightsout")
        assert "could not be loaded" in notice_text(page)
        assert game_id(page, "lightsout") == seen[-1]
    page.reload()
    wait_board(page, "lightsout")
    assert_undo_back_to(page, "lightsout", seen)


def test_unreadable_saved_games_stay_until_the_board_changes(trust_page):
    page = trust_page
    page.goto(page.site_url)
    wait_board(page, "lightsout")
    foreign = {"version": 1, "puzzle": "pegs",
               "snapshot": {"game": LIGHTSOUT, "history": [], "future": []}}
    page.evaluate(
        """(foreign) => {
          localStorage.setItem('puzzlelab.saved.binairo', '{not json');
          localStorage.setItem('puzzlelab.saved.pegs', JSON.stringify(foreign));
        }""",
        foreign,
    )
    page.goto("about:blank")
    page.goto(page.site_url + "#binairo")
    wait_board(page, "binairo")
    assert "Binary puzzle: The saved game could not be read (it is not valid JSON)" in notice_text(
        page)
    assert "stays in this browser until you change the board" in notice_text(page)
    assert page.evaluate("localStorage.getItem('puzzlelab.saved.binairo')") == "{not json"

    # Python rejects the saved pegs game: a new board, the save kept.
    page.get_by_role("tab", name="Peg solitaire").click()
    wait_board(page, "pegs")
    assert "Peg solitaire: The saved game could not be loaded (" in notice_text(page)
    assert saved(page, "pegs") == foreign
    # A reload still finds it (and says so again).
    page.reload()
    wait_board(page, "pegs")
    assert "Peg solitaire: The saved game could not be loaded (" in notice_text(page)
    assert saved(page, "pegs") == foreign
    # A move is the person's new game: now it is saved.
    start = game_id(page, "pegs")
    page.locator("#pegs canvas").scroll_into_view_if_needed()
    for r, c in ((5, 3), (3, 3)):  # the English board's first jump, up into the centre
        page.mouse.click(*page.evaluate(f"window.puzzleLab.boards.pegs.cellCentre({r}, {c})"))
    wait_board(page, "pegs")
    assert game_id(page, "pegs") != start
    assert saved(page, "pegs")["snapshot"]["game"] == game_id(page, "pegs")


def test_embed_with_a_bad_game_says_what_was_wrong(trust_page):
    page = trust_page
    page.goto(page.site_url + "embed-demo.html")
    page.evaluate(
        """() => {
          const element = document.createElement('div');
          element.id = 'bad-game';
          element.dataset.puzzlelab = 'lightsout';
          element.dataset.game = 'garbage';
          document.body.append(element);
          return window.PuzzleLab.mountAll();
        }"""
    )
    page.wait_for_function(
        "window.PuzzleLab.boardOf(document.querySelector('#bad-game'))?.idle()"
        " && document.querySelector('#bad-game').dataset.gameId",
        timeout=90_000,
    )
    line = page.locator("#bad-game > .puzzlelab-notice")
    reason = python_reason("lightsout", "garbage")
    expected = f"The game of data-game could not be loaded ({reason}); a new board is shown instead"
    assert expected in line.inner_text()


def test_analysis_of_a_55x55_board_shows_its_counts(trust_page):
    page = trust_page
    answer = api.handle({"cmd": "lightsout.new", "rows": 55, "cols": 55})
    page.goto(link(page.site_url, "lightsout", answer["result"]["game"]))
    wait_board(page, "lightsout")
    page.locator("#lightsout").get_by_role("button", name="Analysis").click()
    facts = page.locator("#lightsout [data-panel='analysis'] dl.facts")
    facts.wait_for(timeout=90_000)
    # 2^3025 from Python's integers, not from the page's floating point.
    digits = str(2**3025)
    mantissa = f"{round(int(digits[:4]) / 1000, 2):.2f}"
    expected = f"2^3025 ≈ {mantissa} × 10^{len(digits) - 1} ({len(digits)} digits)"
    text = facts.inner_text()
    assert f"Solvable boards\n{expected}" in text
    assert f"Out of {expected} boards of this shape" in text
    page.screenshot(path=str(page.shots / "trust-analysis-55.png"), full_page=True)


def test_census_stopped_early_says_what_it_did_not_compute(trust_page):
    page = trust_page
    page.goto(page.site_url + "#pegs")
    wait_board(page, "pegs")
    # The real census, told to stop where a level passes 50 classes.
    page.evaluate(
        """() => {
          const client = window.puzzleLab.client;
          const request = client.request.bind(client);
          client.request = (r, options) => request(
            r.cmd === 'pegs.census' ? { ...r, max_classes: 50, pure_max_classes: 50 } : r, options);
        }"""
    )
    page.get_by_role("button", name="Run census").click()
    page.wait_for_function(
        "['done', 'partial', 'error'].includes(document.querySelector('#pegs').dataset.census)",
        timeout=90_000,
    )
    assert page.locator("#pegs").get_attribute("data-census") == "partial"
    note = page.locator("#pegs .census-note").inner_text()
    assert "were not computed" in note and "winning move sequences" in note
    assert "0 winning" not in note
    rows = page.locator("#pegs .census-table tbody tr")
    assert rows.count() >= 3
    for index in range(rows.count() - 1):  # the levels; the last row is the totals
        assert "not computed" in rows.nth(index).locator("td").nth(6).inner_text()
    totals = rows.last.inner_text()
    assert totals.count("not computed") == 2  # goal reachable and solutions
    assert page.locator("#pegs .census-chart svg polyline").count() == 2  # no goal-reachable line


def test_progress_of_a_count_shows_work_and_rate_not_a_guess(trust_page):
    page = trust_page
    page.goto(page.site_url + "#binairo")
    wait_board(page, "binairo")
    board = page.locator("#binairo")
    board.get_by_role("button", name="Empty grid").click()  # 8x8: seconds in the page
    wait_board(page, "binairo")
    page.evaluate(
        """() => {
          window.progressLines = [];
          const line = document.querySelector('#binairo .job-note span');
          const record = () => window.progressLines.push([performance.now(), line.textContent]);
          new MutationObserver(record)
            .observe(line, { childList: true, characterData: true, subtree: true });
        }"""
    )
    board.get_by_role("button", name="Count solutions").click()
    page.wait_for_function("window.puzzleLab.boards.binairo.idle()"
                           " && document.querySelector('#binairo .message').textContent"
                           ".includes('solutions')", timeout=90_000)
    assert "4,111,116 solutions" in board.locator(".message").inner_text()  # OEIS A253316
    stamped = page.evaluate("window.progressLines")
    lines = [line for _, line in stamped]
    counted = [at for at, line in stamped if "%" in line]
    if counted and counted[-1] - counted[0] > 1500:  # a rate shows after the first second
        assert any("a second" in line and "steps" in line for line in lines), lines
    assert not any(" left" in line for line in lines), lines
