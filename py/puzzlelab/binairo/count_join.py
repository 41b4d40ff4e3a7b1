"""The join of :func:`puzzlelab.binairo.count._meet_steps`: the halves of one
class of column sums, grouped by their set of rows, then paired with the halves
of the complementary class by big-int bitsets.

A top half and a bottom half make a solution when their rows are disjoint, no
pair of columns is equal in both, and no column has three equal digits across
the seam. Each bottom entry (a set of rows with its two rows next to the seam)
is one bit of every bitset: the entries with a given row, with a given pair of
equal columns, with given digits at the seam; a top entry's partners are then a
few ANDs and a popcount, each as long as the class.
"""

from __future__ import annotations

from array import array
from collections import Counter

from puzzlelab.binairo.count_progress import Ticker
from puzzlelab.binairo.lines import bit_positions, valid_lines
from puzzlelab.jobs import Steps

#: Bytes of bitsets the join keeps at once for one class: one per pair of rows
#: next to the seam, for the bottoms and for the tops' fits. A class with more
#: pairs than this allows (the empty 8x14's largest, 268,000 pairs of 1.6
#: million entries: 54 GB) files its bottoms by first row and by ``y`` instead,
#: and keeps only as many fits as fit; the rest are put together from the
#: fits of each half of the columns.
JOIN_BYTES = 1 << 30

#: A class of halves ready to join: [(row indices of the set, equal column pairs, ends)],
#: ends = [(the index of the row next to the seam << width | the index of the row
#: beyond it, orderings)], ``width`` bits per index (:class:`_Halves`).
Class = list[tuple[list[int], list[int], list[tuple[int, int]]]]


