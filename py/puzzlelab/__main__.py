"""``python -m puzzlelab``: the command line (the ``puzzlelab`` command when installed)."""

from puzzlelab.console import run

run()
