"""The catalogue of single-vacancy problems: every start with one empty hole, every finish.

For a board, each *problem* starts from the full board less one peg and ends
with one peg, at a given hole or anywhere. The catalogue says which finishes
are possible from each vacancy, the fewest moves (a move is one peg's run of
jumps, proven by :mod:`puzzlelab.pegs.fewest`), one shortest solution, and
the number of winning jump sequences. It is computed natively by
``tools/peg_catalogue.py`` and shipped to the page as JSON, as George Bell's
catalogues list the single-vacancy to single-survivor problems of a board.

Only one vacancy per symmetry class of holes is searched, and for it one
finish per class of the finishes under the symmetries that fix the vacancy;
every other problem is an image of one of those, solution included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from puzzlelab.pegs.fewest_sides import count_moves
from puzzlelab.pegs.goals import Goal, goal_class_possible, parse_goal
from puzzlelab.pegs.position import Position, board_position
from puzzlelab.pegs.shape import Geometry, Move

#: A jump as the page and the JSON answers write it: [[from_row, from_col], [to_row, to_col]].
Jump = list[list[int]]


@dataclass
class Problem:
    """One single-vacancy problem and its answers (``finish`` None: any single peg)."""

    start: int
    finish: int | None
    fewest_moves: int | None  # None: the finish cannot be reached
    shortest: list[Move]
    sequences: int | None  # None: not counted

    def as_json(self, geo: Geometry) -> dict:
        """The problem as the page reads it (counts as decimal strings: they pass 2^53)."""
        return {
            "start": list(geo.holes[self.start]),
            "finish": None if self.finish is None else list(geo.holes[self.finish]),
            "fewest_moves": self.fewest_moves,
            "shortest": [[list(geo.holes[m.src]), list(geo.holes[m.dst])] for m in self.shortest],
            "sequences": None if self.sequences is None else str(self.sequences),
        }


def hole_classes(geo: Geometry) -> list[list[int]]:
    """The holes grouped by the board's symmetries, each group in reading order,
    groups ordered by their first hole."""
    seen: set[int] = set()
    classes = []
    for hole in range(geo.size):
        if hole in seen:
            continue
        orbit = sorted({perm[hole] for perm in geo.symmetries})
        seen.update(orbit)
        classes.append(orbit)
    return classes


def possible_finishes(geo: Geometry, start: int) -> list[int]:
    """The holes a single survivor may end in from vacancy ``start``, as far as the
    position classes ("rule of three") tell; the search decides the rest."""
    pegs = geo.full & ~(1 << start)
    return [g for g in range(geo.size) if goal_class_possible(geo, pegs, single_goal(geo, g))]


def single_goal(geo: Geometry, hole: int) -> Goal:
    """The goal of one peg at ``hole``."""
    return parse_goal(geo, geo.hole_name(hole))


def subgroups(geo: Geometry) -> list[tuple[tuple[int, ...], ...]]:
    """Every group of the board's symmetries (closed under composition), largest first."""
    perms = list(geo.symmetries)
    found = []
    for bits in range(1, 1 << len(perms)):
        chosen = {p for i, p in enumerate(perms) if bits >> i & 1}
        if all(tuple(a[i] for i in b) in chosen for a in chosen for b in chosen):
            found.append(tuple(sorted(chosen)))
    return sorted(found, key=len, reverse=True)


def separating_goal(geo: Geometry, start: int, finish: int) -> Goal:
    """A goal whose count from vacancy ``start`` is the count to ``finish`` alone, with
    as many symmetries as possible: ``finish`` and its images under the largest group
    that maps it onto no other possible finish (those images add nothing: the position
    classes rule them out). A count normalises by the goal's symmetries, so this keeps
    the walk from a start that no symmetry fixes about as small as a symmetric one's."""
    possible = set(possible_finishes(geo, start))
    for group in subgroups(geo):
        orbit = {perm[finish] for perm in group}
        if orbit & possible == {finish}:
            return Goal(frozenset(1 << hole for hole in orbit),
                        " or ".join(geo.hole_name(h) for h in sorted(orbit)))
    raise AssertionError("the trivial group always separates")  # pragma: no cover


