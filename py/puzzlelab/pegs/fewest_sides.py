"""The fewest-moves search's two ends in pure Python, and what both engines share.

:class:`Context` holds one search's board, the symmetries that fix its start
and goal, its jumps by hole and its pagoda tests; :class:`PythonSide` is one
end of the search (from the start, or from the goal by un-moves) as a dict
of classes and their depths, the engine of the standard library and the
page (:mod:`puzzlelab.pegs.fewest_numpy` is the numpy one). The search
itself, and why its first meeting is the fewest moves, is
:mod:`puzzlelab.pegs.fewest`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from puzzlelab.jobs import Progress, Steps, due
from puzzlelab.pegs.goals import Goal
from puzzlelab.pegs.position import Position
from puzzlelab.pegs.pruning import Pagodas
from puzzlelab.pegs.shape import Move

CLASSES_PER_REPORT = 64  # parents expanded between two looks at the clock

#: The progress line of a search: called with the side expanding, the parents
#: expanded so far in its layer and the new classes found.
Report = Callable[[Any, int, int], Progress]


def count_moves(jumps: Iterable[Move]) -> int:
    """Moves as players count them: a jump starting where the last one landed continues it."""
    count, landed = 0, None
    for jump in jumps:
        if jump.src != landed:
            count += 1
        landed = jump.dst
    return count


# --- what the searches share --------------------------------------------------


class Context:
    """One search's board, symmetries, jump tables and pagoda tests."""

    DIGIT = 11  # bits of a position looked up at once when normalising

    def __init__(self, position: Position, goal: Goal) -> None:
        geo = self.geo = position.geo
        self.start = position.pegs
        self.goal = goal
        self.syms = geo.subgroup({self.start}, goal.positions)
        # One table per symmetry and DIGIT bits of the position: fewer look-ups than bytes.
        self.digits = [[[geo.image(k, v << (self.DIGIT * p)) for v in range(1 << self.DIGIT)]
                        for p in range(-(-geo.size // self.DIGIT))] for k in self.syms]
        # Per hole, its jumps: (over|dst bits, over bit, the bits a jump flips, where it lands).
        self.jumps: list[list[tuple[int, int, int, int]]] = [[] for _ in range(geo.size)]
        for m in geo.moves:
            self.jumps[m.src].append(((1 << m.over) | (1 << m.dst), 1 << m.over, m.mask, m.dst))
        self.forward_pagodas = Pagodas(geo, goal)
        self.backward_pagodas = Pagodas(geo, Goal(frozenset({geo.full ^ self.start}), "start"))

    def norm(self, pegs: int) -> int:
        """The class of a position: the least of its images under the symmetries."""
        best = None
        step, mask = self.DIGIT, (1 << self.DIGIT) - 1
        for tables in self.digits:
            image, rest = 0, pegs
            for table in tables:
                image |= table[rest & mask]
                rest >>= step
            if best is None or image < best:
                best = image
        return best if best is not None else pegs

    def chains(self, pegs: int, forward: bool) -> set[int]:
        """Every position one move (``forward``) or one un-move away."""
        out: set[int] = set()
        visited: set[tuple[int, int]] = set()  # (position, moving peg's hole)
        jumps = self.jumps
        for hole in range(self.geo.size):
            if not pegs >> hole & 1:
                continue
            stack = [(pegs, hole)]
            while stack:
                q, at = stack.pop()
                for both, over, flip, dst in jumps[at]:
                    # A jump needs the middle full and the landing empty; an
                    # un-jump needs both empty.
                    if q & both == (over if forward else 0):
                        child = q ^ flip
                        if (child, dst) not in visited:
                            visited.add((child, dst))
                            out.add(child)
                            stack.append((child, dst))
        return out

    def hopeless(self, key: int, forward: bool) -> bool:
        """Whether a pagoda proves the class off every solution: forward, it cannot
        reach the goal; backward, the start cannot reach it."""
        if forward:
            pagodas = self.forward_pagodas
            return bool(pagodas.weights) and pagodas.hopeless(pagodas.packed(key))
        pagodas = self.backward_pagodas
        return bool(pagodas.weights) and pagodas.hopeless(pagodas.packed(self.geo.full ^ key))


class Side:
    """What both engines' ends share: the classes ``seen`` and the layer ``sizes``."""

    seen: Any
    sizes: list[int]

    @property
    def depth_reached(self) -> int:
        """The deepest complete layer."""
        return len(self.sizes) - 1

    @property
    def classes(self) -> int:
        """Classes seen from this end."""
        return len(self.seen)


class PythonSide(Side):
    """One end of the search in pure Python: each class's depth in a dict."""

    engine = "python"

    def __init__(self, ctx: Context, roots: Iterable[int], forward: bool) -> None:
        self.ctx = ctx
        self.forward = forward
        self.seen: dict[int, int] = {}
        for key in roots:
            if not ctx.hopeless(key, forward):
                self.seen[key] = 0
        self.frontier = list(self.seen)
        self.sizes = [len(self.frontier)]

    def depth(self, key: int) -> int | None:
        """The class's distance in moves from this end, if seen."""
        return self.seen.get(key)

    def expand_steps(self, other: PythonSide | None, report: Report) -> Steps[int | None]:
        """Build the next layer; stop at (and return) the first class ``other`` holds."""
        ctx, forward, seen = self.ctx, self.forward, self.seen
        depth = len(self.sizes)
        other_seen = other.seen if other is not None else {}
        norm, chains, hopeless = ctx.norm, ctx.chains, ctx.hopeless
        layer: list[int] = []
        for done, parent in enumerate(self.frontier, start=1):
            for child in chains(parent, forward):
                key = norm(child)
                if key in seen or hopeless(key, forward):
                    continue
                seen[key] = depth
                layer.append(key)
                if key in other_seen:
                    return key
            if done % CLASSES_PER_REPORT == 0 and due():
                yield report(self, done, len(layer))
        self.frontier = layer
        self.sizes.append(len(layer))
        return None
