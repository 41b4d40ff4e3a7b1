"""The lightest member of a GF(2) coset by a branch and bound over a board's folds.

A board folded onto smaller copies of itself (:class:`Folding`) gives nested
subspaces whose members move whole fibres of cells together; fixing the
coefficients level by level, each level's choices are bounded at once in bit
lanes (:mod:`puzzlelab.lightsout.gf2_lanes`). See :func:`folded_search`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from puzzlelab.jobs import Progress, Steps, due
from puzzlelab.lightsout.gf2 import DEFAULT_WORK_BUDGET, _echelon_add
from puzzlelab.lightsout.gf2_lanes import (
    BATCH_LANE_BITS,
    MAX_LANE_BITS,
    _at_least,
    _lightest,
    _Stage,
)


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
