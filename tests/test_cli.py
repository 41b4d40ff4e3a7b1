"""The command line: `python -m puzzlelab` as a real subprocess, and `cli.main` in-process."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab import api, lightsout, terminal
from puzzlelab.cli import VERBS, main
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


@pytest.mark.parametrize("shape, message", [
    (("0",), "ROWS is 0, below the minimum of 1."),
    (("5", "0"), "COLS is 0, below the minimum of 1."),
    (("1001",), "ROWS is 1001, above the limit of 1000."),
    (("-3", "4"), "ROWS is -3, below the minimum of 1."),
])
def test_random_rejects_bad_shapes(shape, message):
    done = run("lightsout", "random", *shape)
    assert done.returncode == 2
    assert done.stdout == "" and done.stderr == f"error: {message}\n"


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


# --- in-process runs ---------------------------------------------------------------


def cli(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    """``cli.main(argv)`` in this process: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(list(argv))
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert "Traceback" not in err and "Internal error" not in err
    return lines[0]


@pytest.mark.parametrize(
    "argv, message",
    [
        (("lightsout", "random", "5", "--difficulty", "²"), "--difficulty must be easy"),
        (("lightsout", "random", "²"), "ROWS must be a whole number"),
        (("lightsout", "random", "٣"), "ROWS must be a whole number"),
        (("lightsout", "random", "1000000000", "1000000000"),
         "ROWS is 1000000000, above the limit of 1000."),
        (("lightsout", "random", "5", "--seed", "-1"), "--seed is -1, below the minimum of 0."),
        (("lightsout", "random", "5", "--states", "99"), "--states is 99, above the limit of 9."),
        (("lightsout", "random", "5", "--difficulty", "1e3"), "can need 1 to 25 presses, not 1000"),
        (("lightsout", "random", "5", "--difficulty", "2.5"), "'2.5' is not a whole number"),
        (("binairo", "generate", "²"), "SIZE is N or COLSxROWS"),
        (("binairo", "generate", "8", "--difficulty", "insane"), "--difficulty must be"),
        (("binairo", "minimize", "0110/1001/0101/1010", "--budget", "-1"),
         "--budget is -1, below the minimum of 0 seconds."),
        (("binairo", "minimize", "0110/1001/0101/1010", "--budget", "nan"), "--budget must be"),
        (("lightsout", "solve", "-5x5:0"), "Not a Lights Out game ID or grid: '-5x5:0'"),
        (("lightsout", "solve", "x" * 100_000), "Not a Lights Out game ID or grid"),
        (("lightsout", "solve", "@/"), "Cannot read the grid file '/'"),
        (("pegs", "solve", "--ooo--/--oXo--"), "Unexpected character 'X'"),
        (("pegs", "solve", "english", "--goal", "-1,-1"), "Not a hole: '-1,-1'"),
        (("pegs", "solve", "english", "--goal", "3.3"), "Not a hole: '3.3'"),
        (("pegs", "census", "english", "--max-classes", "0"),
         "--max-classes is 0, below the minimum"),
        (("pegs", "census", "english", "--engine", "fast"), "--engine must be auto, numpy"),
        (("lightsout",), "required: VERB"),
        (("lightsout", "fly"), "invalid choice: 'fly'"),
        (("lightsout", "solve"), "required: GRID"),
        (("lightsout", "solve", "101/010", "--jsn"), "unrecognized arguments: --jsn"),
        (("lightsout", "solve", "101/010", "--states"), "expected one argument"),
        (("lightsout", "random", "5", "6", "7"), "unrecognized arguments: 7"),
    ],
)
def test_malformed_arguments_get_one_line_and_exit_2(argv, message):
    line = one_line_error(*cli(*argv))
    assert message in line


def test_argparse_errors_are_one_line_in_a_real_process():
    # (The last three: an option given '--' as its value; tests/test_cli_words.py
    # gives every option of every verb every kind of word in this process.)
    for argv in (("lightsout", "fly"), ("lightsout", "random", "5", "--difficulty", "²"),
                 ("pegs", "solve", "--ooo--/--oXo--"), (),
                 ("pegs", "solve", "english", "--goal", "--"),
                 ("lightsout", "solve", "11/11", "--neighbourhood", "--"),
                 ("binairo", "fewest-clues", "4", "--dask", "--")):
        done = run(*argv)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: ")


