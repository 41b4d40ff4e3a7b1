"""What cuts a search short: pagoda functions (:class:`Pagodas`) and the goal
table of the positions with few pegs that can reach the goal (:class:`GoalTable`,
built once per board and goal and shared).
"""

from __future__ import annotations

from functools import cached_property

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.pegs.boards import PAGODAS
from puzzlelab.pegs.goals import Goal
from puzzlelab.pegs.position import board_name
from puzzlelab.pegs.shape import Geometry, Move, symmetry_images


class Pagodas:
    """Pagoda functions of a board, all evaluated at once in one packed int.

    A pagoda function weighs the holes so that no jump raises the weighted sum
    of the pegs (``w[to] <= w[from] + w[over]``); a position whose sum is
    below every goal position's can never reach the goal. Field ``k`` of the
    packed int holds ``BIAS + sum`` for pagoda ``k`` under a guard bit; a jump
    subtracts its packed weight loss, and one subtraction of the packed goal
    thresholds tells whether any field fell below its threshold (its guard
    bit is borrowed).
    """

    WIDTH = 13  # bits per field; BIAS + |sum| stays below 2**WIDTH
    BIAS = 1 << 12

    def __init__(self, geo: Geometry, goal: Goal) -> None:
        self.size = geo.size
        weights = []
        for base in PAGODAS.get(board_name(geo) or "", ()):
            for perm in geo.symmetries:
                image = [0] * geo.size
                for i, w in enumerate(base):
                    image[perm[i]] = w
                if all(image[m.dst] <= image[m.src] + image[m.over] for m in geo.moves):
                    weights.append(tuple(image))
        self.weights = list(dict.fromkeys(weights))
        step = self.WIDTH + 1
        self.guard = sum(1 << (k * step + self.WIDTH) for k in range(len(self.weights)))
        self.loss = [
            sum((w[m.src] + w[m.over] - w[m.dst]) << (k * step) for k, w in enumerate(self.weights))
            for m in geo.moves
        ]
        self.threshold = sum(
            (self.BIAS + min(self.value(w, g) for g in goal.positions)) << (k * step)
            for k, w in enumerate(self.weights)
        )

    @staticmethod
    def value(w: tuple[int, ...], pegs: int) -> int:
        return sum(x for i, x in enumerate(w) if pegs >> i & 1)

    def packed(self, pegs: int) -> int:
        """The packed fields of ``pegs`` (``BIAS`` plus each pagoda's sum), by bytes of holes."""
        total, sums = self.byte_sums
        for table in sums:
            total += table[pegs & 255]
            pegs >>= 8
        return total

    @cached_property
    def byte_sums(self) -> tuple[int, list[list[int]]]:
        """The packed fields of no pegs (the biases), and for each byte of holes
        the packed weights of each of its 256 peg patterns: :meth:`packed` adds
        one entry a byte (the fields are linear in the pegs), where summing
        every pagoda over every hole cost about 0.5 ms natively a position."""
        step = self.WIDTH + 1
        hole = [sum(w[i] << (k * step) for k, w in enumerate(self.weights))
                for i in range(self.size)]
        hole += [0] * (-self.size % 8)
        sums = []
        for low in range(0, self.size, 8):
            table = [0] * 256
            for v in range(1, 256):
                table[v] = table[v & (v - 1)] + hole[low + (v & -v).bit_length() - 1]
            sums.append(table)
        return sum(self.BIAS << (k * step) for k in range(len(self.weights))), sums

    @property
    def modulus(self) -> int:
        """Fields add up modulo this (2^step - 1), while their sum stays below it."""
        return (1 << (self.WIDTH + 1)) - 1

    def hopeless(self, packed: int) -> bool:
        """Whether some pagoda proves the goal out of reach."""
        return ((packed | self.guard) - self.threshold) & self.guard != self.guard


