"""Lights Out: its own cases of tests/e2e/test_win_motion_page.py, moved here from it (that
module's subject: Wins in each puzzle's own language: the winning move draws a motion on
the board that settles to the final picture within about a second (at once under reduced
motion), the next input is taken at once, the card keeps off the last peg, the card's
time and the message's agree after a reload, and a fewest the solver finds after the win
is said to be on its way, then shown)."""

from __future__ import annotations

import pytest
from test_win_motion_page import open_near_win, wait_idle

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def test_a_fewest_found_after_the_win_is_said_to_come_then_shown(page, site_url):
    # Lights Out asks its solver for the fewest presses when the game is won: the
    # card and the message are watched from before the win, so every text they show counts.
    move = open_near_win(page, site_url, "lightsout")
    page.evaluate("""() => {
      window.countLines = [];
      const line = document.querySelector('#lightsout .win-card .win-count');
      new MutationObserver(() => window.countLines.push(line.textContent))
        .observe(line, { childList: true, characterData: true, subtree: true });
      const message = document.querySelector('#lightsout .message');
      window.messages = [];
      new MutationObserver(() => window.messages.push(message.textContent))
        .observe(message, { childList: true, characterData: true, subtree: true });
    }""")
    move(page)
    wait_idle(page, "lightsout")
    page.wait_for_function("window.countLines.length >= 2")
    lines = page.evaluate("window.countLines")
    assert lines[0] == "1 press · fewest not known yet…"
    assert lines[-1] == "1 press · fewest 1"
    messages = page.evaluate("window.messages")
    done = "All lights are out — solved in 1 press"
    assert f"{done}! The fewest possible is not known yet…" in messages
    assert messages[-1] == f"{done}; the fewest possible is 1 press: a perfect game!"
