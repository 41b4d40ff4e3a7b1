"""Linear algebra over GF(2) with Python ints as bit rows.

A vector is an int whose bit ``j`` is coordinate ``j``; a matrix is a list of
such rows. XOR, AND and ``int.bit_count`` run in C over whole machine words,
so one row operation on a 1000-column row costs about as much as one Python
statement: far faster than element-wise arrays or the fractions of the
XLightOff seed, and exact.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

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


#: Basis vectors whose 2**INNER_DIMENSION combinations are tabulated once, so
#: that the innermost loop of the exhaustive search runs in C (see _exhaustive).
INNER_DIMENSION = 10


def exhaustive_cost(dimension: int, bits: int) -> int:
    """Work units of :func:`_exhaustive` over ``2**dimension`` vectors of ``bits`` bits.

    Per vector the interpreter's overhead dominates until the XOR spans more
    than a few dozen machine words, hence ``16 + words`` units each.
    """
    return (1 << dimension) * (16 + bits // 64)


#: Default work for an exact search: measured at 20-50 ns per unit natively
#: (idle to loaded), so at most about 2 to 5 s; the page, two to three times
#: slower than idle CPython, stays under 10 s.
DEFAULT_WORK_BUDGET = 3 << 25


def min_weight_search(
    offset: int, basis: Sequence[int], work_budget: int = DEFAULT_WORK_BUDGET,
    folding: Folding | None = None,
) -> Steps[tuple[int, bool, int | None]]:
    """The vector of fewest set bits in ``offset + span(basis)``, with progress.

    Two exact methods, the cheaper one by their cost estimates:

    * :func:`_exhaustive`: every member of the coset, once.
    * :func:`_separated`: the basis is lightened (:func:`_reduce_steps`); where its
      vectors share few cells, a small set of them (a separator, see
      :class:`_Separation`) leaves the others in groups that touch disjoint
      cells. Each member is then the separator part plus one independent
      choice per group, and the weight is additive over the groups' cells,
      so enumerating the separator and minimising each group on its own
      cells is exhaustive too. King rules with walls (quiet patterns are
      sums of row and column patterns) need 2^9 steps instead of 2^27 on
      14x14.

    Either way the minimum is proven and the count of minimum-weight members
    is exact (with an independent basis); the result is ``(vector, True,
    ties)``. When neither fits ``work_budget`` (in the units of
    :func:`exhaustive_cost`; with a ``folding``, when neither fits the
    default budget, as a larger budget is spent on the folds first), it
    anneals (:func:`_anneal`); then, given the board's ``folding``, a branch
    and bound over its folds
    (:func:`folded_search`, bounded by the annealed weight) may still prove
    the minimum within the budget: it does on boards as symmetric as the
    folds (all-lit 39x39 and 47x47) and on most random 47x47 boards; random
    39x39 boards need about ten times the default budget. Otherwise the
    result is ``(vector, False, None)``: the lightest member found (the
    folded search often beats annealing by 10 to 20), not proven lightest.

    Why not more: the cosets met here (a kernel of dimension ``d`` up to
    100 inside ``N`` = 2500 cells) are codes whose lightest members weigh
    about 0.37 ``N``, close to the typical 0.5 ``N``. Bounds that would
    prune an enumeration (information sets, i.e. Brouwer-Zimmermann; sums
    of per-group minima over groups of cells sharing their projection on
    the unassigned coefficients) only bite once all but ~6 coefficients are
    fixed, so they save a factor of about 64 at best and cost more than
    that per node in Python; the exception is the folded order of
    :func:`folded_search`, where whole fibres of cells share a projection
    and 2**16 choices are bounded per step. The classic kernels have no light basis either
    (any two adjacent rows determine a quiet pattern; 39x39's lightest basis
    vectors cover a quarter of the board), so no separator helps there.
    """
    dimension = len(basis)
    bits = max(v.bit_length() for v in (offset, *basis))
    plain = exhaustive_cost(dimension, bits)
    separation = None
    if dimension > INNER_DIMENSION:
        separation = yield from _separation_steps(tuple(basis))
    exact = plain if separation is None else min(plain, separation.cost)
    # Past the default budget the folded search usually proves far sooner
    # than an exact one (random 35x27: 1-3 s against 25 s), so a larger
    # budget tries it first.
    if exact > min(work_budget, DEFAULT_WORK_BUDGET if folding is not None else exact):
        light = yield from _anneal(offset, basis)
        if folding is not None:
            found, proven, ties = yield from folded_search(
                offset, basis, folding, light.bit_count(), min(work_budget, exact))
            if proven and found is not None:
                return found, True, ties
            if found is not None and found.bit_count() < light.bit_count():
                light = found
        if exact > work_budget:
            return light, False, None
    if separation is not None and separation.cost < plain:
        if separation.lanes_cost is not None and separation.lanes_cost < separation.walk_cost:
            best, ties = yield from _separated_in_lanes(offset, separation)
        else:
            best, ties = yield from _separated(offset, separation)
    else:
        best, ties = yield from _exhaustive(offset, basis)
    return best, True, ties


def search_cost(basis: Sequence[int]) -> int:
    """Work units of the exact search of :func:`min_weight_search` over this basis
    (the cheaper method); it is run when this fits the work budget."""
    plain = exhaustive_cost(len(basis), max((v.bit_length() for v in basis), default=0))
    if len(basis) <= INNER_DIMENSION:
        return plain
    return min(plain, finish(_separation_steps(tuple(basis))).cost)


def _exhaustive(offset: int, basis: Sequence[int]) -> Steps[tuple[int, int]]:
    """``(lightest member, how many combinations reach its weight)`` of
    ``offset + span(basis)``, by visiting all ``2**len(basis)`` combinations.

    The last :data:`INNER_DIMENSION` basis vectors are tabulated (all their
    XOR combinations); a Gray-code walk over the other vectors (one XOR per
    step) meets the whole table with ``map``, so XOR and popcount of each
    member run in C without an interpreted loop iteration per member.
    """
    inner = list(basis[len(basis) - min(INNER_DIMENSION, len(basis)):])
    outer = list(basis[: len(basis) - len(inner)])
    table = [0]
    for vector in inner:
        table += [member ^ vector for member in table]
    popcount = int.bit_count
    best, best_weight, ties = offset, offset.bit_count() + 1, 0
    current = offset
    total = 1 << len(outer)
    for step in range(total):
        if step:
            current ^= outer[(step & -step).bit_length() - 1]
        weights = list(map(popcount, map(current.__xor__, table)))
        lightest = min(weights)
        if lightest <= best_weight:
            found = weights.count(lightest)
            if lightest < best_weight:
                best = current ^ table[weights.index(lightest)]
                best_weight, ties = lightest, found
            else:
                ties += found
        if due():  # a step sweeps a whole table: milliseconds on a million cells
            yield Progress(step, total, "Searching the solutions for the fewest presses")
    return best, ties


@dataclass(frozen=True)
class _Separation:
    """A lightened basis split into a separator and independent groups.

    Two basis vectors interact when they share a cell. ``separator`` holds
    the vectors enumerated outright; removing them leaves the interaction
    graph in connected components ``groups``. A cell's value then depends
    on the separator and on at most one group, so the cells split into
    ``masks`` (the cells of each group) and the rest, which only the
    separator moves.
    """

    separator: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    walk_cost: int
    #: The lanes of :func:`_separated_in_lanes`, when every group is one vector.
    stage: _Stage | None = None

    @property
    def lanes_cost(self) -> int | None:
        """Work units of :func:`_separated_in_lanes` (None when it does not apply)."""
        if self.stage is None:
            return None
        return self.stage.cost << (len(self.separator) - len(self.stage.vectors))

    @property
    def cost(self) -> int:
        """Work units of the cheaper of the two separator searches."""
        return self.walk_cost if self.lanes_cost is None else min(self.walk_cost, self.lanes_cost)

    @classmethod
    def plan(cls, basis: Sequence[int]) -> _Separation:
        """The separation of the lightened basis chosen by :func:`separate_steps`."""
        return finish(cls.plan_steps(basis))

    @classmethod
    def plan_steps(cls, basis: Sequence[int]) -> Steps[_Separation]:
        """:meth:`plan`, with progress: lightening a hundred vectors of a
        million cells takes seconds."""
        reduced = yield from _reduce_steps(basis)
        separator, groups, cost = yield from separate_steps(reduced)
        masks = []
        for group in groups:
            mask = 0
            for i in group:
                mask |= reduced[i]
            masks.append(mask)
        stage = None
        if all(len(group) == 1 for group in groups):
            # The last separator vectors as lanes, the groups deeper (built
            # once per basis, a few milliseconds: it also gives the cost).
            lanes = min(BATCH_LANE_BITS, len(separator))
            size = max(v.bit_length() for v in reduced)
            stage = _Stage([reduced[i] for i in separator[len(separator) - lanes:]], 0, [],
                           [reduced[g[0]] for g in groups], size)
        return cls(
            tuple(reduced[i] for i in separator),
            tuple(tuple(reduced[i] for i in g) for g in groups),
            tuple(masks),
            cost,
            stage,
        )


#: Work units to re-minimise a group of one vector over GF(2) inline (an AND and
#: a popcount, see _separated), against a table sweep and a call for bigger groups.
SINGLE_GROUP_COST = 3


def separate_steps(
    supports: Sequence[int], radix: int = 2, cell_bits: int = 1, largest_group: int = 14,
    sweep_divisor: int = 4,
) -> Steps[tuple[list[int], list[list[int]], int]]:
    """Split vectors, given by their supports (cell sets as ints), into a
    separator and groups of vectors that share no cell with other groups.

    Greedy: while a group (a connected component of the graph of vectors
    sharing a cell) has more than ``limit`` vectors, its most connected
    vector moves to the separator; the cheapest result over ``limit`` =
    0..``largest_group`` wins. Returns ``(separator, groups, cost)`` as
    indices, with the cost of enumerating ``radix`` values per separator
    vector and minimising every group per step, in the units of
    :func:`exhaustive_cost` (``cell_bits`` bits per cell in memory; a
    group's table is swept ``sweep_divisor`` times cheaper per member than
    a separator step, as ``map`` runs it in C). Reports progress: on a
    million cells the supports alone take a tenth of a second per hundred
    pairs.
    """
    count = len(supports)
    bits = max((v.bit_length() for v in supports), default=0) * cell_bits
    touching = []
    for i in range(count):
        if due():
            yield Progress(i, count, "Preparing the fewest-press search")
        touching.append({j for j in range(count) if j != i and supports[i] & supports[j]})
    best: tuple[list[int], list[list[int]], int] | None = None
    for limit in range(largest_group + 1):
        separator: set[int] = set()
        while True:
            if due():
                yield Progress(limit, largest_group + 1, "Preparing the fewest-press search")
            groups = _components(touching, separator)
            big = max(groups, key=len)
            if len(big) <= limit:
                break
            separator.add(max(big, key=lambda i: len(touching[i] - separator)))
        per_step = 16 + bits // 64
        for group in groups:
            if len(group) == 1 and radix == 2:
                per_step += SINGLE_GROUP_COST
                continue
            mask = 0
            for i in group:
                mask |= supports[i]
            # Plus the interpreted call that re-minimises the group: ~48 units.
            per_step += (radix ** len(group) * (16 + mask.bit_length() * cell_bits // 64)
                         // sweep_divisor + 48)
        cost = radix ** len(separator) * per_step
        if best is None or cost < best[2]:
            best = sorted(separator), groups, cost
    assert best is not None
    return best


#: The latest separations, by basis (a dict keeps insertion order).
_SEPARATIONS: dict[tuple[int, ...], _Separation] = {}
SEPARATIONS_KEPT = 8


def _separation_steps(basis: tuple[int, ...]) -> Steps[_Separation]:
    """:meth:`_Separation.plan`, kept per basis: one board shape serves many boards."""
    if basis not in _SEPARATIONS:
        _SEPARATIONS[basis] = yield from _Separation.plan_steps(basis)
        while len(_SEPARATIONS) > SEPARATIONS_KEPT:
            del _SEPARATIONS[next(iter(_SEPARATIONS))]
    return _SEPARATIONS[basis]


_separation_steps.cache_clear = _SEPARATIONS.clear  # type: ignore[attr-defined]  # as lru_cache


def _components(touching: list[set[int]], removed: set[int]) -> list[list[int]]:
    """Connected components of the graph ``touching`` without the vertices ``removed``."""
    seen = set(removed)
    components = []
    for start in range(len(touching)):
        if start in seen:
            continue
        seen.add(start)
        component, stack = [], [start]
        while stack:
            vertex = stack.pop()
            component.append(vertex)
            for other in touching[vertex] - seen:
                seen.add(other)
                stack.append(other)
        components.append(component)
    return components or [[]]


def _separated_in_lanes(offset: int, plan: _Separation) -> Steps[tuple[int, int]]:
    """:func:`_separated` when every group is one vector, 2**16 separator
    combinations at a time.

    The last separator vectors choose a bit lane of big ints (as in
    :class:`_FoldedSearch`); a Gray-code walk goes over the others. A group
    of one vector ``g`` weighs the smaller of its lit cells and ``|g|`` less
    those, exactly, so the bit-sliced sum over the cells outside the groups
    and over the groups is each lane's exact minimum; a group with as many
    lit cells as dark ones doubles the lane's ties. King rules with walls
    (the groups are one side of a switching game): 32x32 has a separator of
    21 vectors, 32 steps of 2**16 lanes instead of 2**21 steps.
    """
    stage = plan.stage
    assert stage is not None
    outer = plan.separator[:len(plan.separator) - len(stage.vectors)]
    singles = [group[0] for group in plan.groups]
    full = stage.full
    current = offset
    best_weight = max(v.bit_length() for v in (offset, *plan.separator, *plan.masks)) + 1
    best, ties = offset, 0
    total_steps = 1 << len(outer)
    for step in range(total_steps):
        if step:
            current ^= outer[(step & -step).bit_length() - 1]
        balanced: list[int] = []
        base, total = stage.bound(current, balanced)
        lightest, value = _lightest(total, full)
        weight = (current & stage.fixed).bit_count() + base + value
        if weight > best_weight:
            continue
        if weight < best_weight:
            best_weight, ties = weight, 0
            first = (lightest & -lightest).bit_length() - 1
            best = _FoldedSearch._combined(current, stage.vectors, first)
            for single in singles:  # each group's lighter side
                if 2 * (best & single).bit_count() > single.bit_count():
                    best ^= single
        while lightest:
            low = lightest & -lightest
            lightest ^= low
            lane = low.bit_length() - 1
            ties += 1 << sum((count >> lane & 1) << i for i, count in enumerate(balanced))
        if due():
            yield Progress(step + 1, total_steps, "Searching the solutions for the fewest presses")
    return best, ties


def _separated(offset: int, plan: _Separation) -> Steps[tuple[int, int]]:
    """Exact minimum over ``offset + span``, enumerating only the separator.

    A Gray-code walk over the separator's combinations; per step each group
    whose cells the step changed is minimised again over its own
    combinations (tabulated, swept with ``map`` as in :func:`_exhaustive`),
    and the weight is that of the cells outside every group plus the
    groups' minima. The number of lightest members is the sum, over the
    separator steps reaching the minimum, of the product of each group's
    number of lightest choices.
    """
    tables = []
    for group in plan.groups:
        table = [0]
        for vector in group:
            table += [member ^ vector for member in table]
        tables.append(table)
    outside = ~0
    for mask in plan.masks:
        outside &= ~mask
    # Look at the clock about every thousand table members swept: often
    # enough even when the groups are big, rarely enough to cost nothing.
    largest = max(len(t) for t in tables)
    report_mask = (1 << max(0, 10 - largest.bit_length())) - 1
    touched_by = [
        [g for g, mask in enumerate(plan.masks) if mask & vector] for vector in plan.separator
    ]
    popcount = int.bit_count
    minima = [0] * len(tables)
    counts = [1] * len(tables)
    # Groups of one vector are minimised inline, not by a table sweep.
    singles = [group[0] if len(group) == 1 else 0 for group in plan.groups]
    sizes = [group[0].bit_count() if len(group) == 1 else 0 for group in plan.groups]

    def settle(current: int, group: int) -> None:
        weights = list(map(popcount, map((current & plan.masks[group]).__xor__, tables[group])))
        lightest = min(weights)
        minima[group], counts[group] = lightest, weights.count(lightest)

    current = offset
    for group in range(len(tables)):
        settle(current, group)
    best_weight = (current & outside).bit_count() + sum(minima) + 1
    best, ties = offset, 0
    total = 1 << len(plan.separator)
    for step in range(total):
        if step:
            index = (step & -step).bit_length() - 1
            current ^= plan.separator[index]
            for group in touched_by[index]:
                single = singles[group]
                if single:
                    # One vector w: its cells weigh x now, |w| - x with w added.
                    x = (current & single).bit_count()
                    y = sizes[group] - x
                    minima[group], counts[group] = (x, 1) if x < y else (y, 1 if y < x else 2)
                else:
                    settle(current, group)
        weight = (current & outside).bit_count() + sum(minima)
        if weight <= best_weight:
            found = math.prod(counts)
            if weight < best_weight:
                best_weight, ties = weight, found
                best = current
                for group, table in enumerate(tables):
                    masked = current & plan.masks[group]
                    best ^= min(table, key=lambda t, m=masked: (m ^ t).bit_count())
            else:
                ties += found
        if not step & report_mask and due():
            yield Progress(step, total, "Searching the solutions for the fewest presses")
    return best, ties


# --- folded branch and bound ---------------------------------------------------


@dataclass(frozen=True)
class Folding:
    """Nested folds of a board onto smaller copies of itself, for :func:`folded_search`.

    ``fibres[k][cell]`` names the fibre of ``cell`` after ``k + 1`` folds, or
    is -1 for a cell the fold leaves out (a middle line). Each fold maps
    blocks of the board onto one another (mirror images with walls,
    translations on a torus), so fibres of later folds are unions of earlier
    ones. Built by :func:`puzzlelab.lightsout.folding`.

    ``bounded`` lists the folds after which the search bounds (all when
    empty); between them, folds only order a level's vectors, the more
    symmetric last, where the next level's batches take them over
    (:class:`_FoldedSearch`): cells of their half-folds share forms.
    """

    fibres: tuple[tuple[int, ...], ...]
    bounded: tuple[int, ...] = ()


#: At most 2**20 choices of one level are bounded at once (ints of 128 kB).
MAX_LANE_BITS = 20
#: Levels with fewer vectors are bounded in batches of up to 2**16 lanes (see _FoldedSearch).
BATCH_LANE_BITS = 16


class _TooCostly(Exception):
    """The folded search would pass its work budget."""


def fold_levels(basis: Sequence[int], folding: Folding) -> list[list[int]]:
    """``levels[k]`` spans ``S_k`` modulo ``S_{k+1}``, the last one the deepest
    ``S``: ``S_0 = span(basis)`` and ``S_{k+1}`` its members that are zero on
    the cells left out by the first ``k + 1`` bounded folds and constant on
    each fibre; within a level, vectors of the folds between come in order."""
    steps = _fold_steps(basis, folding)
    bounded = set(folding.bounded or range(len(folding.fibres)))
    levels: list[list[int]] = []
    level: list[int] = []
    for k, vectors in enumerate(steps[:-1]):
        level += vectors
        if k in bounded:
            levels.append(level)
            level = []
    if level:
        levels.append(level)
    levels.append(steps[-1])
    return levels


def _fold_steps(basis: Sequence[int], folding: Folding) -> list[list[int]]:
    """:func:`fold_levels` with every fold bounded."""
    levels: list[list[int]] = []
    space = list(basis)
    left_out = 0
    for fibres in folding.fibres:
        if not space:
            break
        members: dict[int, int] = {}
        checks = []
        for cell, fibre in enumerate(fibres):
            if fibre < 0:
                left_out |= 1 << cell
            elif fibre in members:
                checks.append(members[fibre] | 1 << cell)  # equal to the fibre's first cell
            else:
                members[fibre] = 1 << cell
        checks += [1 << cell for cell in range(len(fibres)) if left_out >> cell & 1]

        def syndrome(v: int, checks: list[int] = checks) -> int:
            word = 0
            for i, check in enumerate(checks):
                word |= ((v & check).bit_count() & 1) << i
            return word

        # The combinations of ``space`` with a zero syndrome: eliminate [syndrome | index].
        shift = len(checks)
        low = (1 << shift) - 1
        pivots: dict[int, int] = {}
        sub = []
        for i, v in enumerate(space):
            row = syndrome(v) | 1 << (shift + i)
            while row & low:
                top = (row & low).bit_length() - 1
                if top not in pivots:
                    pivots[top] = row
                    break
                row ^= pivots[top]
            else:
                combination, member = row >> shift, 0
                for j, u in enumerate(space):
                    if combination >> j & 1:
                        member ^= u
                sub.append(member)
        echelon: dict[int, int] = {}
        for v in sub:
            _echelon_add(echelon, v)
        levels.append([v for v in space if _echelon_add(echelon, v)])
        space = sub
    levels.append(space)
    return levels


def _echelon_add(pivots: dict[int, int], v: int) -> bool:
    """Reduce ``v`` by an echelon basis and add it; False when it was in the span."""
    while v:
        top = v.bit_length() - 1
        if top not in pivots:
            pivots[top] = v
            return True
        v ^= pivots[top]
    return False


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
    """One level of :class:`_FoldedSearch`, bounded a batch of lanes at a time.

    Bit ``i`` of a lane's index chooses ``vectors[i]``: first the level's
    own vectors (the last ``carried_out`` of them, which the next level takes
    over, in the lowest bits), then the ``carried_in`` vectors taken over
    from the level before (in the top bits). :func:`_separated_in_lanes`
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


