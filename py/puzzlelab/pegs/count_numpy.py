"""Peg solitaire: winning sequences counted with numpy, a whole level at a time.

The count walks forward from a position one jump a level, as the numpy
census's forward pass does (:class:`~puzzlelab.pegs.numpy_level.LevelExpansion`),
keeping only the current level: per class of positions its normalised key and
the number of jump sequences from the start to the members of the class,
summed over the members (:class:`~puzzlelab.pegs.path_counts.Counts`, exact
at any size). At the goal's peg count the sum over the goal's classes is the
count.

Why any group of symmetries that maps the goal onto itself will do, fixed
start or not: write N(P) for the sequences from the start to P and T(C) for
its sum over a class C. A move from P into C' maps, by a symmetry s of the
group, to a move from s(P) into C', so every member of C has the same number
m(C, C') of moves into C' as the representative R of C; hence
T(C') = sum over C of T(C) * m(C, C'), the sum the walk propagates along R's
moves. The start's class begins at 1 (its other members at 0), and the goal
is a union of classes, so the goal classes' sums add up to the count. The
count therefore normalises by the symmetries that fix the goal only (all 8
on the English board for the centre or any hole), which keeps a walk from a
corner vacancy about as small as one from the centre.

Classes that cannot reach the goal are dropped at each level, by
:class:`~puzzlelab.pegs.level_sieve.LevelSieve` (pagoda functions and the
goal table): their descendants add nothing to the count.

:func:`finish_counts_steps` counts towards each single-peg finish in one walk
(the catalogue's question), with the symmetries that fix the start.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from puzzlelab import limits
from puzzlelab.jobs import Progress, Steps, due, finish, work_clock
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census_common
from puzzlelab.pegs.goals import Goal, goal_class_possible, parse_goal
from puzzlelab.pegs.level_sieve import LevelSieve
from puzzlelab.pegs.numpy_level import (
    BUCKET_MOVES,
    CHUNK,
    MAX_BUCKETS,
    MOVES_PER_CLASS,
    TASK_CHUNKS,
    U64,
    LevelEngine,
    LevelExpansion,
    default_workers,
    joined_steps,
    kept_heap,
    run_tasks,
    sorted_unique,
)
from puzzlelab.pegs.path_counts import Counts
from puzzlelab.pegs.shape import Geometry

# Bytes a level's expansion holds per move: its (child, parent) key in a
# bucket, the merged bucket and the gathers of its counts.
BYTES_PER_MOVE = 24
#: Bytes a class of a level takes while the level is expanded, about: its key and
#: count, and nine moves (the English levels have 8 to 9 moves a class).
BYTES_PER_CLASS = 16 + 9 * BYTES_PER_MOVE

#: judge(levels so far, pegs left, seconds, classes expanded): may stop a walk by raising.
Judge = Callable[[list[int], int, float, int], None]


@dataclass
class WalkStats:
    """What a walk did, for the bench and the tests."""

    symmetries: int = 0
    levels: list[int] = field(default_factory=list)  # classes kept per level, start first
    expanded: int = 0  # classes whose moves were generated
    dropped: int = 0  # classes the sieve dropped
    peak_bytes: int = 0  # the largest memory estimate of a level
    seconds: float = 0.0


def _paths(counts: Counts, parent: np.ndarray, starts: np.ndarray, _repeated) -> Counts:
    """The children's path sums: every move from a parent counts (the full tree)."""
    return counts.take(parent).sums(starts)


def level_bytes(classes: int, counts: Counts, moves_per_class: float) -> float:
    """The memory a level of ``classes`` needs while it is expanded (an estimate)."""
    return classes * 8 + counts.nbytes + classes * moves_per_class * BYTES_PER_MOVE


def _too_big(pegs: int, classes: int, need: float, budget: int) -> str:
    where = "in the page" if sys.platform == "emscripten" else "here"
    return (
        f"Counting from this position needs about {limits.megabytes(int(need))} at {pegs} pegs "
        f"({classes:,} positions up to symmetry in that level), over the "
        f"{limits.megabytes(budget)} a count may use {where}. Count from a position a few "
        "moves further on."
    )


