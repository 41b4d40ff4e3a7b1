"""Peg solitaire: the fewest moves, proven.

A *move* is one peg's run of jumps (several jumps in a row by the same peg
count once); a solution with the fewest moves is found, and no shorter one
exists, by a breadth-first search by moves from both ends:

* **forward** from the start: the children of a position are every
  position one peg's chain of jumps reaches (every prefix of every chain);
* **backward** from the goal positions by *un-moves*: a peg runs backwards
  through a chain of un-jumps, each from ``x`` over ``o`` to ``y`` with ``o``
  and ``y`` empty, leaving pegs at ``o`` and ``y``. (The complement of a
  position does not turn chains into chains, so un-moves are made directly.)

Chains are followed state by state, a state being the position and the hole
where the moving peg stands: two chains that reach the same position with
the peg on different holes go on differently, so a chain is cut only when
that pair repeats (cutting on the position alone misses moves: it gave 21
moves instead of 18 on the English board).

Positions are kept as classes under the symmetries that fix both the start
and the goal set (``geo.subgroup({start}, goal)``), so a class's distance
from either end is that of each of its members. Each round expands the side
whose next layer should be smaller. Forward positions that a pagoda function
proves unable to reach the goal are dropped, and so are backward positions
that cannot have come from the start (a pagoda test on the complement with
the start's complement as goal: a jump undone is a jump played on the
complements).

Why the first meeting gives the fewest moves: say the forward side holds
the classes at distance ``0..d-1`` from the start and the backward side those
at ``0..b`` from the goal, none in both, and a solution had ``D <= d + b - 1``
moves. Its position after ``max(0, D - b) <= d - 1`` moves would be on both
sides (each position of a shortest solution is at its exact distance from
both ends, and no position of it is pruned, as each is reachable and can
win). So every solution has at least ``d + b`` moves. The forward layer ``d``
is then built; the first of its classes that the backward side holds, at
depth ``j <= b``, lies on a solution of ``d + j`` moves: ``j = b`` and
``d + b`` moves is the fewest. (The same with the sides exchanged.)

The solution is rebuilt without parent pointers: from the meeting class,
un-moves step to a class one nearer the start in the forward side's
distances, and moves to one nearer the goal in the backward side's; the
path found runs from an image of the start under the symmetries, and is
mapped back to the start itself.

Layers are expanded by :mod:`puzzlelab.pegs.fewest_numpy` where numpy
imports (natively), else in pure Python (the standard library, the page).
A search that will not fit is refused with what it would take: the usual
French, Diamond and Wiegleb games up front (:data:`FEWEST_REACH`, measured),
other positions from the growth of their layers.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import pairwise

from puzzlelab import limits
from puzzlelab.jobs import Progress, Steps, finish, work_clock
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs.fewest_sides import Context, PythonSide, count_moves
from puzzlelab.pegs.goals import Goal, goal_class_possible, parse_goal
from puzzlelab.pegs.position import Position, board_name, classic_game
from puzzlelab.pegs.shape import Geometry, Move

IN_PAGE = sys.platform == "emscripten"
#: A search may take this long (work-clock seconds) by its projection: it
#: reports progress and can be cancelled, but a longer one is refused.
TIME_LIMIT = 120.0 if IN_PAGE else 900.0
#: The memory a search may hold at its peak: a share of what the process may still
#: take, at most this (the page's worker has 1 to 2 GB for all). The projection
#: it is compared with is the whole search's peak, measured (:data:`FOOTPRINTS`),
#: so the share keeps only a margin for what else the process holds.
MEMORY_CAP = 500_000_000 if IN_PAGE else 8_000_000_000
MEMORY_SHARE = 0.8


@dataclass(frozen=True)
class Footprint:
    """The bytes one engine's search holds while it builds a layer, by what it holds."""

    seen: float  # a class seen from either end (its key and depth)
    frontier: float  # a class of either end's frontier (the last layer, kept apart)
    new: float  # a class of the layer being built, at the layer's peak (all it costs)
    #: Per class seen at the building end, what its merge holds twice (numpy: the
    #: classes seen are copied into one larger array), when that passes ``new``.
    copied: float
    fixed: float  # the tables and one chunk's work, whatever the size

    def layer_peak(self, held: int, held_here: int, frontiers: int, layer: float) -> float:
        """Bytes at the peak of building a layer of ``layer`` new classes, with ``held``
        classes seen from both ends (``held_here`` at the end that builds it) and
        ``frontiers`` classes in the two frontiers."""
        building = max(self.new * layer, self.copied * (held_here + layer) + 8 * layer)
        return self.fixed + self.seen * held + self.frontier * frontiers + building


