"""The fewest clues of any binary puzzle (binairo fewest-clues), checked.

Two independent methods must agree: the minimum hitting set per grid class
(puzzlelab.binairo.fewest_clues) and the plain search over sets of cells
(puzzlelab.binairo.cell_sets). Every example puzzle is replayed through the
solver and the counter; the grid lists are checked against a brute force; the
native runs (tasks resumed from a work folder, worker processes, Dask) must
give the search's answer; the CLI and the API refuse what cannot run in one
sentence.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from puzzlelab import api, binairo, records
from puzzlelab.binairo import (
    Grid,
    cell_sets,
    fewest_clues,
    fewest_clues_dask,
    fewest_clues_native,
    fewest_tasks,
    grid_classes,
)
from puzzlelab.binairo import count as binairo_count
from puzzlelab.cli import main
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

np = pytest.importorskip("numpy")

ROOT = Path(__file__).resolve().parents[2]
#: Valid grids (OEIS A253316) and classes under the 16 symmetries.
GRIDS = {2: 2, 4: 72, 6: 4140}
CLASSES = {2: 1, 4: 10, 6: 321}
#: How far the search over sets of cells runs here: 6x6 with 6 cells takes
#: about 8 s (bench/bench_binairo_fewest.py times it), so the tests stop at the
#: minimum, 5.
CELL_SETS_UP_TO = {2: 4, 4: 6, 6: 5}
#: The answer's keys that depend on how it was run, not on what it found.
HOW = ("seconds", "estimated_seconds", "engine", "resumed_tasks", "tasks", "work", "ran_tasks",
       "ignored_files")


def _same(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in HOW}


@pytest.fixture(scope="module")
def hitting() -> dict[int, dict]:
    """The hitting-set answer in this process, for 2x2, 4x4 and 6x6 (numpy)."""
    return {n: finish(fewest_clues.fewest_clues_steps(n)) for n in GRIDS}


@pytest.fixture(scope="module")
def by_cells() -> dict[int, dict]:
    """The search over sets of cells, for 2x2, 4x4 and 6x6."""
    return {n: cell_sets.fewest_by_cell_sets(n, CELL_SETS_UP_TO[n]) for n in GRIDS}


def _solution_classes(answer: dict) -> list[int]:
    """The classes (representatives) of the solutions of the answer's puzzles at
    the minimum, each checked to have exactly one solution on the way."""
    return _classes_of(answer["size"], answer["clues"], tuple(answer["puzzles_at_minimum"]))


@cache
def _classes_of(n: int, clues: int, puzzles: tuple[str, ...]) -> list[int]:
    classes = set()
    for puzzle in puzzles:
        rows = _check_unique(puzzle, clues)
        classes.add(grid_classes.canonical(sum(row << (r * n) for r, row in enumerate(rows)), n))
    return sorted(classes)


# --- two methods ---------------------------------------------------------------


@pytest.mark.parametrize("n", sorted(GRIDS))
def test_the_two_methods_agree(n, hitting, by_cells):
    answer, cells = hitting[n], by_cells[n]
    assert answer["clues"] == cells["clues"] == {2: 1, 4: 4, 6: 5}[n]
    # Every class at the minimum has its puzzle listed (fewer than 50 of them here).
    assert len(answer["puzzles_at_minimum"]) == answer["grids_at_minimum"]
    assert _solution_classes(answer) == cells["classes_at_minimum"]
    # The hitting sets count classes by their exact fewest; the sets of cells by
    # "at most k" (a grid alone on k cells is alone on any k + 1 that hold them).
    running = 0
    cumulative = {}
    for k in range(1, n * n + 1):
        running += answer["by_clues"].get(str(k), 0)
        cumulative[str(k)] = running
    assert {k: cumulative[k] for k in cells["by_clues"]} == cells["by_clues"]
    assert running == CLASSES[n]  # every class has some puzzle


def test_cell_sets_standard_library_and_numpy_agree():
    for n in (2, 4):
        pure = cell_sets.fewest_by_cell_sets(n, 6, use_numpy=False)
        fast = cell_sets.fewest_by_cell_sets(n, 6, use_numpy=True)
        assert _same(pure) == _same(fast)


def test_cell_sets_take_one_set_per_orbit():
    for n, k in ((4, 3), (4, 4), (6, 3)):
        pure = cell_sets.canonical_sets_pure(n, k)
        fast = [tuple(int(c) for c in row) for row in cell_sets.canonical_sets_numpy(n, k)]
        assert pure == fast
        # Each orbit once: the orbits of the kept sets cover every set exactly.
        maps = grid_classes.cell_maps(n)
        covered = set()
        for cells in pure:
            mask = sum(1 << c for c in cells)
            orbit = {grid_classes.image(mask, target) for target in maps}
            assert not orbit & covered
            covered |= orbit
        assert len(covered) == len(cell_sets.all_sets_numpy(n * n, k))


def test_cell_sets_refuse_what_they_cannot_take():
    for n, message in ((5, "even sides"), (8, "out of reach"), (0, "even sides")):
        with pytest.raises(PuzzleError, match=message):
            cell_sets.fewest_by_cell_sets(n)
    with pytest.raises(PuzzleError, match="only with numpy"):
        cell_sets.fewest_by_cell_sets(6, use_numpy=False)


# --- the example puzzles ------------------------------------------------------------


def _check_unique(puzzle: str, clues: int) -> list[int]:
    """The puzzle's one solution by the solver, after the counter agrees it has one."""
    grid = Grid.parse(puzzle)
    assert grid.clue_count == clues
    assert binairo_count.count(grid) == 1
    (solution,) = binairo.solutions(grid, 2)
    text = binairo.rows_text(solution, grid.cols)
    assert binairo.is_solution(text)
    assert all(given in (".", digit) for row, rows in zip(puzzle.split("/"), text, strict=True)
               for given, digit in zip(row, rows, strict=True))
    return solution


