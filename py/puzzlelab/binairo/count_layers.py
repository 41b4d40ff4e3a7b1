"""The halves of a count when equal rows and equal columns are allowed.

Without the distinct-lines rule a half needs no memory of which rows it used
or which columns are still equal: everything the rest of the grid can see is
the state of the column automata (each column's count of ones) and the last
two rows. So the halves of :func:`puzzlelab.binairo.count._meet_steps` are
built here row by row as a layered count of states, equal states merged with
their numbers of ways added, instead of being listed one by one. At the seam
each class of column sums is a single group of ends (the indices of the last
row and of the row above, packed, and the ways), the form
:func:`puzzlelab.binairo.count_join.join_steps` takes, with no rows and no column
pairs to keep apart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from puzzlelab.binairo.lines import index_bits, valid_lines
from puzzlelab.jobs import Progress, Steps

#: One class of halves ready to join (see ``count_join.Class``): here always one group.
Group = list[tuple[list[int], list[int], list[tuple[int, int]]]]


class Rows(Protocol):
    """What the layers need of ``count._Oriented``."""

    half: int
    cols: int
    spread: dict[int, int]

    def fitting(self, k: int, counts: int, p1: int, p2: int) -> tuple[int, ...]:
        """The rows that may go at row ``k`` after rows whose state is given."""
        ...


class Reports(Protocol):
    """What the layers need of ``count.Ticker``."""

    def due(self) -> bool:
        """Whether a report is due."""
        ...

    def report(self, done: float, phase: str = "") -> Progress:
        """A report for the share ``done`` of all the work."""
        ...


def layered_halves_steps(grid: Rows, ticker: Reports, start: float, share: float,
                         keep: Callable[[int, int], bool] | None = None,
                         wanted: Callable[[int], bool] | None = None
                         ) -> Steps[dict[int, Group]]:
    """The first ``grid.half`` rows of ``grid`` as ``{column sums: group of ends}``.

    ``keep(counts, k)`` may drop a state after ``k`` rows (no later row can
    bring it back: the empty grid's canonical classes), and ``wanted(sums)`` a
    class at the seam. Progress fills ``start .. start + share``, a layer at a time.
    """
    h = grid.half
    table = valid_lines(grid.cols)
    index = {v: i for i, v in enumerate(table)}
    width = len(table).bit_length()  # room for len(table): "no row" above the first
    none = len(table)
    mask = (1 << width) - 1
    rows = [*table, 0]
    spread = grid.spread
    # A state packs the column counts, the last row and the row before (their indices).
    layer: dict[int, int] = {(0 << width | none) << width | none: 1}
    # The last layer is the largest: a class not wanted (another task's share of
    # a split count) is dropped as it is made, so a task holds only its share.
    verdicts: dict[int, bool] = {}

    def taken(sums: int) -> bool:
        verdict = verdicts.get(sums)
        if verdict is None:
            verdict = verdicts[sums] = wanted is None or wanted(sums)
        return verdict

    for k in range(h):
        last = k == h - 1 and wanted is not None
        nxt: dict[int, int] = {}
        get = nxt.get
        each = share / h / max(1, len(layer))
        for n, (state, ways) in enumerate(layer.items()):
            if n & 1023 == 1023 and ticker.due():
                yield ticker.report(start + share * k / h + n * each, "listing the halves")
            counts = state >> (2 * width)
            i1 = state >> width & mask
            p1, p2 = rows[i1], rows[state & mask]
            for v in grid.fitting(k, counts, p1, p2):
                counts1 = counts + spread[v]
                if keep is not None and not keep(counts1, k + 1):
                    continue
                if last and not taken(counts1):
                    continue
                key = (counts1 << width | index[v]) << width | i1
                nxt[key] = get(key, 0) + ways
        layer = nxt
    # At the seam both rows are real (h >= 2): their indices packed as count's keys pack them.
    seam_width = index_bits(grid.cols)
    classes: dict[int, list[tuple[int, int]]] = {}
    for state, ways in layer.items():
        sums = state >> (2 * width)
        ends = classes.get(sums)
        if ends is None:
            if not taken(sums):
                continue
            ends = classes[sums] = []
        ends.append(((state >> width & mask) << seam_width | state & mask, ways))
    return {sums: [([], [], ends)] for sums, ends in classes.items()}
