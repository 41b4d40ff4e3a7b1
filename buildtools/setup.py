"""``build.py setup``: the virtual environment with the dev tools, and ``node_modules``."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

from buildtools.common import (
    NODE_MODULES,
    PIP,
    PYODIDE_NPM,
    REQUIREMENTS,
    ROOT,
    VENV,
    fail,
    run,
    say,
    sha256_of,
    venv_python,
)

# The oldest Node.js the page's tooling is tested with; README.md, .ci/run and
# package.json's "engines" say the same (tests/test_build.py checks they agree).
NODE_MIN_MAJOR = 20


def stamp_matches(stamp: Path, value: str) -> bool:
    """Whether ``stamp`` holds ``value`` (it records what the last install was made from)."""
    return stamp.exists() and stamp.read_text().strip() == value


def setup() -> None:
    """Create ``.venv`` and ``node_modules`` when missing or out of date; fast otherwise."""
    check_node()  # before anything is installed: the build and the tests run Node too
    python = venv_python()
    if not python.exists():
        say("creating .venv")
        run([sys.executable, "-m", "venv", VENV])
    # The stamps live inside what they describe, so a deleted .venv or
    # node_modules takes its stamp along.
    stamp = VENV / ".requirements.sha256"
    wanted = sha256_of(REQUIREMENTS)
    if stamp_matches(stamp, wanted):
        say(".venv is up to date")
    else:
        say("installing requirements-dev.txt into .venv")
        run([python, *PIP, "install", "-r", REQUIREMENTS])
        stamp.write_text(wanted + "\n")

    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".puzzlelab-npm.sha256"
    wanted = sha256_of(ROOT / "package.json", lock)
    if (PYODIDE_NPM / "package.json").exists() and stamp_matches(stamp, wanted):
        say("node_modules is up to date")
        return
    npm = shutil.which("npm")
    if npm is None:
        fail(f"npm is not installed; install Node.js {NODE_MIN_MAJOR} or later (with npm)")
    action = "ci" if lock.exists() else "install"
    say(f"running npm {action}")
    run([npm, action, "--no-audit", "--no-fund"], stdin=subprocess.DEVNULL)
    stamp.write_text(sha256_of(ROOT / "package.json", lock) + "\n")


def node_major(version: str) -> int | None:
    """The major version in ``node --version``'s answer (``v20.11.1`` -> 20), or None."""
    found = re.fullmatch(r"\s*v?(\d+)\.\d+\.\d+\S*\s*", version)
    return int(found.group(1)) if found else None


def check_node() -> None:
    """Fail with one sentence when Node.js is missing or older than NODE_MIN_MAJOR."""
    node = shutil.which("node")
    if node is None:
        fail(f"Node.js is not installed; install Node.js {NODE_MIN_MAJOR} or later (with npm)")
    answer = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    major = node_major(answer.stdout)
    if major is None or major < NODE_MIN_MAJOR:
        given = answer.stdout.strip() or "an unknown version"
        fail(f"Node.js {given} is too old; Puzzle Lab needs Node.js {NODE_MIN_MAJOR} or later")
