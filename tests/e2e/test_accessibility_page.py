"""Accessibility checks with axe-core: the main page (every tab) and the embedding demo.

axe-core (an npm dev dependency) is injected into the page and run on the
live boards; a violation of impact "serious" or "critical" fails the test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PUZZLES = ("lightsout", "pegs", "binairo")


def serious_violations(frame) -> list[str]:
    """axe's serious and critical findings in `frame` (a page or an iframe), one line each."""
    if not AXE.exists():
        pytest.skip("axe-core is not installed (python3 build.py setup)")
    if not frame.evaluate("Boolean(window.axe)"):
        frame.add_script_tag(path=str(AXE))
    # The iframe of the demo is checked on its own, with its own copy of axe.
    results = frame.evaluate("axe.run(document, { iframes: false })")
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + json.dumps([node["target"] for node in v["nodes"]][:5])
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def test_main_page_tabs_have_no_serious_violations(page, site_url, screenshot_dir):
    page.goto(site_url)
    found = {}
    for puzzle in PUZZLES:
        page.locator(f"#tab-{puzzle}").click()
        page.wait_for_function(
            f"window.puzzleLab?.boards.{puzzle}?.idle() "
            f"&& document.querySelector('#{puzzle}').dataset.gameId",
            timeout=90_000,
        )
        page.screenshot(path=str(screenshot_dir / f"axe-main-{puzzle}.png"), full_page=True)
        found[puzzle] = serious_violations(page)
    page.locator("#embed-button").click()  # the snippets' fields and labels too
    found["embed snippets"] = serious_violations(page)
    # The dark theme has colours of its own: check its contrast on every tab.
    page.emulate_media(color_scheme="dark")
    for puzzle in PUZZLES:
        page.locator(f"#tab-{puzzle}").click()
        found[f"{puzzle} (dark)"] = serious_violations(page)
    assert not any(found.values()), json.dumps(found, indent=1)


def test_embed_demo_has_no_serious_violations(page, site_url, screenshot_dir):
    page.goto(site_url + "embed-demo.html")
    page.wait_for_function(
        """() => ['lightsout', 'pegs', 'binairo'].every((id) => {
          const board = window.PuzzleLab?.boardOf(document.getElementById('demo-' + id));
          return board?.idle() && board.gameId; })""",
        timeout=90_000,
    )
    frame = page.frame_locator("#demo-frame").locator(".puzzle[data-game-id]")
    frame.wait_for(timeout=90_000)
    page.screenshot(path=str(screenshot_dir / "axe-embed-demo.png"), full_page=True)
    inner = next(f for f in page.frames if f.url.split("?")[0].endswith("embed.html"))
    found = {"demo": serious_violations(page), "iframe": serious_violations(inner)}
    assert not any(found.values()), json.dumps(found, indent=1)
