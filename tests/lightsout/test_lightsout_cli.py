"""Lights Out: its own cases of tests/test_cli.py, moved here from it (that module's
subject: The command line: `python -m puzzlelab` as a real subprocess, and `cli.main`
in-process)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab import api, lightsout
from puzzlelab.lightsout import Board, toggled_by
from test_cli import (
    ENV,
    ROOT,
    _limit_address_space,
    _one_line,
    _spawn,
    assert_one_line_bug,
    assert_one_line_in_a_real_process,
    check_malformed,
    cli,
    one_line_error,
    run,
)


def test_solve_json_game_id_of_a_rectangle():
    board = lightsout.random_solvable(7, 12, random.Random(4))
    result = solve_json(board.game_id)
    assert result["solvable"] is True and result["game"] == board.game_id
    assert board.apply(presses_of(result, board.cols)).lights == 0
    assert result["kernel_dimension"] == lightsout.kernel_dimension(7, 12)


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


@pytest.mark.parametrize("loading", [True, False])
def test_an_error_without_exception_while_a_module_loads_is_memory(monkeypatch, capsys, loading):
    """CPython's import machinery, failing an allocation, can raise SystemError
    "error return without exception set" (met once under an address-space
    limit); while a module loads that is memory running out, elsewhere a bug."""
    import importlib.abc
    import importlib.util

    from puzzlelab import cli, console

    class NoRoom(importlib.abc.Loader):
        """A loader that fails inside the import machinery, as the allocation did."""

        def create_module(self, spec):
            raise SystemError("error return without exception set")

        def exec_module(self, module):
            pass

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            return importlib.util.spec_from_loader(name, NoRoom()) \
                if name == "loads_without_room" else None

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])

    def broken() -> int:
        if loading:
            import loads_without_room  # noqa: F401 - its loading is what fails
        raise SystemError("error return without exception set")

    monkeypatch.setattr(cli, "main", broken)
    if not loading:
        assert_one_line_bug(console._guarded(), capsys.readouterr().err, "SystemError")
        return
    assert console._guarded() == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ") and "memory" in err.lower()


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


#: Malformed command lines, and words of the one line each gets.
MALFORMED = [
    (("lightsout", "random", "5", "--difficulty", "²"), "--difficulty must be easy"),
    (("lightsout", "random", "²"), "ROWS must be a whole number"),
    (("lightsout", "random", "٣"), "ROWS must be a whole number"),
    (("lightsout", "random", "1000000000", "1000000000"),
         "ROWS is 1000000000, above the limit of 1000."),
    (("lightsout", "random", "5", "--seed", "-1"), "--seed is -1, below the minimum of 0."),
    (("lightsout", "random", "5", "--states", "99"), "--states is 99, above the limit of 9."),
    (("lightsout", "random", "5", "--difficulty", "1e3"), "can need 1 to 25 presses, not 1000"),
    (("lightsout", "random", "5", "--difficulty", "2.5"), "'2.5' is not a whole number"),
    (("lightsout", "solve", "-5x5:0"), "Not a Lights Out game ID or grid: '-5x5:0'"),
    (("lightsout", "solve", "x" * 100_000), "Not a Lights Out game ID or grid"),
    (("lightsout", "solve", "@/"), "Cannot read the grid file '/'"),
    (("lightsout", "solve"), "required: GRID"),
    (("lightsout", "solve", "101/010", "--jsn"), "unrecognized arguments: --jsn"),
    (("lightsout", "solve", "101/010", "--states"), "expected one argument"),
    (("lightsout", "random", "5", "6", "7"), "unrecognized arguments: 7"),
]


def test_lightsout_malformed_arguments_get_one_line_and_exit_2():
    check_malformed(MALFORMED)


def test_lightsout_argparse_errors_are_one_line_in_a_real_process():
    for argv in (
    ('lightsout', 'random', '5', '--difficulty', '²'),
    ('lightsout', 'solve', '11/11', '--neighbourhood', '--'),
    ):
        assert_one_line_in_a_real_process(argv)


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


def test_solve_json_unsolvable():
    board = Board.parse("10000/00000/00000/00000/00000")
    result = solve_json(board.grid)
    assert result["solvable"] is False
    assert result["presses"] == [] and result["press_count"] is None
    assert result["kernel_dimension"] == 2
    conflict = presses_of({"presses": result["conflict"]}, 5)
    assert toggled_by(conflict, 5, 5) == 0 and (conflict & board.lights).bit_count() % 2 == 1