class GoalTable:
    """Every position with few pegs from which the goal can be reached, up to symmetry.

    Built once per board and goal by undoing jumps from the goal positions,
    one peg count at a time, until a level passes ``level_limit`` classes
    (that last level is kept). A forward search then only has to reach
    ``max_pegs`` pegs: a position with that many pegs or fewer is good exactly
    when its normalised form is in the table (meet in the middle).
    """

    def __init__(self, geo: Geometry, goal: Goal) -> None:
        """An empty table; :meth:`build_steps` fills it."""
        self.geo = geo
        self.goal = goal
        # The symmetries that fix the goal, as the solver uses them.
        self.syms = geo.subgroup(goal.positions)
        self.tables = [geo.tables[k] for k in self.syms]
        # levels[n - goal pegs]: the normalised good positions with n pegs.
        self.levels: list[set[int]] = [{min(self.images(g)) for g in goal.positions}]
        self.max_pegs = goal.pegs
        self.classes = len(self.levels[0])

    def build_steps(self, level_limit: int) -> Steps[GoalTable]:
        """Undo jumps level by level until a level passes ``level_limit`` classes,
        with a progress report whenever one is due (see :mod:`puzzlelab.jobs`: a
        table of a large board takes seconds)."""
        geo, images = self.geo, self.images
        undo = [(1 << m.dst, m.mask, tuple(geo.image(k, m.mask) for k in self.syms))
                for m in geo.moves]
        level = self.levels[0]
        done = 0
        while len(level) <= level_limit and self.goal.pegs + len(self.levels) <= geo.size:
            parents: set[int] = set()
            for key in level:
                imgs = images(key)
                for dst, mask, mask_images in undo:
                    # Undo a jump: a peg at its end, its start and middle empty.
                    if key & mask == dst:
                        parents.add(min([a ^ b for a, b in zip(imgs, mask_images, strict=True)]))
                done += 1
                if done % 256 == 0 and due():
                    yield Progress(len(self.levels), 0, "Building the goal table")
            if not parents:
                break
            self.levels.append(parents)
            level = parents
        self.max_pegs = self.goal.pegs + len(self.levels) - 1
        self.classes = sum(len(s) for s in self.levels)
        return self

    def images(self, pegs: int) -> tuple[int, ...]:
        return symmetry_images(pegs, self.tables)

    def good(self, key: int, pegs_left: int) -> bool:
        """Whether the normalised position ``key`` with ``pegs_left`` pegs can reach the goal."""
        index = pegs_left - self.goal.pegs
        return 0 <= index < len(self.levels) and key in self.levels[index]

    def path(self, pegs: int) -> list[Move]:
        """A winning move list from a good position with at most ``max_pegs`` pegs."""
        out = []
        while pegs not in self.goal.positions:
            left = pegs.bit_count() - 1
            for move in self.geo.moves:
                if pegs & move.mask == move.need:
                    child = pegs ^ move.mask
                    if self.good(min(self.images(child)), left):
                        out.append(move)
                        pegs = child
                        break
            else:  # pragma: no cover - every table position but the goal has a good child
                raise AssertionError("goal table position without a good move")
        return out


_GOAL_TABLES: dict[tuple[Geometry, Goal, int], GoalTable] = {}


def goal_table_steps(geo: Geometry, goal: Goal, level_limit: int) -> Steps[GoalTable]:
    """The shared :class:`GoalTable` of a board and goal (built once, like the geometry;
    a build that is cancelled leaves nothing behind)."""
    key = (geo, goal, level_limit)
    table = _GOAL_TABLES.get(key)
    if table is None:
        table = yield from GoalTable(geo, goal).build_steps(level_limit)
        if len(_GOAL_TABLES) >= 16:
            del _GOAL_TABLES[next(iter(_GOAL_TABLES))]
        _GOAL_TABLES[key] = table
    return table


def goal_table(geo: Geometry, goal: Goal, level_limit: int) -> GoalTable:
    """:func:`goal_table_steps` to the end."""
    return finish(goal_table_steps(geo, goal, level_limit))
