"""The lightest vector of a GF(2) coset ``offset + span(basis)``: the fewest presses.

:func:`min_weight_search` picks the cheaper exact method (every member, or a
separator of a lightened basis whose other vectors fall into independent
groups), falls back on annealing, and, given a board's folds, on the folded
branch and bound of :mod:`puzzlelab.lightsout.gf2_folded`. :func:`anneal` and
:func:`separate_steps` serve the Z/k search of :mod:`puzzlelab.lightsout.modk`
too.
"""

from __future__ import annotations

import math
import operator
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.lightsout.gf2 import DEFAULT_WORK_BUDGET, exhaustive_cost
from puzzlelab.lightsout.gf2_folded import Folding, _FoldedSearch, folded_search
from puzzlelab.lightsout.gf2_lanes import BATCH_LANE_BITS, _lightest, _Stage

#: Basis vectors whose 2**INNER_DIMENSION combinations are tabulated once, so
#: that the innermost loop of the exhaustive search runs in C (see _exhaustive).
INNER_DIMENSION = 10


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
    if not moves:
        return start  # nothing to add: the start is the only member
    ratio, exp = cold / hot, math.exp
    count = len(moves)
    bits = count.bit_length()
    for seed in range(restarts):
        rng = random.Random(seed)
        # A move drawn as random.Random draws an index below ``count`` (the
        # fewest bits that hold it, drawn again when too large), inlined: the
        # loop's own cost is most of a search's, and the draws, hence the
        # answers, stay those of moves[rng.randrange(count)].
        draw, uniform = rng.getrandbits, rng.random
        current, current_weight = start, start_weight
        for step in range(steps):
            index = draw(bits)
            while index >= count:
                index = draw(bits)
            candidate = combine(current, moves[index])
            new_weight = weight(candidate)
            if (new_weight <= current_weight
                    or uniform() < exp((current_weight - new_weight)
                                       / (hot * ratio ** (step / steps)))):
                current, current_weight = candidate, new_weight
                if current_weight < best_weight:
                    best, best_weight = current, current_weight
            if not step & check and due():
                yield Progress(seed * steps + step, restarts * steps,
                               "Looking for a solution with few presses")
    return best
