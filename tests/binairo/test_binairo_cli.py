"""The binary puzzle: its own cases of tests/test_cli.py, moved here from it (that module's
subject: The command line: `python -m puzzlelab` as a real subprocess, and `cli.main`
in-process)."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import os
import subprocess
import sys

from puzzlelab import terminal
from puzzlelab.cli import main
from test_cli import (
    ENV,
    ROOT,
    assert_one_line_in_a_real_process,
    check_malformed,
    cli,
    one_line_error,
)


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


#: Malformed command lines, and words of the one line each gets.
MALFORMED = [
    (("binairo", "generate", "²"), "SIZE is N or COLSxROWS"),
    (("binairo", "generate", "8", "--difficulty", "insane"), "--difficulty must be"),
    (("binairo", "minimize", "0110/1001/0101/1010", "--budget", "-1"),
         "--budget is -1, below the minimum of 0 seconds."),
    (("binairo", "minimize", "0110/1001/0101/1010", "--budget", "nan"), "--budget must be"),
]


def test_binairo_malformed_arguments_get_one_line_and_exit_2():
    check_malformed(MALFORMED)


def test_binairo_argparse_errors_are_one_line_in_a_real_process():
    for argv in (
    ('binairo', 'fewest-clues', '4', '--dask', '--'),
    ):
        assert_one_line_in_a_real_process(argv)
