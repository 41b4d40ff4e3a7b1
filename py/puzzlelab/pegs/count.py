"""Peg solitaire: the exact number of winning move sequences from a position.

A count walks the positions reachable from the position level by level
(one jump a level), as the census's forward pass does, keeping per class of
positions (up to the symmetries that fix the goal) the number of move
sequences that reach its members; at the goal the sum is the count. What
keeps the levels small is knowing which positions can still reach the goal:

* **Booked games** (the English central game): the opening book holds every
  class with at least ``min_pegs`` pegs that is reachable from the start and
  can still reach the goal. Jumps undone on a position are jumps played on
  its complement, and the start's complement is the goal; so a reachable
  position with fewer pegs can reach the goal exactly when its complement is
  in the book. From a position of the game every level is therefore filtered
  down to its good classes, and the count table (:class:`CountTable`, built
  with the book from the census's backward pass) gives the winning sequences
  of every good class with at least its ``min_pegs`` pegs: from those the
  count is one look-up, from the others a walk of a few thousand classes at
  most down to the goal.
* **Every other position** (other boards, goals, or positions the start
  cannot reach): children that a pagoda function proves hopeless are
  dropped, and near the goal only those in the goal table are kept. Where
  numpy can be loaded (natively; in the page only once a census has loaded
  it) the walk is :mod:`puzzlelab.pegs.count_numpy`'s, whole levels at a
  time; else the pure walk here. A level that would pass what memory allows
  here stops the count with a sentence saying so, and so does a walk whose
  growth shows it cannot finish in memory or in time.

Progress is reported whenever :func:`puzzlelab.jobs.due` says so: the
levels done (and the share of the current one) out of the levels to walk.
"""

from __future__ import annotations

import math
import sys
import zlib
from bisect import bisect_left
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path

from puzzlelab import limits
from puzzlelab.data_files import DataDamaged
from puzzlelab.jobs import Progress, Steps, due, finish, work_clock
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census_common
from puzzlelab.pegs.boards import CLASSIC_GAMES
from puzzlelab.pegs.book import (
    BOOK_FOLDER,
    OpeningBook,
    book_file,
    byte_planes,
    decompressed,
    from_byte_planes,
    opening_book,
    read_level_streams,
    with_digest,
)
from puzzlelab.pegs.census import numpy_fits
from puzzlelab.pegs.goals import goal_class_possible, parse_goal
from puzzlelab.pegs.position import board_name
from puzzlelab.pegs.search import Solver

#: Count tables by board name, beside the opening books (loaded on the first count).
COUNT_TABLES = {"english": "english-central.counts"}

CHECK_EVERY = 32  # classes expanded between two looks at the clock

# A class in a level costs about 150 bytes natively (a dict slot, its key and
# its count); a level may use a third of what the process may still take
# (two levels live at once, with the solver's tables), at most 2 GB natively
# and 400 MB in Pyodide's worker, which has 1 to 2 GB for everything.
LEVEL_BYTES_PER_CLASS = 150
LEVEL_MEMORY_CAP = 400_000_000 if sys.platform == "emscripten" else 2_000_000_000


def level_memory() -> int:
    """Bytes one level of a count may use here (see :func:`limits.memory_headroom`)."""
    return limits.budget(1 / 3, LEVEL_MEMORY_CAP)
PROJECT_AFTER = 1.0  # seconds a count runs before its growth is judged (quick ones never are)
REFUSE_SECONDS = 120  # a count may take two minutes (it reports progress and can be cancelled)
REFUSE_FACTOR = 2  # refuse when the projection passes this many times a limit
# The numpy walk may take ten minutes natively (the English corner starts to any
# hole take about one, bench/bench_peg_counts.py); it too reports and can be cancelled.
NUMPY_REFUSE_SECONDS = 600

