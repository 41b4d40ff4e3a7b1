"""`python -m puzzlelab` run as a real subprocess from the repository root."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab import lightsout
from puzzlelab.lightsout import Board, toggled_by

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None, python_args: tuple[str, ...] = ()):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1")
    return subprocess.run(
        [sys.executable, *python_args, "-m", "puzzlelab", *args],
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def solve_json(grid_argument: str, stdin: str | None = None) -> dict:
    done = run("lightsout", "solve", grid_argument, "--json", stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == 1  # one JSON object on one line
    result = json.loads(lines[0])
    assert isinstance(result, dict)
    return result


def presses_of(result: dict, cols: int) -> int:
    return sum(1 << (r * cols + c) for r, c in result["presses"])


def test_solve_json():
    board = Board.parse("11111/11111/11111/11111/11111")
    result = solve_json(board.grid)
    assert result["solvable"] is True
    assert result["press_count"] == 15 == len(result["presses"])
    assert result["kernel_dimension"] == 2
    assert board.apply(presses_of(result, 5)).lights == 0


def test_solve_json_game_id_of_a_rectangle():
    board = lightsout.random_solvable(7, 12, random.Random(4))
    result = solve_json(board.game_id)
    assert result["solvable"] is True and result["game"] == board.game_id
    assert board.apply(presses_of(result, board.cols)).lights == 0
    assert result["kernel_dimension"] == lightsout.kernel_dimension(7, 12)


def test_solve_json_unsolvable():
    board = Board.parse("10000/00000/00000/00000/00000")
    result = solve_json(board.grid)
    assert result["solvable"] is False
    assert result["presses"] == [] and result["press_count"] is None
    assert result["kernel_dimension"] == 2
    conflict = presses_of({"presses": result["conflict"]}, 5)
    assert toggled_by(conflict, 5, 5) == 0 and (conflict & board.lights).bit_count() % 2 == 1


def test_solve_from_a_file(tmp_path):
    board = lightsout.random_solvable(60, 60, random.Random(60))
    path = tmp_path / "board.txt"
    path.write_text(board.grid.replace("/", "\n") + "\n", encoding="utf-8")
    result = solve_json(f"@{path}")
    assert result["solvable"] is True and result["game"] == board.game_id
    assert board.apply(presses_of(result, 60)).lights == 0


def test_solve_from_stdin():
    board = lightsout.random_solvable(60, 60, random.Random(61))
    result = solve_json("-", stdin=board.grid.replace("/", "\n") + "\n")
    assert result["solvable"] is True
    assert board.apply(presses_of(result, 60)).lights == 0


def test_solve_text_output_marks_the_presses():
    done = run("lightsout", "solve", "11111/11111/11111/11111/11111")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "5x5 board, 25 lit." in out
    assert "fewest takes 15 presses" in out
    board_lines = [line for line in out.splitlines() if len(line) == 9 and line[1::2] == "    "]
    assert len(board_lines) == 5
    marks = "".join(line[::2] for line in board_lines)
    assert marks.count("X") == 15
    # Unmarked cells show the board: every cell of the all-lit board is 1 or X.
    assert set(marks) == {"X", "1"}
    pressed = sum(1 << i for i, mark in enumerate(marks) if mark == "X")
    assert Board.parse("5x5:ffffff8").apply(pressed).lights == 0
    assert "Kernel dimension: 2." in out


def test_solve_text_output_unsolvable():
    done = run("lightsout", "solve", "10000/00000/00000/00000/00000")
    assert done.returncode == 0, done.stderr
    assert "cannot be solved" in done.stdout and "X" not in done.stdout


@pytest.mark.parametrize(
    "argument, message",
    [
        ("102/010", "Unexpected character '2'"),
        ("101/01", "not rectangular"),
        ("5x5:fff", "hex digits"),
        ("0x5:", "out of range"),
        ("", "empty"),
        ("@/nonexistent/board.txt", "Cannot read the grid file"),
    ],
)
def test_malformed_input_is_one_line_on_stderr_and_exit_2(argument, message):
    done = run("lightsout", "solve", argument, "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and message in lines[0]


def test_grid_file_that_is_not_text(tmp_path):
    path = tmp_path / "board.bin"
    path.write_bytes(b"\xff\xfe10/01")
    done = run("lightsout", "solve", f"@{path}")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [f"error: The grid file {str(path)!r} is not UTF-8 text."]


def test_malformed_stdin():
    done = run("lightsout", "solve", "-", stdin="10/1\n")
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "not rectangular" in done.stderr


def test_random_is_reproducible_and_solvable():
    first = run("lightsout", "random", "6", "8", "--seed", "5", "--json")
    again = run("lightsout", "random", "6", "8", "--seed", "5", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    state = json.loads(first.stdout)
    assert (state["rows"], state["cols"]) == (6, 8)
    assert solve_json(state["game"])["solvable"] is True
    text = run("lightsout", "random", "3", "--seed", "5")
    lines = text.stdout.splitlines()
    assert lines[0].startswith("3x3:") and lines[1:] == [
        " ".join(row) for row in Board.parse(lines[0]).grid.split("/")
    ]


@pytest.mark.parametrize("shape", [("0",), ("5", "0"), ("1001",), ("-3", "4")])
def test_random_rejects_bad_shapes(shape):
    done = run("lightsout", "random", *shape)
    assert done.returncode == 2
    assert done.stdout == "" and len(done.stderr.splitlines()) == 1
    assert "out of range" in done.stderr


def test_version():
    done = run("--version")
    assert done.returncode == 0 and done.stdout.startswith("puzzlelab ")


def test_runs_on_the_standard_library_alone(tmp_path):
    # Make numpy unimportable, run the CLI in-process, and check nothing slipped in.
    script = (
        "import sys\n"
        "sys.modules['numpy'] = None\n"
        "from puzzlelab.cli import main\n"
        "code = main(['lightsout', 'solve', '11111/11111/11111/11111/11111', '--json'])\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'numpy')\n"
        "assert loaded == ['numpy'] and sys.modules['numpy'] is None, loaded\n"
        "sys.exit(code)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1")
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["press_count"] == 15


def test_analyse_text_of_a_board_proven_by_counting():
    """All-lit 40x40 torus: 320 presses (the 5x5 perfect code tiled) meet the
    counting bound, so they are proven; the tied solutions are not counted."""
    board = Board(40, 40, (1 << 1600) - 1, lightsout.Variant("cross", True))
    done = run("lightsout", "analyse", board.game_id)
    assert done.returncode == 0, done.stderr
    assert "Fewest presses: 320." in done.stdout
    assert "None" not in done.stdout


def test_a_reader_that_stops_early_gets_no_traceback():
    game = json.loads(run("lightsout", "random", "150", "--seed", "1", "--json").stdout)["game"]
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1")
    # The answer (about 120 kB) outgrows the pipe; the reader takes a byte and goes.
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlelab", "lightsout", "solve", game, "--json"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env,
    )
    assert child.stdout.read(1) == b"{"
    child.stdout.close()
    stderr = child.stderr.read().decode()
    child.stderr.close()
    assert child.wait(timeout=60) == 1
    assert stderr == ""
