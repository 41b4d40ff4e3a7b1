"""Nothing lost, nothing false on the peg solitaire board (real Chromium): a
census stopped early says what it did not compute; a saved game Python
rejects stays until the board changes. Every puzzle's bad links
and saves are tests/e2e/test_trust_page.py's and test_share_page.py's."""

from __future__ import annotations

import pytest

from main_page import game_id, notice_text, saved, wait_board

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


@pytest.fixture
def trust_page(page, site_url, screenshot_dir):
    page.site_url = site_url
    page.shots = screenshot_dir
    return page


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


def test_a_saved_game_python_rejects_stays_until_the_board_changes(trust_page):
    page = trust_page
    page.goto(page.site_url + "build-info.json")  # the site's origin, without booting a board
    foreign = {"version": 1, "puzzle": "pegs",
               "snapshot": {"game": "5x5:1f8c4a0", "history": [], "future": []}}  # Lights Out's
    page.evaluate("(foreign) => localStorage.setItem('puzzlelab.saved.pegs', "
                  "JSON.stringify(foreign))", foreign)
    page.goto("about:blank")
    page.goto(page.site_url + "#pegs")
    wait_board(page, "pegs")
    # Python rejects the saved game: a new board, the save kept.
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