@pytest.mark.parametrize("n", sorted(GRIDS))
def test_every_example_puzzle_has_one_solution(n, hitting, by_cells):
    answer = hitting[n]
    clues = answer["clues"]
    solution = _check_unique(answer["puzzle"], clues)
    assert binairo.rows_text(solution, n) == answer["solution"].split("/")
    assert answer["puzzle"] in answer["puzzles_at_minimum"]
    # One puzzle per class at the minimum, each with one solution.
    assert len(_solution_classes(answer)) == answer["grids_at_minimum"]
    assert sum(len(set(grid_classes.images(rep, n)))
               for rep in _solution_classes(answer)) == answer["grids_at_minimum_all"]
    _check_unique(by_cells[n]["example"], clues)


# --- the grid lists -------------------------------------------------------------


def _brute_force_grids(n: int) -> list[int]:
    """Every n x n grid of 2**(n*n) that keeps the three rules, written out plainly."""
    def line_ok(digits: list[int]) -> bool:
        if sum(digits) * 2 != n:
            return False
        return not any(digits[i] == digits[i + 1] == digits[i + 2] for i in range(n - 2))

    found = []
    for grid in range(1 << (n * n)):
        rows = [[(grid >> (r * n + c)) & 1 for c in range(n)] for r in range(n)]
        columns = [[rows[r][c] for r in range(n)] for c in range(n)]
        if (all(line_ok(line) for line in rows + columns)
                and len({tuple(r) for r in rows}) == n == len({tuple(c) for c in columns})):
            found.append(grid)
    return found


def test_the_grid_lists():
    for n in GRIDS:
        grids = grid_classes.grids_pure(n)
        assert len(grids) == GRIDS[n]
        assert list(grid_classes.grids_numpy(n)) == list(grids)
        reps, sizes = grid_classes.classes_pure(n)
        assert len(reps) == CLASSES[n] and sum(sizes) == GRIDS[n]
        fast_reps, fast_sizes = grid_classes.classes_numpy(grid_classes.grids_numpy(n), n)
        assert list(fast_reps) == list(reps) and list(fast_sizes) == list(sizes)
        assert all(16 % size == 0 for size in sizes)
    assert _brute_force_grids(4) == list(grid_classes.grids_pure(4))
    assert _brute_force_grids(2) == list(grid_classes.grids_pure(2))


