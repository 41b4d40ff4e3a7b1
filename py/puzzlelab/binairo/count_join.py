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
    """
    table = valid_lines(cols)
    mask = (1 << width) - 1
    rename = _complements(cols) if flip else list(range(len(table)))
    with_row: dict[int, int] = {}
    with_pair: dict[int, int] = {}
    by_end: dict[int, bytearray] = {}  # by both rows next to the seam (their indices)
    by_ways: dict[int, bytearray] = {}  # by number of orderings
    size = sum(len(ends) for _, _, ends in bottoms)
    nbytes = (size + 7) // 8
    i = 0
    for members, equal, ends in bottoms:
        if i & 4095 == 0 and ticker.due():
            yield ticker.report(start, "joining the halves")
        begin = i
        for pair, ways in ends:
            byte, bit = i >> 3, 1 << (i & 7)
            # get, then create: setdefault would allocate a bitset every time.
            bits = by_end.get(pair)
            if bits is None:
                bits = by_end[pair] = bytearray(nbytes)
            bits[byte] |= bit
            bits = by_ways.get(ways)
            if bits is None:
                bits = by_ways[ways] = bytearray(nbytes)
            bits[byte] |= bit
            i += 1
        span = (1 << i) - (1 << begin)
        for r in members:
            r = rename[r]
            with_row[r] = with_row.get(r, 0) | span
        for p in equal:
            with_pair[p] = with_pair.get(p, 0) | span
    everything = (1 << size) - 1
    full = (1 << cols) - 1 if flip else 0
    # The bottom entries by their first row c and by y, from the few distinct ends.
    by_first: dict[int, int] = {}
    by_y: dict[int, int] = {}
    for pair, bits in by_end.items():
        c, a = table[pair >> width] ^ full, table[pair & mask] ^ full
        as_int = int.from_bytes(bits, "little")
        by_first[c] = by_first.get(c, 0) | as_int
        by_y[c ^ a] = by_y.get(c ^ a, 0) | as_int
    # weights[k]: bit k of each entry's number of orderings.
    weights: list[int] = []
    for ways, bits in by_ways.items():
        as_int = int.from_bytes(bits, "little")
        for k in range(ways.bit_length()):
            while len(weights) <= k:
                weights.append(0)
            if ways >> k & 1:
                weights[k] |= as_int
    weighted = list(enumerate(weights))
    # seam_bits[j][2 * b_j + x_j]: the bottom entries that leave column j free of three equal.
    seam_bits = []
    for j in range(cols):
        if ticker.due():
            yield ticker.report(start, "joining the halves")
        one = 0
        for c, bits in by_first.items():
            if c >> j & 1:
                one |= bits
        differs = 0
        for y, bits in by_y.items():
            if y >> j & 1:
                differs |= bits
        zero = everything & ~one
        seam_bits.append((one, one | differs, zero, zero | differs))
    fits: dict[int, int] = {}
    total = 0
    step = share / max(1, len(tops))
    for n, (members, equal, ends) in enumerate(tops):
        # Every top entry: each costs big-int operations as long as the class.
        if ticker.due():
            yield ticker.report(start + n * step, "joining the halves")
        clash = 0
        for r in members:
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
                x = b ^ table[pair & mask]
                fit = everything
                for j in range(cols):
                    fit &= seam_bits[j][(b >> j & 1) << 1 | (x >> j & 1)]
                fits[pair] = fit
            both = free & fit
            if both:
                # sum of (both & plane).bit_count() << k, unrolled: this is the
                # count's innermost loop, run once per fitting pair of entries.
                got = 0
                for k, plane in weighted:
                    got += (both & plane).bit_count() << k
                total += ways * got
    return total


def pairs_same(cols: int) -> list[int]:
    """For each valid row (by index), the pairs of columns on which its digits are equal."""
    pairs = [(c, d) for c in range(cols) for d in range(c + 1, cols)]
    return [sum(1 << p for p, (c, d) in enumerate(pairs) if (v >> c & 1) == (v >> d & 1))
            for v in valid_lines(cols)]