def test_grids_beginning_with_a_dash_work_wherever_a_grid_is_taken():
    english = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"
    goal = "--...--/--...--/......./...o.../......./--...--/--...--"
    for argv in (("pegs", "solve", english, "--json"),
                 ("pegs", "solve", "--json", english),
                 ("pegs", "solve", "--json", "--", english),
                 ("pegs", "solve", "--", english, "--json"),
                 ("pegs", "solve", "--", english, "--goal", goal, "--json"),
                 ("pegs", "solve", english, "--goal", goal, "--json"),
                 ("pegs", "solve", english, f"--goal={goal}", "--json"),
                 ("pegs", "solve", "english", "--json")):
        code, out, err = cli(*argv)
        assert code == 0, (argv, err)
        result = json.loads(out)
        assert result["solvable"] is True and len(result["moves"]) == 31
    code, out, err = cli("pegs", "count", "-oo./-...", "--goal", "-..o/-...", "--json")
    assert code == 0, err
    assert json.loads(out)["solutions"] == 1  # the one jump: 0,1 over 0,2 to 0,3
    code, out, err = cli("pegs", "census", "-ooo-/ooooo/oo.oo/ooooo/-ooo-", "--goal", "any",
                         "--max-classes", "50", "--json")
    assert code == 0, err
    assert json.loads(out)["levels"][0]["pegs"] == 20
    code, out, err = cli("pegs", "solve", "-", "--json", stdin=english + "\n")
    assert code == 0 and json.loads(out)["solvable"] is True


def test_unicode_digits_in_a_grid_are_named():
    line = one_line_error(*cli("lightsout", "solve", "1²/01"))
    assert "Unexpected character '²'" in line


def test_json_press_list_is_what_the_api_lists():
    """The CLI writes the press list from the press grid; the API lists the
    cells itself: both must give the same JSON."""
    boards = [
        lightsout.random_solvable(30, 17, random.Random(3)).game_id,
        "10000/00000/00000/00000/00000",  # unsolvable
        "00/00",  # nothing to press
        "2222/2222/2222",  # three states: a cell pressed twice is listed twice
    ]
    for game in boards:
        extra = ("--states", "3", "--wrap") if "2" in game else ()
        code, out, err = cli("lightsout", "solve", game, *extra, "--json")
        assert code == 0, err
        request = {"cmd": "lightsout.solve", "game": game}
        if extra:
            request.update(states=3, wrap=True)
        expected = api.handle(request)["result"]
        assert json.loads(out) == expected
        assert out == json.dumps(expected, separators=(",", ":")) + "\n"


def test_presses_grid_is_the_compact_form():
    board = lightsout.random_solvable(9, 7, random.Random(9))
    code, out, _ = cli("lightsout", "solve", board.game_id, "--json", "--presses", "grid")
    result = json.loads(out)
    assert code == 0 and result["presses"] is None
    pressed = sum(1 << i for i, ch in enumerate(result["press_grid"].replace("/", ""))
                  if ch == "1")
    assert board.apply(pressed).lights == 0


def test_k_state_picture_shows_each_cell_s_press_count():
    board = Board.parse("3x1;k=3:100")
    code, out, err = cli("lightsout", "solve", board.game_id)
    assert code == 0, err
    solved = api.handle({"cmd": "lightsout.solve", "game": board.game_id})["result"]
    picture = [line.replace(" ", "") for line in out.splitlines()[3:-1]]
    assert "this many times" in out.splitlines()[2]
    assert "/".join(picture) == solved["press_grid"].replace("0", ".")
    assert any(ch == "2" for ch in solved["press_grid"])  # a count, not one X


def test_each_solves_a_thousand_boards_in_one_process(tmp_path):
    rng = random.Random(1000)
    boards = [lightsout.random_solvable(5, 5, rng) for _ in range(1000)]
    lines = [board.grid for board in boards]
    lines[500] = "10000/00000/00000/00000/00000"  # unsolvable: still an answer
    lines[700] = "12/01"  # bad: an error object for that line, the rest go on
    path = tmp_path / "boards.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run("lightsout", "solve", "-", "--each", stdin=path.read_text(encoding="utf-8"))
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 1000
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1
    assert "1 of 1000 lines" in done.stderr
    assert answers[700] == {"line": 701, "error": answers[700]["error"]}
    assert "Unexpected character '2'" in answers[700]["error"]
    assert answers[500]["solvable"] is False
    for number, (board, result) in enumerate(zip(boards, answers, strict=True)):
        if number in (500, 700):
            continue
        assert board.apply(presses_of(result, 5)).lights == 0
    code, out, _ = cli("lightsout", "solve", f"@{path}", "--each", "--presses", "grid")
    assert code == 2 and len(out.splitlines()) == 1000