def map_move(geo: Geometry, perm: tuple[int, ...], move: Move) -> Move:
    """The image of a jump under a symmetry (a permutation of the holes)."""
    src, dst = perm[move.src], perm[move.dst]
    return next(m for m in geo.moves if m.src == src and m.dst == dst)


def replay(geo: Geometry, start_pegs: int, jumps: list[Move]) -> int:
    """The position after playing ``jumps`` from ``start_pegs``; ValueError on an illegal jump."""
    pegs = start_pegs
    for move in jumps:
        if pegs & move.mask != move.need:
            raise ValueError(f"illegal jump {geo.hole_name(move.src)}-{geo.hole_name(move.dst)}")
        pegs ^= move.mask
    return pegs


#: Solves one problem: (start position, goal) -> (shortest jumps, or None when impossible).
FewestFn = Callable[[Position, Goal], "list[Move] | None"]
#: Counts from one start to each finish: start position -> {finish hole: winning sequences}.
CountsFn = Callable[[Position], "dict[int, int]"]


def solve_board(name: str, fewest: FewestFn, counts: CountsFn,
                log: Callable[[str], None] = lambda _: None) -> list[Problem]:
    """Every single-vacancy problem of board ``name`` (all vacancies, all reachable
    finishes, and "any" per vacancy), searching one per symmetry class."""
    geo = board_position(name).geo
    problems: list[Problem] = []
    for orbit in hole_classes(geo):
        rep = orbit[0]
        start = board_position(name, geo.hole_name(rep))
        wins = counts(start)
        stabiliser = [perm for perm in geo.symmetries if perm[rep] == rep]
        solved: dict[int, Problem] = {}
        for finish in possible_finishes(geo, rep):
            if finish in solved:
                continue
            jumps = fewest(start, single_goal(geo, finish))
            log(f"{name} vacancy {geo.hole_name(rep)} -> {geo.hole_name(finish)}: "
                f"{'impossible' if jumps is None else count_moves(jumps)}")
            for perm in stabiliser:  # the finishes this vacancy cannot tell apart
                image = perm[finish]
                if image not in solved:
                    solved[image] = Problem(
                        rep, image, None if jumps is None else count_moves(jumps),
                        [] if jumps is None else [map_move(geo, perm, m) for m in jumps],
                        wins.get(image, 0))
        reachable = [p for p in solved.values() if p.fewest_moves is not None]
        best = min(reachable, key=lambda p: (p.fewest_moves, p.finish), default=None)
        any_finish = Problem(rep, None, None if best is None else best.fewest_moves,
                             [] if best is None else best.shortest,
                             sum(p.sequences for p in solved.values()))
        for vacancy in orbit:
            perm = next(p for p in geo.symmetries if p[rep] == vacancy)
            for problem in [*sorted(reachable, key=lambda p: p.finish), any_finish]:
                problems.append(Problem(
                    vacancy, None if problem.finish is None else perm[problem.finish],
                    problem.fewest_moves, [map_move(geo, perm, m) for m in problem.shortest],
                    problem.sequences))
    return problems


def check(geo: Geometry, problems: list[Problem]) -> Iterator[str]:
    """What is wrong with a catalogue: each shortest solution must replay from its
    vacancy to its finish in exactly ``fewest_moves`` moves."""
    for p in problems:
        if p.fewest_moves is None:
            continue
        try:
            end = replay(geo, geo.full & ~(1 << p.start), p.shortest)
        except ValueError as error:
            yield f"{geo.hole_name(p.start)}: {error}"
            continue
        if end.bit_count() != 1 or (p.finish is not None and end != 1 << p.finish):
            yield f"{geo.hole_name(p.start)}: the shortest solution does not end at the finish"
        if count_moves(p.shortest) != p.fewest_moves:
            yield f"{geo.hole_name(p.start)}: {count_moves(p.shortest)} moves, not {p.fewest_moves}"
