"""Counting the solutions of a binary puzzle (Takuzu): planned, exact, with progress.

The rules are those of :mod:`puzzlelab.binairo`: balanced rows and columns,
no three equal digits side by side, no two equal rows, no two equal columns;
with ``distinct=False`` rows and columns may repeat (both methods honour it:
the search's state forgets the rows used and the columns still equal, and the
halves are counted by layers of states, :mod:`puzzlelab.binairo.count_layers`).

Two exact methods share one description of the grid, :class:`_Oriented`
(rows placed top to bottom; each column is a small automaton whose state is
its count of ones and its last two digits, with a table of the digits that
still let the column be completed, givens included):

* **Row search** (:func:`_search_steps`): rows are placed top to bottom,
  each row chosen among the valid lines that agree with its givens and with
  the digits its columns still allow; equal states (column states, classes of
  columns still equal, rows already used that could occur again) are counted
  once. Its cost follows the number of partial grids, so it is the method for
  grids with givens (10^5 solutions of a 16x16 in seconds).
* **Meeting in the middle** (:func:`_meet_steps`): the top half and the
  bottom half (read upwards) are enumerated depth first and filed by their
  column sums, one compact integer per half; then one class of column sums
  at a time is joined with its complementary class (disjoint rows, no pair
  of columns equal in both halves, no three equal across the seam) with
  big-int bitsets (:mod:`puzzlelab.binairo.count_join`), so memory holds the
  compact halves and one class's working data. On an empty grid the bottoms
  are the complements of the tops, and only classes canonical under
  mirroring and complementing are kept, weighted by the size of their orbit:
  the empty 10x10 (48,183,195,384) in well under a minute natively (the
  figures are in docs/binairo.md).

:func:`plan` estimates both (random probes of the search trees, Knuth's
estimator) in each orientation of the grid (turned upside down, turned on its
diagonal) and picks the cheaper; a count that would not finish where it runs
(natively or in the page) is refused up front in plain words.
"""

from __future__ import annotations

import gc
import random
import struct
import sys
from array import array
from collections.abc import Callable
from dataclasses import dataclass, replace

from puzzlelab import limits
from puzzlelab.binairo.count_join import group_steps, join_steps, pairs_same
from puzzlelab.binairo.count_layers import layered_halves_steps
from puzzlelab.binairo.count_progress import Ticker, duration
from puzzlelab.binairo.grid import Grid
from puzzlelab.binairo.lines import bit_positions, index_bits, transpose, valid_lines
from puzzlelab.jobs import Steps, due, finish, work_clock
from puzzlelab.notation import PuzzleError

IN_PAGE = sys.platform == "emscripten"
#: The page's worker runs Python about 2.5 times slower than this machine natively.
SLOWDOWN = 2.5 if IN_PAGE else 1.0
#: The longest count started: beyond it the count is refused up front.
TIME_LIMIT = 1800.0 if IN_PAGE else 4 * 3600.0
#: The most memory a count may plan to use (the page's worker has 1-2 GB).
MEMORY_CAP = 800e6 if IN_PAGE else 4e9


def memory_limit() -> float:
    """Bytes a count may plan to use here: half of what the process may still
    take (:func:`limits.memory_headroom`), at most :data:`MEMORY_CAP`."""
    return float(limits.budget(0.5, MEMORY_CAP))


#: The row search forgets its memo beyond this many states (a few hundred bytes each).
MEMO_LIMIT = 400_000
_NEEDS_LIMIT = 100_000
_NIBBLE = 4  # bits per column in a packed vector of column counts (counts up to 8)
_CHUNK = 5  # columns per memo of :meth:`_Oriented.needs`
_CHUNK_ROW = (1 << _CHUNK) - 1
_CHUNK_COUNTS = (1 << (_NIBBLE * _CHUNK)) - 1
# Measured costs on this machine (seconds per unit), used by the plan's estimates.
_SEARCH_NODE = 25e-6
_SEARCH_DOUBT = 30.0  # how far the row search's estimate may run low
# The meet's three were scaled by what each part gained when the halves' last
# row and the join were made cheaper (each part of the empty 10x10 timed in one
# process, before and after: listing the halves 8.7 s -> 5.0 s, grouping and
# joining them 18.2 s -> 13.6 s; the whole count in bench/bench_count10.py).
_HALF_LEAF = 0.65e-6
_JOIN_ENTRY = 3e-6
_JOIN_WORD = 1.5e-10
# Bytes per stored half at the peak of a meet: its key, times this for the
# lists' spare room and the classes' dict, and h x cols bytes for its share of
# its class's groups and bitsets while joined. The key's size is what grows
# with the columns: natively a 98-bit int of 48 bytes with its pointer at 10
# columns, 538 bits and 104 bytes at 14. Fitted on peaks measured just after
# listing the halves of the empty 8x10, 8x12, 10x10 and 6x14 (56 to 155 bytes
# a half; docs/development.md, "Keys of 12 and 14 columns"). A flat 40 bytes
# a key before projected 8x14's parts at 3.5 GB where 5.7 GB was measured.
_KEY_SLACK = 1.35
# Without the distinct-lines rule the halves are layers of states, each state
# one dict entry (about this many bytes, two layers held) and a pass over its
# columns (seconds per column); the plan bounds the states by the partial grids.
_LAYER_BYTES = 2 * 120.0
_LAYER_COLUMN = 1.0e-6
# Before meeting in the middle, the row search is tried when its estimate is
# this many times lower, for at most this share of the meet's estimate (its own
# estimate may run low twentyfold); then the meet runs as planned.
_TRIAL_WHEN = 3.0
_TRIAL_SHARE = 0.5