#: Measured resident memory (``bench/bench_projections.py``, the peak RSS of a
#: child process against its layers). The pure Python side keeps a dict entry per
#: class (the int key and the entry, the table a third to two thirds full, and
#: at a resize the old table beside the new) and a list slot per class of a
#: frontier and of the new layer. The numpy side keeps a sorted uint64 key and a
#: uint8 depth per class, its frontier as its own array, and while a layer is
#: built its chunks' candidates: about 2.5 a new class (a class is found again
#: from parents in other chunks), each 8 bytes and some 13 resident (the chunks'
#: work is freed between them, and the heap keeps the gaps), then the layer
#: sorted (8 bytes) beside them. The old figure, 52 bytes for every class seen
#: (a small run's peak over its classes: its last layer's candidates spread over
#: all), projected the usual French game at 5.0 GB; it peaks at 1.34 GB
#: (``bench/bench_projections.py --long``).
NUMPY_CANDIDATES_PER_CLASS = 2.5
FOOTPRINTS = {
    "python": Footprint(seen=100, frontier=8, new=108, copied=0, fixed=8e6),
    "numpy": Footprint(seen=9, frontier=8, new=NUMPY_CANDIDATES_PER_CLASS * 13 + 8, copied=9,
                       fixed=15e6),
}
#: Time projected per class the pure Python engine expands natively (in the page
#: about 2.5 times slower): the up-front refusal of the usual games.
PYTHON_CLASSES_A_SECOND = 30_000 / (2.5 if IN_PAGE else 1)


@dataclass
class FewestMoves:
    """A solution with the fewest moves, and what the search took."""

    jumps: list[Move]
    move_count: int
    #: Classes (up to symmetry) seen from the start and from the goal.
    classes: tuple[int, int] = (0, 0)
    #: The size of each layer, from the start and from the goal.
    layers: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    seconds: float = 0.0
    engine: str = "python"
    #: Before each layer, what the search projected for it: the peak bytes and the
    #: work-clock seconds of the whole search once that layer is built in full.
    projections: list[tuple[float, float]] = field(default_factory=list)


# --- the search -----------------------------------------------------------------

@dataclass(frozen=True)
class Measured:
    """A usual game's search as measured with numpy (see :data:`FEWEST_REACH`)."""

    moves: int | None  # the fewest moves, or None: not finished in ``seconds``
    classes: int  # classes seen from both ends in all (when it stopped, if unfinished)
    seconds: float  # wall seconds of the run
    peak_mb: int  # the process's peak resident memory
    #: For an unfinished run: the moves searched from the start and from the goal,
    #: and the next layer the search projected when it refused to go on.
    depths: tuple[int, int] = (0, 0)
    next_layer: int = 0


#: The usual French, Diamond and Wiegleb games (``pegs.classic_game``), measured
#: with numpy on a 2-core machine with 23 GB shared with other jobs
#: (``bench/bench_peg_moves.py --far``, up to 10 minutes each). French and
#: Diamond are proven with numpy; the pure Python engine, which handles about
#: 30,000 classes a second natively (the English central game: 1.6 million in
#: about a minute) and some 100 bytes each (:data:`FOOTPRINTS`), is refused them
#: up front with these figures. French's peak is measured since the numpy merge
#: holds one copy of the classes seen (1.7 GB before, ``bench/bench_projections.py``);
#: Diamond's and Wiegleb's are from before (lower now).
#: Wiegleb did not finish with numpy (its memory cap lifted to 16 GB,
#: ``--far-memory-gb 16``: its own projection refused the next layer, 25 GB
#: and some 40 minutes in all): refused up front on both engines.
FEWEST_REACH: dict[str, Measured] = {
    "french": Measured(21, 55_297_101, 105, 1_341),
    "diamond": Measured(26, 36_786_212, 103, 1_203),
    "wiegleb": Measured(None, 152_973_735, 489, 6_458, (12, 6), 328_967_793),
}


