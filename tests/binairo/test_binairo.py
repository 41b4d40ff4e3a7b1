"""The binary puzzle engine: notation, rules, solver, hints, rating, generator."""

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
from referees import count_brute, partial

from puzzlelab import api, binairo
from puzzlelab.binairo import Grid
from puzzlelab.binairo import count as binairo_count
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = settings(max_examples=25, deadline=None)


def test_valid_line_counts_are_a177790():
    assert [len(binairo.valid_lines(n)) for n in range(2, 15, 2)] == [2, 6, 14, 34, 84, 208, 518]


@given(st.integers(1, 20).flatmap(
    lambda width: st.tuples(st.just(width), st.lists(st.integers(0, (1 << width) - 1),
                                                     max_size=20))))
def test_transposed_masks_hold_each_cell_where_it_was(case):
    width, rows = case
    columns = binairo.transpose(rows, width)
    assert len(columns) == width
    assert all((columns[c] >> r & 1) == (rows[r] >> c & 1)
               for r in range(len(rows)) for c in range(width))
    assert all(column >> len(rows) == 0 for column in columns)


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
    assert len(found) == min(2, count_brute(grid))
    if len(found) == 2:
        assert found[0] != found[1]


def test_an_impossible_grid_has_no_solution():
    grid = Grid.parse("111.../....../....../....../....../......")
    assert binairo.solutions(grid) == []
    assert binairo_count.count(grid) == 0
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