@pytest.mark.parametrize("verb", VERBS, ids=lambda verb: f"{verb.family}-{verb.name}")
def test_help_ends_with_real_examples_and_exit_codes(verb):
    code, out, _ = cli(verb.family, verb.name, "--help")
    assert code == 0
    tail = out[out.index("examples:"):]
    examples = [line.strip() for line in tail.splitlines()[1:] if line.startswith("  puzzlelab")]
    assert 2 <= len(examples) <= 3 and "exit codes: 0 done" in tail
    for example in examples:
        words = shlex.split(example.split("#")[0])[1:]
        if any(word.startswith("@") or word == "-" or word == "<" for word in words):
            continue  # reads a file or standard input
        if "census" in words and "english" in words:
            words.append("--engine=python")  # (the numpy engine may be missing)
        code, out, err = cli(*words)
        assert code == 0 and err == "", (example, err)
        assert out


def test_progress_only_on_a_terminal(monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(terminal, "PROGRESS_PERIOD", 0.0)
    shown = Terminal()
    with contextlib.redirect_stderr(shown), contextlib.redirect_stdout(io.StringIO()):
        assert main(["binairo", "count", "6x6:zj"]) == 0
    assert "\r" in shown.getvalue() and "%" in shown.getvalue()
    assert shown.getvalue().endswith("\r")  # the line is cleared at the end
    code, _, err = cli("binairo", "count", "6x6:zj")  # stderr not a terminal: nothing
    assert code == 0 and err == ""


def test_pegs_cli_does_not_import_the_cli():
    script = ("import sys, puzzlelab.pegs.cli\n"
              "assert 'puzzlelab.cli' not in sys.modules\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def _binairo_solutions_by_brute_force(size: int) -> list[tuple[tuple[int, ...], ...]]:
    """Every size x size grid of valid rows (balanced, no three alike in a row),
    all different, whose columns are valid and different too."""
    def valid(line: tuple[int, ...]) -> bool:
        return (sum(line) * 2 == len(line)
                and all(not line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2)))

    lines = [line for line in itertools.product((0, 1), repeat=size) if valid(line)]
    found = []

    def fill(chosen: list) -> None:
        if len(chosen) == size:
            columns = list(zip(*chosen, strict=True))
            if all(valid(c) for c in columns) and len(set(columns)) == size:
                found.append(tuple(chosen))
            return
        for line in lines:
            # (prune: no column gets three alike)
            if line not in chosen and not (len(chosen) >= 2 and any(
                    chosen[-2][c] == chosen[-1][c] == line[c] for c in range(size))):
                fill([*chosen, line])

    fill([])
    return found


def test_binairo_count_against_brute_force():
    """The CLI's counts of 6x6 grids, beside an enumeration that shares no code with it."""
    every = _binairo_solutions_by_brute_force(6)
    code, out, err = cli("binairo", "count", "....../....../....../....../....../......", "--json")
    assert code == 0, err
    assert json.loads(out)["count"] == len(every) == 4140
    code, out, err = cli("binairo", "count", "6x6:1zi", "--json")  # a 1 given in the corner
    assert json.loads(out)["count"] == sum(grid[0][0] == 1 for grid in every)


def test_each_reads_standard_input_when_the_grid_is_left_out():
    code, out, _ = cli("binairo", "count", "--each", stdin="..../..../..../....\n6x6:zj\n")
    assert code == 0 and [json.loads(line)["count"] for line in out.splitlines()] == [72, 4140]
    assert "required: GRID" in one_line_error(*cli("binairo", "count"))


def test_pip_install_gives_the_puzzlelab_command():
    """pyproject names the entry point; `pip install .` in a fresh venv was
    checked by hand (it needs setuptools from PyPI, so not here)."""
    import tomllib

    from puzzlelab import console as cli_module

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"] == {"puzzlelab": "puzzlelab.console:run"}
    assert callable(cli_module.run)


# --- odd terminals: closed or full output, Ctrl-C, out of memory --------------------
#
# Each ends in exactly one line on standard error (none for a reader that went
# away, as every Unix tool) and the documented exit code, never a traceback.

ENV = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONNOUSERSITE="1")
QUICK = ("binairo", "generate", "4", "--seed", "1")