# --- one orientation of the grid -------------------------------------------


def row_options(grid: Grid) -> list[tuple[int, ...]]:
    """The valid lines each row may hold, given its digits."""
    table = valid_lines(grid.cols)
    return [tuple(v for v in table if v & o == o and not v & z)
            for o, z in zip(grid.ones, grid.zeros, strict=True)]


def _column_digits(length: int, ones: int, zeros: int) -> list[list[int]]:
    """For one column (``ones``/``zeros``: its known digits, bit r = row r), the
    digits it may take at row ``k`` from each state and still be completed.

    ``out[k][9 * o + 3 * d1 + d2]`` is a mask (1: digit 0 allowed, 2: digit 1)
    for a column with ``o`` ones above row ``k`` whose last two digits are
    ``d1`` (row k - 1) and ``d2`` (row k - 2), 2 standing for "no row".
    """
    half = length // 2
    size = 9 * (half + 1)
    good = [[False] * size for _ in range(length + 1)]
    out = [[0] * size for _ in range(length)]
    for o in range(half + 1):
        for d in range(9):
            good[length][9 * o + d] = o == half
    for k in range(length - 1, -1, -1):
        for o in range(half + 1):
            for d1 in range(3):
                for d2 in range(3):
                    mask = 0
                    for digit in (0, 1):
                        if (ones if digit else zeros) >> k & 1 == 0 and (ones | zeros) >> k & 1:
                            continue  # a given of the other digit
                        if digit == d1 == d2:
                            continue
                        o2 = o + digit
                        if o2 > half or k + 1 - o2 > half:
                            continue
                        if good[k + 1][9 * o2 + 3 * digit + d1]:
                            mask |= 1 << digit
                    out[k][9 * o + 3 * d1 + d2] = mask
                    good[k][9 * o + 3 * d1 + d2] = mask != 0
    return out


