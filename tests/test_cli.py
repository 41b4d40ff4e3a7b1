"""The command line: `python -m puzzlelab` as a real subprocess, and `cli.main` in-process."""

from __future__ import annotations

import contextlib
import io
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from puzzle_homes import facts, registry_puzzles
from puzzlelab.cli import VERBS, main

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


def check_malformed(cases: list[tuple[tuple[str, ...], str]]) -> None:
    """Each command line gets one line holding its message, and exit 2 (each
    puzzle's own table is in its home: tests/<id>/test_<id>_cli.py)."""
    for argv, message in cases:
        line = one_line_error(*cli(*argv))
        assert message in line, (argv, line)


@pytest.mark.parametrize("family", registry_puzzles())
def test_a_verb_missing_or_unknown_gets_one_line_and_exit_2(family):
    check_malformed([((family,), "required: VERB"), ((family, "fly"), "invalid choice: 'fly'")])


def assert_one_line_in_a_real_process(argv: tuple[str, ...]) -> None:
    """``python -m puzzlelab ARGV`` ends in one line on standard error, exit 2."""
    done = run(*argv)
    assert done.returncode == 2 and done.stdout == "", (argv, done.stderr)
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: "), argv


def test_argparse_errors_are_one_line_in_a_real_process():
    # (Each puzzle's own, such as an option given '--' as its value, are in its
    # home; tests/test_cli_words.py gives every option of every verb every kind
    # of word in this process.)
    for argv in ((), *((family, "fly") for family in registry_puzzles())):
        assert_one_line_in_a_real_process(argv)


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
#: A command line of the first puzzle that answers at once, and one that reads
#: its grid from standard input (with that input): each puzzle's facts.
QUICK = facts(registry_puzzles()[0]).QUICK_COMMAND_LINE
READS_INPUT, INPUT = facts(registry_puzzles()[0]).STDIN_COMMAND_LINE


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
                                  (*QUICK[:2], "--help"), READS_INPUT],
                         ids=["text", "json", "help", "verb-help", "input"])
def test_a_full_disk_is_one_line(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "puzzlelab", *args],
                              input=INPUT, stdout=full,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=ENV, timeout=120)
    assert _one_line(done, 1, "error: cannot write the answer: ") == (
        "error: cannot write the answer: No space left on device.\n")


def test_closed_standard_error_and_input_stay_quiet():
    # Standard error closed: the error goes nowhere (not to standard output).
    done = _spawn([registry_puzzles()[0], "fly"], preexec_fn=lambda: os.close(2))
    assert done.returncode == 2 and done.stdout == ""
    # Standard input closed: the grid '-' cannot be read, said in one sentence.
    done = subprocess.run([sys.executable, "-m", "puzzlelab", *READS_INPUT],
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