def _spawn(args, **options) -> subprocess.CompletedProcess:
    options.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "puzzlelab", *args], stdin=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV, timeout=120,
                          **options)


def _one_line(done: subprocess.CompletedProcess, code: int, start: str) -> str:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(start), done.stderr
    return done.stderr


@pytest.mark.parametrize("extra", [(), ("--json",)], ids=["text", "json"])
def test_closed_standard_output_is_one_line(extra):
    done = _spawn([*QUICK, *extra], stdout=None, preexec_fn=lambda: os.close(1))
    _one_line(done, 1, "error: standard output is closed")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [QUICK, (*QUICK, "--json"), ("--help",),
                                  ("pegs", "solve", "--help"), ("binairo", "count", "-", "--each")],
                         ids=["text", "json", "help", "verb-help", "each"])
def test_a_full_disk_is_one_line(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "puzzlelab", *args],
                              input="..../..../..../....\n", stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV, timeout=120)
    assert _one_line(done, 1, "error: cannot write the answer: ") == (
        "error: cannot write the answer: No space left on device.\n")


def test_closed_standard_error_and_input_stay_quiet():
    # Standard error closed: the error goes nowhere (not to standard output).
    done = _spawn(["lightsout", "random", "0"], preexec_fn=lambda: os.close(2))
    assert done.returncode == 2 and done.stdout == ""
    # Standard input closed: the grid '-' cannot be read, said in one sentence.
    done = subprocess.run([sys.executable, "-m", "puzzlelab", "binairo", "count", "-"],
                          capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=60,
                          preexec_fn=lambda: os.close(0))
    assert _one_line(done, 2, "error: ") == (
        "error: Standard input is closed: give the grid as text or @PATH.\n")


#: A child that sends itself a real SIGINT at the N-th import from the moment the
#: command line starts loading (puzzlelab.cli), then runs `python -m puzzlelab`.
SIGINT_AT_IMPORT = """
import os, runpy, signal, sys
target, seen = int(sys.argv[1]), [0]
class Interrupter:
    armed = False
    def find_spec(self, name, path=None, target_=None):
        if name == "puzzlelab.cli":
            Interrupter.armed = True
        if Interrupter.armed:
            seen[0] += 1
            if seen[0] == target:
                os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Interrupter())
sys.argv = ["puzzlelab", *sys.argv[2:]]
runpy.run_module("puzzlelab", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_while_the_modules_load_is_one_line():
    """A real SIGINT at the 1st, 2nd, ... import of the command line's modules
    (every third up to 60, and past the last import: then the run ends normally)."""
    outcomes = set()
    for target in (*range(1, 60, 3), 10_000):
        done = subprocess.run([sys.executable, "-c", SIGINT_AT_IMPORT, str(target), *QUICK],
                              capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=60)
        assert "Traceback" not in done.stderr, (target, done.stderr)
        if done.returncode == 130:
            assert done.stderr == "error: interrupted.\n", (target, done.stderr)
        else:
            assert done.returncode == 0 and done.stderr == "", (target, done.stderr)
        outcomes.add(done.returncode)
    assert outcomes == {0, 130}  # both ends were reached: the test ran what it says


def test_ctrl_c_during_a_job_is_one_line():
    import signal
    import time

    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlelab", "binairo", "minimize", "0110/1001/0101/1010",
         "--budget", "60"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
    time.sleep(1.5)  # (not a timed assertion: the job runs for a minute either way)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 130 and err == "error: interrupted.\n" and out == ""


def test_out_of_memory_anywhere_in_the_command_line_is_one_sentence(monkeypatch, capsys):
    from puzzlelab import cli as cli_module
    from puzzlelab import console

    def exhausted(argv=None):
        raise MemoryError

    monkeypatch.setattr(cli_module, "main", exhausted)
    with pytest.raises(SystemExit) as stop:
        console.run()
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: Out of memory: this needs more than")
    assert "Try a smaller board" in err


def _limit_address_space(limit: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")
def test_a_census_under_an_address_space_limit_reads_the_limit():
    """`prlimit --as`: the census budget comes from the limit, not physical memory,
    so the census stops with its label instead of a MemoryError."""
    limit = 150_000_000
    done = _spawn(["pegs", "census", "english", "--engine", "python", "--json"],
                  preexec_fn=_limit_address_space(limit))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    census = json.loads(done.stdout)
    assert not census["complete"]
    may_use = int(census["stopped"].split("over the ")[1].split(" MB")[0].replace(",", ""))
    assert 0 < may_use * 1_000_000 <= limit // 2  # half the room under the limit


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")
@pytest.mark.parametrize("limit", [100_000_000, 200_000_000])
def test_the_census_engine_of_choice_under_an_address_space_limit(limit):
    """engine auto: numpy only when there is room to load it (its BLAS library
    would otherwise end the process itself), else the pure engine with a note;
    either way a census stopped by the limit's budget, no error."""
    done = _spawn(["pegs", "census", "english", "--json"], preexec_fn=_limit_address_space(limit))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    census = json.loads(done.stdout)
    assert not census["complete"] and "a census may use on this machine" in census["note"]
    if census["engine"] == "python":
        assert "numpy needs about 150 MB to load, more than the " in census["note"]
    done = _spawn(["pegs", "census", "english", "--engine", "numpy"],
                  preexec_fn=_limit_address_space(limit))
    assert done.returncode in (0, 2) and "Traceback" not in done.stderr
    if done.returncode == 2:
        _one_line(done, 2, "error: The numpy engine cannot run here: numpy needs about 150 MB")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")
