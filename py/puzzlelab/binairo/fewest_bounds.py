"""What is proven about the fewest clues where the full search is out of reach: 10x10.

``data/bounds-10x10.json`` holds the bounds and how each was proved: the
lower from the exhaustive search of :mod:`puzzlelab.binairo.fewest_lower`
(no k givens have exactly one solution, so at least k + 1 are needed), the
upper from a puzzle with that many givens and one solution, found by
:mod:`puzzlelab.binairo.fewest_upper`. The answer comes at once from the
file, and what can be checked at once is checked on every read: the puzzle
parses, has exactly the claimed givens, and the line solver finds exactly
one solution; the lower bound is below the upper. A file that fails is one
sentence, never an answer.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from puzzlelab.binairo import solver
from puzzlelab.binairo.grid import Grid, rows_text
from puzzlelab.notation import PuzzleError

#: The sizes with proven bounds (and no exact answer).
SIZES = (10,)
FILE = Path(__file__).parent / "data" / "bounds-10x10.json"
FIELDS = {"size": int, "lower": int, "upper": int, "puzzle": str, "lower_proof": str,
          "upper_proof": str, "command": str}


@cache
def bounds(n: int) -> dict[str, Any]:
    """The checked bounds for ``n`` x ``n`` (see the module notes), as the answer."""
    if n not in SIZES:
        raise PuzzleError(f"No bounds are recorded for {n}x{n}.")
    damaged = f"The data file binairo/data/{FILE.name} is damaged"
    try:
        record = json.loads(FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise PuzzleError(f"{damaged} ({type(error).__name__}).") from error
    if not isinstance(record, dict) or set(record) != set(FIELDS) or not all(
            isinstance(record[key], kind) for key, kind in FIELDS.items()):
        raise PuzzleError(f"{damaged} (its fields are not the expected ones).")
    try:
        puzzle = Grid.parse(record["puzzle"])
    except PuzzleError as error:
        raise PuzzleError(f"{damaged} (its puzzle does not parse).") from error
    found = solver.solutions(puzzle, limit=2)
    if ((puzzle.rows, puzzle.cols) != (n, n) or record["size"] != n
            or puzzle.clue_count != record["upper"] or len(found) != 1
            or not 1 <= record["lower"] <= record["upper"]):
        raise PuzzleError(f"{damaged} (its puzzle is not a one-solution {n}x{n} puzzle "
                          f"with {record['upper']} givens above the lower bound).")
    return {**record, "solution": "/".join(rows_text(found[0], n))}
