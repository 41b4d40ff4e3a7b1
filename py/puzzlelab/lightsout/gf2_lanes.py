"""Bounding many choices of GF(2) vectors at once, one choice per bit lane.

Bit ``a`` of a big int stands for the combination ``a`` of a few vectors
(a lane); counters over all lanes are bit-sliced (a list of ints, bit ``i``
of every lane's count in the ``i``-th). :class:`_Stage` bounds the weight of
every lane of one level of a search this way; the folded branch and bound
(:mod:`puzzlelab.lightsout.gf2_folded`) and the separator search in lanes
(:mod:`puzzlelab.lightsout.gf2_search`) are built on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

#: At most 2**20 choices of one level are bounded at once (ints of 128 kB).
MAX_LANE_BITS = 20
#: Levels with fewer vectors are bounded in batches of up to 2**16 lanes (see _FoldedSearch).
BATCH_LANE_BITS = 16


def _forms(vectors: Sequence[int], size: int) -> list[int]:
    """Per cell, which of ``vectors`` contain it (bit i for vector i)."""
    forms = [0] * size
    for i, v in enumerate(vectors):
        bit = 1 << i
        while v:
            low = v & -v
            forms[low.bit_length() - 1] |= bit
            v ^= low
    return forms


@lru_cache(maxsize=24)
def _lanes(count: int) -> tuple[tuple[int, ...], int]:
    """Lane masks for the ``2**count`` combinations of ``count`` vectors: bit
    ``a`` of mask ``i`` is bit ``i`` of ``a``; and the mask of every lane."""
    lanes = 1 << count
    full = (1 << lanes) - 1
    masks = []
    for i in range(count):
        mask, width = ((1 << (1 << i)) - 1) << (1 << i), 2 << i
        while width < lanes:  # repeat the pattern by doubling (no huge division)
            mask |= mask << width
            width *= 2
        masks.append(mask)
    return tuple(masks), full


def _add_bit(total: list[int], bit: int, place: int = 0) -> None:
    """``total += bit << place`` lane by lane (bit-sliced: ``total[i]`` holds bit i
    of every lane)."""
    while len(total) < place:
        total.append(0)
    for i in range(place, len(total)):
        if not bit:
            return
        total[i], bit = total[i] ^ bit, total[i] & bit
    if bit:
        total.append(bit)


def _sum_columns(columns: list[list[int]]) -> list[int]:
    """The lane-by-lane sum of ``columns[p]``'s masks, each worth ``2**p``,
    bit-sliced (no trailing zeros). Full adders in carry-save chains: about
    five big-int operations per mask, whatever the sum's depth. The carries
    go into ``columns``' higher lists (a list appended when needed)."""
    out = []
    for place, column in enumerate(columns):  # goes on over appended lists
        n = len(column)
        if n < 2:
            out.append(column[0] if n else 0)
            continue
        if place + 1 == len(columns):
            columns.append([])
        push = columns[place + 1].append
        acc = column[0]
        pairs = iter(column[1:] if n & 1 else column[1:-1])
        for b, c in zip(pairs, pairs, strict=True):
            t = acc ^ b
            push((acc & b) | (t & c))
            acc = t ^ c
        if not n & 1:
            b = column[-1]
            carry = acc & b
            if carry:
                push(carry)
            acc ^= b
        out.append(acc)
    while out and not out[-1]:
        out.pop()
    return out


def _at_least(number: list[int], threshold: int, full: int) -> int:
    """The lanes where ``number >= threshold``."""
    if threshold <= 0:
        return full
    if threshold.bit_length() > len(number):
        return 0
    above, equal = 0, full
    for i in range(len(number) - 1, -1, -1):
        bit = number[i]
        if threshold >> i & 1:
            equal &= bit
        else:
            both = equal & bit
            above |= both
            equal ^= both
    return above | equal


def _lightest(number: list[int], lanes: int) -> tuple[int, int]:
    """The lanes among ``lanes`` (not none) where ``number`` is smallest, and that value."""
    lightest, value = lanes, 0
    for i in range(len(number) - 1, -1, -1):
        zero = lightest & ~number[i]
        if zero:
            lightest = zero
        else:
            value |= 1 << i
    return lightest, value


def _equal(number: list[int], value: int, full: int) -> int:
    """The lanes where ``number == value``."""
    equal = full
    for i in range(max(len(number), value.bit_length())):
        bit = number[i] if i < len(number) else 0
        equal &= bit if value >> i & 1 else ~bit
    return equal & full


_BYTE_OF_DIGIT = str.maketrans("01", "\0\1")

