"""The peg solitaire census: every position reachable from a start, level by level.

:func:`census_steps` is the pure-Python engine (dicts of normalised
positions, exact ints); :mod:`puzzlelab.pegs.census_numpy` is the same census
vectorised with numpy. Both walk the game level by level from the start
with two path counters, then a backward pass marks the positions from which
the goal is still reachable. :func:`choose_engine` is where a census's
engine is chosen (numpy when asked and loadable, and why not when not); what
both engines share is :mod:`puzzlelab.pegs.census_common`.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass

from puzzlelab import limits
from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census_common
from puzzlelab.pegs.census_common import Census, Level, census_setup, stopped_before
from puzzlelab.pegs.shape import Geometry, symmetry_images


def census_steps(
    board: str, start: str | None = None, goal: str | None = None, max_classes: int | None = None
) -> Steps[Census]:
    """The census with the pure-Python engine: dicts of normalised positions, exact ints.

    Level by level from the start: every position reached (all, and up to
    the symmetries that fix start and goal), the paths to it in the full game
    tree (``paths``: a class's total over its members, propagated along the
    moves of its representative) and in the normalised tree (``normal_paths``:
    moves of one position that lead to the same normalised position count
    once), dead ends and the games ending there, then a backward pass over the
    stored levels (jumps undone from the goal) for the positions from which the
    goal is still reachable. ``max_classes`` stops the walk (``complete`` false)
    when a level would pass that many classes.
    """
    began = time.perf_counter()
    pos, goal_, syms = census_setup(board, start, goal)
    geo = pos.geo
    tables = [geo.tables[k] for k in syms]
    n_sym = len(syms)

    def images(p: int) -> tuple[int, ...]:
        return symmetry_images(p, tables)

    steps = [(m.need, m.mask) for m in geo.moves]
    move_images = [images(m.mask) for m in geo.moves]
    goals = goal_.positions
    result = Census(
        board=geo.format(geo.full),
        start=pos.grid,
        goal=goal_.text,
        symmetries=n_sym,
        engine="python",
        levels=[],
    )
    # Each level: dict normalised position -> [paths, normal paths].
    current = {min(images(pos.pegs)): [1, 1]}
    stored: list[dict[int, list[int]]] = []
    peak = 0
    normal_games = 0
    depth = 0
    total_work = max(1, pos.peg_count - 1)
    growth = 1.0
    while current:
        # _dict_bytes counts 100 bytes an entry; with the key, the list and its two
        # ints a dict entry holds about 250 (the bound must not be passed).
        need = 2.5 * (_dict_bytes(stored) + _dict_bytes([current]) * (1 + growth))
        budget = census_common.census_memory()  # (read at each level: what is in use changes)
        if need > budget:
            result.complete = False
            result.stopped = stopped_before(depth, len(current), need, budget)
            break
        result.projected_bytes = max(result.projected_bytes, int(need))
        level = Level(moves=depth, pegs=pos.peg_count - depth)
        following: dict[int, list[int]] = {}
        for done, (key, (paths, normal)) in enumerate(current.items(), start=1):
            size = len(set(images(key))) if n_sym > 1 else 1
            level.classes += 1
            level.positions += size
            level.paths += paths
            level.normal_paths += normal
            if key in goals:
                level.solutions += paths
            imgs = images(key)
            seen = set()
            for i, (need, mask) in enumerate(steps):
                if key & mask == need:
                    mi = move_images[i]
                    child = min([a ^ b for a, b in zip(imgs, mi, strict=True)])
                    entry = following.get(child)
                    if entry is None:
                        following[child] = entry = [0, 0]
                    entry[0] += paths
                    if child not in seen:
                        seen.add(child)
                        entry[1] += normal
            if not seen:
                level.dead_ends += size
                level.dead_end_classes += 1
                level.dead_end_paths += paths
                normal_games += normal
            if done % 64 == 0 and due():
                yield Progress(depth + done / len(current), total_work,
                               f"Level {depth}: {done:,} of {len(current):,} positions")
        result.levels.append(level)
        stored.append(current)
        peak = max(peak, _dict_bytes(stored) + _dict_bytes([following]))
        if max_classes is not None and len(following) > max_classes:
            result.complete = False
            break
        growth = max(1.0, len(following) / len(current))
        current = following
        depth += 1
        yield Progress(depth, total_work, f"Level {depth}: {len(current):,} positions")
    result.normal_games = normal_games
    if result.complete:
        yield from _backward_pass(geo, syms, images, move_images, goals, stored, result.levels)
    result.seconds = time.perf_counter() - began
    result.peak_bytes = peak
    return result


def _dict_bytes(dicts: list[dict]) -> int:
    # A dict entry costs about 100 bytes here: the slot, the key int and a
    # two-int list. Enough to compare engines, as the seed's own memory figure.
    return sum(100 * len(d) for d in dicts)


def _unjumps(geo: Geometry) -> list[tuple[int, int]]:
    """Undo a move: legal when ``pegs & mask == dst`` (pegs ^ mask is the position before)."""
    return [(1 << m.dst, m.mask) for m in geo.moves]


def _backward_pass(geo, syms, images, move_images, goals, stored, levels) -> Steps[None]:
    """Mark the classes from which the goal is reachable: jumps undone from the goal."""
    undo = _unjumps(geo)
    good: set[int] = set()
    for depth in range(len(stored) - 1, -1, -1):
        level_keys = stored[depth]
        found = {g for g in (min(images(p)) for p in goals) if g in level_keys}
        for done, key in enumerate(good, start=1):
            if done % 64 == 0 and due():
                yield Progress(len(stored) - 1 - depth + done / len(good), len(stored),
                               "Backward pass")
            imgs = images(key)
            for i, (need, mask) in enumerate(undo):
                if key & mask == need:
                    parent = min([a ^ b for a, b in zip(imgs, move_images[i], strict=True)])
                    if parent in level_keys:
                        found.add(parent)
        level = levels[depth]
        level.good_classes = len(found)
        level.good = sum(len(set(images(k))) for k in found) if len(syms) > 1 else len(found)
        good = found
        yield Progress(len(stored) - depth, len(stored), "Backward pass")


#: Address space numpy takes to load for the census (85 MB measured with one BLAS
#: thread, see census_numpy), with room to spare: below it, loading it could end
#: the process from inside its BLAS library, so the pure engine runs instead.
NUMPY_LOAD_BYTES = 150_000_000


def numpy_fits() -> None:
    """Raise ImportError (as a missing numpy does) when numpy is not loaded yet
    and this process has no room left to load it."""
    if "numpy" in sys.modules:
        return
    room = limits.memory_headroom()
    if room < NUMPY_LOAD_BYTES:
        raise ImportError(f"numpy needs about {limits.megabytes(NUMPY_LOAD_BYTES)} to load, "
                          f"more than the {limits.megabytes(room)} left here")


@dataclass(frozen=True)
class CensusEngine:
    """The engine a census runs with (see :func:`choose_engine`)."""

    name: str  # "numpy" or "python"
    # Why the pure engine runs where numpy was asked for ("" when nothing is amiss).
    note: str
    # census_steps(board, start, goal, max_classes) of that engine.
    steps: Callable[..., Steps[Census]]


def choose_engine(asked: str, numpy_error: str | None = None) -> CensusEngine:
    """The census engine for ``asked``: ``auto`` (numpy when it can be loaded), ``numpy``
    or ``python`` (anything else runs the pure engine too).

    numpy is loaded here, only when asked for and when this process has room for it
    (:func:`numpy_fits`). ``auto`` falls back on the pure engine and says why in the
    note (``numpy_error``, the web worker's reason, when given); ``numpy`` that
    cannot run is a PuzzleError saying why.
    """
    if asked not in ("auto", "numpy"):
        return CensusEngine("python", "", census_steps)
    try:
        numpy_fits()
        from puzzlelab.pegs import census_numpy
    except ImportError as exc:
        why = str(exc) if str(exc).startswith("numpy needs") else "numpy is not available"
        if asked == "numpy":
            raise PuzzleError(f"The numpy engine cannot run here: {why}.") from None
        return CensusEngine("python", (numpy_error or why) + ": the pure Python engine ran.",
                            census_steps)
    return CensusEngine("numpy", "", census_numpy.census_steps)


def census(board: str, start: str | None = None, goal: str | None = None,
           engine: str = "python", max_classes: int | None = None) -> Census:
    """Run a census to the end (``engine``: python, numpy or auto, see :func:`choose_engine`)."""
    return finish(choose_engine(engine).steps(board, start, goal, max_classes))