#: How far the numpy census of each usual game without a count table got on this
#: machine (``tools/peg_levels.py``; 23 GB of memory): its last level computed
#: (pegs, classes up to symmetry, growth over the level before), and the widest
#: level projected from there as :meth:`LevelCounter._refuse_if_out_of_reach`
#: projects (growth shrinking steadily to nothing at the middle level). A count
#: table for the early positions of a game, as ``english-central.counts``, is
#: built from its full census.
CENSUS_REACH: dict[str, tuple[int, int, float, float]] = {
    "french": (23, 23_961_963, 2.31, 3e8),
    "diamond": (28, 17_780_484, 3.01, 2.5e9),
    "wiegleb": (33, 1_556_366, 3.55, 3e9),
}


class CountTable:
    """The winning move sequences from each class of an opening book's upper levels.

    Built with the book by ``tools/peg_book.py`` from the census's backward
    pass. File format: one line of JSON (board, start, goal, ``min_pegs``, and
    per peg count, highest first, the number of classes in ``levels`` and the
    length of the level's zlib stream in ``bytes``), then those streams in that
    order. A stream holds the counts of the book's classes with that many pegs,
    in the book's (sorted) order, as byte planes (see
    :func:`puzzlelab.pegs.byte_planes`). A level is decoded on its first use.
    """

    def __init__(self, header: dict, streams: dict[int, tuple[bytes, int]],
                 book: OpeningBook) -> None:
        self.header = header
        self.min_pegs = int(header["min_pegs"])
        self.book = book
        self.streams = streams
        self.decoded: dict[int, object] = {}

    @classmethod
    def load(cls, path: Path, book: OpeningBook) -> CountTable:
        """The table in ``path``, for the classes of ``book``."""
        header, streams = read_level_streams(path)
        name = f"{BOOK_FOLDER}/{path.name}"
        if header.get("goal") != book.goal_text or header.get("start") != book.header["start"]:
            raise DataDamaged(name, "it is not the count table of its opening book")
        for pegs, (_, count) in streams.items():
            if pegs not in book.levels or len(book.levels[pegs]) != count:
                raise DataDamaged(name, f"its level {pegs} does not match the book")
        return cls(header, streams, book)

    @staticmethod
    def encode(header: dict, levels: Mapping[int, list[int]]) -> bytes:
        """The file's bytes for ``levels``: per peg count, the counts in the book's order."""
        order = sorted(levels, reverse=True)
        streams = {n: zlib.compress(byte_planes(levels[n]), 9) for n in order}
        header = {**{k: v for k, v in header.items() if k != "digest"},
                  "levels": {str(n): len(levels[n]) for n in order},
                  "bytes": {str(n): len(streams[n]) for n in order}}
        return with_digest(header, b"".join(streams[n] for n in order))

    def has(self, pegs: int) -> bool:
        """Whether the table holds the classes with ``pegs`` pegs."""
        return pegs in self.streams

    def counts(self, pegs: int):
        """The counts of the book's level of ``pegs`` pegs, in its order (an array)."""
        level = self.decoded.get(pegs)
        if level is None:
            stream, count = self.streams[pegs]
            level = self.decoded[pegs] = from_byte_planes(decompressed(stream, pegs), count)
        return level

    def wins(self, key: int, pegs: int) -> int | None:
        """The winning sequences from the normalised position ``key``; None if not in the book."""
        keys = self.book.levels[pegs].keys
        at = bisect_left(keys, key)
        if at == len(keys) or keys[at] != key:
            return None
        return self.counts(pegs)[at]


@lru_cache(maxsize=4)
def count_table(board: str) -> CountTable | None:
    """The count table of a standard board's standard game, if one ships (loaded once).

    Raises :class:`~puzzlelab.data_files.DataMissing` when its file (or its
    book's) is absent; ``lru_cache`` keeps no failure.
    """
    name = COUNT_TABLES.get(board)
    book = opening_book(board)
    if name is None or book is None:
        return None
    return CountTable.load(book_file(name, "the peg count table"), book)


