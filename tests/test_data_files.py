"""Large data files fetched on demand: a request whose data file is absent
reports what it needs (the web worker then writes it and starts the request
again), and the command line says in one sentence that it is missing."""

from __future__ import annotations

import shutil
from pathlib import Path

from puzzlelab import api, data_files

#: The winning move sequences of the English central game (its census; tools/peg_levels.py).
ENGLISH_SOLUTIONS = 40_861_647_040_079_968


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