class _FoldedSearch:
    """The branch and bound of :func:`folded_search` on one coset."""

    def __init__(self, offset: int, basis: Sequence[int], folding: Folding, size: int,
                 upper: int, budget: int) -> None:
        levels = fold_levels(basis, folding)
        self.budget = budget
        self.work = 0
        self.best_weight, self.best, self.ties = upper, None, 0
        self.offset = offset
        self.done, self.batches = 0, 0  # first-level batches searched, of how many
        if any(len(level) > MAX_LANE_BITS for level in levels):
            self.stages: list[_Stage] = []
            return
        # A level with few vectors takes over the last ones of the level
        # before: one batch then bounds many sibling nodes, instead of one
        # node of a few lanes each, where the interpreter's cost per
        # operation, not the lanes' width, sets the time (47x47: 256 batches
        # of 2**16 lanes rather than 64,668 nodes of 2**8).
        carries = [0] * (len(levels) + 1)
        for k in range(1, len(levels)):
            carries[k] = min(len(levels[k - 1]), max(0, BATCH_LANE_BITS - len(levels[k])))
        self.stages = []
        for k, own in enumerate(levels):
            carried_in = self.stages[-1].vectors[:carries[k]] if k else []
            self.stages.append(_Stage(own, carries[k + 1], carried_in,
                                      [v for later in levels[k + 1:] for v in later], size))

    def run(self) -> Steps[tuple[int | None, int]]:
        if not self.stages:
            raise _TooCostly
        yield from self._level(0, self.offset, 1)
        return self.best, self.ties

    def _level(self, level: int, current: int, parent: int) -> Steps[None]:
        stage = self.stages[level]
        self.work += stage.cost
        if self.work > self.budget:
            raise _TooCostly
        base, total = stage.bound(current)
        constant = (current & stage.fixed).bit_count() + base
        limit = self.best_weight - constant
        if limit < 0:
            return
        full = stage.full
        hopeful = stage.allowed(parent) & ~_at_least(total, limit + 1, full)
        if not hopeful:
            return
        if stage.last:
            # The lightest lanes among the hopeful ones (exact weights here).
            lightest, value = _lightest(total, hopeful)
            first = (lightest & -lightest).bit_length() - 1
            weight = constant + value
            if weight < self.best_weight or self.best is None:
                if weight < self.best_weight:
                    self.ties = 0
                self.best_weight = weight
                self.best = self._combined(current, stage.vectors, first)
            self.ties += lightest.bit_count()
            return
        # Children sharing the choice of the vectors the next level does not
        # take over go down as one batch, with the hopeful choices of the
        # others as its parent pattern; the batches with the lightest bounds
        # first, so that light members, which tighten every later bound, come
        # early.
        shift = stage.carried_out
        block = (1 << (1 << shift)) - 1
        rest = stage.vectors[shift:]
        batches = []
        for band in self._bands(total, hopeful, limit, full):
            band &= hopeful  # blocks of earlier batches are gone from hopeful
            while band:
                prefix = ((band & -band).bit_length() - 1) >> shift
                place = prefix << shift
                batches.append((prefix, hopeful >> place & block))
                band &= ~(block << place)
                hopeful &= ~(block << place)
        # At the first level, give up at once when the next alone would pass
        # the budget several times over: the search could not end.
        if level == 0 and self.work + len(batches) * self.stages[1].cost > 4 * self.budget:
            raise _TooCostly
        if level == 0:
            self.batches = len(batches)
        for done, (prefix, pattern) in enumerate(batches, 1):
            yield from self._level(level + 1, self._combined(current, rest, prefix), pattern)
            if level == 0:
                self.done = done
            # At every level: one first-level batch can hold thousands of nodes.
            if due():
                yield Progress(self.done, self.batches,
                               "Proving the fewest presses over the board's folds")

    #: Batches are ordered by their lightest bound in this many bands.
    BANDS = 8

    def _bands(self, total: list[int], hopeful: int, limit: int, full: int) -> list[int]:
        """``hopeful`` split by bound into bands, lightest first (the last band
        holds the rest)."""
        value = _lightest(total, hopeful)[1]
        step = max(1, (limit - value) // self.BANDS)
        bands, seen = [], 0
        for threshold in range(value + step, limit + 1, step):
            within = hopeful & ~_at_least(total, threshold, full) & ~seen
            if within:
                bands.append(within)
                seen |= within
        bands.append(hopeful & ~seen)
        return bands

    @staticmethod
    def _combined(current: int, vectors: Sequence[int], combination: int) -> int:
        for i, v in enumerate(vectors):
            if combination >> i & 1:
                current ^= v
        return current


def folded_search(
    offset: int, basis: Sequence[int], folding: Folding, upper: int,
    work_budget: int = DEFAULT_WORK_BUDGET,
) -> Steps[tuple[int | None, bool, int | None]]:
    """The lightest member of ``offset + span(basis)`` weighing at most
    ``upper`` by a branch and bound over folds: ``(member, True, how many
    weigh as little)``, the member None when none is that light. When the
    search passes ``work_budget``, ``(the lightest member found, or None,
    False, None)``.

    The folds give nested subspaces ``S_0 = span(basis) > S_1 > ...``
    (:func:`fold_levels`): members of ``S_{k+1}`` are constant on the fibres
    of ``k + 1`` folds, so cells of one fibre move together. The search fixes
    the coefficients of ``S_k`` modulo ``S_{k+1}`` level by level. Whatever
    the deeper coefficients, a group of cells that they all move together
    (one form over ``S_{k+1}``) weighs at least the smaller of its number of
    ones and of zeros, and cells they do not move are settled: summed, a
    lower bound. All ``2**m`` choices of a level are bounded at once, one
    choice per bit lane of big ints (bit-sliced counters), and only those
    within ``upper`` (the best weight so far) are followed.

    Strongest when the target is as symmetric as the folds (all-lit 39x39:
    561 presses, 4 solutions, proven in 1.2 s natively; 47x47: 971, 8,
    1.4 s); on random boards a fibre's cells disagree and the bounds bite
    later (random 47x47: 2 to 4 s; 39x39: about 20 s, where hardly a batch
    is pruned: all 2**32 members are counted, 2**16 or 2**12 per step).
    Hence the budget, and the caller's fallback.
    """
    search = _FoldedSearch(offset, basis, folding, max(v.bit_length() for v in (offset, *basis)),
                           upper, work_budget)
    try:
        best, ties = yield from search.run()
    except _TooCostly:
        return search.best, False, None
    return best, True, ties


def min_weight_in_coset(
    offset: int, basis: Sequence[int], work_budget: int = DEFAULT_WORK_BUDGET
) -> tuple[int, bool]:
    """:func:`min_weight_search` run to its end: ``(vector, proven)``."""
    best, proven, _ = finish(min_weight_search(offset, basis, work_budget))
    return best, proven


def _reduce_steps(basis: Sequence[int]) -> Steps[list[int]]:
    """Lighten the basis: replace a vector by its sum with another while that is
    lighter. With progress: a pass over a hundred vectors of a million cells
    takes about a second."""
    reduced = list(basis)
    changed = True
    while changed:
        changed = False
        for i in range(len(reduced)):
            if due():
                yield Progress(i, len(reduced), "Preparing the fewest-press search")
            for j in range(len(reduced)):
                lighter = reduced[i] ^ reduced[j]
                if i != j and lighter.bit_count() < reduced[i].bit_count():
                    reduced[i] = lighter  # still a basis: an elementary row operation
                    changed = True
    return reduced


def _anneal(
    offset: int, basis: Sequence[int], steps: int = 250_000, restarts: int = 3
) -> Steps[int]:
    """A light member of ``offset + span(basis)`` by simulated annealing
    (:func:`anneal`).

    Moves add one basis vector (or two, for small bases) of a lightened
    basis. On the all-lit 39x39 Lights Out board (kernel dimension 32) this
    finds 561 presses, the known minimum (OEIS A075464), where plain descent
    stops at 665.
    """
    reduced = yield from _reduce_steps(basis)
    moves = list(reduced)
    if len(reduced) <= 48:  # pairs too, while their number stays near a thousand
        moves += [a ^ b for i, a in enumerate(reduced) for b in reduced[i + 1 :]]
    words = max(1, offset.bit_length() // 64)
    # About a second natively in all on big problems; small ones need far less.
    steps = max(1000, min(steps, 10_000_000 // words, 1000 * len(moves)))
    return (yield from anneal(offset, moves, operator.xor, int.bit_count, steps, restarts))


def anneal(start: int, moves: Sequence[int], combine: Callable[[int, int], int],
           weight: Callable[[int], int], steps: int, restarts: int = 3) -> Steps[int]:
    """The lightest ``combine``-sum of ``start`` and moves met by simulated annealing.

    Each step combines the current vector with a random move; a heavier
    result is accepted with probability exp(-gain / T) as the temperature T
    cools geometrically. Runs vary a lot, so the best of a few seeded runs is
    kept (answers repeat). Shared by the GF(2) and the Z/k searches.
    """
    hot, cold = 6.0, 0.3
    # A step on a million cells takes a millisecond (tens with k states):
    # there look at the clock every step, on small vectors every 32.
    check = 0 if start.bit_length() > 1 << 14 else 31
    start_weight = weight(start)
    best, best_weight = start, start_weight
    for seed in range(restarts):
        rng = random.Random(seed)
        current, current_weight = start, start_weight
        for step in range(steps):
            temperature = hot * (cold / hot) ** (step / steps)
            candidate = combine(current, moves[rng.randrange(len(moves))])
            new_weight = weight(candidate)
            if (new_weight <= current_weight
                    or rng.random() < math.exp((current_weight - new_weight) / temperature)):
                current, current_weight = candidate, new_weight
                if current_weight < best_weight:
                    best, best_weight = current, current_weight
            if not step & check and due():
                yield Progress(seed * steps + step, restarts * steps,
                               "Looking for a solution with few presses")
    return best
