"""The page's move rules (web/puzzles/*/rules.mjs, asked through
web/rules/index.mjs) answer exactly as Python does, or leave the request to it,
for every puzzle of the registry.

Python is the definition of the rules and the one voice for errors: each
puzzle's facts (tests/<id>/facts.py, ``rules_differential``) give random
boards of every variant random move sequences and bad requests, each answered
by ``api.handle`` and, in one ``node`` process (tests/js/rules_driver.mjs), by
``answerLocally`` as the page's client asks it before it sends a request to
Python (tests/rules_differential.py). Every answer the page gives must be
Python's JSON exactly (game ID, grid, counts, legal moves, error marks); every
refusal is left to Python (null); and the page must answer every valid move,
game ID and load of plain text itself, so that leaving everything to Python
cannot pass. Each sequence continues from Python's answer, so every move
starts from a state Python produced. A puzzle's own checks of its rules live
in its home (tests/<id>/test_<id>_js_rules.py).
"""

from __future__ import annotations

import importlib
import inspect
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from puzzle_homes import all_facts, facts, registry_puzzles
from puzzlelab import api
from rules_differential import Recorder, answers_in_js, odd_text

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_moves_match_python(node: str, puzzle: str) -> None:
    record = Recorder()
    rng = random.Random(15)
    facts(puzzle).rules_differential(record, rng)
    for cmd in facts(puzzle).LOCAL_COMMANDS:  # each command the page answers is tried
        assert record.count(cmd) > 0, cmd
    assert record.compare(node) > 0


# --- the driver covers the commands the modules name ------------------------


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_unknown_commands_are_left_to_python(node: str, puzzle: str) -> None:
    requests = [*facts(puzzle).PYTHON_ONLY_REQUESTS,
                {"cmd": f"{puzzle}.toString"}, {"cmd": f"{puzzle}.constructor"}]
    assert answers_in_js(node, requests) == [None] * len(requests)


def first_hint_requests(build_py: Any) -> list[dict[str, Any]]:
    """build.py's shipped first hints, given the modules it asks for by name."""
    wanted = inspect.signature(build_py.first_hint_requests).parameters
    modules = {name: importlib.import_module(f"puzzlelab.{name}") for name in wanted}
    return build_py.first_hint_requests(**modules)


@pytest.fixture(scope="module")
def built_rules(build_py: Any, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the page's rules with build.py's rules/first-boards.mjs in it."""
    web = tmp_path_factory.mktemp("built") / "web"
    for part in ("rules", "puzzles"):
        shutil.copytree(ROOT / "web" / part, web / part)
    build_py.write_first_boards(web)
    return web


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_the_default_boards_need_no_python(
        node: str, build_py: Any, built_rules: Path, puzzle: str) -> None:
    """The page's first requests (its default boards) are answered without
    Python, as Python answers them: the ones build.py computes into the built
    copy of rules/first-boards.mjs, and those the rules compute themselves."""
    web = built_rules
    mine = facts(puzzle)
    requests = [dict(request) for request in build_py.FIRST_DEALS.get(puzzle, ())]
    hints = [hint for hint in first_hint_requests(build_py)
             if hint["cmd"] == f"{puzzle}.hint"]
    requests += hints
    requests += mine.FIRST_SCREEN_REQUESTS
    assert answers_in_js(node, requests, web) == [api.handle(dict(r)) for r in requests]
    # The first hints (#35): one on each first deal, each a move that is there
    # to be made on that board.
    if puzzle in build_py.FIRST_DEALS:
        assert len(hints) == len(build_py.FIRST_DEALS[puzzle])
    for hint in hints:
        mine.check_first_hint(hint, api.handle(dict(hint))["result"])
    # A hint after a move is Python's: not shipped.
    if mine.HINT_AFTER_A_MOVE is not None:
        assert answers_in_js(node, [dict(mine.HINT_AFTER_A_MOVE)], web) == [None]
    # The copy in web/ holds no answers: build.py fills the built one.
    if build_py.FIRST_REQUESTS:
        assert answers_in_js(node, [dict(build_py.FIRST_REQUESTS[0])]) == [None]


# --- odd text ---------------------------------------------------------------


def test_odd_text_is_read_or_refused_alike(node: str) -> None:
    """Every puzzle's game IDs with odd characters (rules_differential.ODD), in turn."""
    record = Recorder()
    rng = random.Random(15)
    for _ in range(150):
        for mine in all_facts():
            for request in mine.odd_text_requests(rng, odd_text):
                record(request)
    assert sum(not a["ok"] for a in record.answers) > 300
    assert sum(a["ok"] for a in record.answers) > 20
    for puzzle in registry_puzzles():
        assert any(r["cmd"].startswith(f"{puzzle}.") for r in record.requests), puzzle
    record.compare(node)


def test_the_pages_copy_of_the_argument_descriptions_is_current(build_py: Any) -> None:
    """The core's and every puzzle's params.mjs are what `python3 build.py params`
    writes from params.py, and every puzzle's file is in its own home."""
    modules = build_py.params_modules()
    for path, text in modules.items():
        assert path.exists() and path.read_text() == text, (
            f"{path.relative_to(ROOT)} is out of date: run `python3 build.py params`")
    homes = {path.parent.name for path in modules if path.parent.parent.name == "puzzles"}
    assert homes == set(registry_puzzles())


