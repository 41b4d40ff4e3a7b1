"""The "fewest" difficulty: puzzles dealt from the fewest-clues search's data.

Every shipped class is checked as a puzzle (one solution by the solver, its
givens within two of the size's minimum, its grid valid and its class's
representative); deals are checked through the API as the page asks for them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from referees import count_rows

from puzzlelab import api
from puzzlelab.binairo import Grid, count, fewest_clues, grid_classes, rules, solver, sparse_deals
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

TABLE = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "binairo" / "fewest-clues.json"


def table_row(n: int) -> dict:
    """The lab table's row for size ``n`` (written by tools/binairo_fewest.py)."""
    rows = json.loads(TABLE.read_text())["sizes"]
    return next(row for row in rows if row["size"] == n)


def one_solution(puzzle: Grid) -> bool:
    return len(solver.solutions(puzzle, limit=2)) == 1


@pytest.mark.parametrize("n", sparse_deals.SIZES)
def test_every_shipped_class_is_a_puzzle_within_two_of_the_minimum(n):
    fewest, entries = sparse_deals.catalogue(n)
    assert fewest == table_row(n)["clues"]
    counts = [givens.bit_count() for _, givens in entries]
    assert min(counts) == fewest and max(counts) <= fewest + sparse_deals.ABOVE_MINIMUM
    # Every class at the minimum is shipped (the table counts them).
    assert counts.count(fewest) == table_row(n)["grids_at_minimum"]
    # 8x8 ships thousands: every one is checked for its grid, a sample by the solver.
    sample = set(random.Random(n).sample(range(len(entries)), min(len(entries), 300)))
    for index, (grid, givens) in enumerate(entries):
        assert grid_classes.canonical(grid, n) == grid
        full = sparse_deals.puzzle_of(grid, (1 << n * n) - 1, n)
        assert rules.is_solution(full.grid.split("/"))
        if index in sample:
            assert one_solution(sparse_deals.puzzle_of(grid, givens, n))


@pytest.mark.parametrize("n", sparse_deals.SIZES)
def test_every_puzzle_at_the_minimum_has_one_solution_by_the_counter(n):
    fewest, entries = sparse_deals.catalogue(n)
    at_minimum = [(g, m) for g, m in entries if m.bit_count() == fewest]
    for grid, givens in at_minimum:
        puzzle = sparse_deals.puzzle_of(grid, givens, n)
        assert count.count(puzzle) == 1
        assert count_rows(puzzle) == 1  # a plain row counter sharing no code with count


def test_the_6x6_file_is_what_the_search_finds_within_two_of_the_minimum():
    answer = finish(fewest_clues.fewest_clues_steps(6))
    grids = fewest_clues.load(6)
    found = finish(fewest_clues.task_steps(grids, answer["bound"], 0, 1))["found"]
    within = {rep for rep, givens in found if givens.bit_count() <= answer["clues"] + 2}
    fewest, entries = sparse_deals.catalogue(6)
    assert fewest == answer["clues"] and {grid for grid, _ in entries} == within


@pytest.mark.parametrize("n", sparse_deals.SIZES)
def test_a_deal_is_reproducible_graded_and_has_one_solution(n):
    fewest = table_row(n)["clues"]
    seen = set()
    for seed in range(12):
        request = {"cmd": "binairo.new", "rows": n, "difficulty": "fewest", "seed": seed}
        answer = api.handle(request)["result"]
        assert answer == api.handle(request)["result"]
        assert answer["deal"] == "fewest" and answer["fewest_possible"] == fewest
        assert fewest <= answer["clues"] <= fewest + 2
        assert answer["difficulty"] in ("easy", "medium", "hard")
        puzzle = Grid.parse(answer["game"])
        assert puzzle.clue_count == answer["clues"] and one_solution(puzzle)
        seen.add(answer["game"])
    assert len(seen) > 6  # the seed moves the deal


def test_the_symmetries_keep_a_puzzle_a_puzzle():
    _, entries = sparse_deals.catalogue(6)
    grid, givens = entries[0]
    games = set()
    for symmetry in range(16):
        moved = sparse_deals.puzzle_of(*sparse_deals.moved(grid, givens, 6, symmetry), 6)
        assert moved.clue_count == givens.bit_count() and one_solution(moved)
        games.add(moved.game_id)
    # At least one puzzle per image of the grid (the givens may be less symmetric).
    assert len(games) >= len(set(grid_classes.images(grid, 6)))


@pytest.mark.parametrize("shape", [(4, 4), (10, 10), (6, 8), (8, 6), (2, 2)])
def test_other_shapes_are_refused_in_one_sentence(shape):
    rows, cols = shape
    answer = api.handle({"cmd": "binairo.new", "rows": rows, "cols": cols, "difficulty": "fewest"})
    assert not answer["ok"] and "dealt at 6x6 and 8x8" in answer["error"]
    if rows == cols:
        with pytest.raises(PuzzleError, match="dealt at 6x6 and 8x8"):
            sparse_deals.deal_steps(rows, 1).send(None)
