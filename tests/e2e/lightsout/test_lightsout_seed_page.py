"""The Enlight seed's last questions on the page: the size's records (all-lit
term, hardest board, playable), the orbit under "take its solution", the
unlimited plane, and the share of cells a single light's solution presses.
Every figure expected here comes from Python or the shipped tables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_lightsout_page import BOARD, ask, current, open_board, wait_idle

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

TABLES = Path(__file__).resolve().parents[3] / "web" / "puzzles" / "lightsout"


def test_records_orbit_plane_and_gallery_share(page, site_url, screenshot_dir):
    root = open_board(page, site_url)  # 5x5
    page.get_by_role("button", name="Analysis").click()
    panel = page.locator(f"{BOARD} [data-panel='analysis']")
    # (a first analysis waits behind the board's own first jobs: minutes under load)
    panel.locator(".seed-questions").wait_for(timeout=180_000)
    wait_idle(page)
    records = panel.locator(".seed-question", has_text="5x5 records")
    records.wait_for()
    term = {row["n"]: row for row in json.loads((TABLES / "all-lit.json").read_text())}[5]
    hardest = {row["n"]: row for row in json.loads((TABLES / "hardest.json").read_text())}[5]
    records.locator("summary").click()
    text = records.inner_text()
    assert f"{term['fewest']} presses at fewest" in text
    assert f"needs {hardest['lower']} presses" in text
    orbit_5x5 = panel.locator(".seed-question", has_text="Solution of the")
    orbit_5x5.locator("summary").click()
    assert "quiet patterns" in orbit_5x5.inner_text()  # 5x5's press matrix is singular
    page.set_viewport_size({"width": 1280, "height": 800})
    records.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "lightsout-records-1280.png"))
    records.get_by_role("button", name="Play it").click()
    wait_idle(page)
    played = ask({"cmd": "lightsout.solve", "game": root.get_attribute("data-game-id")})
    assert played["proven_fewest"] and played["press_count"] == hardest["lower"]

    # 10x10: every board comes back; the step count is Python's.
    page.get_by_label("Size").select_option(label="10×10 (Enlight)")
    wait_idle(page)
    game = root.get_attribute("data-game-id")
    orbit = ask({"cmd": "lightsout.analyse", "game": game})["orbit"]
    section = panel.locator(".seed-question", has_text="back after")
    section.wait_for(timeout=180_000)
    assert f"back after {orbit['length']} step" in section.inner_text()
    section.locator("summary").click()
    assert f"A^{orbit['order']}" in section.inner_text()
    assert section.locator("canvas").count() == len(orbit["steps"])
    plane = panel.locator(".seed-question", has_text="unlimited plane")
    plane.locator("summary").click()
    assert "at least four lights" in plane.inner_text()
    assert plane.locator("canvas").count() >= 2
    page.set_viewport_size({"width": 375, "height": 740})
    section.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "lightsout-orbit-375.png"))

    # The gallery's share of pressed cells, from the gallery's own solutions.
    page.get_by_role("button", name="Gallery").click()
    wait_idle(page)
    cells = ask({"cmd": "lightsout.gallery", "game": current(root).game_id})["cells"]
    shares = [len({tuple(p) for p in c["presses"]}) / 100 for c in cells if c["solvable"]]
    summary = page.locator(f"{BOARD} .gallery-summary").inner_text()
    assert f"{100 * sum(shares) / len(shares):.1f}% of the cells on average" in summary
