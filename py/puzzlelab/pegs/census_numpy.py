"""The peg solitaire census vectorised with numpy: whole levels at a time.


Same figures as :func:`puzzlelab.pegs.census.census_steps` (the tests check that
the two engines agree), computed on arrays: a level is a sorted ``uint64``
array of normalised positions (one per symmetry class) with its two path
counters (:class:`~puzzlelab.pegs.path_counts.Counts`); a level's moves are
generated and merged by :class:`~puzzlelab.pegs.numpy_level.LevelExpansion`.
The levels' keys are kept for the backward pass.
"""

from __future__ import annotations

import time
from functools import partial

import numpy as np

from puzzlelab.jobs import Progress, Steps, due
from puzzlelab.pegs import census_common
from puzzlelab.pegs.numpy_level import (
    BUCKET_MOVES,
    CHUNK,
    MAX_BUCKETS,
    MOVES_PER_CLASS,
    TASK_CHUNKS,
    U64,
    Images,
    LevelEngine,
    LevelExpansion,
    default_workers,
    joined_steps,
    kept_heap,
    run_tasks,
    sorted_keys,
    sorted_unique,
)
from puzzlelab.pegs.path_counts import Counts

BACKWARD_SLICE = 1 << 17  # good classes whose jumps are undone between two reports

def census_steps(
    board: str,
    start: str | None = None,
    goal: str | None = None,
    max_classes: int | None = None,
    workers: int | None = None,
    keep_good_from: int | None = None,
) -> Steps[census_common.Census]:
    """The census (the same figures as :func:`puzzlelab.pegs.census.census_steps`) with numpy.

    With ``keep_good_from``, the result's ``good_keys`` also holds, per level
    with at least that many pegs, the normalised positions from which the goal
    is still reachable (what :class:`puzzlelab.pegs.OpeningBook` stores), and
    ``good_wins`` the number of winning move sequences from each (what
    :class:`puzzlelab.pegs.count.CountTable` stores).
    """
    with kept_heap():
        return (yield from _census(board, start, goal, max_classes, workers, keep_good_from))


