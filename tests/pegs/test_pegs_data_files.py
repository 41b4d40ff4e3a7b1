"""Large data files fetched on demand (peg solitaire's opening book and count
table): a request whose data file is absent reports what it needs (the web
worker then writes it and starts the request again), and the command line
says in one sentence that it is missing."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from puzzlelab import api, data_files, pegs
from puzzlelab.cli import main
from puzzlelab.pegs import book as pegs_book
from puzzlelab.pegs import count as pegs_count

BOOK = "pegs/data/english-central.book"
COUNTS = "pegs/data/english-central.counts"
#: The winning move sequences of the English central game (its census; tools/peg_levels.py).
ENGLISH_SOLUTIONS = 40_861_647_040_079_968


def forget_loaded_data() -> None:
    """Drop every memoised book, count table and solver (a solver keeps its book)."""
    for cached in (pegs.solver, pegs.opening_book, pegs_count.count_table, pegs_count.counter):
        cached.cache_clear()


@pytest.fixture
def empty_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The books' folder pointed at an empty directory, with nothing loaded yet."""
    forget_loaded_data()
    monkeypatch.setattr(pegs_book, "BOOK_DIR", tmp_path)
    yield tmp_path
    forget_loaded_data()  # later tests load the real files again


def run(request: dict) -> dict:
    """Step a job to its last report (a result or a need), checking that it then stays finished."""
    job = api.start(request)
    while True:
        report = job.step()
        if report["type"] != "progress":
            assert job.finished and job.step() == report
            return report


def copy_in(name: str, folder: Path) -> None:
    shutil.copy(data_files.ROOT / name, folder / Path(name).name)


def test_the_repository_has_the_data_files_where_python_reads_them() -> None:
    for name in (BOOK, COUNTS):
        assert (pegs.BOOK_DIR / Path(name).name) == data_files.ROOT / name
        assert data_files.require(data_files.ROOT / name, name).stat().st_size > 500_000


def test_a_peg_hint_needs_the_book_and_then_answers_as_usual(empty_data: Path) -> None:
    request = {"cmd": "pegs.hint", "grid": "english"}
    assert run(request) == {"type": "need", "file": BOOK, "path": str(empty_data / Path(BOOK).name),
                            "what": "the peg opening book"}
    # Nothing remembered the failure: once the file is there, a new job answers.
    copy_in(BOOK, empty_data)
    answer = run(request)
    assert answer["ok"], answer
    forget_loaded_data()
    pegs_book.BOOK_DIR = data_files.ROOT / pegs_book.BOOK_FOLDER  # (monkeypatch restores it)
    assert run(request) == answer
    # The hint is a legal jump that keeps the game winnable: a search without
    # the book plays on from it to the central peg.
    start = pegs.Position.parse("english")
    after = start.play(start.find_move(*map(tuple, answer["result"]["move"])))
    search = pegs.Solver(after.geo, pegs.parse_goal(after.geo, None))
    search.book = None
    pos = after
    for move in search.solve(after.pegs):
        pos = pos.play(move)
    assert pos.pegs == 1 << pos.geo.centre


def test_a_peg_count_needs_the_book_then_the_count_table(empty_data: Path) -> None:
    request = {"cmd": "pegs.count", "grid": "english"}
    assert run(request)["file"] == BOOK
    copy_in(BOOK, empty_data)
    assert run(request) == {"type": "need", "file": COUNTS,
                            "path": str(empty_data / Path(COUNTS).name),
                            "what": "the peg count table"}
    copy_in(COUNTS, empty_data)
    answer = run(request)
    assert answer["ok"] and answer["result"]["solutions"] == ENGLISH_SOLUTIONS


def test_requests_of_other_games_need_no_data_file(empty_data: Path) -> None:
    for request in (
        {"cmd": "pegs.hint", "grid": "french"},
        {"cmd": "pegs.status", "grid": "./oo/ooo/oooo/ooooo", "goal": "any"},
        {"cmd": "pegs.hint", "grid": "english", "goal": "0,2"},  # not the booked game
        {"cmd": "lightsout.hint", "game": "5x5:bb6ae98"},
        {"cmd": "binairo.hint", "game": "6x6:0a0b0c1d0e1d0d1c0a"},
    ):
        answer = run(request)
        assert answer["type"] == "result" and answer["ok"], (request, answer)


def test_handle_and_the_command_line_say_in_one_sentence_that_the_file_is_missing(
    empty_data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    response = api.handle({"cmd": "pegs.solve", "grid": "english"})
    assert response["ok"] is False and BOOK in response["error"]
    assert main(["pegs", "solve", "english"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.count(". ") == 0 and err.rstrip().endswith(".")
    assert BOOK in err and str(empty_data) in err
