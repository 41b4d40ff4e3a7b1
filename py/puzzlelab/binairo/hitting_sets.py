"""The smallest set of cells that tells one grid apart from every other.

Givens taken from a solution S leave S the only solution exactly when they
meet S XOR T (the cells where T differs) for every other valid grid T. So the
fewest givens of a puzzle whose solution is S is the size of a minimum
hitting set of those difference sets. There are millions of them on 8x8, but
a few small ones decide almost everything: :func:`fewest_givens` starts from
the difference sets of at most a few cells, finds a minimum hitting set of
those by branch and bound, checks it against every grid, adds the sets it
missed and repeats (an implicit hitting set). A minimum for some of the sets
is a lower bound for all of them, so when it hits them all it is the answer.
Sets and hitting sets are ints: bit ``r * n + c`` is cell (r, c).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol


def _packing(unhit: Sequence[int]) -> int:
    """How many of ``unhit`` (smallest first) are pairwise disjoint, greedily:
    each needs a cell of its own, so this is a lower bound on what is left."""
    used = 0
    count = 0
    for s in unhit:
        if not s & used:
            used |= s
            count += 1
    return count


def minimum_hitting_set(sets: Sequence[int], limit: int, start: int = 0) -> int | None:
    """A smallest set of cells meeting every one of ``sets``, if one has at
    most ``limit`` cells (else None); ``start`` is a known lower bound."""
    ordered = sorted(set(sets), key=lambda s: (s.bit_count(), s))
    if not ordered:
        return 0
    found: list[int] = []

    def search(chosen: int, size: int, unhit: list[int], banned: int, room: int) -> bool:
        if not unhit:
            found.append(chosen)
            return True
        if size + _packing(unhit) > room:
            return False
        # Branch on the set with fewest cells still allowed: one of them must be chosen.
        # Cells tried and refused in an earlier branch are banned in the later ones.
        pick = min(unhit, key=lambda s: (s & ~banned).bit_count())
        cells = pick & ~banned
        while cells:
            cell = cells & -cells
            cells ^= cell
            if search(chosen | cell, size + 1, [s for s in unhit if not s & cell], banned, room):
                return True
            banned |= cell
        return False

    for room in range(max(start, _packing(ordered)), limit + 1):
        if search(0, 0, ordered, 0, room):
            return found[0]
    return None


class Differences(Protocol):
    """The difference sets of one grid against every other valid grid."""

    def small(self, cells: int) -> list[int]:
        """Every difference set of at most ``cells`` cells."""

    def missed(self, hitting: int, most: int) -> list[int]:
        """Up to ``most`` of the smallest difference sets that ``hitting`` does not meet."""


def fewest_givens(differences: Differences, limit: int, small: int,
                  tick: Callable[[], None] | None = None) -> int | None:
    """A smallest set of givens that leaves this grid the only solution, if
    one has at most ``limit`` cells (else None): an implicit hitting set over
    ``differences``, starting from the sets of at most ``small`` cells.
    ``tick`` is called between rounds (a job's clock)."""
    sets = differences.small(small)
    size = 0
    while True:
        hitting = minimum_hitting_set(sets, limit, size)
        if hitting is None:
            return None
        size = hitting.bit_count()
        missed = differences.missed(hitting, 24)
        if not missed:
            return hitting
        sets.extend(missed)
        if tick is not None:
            tick()


class PureDifferences:
    """:class:`Differences` over a list of grids as ints (the standard library)."""

    def __init__(self, grids: Sequence[int], grid: int) -> None:
        self.sets = sorted((g ^ grid for g in grids if g != grid), key=int.bit_count)

    def small(self, cells: int) -> list[int]:
        """Every difference set of at most ``cells`` cells."""
        return [s for s in self.sets if s.bit_count() <= cells]

    def missed(self, hitting: int, most: int) -> list[int]:
        """Up to ``most`` of the smallest sets ``hitting`` misses (sets are sorted by size)."""
        out = []
        for s in self.sets:
            if not s & hitting:
                out.append(s)
                if len(out) == most:
                    break
        return out


class NumpyDifferences:
    """:class:`Differences` over a numpy uint64 array of grids (8x8: 4,111,116)."""

    def __init__(self, grids: object, grid: int) -> None:
        import numpy as np

        self.np = np
        diff = grids ^ np.uint64(grid)  # type: ignore[operator]
        sizes = _popcount(np, diff)
        other = sizes > 0
        self.sets = diff[other]
        self.sizes = sizes[other]

    def small(self, cells: int) -> list[int]:
        """Every difference set of at most ``cells`` cells."""
        return [int(s) for s in self.sets[self.sizes <= cells]]

    def missed(self, hitting: int, most: int) -> list[int]:
        """Up to ``most`` of the smallest sets ``hitting`` misses."""
        np = self.np
        where = np.nonzero((self.sets & np.uint64(hitting)) == 0)[0]
        if len(where) > most:
            where = where[np.argsort(self.sizes[where], kind="stable")[:most]]
        return [int(s) for s in self.sets[where]]


def _popcount(np: object, values: object) -> object:
    """Set bits of each uint64 (numpy 2's bitwise_count, or bytes through a table)."""
    count = getattr(np, "bitwise_count", None)
    if count is not None:
        return count(values)
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)  # type: ignore[attr-defined]
    as_bytes = values.view(np.uint8).reshape(-1, 8)  # type: ignore[attr-defined]
    return table[as_bytes].sum(axis=1, dtype=np.uint8)  # type: ignore[attr-defined]