class _Oriented:
    """The grid as rows placed top to bottom: options per row and column automata;
    ``distinct``: no two equal rows, no two equal columns."""

    def __init__(self, grid: Grid, distinct: bool = True) -> None:
        self.grid = grid
        self.distinct = distinct
        self.rows, self.cols = grid.rows, grid.cols
        self.half = grid.rows // 2
        self.full = (1 << grid.cols) - 1
        self.options = row_options(grid)
        cones, czeros = transpose(grid.ones, grid.cols), transpose(grid.zeros, grid.cols)
        self.digits = [_column_digits(grid.rows, o, z) for o, z in zip(cones, czeros, strict=True)]
        self.spread = {v: sum(1 << (_NIBBLE * c) for c in bit_positions(v))
                       for v in valid_lines(grid.cols)}
        self._chunk_needs: list[dict[int, tuple[int, int] | None]] = [
            {} for _ in range(0, grid.cols, _CHUNK)]
        self._fitting: dict[tuple[int, int, int], tuple[int, ...]] = {}
        # future[k]: the rows that may still be placed at row k or below.
        self.future = [frozenset().union(*map(frozenset, self.options[k:]))
                       for k in range(self.rows + 1)]

    def needs(self, k: int, counts: int, p1: int, p2: int) -> tuple[int, int] | None:
        """The columns forced to 0 and to 1 at row ``k`` (None: a column is dead)."""
        need0 = need1 = 0
        for shift, memo in enumerate(self._chunk_needs):
            # One memo per chunk of _CHUNK columns: a chunk's few states recur far
            # more often than whole states do (the empty 10x10's halves meet
            # 700,000 of those), and one look-up replaces _CHUNK columns' work.
            key = ((k << (_NIBBLE * _CHUNK) | counts >> (_NIBBLE * _CHUNK * shift)
                    & _CHUNK_COUNTS) << _CHUNK | p1 >> (_CHUNK * shift) & _CHUNK_ROW
                   ) << _CHUNK | p2 >> (_CHUNK * shift) & _CHUNK_ROW
            found = memo.get(key, ())
            if found == ():
                if len(memo) > _NEEDS_LIMIT:
                    memo.clear()  # bounded memory; only speed is lost
                found = memo[key] = self._chunk_need(k, shift, key)
            if found is None:
                return None
            need0 |= found[0] << (_CHUNK * shift)
            need1 |= found[1] << (_CHUNK * shift)
        return need0, need1

    def _chunk_need(self, k: int, shift: int, state: int) -> tuple[int, int] | None:
        """:meth:`needs` for the columns of one chunk, ``state`` packing their
        counts, then their digits at rows ``k - 1`` and ``k - 2`` (and ``k`` above)."""
        p2 = state & _CHUNK_ROW
        p1 = state >> _CHUNK & _CHUNK_ROW
        counts = state >> (2 * _CHUNK) & _CHUNK_COUNTS
        need0 = need1 = 0
        first = _CHUNK * shift
        for c in range(first, min(first + _CHUNK, self.cols)):
            i = c - first
            o = counts >> (_NIBBLE * i) & 15
            d1 = p1 >> i & 1 if k >= 1 else 2
            d2 = p2 >> i & 1 if k >= 2 else 2
            mask = self.digits[c][k][9 * o + 3 * d1 + d2]
            if mask == 1:
                need0 |= 1 << i
            elif mask == 2:
                need1 |= 1 << i
            elif not mask:
                return None
        return need0, need1

    def fitting(self, k: int, counts: int, p1: int, p2: int) -> tuple[int, ...]:
        """The rows that may go at row ``k`` after rows whose state is given."""
        need = self.needs(k, counts, p1, p2)
        if need is None:
            return ()
        need0, need1 = need
        key = (k, need0, need1)
        found = self._fitting.get(key)
        if found is None:
            found = self._fitting[key] = tuple(
                v for v in self.options[k] if not v & need0 and v & need1 == need1)
        return found

    def probe(self, depth: int, rng: random.Random, canonical: bool = False) -> float:
        """One random descent to ``depth`` rows: Knuth's estimate of the nodes of the
        search tree (distinct rows when the rule holds, column automata; no memo)."""
        counts = p1 = p2 = 0
        used: list[int] = []
        weight = 1.0
        nodes = 1.0
        for k in range(depth):
            kids = [v for v in self.fitting(k, counts, p1, p2) if v not in used]
            if canonical:
                kids = [v for v in kids if _canonical_possible(counts + self.spread[v], k + 1,
                                                               self.half, self.cols)]
            if not kids:
                break
            weight *= len(kids)
            nodes += weight
            v = rng.choice(kids)
            counts += self.spread[v]
            p1, p2 = v, p1
            if self.distinct:
                used.append(v)
        return nodes


def _split(part: tuple[int, ...], v: int) -> tuple[int, ...]:
    """Classes of columns still equal after one more row ``v``."""
    out = []
    for m in part:
        a, b = m & v, m & ~v
        if a & (a - 1):
            out.append(a)
        if b & (b - 1):
            out.append(b)
    out.sort()
    return tuple(out)


# --- the row search ---------------------------------------------------------


def _search_steps(grid: _Oriented, ticker: Ticker, start: float = 0.0,
                  share: float = 1.0) -> Steps[int]:
    """Count by placing rows top to bottom, with a memo of equal states.

    The state below row ``k``: the column automata (counts of ones, the last
    two rows), the classes of columns equal so far (they must come apart), and
    the rows used that could still occur below (without the distinct-lines rule
    only the column automata: the memo makes it a count by states). The search is an explicit
    stack so that it can report progress at any point; the share of the work
    done is the share of the search tree's prefixes finished, each node's share
    split evenly among its children.
    """
    rows, full = grid.rows, grid.full
    spread, future = grid.spread, grid.future
    memo: dict[tuple, int] = {}
    done = 0.0
    steps = 0
    root_part = (full,) if grid.cols > 1 and grid.distinct else ()
    distinct = grid.distinct
    kids = grid.fitting(0, 0, 0, 0)
    # A frame: [k, counts, p1, p2, part, live, kids, next kid, total, each kid's share, key]
    stack: list[list] = [[0, 0, 0, 0, root_part, frozenset(), kids, 0, 0,
                          share / len(kids) if kids else share, None]]
    result = 0
    while stack:
        frame = stack[-1]
        k, counts, p1, _p2, part, live, kids, i = frame[:8]
        if i == len(kids):
            stack.pop()
            if not kids:
                done += frame[9]
            if frame[10] is not None:
                if len(memo) > MEMO_LIMIT:
                    memo.clear()  # bounded memory; only speed is lost
                memo[frame[10]] = frame[8]
            if stack:
                stack[-1][8] += frame[8]
            else:
                result = frame[8]
            continue
        frame[7] = i + 1
        each = frame[9]
        v = kids[i]
        steps += 1
        if steps & 255 == 0 and ticker.due():
            yield ticker.report(start + done, "searching row by row")
        if v in live:
            done += each
            continue
        k1 = k + 1
        counts1 = counts + spread[v]
        part1 = _split(part, v) if part else ()
        if k1 == rows:
            frame[8] += 0 if part1 else 1
            done += each
            continue
        after = future[k1]
        live1 = frozenset(u for u in live if u in after)
        if v in after and distinct:
            live1 |= {v}
        key = (k1, counts1, v, p1, part1, live1)
        known = memo.get(key)
        if known is not None:
            frame[8] += known
            done += each
            continue
        kids1 = grid.fitting(k1, counts1, v, p1)
        if not kids1:
            memo[key] = 0
            done += each
            continue
        stack.append([k1, counts1, v, p1, part1, live1, kids1, 0, 0, each / len(kids1), key])
    return result