class LevelCounter:
    """The count of one board and goal, level by level (see the module docstring)."""

    def __init__(self, solver: Solver) -> None:
        self.solver = solver
        self.geo = solver.geo
        self.goal = solver.goal
        self.goal_keys = {min(solver.images(g)) for g in solver.goal.positions}
        #: Classes a level may hold: read from the memory limits at each count
        #: unless set here (a test sets a small one).
        self.level_limit: int | None = None
        self.limit = 0  # the limit of the count under way
        self.expanded = 0  # classes expanded by the last count (the bench shows it)
        self.widest = 0  # the widest level of the last pure walk (classes)
        #: Whether the walk may use numpy: None when it can be loaded (a test sets it).
        self.use_numpy: bool | None = None
        self.engine = ""  # the walk of the last count: "numpy", "python" or "" (no walk)

    @property
    def counts(self) -> CountTable | None:
        """The count table of the solver's book, when one ships."""
        if self.solver.book is None:
            return None
        name = board_name(self.geo)
        return None if name is None else count_table(name)

    def count_steps(self, pegs: int) -> Steps[int]:
        """The number of move sequences from ``pegs`` that end in the goal (exact)."""
        solver, goal = self.solver, self.goal
        self.expanded = 0
        self.widest = 0
        self.engine = ""
        self.limit = (self.level_limit if self.level_limit is not None
                      else level_memory() // LEVEL_BYTES_PER_CLASS)
        if pegs in goal.positions:
            return 1
        left = pegs.bit_count()
        if left <= goal.pegs or not goal_class_possible(self.geo, pegs, goal):
            return 0
        if solver.pagodas.hopeless(solver.pagodas.packed(pegs)):
            return 0
        yield from solver.prepare_steps()
        if solver.book is not None:
            yield Progress(0, 0, "Loading the opening book")
        key = min(solver.images(pegs))
        if solver.book is not None:
            booked = self._booked(key, left)
            if booked:
                yield Progress(0, 0, "Loading the count table")  # before loading it
            if booked is None:
                # Not both reachable from the book's start and good: dead, or
                # a position the start cannot reach (then counted as any other).
                good = yield from solver.decide_steps(pegs)
                if not good:
                    return 0
            elif not booked:
                return 0
            else:
                return (yield from self._walk(key, left, booked=True))
        fast = numpy_walk() if self.use_numpy is not False else None
        if fast is not None:
            return (yield from self._numpy_walk(fast, pegs))
        return (yield from self._walk(key, left, booked=False))

    def _numpy_walk(self, fast, pegs: int) -> Steps[int]:
        """The count by :mod:`puzzlelab.pegs.count_numpy`, judged after each level as the
        pure walk is (with the numpy walk's memory per class)."""
        self.engine = "numpy"
        per_class = fast.BYTES_PER_CLASS
        if self.level_limit is None:
            self.limit = census_common.census_memory() // per_class

        def judge(sizes: list[int], left: int, seconds: float, expanded: int) -> None:
            self.expanded = expanded
            if sizes[-1] > self.limit:
                raise PuzzleError(self._too_big(left, per_class))
            if seconds > PROJECT_AFTER:
                self._refuse_if_out_of_reach(sizes, left, seconds, expanded, per_class,
                                             NUMPY_REFUSE_SECONDS)

        return (yield from fast.count_steps(self.geo, pegs, self.goal, judge=judge))

    def _booked(self, key: int, left: int) -> bool | None:
        """True when the class is in the book (reachable and good), False when it is
        reachable and dead, None when the book cannot tell (unreachable or not booked)."""
        book = self.solver.book
        assert book is not None
        if left >= book.min_pegs:
            return True if key in book.levels[left] else None
        complement_level = book.levels.get(self.geo.size - left)
        if complement_level is None:
            return None
        return True if self._complement_key(key) in complement_level else None

    def _complement_key(self, key: int) -> int:
        # The normalised form of the complement: complementing reverses the order.
        return self.geo.full ^ max(self.solver.images(key))

    def _good_in_book(self, child: int, images: list[int], left: int) -> bool:
        """Whether a child of a booked position is good: in the book, or its complement is."""
        book = self.solver.book
        level = book.levels.get(left)
        if level is not None:
            return child in level
        complement_level = book.levels.get(self.geo.size - left)
        if complement_level is None:
            return self._hopeful(child, images, left)
        return (self.geo.full ^ max(images)) in complement_level

    def _hopeful(self, child: int, images: list[int], left: int) -> bool:
        """Whether a child may reach the goal, as far as the goal table tells."""
        table = self.solver.table
        return left > table.max_pegs or table.good(child, left)

    def _walk(self, root: int, left: int, booked: bool) -> Steps[int]:
        """Sequences from the class ``root`` to the goal, level by level. ``booked``:
        the root is reachable and good in a booked game (children filtered by the book)."""
        solver = self.solver
        goal_pegs = self.goal.pegs
        table = self.counts if booked else None
        keep = self._good_in_book if booked else self._hopeful
        pagodas = solver.pagodas
        guard, threshold = pagodas.guard, pagodas.threshold
        use_pagodas = not booked and bool(pagodas.weights)
        self.engine = "python"
        steps = solver.steps
        images_of = solver.images
        stop = left
        while stop > goal_pegs and not (table is not None and table.has(stop)):
            stop -= 1
        levels = max(1, left - stop)
        level = {root: 1}
        began = work_clock()  # the count's own time: other jobs' steps do not count
        sizes = [1]
        total = 0
        # This walk's own count of classes expanded, for its projection: the
        # counter is shared, and another count may run between this one's steps.
        expanded = 0
        while True:
            if table is not None and table.has(left):
                for key, paths in level.items():
                    wins = table.wins(key, left)
                    if wins is None:  # pragma: no cover - every kept class is in the book
                        raise AssertionError("a good class missing from the count table")
                    total += paths * wins
                return total
            if left == goal_pegs:
                return sum(paths for key, paths in level.items() if key in self.goal_keys)
            below: dict[int, int] = {}
            n = len(level)
            for done, (key, paths) in enumerate(level.items(), start=1):
                imgs = images_of(key)
                pag = pagodas.packed(key) if use_pagodas else 0
                for need, mask, mimgs, loss in steps:
                    if key & mask != need:
                        continue
                    if use_pagodas and (((pag - loss) | guard) - threshold) & guard != guard:
                        continue
                    child_images = [a ^ b for a, b in zip(imgs, mimgs, strict=True)]
                    child = min(child_images)
                    if child in below:
                        below[child] += paths
                    elif keep(child, child_images, left - 1):
                        below[child] = paths
                if done % CHECK_EVERY == 0 and due():
                    yield self._report(left, levels - (left - stop), levels, done / n, n)
                    if len(below) > self.limit:
                        raise PuzzleError(self._too_big(left - 1, LEVEL_BYTES_PER_CLASS))
            self.expanded += n  # (a statistic for the bench and the tests)
            self.widest = max(self.widest, n, len(below))
            expanded += n
            if len(below) > self.limit:
                raise PuzzleError(self._too_big(left - 1, LEVEL_BYTES_PER_CLASS))
            sizes.append(len(below))
            if not booked and work_clock() - began > PROJECT_AFTER:
                self._refuse_if_out_of_reach(sizes, left - 1, work_clock() - began, expanded,
                                             LEVEL_BYTES_PER_CLASS, REFUSE_SECONDS)
            level = below
            left -= 1
            if not level:
                return 0
            yield self._report(left, levels - (left - stop), levels, 0.0, len(level))

    @staticmethod
    def _report(left: int, done: int, total: int, share: float, size: int) -> Progress:
        return Progress(done + share, total,
                        f"Counting: {left} pegs, {size:,} positions up to symmetry in this level")

    def _refuse_if_out_of_reach(self, sizes: list[int], left: int, seconds: float,
                                expanded: int, per_class: int, refuse_seconds: float) -> None:
        """Stop, saying what it would take, when the levels ahead will not fit.

        Level sizes grow to a peak about halfway to the goal and fall after
        (the census shows it on every board): the projection lets the growth of
        the last level shrink steadily to nothing at halfway and mirrors the rise
        for the fall, and the time per position so far prices it. It refuses
        only when the projected widest level or time is more than
        :data:`REFUSE_FACTOR` times what fits (memory) or what a count may take
        (``refuse_seconds``); nearer the limits the walk goes on. ``seconds``
        and ``expanded`` are the walk's own work so far; ``per_class`` the bytes
        a class takes in a level.
        """
        middle = (left + len(sizes) - 1 + self.goal.pegs) // 2
        ahead = left - middle
        if ahead < 2 or len(sizes) < 3 or sizes[-2] == 0 or sizes[-1] <= sizes[-2]:
            return
        rise = math.log(sizes[-1] / sizes[-2])
        levels = [sizes[-1] * math.exp(rise * (k * ahead - k * (k - 1) / 2) / ahead)
                  for k in range(1, ahead + 1)]
        peak = levels[-1]
        work = sum(sizes) + 2 * sum(levels)
        seconds_each = seconds / max(1, expanded)
        if (peak <= REFUSE_FACTOR * self.limit
                and work * seconds_each <= REFUSE_FACTOR * refuse_seconds):
            return
        where = "in the page" if sys.platform == "emscripten" else "here"
        raise PuzzleError(
            f"Counting from this position is out of reach {where}: its levels are still "
            f"growing (the last one {sizes[-1]:,} positions up to symmetry, {len(sizes) - 1} "
            f"levels in), and at this rate the widest would hold about {_about(peak)} positions, "
            f"some {peak * per_class / 1e9:,.0f} GB, against "
            f"{limits.megabytes(self.limit * per_class)} a count may use {where}; "
            f"the walk would take roughly {_duration(work * seconds_each)}. Count from a position "
            "some moves further on."
            + self._census_note()
        )

    def _too_big(self, left: int, per_class: int) -> str:
        where = "in the page" if sys.platform == "emscripten" else "here"
        return (
            f"Counting from this position would keep more than {self.limit:,} positions "
            f"(up to symmetry) with {left} pegs at once, past the "
            f"{limits.megabytes(self.limit * per_class)} a count may use {where}. "
            "Count from a position a few moves further on, or run the census of this game "
            "with numpy."
            + self._census_note()
        )

    def _census_note(self) -> str:
        """For a usual game without a count table: what a table would take (measured)."""
        name = board_name(self.geo)
        if name not in CENSUS_REACH:
            return ""
        goal_text = CLASSIC_GAMES[name][1] if name in CLASSIC_GAMES else None
        if parse_goal(self.geo, goal_text).positions != self.goal.positions:
            return ""
        pegs, classes, growth, peak = CENSUS_REACH[name]
        return (
            f" Counting the early positions of this game needs a count table built from its "
            f"census, as the English game has: that census reached {classes:,} positions up "
            f"to symmetry with {pegs} pegs, still {growth:.1f} times more each move, and its "
            f"widest level would hold about {_about(peak)}, far more than the 23 GB of the "
            "machine it was measured on could hold (not done)."
        )


def _about(n: float) -> str:
    """A large number in words, to two figures."""
    for size, name in ((1e12, "trillion"), (1e9, "billion"), (1e6, "million")):
        if n >= size:
            value = n / size
            return f"{value:,.0f} {name}" if value >= 100 else f"{value:.2g} {name}"
    return f"{n:,.0f}"


def _duration(seconds: float) -> str:
    """A rough duration in words."""
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    if seconds < 172_800:
        return f"{seconds / 3600:.0f} hours"
    return f"{seconds / 86_400:,.0f} days"


def numpy_walk():
    """:mod:`puzzlelab.pegs.count_numpy`, or None where numpy cannot be loaded, or in the
    page until something else has loaded it (a census): importing it there takes time
    a count should not wait for."""
    if sys.platform == "emscripten" and "numpy" not in sys.modules:
        return None
    try:
        numpy_fits()
        from puzzlelab.pegs import count_numpy
    except ImportError:
        return None
    return count_numpy


@lru_cache(maxsize=8)
def counter(solver: Solver) -> LevelCounter:
    """The shared counter of a solver (its board and goal)."""
    return LevelCounter(solver)


def count_steps(solver: Solver, pegs: int) -> Steps[int]:
    """The number of winning move sequences from ``pegs`` (exact), with progress."""
    return counter(solver).count_steps(pegs)


def count(solver: Solver, pegs: int) -> int:
    """:func:`count_steps` to the end."""
    return finish(count_steps(solver, pegs))
