"""The binary puzzle teaches itself: the lesson's boards are real puzzles
whose asked move follows from the rule each step teaches, and no other; the
play screen's hints speak a player's words for every rule the solver names;
the win card counts placed digits, not taps (placements.mjs, run in node)."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

from conftest import run_node
from puzzlelab import api, binairo
from puzzlelab.binairo.grid import Grid
from puzzlelab.jobs import finish

WEB = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "binairo"
LESSON = json.loads((WEB / "lesson.json").read_text())["steps"]

# The lab's words for the rules and their levels: never in a hint the play screen shows.
LAB_WORDS = re.compile(
    r"\b(pairs?|sandwich\w*|balance\w*|look-?ahead|duplicates?|contradiction\w*|easy|medium|hard)\b"
    r"|\[", re.IGNORECASE)
# Each rule of the lab's registry, by the rule of the game it uses (a player's three rules).
TAUGHT_BY = {"three": {"pair", "sandwich"}, "count": {"balance"}, "lines": {"duplicate"}}


def completions(line: str, rules: set[str], full_lines: set[str]) -> list[str]:
    """Every way to fill the dots of `line` keeping the given rules of the game."""
    gaps = [i for i, ch in enumerate(line) if ch == "."]
    found = []
    for digits in itertools.product("01", repeat=len(gaps)):
        cells = list(line)
        for i, digit in zip(gaps, digits, strict=True):
            cells[i] = digit
        text = "".join(cells)
        if "three" in rules and ("000" in text or "111" in text):
            continue
        if "count" in rules and text.count("0") * 2 != len(text):
            continue
        if "lines" in rules and text in full_lines:
            continue
        found.append(text)
    return found


def forced_by(rows: list[str], row: int, col: int, value: int, rules: set[str]) -> bool:
    """Whether the other digit at (row, col) leaves its row or its column with no
    completion under `rules` alone: the move follows from those rules, one line at a time."""
    cols = ["".join(r[c] for r in rows) for c in range(len(rows[0]))]
    other = str(1 - value)
    row_line = rows[row][:col] + other + rows[row][col + 1:]
    col_line = cols[col][:row] + other + cols[col][row + 1:]
    full_rows = {r for i, r in enumerate(rows) if i != row and "." not in r}
    full_cols = {c for i, c in enumerate(cols) if i != col and "." not in c}
    return (not completions(row_line, rules, full_rows)
            or not completions(col_line, rules, full_cols))


@pytest.mark.parametrize("step", LESSON, ids=[s["rule"] for s in LESSON])
def test_each_lesson_step_is_a_puzzle_whose_move_needs_exactly_its_rule(step):
    grid = Grid.parse(step["grid"])
    (solution,) = binairo.solutions(grid, 2)  # one solution: a real puzzle
    row, col, value = step["cell"]
    assert solution[row] >> col & 1 == value
    rows = step["grid"].split("/")
    assert rows[row][col] == "."
    rule = step["rule"]
    others = set(TAUGHT_BY) - {rule}
    # "No two lines alike" only ever speaks about lines finished with the other two rules.
    alone = {rule} | (others if rule == "lines" else set())
    assert forced_by(rows, row, col, value, alone)
    assert not forced_by(rows, row, col, value, alone - {rule} if rule == "lines" else others)
    # The hint the player gets there names that rule, for that cell, in a player's words.
    hint = api.handle({"cmd": "binairo.hint", "game": Grid.parse(step["grid"]).game_id})["result"]
    assert hint["rule"] in TAUGHT_BY[rule] and [row, col, value] in hint["cells"]
    assert not LAB_WORDS.search(hint["text"])


def test_the_lesson_teaches_each_rule_once():
    assert sorted(step["rule"] for step in LESSON) == sorted(TAUGHT_BY)
    assert set().union(*TAUGHT_BY.values()) <= set(binairo.RULE_LEVEL)


def hints_by_rule() -> dict[str, str]:
    """One hint's text for every rule the solver names, found by solving puzzles step by step."""
    found: dict[str, str] = {}
    for seed in range(200):
        puzzle, _ = finish(binairo.generate_steps(6, 6, "hard", seed))
        ones, zeros = list(puzzle.ones), list(puzzle.zeros)
        while (step := binairo.next_deduction(ones, zeros, 6, 6)) is not None:
            found.setdefault(step.rule, step.text)
            for r, c, value in step.cells:
                (ones if value else zeros)[r] |= 1 << c
        if found.keys() >= binairo.RULE_LEVEL.keys():
            break
    return found


def test_every_hint_the_solver_gives_is_in_a_players_words():
    found = hints_by_rule()
    assert found.keys() == binairo.RULE_LEVEL.keys()  # every rule of the registry
    for rule, text in found.items():
        assert not LAB_WORDS.search(text), (rule, text)
        # Each says what to look at: a row or a column by its number.
        assert re.search(r"\b(row|column)s? \d", text, re.IGNORECASE), (rule, text)
    # The answers that are no rule: a mistake, a full grid, a grid beyond single rules.
    wrong = api.handle({"cmd": "binairo.hint", "game": "111./..../..../...."})["result"]
    full = api.handle({"cmd": "binairo.hint", "game": "1100/0011/1010/0101"})["result"]
    for result in (wrong, full):
        assert not LAB_WORDS.search(result["text"]), result


PLACEMENTS = """
const { placements } = await import(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
const counts = cases.map(([grids, start]) => placements(grids, start ?? undefined));
process.stdout.write(JSON.stringify(counts));
"""


def test_placements_count_digits_placed_not_taps(node):
    start = "1./.."
    cases = [
        # one tap each: 3
        (["1./..", "10/..", "10/0.", "10/01"], None),
        # a 1 by two taps (empty, 0, 1): still 3
        (["1./..", "10/..", "10/0.", "10/00", "10/01"], None),
        # a cell changed again after another: one more, 4
        (["1./..", "10/..", "10/0.", "10/00", "10/01", "11/01", "10/01"], None),
        # Restart (back to the puzzle's own grid) starts the count again: 3
        (["1./..", "10/..", "10/0.", "1./..", "10/..", "10/0.", "10/01"], start),
        (["1./.."], None),
    ]
    counts = run_node(node, PLACEMENTS, str(WEB / "placements.mjs"), json.dumps(cases))
    assert counts == [3, 3, 4, 3, 0]


FLAGS = """
const { teachingFlags } = await import(process.argv[1]);
const stored = (text) => ({ getItem: () => text });
const out = ["not json", "null", "[]", '{"won": "yes", "offered": 1}', '{"won": true}', null]
  .map((text) => teachingFlags(stored(text)));
out.push(teachingFlags(null));
out.push(teachingFlags({ getItem: () => { throw new Error("blocked"); } }));
process.stdout.write(JSON.stringify(out));
"""


def test_the_kept_flags_read_anything_stored_as_not_yet(node):
    """A flag is true only when stored as true: a broken or foreign value, no
    storage, or storage that throws read as "not yet" (the rules show again)."""
    out = run_node(node, FLAGS, str(WEB / "teaching.mjs"))
    nothing = {"won": False, "offered": False}
    assert out == [nothing] * 4 + [{"won": True, "offered": False}] + [nothing] * 3
