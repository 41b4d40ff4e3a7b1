"""Puzzle Lab: play, solve, analyse and count 0/1-cell puzzles.

The package runs on the standard library alone (numpy only speeds up bulk
engines). :mod:`puzzlelab.api` is the request surface used by the web worker
and the command line.
"""

__version__ = "0.1.0"