class Reporter:
    """The progress line of one search (a callable the sides call when a report is due),
    and the guard of its memory inside a layer, should a layer outgrow its projection."""

    def __init__(self, forward: PythonSide, backward: PythonSide, budget: int,
                 footprint: Footprint) -> None:
        self.forward = forward
        self.backward = backward
        self.budget = budget
        self.footprint = footprint

    def __call__(self, side: PythonSide, done: int, found: int) -> Progress:
        at_least = self.forward.depth_reached + self.backward.depth_reached + 1
        end = "start" if side.forward else "goal"
        classes = self.forward.classes + self.backward.classes
        frontiers = _frontiers(self.forward, self.backward)
        if side.engine == "numpy":
            # Its layer joins the classes seen at its end only when merged; till then
            # its candidates (repeats across chunks included) are plain arrays: the
            # peak of a layer ending now.
            need = self.footprint.layer_peak(classes, side.classes, frontiers,
                                             found / NUMPY_CANDIDATES_PER_CLASS)
            classes += found
        else:  # the new classes are already among those seen
            need = self.footprint.layer_peak(classes - found, side.classes - found,
                                             frontiers, found)
        if need > self.budget:
            where = "in the page" if IN_PAGE else "here"
            raise PuzzleError(
                f"The fewest moves from this position are out of reach {where}: the search "
                f"passed {classes:,} positions up to symmetry and "
                f"{limits.megabytes(self.budget)}, what it may use {where}, without finding the "
                f"fewest (at least {at_least} moves); ask for any solution instead, or the "
                "fewest moves from a position further on.")
        return Progress(done, len(side.frontier),
                        f"Fewest moves: at least {at_least}; searching {len(side.sizes)} moves "
                        f"from the {end}: {found:,} new positions so far, {classes:,} in all "
                        "(up to symmetry)")


def _refuse_up_front(position: Position, goal: Goal, engine: str) -> None:
    """Refuse, before searching, the usual games measured out of reach of this engine
    here (:data:`FEWEST_REACH`)."""
    name = board_name(position.geo)
    if name not in FEWEST_REACH:
        return
    start, goal_text = classic_game(name)
    wanted = parse_goal(position.geo, None if goal_text == "default" else goal_text)
    if start.pegs != position.pegs or wanted.positions != goal.positions:
        return
    measured = FEWEST_REACH[name]
    game = f"the usual {name.capitalize()} game"
    where = "in the page" if IN_PAGE else "here"
    if measured.moves is None:
        forward, backward = measured.depths
        raise PuzzleError(
            f"The fewest moves of {game} are out of reach {where}: measured with numpy on a "
            f"machine with 23 GB, the search by moves from both ends went {forward} moves "
            f"from the start and {backward} from the goal without meeting, holding "
            f"{_about(measured.classes)} positions up to symmetry "
            f"({measured.peak_mb / 1000:.1f} GB) after {_duration(measured.seconds)}, and its "
            f"next layer alone would hold about {_about(measured.next_layer)} (some "
            f"{measured.next_layer * FOOTPRINTS['numpy'].new / 1e9:.0f} GB more); ask for any "
            "solution instead, or for the fewest moves from a position further on.")
    if engine == "numpy":
        return
    seconds = measured.classes / PYTHON_CLASSES_A_SECOND
    need = FOOTPRINTS["python"].layer_peak(measured.classes, 0, 0, 0)
    if seconds <= TIME_LIMIT and need <= memory_budget():
        return
    raise PuzzleError(
        f"The fewest moves of {game} are out of reach {where} without numpy: the search "
        f"holds about {_about(measured.classes)} positions up to symmetry, which would take "
        f"this engine some {_duration(seconds)} and {limits.megabytes(need)}; with numpy, "
        f"natively, it proves {measured.moves} moves in {_duration(measured.seconds)} "
        f"({measured.peak_mb / 1000:.1f} GB): run it where numpy is installed, or ask for "
        "any solution.")


def _about(n: float) -> str:
    """A large number in words, to two figures."""
    return f"{n / 1e6:.0f} million" if n >= 1e6 else f"{n:,.0f}"