def test_running_out_of_memory_anywhere_is_one_sentence(tmp_path):
    """A 1000x1000 solve --json under address-space limits from just above what
    the bare program holds upwards, 3 MB apart: it runs out of memory while
    loading or parsing, or the solve is refused up front because its estimate
    is over the limit read for one job (lightsout.job_megabytes), each time one
    sentence and exit 2, until a limit lets it finish."""
    board = tmp_path / "board.txt"
    board.write_text("/".join(["1" * 1000] * 1000))
    probe = subprocess.run(
        [sys.executable, "-c", "import puzzlelab.console, pathlib; print(next(int(l.split()[1]) "
         "for l in pathlib.Path('/proc/self/status').read_text().splitlines() "
         "if l.startswith('VmSize')) * 1024)"],
        capture_output=True, text=True, env=ENV, timeout=60, check=True)
    # (Below the bare program's own size Python cannot even start: that is Python's.)
    base = int(probe.stdout) + 3_000_000
    codes = []
    refused = 0
    for step in range(60):
        limit = base + step * 3_000_000
        done = _spawn(["lightsout", "solve", f"@{board}", "--json"],
                      preexec_fn=_limit_address_space(limit))
        codes.append(done.returncode)
        if done.returncode == 0:
            assert done.stderr == "" and json.loads(done.stdout)["solvable"] is not None
            break
        line = _one_line(done, 2, "error: ")
        if "over the limit of" in line:  # the estimate, against the limit read
            assert re.search(r"needs about \d+ MB here, over the limit of \d+ MB for one job",
                             line), line
            refused += 1
        else:
            assert line.startswith("error: Out of memory: "), line
            assert "try a smaller board" in line.lower(), line
    assert 2 in codes and codes[-1] == 0, codes  # both ends reached
    assert refused, codes  # and the refusal in words between them


def test_ctrl_c_right_after_the_start_is_never_a_traceback_of_ours():
    """A real SIGINT 0 to 80 ms after the process starts. Before Python has set
    up its handler the signal ends the process, and a Ctrl-C while Python loads
    its own start-up modules gets Python's message (no frame of this program);
    from the first line of this program on it is one line and exit 130."""
    import signal
    import time

    for delay in range(0, 81, 8):
        child = subprocess.Popen([sys.executable, "-m", "puzzlelab", *QUICK],
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV)
        time.sleep(delay / 1000)  # (where it lands varies; every outcome is checked)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=60)
        if err == "error: interrupted.\n":
            assert child.returncode == 130
        elif err == "":
            assert child.returncode in (0, -signal.SIGINT), (delay, child.returncode)
        else:  # Python's own start-up (site, runpy, importlib): no frame of this program
            assert "puzzlelab" not in err and "KeyboardInterrupt" in err, (delay, err)


