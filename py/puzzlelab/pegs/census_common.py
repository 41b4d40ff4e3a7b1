"""What both census engines share: the result (:class:`Census` and its levels),
the parsing of a request and the memory a census may hold.

:mod:`puzzlelab.pegs.census` (the pure-Python engine, and the choice of
engine) and :mod:`puzzlelab.pegs.census_numpy` both import this module and
not each other. Both read :func:`census_memory` here at each level, so
replacing it here bounds either engine.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from puzzlelab import limits
from puzzlelab.pegs.goals import Goal, parse_goal
from puzzlelab.pegs.position import Position, board_position


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
    #: The most memory projected before a level (what the refusal compares with the
    #: budget; ``bench/bench_projections.py`` measures it against the run).
    projected_bytes: int = 0
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
