"""The all-lit table (OEIS A075464) and the hardest boards: small terms by a
second method, and the shipped files checked by applying what they claim."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from puzzlelab.lightsout import kernel_dimension, solve, toggled_by
from puzzlelab.lightsout.all_lit import (
    all_lit,
    enumerated_term,
    kernel_dimension_by_gcd,
    pressed,
    prove_term,
)
from puzzlelab.lightsout.hardest import cell_types, hardest_board

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "web" / "puzzles" / "lightsout" / "all-lit.json"
BFILE = ROOT / "web" / "puzzles" / "lightsout" / "b075464.txt"
HARDEST = ROOT / "web" / "puzzles" / "lightsout" / "hardest.json"


def test_kernel_dimension_by_polynomial_gcd_matches_the_chase():
    """The second method's kernel count (a gcd of polynomials) against elimination."""
    for n in range(1, 121):
        assert kernel_dimension_by_gcd(n) == kernel_dimension(n, n), n


@pytest.mark.parametrize("n", [1, 4, 5, 9, 11, 14, 16, 17, 19, 23, 24])
def test_small_terms_are_the_minimum_over_every_solution(n):
    """The solver's proven term and its count of tied solutions equal those of
    the walk over every solution."""
    term = prove_term(n)
    assert term.proven and term.lower == term.upper
    assert pressed(term.presses, n) == all_lit(n).lights
    assert (term.upper, term.ties) == enumerated_term(n)


def test_enumeration_refuses_a_kernel_it_cannot_visit():
    with pytest.raises(ValueError, match="too many"):
        enumerated_term(39)  # kernel dimension 32


def test_pressing_cell_by_cell_agrees_with_the_board():
    """The second method's own press rule against the solver's, on a few sets."""
    for n in (1, 2, 5, 7):
        for presses in (1, (1 << n * n) - 1, 0b1011001 & ((1 << n * n) - 1)):
            assert pressed(presses, n) == toggled_by(presses, n, n)


def table() -> list[dict]:
    return json.loads(TABLE.read_text())


def test_the_shipped_table_holds_checked_rows():
    """Every row: bounds in order, a solution that clears the board with the
    upper bound's presses, proven rows equal at both ends and checked."""
    rows = table()
    assert [row["n"] for row in rows] == list(range(1, len(rows) + 1))
    assert len(rows) >= 100
    for row in rows:
        n = row["n"]
        presses = int(row["presses_hex"], 16)
        assert presses.bit_count() == row["upper"]
        assert toggled_by(presses, n, n) == (1 << n * n) - 1, n
        assert row["lower"] <= row["upper"]
        assert row["kernel_dimension"] == kernel_dimension(n, n)
        if row["proven"]:
            assert row["fewest"] == row["lower"] == row["upper"]
        else:
            assert row["fewest"] is None and row["lower"] < row["upper"]
        if row["kernel_dimension"] <= 24:
            assert "enumeration" in row["check"], n


def test_the_b_file_lists_the_proven_terms_without_gaps():
    lines = BFILE.read_text().splitlines()
    rows = {row["n"]: row for row in table()}
    for index, line in enumerate(lines, start=1):
        assert re.fullmatch(r"\d+ \d+", line), line
        n, value = map(int, line.split())
        assert n == index and rows[n]["proven"] and rows[n]["fewest"] == value
    after = rows.get(len(lines) + 1)
    assert after is None or not after["proven"]