@pytest.mark.parametrize("inside", [True, False])
def test_a_module_that_fails_to_compile_for_memory_is_one_sentence(monkeypatch, capsys, inside):
    """CPython's tokenizer says "syntax error" when an allocation fails while it
    compiles a module; in the package's own files that is memory running out."""
    from puzzlelab import cli, console

    package = Path(console.__file__).parent
    where = package / "lightsout" / "commands.py" if inside else Path("elsewhere.py")

    def broken() -> int:
        raise SyntaxError("expected ':'", (str(where), 292, 36, "power: tuple[int, int] | None):"))

    monkeypatch.setattr(cli, "main", broken)
    if not inside:
        assert_one_line_bug(console._guarded(), capsys.readouterr().err, "SyntaxError")
        return
    assert console._guarded() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "memory" in err.lower()


@pytest.mark.parametrize("message, memory", [
    ("libz.so.1: failed to map segment from shared object", True),
    ("libopenblas.so: cannot map: Cannot allocate memory", True),
    ("No module named 'numpy'", False),
])
def test_a_library_that_cannot_be_mapped_for_memory_is_one_sentence(monkeypatch, capsys,
                                                                     message, memory):
    """Under an address-space limit, loading a compiled module's library fails as
    an ImportError ("failed to map segment"): that too is memory running out; any
    other ImportError is not this program's to word."""
    from puzzlelab import cli, console

    def broken() -> int:
        raise ImportError(message)

    monkeypatch.setattr(cli, "main", broken)
    if not memory:
        assert_one_line_bug(console._guarded(), capsys.readouterr().err, "ImportError")
        return
    assert console._guarded() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "memory" in err.lower()


def assert_one_line_bug(code: int, err: str, name: str) -> None:
    """A bug's end: exit 70 and one line naming the exception, no traceback."""
    from puzzlelab import console

    assert code == console.BUG == 70
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("error: Internal error, a bug in puzzlelab: " + name), err
    assert "PUZZLELAB_TRACEBACK=1" in err and "memory" not in err.lower(), err


@pytest.mark.parametrize("where", ["the command line", "a job"])
def test_a_bug_anywhere_is_one_line_and_its_traceback_on_request(monkeypatch, capsys, where):
    """An exception nothing foresaw, in the command line's own code or inside
    the job it runs, ends in exit 70 and one line saying where it was raised;
    PUZZLELAB_TRACEBACK=1 prints the whole traceback before that line."""
    from puzzlelab import cli, console

    def broken(*args, **kwargs):
        raise KeyError("no such thing")

    if where == "a job":
        monkeypatch.setitem(api.COMMANDS._own, "lightsout.new", broken)
    else:
        monkeypatch.setattr(cli, "request_of", broken)
    monkeypatch.setattr(sys, "argv", ["puzzlelab", "lightsout", "random", "4"])
    monkeypatch.delenv(console.TRACEBACK_VARIABLE, raising=False)
    assert_one_line_bug(console._guarded(), capsys.readouterr().err, "KeyError: 'no such thing'")
    monkeypatch.setenv(console.TRACEBACK_VARIABLE, "1")
    assert console._guarded() == console.BUG
    err = capsys.readouterr().err
    assert err.startswith("Traceback (most recent call last):") and "in broken" in err, err
    assert err.splitlines()[-1].startswith("error: Internal error, a bug in puzzlelab: KeyError")


def test_a_job_the_system_fails_is_one_sentence(monkeypatch, tmp_path):
    """A system call that fails inside a job (here: listing the grids) gives the
    system's words and the file, exit 2 (not "cannot write the answer": the
    answer was not begun); a disk that fills while a task is kept names the
    task, the file and what to do."""
    import errno

    from puzzlelab.binairo import fewest_clues, fewest_tasks

    def unreadable(n):
        raise OSError(errno.EIO, os.strerror(errno.EIO), str(tmp_path / "grids"))

    with monkeypatch.context() as patch:
        patch.setattr(fewest_clues, "load", unreadable)
        line = one_line_error(*cli("binairo", "fewest-clues", "4", "--work", str(tmp_path / "w")))
    assert line == f"error: The job stopped: {os.strerror(errno.EIO)} ({tmp_path / 'grids'})."

    def full(folder, grids, result):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder / "task.json"))

    monkeypatch.setattr(fewest_tasks, "write_task", full)
    line = one_line_error(*cli("binairo", "fewest-clues", "4", "--work", str(tmp_path / "w")))
    assert line.startswith("error: Task 1 of ") and os.strerror(errno.ENOSPC) in line, line
    assert "run the same command again" in line, line
