"""Which classes of a numpy level can still reach the goal, as far as cheap tests tell.

:class:`LevelSieve` applies to whole arrays of positions the two tests the
solver applies one position at a time (:mod:`puzzlelab.pegs.pruning`):

* **pagoda functions**: a position whose weighted sum under some pagoda is
  below that of every goal position can never reach the goal. As in
  :class:`~puzzlelab.pegs.pruning.Pagodas`, the sums are packed in fields
  with a guard bit, four to a ``uint64`` word, and built from one table
  look-up per 11-bit digit of the position and word; one subtraction of the
  packed thresholds tests four pagodas.
* **the goal table**: at its peg counts and below, a position can reach the
  goal exactly when its class is in the table.

Neither test drops a position that can reach the goal, and both give the
same answer on every member of a class up to the symmetries that fix the
goal (the pagodas are closed under the board's symmetries, and the goal is
mapped onto itself), so either may be asked of a class's representative.
"""

from __future__ import annotations

import numpy as np

from puzzlelab.jobs import Steps, due
from puzzlelab.pegs.goals import Goal
from puzzlelab.pegs.numpy_level import U64, Images
from puzzlelab.pegs.pruning import Pagodas, goal_table_steps
from puzzlelab.pegs.shape import Geometry

SLICE = 1 << 16  # positions tested between two looks at the clock
FIELD = 16  # bits per packed pagoda sum, the top one its guard bit
FIELDS = 64 // FIELD
BIAS = 1 << 12  # added to every sum: |sum| stays below it on the usual boards
#: Goal table levels of up to this many classes (the solver's, see ``Solver.TABLE_LEVEL_LIMIT``).
TABLE_LEVEL_LIMIT = 5_000


class LevelSieve:
    """Pagoda and goal-table tests of a board and goal on arrays of positions."""

    DIGIT = Images.DIGIT

    def __init__(self, geo: Geometry, goal: Goal, images: Images, table_levels: dict,
                 table_images: Images | None) -> None:
        self.goal = goal
        self.images = images
        self.table_levels = table_levels  # peg count -> sorted uint64 keys of the goal table
        self.table_images = table_images  # the table's symmetries, when not the walk's
        weights = Pagodas(geo, goal).weights
        parts = -(-geo.size // self.DIGIT)
        # words[j]: (digit tables of word j, one per part; its guard bits; its thresholds).
        self.words: list[tuple[np.ndarray, np.uint64, np.uint64]] = []
        for lo in range(0, len(weights), FIELDS):
            group = weights[lo : lo + FIELDS]
            guard = sum(1 << (FIELD * k + FIELD - 1) for k in range(len(group)))
            least = [min(Pagodas.value(w, g) for g in goal.positions) for w in group]
            thresholds = sum((BIAS + t) << (FIELD * k) for k, t in enumerate(least))
            tables = np.zeros((parts, 1 << self.DIGIT), dtype=U64)
            for p in range(parts):
                holes = range(p * self.DIGIT, min(geo.size, (p + 1) * self.DIGIT))
                hole_fields = [sum(w[i] << (FIELD * k) for k, w in enumerate(group))
                               for i in holes]
                column = [0] * (1 << self.DIGIT)
                for v in range(1, 1 << len(hole_fields)):
                    column[v] = column[v & (v - 1)] + hole_fields[(v & -v).bit_length() - 1]
                # The fields' biases ride on part 0; negative sums wrap modulo 2^64 and
                # come right in the total, whose fields are all within range.
                bias = sum(BIAS << (FIELD * k) for k in range(len(group))) if p == 0 else 0
                tables[p] = [(bias + c) % (1 << 64) for c in column]
            self.words.append((tables, U64(guard), U64(thresholds)))

    @classmethod
    def build_steps(cls, geo: Geometry, goal: Goal, images: Images) -> Steps[LevelSieve]:
        """The sieve of ``goal`` for keys normalised by ``images`` (builds the goal table)."""
        table = yield from goal_table_steps(geo, goal, TABLE_LEVEL_LIMIT)
        levels = {goal.pegs + k: np.array(sorted(level), dtype=U64)
                  for k, level in enumerate(table.levels)}
        same = sorted(table.syms) == sorted(images.syms)
        return cls(geo, goal, images, levels, None if same else Images(geo, table.syms))

    def keep_steps(self, keys: np.ndarray, pegs: int) -> Steps[np.ndarray]:
        """Which of ``keys`` (positions with ``pegs`` pegs) may still reach the goal."""
        keep = np.ones(len(keys), dtype=bool)
        level = self.table_levels.get(pegs)
        mask = U64((1 << self.DIGIT) - 1)
        for lo in range(0, len(keys), SLICE):
            if due():
                yield None
            part = keys[lo : lo + SLICE]
            if level is not None:
                normal = part if self.table_images is None else self.table_images.of(part).min(0)
                at = np.searchsorted(level, normal)
                at[at == len(level)] = 0
                keep[lo : lo + SLICE] = level[at] == normal
            elif self.words:
                digits = [((part >> U64(self.DIGIT * p)) & mask).astype(np.intp)
                          for p in range(len(self.words[0][0]))]
                alive = None  # where the keys still tested are in ``part`` (None: all)
                passed = np.ones(len(part), dtype=bool)
                for tables, guard, thresholds in self.words:
                    packed = tables[0][digits[0]]
                    for p in range(1, len(digits)):
                        packed += tables[p][digits[p]]
                    packed |= guard
                    packed -= thresholds
                    packed &= guard
                    passed &= packed == guard
                    # Once a fifth of the keys tested have failed, they leave the digit
                    # arrays: the remaining pagodas read only the others. (The first words
                    # drop a quarter of the English central game's classes.)
                    if np.count_nonzero(passed) < 0.8 * len(passed):
                        survivors = np.flatnonzero(passed)
                        digits = [d[survivors] for d in digits]
                        alive = survivors if alive is None else alive[survivors]
                        passed = np.ones(len(survivors), dtype=bool)
                if alive is None:
                    keep[lo : lo + SLICE] = passed
                else:
                    keep[lo : lo + SLICE] = False
                    keep[lo + alive[passed]] = True
        return keep
