"""The binary puzzle engine: notation, rules, solver, hints, rating, counting, generator."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import api, binairo
from puzzlelab.binairo import Grid
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = settings(max_examples=25, deadline=None)


def partial(rows: int, cols: int, rng: random.Random, keep: float) -> Grid:
    """A random solution with each cell kept as a given with probability ``keep``."""
    solution = binairo.random_solution(rows, cols, rng)
    full = (1 << cols) - 1
    ones, zeros = [], []
    for row in solution:
        mask = sum(1 << c for c in range(cols) if rng.random() < keep)
        ones.append(row & mask)
        zeros.append(~row & full & mask)
    return Grid.from_masks(rows, cols, ones, zeros)


def test_valid_line_counts_are_a177790():
    assert [len(binairo.valid_lines(n)) for n in range(2, 15, 2)] == [2, 6, 14, 34, 84, 208, 518]


@pytest.mark.parametrize(("side", "expected"), [(2, 2), (4, 72), (6, 4140)])
def test_empty_grid_counts_are_a253316(side, expected):
    assert binairo.count(Grid.empty(side, side)) == expected


def test_empty_8x8_count_is_a253316():
    assert binairo.count(Grid.empty(8, 8)) == 4_111_116


def test_shapes_without_solutions_count_zero():
    # Only two columns of height 2 exist, so six of them cannot all differ.
    assert binairo.count(Grid.empty(2, 6)) == binairo.count_brute(Grid.empty(2, 6)) == 0
    for grid in (Grid.empty(2, 6), Grid.empty(4, 8)):
        assert binairo.count(grid) == 0
        assert binairo.solutions(grid) == []


@SETTINGS
@given(st.sampled_from([(4, 4), (6, 6), (4, 6), (6, 4)]), st.integers(0, 10**6),
       st.floats(0.0, 0.5))
def test_count_equals_brute_force(shape, seed, keep):
    grid = partial(*shape, random.Random(seed), keep)
    assert binairo.count(grid) == binairo.count_brute(grid)


@SETTINGS
@given(st.sampled_from([(4, 4), (6, 6), (6, 4), (4, 6)]), st.integers(0, 10**6),
       st.floats(0.0, 0.6))
def test_solutions_follow_the_rules_and_agree_with_counting(shape, seed, keep):
    grid = partial(*shape, random.Random(seed), keep)
    found = binairo.solutions(grid, 2)
    for solution in found:
        assert binairo.is_solution(binairo.rows_text(solution, grid.cols))
        for r in range(grid.rows):
            assert solution[r] & grid.ones[r] == grid.ones[r]
            assert not solution[r] & grid.zeros[r]
    assert len(found) == min(2, binairo.count_brute(grid))
    if len(found) == 2:
        assert found[0] != found[1]


def symmetric_givens(rows: int, cols: int, rng: random.Random, keep: float,
                     mirror: bool, upside_down: bool) -> Grid:
    """Givens of a random solution kept mirror-symmetric and/or upside-down symmetric
    (the counter then joins one class of column sums per symmetry orbit)."""
    solution = binairo.random_solution(rows, cols, rng)
    full = (1 << cols) - 1
    flip = binairo._flip_columns(cols)
    masks = [sum(1 << c for c in range(cols) if rng.random() < keep) for _ in range(rows)]
    ones = [row & mask for row, mask in zip(solution, masks, strict=True)]
    zeros = [~row & full & mask for row, mask in zip(solution, masks, strict=True)]
    # Symmetric copies of the givens may clash (a 1 and a 0 on one cell): drop both.
    for _ in range(2):
        if mirror:
            ones, zeros = [o | flip(o) for o in ones], [z | flip(z) for z in zeros]
        if upside_down:
            ones = [o | u for o, u in zip(ones, ones[::-1], strict=True)]
            zeros = [z | u for z, u in zip(zeros, zeros[::-1], strict=True)]
        clash = [o & z for o, z in zip(ones, zeros, strict=True)]
        ones = [o & ~c for o, c in zip(ones, clash, strict=True)]
        zeros = [z & ~c for z, c in zip(zeros, clash, strict=True)]
    return Grid.from_masks(rows, cols, ones, zeros)


@SETTINGS
@given(st.sampled_from([(4, 4), (6, 6), (4, 6), (6, 4), (8, 6), (6, 8)]), st.integers(0, 10**6),
       st.floats(0.2, 0.6), st.booleans(), st.booleans())
def test_count_with_symmetric_givens_equals_brute_force(shape, seed, keep, mirror, upside_down):
    grid = symmetric_givens(*shape, random.Random(seed), keep, mirror, upside_down)
    assert binairo.count(grid) == binairo.count_brute(grid)


@SETTINGS
@given(st.sampled_from([(8, 8), (8, 6), (6, 8), (10, 6), (6, 10), (8, 10), (10, 10)]),
       st.integers(0, 10**6), st.floats(0.45, 0.7))
def test_meeting_in_the_middle_agrees_with_the_row_search(shape, seed, keep):
    grid = partial(*shape, random.Random(seed), keep)
    halves = finish(binairo._count_halves(grid))
    assert halves == finish(binairo._count_rows(grid)) == binairo.count(grid)


def test_rectangles_agree_with_brute_force():
    for rows, cols in ((4, 6), (6, 4), (4, 8), (8, 4), (2, 4), (4, 2), (6, 2)):
        grid = Grid.empty(rows, cols)
        assert binairo.count(grid) == binairo.count_brute(grid)
    # The two exact methods agree on an empty rectangle too big for brute force.
    assert finish(binairo._count_halves(Grid.empty(8, 6))) == finish(
        binairo._count_rows(Grid.empty(8, 6)))


@SETTINGS
@given(st.sampled_from([(4, 6), (6, 4), (6, 8), (8, 6), (10, 8)]), st.integers(0, 10**6),
       st.floats(0.3, 0.6))
def test_a_grid_turned_on_its_diagonal_has_as_many_solutions(shape, seed, keep):
    grid = partial(*shape, random.Random(seed), keep)
    turned = binairo._transposed(grid)
    assert (turned.rows, turned.cols) == (grid.cols, grid.rows)
    assert finish(binairo._count_halves(grid)) == finish(binairo._count_halves(turned)) \
        == binairo.count(grid)


def test_big_half_tables_fall_back_to_the_row_search(monkeypatch):
    monkeypatch.setattr(binairo, "HALF_LIMIT", 100)
    assert finish(binairo._count_halves(Grid.empty(6, 6))) is None
    assert binairo.count(Grid.empty(6, 6)) == 4140


def test_count_reports_progress_and_can_be_cancelled():
    steps = binairo.count_steps(Grid.empty(8, 8))
    reports = [next(steps) for _ in range(3)]
    assert all(0 <= r.done <= r.total and r.message.startswith("Counting") for r in reports)
    steps.close()  # what cancelling a job does between two reports
    with pytest.raises(StopIteration):
        next(steps)


def test_an_impossible_grid_has_no_solution():
    grid = Grid.parse("111.../....../....../....../....../......")
    assert binairo.solutions(grid) == []
    assert binairo.count(grid) == 0
    assert (0, 0) in binairo.errors(grid)


@SETTINGS
@given(st.sampled_from([(4, 4), (8, 8), (6, 10), (14, 14), (16, 16)]), st.integers(0, 10**6),
       st.floats(0.0, 1.0), st.floats(0.0, 1.0))
def test_game_id_round_trips_with_entries(shape, seed, keep, play):
    rng = random.Random(seed)
    grid = partial(*shape, rng, keep)
    for r in range(grid.rows):
        for c in range(grid.cols):
            if not grid.is_given(r, c) and rng.random() < play:
                grid = grid.with_entry(r, c, rng.choice("01"))
    again = Grid.parse(grid.game_id)
    assert again == grid
    assert all(ch.isalnum() or ch in "x:" for ch in grid.game_id)  # URL-safe
    assert Grid.parse(grid.grid).ones == grid.ones  # the plain grid keeps every digit


@pytest.mark.parametrize(
    "text",
    ["", "1.2./..../..../....", "101/010/101", "1../..", "4x4:zz", "4x4:1", "8x8:1#",
     "...../....."],
)
def test_bad_input_is_a_puzzle_error(text):
    with pytest.raises(PuzzleError):
        Grid.parse(text)


def test_givens_are_locked():
    grid = Grid.parse("1.../..../..../....")
    with pytest.raises(PuzzleError):
        grid.with_entry(0, 0, "0")
    assert grid.with_entry(0, 1, "1").with_entry(0, 1, ".") == grid


@pytest.mark.parametrize(
    ("text", "rule", "cell"),
    [
        ("11..../....../....../....../....../......", "pair", (0, 2, 0)),
        ("1.1.../....../....../....../....../......", "sandwich", (0, 1, 0)),
        ("1.1.1./....../....../....../....../......", "sandwich", (0, 1, 0)),
        (".0...0/....../....../....../....../......", "lookahead", (0, 0, 1)),
    ],
)
def test_hint_names_the_rule(text, rule, cell):
    grid = Grid.parse(text)
    step = binairo.next_deduction(grid.ones, grid.zeros, grid.rows, grid.cols)
    assert step is not None and step.rule == rule
    if cell:
        assert cell in step.cells
    assert step.proof


def test_balance_and_duplicate_rules():
    grid = Grid.parse("1.1.1./....../....../....../....../......")
    ones, zeros = list(grid.ones), list(grid.zeros)
    zeros[0] |= 0b000010  # the sandwich answer: 101.1. -> balance fills the rest
    zeros[0] |= 0b001000
    step = binairo.next_deduction(ones, zeros, 6, 6)
    assert step.rule == "balance" and step.cells == ((0, 5, 0),)
    # Row 4 matches complete row 1 except on two cells: they must differ from it.
    grid = Grid.parse("110100/....../....../.101.0/....../......")
    step = binairo.next_deduction(grid.ones, grid.zeros, 6, 6)
    assert step.rule == "duplicate" and step.level == "medium"
    assert step.cells == ((3, 0, 0),) and (0, 0) in step.proof


@SETTINGS
@given(st.integers(0, 10**6))
def test_hints_lead_to_the_unique_solution(seed):
    puzzle, _ = finish(binairo.generate_steps(6, 6, "hard", seed))
    (solution,) = binairo.solutions(puzzle)
    ones, zeros = list(puzzle.ones), list(puzzle.zeros)
    while True:
        step = binairo.next_deduction(ones, zeros, 6, 6)
        if step is None:
            break
        for r, c, value in step.cells:
            assert (solution[r] >> c & 1) == value, step
            (ones if value else zeros)[r] |= 1 << c
    assert ones == solution or binairo.rate(puzzle).needs_search


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("side", [6, 8, 10])
def test_generated_puzzles_are_good_reproducible_and_rated(side, difficulty):
    puzzle, rating = finish(binairo.generate_steps(side, side, difficulty, 11))
    assert len(binairo.solutions(puzzle)) == 1
    assert rating.difficulty == difficulty and not rating.needs_search
    assert binairo.rate(puzzle) == rating
    again, _ = finish(binairo.generate_steps(side, side, difficulty, 11))
    assert again == puzzle
    if difficulty != "hard":
        assert binairo.solves_with(puzzle, difficulty)
    if difficulty != "easy":
        weaker = "easy" if difficulty == "medium" else "medium"
        assert not binairo.solves_with(puzzle, weaker)


def test_minimize_leaves_only_necessary_clues():
    solution = binairo.random_solution(8, 8, random.Random(5))
    full = Grid.from_masks(8, 8, solution, [~o & 255 for o in solution])
    puzzle = binairo.minimize(full, random.Random(1))
    assert binairo.is_good(puzzle)
    for r in range(8):
        for c in range(8):
            if puzzle.is_given(r, c):
                ones, zeros = list(puzzle.ones), list(puzzle.zeros)
                ones[r] &= ~(1 << c)
                zeros[r] &= ~(1 << c)
                assert not binairo.is_good(Grid.from_masks(8, 8, ones, zeros))
    best, tries = finish(binairo.fewest_clues_steps(full, 2, 0.3))
    assert binairo.is_good(best) and tries >= 1


def test_minimize_refuses_a_puzzle_that_is_not_good():
    with pytest.raises(PuzzleError):
        binairo.minimize(Grid.empty(4, 4), random.Random(0))


def test_api_requests():
    state = api.handle({"cmd": "binairo.load", "game": "11..../....../....../....../....../......"})
    assert state["ok"] and state["result"]["row_counts"][0] == [0, 2]
    played = api.handle({"cmd": "binairo.set", "game": state["result"]["game"], "row": 0,
                         "col": 2, "value": "1"})["result"]
    assert played["errors"] == [[0, 0], [0, 1], [0, 2]]
    again = Grid.parse(played["game"])
    assert again.is_given(0, 0) and not again.is_given(0, 2)
    hint = api.handle({"cmd": "binairo.hint", "game": played["game"]})["result"]
    assert hint["rule"] == "mistake"
    counted = api.handle({"cmd": "binairo.count", "game": "4x4:p"})["result"]
    assert counted["count"] == 72 and counted["count_text"] == "72"
    bad = api.handle({"cmd": "binairo.load", "game": "5x5:y"})
    assert not bad["ok"] and "even" in bad["error"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1")
    return subprocess.run([sys.executable, "-m", "puzzlelab", "binairo", *args],
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=60)


def test_cli_solve_count_generate_minimize():
    puzzle, _ = finish(binairo.generate_steps(8, 8, "medium", 4))
    done = run_cli("solve", puzzle.grid, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["solutions"] == 1 and binairo.is_solution(result["solution"])
    several = json.loads(run_cli("solve", "..../..../..../....", "--json").stdout)
    assert several["solutions"] == 2 and several["solution"] != several["second"]
    # (The CLI's count is checked against a brute-force enumeration in test_cli.py.)
    generated = json.loads(run_cli("generate", "6", "--difficulty", "easy", "--seed", "9",
                                   "--json").stdout)
    assert generated["difficulty"] == "easy" and binairo.is_good(Grid.parse(generated["game"]))
    minimized = json.loads(run_cli("minimize", "/".join(result["solution"]), "--json").stdout)
    assert binairo.is_good(Grid.parse(minimized["game"])) and minimized["clues"] < 64


@pytest.mark.parametrize(
    ("args", "message"),
    [(("solve", "1.2./..../..../...."), "Unexpected character"),
     (("generate", "7"), "even"),
     (("count", "5x5:y"), "even"),
     (("generate", "8", "--difficulty", "insane"), "difficulty")],
)
def test_cli_bad_input_exits_2_with_one_line(args, message):
    done = run_cli(*args)
    assert done.returncode == 2
    assert message in done.stderr and len(done.stderr.strip().splitlines()) == 1
