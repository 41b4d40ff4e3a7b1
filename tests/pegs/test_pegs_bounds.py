"""Long peg commands stay bounded and cancellable: progress at least every 0.5 s,
driven through the api as the page's worker drives them, and memory bounds that
stop a census with a label saying what was computed."""

from __future__ import annotations

import sys

import pytest

from job_gaps import longest_gap
from puzzlelab import api, limits, pegs
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import census_common

try:
    from puzzlelab.pegs import census_numpy as pegs_numpy
except ImportError:  # pragma: no cover - numpy is in requirements-dev.txt
    pegs_numpy = None

LONGEST_GAP = 0.5  # seconds between two reports, natively
ENGLISH = pegs.standard_start("english").grid
WIEGLEB = pegs.standard_start("wiegleb").grid
BIG = "/".join(["o" * 8] * 7) + "/" + "o" * 7 + "."  # 64 holes, a corner empty


@pytest.mark.parametrize("request_", [
    # A count whose levels grow until it says it is out of reach (Diamond's usual game).
    {"cmd": "pegs.count", "grid": pegs.classic_game("diamond")[0].grid, "goal": "6,4"},
    # The pure census of the first English levels, forward pass.
    {"cmd": "pegs.census", "board": "english", "engine": "python", "max_classes": 100_000},
    # The pure census of a whole small game, backward pass included.
    {"cmd": "pegs.census", "board": "triangle", "goal": "any", "engine": "python"},
    # Searches with a goal table to build first ("any" on the English board).
    {"cmd": "pegs.solve", "grid": ENGLISH, "goal": "any"},
    {"cmd": "pegs.hint", "grid": ENGLISH, "goal": "any"},
    {"cmd": "pegs.status", "grid": WIEGLEB, "goal": "any", "budget": 200_000},
    # A search on a 64-hole board.
    {"cmd": "pegs.solve", "grid": BIG, "goal": "any"},
], ids=["count-diamond", "census-python", "census-triangle", "solve", "hint", "status",
        "solve-64"])
def test_long_peg_commands_report_progress_often(request_):
    gap, _, reports = longest_gap(request_, run_for=4.0)
    assert gap < LONGEST_GAP, (gap, reports)


@pytest.mark.skipif(pegs_numpy is None, reason="numpy is not installed")
def test_the_numpy_census_reports_progress_often():
    gap, last, reports = longest_gap({"cmd": "pegs.census", "board": "english",
                                      "engine": "numpy", "max_classes": 600_000}, run_for=20.0)
    assert gap < LONGEST_GAP, (gap, reports)
    assert last is not None and not last["result"]["complete"]


@pytest.mark.parametrize("engine", ["python", "numpy"])
def test_a_census_past_its_memory_stops_with_a_label(monkeypatch, engine):
    if engine == "numpy" and pegs_numpy is None:
        pytest.skip("numpy is not installed")
    monkeypatch.setattr(census_common, "census_memory", lambda: 5_000_000)
    result = api.handle({"cmd": "pegs.census", "board": BIG, "goal": "any", "engine": engine})
    assert result["ok"], result
    census = result["result"]
    assert not census["complete"] and census["stopped"].startswith("Stopped before level")
    assert "over the 5 MB a census may use" in census["note"]
    depth = len(census["levels"])
    assert f"cover levels 0 to {depth - 1}" in census["stopped"]
    # The levels it kept are whole: the first ones of a 64-hole board, checked by hand.
    assert [lv["positions"] for lv in census["levels"][:2]] == [1, 2]


def test_census_memory_where_it_runs():
    assert census_common.census_memory() >= 500_000_000


def test_one_function_chooses_the_census_engine_and_says_why(monkeypatch):
    python = pegs_census.choose_engine("python")
    assert (python.name, python.note, python.steps) == ("python", "", pegs_census.census_steps)
    if pegs_numpy is not None:
        numpy = pegs_census.choose_engine("auto")
        assert (numpy.name, numpy.note, numpy.steps) == ("numpy", "", pegs_numpy.census_steps)
    # numpy unimportable: auto falls back and says why (the worker's reason when it
    # gives one); the numpy engine asked for by name is refused with the reason.
    monkeypatch.setitem(sys.modules, "numpy", None)
    monkeypatch.delitem(sys.modules, "puzzlelab.pegs.census_numpy", raising=False)
    monkeypatch.delattr(pegs, "census_numpy", raising=False)
    fallback = pegs_census.choose_engine("auto")
    assert (fallback.name, fallback.steps) == ("python", pegs_census.census_steps)
    assert fallback.note == "numpy is not available: the pure Python engine ran."
    worker = pegs_census.choose_engine("auto", "micropip could not load numpy")
    assert worker.note == "micropip could not load numpy: the pure Python engine ran."
    with pytest.raises(PuzzleError, match=r"^The numpy engine cannot run here: numpy is not "
                                          r"available\.$"):
        pegs_census.choose_engine("numpy")


def test_the_census_engine_choice_leaves_numpy_unloaded_without_room_for_it(monkeypatch):
    monkeypatch.delitem(sys.modules, "numpy", raising=False)  # as if not loaded yet
    monkeypatch.setattr(limits, "memory_headroom", lambda: 50_000_000)
    low = pegs_census.choose_engine("auto")
    assert low.name == "python"
    assert low.note == ("numpy needs about 150 MB to load, more than the 50 MB left here: "
                        "the pure Python engine ran.")
    assert "numpy" not in sys.modules
    with pytest.raises(PuzzleError, match=r"^The numpy engine cannot run here: numpy needs about "
                                          r"150 MB to load, more than the 50 MB left here"):
        pegs_census.choose_engine("numpy")
