"""The peg solitaire census: every position reachable from a start, level by level.

:func:`census_steps` is the pure-Python engine (dicts of normalised
positions, exact ints); :mod:`puzzlelab.pegs.census_numpy` is the same census
vectorised with numpy. Both walk the game level by level from the start
with two path counters, then a backward pass marks the positions from which
the goal is still reachable. :func:`plan` estimates up front what a census
needs where it runs and says in words what it cannot do.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from puzzlelab import limits
from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.pegs import (
    Geometry,
    Goal,
    Position,
    board_position,
    parse_goal,
    symmetry_images,
)


@dataclass
class Level:
    """One level of the census: every position reached after ``moves`` moves."""

    moves: int
    pegs: int
    positions: int = 0  # all positions reached
    classes: int = 0  # up to symmetry
    paths: int = 0  # move sequences from the start, full game tree
    normal_paths: int = 0  # paths in the tree of normalised positions (the seed's 2nd counter)
    dead_ends: int = 0  # positions with no move left
    dead_end_classes: int = 0
    dead_end_paths: int = 0  # games that end here (full tree)
    good: int = 0  # positions from which the goal is still reachable
    good_classes: int = 0
    solutions: int = 0  # move sequences that reach the goal at this level

    def as_dict(self) -> dict[str, int]:
        return dict(self.__dict__)


@dataclass
class Census:
    """The census of one board, start and goal (see :func:`census`)."""

    board: str
    start: str
    goal: str
    symmetries: int
    engine: str
    levels: list[Level]
    seconds: float = 0.0
    peak_bytes: int = 0
    complete: bool = True
    normal_games: int = 0  # paths of the normalised tree that end in a dead end
    stopped: str = ""  # why the census stopped before the end, when a memory bound stopped it
    # Normalised good positions per peg count, when asked for (not in as_dict).
    good_keys: dict[int, list[int]] = field(default_factory=dict, repr=False)
    # With them, the winning move sequences from each of those positions, in the same order.
    good_wins: dict[int, list[int]] = field(default_factory=dict, repr=False)

    def totals(self) -> dict[str, int]:
        def total(name: str) -> int:
            return sum(getattr(level, name) for level in self.levels)

        return {
            "positions": total("positions"),
            "classes": total("classes"),
            "games": total("dead_end_paths"),
            "normal_games": self.normal_games,
            "dead_ends": total("dead_ends"),
            "dead_end_classes": total("dead_end_classes"),
            "good": total("good"),
            "good_classes": total("good_classes"),
            "solutions": total("solutions"),
        }

    def as_dict(self) -> dict:
        return {
            "board": self.board,
            "start": self.start,
            "goal": self.goal,
            "symmetries": self.symmetries,
            "engine": self.engine,
            "complete": self.complete,
            "stopped": self.stopped,
            "levels": [level.as_dict() for level in self.levels],
            "solutions": sum(level.solutions for level in self.levels),
            "totals": self.totals(),
            "seconds": round(self.seconds, 3),
            "peak_bytes": self.peak_bytes,
        }


#: The most a census may hold in the page's worker (Pyodide: 1 to 2 GB for everything).
PAGE_CENSUS_MEMORY = 800_000_000


def census_memory() -> int:
    """Bytes a census may hold where it runs: half of what this process may still
    take (:func:`limits.memory_headroom`: physical memory, ``ulimit -v``, a
    container's cgroup), and at most 800 MB in the page's worker."""
    cap = PAGE_CENSUS_MEMORY if sys.platform == "emscripten" else float("inf")
    return limits.budget(0.5, cap)


def stopped_before(depth: int, classes: int, need: float, budget: int) -> str:
    """The label of a census that its memory ``budget`` stopped before level ``depth``."""
    where = "in the page" if sys.platform == "emscripten" else "on this machine"
    return (
        f"Stopped before level {depth} ({classes:,} positions up to symmetry): expanding it "
        f"would need about {need / 1e6:,.0f} MB, over the {budget / 1e6:,.0f} MB a "
        f"census may use {where}. The figures cover levels 0 to {depth - 1}; the positions "
        "from which the goal is reachable were not computed. Counting winning games from a "
        "position further on (pegs count) needs far less."
    )


def census_setup(board: str, start: str | None, goal: str | None) -> tuple[Position, Goal, tuple]:
    """Parse a census request: the start position, the goal and the symmetries in use."""
    pos = board_position(board, start)
    goal_ = parse_goal(pos.geo, goal)
    syms = pos.geo.subgroup([pos.pegs], goal_.positions)
    return pos, goal_, syms


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
        budget = census_memory()  # (read at each level: what is in use changes)
        if need > budget:
            result.complete = False
            result.stopped = stopped_before(depth, len(current), need, budget)
            break
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


def census(board: str, start: str | None = None, goal: str | None = None,
           engine: str = "python", max_classes: int | None = None) -> Census:
    """Run a census to the end (``engine``: python or numpy)."""
    if engine == "numpy":
        from puzzlelab.pegs import census_numpy as pegs_numpy

        return finish(pegs_numpy.census_steps(board, start, goal, max_classes))
    return finish(census_steps(board, start, goal, max_classes))