def _census(
    board: str,
    start: str | None,
    goal: str | None,
    max_classes: int | None,
    workers: int | None,
    keep_good_from: int | None = None,
) -> Steps[census_common.Census]:
    began = time.perf_counter()
    pos, goal_, syms = census_common.census_setup(board, start, goal)
    geo = pos.geo
    engine = LevelEngine(geo, syms)
    images = engine.images
    h = images.count
    workers = default_workers() if workers is None else workers
    goal_keys = sorted_unique(images.of(np.array(sorted(goal_.positions), dtype=U64)).min(axis=0))
    result = census_common.Census(
        board=geo.format(geo.full),
        start=pos.grid,
        goal=goal_.text,
        symmetries=h,
        engine="numpy",
        levels=[],
    )
    keys = images.of(np.array([pos.pegs], dtype=U64)).min(axis=0)
    counts = Counts.ones(1)
    stored: list[np.ndarray] = []
    peak = 0
    normal_games = 0
    depth = 0
    total_work = max(1, pos.peg_count - 1)
    moves_per_class = float(MOVES_PER_CLASS)
    while len(keys):
        n = len(keys)
        # The level's moves (8 bytes each, about three copies while they are merged)
        # beside the levels kept for the backward pass.
        need = sum(a.nbytes for a in stored) + counts.nbytes + n * (8 + moves_per_class * 24)
        budget = census_common.census_memory()  # (read at each level: what is in use changes)
        if need > budget:
            result.complete = False
            result.stopped = census_common.stopped_before(depth, n, need, budget)
            break
        result.projected_bytes = max(result.projected_bytes, int(need))
        level = census_common.Level(moves=depth, pegs=pos.peg_count - depth, classes=n)
        # Whole-level array passes, each up to 0.2 s natively on the largest
        # levels: a pause between them when a report is due.
        level.paths = yield from counts.total_steps(0)
        level.normal_paths = yield from counts.total_steps(1)
        if due():
            yield None
        is_goal = np.isin(keys, goal_keys)
        if is_goal.any():
            level.solutions = yield from counts.total_steps(0, is_goal)
        buckets_wanted = max(2 * workers, min(MAX_BUCKETS, n * MOVES_PER_CLASS // BUCKET_MOVES))
        if due():
            yield None
        # From a chunk of positions up, several buckets: one bucket of a level of
        # 131,072 positions (1.3 million moves) took 0.14 s to merge natively.
        work = LevelExpansion(engine, keys, buckets_wanted if n >= CHUNK else 1)
        step = CHUNK * TASK_CHUNKS
        tasks = [partial(work.generate, lo, min(n, lo + step)) for lo in range(0, n, step)]
        buckets: list[list] = [[] for _ in range(len(work.pivots) + 1)]
        dead_parts = []
        edges = 0
        for done, (parts, dead, orbit_total, moves) in enumerate(run_tasks(tasks, workers),
                                                                  start=1):
            for j, bucket in enumerate(parts):
                buckets[j].extend(bucket)
            dead_parts.extend(dead)
            level.positions += orbit_total
            edges += moves
            if done < len(tasks):
                yield Progress(depth + 0.6 * done / len(tasks), total_work,
                               f"Level {depth}: moves of {n:,} positions")
        dead = yield from joined_steps(dead_parts)
        if due():
            yield None
        if len(dead):
            level.dead_end_classes = len(dead)
            stab = (images.of(keys[dead]) == keys[dead]).sum(axis=0, dtype=np.int64)
            level.dead_ends = int((h // stab).sum())
            level.dead_end_paths = yield from counts.total_steps(0, dead)
            normal_games += yield from counts.total_steps(1, dead)
        result.levels.append(level)
        stored.append(keys)
        if edges == 0:
            break
        moves_per_class = max(moves_per_class, edges / n)
        yield Progress(depth + 0.6, total_work, f"Level {depth}: merging {edges:,} moves")
        live = sum(a.nbytes for a in stored) + counts.nbytes
        live += edges * (8 if work.fits else 16) * 3  # the parts, a merged bucket, its gathers
        peak = max(peak, live)
        # Every class has at most one parent per (move, symmetry) pair.
        counts = counts.widened_for(len(geo.moves) * h)
        if due():
            yield None
        yield from counts.pair_steps()
        merged = []
        merges = [partial(work.merge, b, partial(_full_and_normal, counts)) for b in buckets]
        for done, part in enumerate(run_tasks(merges, workers), start=1):
            merged.append(part)
            yield Progress(depth + 0.6 + 0.4 * done / len(merges), total_work,
                           f"Level {depth}: merging {edges:,} moves")
        del buckets, work
        merged = [m for m in merged if m[1] is not None]
        next_keys = yield from joined_steps([m[0] for m in merged])
        if due():
            yield None
        counts = yield from Counts.concatenate_steps([m[1] for m in merged])
        del merged
        if max_classes is not None and len(next_keys) > max_classes:
            result.complete = False
            break
        keys = next_keys
        depth += 1
        yield Progress(depth, total_work, f"Level {depth}: {len(keys):,} positions")
    result.normal_games = normal_games
    if result.complete:
        kept = None if keep_good_from is None else (result.good_keys, result.good_wins)
        yield from _backward(engine, goal_keys, stored, result.levels, kept, keep_good_from or 0)
    result.seconds = time.perf_counter() - began
    result.peak_bytes = peak
    return result


def _full_and_normal(counts: Counts, parent: np.ndarray, starts: np.ndarray,
                     repeated: np.ndarray) -> Counts:
    """Both counters of the children of a merged bucket (see ``LevelExpansion.merge``).

    The full tree counts every move; the normalised tree counts a parent's
    moves to the same normalised child once.
    """
    return counts.take(parent).drop_normal(repeated).sums(starts)


def _backward(engine: LevelEngine, goal_keys, stored, levels, keep=None,
              keep_from=0) -> Steps[None]:
    """Classes from which the goal is reachable: undo jumps from the goal, level by level.

    With ``keep`` (two dicts), also counts the winning move sequences from each
    good class of the levels with at least ``keep_from`` pegs and keeps keys and
    counts there. A class's wins summed over its members (``total``) is the sum,
    over the jumps undone from each good class's representative, of that class's
    total: both count the moves between the two orbits (as the forward paths).
    """
    images = engine.images
    counting = keep is not None
    good = np.zeros(0, dtype=U64)
    total = np.zeros(0, dtype=U64)
    goal_total = _orbits(images, goal_keys).astype(U64)  # one win from each goal position
    for depth in range(len(stored) - 1, -1, -1):
        level_keys = stored[depth]
        report = Progress(len(stored) - 1 - depth, len(stored), "Backward pass")
        found = [goal_keys]
        values = [goal_total]
        # In slices, with a progress report after each (a level is up to a second's work),
        # each undone a chunk at a time as the forward pass expands (images in cache).
        for lo in range(0, len(good), BACKWARD_SLICE):
            for start in range(lo, min(len(good), lo + BACKWARD_SLICE), CHUNK):
                part = good[start : min(len(good), lo + BACKWARD_SLICE, start + CHUNK)]
                rows = list(images.of(part))
                words = engine.windows(part)
                for i, (word, mask, wanted) in enumerate(engine.undo_tests):
                    idx = np.flatnonzero((words[word] & mask) == wanted)
                    if len(idx):
                        found.append(engine.normal_children(rows, idx, i))
                        if counting:
                            values.append(total[idx + start])
            yield report
        if counting:
            candidates, sums = _sums_by_key(np.concatenate(found), np.concatenate(values))
        else:
            # Sorted, the look-ups walk the level in order; repeats only mark twice.
            candidates = sorted_keys(np.concatenate(found))
        del found, values
        yield report
        mark = np.zeros(len(level_keys), dtype=bool)
        hits = []
        for lo in range(0, len(candidates), 4 * BACKWARD_SLICE):
            part = candidates[lo : lo + 4 * BACKWARD_SLICE]
            at = np.searchsorted(level_keys, part)
            at[at == len(level_keys)] = 0
            hit = level_keys[at] == part
            mark[at[hit]] = True
            hits.append(hit)
            yield report
        hit = np.concatenate(hits) if hits else np.zeros(0, dtype=bool)
        good = level_keys[mark]
        level = levels[depth]
        level.good_classes = len(good)
        if len(good):
            level.good = int(_orbits(images, good).sum())
        if counting:
            total = sums[hit]  # candidates are distinct and sorted, as ``good``
            if level.pegs >= keep_from:
                orbit = _orbits(images, good).astype(U64)
                keep[0][level.pegs] = good.tolist()
                keep[1][level.pegs] = (total // orbit).tolist()


def _orbits(images: Images, keys: np.ndarray) -> np.ndarray:
    """The number of positions in the class of each normalised key."""
    stab = (images.of(keys) == keys).sum(axis=0, dtype=np.int64)
    return images.count // stab


def _sums_by_key(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys, sorted, and the sum of the values of each (exact in uint64)."""
    if not len(keys):
        return keys, values
    # Any order of equal keys gives the same sums (numpy's default argsort is
    # vectorised where its sort is; the stable one, a merge sort, took 3 times longer).
    order = np.argsort(keys)
    keys, values = keys[order], values[order]
    new = np.empty(len(keys), dtype=bool)
    new[0] = True
    np.not_equal(keys[1:], keys[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    if float(np.add.reduceat(values.astype(np.float64), starts).max()) >= 2.0**63:
        raise OverflowError("winning sequences per class pass 2^63: too many to keep in uint64")
    return keys[starts], np.add.reduceat(values, starts)

