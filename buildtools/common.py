"""What every job of the build shares: the project's paths, progress and error
lines, running a command, file hashes and the virtual environment's Python."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "py" / "puzzlelab"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
REQUIREMENTS = ROOT / "requirements-dev.txt"

PIP = ("-m", "pip", "--quiet", "--disable-pip-version-check")


def say(message: str) -> None:
    """Print one progress line, flushed so it interleaves with subprocess output."""
    print(f"[build.py] {message}", flush=True)


def fail(message: str) -> None:
    """Stop with a one-line error message and exit status 1."""
    raise SystemExit(f"[build.py] error: {message}")


def run(command: list[str | Path], **kwargs: object) -> None:
    """Run ``command`` from the repository root; stop if it fails."""
    result = subprocess.run([str(part) for part in command], cwd=ROOT, check=False, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(str(part) for part in command)} exited with status {result.returncode}")


def sha256_of(*paths: Path) -> str:
    """Hex SHA-256 of the concatenated contents of ``paths`` (missing files count as empty)."""
    digest = hashlib.sha256()
    for path in paths:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def venv_python() -> Path:
    """The interpreter of the project's virtual environment."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def env_flag(name: str) -> bool:
    """Whether the environment variable ``name`` is set to something other than 0/false/no."""
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


@contextmanager
def package_importable() -> Iterator[None]:
    """Make ``py/`` importable for the block, so the build can ask ``puzzlelab`` itself."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        yield
    finally:
        sys.path.remove(str(ROOT / "py"))
