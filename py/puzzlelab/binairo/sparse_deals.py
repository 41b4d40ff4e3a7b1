"""Puzzles with the fewest clues, dealt to players: the "fewest" difficulty.

A random grid's own fewest clues are far above the size's minimum (8x8
grids mostly need 10 to 14), so sparse puzzles cannot be found by removing
clues from random grids. They come from the fewest-clues search instead
(:mod:`puzzlelab.binairo.fewest_clues`): every class of grids whose fewest
givens are at most two above the minimum, with one smallest set of givens
each, is written by ``tools/binairo_fewest.py`` to a data file
(``binairo/data/sparse-NxN.z``, fetched by the page the first time it deals
one). A deal picks a class and one of the 16 symmetries from the seed, so the
same seed deals the same puzzle; it is graded by the usual rating.

The file is a zlib stream of text lines: first a JSON header
``{"size", "fewest", "most", "classes"}``, then one line per class, the grid
and its givens as hexadecimal integers (bit ``r * n + c`` is cell (r, c)).
"""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from puzzlelab import data_files
from puzzlelab.binairo import solver
from puzzlelab.binairo.grid import Grid
from puzzlelab.binairo.grid_classes import cell_maps, image
from puzzlelab.binairo.rating import Rating, rate_steps
from puzzlelab.jobs import Steps
from puzzlelab.notation import PuzzleError

#: The sizes dealt (the fewest-clues search reaches them).
SIZES = (6, 8)
#: How far above the minimum a dealt puzzle's givens may be.
ABOVE_MINIMUM = 2


def file_name(n: int) -> str:
    """The data file's name in the package (as the site serves it under data/)."""
    return f"binairo/data/sparse-{n}x{n}.z"


def encode(n: int, fewest: int, entries: Sequence[tuple[int, int]]) -> bytes:
    """The data file's bytes: the header and one ``grid givens`` line per class."""
    most = max(givens.bit_count() for _, givens in entries)
    header = json.dumps({"size": n, "fewest": fewest, "most": most, "classes": len(entries)})
    lines = [header] + [f"{grid:x} {givens:x}" for grid, givens in entries]
    return zlib.compress(("\n".join(lines) + "\n").encode(), 9)


@cache
def catalogue(n: int) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The size's fewest clues and its sparse classes (grid, givens), from the
    data file, its shape checked (else :class:`~puzzlelab.data_files.DataDamaged`:
    the stream's own checksum catches a cut or changed file, the header must
    be this size's and count its lines, each clue count within its range, and
    each puzzle at the claimed minimum must have one solution)."""
    name = file_name(n)
    path = data_files.require(data_files.ROOT / name, name, f"the {n}x{n} fewest-clues puzzles")
    try:
        header, *lines = zlib.decompress(Path(path).read_bytes()).decode().splitlines()
        head = json.loads(header)
        entries = tuple((int(a, 16), int(b, 16)) for a, b in (line.split() for line in lines))
    except (zlib.error, ValueError, UnicodeError, RecursionError) as error:
        raise data_files.DataDamaged(name, f"it does not read as the deals' format: {error}"
                                     ) from error
    fewest = head.get("fewest") if isinstance(head, dict) else None
    cells = (1 << (n * n)) - 1
    if (not isinstance(head, dict) or head.get("size") != n or not isinstance(fewest, int)
            or head.get("classes") != len(entries) or not entries
            or min(givens.bit_count() for _, givens in entries) != fewest
            or any(grid > cells or givens > cells or givens.bit_count() > fewest + ABOVE_MINIMUM
                   for grid, givens in entries)):
        raise data_files.DataDamaged(name, "its header and its puzzles do not agree")
    for grid, givens in entries:  # the claimed minimum is a real puzzle's (a few dozen)
        if givens.bit_count() == fewest:
            checked_deal(n, grid, givens)
    return fewest, entries


def checked_deal(n: int, grid: int, givens: int) -> Grid:
    """The puzzle of a class read from the data file, once its one solution
    (that grid) is found again by the solver, else DataDamaged."""
    puzzle = puzzle_of(grid, givens, n)
    rows = [grid >> (r * n) & ((1 << n) - 1) for r in range(n)]
    if solver.solutions(puzzle, 2) != [rows]:
        raise data_files.DataDamaged(file_name(n), f"its puzzle for grid {grid:#x} does not "
                                                   "have that grid as its one solution")
    return puzzle


def moved(grid: int, givens: int, n: int, symmetry: int) -> tuple[int, int]:
    """Grid and givens under symmetry ``symmetry`` (0..15: 8 turns and
    reflections, the upper 8 also swapping 0 and 1)."""
    target = cell_maps(n)[symmetry % 8]
    grid, givens = image(grid, target), image(givens, target)
    if symmetry >= 8:
        grid ^= (1 << (n * n)) - 1
    return grid, givens


def puzzle_of(grid: int, givens: int, n: int) -> Grid:
    """The puzzle whose givens are those cells of ``grid``."""
    mask = (1 << n) - 1
    ones = [(grid & givens) >> (r * n) & mask for r in range(n)]
    zeros = [(~grid & givens) >> (r * n) & mask for r in range(n)]
    return Grid.from_masks(n, n, ones, zeros)


def refusal(rows: int, cols: int) -> str | None:
    """Why no fewest-clues puzzle of this shape is dealt, or None."""
    if rows == cols and rows in SIZES:
        return None
    return (f"Fewest-clues puzzles are dealt at 6x6 and 8x8 (where every grid was searched); "
            f"{cols}x{rows} is not one of them.")


def deal_steps(n: int, seed: int) -> Steps[tuple[Grid, Rating, int]]:
    """A puzzle of ``n`` x ``n`` with at most two givens above the fewest
    possible, reproducible from ``seed``: the puzzle, its rating, the minimum."""
    why = refusal(n, n)
    if why:
        raise PuzzleError(why)
    fewest, entries = catalogue(n)
    rng = random.Random(seed)
    grid, givens = rng.choice(entries)
    grid, givens = moved(grid, givens, n, rng.randrange(16))
    puzzle = checked_deal(n, grid, givens)
    rating = yield from rate_steps(puzzle)
    return puzzle, rating, fewest