def choose_engine(engine: str) -> str:
    """``numpy`` where it imports (and ``engine`` allows), else ``python``."""
    if engine == "python" or IN_PAGE:
        return "python"
    try:
        import numpy  # noqa: F401
    except ImportError:
        if engine == "numpy":
            raise PuzzleError("numpy is not installed here: use the python engine.") from None
        return "python"
    return "numpy"


def memory_budget() -> int:
    """Bytes a search may hold here (see :func:`limits.budget`)."""
    return limits.budget(MEMORY_SHARE, MEMORY_CAP)


#: Called after each layer (a bench's log): from the start?, depth, classes, seconds so far.
Trace = Callable[[bool, int, int, float], None]


def fewest_moves_steps(position: Position, goal: Goal, engine: str = "auto",
                       trace: Trace | None = None) -> Steps[FewestMoves | None]:
    """A solution from ``position`` to ``goal`` with the fewest moves (None if there is
    none), with progress; ``engine`` is ``auto``, ``numpy`` or ``python``."""
    began = work_clock()
    geo, start = position.geo, position.pegs
    engine = choose_engine(engine)
    if start in goal.positions:
        return FewestMoves([], 0, engine=engine)
    if position.peg_count <= goal.pegs or not goal_class_possible(geo, start, goal):
        return None
    _refuse_up_front(position, goal, engine)
    ctx = Context(position, goal)
    if engine == "numpy":
        from puzzlelab.pegs.fewest_numpy import NumpySide as Side
    else:
        Side = PythonSide
    forward = Side(ctx, [ctx.norm(start)], True)
    backward = Side(ctx, {ctx.norm(g) for g in goal.positions}, False)
    footprint = FOOTPRINTS[engine]
    budget = memory_budget()
    report = Reporter(forward, backward, budget, footprint)
    projections: list[tuple[float, float]] = []
    # Seconds per parent expanded, per side, as last measured (None: not yet).
    pace: dict[bool, float | None] = {True: None, False: None}
    meet = None
    while meet is None:
        if len(forward.frontier) == 0 or len(backward.frontier) == 0:
            return None
        side = min((forward, backward), key=_next_layer_guess)
        other = backward if side is forward else forward
        projections.append(_refuse_if_too_big(side, forward, backward, footprint, budget,
                                              pace[side.forward], work_clock() - began))
        yield report(side, 0, 0)
        layer_began = work_clock()
        parents = len(side.frontier)
        meet = yield from side.expand_steps(other, report)
        pace[side.forward] = (work_clock() - layer_began) / max(1, parents)
        if trace is not None and meet is None:
            trace(side.forward, side.depth_reached, side.sizes[-1], work_clock() - began)
    depth_here, depth_there = side.depth(meet), other.depth(meet)
    assert depth_here is not None and depth_there is not None
    path = _rebuild(ctx, forward, backward, meet)
    jumps = _jumps_along(ctx, path)
    moves = count_moves(jumps)
    if moves != depth_here + depth_there:  # pragma: no cover - the argument above
        raise AssertionError(f"rebuilt {moves} moves, searched {depth_here + depth_there}")
    classes = (forward.classes, backward.classes)
    return FewestMoves(jumps, moves, classes, (list(forward.sizes), list(backward.sizes)),
                       round(work_clock() - began, 3), engine, projections)


def fewest_moves(position: Position, goal: Goal, engine: str = "auto",
                 trace: Trace | None = None) -> FewestMoves | None:
    """:func:`fewest_moves_steps` to the end."""
    return finish(fewest_moves_steps(position, goal, engine, trace))


def _next_layer_guess(side: PythonSide) -> float:
    """The next layer's size if it grows as the last one did."""
    sizes = side.sizes
    growth = sizes[-1] / sizes[-2] if len(sizes) > 1 and sizes[-2] else 1.0
    return len(side.frontier) * max(1.0, growth)


def _frontiers(forward: PythonSide, backward: PythonSide) -> int:
    return len(forward.frontier) + len(backward.frontier)


