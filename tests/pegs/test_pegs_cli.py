"""Peg solitaire: its own cases of tests/test_cli.py, moved here from it (that module's
subject: The command line: `python -m puzzlelab` as a real subprocess, and `cli.main`
in-process)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from test_cli import (
    ROOT,
    _limit_address_space,
    _one_line,
    _spawn,
    assert_one_line_in_a_real_process,
    check_malformed,
    cli,
)


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


def test_pegs_cli_does_not_import_the_cli():
    script = ("import sys, puzzlelab.pegs.cli\n"
              "assert 'puzzlelab.cli' not in sys.modules\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr


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


#: Malformed command lines, and words of the one line each gets.
MALFORMED = [
    (("pegs", "solve", "--ooo--/--oXo--"), "Unexpected character 'X'"),
    (("pegs", "solve", "english", "--goal", "-1,-1"), "Not a hole: '-1,-1'"),
    (("pegs", "solve", "english", "--goal", "3.3"), "Not a hole: '3.3'"),
    (("pegs", "census", "english", "--max-classes", "0"),
         "--max-classes is 0, below the minimum"),
    (("pegs", "census", "english", "--engine", "fast"), "--engine must be auto, numpy"),
]


def test_pegs_malformed_arguments_get_one_line_and_exit_2():
    check_malformed(MALFORMED)


def test_pegs_argparse_errors_are_one_line_in_a_real_process():
    for argv in (
    ('pegs', 'solve', '--ooo--/--oXo--'),
    ('pegs', 'solve', 'english', '--goal', '--'),
    ):
        assert_one_line_in_a_real_process(argv)
