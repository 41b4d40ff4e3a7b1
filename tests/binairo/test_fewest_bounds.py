"""The 10x10 fewest-clues bounds: the answer from the shipped record, its checks, and
the two searches behind it re-run on samples.

The record (py/puzzlelab/binairo/data/bounds-10x10.json) is read by
``puzzlelab binairo fewest-clues 10``; its puzzle is checked here by the solver
and by the counter (one solution), its lower bound by re-running a sample of
the exhaustive search's tasks, and both searches against the sizes whose
answer the full search proved (4x4: 4, 6x6: 5).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab import api
from puzzlelab.binairo import Grid, fewest_bounds, fewest_lower, fewest_upper, solver
from puzzlelab.binairo.count import count
from puzzlelab.notation import PuzzleError

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_answers_at_once_from_what_is_proven() -> None:
    done = subprocess.run([sys.executable, "-m", "puzzlelab", "binairo", "fewest-clues", "10",
                           "--json"], capture_output=True, text=True, timeout=60,
                          env={"PYTHONPATH": str(ROOT / "py")}, check=True)
    answer = json.loads(done.stdout)
    assert answer["size"] == 10 and 1 <= answer["lower"] <= answer["upper"]
    puzzle = Grid.parse(answer["puzzle"])
    assert puzzle.clue_count == answer["upper"]
    assert "tasks" in answer["lower_proof"] and "CPU" in answer["lower_proof"]
    # One solution, by the solver and by the counter (another method).
    assert len(solver.solutions(puzzle, limit=2)) == 1
    assert count(puzzle) == 1


def test_a_damaged_record_is_one_sentence_never_an_answer(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    good = json.loads(fewest_bounds.FILE.read_text(encoding="utf-8"))
    puzzle = Grid.parse(good["puzzle"])
    # A given dropped: more than one solution (the upper bound would be forged).
    ones = list(puzzle.given_ones)
    row = next(r for r, mask in enumerate(ones) if mask)
    ones[row] &= ones[row] - 1
    fewer = Grid.from_masks(10, 10, ones, list(puzzle.given_zeros)).game_id
    for bad in ("", "{", "[]", json.dumps({**good, "upper": good["upper"] - 1}),
                json.dumps({**good, "lower": good["upper"] + 1}),
                json.dumps({**good, "puzzle": "10x10:zz"}),
                json.dumps({**good, "puzzle": fewer, "upper": good["upper"] - 1}),
                json.dumps({**good, "lower": "6"})):
        path = tmp_path / "bounds.json"
        path.write_text(bad, encoding="utf-8")
        monkeypatch.setattr(fewest_bounds, "FILE", path)
        fewest_bounds.bounds.cache_clear()
        answer = api.handle({"cmd": "binairo.fewest_clues", "size": 10})
        assert not answer["ok"] and "damaged" in answer["error"], bad[:40]
    fewest_bounds.bounds.cache_clear()


def test_the_lower_bound_holds_on_sampled_tasks() -> None:
    """Some of the record's k = 5 tasks, run again: no set of 5 givens with one solution."""
    record = fewest_bounds.bounds(10)
    k = record["lower"] - 1
    tasks = fewest_lower.tasks(10)
    for task in random.Random(7).sample(range(len(tasks) // 2, len(tasks)), 4):
        result = fewest_lower.run_task(10, k, task)
        assert result["unique"] == [] and result["tasks"] == len(tasks)


def test_every_set_is_covered_up_to_symmetry() -> None:
    """On 4x4, the tasks' sets of 2 givens with their 16 images are every set of 2."""
    n = 4
    maps = fewest_lower.grid_classes.cell_maps(n)
    covered = set()
    for m, c in fewest_lower.tasks(n):
        for dm in (0,):
            for dc in (0, 1):
                for target in maps:
                    cells = {target.index(m): dm, target.index(c): dc}
                    for flip in (0, 1):
                        covered.add(frozenset((x, d ^ flip) for x, d in cells.items()))
    every = {frozenset({(a, da), (b, db)}) for a in range(16) for b in range(a + 1, 16)
             for da in (0, 1) for db in (0, 1)}
    assert covered == every


def test_exact_minima_by_the_solver_match_the_full_search() -> None:
    """The 6x6 grid of the table's 5-clue example needs exactly 5; a limit of 4 finds none."""
    table = json.loads((ROOT / "web" / "puzzles" / "binairo" / "fewest-clues.json").read_text())
    six = next(s for s in table["sizes"] if s["size"] == 6)
    rows = six["solution"].split("/")
    grid = sum(int(ch) << (r * 6 + c) for r, line in enumerate(rows) for c, ch in enumerate(line))
    found, _, ended = fewest_upper.grid_minimum(grid, 6, 6)
    assert ended == "found" and found is not None and found.bit_count() == 5
    puzzle = fewest_upper.puzzle_of(grid, found, 6)
    assert len(solver.solutions(puzzle, limit=2)) == 1
    assert fewest_upper.grid_minimum(grid, 6, 4)[0] is None


def _table_clues(n: int) -> int:
    table = json.loads((ROOT / "web" / "puzzles" / "binairo" / "fewest-clues.json").read_text())
    return next(s["clues"] for s in table["sizes"] if s["size"] == n)


def test_the_local_search_reaches_the_6x6_minimum_of_the_full_search() -> None:
    """One seeded run of the local search (as tools/binairo_upper_bound.py --local
    runs it) finds a puzzle with the full search's fewest clues; the counter,
    not the solver the search used, confirms its one solution."""
    record = next(fewest_upper.local_runs(6, 1, 6000, 39))
    puzzle = Grid.parse(record["puzzle"])
    assert record["clues"] == puzzle.clue_count == _table_clues(6)
    assert count(puzzle) == 1


def test_the_local_search_refuses_only_what_has_a_second_solution() -> None:
    """Its cheap refusals (a kept difference set missed) agree with the solver on
    random sets of givens, and every kept set is a real one: the grid with it
    flipped keeps the rules."""
    rng = random.Random(3)
    n = 8
    grid = fewest_upper._grid_int(solver.random_solution(n, n, rng), n)
    search = fewest_upper.LocalSearch(grid, n, rng)
    for size in (8, 10, 12, 14, 16, 20, 24) * 12:
        givens = sum(1 << c for c in rng.sample(range(n * n), size))
        one = len(solver.solutions(fewest_upper.puzzle_of(grid, givens, n), limit=2)) == 1
        assert search.unique(givens) == one
    assert len(search.known) > len(search.differences.small(4))
    for differ in search.known:
        other = fewest_upper.puzzle_of(grid ^ differ, (1 << n * n) - 1, n)
        assert differ and len(solver.solutions(other, limit=1)) == 1


def test_the_local_search_goes_on_from_a_given_puzzle_never_above_it() -> None:
    """Started from a 7-clue 6x6 puzzle, a run ends with no more givens and one
    solution (by the counter); a start with two solutions is refused."""
    start = Grid.parse("6x6:b0c1h0a0f1i00")
    record = next(fewest_upper.local_runs(6, 1, 2000, 39, start=start))
    puzzle = Grid.parse(record["puzzle"])
    assert puzzle.clue_count == record["clues"] <= start.clue_count
    assert count(puzzle) == 1
    with pytest.raises(PuzzleError, match="exactly one solution"):
        fewest_upper.puzzle_cells(Grid.parse("6x6:b0c1h0a0f1i0a"))