@pytest.fixture(scope="module")
def pure() -> dict[int, dict]:
    """The hitting-set answers on the standard library alone (numpy hidden)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(fewest_clues, "numpy_or_none", lambda: None)
        patch.setattr(fewest_clues, "_LOADED", {})
        answers = {n: finish(fewest_clues.fewest_clues_steps(n)) for n in GRIDS}
        assert not any(grids.numpy for grids in fewest_clues._LOADED.values())
    assert all(a["engine"] == "Python, standard library" for a in answers.values())
    return answers


def test_standard_library_and_numpy_give_the_same_answer(pure, hitting):
    for n, answer in pure.items():
        fast = hitting[n]
        assert (_same({**answer, "puzzles_at_minimum": []})
                == _same({**fast, "puzzles_at_minimum": []}))
        # The same classes at the minimum, each with a puzzle of the fewest clues.
        assert _solution_classes(answer) == _solution_classes(fast)


# Ties between equally small hitting sets are broken by value, not by arrival order.
def test_standard_library_and_numpy_give_the_same_example_puzzles(pure, hitting):
    for n, answer in pure.items():
        assert answer["puzzles_at_minimum"] == hitting[n]["puzzles_at_minimum"]


# --- native runs: resume, processes, Dask ----------------------------------------


def test_an_interrupted_run_resumes_from_its_intact_tasks(tmp_path, monkeypatch, hitting):
    monkeypatch.setitem(fewest_clues.TASKS, 6, 5)
    work = tmp_path / "work"
    # The first run on two worker processes: the same answer as in this process.
    first = finish(fewest_clues_native.run_steps(6, None, str(work), 2, None))
    assert first["engine"].startswith("2 worker processes")
    assert first["resumed_tasks"] == 0 and first["tasks"] == 5
    assert _same(first) == _same(hitting[6])
    files = sorted(work.glob("*.jsonl"))
    assert [f.name for f in files] == [fewest_tasks.task_file(work, 6, 36, t, 5).name
                                       for t in range(5)]
    # A run cut short: task 1 never written, task 3 half written; task 4's file
    # holds a run with another bound (5: it lists only the classes at 5), and
    # that run's task 2 lies beside it under its own name.
    files[1].unlink()
    files[3].write_text(files[3].read_text()[:40])
    grids = fewest_clues.load(6)
    other = fewest_clues.run_task(6, 5, 4, 5)
    files[4].write_bytes(records.encode_record(fewest_tasks.KIND, fewest_tasks.FORMAT,
                                               fewest_tasks.task_params(grids, 5, 4, 5), other))
    fewest_tasks.write_task(work, grids, fewest_clues.run_task(6, 5, 2, 5))
    ran = []
    real = fewest_clues.run_task

    def recording(n, bound, task, tasks):
        ran.append(task)
        return real(n, bound, task, tasks)

    monkeypatch.setattr(fewest_clues, "run_task", recording)
    second = finish(fewest_clues_native.run_steps(6, None, str(work), 1, None))
    assert sorted(ran) == [1, 3, 4]
    assert second["resumed_tasks"] == 2 and len(second["ignored_files"]) == 2
    assert _same(second) == _same(first)
    # Every task is whole again: a third run resumes them all and runs none.
    ran.clear()
    third = finish(fewest_clues_native.run_steps(6, None, str(work), 1, None))
    assert ran == [] and third["resumed_tasks"] == 5 and _same(third) == _same(first)


def test_dask_local_cluster_gives_the_same_answer(monkeypatch, hitting):
    pytest.importorskip("dask.distributed", reason="dask[distributed] is not installed")
    monkeypatch.setitem(fewest_clues.TASKS, 6, 5)
    answer = finish(fewest_clues_native.run_steps(6, None, None, 2, "local"))
    assert answer["engine"].startswith("Dask, a local cluster of 2 processes")
    assert _same(answer) == _same(hitting[6])


# --- the command line and the API -------------------------------------------------


def _run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1")
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)


def cli(*argv: str) -> tuple[int, str, str]:
    """``cli.main(argv)`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def one_line_error(code: int, out: str, err: str) -> str:
    """The one line of a refusal (exit 2, nothing on stdout, no traceback)."""
    assert code == 2 and out == "", (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and "Internal error" not in err
    return lines[0]


def test_cli_json(hitting):
    done = _run("binairo", "fewest-clues", "4", "--json")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    (line,) = done.stdout.splitlines()
    answer = json.loads(line)
    assert {"clues", "puzzle", "grids_at_minimum", "seconds"} <= answer.keys()
    assert _same(answer) == _same(hitting[4])


def test_cli_text():
    code, out, err = cli("binairo", "fewest-clues", "4")
    assert code == 0 and err == ""
    assert "The fewest clues of any 4x4 puzzle with one solution: 4," in out
    assert "10 classes (72 grids) have a puzzle that small" in out


@pytest.mark.parametrize("argv, message", [
    (("10", "--workers", "2"), "10x10 answers from its proven bounds"),
    (("12",), "12x12 is out of reach"),
    (("5",), "5 is not one"),
    (("7", "--workers", "2"), "7 is not one"),
    (("1000",), "above the limit of 16"),
    (("0",), "below the minimum of 2"),
    (("six",), "must be a whole number"),
    (("4", "--bound", "0"), "--bound is 0, below the minimum of 1"),
    (("4", "--bound", "x"), "--bound must be a whole number"),
    (("4", "--workers", "0"), "--workers is 0, below the minimum of 1"),
    (("4", "--workers", "1e9"), "--workers"),
    (("6", "--bound", "4"), "No 6x6 class has a puzzle of at most 4 clues"),
])
def test_cli_refusals_are_one_sentence(argv, message):
    line = one_line_error(*cli("binairo", "fewest-clues", *argv))
    assert message in line
    assert line.count(". ") == 0 or "e.g." in line  # one sentence


def test_cli_refusal_in_a_real_process_has_no_traceback():
    for argv in (("12",), ("10", "--dask", "local"), ("4", "--workers", "-1")):
        done = _run("binairo", "fewest-clues", *argv)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr


def test_the_api(hitting):
    for n in (2, 4):
        reply = api.handle({"cmd": "binairo.fewest_clues", "size": n})
        assert reply["ok"], reply
        assert _same(reply["result"]) == _same(hitting[n])
    reply = api.handle({"cmd": "binairo.fewest_clues", "size": 12})
    assert not reply["ok"] and "out of reach" in reply["error"]
    # 10x10: the proven bounds (tests/test_fewest_bounds.py checks them).
    reply = api.handle({"cmd": "binairo.fewest_clues", "size": 10})
    assert reply["ok"] and reply["result"]["lower"] <= reply["result"]["upper"]


@pytest.mark.parametrize("extra", [{"work": "runs"}, {"workers": 2}, {"dask": "local"}])
def test_the_page_refuses_native_options(monkeypatch, extra):
    monkeypatch.setattr(sys, "platform", "emscripten")
    reply = api.handle({"cmd": "binairo.fewest_clues", "size": 4, **extra})
    assert not reply["ok"]
    assert reply["error"].startswith("Work folders, worker processes and Dask run natively only")
    assert len(reply["error"].rstrip(".").split(". ")) == 1
    # Without them the page runs the search in its one process.
    reply = api.handle({"cmd": "binairo.fewest_clues", "size": 4})
    assert reply["ok"] and reply["result"]["engine"].startswith("Pyodide")


def test_a_search_projected_over_the_time_limit_is_refused_up_front(monkeypatch, tmp_path):
    def too_long(grids, bound):
        return 10 * fewest_clues.TIME_LIMIT
        yield  # a generator, as the real estimate

    monkeypatch.setattr(fewest_clues, "estimate_steps", too_long)
    with pytest.raises(PuzzleError, match=r"would take about .* more than the limit"):
        finish(fewest_clues.fewest_clues_steps(6))
    work = tmp_path / "work"
    # 6x6 is one task: two workers asked for, one would run it (and says so).
    with pytest.raises(PuzzleError, match=r"on 1 worker here, more than the limit"):
        finish(fewest_clues_native.run_steps(6, None, str(work), 2, None))
    monkeypatch.setitem(fewest_clues.TASKS, 6, 5)
    with pytest.raises(PuzzleError, match=r"on 2 workers here, more than the limit"):
        finish(fewest_clues_native.run_steps(6, None, str(work), 2, None))
    assert not work.exists()  # refused before any task ran: nothing made


def test_the_time_projection_times_real_classes():
    # Not compared between bounds: timings on a shared machine only get a benchmark.
    assert finish(fewest_clues.estimate_steps(fewest_clues.load(6), 5)) > 0


def test_8x8_is_refused_up_front_where_memory_is_short(monkeypatch):
    monkeypatch.setattr(fewest_clues.limits, "memory_limit", lambda: 1024**3)
    assert "of memory" in fewest_clues.refusal(8, True)
    assert fewest_clues.refusal(6, True) is None


def test_a_dask_address_with_no_scheduler_is_one_sentence(monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(fewest_clues_dask, "CONNECT_SECONDS", 1)
    with pytest.raises(PuzzleError, match=r"No Dask scheduler answered at 'tcp://127\.0\.0\.1:9'"):
        finish(fewest_clues_native.run_steps(4, None, None, 1, "tcp://127.0.0.1:9"))
