"""The command line run in this process, for tests that run it many times."""

from __future__ import annotations

import contextlib
import io
import sys

from puzzlelab.cli import main


def run_cli(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    """``cli.main(argv)`` in this process, reading ``stdin``: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()
