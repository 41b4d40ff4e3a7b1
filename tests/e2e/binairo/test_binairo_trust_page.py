"""Nothing lost, nothing false on the binary puzzle board (real Chromium): a
count's progress shows work and rate, not a guess; an unreadable saved game
stays until the board changes. Every puzzle's bad links
and saves are tests/e2e/test_trust_page.py's and test_share_page.py's."""

from __future__ import annotations

import pytest

from main_page import notice_text, wait_board

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


@pytest.fixture
def trust_page(page, site_url, screenshot_dir):
    page.site_url = site_url
    page.shots = screenshot_dir
    return page


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


def test_an_unreadable_saved_game_stays_until_the_board_changes(trust_page):
    page = trust_page
    page.goto(page.site_url + "build-info.json")  # the site's origin, without booting a board
    page.evaluate("localStorage.setItem('puzzlelab.saved.binairo', '{not json')")
    page.goto("about:blank")
    page.goto(page.site_url + "#binairo")
    wait_board(page, "binairo")
    assert "Binary puzzle: The saved game could not be read (it is not valid JSON)" in notice_text(
        page)
    assert "stays in this browser until you change the board" in notice_text(page)
    assert page.evaluate("localStorage.getItem('puzzlelab.saved.binairo')") == "{not json"