@pytest.mark.parametrize("n", [4, 5])
def test_hardest_board_is_the_covering_radius_by_brute_force(n):
    """Over every board (each press set solves one), the most presses any needs."""
    quiet, _ = cell_types(n)
    span = [0]
    for q in quiet:
        span += [member ^ q for member in span]
    # Every press set x = high bits | low bits: its distance to member m is the
    # high part's plus the low part's, so the maximum over all x is taken over
    # the distinct vectors of distances of each part (all 2**(n*n) x covered).
    half = n * n // 2
    low_mask = (1 << half) - 1

    def distances(part: int, shift: int, mask: int) -> tuple[int, ...]:
        return tuple((part ^ (m >> shift & mask)).bit_count() for m in span)

    highs = {distances(h, half, (1 << (n * n - half)) - 1) for h in range(1 << (n * n - half))}
    lows = {distances(lo, 0, low_mask) for lo in range(1 << half)}
    radius = max(min(a + b for a, b in zip(h, lo, strict=True)) for h in highs for lo in lows)
    hardest = hardest_board(n)
    assert hardest is not None and hardest.proven
    assert hardest.radius == radius == {4: 7, 5: 15}[n]
    solution = solve(_board(n, hardest.lights))
    assert solution.proven_fewest and solution.press_count == radius


def _board(n: int, lights: int):
    from puzzlelab.lightsout import Board
    return Board(n, n, lights)


def test_the_shipped_hardest_boards_need_what_they_claim():
    """Each shipped board is solved by its presses, and the solver's proven
    fewest is its radius (small kernels here; tools/lightsout_table.py checks all)."""
    rows = json.loads(HARDEST.read_text())
    assert {row["n"] for row in rows} == {n for n in range(1, 51) if kernel_dimension(n, n)}
    for row in rows:
        n = row["n"]
        lights, presses = int(row["lights_hex"], 16), int(row["presses_hex"], 16)
        assert toggled_by(presses, n, n) == lights
        # (presses_hex makes the board; its lightest solution is what `lower` counts)
        assert presses.bit_count() >= row["lower"] and row["lower"] <= row["upper"]
        assert row["proven"] == (row["lower"] == row["upper"])
        if row["kernel_dimension"] <= 8:
            solution = solve(_board(n, lights))
            assert solution.proven_fewest and solution.press_count == row["lower"]


def test_split_tasks_find_the_proven_term_and_a_restart_reads_them_back(tmp_path, monkeypatch):
    """The all-lit proof split by the first fold level (docs/lightsout-79.md):
    the tasks together give the proven term; run again, every task is read
    back from its record instead of run."""
    from puzzlelab.lightsout import all_lit_tasks

    term = prove_term(19)
    result = all_lit_tasks.run_tasks(19, 2, term.upper, 1 << 40, tmp_path)
    assert result == {"weight": term.upper, "proven": True, "done": 4, "tasks": 4}

    def fail(*args):
        raise AssertionError("a recorded task ran again")

    monkeypatch.setattr(all_lit_tasks, "run_task", fail)
    assert all_lit_tasks.run_tasks(19, 2, term.upper, 1 << 40, tmp_path) == result
    (tmp_path / "task-3.json").write_text("edited")
    with pytest.raises(AssertionError, match="ran again"):
        all_lit_tasks.run_tasks(19, 2, term.upper, 1 << 40, tmp_path)


def test_a_solve_says_its_press_bounds():
    """Proven: both ends the count; unsolvable: none; unproven (a random 39x39
    board on the quick budget): the counting and packing bound below the count."""
    import random

    from puzzlelab import api
    from puzzlelab.lightsout import Board, press_lower_bound, random_solvable

    def ask(game: str) -> dict:
        response = api.handle({"cmd": "lightsout.solve", "game": game})
        assert response["ok"], response
        return response["result"]

    proven = ask("11111/11111/11111/11111/11111")
    assert proven["proven"] and proven["press_bounds"] == [15, 15]
    assert ask("10000/00000/00000/00000/00000")["press_bounds"] is None
    board = random_solvable(39, 39, random.Random(5))
    answer = ask(board.game_id)
    lower, upper = answer["press_bounds"]
    assert upper == answer["press_count"]
    if answer["proven"]:
        assert lower == upper
    else:
        assert lower == press_lower_bound(Board.parse(answer["game"])) < upper
