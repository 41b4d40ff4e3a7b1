"""The command line: `python -m puzzlelab` as a real subprocess, and `cli.main` in-process."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_solve_json_unsolvable():
    board = Board.parse("10000/00000/00000/00000/00000")
    result = solve_json(board.grid)
    assert result["solvable"] is False
    assert result["presses"] == [] and result["press_count"] is None
    assert result["kernel_dimension"] == 2
    conflict = presses_of({"presses": result["conflict"]}, 5)
    assert toggled_by(conflict, 5, 5) == 0 and (conflict & board.lights).bit_count() % 2 == 1


def test_version():
    done = run("--version")
    assert done.returncode == 0 and done.stdout.startswith("puzzlelab ")


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
