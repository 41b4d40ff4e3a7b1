"""Lines as bitmasks: the valid lines of each length, set bits, transposed masks.

A line of ``n`` cells is an ``n``-bit mask of its ones (bit ``i`` is cell
``i``). These are the few helpers every part of the family shares, the
exact counter (:mod:`puzzlelab.binairo.count`) included.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache


@cache
def valid_lines(length: int) -> tuple[int, ...]:
    """Every valid line of ``length`` cells as a bitmask: balanced, no three equal in a row."""
    full = (1 << length) - 1
    lines = []
    for value in range(1 << length):
        if value.bit_count() * 2 != length:
            continue
        ones = value & (value >> 1) & (value >> 2)
        inverse = ~value & full
        if ones or inverse & (inverse >> 1) & (inverse >> 2):
            continue
        lines.append(value)
    return tuple(lines)


def index_bits(length: int) -> int:
    """Bits enough for the index of any valid line of ``length`` cells (at least one)."""
    return max(1, (len(valid_lines(length)) - 1).bit_length())


def bit_positions(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def transpose(masks: list[int], length: int) -> list[int]:
    """Row masks of a grid ``length`` columns wide, as column masks (bit r = row r)."""
    out = [0] * length
    # bit_positions inlined: this runs for every rule pass of the generator and
    # the rater, where the generator's calls were a quarter of the work.
    for r, mask in enumerate(masks):
        bit = 1 << r
        while mask:
            low = mask & -mask
            out[low.bit_length() - 1] |= bit
            mask ^= low
    return out
