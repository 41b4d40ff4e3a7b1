"""``build.py test``: ruff, then pytest (unit and end-to-end)."""

from __future__ import annotations

import subprocess

from buildtools.common import ROOT, say, venv_python

# What ruff checks: every Python file of the project.
LINTED = ("py", "tests", "bench", "tools", "build.py", "buildtools")


def test(pytest_args: list[str]) -> int:
    """Lint with ruff, then run pytest (unit and end-to-end); return pytest's status.

    Arguments given run as one pytest; without any, the unit tests run on
    every core and then the end-to-end tests.
    """
    python = venv_python()
    say("ruff check " + " ".join(LINTED))
    lint = subprocess.run([python, "-m", "ruff", "check", *LINTED], cwd=ROOT, check=False)
    if pytest_args:
        runs = [pytest_args]
    else:
        # The unit and property tests on every core (a module stays on one
        # worker, so its shared fixtures are built once), then the browser
        # tests in two browsers: each test boots Python in its own page and
        # spends part of its time waiting on it, so two at a time took the
        # end-to-end run from 6.9 to 4.8 minutes on 2 cores.
        # Each run lists its slowest tests, to keep the whole under its 10 minutes.
        runs = [["-n", "auto", "--dist", "loadfile", "--durations=15", "--ignore=tests/e2e"],
                ["-n", "2", "--dist", "loadfile", "--durations=15", "tests/e2e"]]
    status = 0
    for args in runs:
        say("pytest " + " ".join(args))
        done = subprocess.run([python, "-m", "pytest", *args], cwd=ROOT, check=False)
        status = status or done.returncode
    if lint.returncode != 0:
        say("ruff found problems (see above)")
        return status or lint.returncode
    return status
