"""Linear algebra over GF(2) with Python ints as bit rows, and the work units
the searches for the lightest vector are budgeted in.

A vector is an int whose bit ``j`` is coordinate ``j``; a matrix is a list of
such rows. XOR, AND and ``int.bit_count`` run in C over whole machine words,
so one row operation on a 1000-column row costs about as much as one Python
statement: far faster than element-wise arrays or the fractions of the
XLightOff seed, and exact.

The lightest member of a coset ``offset + span(basis)`` (the fewest presses)
is found by :mod:`puzzlelab.lightsout.gf2_search`, which builds on the
bit-sliced lanes of :mod:`puzzlelab.lightsout.gf2_lanes` and the folded branch
and bound of :mod:`puzzlelab.lightsout.gf2_folded`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlelab.jobs import Progress, Steps, due, finish


def parity(vector: int) -> int:
    """1 if ``vector`` has an odd number of set bits, else 0."""
    return vector.bit_count() & 1


@dataclass(frozen=True)
class Elimination:
    """A matrix brought to reduced row echelon form, with the row operations kept.

    ``transform[i]`` says which original rows were added up to make reduced
    row ``i``. For ``i < rank`` that combination has its pivot in column
    ``pivots[i]``; for ``i >= rank`` it is zero, so ``transform[i]`` is a
    vector of the left kernel: any right-hand side with odd parity against
    it makes the system inconsistent. Keeping the operations lets one
    elimination serve every right-hand side (every board of one shape).
    """

    columns: int
    reduced: tuple[int, ...]
    transform: tuple[int, ...]
    pivots: tuple[int, ...]

    @property
    def rank(self) -> int:
        """The rank of the matrix."""
        return len(self.pivots)

    def kernel(self) -> list[int]:
        """A basis of the null space ``{x : A x = 0}``, one vector per free column."""
        pivot_set = set(self.pivots)
        basis = []
        for free in range(self.columns):
            if free in pivot_set:
                continue
            vector = 1 << free
            for row, pivot in zip(self.reduced, self.pivots, strict=False):
                if row >> free & 1:
                    vector |= 1 << pivot
            basis.append(vector)
        return basis

    def left_kernel(self) -> list[int]:
        """A basis of ``{y : y A = 0}``: the combinations of rows that vanish."""
        return list(self.transform[self.rank :])

    def solve(self, rhs: int) -> int | None:
        """A solution ``x`` of ``A x = rhs`` (bit i of ``rhs`` is equation i), or None."""
        for certificate in self.left_kernel():
            if parity(certificate & rhs):
                return None
        solution = 0
        for combination, pivot in zip(self.transform, self.pivots, strict=False):
            if parity(combination & rhs):
                solution |= 1 << pivot
        return solution


def eliminate(rows: Sequence[int], columns: int) -> Elimination:
    """Gauss-Jordan elimination of ``rows`` (each ``columns`` bits wide)."""
    return finish(eliminate_steps(rows, columns))


def eliminate_steps(rows: Sequence[int], columns: int) -> Steps[Elimination]:
    """:func:`eliminate` with progress reports (thousands of columns take seconds)."""
    count = len(rows)
    # Each working row carries its combination of original rows above bit
    # ``columns``, so the row operations are recorded at no extra loop cost.
    work = [row | (1 << (columns + i)) for i, row in enumerate(rows)]
    pivots: list[int] = []
    top = 0
    for column in range(columns):
        if top == count:
            break
        if due():
            yield Progress(column, columns, "Solving the chase system")
        bit = 1 << column
        for i in range(top, count):
            if work[i] & bit:
                break
        else:
            continue
        work[top], work[i] = work[i], work[top]
        pivot_row = work[top]
        for j in range(count):
            if j != top and work[j] & bit:
                work[j] ^= pivot_row
        pivots.append(column)
        top += 1
    mask = (1 << columns) - 1
    return Elimination(
        columns=columns,
        reduced=tuple(row & mask for row in work),
        transform=tuple(row >> columns for row in work),
        pivots=tuple(pivots),
    )


def rank(rows: Sequence[int]) -> int:
    """The rank of a list of bit rows."""
    pivots: dict[int, int] = {}
    return sum(_echelon_add(pivots, row) for row in rows)


def exhaustive_cost(dimension: int, bits: int) -> int:
    """Work units of :func:`gf2_search._exhaustive` over ``2**dimension`` vectors of ``bits`` bits.

    Per vector the interpreter's overhead dominates until the XOR spans more
    than a few dozen machine words, hence ``16 + words`` units each.
    """
    return (1 << dimension) * (16 + bits // 64)


#: Default work for an exact search: measured at 20-50 ns per unit natively
#: (idle to loaded), so at most about 2 to 5 s; the page, two to three times
#: slower than idle CPython, stays under 10 s.
DEFAULT_WORK_BUDGET = 3 << 25


def _echelon_add(pivots: dict[int, int], v: int) -> bool:
    """Reduce ``v`` by an echelon basis and add it; False when it was in the span."""
    while v:
        top = v.bit_length() - 1
        if top not in pivots:
            pivots[top] = v
            return True
        v ^= pivots[top]
    return False