def projected_layer(side: PythonSide, forward: PythonSide, backward: PythonSide,
                    footprint: Footprint, pace: float | None,
                    spent: float) -> tuple[float, float, float]:
    """What building ``side``'s next layer in full would take: its size (a guess from
    the growth of the last one), the search's peak bytes by ``footprint``, and the
    work-clock seconds of the whole search by then (``pace``: seconds per parent
    in this side's last layer; ``spent``: seconds so far).

    The layer is projected in full: the search ends at the first class both ends
    hold, which may come early in the layer, or never."""
    guess = _next_layer_guess(side)
    need = footprint.layer_peak(forward.classes + backward.classes, side.classes,
                                _frontiers(forward, backward), guess)
    return guess, need, spent + (pace or 0.0) * len(side.frontier)


def _refuse_if_too_big(side: PythonSide, forward: PythonSide, backward: PythonSide,
                       footprint: Footprint, budget: int, pace: float | None,
                       spent: float) -> tuple[float, float]:
    """Refuse, before a layer, a search whose next layer will not fit in memory or time;
    else the peak bytes and seconds projected."""
    guess, need, seconds = projected_layer(side, forward, backward, footprint, pace, spent)
    held = forward.classes + backward.classes
    if need <= budget and seconds <= TIME_LIMIT:
        return need, seconds
    where = "in the page" if IN_PAGE else "here"
    raise PuzzleError(
        f"The fewest moves from this position are out of reach {where}: after "
        f"{forward.depth_reached} moves from the start and {backward.depth_reached} from the "
        f"goal the search holds {held:,} positions up to symmetry, and its next layer of about "
        f"{guess:,.0f} would need some {limits.megabytes(need)} (it may use "
        f"{limits.megabytes(budget)} {where}) and take the search to about "
        f"{_duration(seconds)} (it may take {_duration(TIME_LIMIT)}); ask for any solution "
        "instead, or the fewest moves from a position further on.")


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.0f} hours"


# --- the solution ---------------------------------------------------------------


def _rebuild(ctx: Context, forward: PythonSide, backward: PythonSide, meet: int) -> list[int]:
    """Positions from the start to a goal position through the meeting class."""
    norm = ctx.norm
    before = [meet]
    depth = forward.depth(meet)
    assert depth is not None
    while depth > 0:
        depth -= 1
        # An un-move to a class one move nearer the start (one exists: the
        # class was first reached from such a class).
        before.append(next(p for p in ctx.chains(before[-1], False)
                           if forward.depth(norm(p)) == depth))
    before.reverse()
    depth = backward.depth(meet)
    assert depth is not None
    after = []
    current = meet
    while depth > 0:
        depth -= 1
        current = next(c for c in ctx.chains(current, True) if backward.depth(norm(c)) == depth)
        after.append(current)
    path = before + after
    # The path starts at an image of the start: map it back through a symmetry of
    # the subgroup, which keeps the goal set, so the end stays a goal position.
    geo = ctx.geo
    k = next(k for k in ctx.syms if geo.image(k, path[0]) == ctx.start)
    path = [geo.image(k, p) for p in path]
    assert path[-1] in ctx.goal.positions
    return path


def _jumps_along(ctx: Context, path: list[int]) -> list[Move]:
    """The jumps of each move between consecutive positions of ``path``."""
    out: list[Move] = []
    for before, after in pairwise(path):
        out += _one_move(ctx.geo, before, after)
    return out


def _one_move(geo: Geometry, before: int, after: int) -> list[Move]:
    """The jumps of one peg's chain that turn ``before`` into ``after``."""
    by_hole: list[list[Move]] = [[] for _ in range(geo.size)]
    for m in geo.moves:
        by_hole[m.src].append(m)
    # The moving peg starts on a hole the move empties, or on the hole where
    # it lands again (a chain round a triangle of the triangular lattice).
    emptied = before & ~after
    for hole in sorted(range(geo.size), key=lambda h: not emptied >> h & 1):
        if not before >> hole & 1:
            continue
        stack: list[tuple[int, int, list[Move]]] = [(before, hole, [])]
        seen = set()
        while stack:
            q, at, jumps = stack.pop()
            for m in by_hole[at]:
                if q & m.mask == m.need:
                    child = q ^ m.mask
                    if child == after:
                        return [*jumps, m]
                    if (child, m.dst) not in seen and child.bit_count() > after.bit_count():
                        seen.add((child, m.dst))
                        stack.append((child, m.dst, [*jumps, m]))
    raise AssertionError("consecutive positions of a path are not one move apart")

