"""Counting partly filled grids from Simon Tatham's Unruly generator.

``tests/data/unruly_grids.jsonl`` is written by ``tools/unruly_gen/make_fixtures.py``:
puzzles that Tatham's own generator made (unique rows and columns, sizes 6x6 to
16x16, Easy and Normal, seeded), with givens removed in a seeded order until
the tool's exhaustive C counter (``tools/unruly_gen/referee.c``) found about a
target number of solutions (6 to about 86,000); its count is stored beside each
grid. Here every stored grid must come from its game ID, ``binairo_count``
must give the stored count, and a Python counter written apart from both
(``count_rows`` in ``tests/binairo/referees.py``) must agree on the grids it counts
within a second or so (it tries rows top to bottom and needs minutes for some
of the big ones). ``PUZZLELAB_SLOW=1`` has ``binairo_count`` count the big grids
too (about half a minute more; ``bench/bench_binairo.py --only tatham`` times
them all).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from referees import count_brute, count_rows, partial

from puzzlelab.binairo import Grid
from puzzlelab.binairo.count import count

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = [json.loads(line) for line in
            (ROOT / "tests" / "data" / "unruly_grids.jsonl").read_text().splitlines()]
SLOW = os.environ.get("PUZZLELAB_SLOW", "") not in ("", "0")


def _tool():
    path = ROOT / "tools" / "unruly_gen" / "make_fixtures.py"
    spec = importlib.util.spec_from_file_location("make_fixtures", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _name(fixture: dict) -> str:
    return f"{fixture['params']}-{fixture['seed']}-{fixture['solutions']}"


def _quick(fixture: dict) -> bool:
    """Grids counted by default: up to 12x12, and the bigger ones with few solutions
    (each well under a second natively; the others take 1 to 9 s)."""
    side = int(fixture["params"].split("x")[0])
    return side <= 12 or fixture["solutions"] < 1000


def test_the_fixtures_span_the_sizes_difficulties_and_counts():
    sizes = {int(f["params"].split("x")[0]) for f in FIXTURES}
    assert sizes == {6, 8, 10, 12, 14, 16}
    assert {f["params"][-1] for f in FIXTURES} == {"e", "n"}
    counts = [f["solutions"] for f in FIXTURES]
    assert min(counts) < 20 and max(counts) > 50_000


def test_each_grid_is_its_tatham_puzzle_with_givens_removed():
    decode = _tool().decode
    for fixture in FIXTURES:
        params, desc = fixture["game_id"].split(":")
        assert params == fixture["params"]
        puzzle = decode(params, desc)
        assert puzzle == fixture["puzzle"]
        grid = fixture["grid"]
        assert len(grid) == len(puzzle)
        removed = 0
        for kept, given in zip(grid, puzzle, strict=True):
            assert kept in (given, ".")
            removed += kept != given
        assert removed > 0 or fixture["solutions"] == 1


@pytest.mark.parametrize("fixture", [f for f in FIXTURES if SLOW or _quick(f)], ids=_name)
def test_binairo_count_gives_the_c_referees_count(fixture):
    assert count(Grid.parse(fixture["grid"])) == fixture["solutions"]


def _referee_quick(fixture: dict) -> bool:
    """Grids the plain Python counter does in about a second: few solutions, or small.
    (It tries rows top to bottom: a 14x14 with 941 solutions takes it minutes.)"""
    side = int(fixture["params"].split("x")[0])
    return fixture["solutions"] <= 100 or (side <= 10 and fixture["solutions"] <= 1000)


@pytest.mark.parametrize("fixture", [f for f in FIXTURES if _referee_quick(f)], ids=_name)
def test_the_python_referee_agrees_with_the_c_referee(fixture):
    assert count_rows(Grid.parse(fixture["grid"])) == fixture["solutions"]


@pytest.mark.parametrize("seed", range(12))
def test_the_python_referee_agrees_with_brute_force(seed):
    rng = random.Random(seed)
    rows, cols = rng.choice([(4, 4), (6, 6), (4, 6), (6, 4), (8, 6)])
    grid = partial(rows, cols, rng, rng.choice([0.0, 0.2, 0.4]) if rows * cols < 48 else 0.4)
    assert count_rows(grid) == count_brute(grid)


@pytest.mark.skipif(shutil.which("gcc") is None, reason="needs gcc to build the C referee")
def test_the_c_referee_counts_empty_grids_as_a253316(tmp_path):
    binary = tmp_path / "referee"
    subprocess.run(["gcc", "-O2", "-o", str(binary),
                    str(ROOT / "tools" / "unruly_gen" / "referee.c")], check=True)
    grids = "".join("/".join(["." * n] * n) + "\n" for n in (2, 4, 6))
    out = subprocess.run([str(binary)], input=grids, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["2", "72", "4140"]
    # With a limit it stops past it (the fixture tool's trials).
    out = subprocess.run([str(binary), "100"], input=grids, capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["2", "72", "101"]
