"""Lights Out by brute force, written apart from the solver: the tests' referee.

A press at (r, c) adds 1 (modulo k) to each cell (r + dr, c + dc) of its
stencil, wrapped round on a torus and dropped past a wall; two offsets that
land on one cell (a small torus) add 2. Nothing here imports the solver's
press code: the tests of the py/puzzlelab/lightsout package and of the page's
web/puzzles/lightsout/rules.mjs compare them with this.
"""

from __future__ import annotations

Offsets = list[tuple[int, int]]

#: Bits per cell of a packed board: room for a sum of two states below 16.
FIELD = 5


def stencil_of(mask: int) -> str:
    """The 3x3 stencil drawing of bit mask ``mask`` (bit ``3 r + c`` is row r, column c)."""
    return ".".join("".join("1" if mask >> (3 * r + c) & 1 else "0" for c in range(3))
                    for r in range(3))


def offsets_of(mask: int) -> Offsets:
    """The (row, column) offsets of the 3x3 stencil ``mask``, centre (0, 0)."""
    return [(i // 3 - 1, i % 3 - 1) for i in range(9) if mask >> i & 1]


def press_effect(rows: int, cols: int, offsets: Offsets, wrap: bool, k: int,
                 cell: int) -> list[int]:
    """How much one press at ``cell`` (reading order) adds to every cell, modulo k."""
    effect = [0] * (rows * cols)
    r, c = divmod(cell, cols)
    for dr, dc in offsets:
        tr, tc = r + dr, c + dc
        if wrap:
            tr, tc = tr % rows, tc % cols
        elif not (0 <= tr < rows and 0 <= tc < cols):
            continue
        effect[tr * cols + tc] = (effect[tr * cols + tc] + 1) % k
    return effect


def after_presses(values: list[int], counts: list[int], rows: int, cols: int,
                  offsets: Offsets, wrap: bool, k: int) -> list[int]:
    """The cell states ``values`` after pressing cell i ``counts[i]`` times."""
    result = list(values)
    for cell, times in enumerate(counts):
        if times:
            for i, add in enumerate(press_effect(rows, cols, offsets, wrap, k, cell)):
                result[i] = (result[i] + times * add) % k
    return result


def pack(values: list[int]) -> int:
    """Cell states as one int, :data:`FIELD` bits a cell (the keys of :func:`every_press`)."""
    return sum(v << (FIELD * i) for i, v in enumerate(values))


def every_press(rows: int, cols: int, offsets: Offsets, wrap: bool, k: int
                ) -> dict[int, tuple[int, int, int]]:
    """Every press vector (each cell pressed 0..k-1 times), grouped by the change it
    makes: change (packed) -> (fewest presses, how many vectors have that few,
    how many vectors make it). Its keys are the image of the press map.

    Counted cell by cell: the changes the first i cells' presses can make, each
    with those three numbers, extended by pressing cell i + 1 zero to k - 1
    times; the same count as listing all k ** cells vectors, in far fewer steps.
    """
    size = rows * cols
    high = sum(16 << (FIELD * i) for i in range(size))
    lift = sum((16 - k) << (FIELD * i) for i in range(size))

    def add(a: int, b: int) -> int:
        # Each field holds a sum below 2k; adding 16 - k sets its bit 4 where it is >= k.
        total = a + b
        return total - (((total + lift) & high) >> 4) * k

    reached = {0: (0, 1, 1)}
    for cell in range(size):
        step = pack(press_effect(rows, cols, offsets, wrap, k, cell))
        grown: dict[int, tuple[int, int, int]] = {}
        for change, (fewest, ties, ways) in reached.items():
            for times in range(k):
                if times:
                    change = add(change, step)
                weight = fewest + times
                old = grown.get(change)
                if old is None or weight < old[0]:
                    grown[change] = (weight, ties, ways + (old[2] if old else 0))
                elif weight == old[0]:
                    grown[change] = (weight, old[1] + ties, old[2] + ways)
                else:
                    grown[change] = (old[0], old[1], old[2] + ways)
        reached = grown
    return reached