def group_steps(keys: array | list[int], width: int, cols: int, same: list[int],
                 ticker: Ticker, done: float) -> Steps[Class]:
    """Decode one class's keys into sets of rows with their ends and multiplicities."""
    every_pair = (1 << (cols * (cols - 1) // 2)) - 1
    shift = 2 * width
    both_ends = (1 << shift) - 1
    sets: list[tuple[int, list[tuple[int, int]]]] = []
    current = -1
    ends: list[tuple[int, int]] = []
    # Equal keys are orderings of one set with the same ends: counted at C speed
    # first, so the loop below runs once per distinct key and builds each set's
    # ends as (ends, orderings) pairs directly.
    orderings = Counter(keys)
    for n, key in enumerate(sorted(orderings)):
        if n & 4095 == 4095 and ticker.due():
            yield ticker.report(done, "joining the halves")
        used = key >> shift
        if used != current:
            current = used
            ends = []
            sets.append((used, ends))
        ends.append((key & both_ends, orderings[key]))
    out: Class = []
    for used, ends in sets:
        members = list(bit_positions(used))
        equal = every_pair
        for i in members:
            equal &= same[i]
        out.append((members, list(bit_positions(equal)), ends))
    return out


def _complements(cols: int) -> list[int]:
    """For each valid row (by index), the index of its complement."""
    table = valid_lines(cols)
    index = {v: i for i, v in enumerate(table)}
    full = (1 << cols) - 1
    return [index[~v & full] for v in table]


def _spans_as_int(spans: list[tuple[int, int]]) -> int:
    """The number whose set bits are the ``spans`` (begin, end), in increasing
    order and disjoint: one string read once, in time linear in its length."""
    pieces = []
    at = 0
    for begin, end in spans:
        pieces.append("0" * (begin - at))
        pieces.append("1" * (end - begin))
        at = end
    return int("".join(pieces)[::-1] or "0", 2)


def join_steps(tops: Class, bottoms: Class, cols: int, width: int, ticker: Ticker,
               start: float, share: float, seam: bool, flip: bool = False) -> Steps[int]:
    """Solutions made of one top and one bottom of complementary column sums.

    Bit ``i`` of each bitset stands for the ``i``-th bottom entry (set, first
    row ``c``, ``y = c ^ second row``, orderings). A top entry (set, last row
    ``b``, ``x = b ^ row above``) fits the entries outside the bitsets of its
    rows and of its equal column pairs, and inside the seam bitsets: in a
    column where ``b`` and ``c`` agree, both neighbours must differ, so ``x``
    and ``y`` must both have that column. Without ``seam`` (halves of one row)
    there is nothing to check across it but the rows themselves. With
    ``flip`` the bottoms are ``bottoms`` with every row complemented (the
    empty grid's bottoms are its tops so turned: no copy of them is made).

    The bottom entries are laid out by their number of orderings, most first:
    the entries of a fitting set are counted once by a popcount, then the
    planes of ``orderings - 1`` add the rest, and those planes end where the
    entries of one ordering begin (half the entries of the empty 10x10), so
    their ANDs and popcounts stop there too (Python's ``&`` of two
    non-negative ints is as long as the shorter).
    """
    table = valid_lines(cols)
    mask = (1 << width) - 1
    rename = _complements(cols) if flip else list(range(len(table)))
    # The bottom entries by number of orderings: (group numbers, ends) per number.
    blocks: dict[int, tuple[list[int], list[int]]] = {}
    for g, (_, _, ends) in enumerate(bottoms):
        if g & 4095 == 0 and ticker.due():
            yield ticker.report(start, "joining the halves")
        for pair, ways in ends:
            block = blocks.get(ways)
            if block is None:
                block = blocks[ways] = ([], [])
            block[0].append(g)
            block[1].append(pair)
    size = sum(len(ends) for _, _, ends in bottoms)
    nbytes = (size + 7) // 8
    order: list[int] = []  # entry i's pair of rows next to the seam: order[i]
    # Bit k of orderings - 1: the runs of entries that have it (without the
    # rule there may be thousands of distinct numbers, so no big int per run).
    extra: dict[int, list[tuple[int, int]]] = {}
    runs: list[tuple[int, int, int]] = []  # (set g, first entry, entry past the last)
    i = 0
    for ways in sorted(blocks, reverse=True):
        groups, pairs = blocks.pop(ways)
        first = i
        run, begin = groups[0], i
        for g in groups:
            if g != run:
                runs.append((run, begin, i))
                run, begin = g, i
            i += 1
        runs.append((run, begin, i))
        order.extend(pairs)
        for k in bit_positions(ways - 1):
            extra.setdefault(k, []).append((first, i))
    # The entries with a row, with a pair of equal columns: a span per run.
    with_row: dict[int, int] = {}
    with_pair: dict[int, int] = {}
    for n, (g, begin, end) in enumerate(runs):
        if n & 4095 == 4095 and ticker.due():
            yield ticker.report(start, "joining the halves")
        span = (1 << end) - (1 << begin)
        members, equal, _ = bottoms[g]
        for r in members:
            r = rename[r]
            with_row[r] = with_row.get(r, 0) | span
        for p in equal:
            with_pair[p] = with_pair.get(p, 0) | span
    everything = (1 << size) - 1
    full = (1 << cols) - 1 if flip else 0
    distinct = set(order)
    few = len(distinct) * nbytes <= JOIN_BYTES
    ones, differs = yield from _seam_columns(order, distinct, few, nbytes, table, width, full,
                                             cols, ticker, start)
    del order
    weighted = sorted((k, _spans_as_int(spans)) for k, spans in extra.items())
    # seam_bits[j][2 * b_j + x_j]: the bottom entries that leave column j free of three equal.
    seam_bits = []
    for j in range(cols):
        zero = everything & ~ones[j]
        seam_bits.append((ones[j], ones[j] | differs[j], zero, zero | differs[j]))
    fit_of = _FitMaker(seam_bits, cols, everything, nbytes)
    fits: dict[int, int] = {}
    room = max(64, JOIN_BYTES // max(1, nbytes))  # fits kept, of one class
    total = 0
    last_high: list[int] | None = None
    high_clash = 0
    step = share / max(1, len(tops))
    for n, (members, equal, ends) in enumerate(tops):
        # Every top entry: each costs big-int operations as long as the class.
        if ticker.due():
            yield ticker.report(start + n * step, "joining the halves")
        # The sets come sorted (by their bits as a number), so the next set
        # mostly shares the rows above its two lowest: their clash is kept.
        high = members[2:]
        if high != last_high:
            last_high = high
            high_clash = 0
            for r in high:
                high_clash |= with_row.get(r, 0)
        clash = high_clash
        for r in members[:2]:
            clash |= with_row.get(r, 0)
        for p in equal:
            clash |= with_pair.get(p, 0)
        free = everything & ~clash
        if not free:
            continue
        for pair, ways in ends:
            fit = fits.get(pair) if seam else everything
            if fit is None:
                b = table[pair >> width]
                fit = fit_of(b, b ^ table[pair & mask])
                if len(fits) < room:
                    fits[pair] = fit
            both = free & fit
            if both:
                # the orderings of the entries in both: this is the count's
                # innermost loop, run once per fitting pair of entries.
                got = both.bit_count()
                for k, plane in weighted:
                    got += (both & plane).bit_count() << k
                total += ways * got
    return total


def _seam_columns(order: list[int], distinct: set[int], few: bool, nbytes: int,
                  table: list[int], width: int, full: int, cols: int, ticker: Ticker,
                  start: float) -> Steps[tuple[list[int], list[int]]]:
    """For each column j, the bottom entries whose first row c has a 1 there, and
    those whose ``y`` (c XOR the row beyond it) has: ``order[i]`` is entry
    ``i``'s pair of rows (indices, packed). With ``few`` pairs a bitset is made
    per pair and ORed into its c and its y; else the entries are filed by c
    and by y as lists of indices, and each y's bitset is made and folded into
    the columns one at a time (memory: the lists, not a bitset per pair)."""
    mask = (1 << width) - 1
    by_first: dict[int, int] = {}
    by_y: dict[int, int] = {}
    differs = [0] * cols
    if few:
        by_end: dict[int, bytearray] = {pair: bytearray(nbytes) for pair in distinct}
        for i, pair in enumerate(order):
            by_end[pair][i >> 3] |= 1 << (i & 7)
        for pair, bits in by_end.items():
            c, a = table[pair >> width] ^ full, table[pair & mask] ^ full
            as_int = int.from_bytes(bits, "little")
            by_first[c] = by_first.get(c, 0) | as_int
            by_y[c ^ a] = by_y.get(c ^ a, 0) | as_int
        del by_end
    else:
        first_of = {pair: table[pair >> width] ^ full for pair in distinct}
        y_of = {pair: first_of[pair] ^ table[pair & mask] ^ full for pair in distinct}
        at_first: dict[int, list[int]] = {c: [] for c in first_of.values()}
        at_y: dict[int, list[int]] = {y: [] for y in y_of.values()}
        for i, pair in enumerate(order):
            at_first[first_of[pair]].append(i)
            at_y[y_of[pair]].append(i)
        for c, entries in at_first.items():
            by_first[c] = _bitset(entries, nbytes)
        for n, (y, entries) in enumerate(at_y.items()):
            if n & 255 == 0 and ticker.due():
                yield ticker.report(start, "joining the halves")
            bits = _bitset(entries, nbytes)
            for j in bit_positions(y):
                differs[j] |= bits
        at_y.clear()
    ones = [0] * cols
    for j in range(cols):
        if ticker.due():
            yield ticker.report(start, "joining the halves")
        for c, bits in by_first.items():
            if c >> j & 1:
                ones[j] |= bits
        for y, bits in by_y.items():
            if y >> j & 1:
                differs[j] |= bits
    return ones, differs


def _bitset(entries: list[int], nbytes: int) -> int:
    """The entries' bits, set in a bytearray and read as one int."""
    bits = bytearray(nbytes)
    for i in entries:
        bits[i >> 3] |= 1 << (i & 7)
    return int.from_bytes(bits, "little")


class _FitMaker:
    """The bottom entries a top end (last row b, x = b XOR the row above) fits
    across the seam: the AND of every column's seam bitset, made as the AND of
    the two halves of the columns, each half's AND kept (within
    :data:`JOIN_BYTES`) for the many ends that share it."""

    def __init__(self, seam_bits: list[tuple[int, int, int, int]], cols: int,
                 everything: int, nbytes: int) -> None:
        self.seam_bits = seam_bits
        self.everything = everything
        self.split = cols // 2
        self.halves = ((0, self.split), (self.split, cols))
        self.kept: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self.room = max(64, JOIN_BYTES // 2 // max(1, nbytes))

    def __call__(self, b: int, x: int) -> int:
        fit = self.everything
        for side, (lo, hi) in enumerate(self.halves):
            width = hi - lo
            low = (1 << width) - 1
            key = (b >> lo & low) << width | (x >> lo & low)
            kept = self.kept[side]
            part = kept.get(key)
            if part is None:
                part = self.everything
                for j in range(lo, hi):
                    part &= self.seam_bits[j][(b >> j & 1) << 1 | (x >> j & 1)]
                if len(kept) < self.room:
                    kept[key] = part
            fit &= part
        return fit


def pairs_same(cols: int) -> list[int]:
    """For each valid row (by index), the pairs of columns on which its digits are equal."""
    pairs = [(c, d) for c in range(cols) for d in range(c + 1, cols)]
    return [sum(1 << p for p, (c, d) in enumerate(pairs) if (v >> c & 1) == (v >> d & 1))
            for v in valid_lines(cols)]
