"""Nothing lost, nothing false on the Lights Out board (real Chromium): links
good and bad in turn, and the counts of a big board's analysis from Python's
integers. Every puzzle's bad links are tests/e2e/test_trust_page.py's."""

from __future__ import annotations

import pytest

from main_page import (
    assert_undo_back_to,
    game_id,
    link,
    notice_text,
    play,
    play_two_moves,
    saved,
    wait_board,
)
from puzzlelab import api

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


@pytest.fixture
def trust_page(page, site_url, screenshot_dir):
    page.site_url = site_url
    page.shots = screenshot_dir
    return page


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
