"""The binary puzzle: its own cases of tests/e2e/test_layout_page.py, moved here from it
(that module's subject: Themes and widths: every tab at phone and desktop width, light
and dark)."""

from __future__ import annotations

import pytest
from test_layout_page import wait_idle

from conftest import LAB_OPEN

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def test_touch_screens_get_big_targets_and_no_key_help(browser, site_url, screenshot_dir):
    context = browser.new_context(
        viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True,
        service_workers="block",
    )
    try:
        context.add_init_script(LAB_OPEN)  # every control of the lab, too
        page = context.new_page()
        page.goto(f"{site_url}#binairo")
        wait_idle(page, "binairo")
        assert page.locator("#binairo .key-help").is_hidden()
        small = page.evaluate(
            """() => [...document.querySelectorAll(
                 '#binairo button, #binairo select, #binairo input, '
                 + '#puzzle-tabs button, .share button')]
              .filter((e) => e.getClientRects().length && getComputedStyle(e).display !== 'none')
              .map((e) => [e.type === 'checkbox' ? 'checkbox'
                             : e.dataset.action || e.dataset.field || e.id,
                           e.getBoundingClientRect().height])
              .filter(([name, h]) => h < (name === 'checkbox' ? 22 : 44) - 0.5)"""
        )
        assert small == [], small
        label = page.locator('#binairo label:has(input[data-field="show-errors"])')
        assert label.bounding_box()["height"] >= 43.5
        page.screenshot(path=str(screenshot_dir / "layout-touch-binairo.png"))
    finally:
        context.close()