def walk_steps(engine: LevelEngine, start: int, stop: int, sieve: LevelSieve | None,
               stats: WalkStats, judge: Judge | None = None,
               label: str = "Counting") -> Steps[tuple[np.ndarray, Counts]]:
    """Walk from the position ``start`` down to ``stop`` pegs: the last level's keys and
    path sums (keys normalised by the engine's symmetries). ``judge`` is asked after
    each level whether to go on (it raises PuzzleError to stop)."""
    began = work_clock()
    keys = engine.images.of(np.array([start], dtype=U64)).min(axis=0)
    counts = Counts.ones(1, counters=1)
    pegs = start.bit_count()
    total = max(1, pegs - stop)
    workers = default_workers()
    moves_per_class = float(MOVES_PER_CLASS)
    fan_in = len(engine.geo.moves) * engine.images.count
    stats.symmetries = engine.images.count
    stats.levels = [1]
    with kept_heap():
        while pegs > stop and len(keys):
            n = len(keys)
            done_levels = start.bit_count() - pegs
            need = level_bytes(n, counts, moves_per_class)
            budget = census_common.census_memory()  # (read at each level: what is in use changes)
            if need > budget:
                raise PuzzleError(_too_big(pegs, n, need, budget))
            stats.peak_bytes = max(stats.peak_bytes, int(need))
            buckets_wanted = max(2 * workers, min(MAX_BUCKETS, n * MOVES_PER_CLASS // BUCKET_MOVES))
            work = LevelExpansion(engine, keys, buckets_wanted if n >= CHUNK else 1)
            step = CHUNK * TASK_CHUNKS
            tasks = [partial(work.generate, lo, min(n, lo + step)) for lo in range(0, n, step)]
            buckets: list[list] = [[] for _ in range(len(work.pivots) + 1)]
            text = f"{label}: {pegs} pegs, {n:,} positions up to symmetry in this level"
            edges = 0
            for done, (parts, _dead, _orbits, moves) in enumerate(run_tasks(tasks, workers),
                                                                  start=1):
                for j, bucket in enumerate(parts):
                    buckets[j].extend(bucket)
                edges += moves
                if done < len(tasks):
                    yield Progress(done_levels + 0.6 * done / len(tasks), total, text)
            if edges == 0:
                keys = keys[:0]
                break
            moves_per_class = max(moves_per_class, edges / n)
            counts = counts.widened_for(fan_in)
            merges = [partial(work.merge, b, partial(_paths, counts), repeats=False)
                      for b in buckets]
            merged = []
            for done, part in enumerate(run_tasks(merges, workers), start=1):
                merged.append(part)
                yield Progress(done_levels + 0.6 + 0.4 * done / len(merges), total, text)
            del buckets, work
            stats.expanded += n
            merged = [m for m in merged if m[1] is not None]
            keys = yield from joined_steps([m[0] for m in merged])
            if due():
                yield None
            counts = yield from Counts.concatenate_steps([m[1] for m in merged])
            del merged
            pegs -= 1
            if sieve is not None and len(keys):
                kept = yield from sieve.keep_steps(keys, pegs)
                if not kept.all():
                    index = np.flatnonzero(kept)
                    stats.dropped += len(keys) - len(index)
                    keys, counts = keys[index], counts.take(index)
            stats.levels.append(len(keys))
            if judge is not None:
                judge(stats.levels, pegs, work_clock() - began, stats.expanded)
            yield Progress(start.bit_count() - pegs, total,
                           f"{label}: {pegs} pegs, {len(keys):,} positions up to symmetry")
    stats.seconds = work_clock() - began
    return keys, counts


def count_steps(geo: Geometry, start: int, goal: Goal, sieve: bool = True,
                stats: WalkStats | None = None, judge: Judge | None = None) -> Steps[int]:
    """The number of winning jump sequences from ``start`` to ``goal`` (exact).

    Normalises by the symmetries that fix the goal (see the module docstring);
    ``sieve`` drops the classes a pagoda or the goal table proves hopeless;
    ``judge`` may stop the walk after a level (see :func:`walk_steps`).
    """
    stats = stats if stats is not None else WalkStats()
    if start.bit_count() < goal.pegs or not goal_class_possible(geo, start, goal):
        return 0
    engine = LevelEngine(geo, geo.subgroup(goal.positions))
    level_sieve = None
    if sieve:
        level_sieve = yield from LevelSieve.build_steps(geo, goal, engine.images)
    keys, counts = yield from walk_steps(engine, start, goal.pegs, level_sieve, stats, judge)
    if not len(keys):
        return 0
    goal_keys = sorted_unique(engine.images.of(np.array(sorted(goal.positions), dtype=U64))
                              .min(axis=0))
    return (yield from counts.total_steps(0, np.isin(keys, goal_keys)))


def count(geo: Geometry, start: int, goal: Goal, sieve: bool = True) -> int:
    """:func:`count_steps` to the end."""
    return finish(count_steps(geo, start, goal, sieve))


def finish_counts_steps(geo: Geometry, start: int, sieve: bool = True,
                        stats: WalkStats | None = None) -> Steps[dict[int, int]]:
    """Winning jump sequences from ``start`` to each single-peg finish: {hole: count}.

    One walk to one peg, normalised by the symmetries that fix the start (a
    group K). The count from a K-fixed start to a position P equals the
    count to s(P) for s in K, so a one-peg class's sum divides equally among
    its members. Holes that cannot be reached are left out.
    """
    stats = stats if stats is not None else WalkStats()
    if start.bit_count() <= 1:
        return {start.bit_length() - 1: 1} if start else {}
    engine = LevelEngine(geo, geo.subgroup([start]))
    level_sieve = None
    if sieve:
        level_sieve = yield from LevelSieve.build_steps(geo, parse_goal(geo, "any"),
                                                        engine.images)
    keys, counts = yield from walk_steps(engine, start, 1, level_sieve, stats)
    out: dict[int, int] = {}
    members = engine.images.of(keys)  # (symmetries, classes)
    for j, total in enumerate(counts.values(0)):
        holes = sorted({int(v).bit_length() - 1 for v in members[:, j].tolist()})
        for hole in holes:
            out[hole] = total // len(holes)
    return dict(sorted(out.items()))


def finish_counts(geo: Geometry, start: int, sieve: bool = True) -> dict[int, int]:
    """:func:`finish_counts_steps` to the end."""
    return finish(finish_counts_steps(geo, start, sieve))
