"""The counter's distinct-lines option (``distinct``, ``--equal-lines``) against a
brute force over row combinations written here, and the shipped table of grid
counts (web/puzzles/binairo/grid-counts.json) against the counter."""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from referees import partial

from puzzlelab import api
from puzzlelab.binairo import Grid
from puzzlelab.binairo import cli as binairo_cli
from puzzlelab.binairo.count import count
from puzzlelab.cli import build_parser
from puzzlelab.notation import PuzzleError
from puzzlelab.terminal import request_of

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "web" / "puzzles" / "binairo" / "grid-counts.json"


def _lines(length: int) -> list[tuple[int, ...]]:
    """Balanced 0/1 lines with no three equal side by side (own code, no package table)."""
    return [bits for bits in itertools.product((0, 1), repeat=length)
            if 2 * sum(bits) == length
            and not any(bits[i] == bits[i + 1] == bits[i + 2] for i in range(length - 2))]


def brute(grid: Grid) -> tuple[int, int]:
    """(with distinct lines, without): every combination of valid rows that fits the
    givens, columns checked cell by cell as the rows go down (a column with three
    equal or more than half of one digit ends the branch)."""
    rows, cols, half = grid.rows, grid.cols, grid.rows // 2
    text = grid.givens_grid.split("/")
    options = [[line for line in _lines(cols)
                if all(ch == "." or int(ch) == bit for ch, bit in zip(text[r], line, strict=True))]
               for r in range(rows)]
    found = [0, 0]

    def fits(chosen: list[tuple[int, ...]]) -> bool:
        k = len(chosen)
        for c in range(cols):
            ones = sum(row[c] for row in chosen)
            if ones > half or k - ones > half:
                return False
            if k >= 3 and chosen[-1][c] == chosen[-2][c] == chosen[-3][c]:
                return False
        return True

    def walk(chosen: list[tuple[int, ...]]) -> None:
        if len(chosen) == rows:
            columns = list(zip(*chosen, strict=True))
            found[1] += 1
            found[0] += len(set(chosen)) == rows and len(set(columns)) == cols
            return
        for line in options[len(chosen)]:
            chosen.append(line)
            if fits(chosen):
                walk(chosen)
            chosen.pop()

    walk([])
    return found[0], found[1]


SHAPES = [(r, c) for r in (2, 4, 6) for c in (2, 4, 6)]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_method_matches_brute_force_with_and_without_the_rule(shape):
    grid = Grid.empty(*shape)
    with_rule, without = brute(grid)
    methods = [None, "search"] + (["meet"] if shape[0] >= 4 else [])
    for method in methods:
        assert count(grid, method) == with_rule, method
        assert count(grid, method, distinct=False) == without, method
    assert without >= with_rule


@pytest.mark.parametrize("seed", range(6))
def test_partly_filled_grids_match_brute_force_both_settings(seed):
    rng = random.Random(seed)
    shape = [(4, 4), (6, 6), (4, 6), (6, 4)][seed % 4]
    grid = partial(*shape, rng, [0.15, 0.3][seed % 2])
    with_rule, without = brute(grid)
    for method in (None, "search", "meet"):
        assert count(grid, method) == with_rule
        assert count(grid, method, distinct=False) == without


def test_a_repeated_row_given_counts_only_without_the_rule():
    # Rows 0 and 1 given equal: no solution keeps the rule, some do without it.
    grid = Grid.parse("011001/011001/....../....../....../......")
    assert count(grid) == 0
    assert count(grid, distinct=False) == brute(grid)[1] > 0


def test_the_old_counts_are_unchanged_and_rows_by_cols_equals_cols_by_rows():
    assert count(Grid.empty(8, 8)) == count(Grid.empty(8, 8), distinct=True) == 4_111_116
    for rows, cols in ((4, 8), (6, 8), (4, 10)):
        for distinct in (True, False):
            assert (count(Grid.empty(rows, cols), "meet", distinct)
                    == count(Grid.empty(cols, rows), "meet", distinct))


def test_the_answer_says_which_rule_it_counted():
    asked = {"cmd": "binairo.count", "game": "4x4:p"}
    plain = api.handle(asked)["result"]
    assert (plain["count"], plain["distinct"]) == (72, True)
    free = api.handle({**asked, "distinct": False})["result"]
    assert (free["count"], free["count_text"], free["distinct"]) == (90, "90", False)
    bad = api.handle({**asked, "distinct": "no"})
    assert not bad["ok"] and "distinct" in bad["error"]


def test_the_equal_lines_flag_asks_for_distinct_false():
    verb = next(v for v in binairo_cli.VERBS if v.name == "count")
    parser = build_parser()
    words = parser.parse_args(["binairo", "count", "4x4:p", "--equal-lines"])
    assert request_of(verb, words)["distinct"] is False
    words = parser.parse_args(["binairo", "count", "4x4:p"])
    assert "distinct" not in request_of(verb, words)  # the default: true


def test_an_empty_12x12_without_the_rule_is_refused_up_front_in_words():
    with pytest.raises(PuzzleError, match=r"12x12 grid \(equal rows and columns allowed\)"):
        count(Grid.empty(12, 12), distinct=False)


def _table() -> list[dict]:
    return json.loads(TABLE.read_text(encoding="utf-8"))["entries"]


def test_the_shipped_table_agrees_with_the_counter_and_the_brute_force():
    entries = _table()
    keys = {(e["rows"], e["cols"], e["distinct"]) for e in entries}
    assert len(keys) == len(entries) == 56  # rows <= cols, even sides 2..14, both settings
    assert all(e["rows"] <= e["cols"] for e in entries)
    rechecked = 0
    for e in entries:
        if e["count"] is None:
            assert e.get("refusal", "").startswith("Counting the solutions of this") or e["note"]
            continue
        if e["seconds"] <= 0.2:
            grid = Grid.empty(e["rows"], e["cols"])
            assert count(grid, distinct=e["distinct"]) == int(e["count"]), e
            rechecked += 1
            if e["rows"] * e["cols"] <= 24:
                assert brute(grid)[0 if e["distinct"] else 1] == int(e["count"]), e
    assert rechecked >= 30
    published = {(e["rows"], e["cols"], e["distinct"]): e["source"] for e in entries}
    assert published[10, 10, True] == "OEIS A253316"
    assert published[6, 10, True].startswith("Code Golf")