#: Classes of cells ready to count (:meth:`_Stage._tally`).
_Tally = tuple[int, list[tuple[int, list[tuple[int, int, tuple[int, ...]]]]], int]


class _Stage:
    """One level of :class:`gf2_folded._FoldedSearch`, bounded a batch of lanes at a time.

    Bit ``i`` of a lane's index chooses ``vectors[i]``: first the level's
    own vectors (the last ``carried_out`` of them, which the next level takes
    over, in the lowest bits), then the ``carried_in`` vectors taken over
    from the level before (in the top bits). :func:`gf2_search._separated_in_lanes`
    uses one too, its deeper vectors being the separator's groups.
    """

    def __init__(self, own: Sequence[int], carried_out: int, carried_in: Sequence[int],
                 deeper: Sequence[int], size: int) -> None:
        split = max(0, len(own) - carried_out)
        self.vectors = [*own[split:], *own[:split], *carried_in]
        self.carried_out, self.carried_in = carried_out, len(carried_in)
        self.last = not deeper
        masks, self.full = _lanes(len(self.vectors))
        moving_later = 0
        for v in deeper:
            moving_later |= v
        free = moving_later
        for v in self.vectors:
            free |= v
        # Every other cell, as a negative int: ANDed with a board, its cells there.
        self.fixed = ~free
        own_forms, later = _forms(self.vectors, size), _forms(deeper, size)
        lane_masks: dict[int, int] = {}

        def lane(form: int) -> int:
            mask = lane_masks.get(form)
            if mask is None:
                mask = 0
                for i, m in enumerate(masks):
                    if form >> i & 1:
                        mask ^= m
                lane_masks[form] = mask
            return mask

        # Cells the deeper vectors move alike form a group; within the
        # settled cells and within each group, cells with one form over this
        # level's vectors form a class: (its cells as a mask, how many, the
        # lanes where a cell of it that starts dark ends lit). Classes are
        # counted at once: folds make cells of a fibre share their forms
        # (47x47, third level: 800 settled cells in 64 classes).
        classes: dict[tuple[int, int], int] = {}
        for cell in range(size):
            if free >> cell & 1:
                key = (later[cell], own_forms[cell])
                classes[key] = classes.get(key, 0) | 1 << cell
        self.settles: list[tuple[int, int, int, int]] = []
        groups: dict[int, list[tuple[int, int, int, int]]] = {}
        complements: dict[int, int] = {}
        for (group, form), cells in classes.items():
            mask = lane(form)
            if form not in complements:
                complements[form] = mask ^ self.full
            entry = (cells, cells.bit_count(), mask, complements[form])
            if group:
                groups.setdefault(group, []).append(entry)
            else:
                self.settles.append(entry)
        self.groups = [(sum(entry[1] for entry in group), group) for group in groups.values()]
        # Columns enough for any class's count (sums grow their own).
        self.depth = max((entry[1] for entry in self.settles), default=0).bit_length()
        for group_size, _ in self.groups:
            self.depth = max(self.depth, group_size.bit_length())
        self.settle_tally = self._tally(self.settles)
        self.group_tallies = [(size, self._tally(group)) for size, group in self.groups]
        # Work units of one batch (those of exhaustive_cost, about 20-25 ns
        # natively). Measured: a class costs the interpreter about 0.6
        # microseconds plus 5 ns per 64 lanes, a group about eight classes.
        count = len(self.settles) + sum(len(group) for _, group in self.groups)
        words = (1 << len(self.vectors)) >> 6
        self.cost = (count + 8 * len(self.groups)) * (128 + words) // 5

    def allowed(self, parent: int) -> int:
        """The lanes whose carried-in choice is set in ``parent`` (bit t: choice t)."""
        if not self.carried_in:
            return self.full
        count, block_bits = 1 << self.carried_in, 1 << (len(self.vectors) - self.carried_in)
        if count <= 32:
            out, ones = 0, (1 << block_bits) - 1
            for t in range(count):
                if parent >> t & 1:
                    out |= ones << (t * block_bits)
            return out
        # A one at bit t * block_bits for each choice t, by text (no loop over
        # the choices); spread: its blocks filled, (x << block_bits) - x.
        bits = format(parent, f"0{count}b")
        if block_bits % 8 == 0:
            spread = ("\0" * (block_bits // 8 - 1)).join(bits.translate(_BYTE_OF_DIGIT))
            x = int.from_bytes(spread.encode("latin-1"), "big")
        else:
            x = int(("0" * (block_bits - 1)).join(bits), 2)
        return (x << block_bits) - x

    def bound(self, current: int, balanced: list[int] | None = None) -> tuple[int, list[int]]:
        """A lower bound on the weight of the cells that this level or deeper
        ones move: a part common to every lane, and each lane's own part
        (bit-sliced). Exact on the last level. Given ``balanced``, adds to it
        (bit-sliced) the groups with as many lit cells as dark ones.

        The common part may be negative: a group's lesser side goes into the
        lanes' sum with an offset taken back from it (see below)."""
        full = self.full
        columns: list[list[int]] = [[] for _ in range(self.depth)]
        base = self._count(current, self.settle_tally, columns)[0]
        for size, group in self.group_tallies:
            columns_in = [[] for _ in range(self.depth)]
            # The group weighs common + c, 0 <= c <= spread, lane by lane;
            # its lesser side common + min(c, rest - c).
            common, spread = self._count(current, group, columns_in)
            count = _sum_columns(columns_in)
            rest = size - 2 * common
            if balanced is not None and size % 2 == 0:
                _add_bit(balanced, _equal(count, size // 2 - common, full)
                         if 0 <= size // 2 - common <= spread else 0)
            if 2 * spread <= rest:  # c <= rest - c in every lane
                base += common
                for place, bit in enumerate(count):
                    if bit:
                        columns[place].append(bit)
                continue
            if spread <= rest:
                # high: the lanes where 2c > rest, the borrow out of rest - 2c.
                high = 0
                for place in range(1, max(len(count) + 1, rest.bit_length())):
                    bit = count[place - 1] if place <= len(count) else 0
                    high = bit & high if rest >> place & 1 else bit | high
                # Where high, 0 <= rest - c < c < 2**len(count): bit by bit,
                # with the borrow of rest - c, c where not high, rest - c where high.
                base += common
                borrow = 0
                for place, bit in enumerate(count):
                    flip = high & borrow
                    if rest >> place & 1:
                        flip ^= high
                        borrow &= bit
                    else:
                        borrow |= bit
                    bit ^= flip
                    if bit:
                        columns[place].append(bit)
                continue
            # Else rest - c may be negative (cells the same in every lane weigh
            # in common). Where high, rest - c = (c ^ ones) + 1 + rest - 2**depth
            # with c's depth bits: min(c, rest - c) = (c ^ high) + shift * ~high
            # - shift with shift = 2**depth - rest - 1 >= 0.
            high = _at_least(count, rest // 2 + 1, full)
            depth = max(spread, rest).bit_length()
            shift = (1 << depth) - rest - 1
            base += common - shift
            while len(columns) < depth:
                columns.append([])
            for place in range(depth):
                bit = (count[place] if place < len(count) else 0) ^ high
                if bit:
                    columns[place].append(bit)
            low = full ^ high
            if low:
                place = 0
                while shift:
                    if shift & 1:
                        while len(columns) <= place:
                            columns.append([])
                        columns[place].append(low)
                    shift >>= 1
                    place += 1
        return base, _sum_columns(columns)

    @staticmethod
    def _tally(classes: list[tuple[int, int, int, int]]) -> _Tally:
        """``classes`` ready for :meth:`_count`: the cells of those the same in
        every lane; the others, each with what it adds by its number of lit
        cells (lit or dark ones, whichever fewer; the lanes where the
        difference adds; its bits); and how many cells those hold.

        The dark ones end lit in the class's lane mask, the lit ones outside it."""
        same, varying, spanned = 0, [], 0
        for cells, size, mask, complement in classes:
            if not mask:
                same |= cells
                continue
            table = []
            for lit in range(size + 1):
                dark = size - lit
                times, lanes = (dark - lit, mask) if dark >= lit else (lit - dark, complement)
                places = tuple(p for p in range(times.bit_length()) if times >> p & 1)
                table.append((min(lit, dark), lanes, places))
            varying.append((cells, table))
            spanned += size
        return same, varying, spanned

    @staticmethod
    def _count(current: int, tally: _Tally, columns: list[list[int]]) -> tuple[int, int]:
        """The lit cells of a :meth:`_tally`'s classes: a part common to every
        lane, and the largest of each lane's own part, which goes into
        ``columns`` (masks by the power of two they are worth, for
        :func:`_sum_columns`)."""
        same, varying, spanned = tally
        base = 0
        for cells, table in varying:  # the search's hot spot
            least, lanes, places = table[(current & cells).bit_count()]
            base += least
            for place in places:
                columns[place].append(lanes)
        return base + (current & same).bit_count(), spanned - 2 * base
