"""Lights Out: its own cases of tests/e2e/test_play_screen.py, moved here from it (that
module's subject: The first screen is a game: few controls and a player's words on every
puzzle, laptop and phone, light and dark; the lab one tap away; a won game's card in
view, honest about the help used; the timer across a reload; an iframe embed as big as a
script embed)."""

from __future__ import annotations

import pytest
from test_first_game import wait_board, wait_idle
from test_lightsout_page import click_cell, current
from test_play_screen import LAPTOP

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]



def test_the_timer_survives_a_reload_and_restarts_on_reset(new_page, site_url):
    page = new_page(lab_open=True, **LAPTOP)
    page.goto(f"{site_url}#lightsout")
    root = wait_board(page, "lightsout")
    page.wait_for_timeout(2100)
    click_cell(page, 0, 0, current(root))
    wait_idle(page, "lightsout")
    page.reload()
    wait_board(page, "lightsout")
    clock = "(b => b.session.clock(b.startGameId(), false))(window.puzzleLab.boards.lightsout)"
    assert page.evaluate(clock) >= 2000
    page.locator("#lightsout").get_by_role("button", name="Reset").click()
    wait_idle(page, "lightsout")
    assert page.evaluate(clock) < 1500


def test_an_iframe_embed_draws_the_board_as_big_as_a_script_embed(new_page, site_url):
    page = new_page(**LAPTOP)
    game = "5x5:1f8c4a0"
    host = f"""<!doctype html><html><body>
      <script type="module" src="embed.mjs"></script>
      <div data-puzzlelab="lightsout" data-game="{game}"></div>
      <iframe id="frame" src="embed.html?puzzle=lightsout&game={game}" width="100%"
        style="border: 0"></iframe></body></html>"""
    page.route(f"{site_url}host.html",
               lambda route: route.fulfill(body=host, content_type="text/html"))
    page.goto(f"{site_url}host.html")
    page.wait_for_function("document.querySelector('[data-puzzlelab] canvas')?.width > 0")
    frame = page.frame_locator("#frame")
    frame.locator("canvas").first.wait_for()
    page.wait_for_timeout(500)
    script_width = page.locator("[data-puzzlelab] .board-area canvas").bounding_box()["width"]
    frame_width = frame.locator(".board-area canvas").bounding_box()["width"]
    assert script_width > 200
    assert abs(frame_width - script_width) <= 2, (frame_width, script_width)