# --- meeting in the middle ----------------------------------------------------


def in_part(sums: int, part: tuple[int, int] | None) -> bool:
    """Whether the class of column sums ``sums`` falls to task ``part = (i, k)``
    of a meet split into ``k`` tasks (None: the whole count).

    Classes are dealt out by a multiplicative hash of their sums, so each task
    keeps about 1/k of the halves in memory; every task still lists all the
    halves (dropping the others' classes as they come), and the tasks' counts
    add up to the whole. The split of a count too large for one memory, here
    or on a cluster.
    """
    if part is None:
        return True
    i, k = part
    return (((sums * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF) >> 40) % k == i


def _orbit(sums: int, half: int, cols: int, mirror: bool, complement: bool) -> set[int]:
    """The classes of column sums related to ``sums`` by the symmetries in use."""
    orbit = {sums}
    if complement:
        target = sum(half << (_NIBBLE * c) for c in range(cols))
        orbit |= {target - s for s in orbit}
    if mirror:
        orbit |= {_mirror_sums(s, cols) for s in orbit}
    return orbit


def _mirror_sums(sums: int, cols: int) -> int:
    return sum((sums >> (_NIBBLE * c) & 15) << (_NIBBLE * (cols - 1 - c)) for c in range(cols))


def _order(sums: int, cols: int) -> tuple[int, ...]:
    """The order that picks a canonical class: column 0 first."""
    return tuple(sums >> (_NIBBLE * c) & 15 for c in range(cols))


def _canonical_possible(counts: int, k: int, half: int, cols: int) -> bool:
    """Whether a top half whose first ``k`` rows have column counts ``counts`` can
    still end in a class canonical under mirroring and complementing (column 0's
    sum no larger than in any image: s0 <= half - s0, s0 <= sN, s0 <= half - sN)."""
    first = counts & 15
    last = counts >> (_NIBBLE * (cols - 1)) & 15
    return 2 * first <= half and first <= last + half - k and first + last <= half


@dataclass
class _Halves:
    """The halves of one side, filed by class: ``{column sums: array of keys}``.

    A key packs the half's set of rows (bit ``i`` for the ``i``-th valid row;
    the order of the rows above the last two no longer matters at the seam),
    then the index of the last row, then of the row before it (``width`` bits
    each); equal keys are the orderings of one set with the same last two rows.
    """

    classes: dict[int, array | list[int]]
    width: int
    entries: int


def _halves_steps(grid: _Oriented, ticker: Ticker, start: float, share: float,
                  canonical: bool, wanted: Callable[[int], bool] | None = None
                  ) -> Steps[_Halves]:
    """Every first ``rows/2`` rows of ``grid`` (distinct rows, column automata), filed by
    their column sums; with ``canonical``, only classes canonical under mirroring
    and complementing (the empty grid's symmetries); with ``wanted``, only the
    classes it accepts (one task's share of a split count)."""
    h, cols = grid.half, grid.cols
    table = valid_lines(cols)
    index = {v: i for i, v in enumerate(table)}
    bit = {v: 1 << i for i, v in enumerate(table)}
    width = index_bits(cols)
    shift = 2 * width
    compact = len(table) + shift <= 64
    # Classes by column sums; None for a class dropped (not canonical).
    filed: dict[int, array | list[int] | None] = {}
    spread = grid.spread
    # The last row's candidates by the columns it must satisfy (the needs at
    # row h - 1), split by their digits in the first and last columns: each
    # row's bit, column counts and part of the key, looked up once rather than
    # per half (the leaves are millions).
    last_parts: dict[tuple[int, int], list[tuple[int, int, list[tuple[int, int, int]]]]] = {}
    last_column = _NIBBLE * (cols - 1)
    # Depth first over the first h - 1 rows; the last row is a tight loop.
    top_kids = grid.fitting(0, 0, 0, 0)
    stack: list[list] = [[0, 0, 0, 0, top_kids, 0, share / max(1, len(top_kids)), 0]]
    done = 0.0
    steps = 0
    while stack:
        frame = stack[-1]
        k, counts, p1, _p2, kids, i, each, used_bits = frame
        if i == len(kids):
            stack.pop()
            if not kids:
                done += each
            continue
        frame[5] = i + 1
        v = kids[i]
        steps += 1
        if steps & 63 == 0 and ticker.due():
            yield ticker.report(start + done, "listing the halves")
        if used_bits & bit[v]:
            done += each
            continue
        counts1 = counts + spread[v]
        if canonical and not _canonical_possible(counts1, k + 1, h, cols):
            done += each
            continue
        if k + 1 < h - 1:
            kids1 = grid.fitting(k + 1, counts1, v, p1)
            if kids1:
                stack.append([k + 1, counts1, v, p1, kids1, 0, each / len(kids1),
                              used_bits | bit[v]])
            else:
                done += each
            continue
        done += each
        # Row h - 1 (the last of the half) after the rows of used_bits, then v.
        need = grid.needs(h - 1, counts1, v, p1)
        if need is None:
            continue
        parts = last_parts.get(need)
        if parts is None:
            corners: dict[tuple[int, int], list[tuple[int, int, int]]] = {}
            for w in grid.fitting(h - 1, counts1, v, p1):
                corners.setdefault((w & 1, w >> (cols - 1) & 1), []).append(
                    (bit[w], spread[w], bit[w] << shift | index[w] << width))
            parts = last_parts[need] = [(a, b, items) for (a, b), items in corners.items()]
        used_bits |= bit[v]
        base = used_bits << shift | index[v]
        first, last = counts1 & 15, counts1 >> last_column & 15
        for a, b, items in parts:
            # _canonical_possible at row h for the sums of column 0 and the last
            # column, inlined: it rules out two thirds of the empty 10x10's leaves.
            if canonical and (2 * (first + a) > h or first + a > last + b
                              or first + a + last + b > h):
                continue
            for w_bit, w_spread, w_key in items:
                if used_bits & w_bit:
                    continue
                sums = counts1 + w_spread
                bucket = filed.get(sums)
                if bucket is None:
                    if sums in filed:
                        continue  # a class dropped already
                    if ((canonical and _order(sums, cols) != min(
                            _order(s, cols) for s in _orbit(sums, h, cols, True, True)))
                            or (wanted is not None and not wanted(sums))):
                        filed[sums] = None
                        continue
                    bucket = filed[sums] = array("Q") if compact else []
                bucket.append(base | w_key)
    classes = {sums: keys for sums, keys in filed.items() if keys is not None}
    entries = sum(map(len, classes.values()))
    return _Halves(classes, width, entries)


def _meet_steps(grid: Grid, ticker: Ticker, symmetric: bool, distinct: bool = True,
                part: tuple[int, int] | None = None) -> Steps[int]:
    """Count by meeting in the middle (see the module notes); ``symmetric`` for an
    empty grid, whose bottoms are its tops complemented; ``distinct``: no two
    equal rows or columns (else the halves are layers of states); ``part``: only
    the classes of that task (:func:`in_part`)."""
    rows, cols = grid.rows, grid.cols
    h = rows // 2
    target = sum(h << (_NIBBLE * c) for c in range(cols))
    # A top class and its partner below (target - sums) fall to the same task.
    top_wanted = bottom_wanted = None
    if part is not None:
        def top_wanted(sums: int) -> bool:
            return in_part(sums, part)

        def bottom_wanted(sums: int) -> bool:
            return in_part(target - sums, part)
    if not distinct:
        return (yield from _layered_meet_steps(grid, ticker, symmetric, top_wanted,
                                               bottom_wanted))
    top = _Oriented(grid)
    list_share = 0.33  # the share of the time listing the halves took on the empty 10x10
    tops = yield from _halves_steps(top, ticker, 0.0, list_share / (1 if symmetric else 2),
                                    symmetric, top_wanted)
    if symmetric:
        bottoms = tops
    else:
        upside = _Oriented(_upside_down(grid))
        bottoms = yield from _halves_steps(upside, ticker, list_share / 2, list_share / 2, False,
                                           bottom_wanted)
    same = pairs_same(cols)
    work = {s: len(keys) * (1 + len(keys) / 20_000) for s, keys in tops.classes.items()}
    whole = sum(work.values()) or 1.0
    total = 0
    done = list_share
    for sums in sorted(tops.classes):
        partner = target - sums
        share = (1 - list_share) * work[sums] / whole
        other = tops.classes[sums] if symmetric else bottoms.classes.get(partner)
        if other:
            top_class = yield from group_steps(tops.classes[sums], tops.width, cols, same,
                                                ticker, done)
            bottom_class = (top_class if symmetric else
                            (yield from group_steps(other, bottoms.width, cols, same, ticker,
                                                     done)))
            joined = yield from join_steps(top_class, bottom_class, cols, tops.width, ticker,
                                            done, share, h >= 2, symmetric)
            weight = len(_orbit(sums, h, cols, True, True)) if symmetric else 1
            total += weight * joined
        done += share
        if ticker.due():
            yield ticker.report(done, "joining the halves")
    return total


def _layered_meet_steps(grid: Grid, ticker: Ticker, symmetric: bool,
                        top_wanted: Callable[[int], bool] | None = None,
                        bottom_wanted: Callable[[int], bool] | None = None) -> Steps[int]:
    """Meeting in the middle without the distinct-lines rule: halves counted by
    layers of states (:mod:`puzzlelab.binairo.count_layers`), each class of
    column sums joined with its complement across the seam alone; the
    ``wanted`` tests keep one task's classes of a split count."""
    cols, h = grid.cols, grid.rows // 2
    list_share = 0.5
    keep = None
    wanted = top_wanted
    if symmetric:
        def keep(counts: int, k: int) -> bool:
            return _canonical_possible(counts, k, h, cols)

        def wanted(sums: int) -> bool:
            return (_order(sums, cols) == min(_order(s, cols)
                                              for s in _orbit(sums, h, cols, True, True))
                    and (top_wanted is None or top_wanted(sums)))
    tops = yield from layered_halves_steps(_Oriented(grid, False), ticker, 0.0,
                                           list_share / (1 if symmetric else 2), keep, wanted)
    bottoms = tops if symmetric else (yield from layered_halves_steps(
        _Oriented(_upside_down(grid), False), ticker, list_share / 2, list_share / 2,
        None, bottom_wanted))
    target = sum(h << (_NIBBLE * c) for c in range(cols))
    work = {s: len(group[0][2]) for s, group in tops.items()}
    whole = sum(work.values()) or 1
    total = 0
    done = list_share
    for sums in sorted(tops):
        share = (1 - list_share) * work[sums] / whole
        other = tops[sums] if symmetric else bottoms.get(target - sums)
        if other:
            joined = yield from join_steps(tops[sums], other, cols, index_bits(cols), ticker,
                                            done, share, True, symmetric)
            total += (len(_orbit(sums, h, cols, True, True)) if symmetric else 1) * joined
        done += share
        if ticker.due():
            yield ticker.report(done, "joining the halves")
    return total


# --- planning ---------------------------------------------------------------


def _upside_down(grid: Grid) -> Grid:
    return Grid.from_masks(grid.rows, grid.cols, grid.ones[::-1], grid.zeros[::-1])


def _transposed(grid: Grid) -> Grid:
    return Grid.from_masks(grid.cols, grid.rows, transpose(grid.ones, grid.cols),
                           transpose(grid.zeros, grid.cols))


@dataclass(frozen=True)
class Plan:
    """How a count will run: the method, the orientation, and what it should cost."""

    method: str  # "search" or "meet"
    grid: Grid  # the grid as it will be counted (maybe turned)
    seconds: float  # the estimated time where it runs
    memory: float  # the estimated peak memory in bytes
    symmetric: bool = False  # an empty grid: the meet uses its symmetries
    other: str = ""  # what the other method would cost (for a refusal)
    distinct: bool = True  # no two equal rows, no two equal columns
    # A meet may first try the row search on this grid for ``trial_seconds``.
    trial: Grid | None = None
    trial_seconds: float = 0.0

    @property
    def text(self) -> str:
        """The method in words, for the result and the benchmark."""
        if self.method == "search":
            return "row search"
        return "meet in the middle" + (" with symmetries" if self.symmetric else "")


def _estimate_steps(probe: Callable[[], float], probes: int) -> Steps[float]:
    """The mean of ``probes`` random probes, pausing whenever a report is due
    (a probe of a wide grid takes a millisecond; a plan makes hundreds)."""
    total = 0.0
    for _ in range(probes):
        if due():
            yield None
        total += probe()
    return total / probes if probes else 0.0


def _search_cost_steps(grid: _Oriented, rng: random.Random, probes: int) -> Steps[float]:
    """Estimated seconds of the row search (its tree without the memo, so an upper bound)."""
    nodes = yield from _estimate_steps(lambda: grid.probe(grid.rows, rng), probes)
    return nodes * _SEARCH_NODE


def _meet_cost_steps(grid: Grid, rng: random.Random, probes: int, symmetric: bool,
                     distinct: bool = True) -> Steps[tuple[float, float]]:
    """Estimated seconds and bytes of meeting in the middle."""
    top = _Oriented(grid, distinct)
    h = grid.rows // 2
    leaves = yield from _estimate_steps(lambda: top.probe(h, rng, symmetric), probes)
    if not symmetric:
        upside = _Oriented(_upside_down(grid), distinct)
        leaves += yield from _estimate_steps(lambda: upside.probe(h, rng), probes)
    if not distinct:
        # Layers of states: never more states than partial grids (the probes'
        # nodes), often far fewer, so this is an upper bound. The join holds
        # one class's ends at a time.
        return leaves * grid.cols * _LAYER_COLUMN, leaves * _LAYER_BYTES + 30e6
    stored = leaves * (0.6 if symmetric else 1.0)
    # The join: a few big-int operations per entry over its class's bitsets.
    classes = max(1.0, min(stored, 3.0 ** min(grid.cols, 30)))
    per_class = stored / classes
    seconds = leaves * _HALF_LEAF + stored * _JOIN_ENTRY + stored * per_class * _JOIN_WORD
    return seconds, stored * (_entry_bytes(grid.cols) + h * grid.cols) + 30e6


def _entry_bytes(cols: int) -> float:
    """Bytes a stored half's key takes at the meet's peak, where this runs: a
    machine word in an array up to 8 columns, else a pointer to a big int of a
    bit per valid row and two row indices, with the lists' spare room."""
    bits = len(valid_lines(cols)) + 2 * index_bits(cols)
    key = 8 if bits <= 64 else struct.calcsize("P") + sys.getsizeof(1 << (bits - 1))
    return _KEY_SLACK * key


def plan(grid: Grid, probes: int = 120, distinct: bool = True) -> Plan:
    """Choose the method and orientation by estimates (Knuth's random probes of the
    search trees); the estimates are for where this runs (natively or in the page).
    ``distinct=False``: rows and columns may repeat."""
    return finish(plan_steps(grid, probes, distinct))


def plan_steps(grid: Grid, probes: int = 120, distinct: bool = True) -> Steps[Plan]:
    """:func:`plan`, pausing whenever a report is due."""
    chosen = yield from _plan_steps(grid, probes, distinct)
    return replace(chosen, distinct=distinct)


def _plan_steps(grid: Grid, probes: int, distinct: bool) -> Steps[Plan]:
    rng = random.Random(1)
    empty = not any(grid.ones) and not any(grid.zeros)
    shapes = [grid, _upside_down(grid)]
    if grid.rows != grid.cols or not empty:
        turned = _transposed(grid)
        shapes += [turned, _upside_down(turned)]
    if empty:
        shapes = shapes[::2]  # turning an empty grid upside down changes nothing
    searches: list[Plan] = []
    meets: list[Plan] = []
    for shape in shapes:
        oriented = _Oriented(shape, distinct)
        if not oriented.fitting(0, 0, 0, 0) or any(not o for o in oriented.options):
            return Plan("search", shape, 0.0, 0.0)
        seconds = (yield from _search_cost_steps(oriented, rng, probes)) * SLOWDOWN
        searches.append(Plan("search", shape, seconds, 50e6))
        if shape.rows >= 4:
            seconds, memory = yield from _meet_cost_steps(shape, rng, probes, empty,
                                                           distinct)
            meets.append(Plan("meet", shape, seconds * SLOWDOWN, memory, empty))
    search = min(searches, key=lambda p: p.seconds)
    memory = memory_limit()
    meet = min(meets, key=lambda p: (p.memory > memory, p.seconds)) if meets else None
    # Without the distinct-lines rule the meet's figures are upper bounds.
    about = "about" if distinct else "at most about"
    if meet is not None and meet.memory > memory:
        other = (f"meeting in the middle would need {about} {limits.megabytes(meet.memory)} of "
                 f"memory and {duration(meet.seconds)}")
        return Plan("search", search.grid, search.seconds * _SEARCH_DOUBT, search.memory,
                    other=other)
    # Random probes of a search tree mostly miss its heaviest branches, so the
    # search's estimate runs low (a 16x16 with 510,347 solutions: 1.8 s
    # estimated, 51 s taken) while the halves' estimate holds within about 2x:
    # the search is chosen only when it looks thirty times cheaper.
    if meet is not None and search.seconds * _SEARCH_DOUBT >= meet.seconds:
        if search.seconds * _TRIAL_WHEN < meet.seconds:
            # The search looks much cheaper but its estimate may run low: try it
            # for a while first (a 16x16 with 4,110 solutions: search 5.6 s,
            # estimated 4.5 s; meet 26 s, estimated 22 s).
            budget = meet.seconds * _TRIAL_SHARE
            return Plan(meet.method, meet.grid, meet.seconds + budget, meet.memory,
                        meet.symmetric, trial=search.grid, trial_seconds=budget)
        return meet
    other = f"meeting in the middle would take {about} {duration(meet.seconds)}" if meet else ""
    return Plan("search", search.grid, search.seconds * _SEARCH_DOUBT, search.memory,
                other=other)


def _refusal(grid: Grid, best: Plan) -> str:
    where = "in the page" if IN_PAGE else "here"
    memory = memory_limit()
    limit = f"{duration(TIME_LIMIT)} and {limits.megabytes(memory)}"
    bound = best.method == "meet" and not best.distinct  # (an upper bound then)
    cost = f"{'at most ' if bound else ''}about {duration(best.seconds)}"
    if best.memory > memory:
        cost += f" and {limits.megabytes(best.memory)} of memory"
    also = f" ({best.other})" if best.other else ""
    rule = "" if best.distinct else " (equal rows and columns allowed)"
    instead = ("Fill in more cells (each given digit cuts the count), or count a smaller grid"
               + ("; the command line has more time and memory." if IN_PAGE else "."))
    return (f"Counting the solutions of this {grid.cols}x{grid.rows} grid{rule} would take {cost} "
            f"{where} by the {best.text}{also}, more than the limit of "
            f"{limit} for one count. {instead}")


def count_steps(grid: Grid, method: str | None = None, planned: Plan | None = None,
                distinct: bool = True, part: tuple[int, int] | None = None) -> Steps[int]:
    """The exact number of solutions of ``grid`` (givens and entries); yields progress.

    The method and orientation come from :func:`plan` unless ``method``
    ("search" or "meet": the grid as it stands) is given (or ``planned``, a
    plan made already, for the same ``distinct``); a count that cannot finish
    where it runs is refused with a :class:`PuzzleError` before it starts.
    ``distinct=False`` drops the rule that no two rows and no two columns are
    equal. ``part = (i, k)`` counts task ``i`` of ``k`` of a meet split by
    classes (:func:`in_part`; ``method`` must be "meet"): the ``k`` tasks'
    counts add up to the whole, each holding about 1/k of its memory.
    """
    if planned is not None and planned.distinct != distinct:
        raise ValueError("the plan was made for the other distinct-lines setting")
    if part is not None and (method != "meet" or not 0 <= part[0] < part[1]):
        raise ValueError("a part (i, k) with 0 <= i < k is a share of a meet")
    full = Grid.from_masks(grid.rows, grid.cols, grid.ones, grid.zeros)
    ticker = Ticker()
    yield ticker.report(0.0, "estimating")
    chosen = planned or (yield from plan_steps(full, distinct=distinct))
    if method is None and (chosen.seconds > TIME_LIMIT or chosen.memory > memory_limit()):
        raise PuzzleError(_refusal(full, chosen))
    # The count makes millions of small objects and no cycles: the cyclic
    # garbage collector would only rescan them again and again.
    collecting = gc.isenabled()
    gc.disable()
    try:
        if method == "search" or (method is None and chosen.method == "search"):
            shape = full if method else chosen.grid
            return (yield from _search_steps(_Oriented(shape, distinct), ticker))
        shape = full if method else chosen.grid
        if shape.rows < 4:
            raise PuzzleError("Meeting in the middle needs at least four rows.")
        if method is None and chosen.trial is not None:
            found = yield from _trial_steps(chosen, ticker)
            if found is not None:
                return found
        empty = not any(shape.ones) and not any(shape.zeros)
        return (yield from _meet_steps(shape, ticker, empty, distinct, part))
    finally:
        if collecting:
            gc.enable()


def _trial_steps(chosen: Plan, ticker: Ticker) -> Steps[int | None]:
    """The row search on ``chosen.trial`` for at most ``chosen.trial_seconds`` (its count,
    or None when it ran out); its progress fills the trial's share of the whole
    plan, and the meet's the rest (the ticker is rescaled for it)."""
    share = chosen.trial_seconds / max(chosen.seconds, 1e-9)
    began = work_clock()  # the trial's own time, not other jobs' between its steps
    ticker.rescale(0.0, share)
    search = _search_steps(_Oriented(chosen.trial, chosen.distinct), ticker)
    while True:
        try:
            progress = next(search)
        except StopIteration as stop:
            ticker.rescale(0.0, 1.0)
            return stop.value
        if work_clock() - began > chosen.trial_seconds:
            search.close()
            ticker.rescale(share, 1 - share)
            return None
        yield progress


def count(grid: Grid, method: str | None = None, distinct: bool = True,
          part: tuple[int, int] | None = None) -> int:
    """:func:`count_steps` run to the end."""
    return finish(count_steps(grid, method, distinct=distinct, part=part))
