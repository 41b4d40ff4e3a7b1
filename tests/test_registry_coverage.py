"""The tests follow the registry: every registered puzzle declares its test
facts, every cross-cutting test covers every registered puzzle, and no test
module outside a puzzle's own homes names a puzzle.

A puzzle's homes in the tests are ``tests/<id>/`` and ``tests/e2e/<id>/``
(tests/puzzle_homes.py); everything else in tests/ holds for every puzzle and
finds them through the registries.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from puzzle_homes import ROOT, TESTS, e2e_home, facts, family_names, home, registry_puzzles

#: The modules whose guarantees hold for every puzzle: each must have, for every
#: registered puzzle, a collected test whose id names it (parametrized over
#: the registry, or over every command or verb of every family).
CROSS_CUTTING = (
    "tests/test_js_rules.py",          # the page's rules against Python
    "tests/test_fuzz.py",              # every command and verb, malformed
    "tests/e2e/test_links_page.py",    # links never replace a game; corrupted saves
    "tests/e2e/test_share_page.py",    # permalinks, reloads, Copy link
    "tests/e2e/test_trust_page.py",    # bad links keep the saved game
    "tests/e2e/test_tabs_page.py",     # a tab per puzzle
    "tests/e2e/test_win_motion_page.py",  # the win card
    "tests/test_saved_game.py",        # saved games read back, corrupted
    "tests/e2e/test_layout_page.py",   # themes, widths, the first screen
)
#: Cross-cutting modules that loop over every puzzle inside one test (one page
#: load for all): each must ask the registry for them and name none itself.
LOOPING = (
    "tests/e2e/test_keyboard_page.py",  # keys only, and what is heard
    "tests/e2e/test_play_screen.py",   # the play view, the lab, the win card
)

#: What each puzzle's tests/<id>/facts.py declares (each name is described there).
FACTS = ("GAME", "OTHER_GAME", "BAD_GAME", "load_request", "COUNTER", "play", "move_on_other",
         "check_history", "EMBED_ATTRIBUTES", "CLI_VALUES", "QUICK_COMMAND_LINE",
         "STDIN_COMMAND_LINE", "LOCAL_COMMANDS",
         "PYTHON_ONLY_REQUESTS", "DEAL_REQUEST", "DATA_REQUESTS",
         "FIRST_SCREEN_REQUESTS", "HINT_AFTER_A_MOVE", "rules_differential",
         "check_first_hint", "hint_python_gives", "odd_text_requests", "VALID_ARGUMENTS",
         "tame_command_line",
         "LONG_JOB", "QUICK_JOB",
         "THEMED_PIXEL", "show_line_above_board", "LAB_BUTTONS", "win_card",
         "near_win", "winning_moves", "KEYBOARD_GAME", "keyboard_play", "keyboard_after_reload",
         "interleaved_requests", "forget_caches", "same_answer_form",
         "game_id", "random_saved_game", "one_move")

def test_both_registries_list_the_same_puzzles():
    assert registry_puzzles() == family_names()


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_each_puzzle_declares_its_test_facts(puzzle):
    declared = facts(puzzle)
    missing = [name for name in FACTS if not hasattr(declared, name)]
    assert not missing, f"tests/{puzzle}/facts.py does not declare {missing}"
    assert home(puzzle).is_dir()
    assert declared.LOCAL_COMMANDS and all(
        cmd.startswith(f"{puzzle}.") for cmd in declared.LOCAL_COMMANDS)
    assert len({declared.GAME, declared.OTHER_GAME, declared.BAD_GAME}) == 3


def test_every_cross_cutting_module_covers_every_puzzle():
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
         *CROSS_CUTTING],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    ids = [line for line in done.stdout.splitlines() if "::" in line]
    for module in CROSS_CUTTING:
        names = [test_id.split("::", 1)[1] for test_id in ids if test_id.startswith(module)]
        assert names, f"{module} collects no test"
        for puzzle in registry_puzzles():
            assert any(puzzle in name for name in names), f"{module} does not cover {puzzle}"


@pytest.mark.parametrize("module", LOOPING)
def test_every_looping_module_asks_the_registry(module):
    text = (ROOT / module).read_text(encoding="utf-8")
    assert "registry_puzzles()" in text or "all_facts()" in text, module
    assert module not in modules_naming_a_puzzle(), module


def modules_naming_a_puzzle() -> set[str]:
    """The test modules (Python and JavaScript) outside every puzzle's homes
    whose text names a registered puzzle."""
    puzzles = registry_puzzles()
    homes = [home(puzzle) for puzzle in puzzles] + [e2e_home(puzzle) for puzzle in puzzles]
    naming = re.compile("|".join(map(re.escape, puzzles)))
    found = set()
    for path in sorted([*TESTS.rglob("*.py"), *TESTS.rglob("*.mjs")]):
        if any(path.is_relative_to(folder) for folder in homes):
            continue
        if naming.search(path.read_text(encoding="utf-8")):
            found.add(path.relative_to(ROOT).as_posix())
    return found


def test_no_module_outside_a_puzzles_home_names_a_puzzle():
    found = sorted(modules_naming_a_puzzle())
    assert not found, (
        f"{found} name a puzzle: loop over the registry (tests/puzzle_homes.py, each "
        "puzzle's facts.py) or move the test into the puzzle's home, tests/<id>/ or "
        "tests/e2e/<id>/")
