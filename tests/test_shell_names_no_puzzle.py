"""The page's shell names no puzzle: it reads every puzzle from the registry
(web/puzzles/index.mjs), so that a new puzzle needs no edit to it.

The shell is the main page and the embed (app.mjs, embed.mjs, their HTML),
the tabs, the board contract and the CSS every page loads; a puzzle's own
CSS is in its folder (web/puzzles/<id>/), loaded by its board.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzle_homes import registry_puzzles

WEB = Path(__file__).resolve().parent.parent / "web"
SHELL = ("app.mjs", "embed.mjs", "index.html", "embed.html", "style.css", "board.css",
         "puzzle-tabs.mjs", "board-kit.mjs")


def test_the_registry_is_read() -> None:
    assert len(registry_puzzles()) >= 3


@pytest.mark.parametrize("name", SHELL)
def test_a_shell_file_names_no_registered_puzzle(name: str) -> None:
    text = (WEB / name).read_text(encoding="utf-8")
    for puzzle in registry_puzzles():
        found = [text[max(0, m.start() - 30):m.end() + 30].replace("\n", " ")
                 for m in re.finditer(rf"(?<![A-Za-z0-9_-]){puzzle}(?![A-Za-z0-9_])", text, re.I)]
        assert not found, f"web/{name} names {puzzle!r}: {found}"


def test_every_puzzle_css_file_lives_in_its_puzzles_folder() -> None:
    """No stylesheet outside web/puzzles/ styles a puzzle's own class."""
    for sheet in WEB.glob("*.css"):
        text = sheet.read_text(encoding="utf-8")
        for puzzle in registry_puzzles():
            assert not re.search(rf"\.{puzzle}\b", text), f"{sheet.name} styles .{puzzle}"
