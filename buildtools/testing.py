"""``build.py test``: ruff, then pytest (unit and end-to-end, or the quick tier)."""

from __future__ import annotations

import subprocess

from buildtools.common import ROOT, say, venv_python

# What ruff checks: every Python file of the project.
LINTED = ("py", "tests", "bench", "tools", "build.py", "buildtools")

# The whole suite in one pytest over two workers. Unit and browser tests run
# side by side rather than one suite after the other, so no worker idles at
# the end of the first; a module stays on one worker (--dist loadfile), so its
# shared fixtures are built once, and each worker boots one browser and one
# Python engine for the tests that share it (tests/conftest.py). Its slowest
# tests are listed, to keep the whole under its 10 minutes (docs/development.md).
FULL = ["-n", "2", "--dist", "loadfile", "--durations=15", "tests"]
# Everyday work (npm run test:quick): every puzzle's core, the page's boot,
# play, undo, save and link; under 3 minutes (the `quick` marker, tests/conftest.py).
QUICK = ["-n", "2", "--dist", "loadfile", "--durations=5", "-m", "quick", "tests"]


def test(pytest_args: list[str], *, quick: bool = False) -> int:
    """Lint with ruff, then run pytest; return pytest's status (or ruff's).

    Arguments given run as one pytest; without any, the whole suite, or the
    quick tier when ``quick``.
    """
    python = venv_python()
    say("ruff check " + " ".join(LINTED))
    lint = subprocess.run([python, "-m", "ruff", "check", *LINTED], cwd=ROOT, check=False)
    args = pytest_args or (QUICK if quick else FULL)
    say("pytest " + " ".join(args))
    status = subprocess.run([python, "-m", "pytest", *args], cwd=ROOT, check=False).returncode
    if lint.returncode != 0:
        say("ruff found problems (see above)")
        return status or lint.returncode
    return status
