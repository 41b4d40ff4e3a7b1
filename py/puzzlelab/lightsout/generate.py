"""New Lights Out boards: uniformly random solvable ones, and boards of a
difficulty level (a fewest-press count), drawn by rejection sampling.
"""

from __future__ import annotations

import random

from puzzlelab.jobs import Progress, Steps, finish, work_clock
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.board import _HEX_DIGITS, Board, check_shape
from puzzlelab.lightsout.costs import Cost, solve_cost
from puzzlelab.lightsout.solve import solve_steps
from puzzlelab.lightsout.variant import CLASSIC, Variant
from puzzlelab.notation import PuzzleError


def random_presses(rows: int, cols: int, variant: Variant, rng: random.Random) -> int:
    """A uniformly random press set (packed), each cell pressed 0..k-1 times."""
    size, k = rows * cols, variant.states
    if k == 2:
        return rng.getrandbits(size)
    # Random bytes, those from the largest multiple of k below 256 up dropped
    # (so every digit is equally likely), the rest taken modulo k as hex
    # digits: all in C, where a randrange per cell took 0.3 s on a million cells.
    dropped = bytes(range(256 // k * k, 256))
    digits = b""
    while len(digits) < size:
        digits += rng.randbytes(size + size // 4 + 16).translate(None, dropped)
    to_hex = bytes(ord(_HEX_DIGITS[b % k]) for b in range(256))
    return int(digits[:size].translate(to_hex)[::-1], 16)


def random_solvable(
    rows: int, cols: int, rng: random.Random | None = None, variant: Variant = CLASSIC
) -> Board:
    """A board drawn uniformly from the solvable boards of this shape and rules (not
    all dark unless that is the only one): the image of uniformly random presses
    is uniform over the solvable boards, because pressing is linear."""
    check_shape(rows, cols)
    rng = rng or random.Random()
    blank = Board(rows, cols, 0, variant)
    for _ in range(64):
        board = blank.apply(random_presses(rows, cols, variant, rng))
        if board.lit:
            return board
    return board


#: The named difficulty levels: fewest-press counts as a share of the typical
#: fewest presses of a random solvable board of the shape (half the cells when
#: every board has one solution: hard is then 45% of the cells). A share of
#: the cells instead asked 9x9 for 36 presses, where random boards need about
#: 27 and no board came up.
LEVEL_SHARE = {"easy": 0.2, "medium": 0.5, "hard": 0.9}


def difficulty_presses(level: str | int, size: int, typical: float | None = None) -> int:
    """The fewest-press count a difficulty level asks for on a board of ``size``
    cells whose random boards need ``typical`` presses (``size / 2`` by default)."""
    if isinstance(level, int) and not isinstance(level, bool):
        if not 1 <= level <= size:
            raise PuzzleError(f"A board of {size} cells can need 1 to {size} presses, not {level}.")
        return level
    if level not in LEVEL_SHARE:
        raise PuzzleError("The difficulty must be easy, medium, hard or a number of presses.")
    return max(1, round(LEVEL_SHARE[level] * (size / 2 if typical is None else typical)))


#: The generator's search budget per draw, a quarter of the usual: many draws
#: may be needed, and a kernel that slow to prove (random 47x47) gives an
#: inexact board at once instead of seconds per draw.
GENERATOR_WORK_BUDGET = gf2.DEFAULT_WORK_BUDGET // 4
#: How long the generator keeps drawing boards (seconds) before it gives up.
GENERATOR_SECONDS = 10.0
#: Random boards solved to learn a shape's typical fewest presses.
TYPICAL_SAMPLES = 6


def generator_cost(rows: int, cols: int, variant: Variant) -> Cost:
    """The estimated cost of :func:`graded_board_steps`: a few solves and at most
    :data:`GENERATOR_SECONDS` of drawing."""
    return solve_cost(rows, cols, variant).times(3) + Cost(GENERATOR_SECONDS, 0)


def graded_board_steps(rows: int, cols: int, level: str | int, rng: random.Random,
                       variant: Variant = CLASSIC) -> Steps[tuple[Board, bool]]:
    """A board of a difficulty level (easy, medium, hard or a press count), with
    progress: see :func:`difficulty_presses` and :func:`random_with_presses_steps`.
    For a named level on a shape with quiet patterns, a few random boards are
    solved first to learn the typical fewest presses."""
    check_shape(rows, cols)
    if variant.states != 2:
        raise PuzzleError("Difficulty levels are defined for on/off boards (2 states).")
    typical = None
    if isinstance(level, str) and level in LEVEL_SHARE:
        blank = yield from solve_steps(Board(rows, cols, 0, variant), fewest=False)
        if blank.kernel_dimension:
            counts: list[int] = []
            # The job's own time (work_clock): other jobs' steps in between do not count.
            deadline = work_clock() + GENERATOR_SECONDS / 4
            while len(counts) < TYPICAL_SAMPLES and (not counts or work_clock() < deadline):
                yield Progress(len(counts), TYPICAL_SAMPLES, "Sizing up random boards")
                sample = random_solvable(rows, cols, rng, variant)
                solution = yield from solve_steps(sample, work_budget=GENERATOR_WORK_BUDGET)
                counts.append(solution.press_count or 0)
            typical = sum(counts) / len(counts)
    presses = difficulty_presses(level, rows * cols, typical)
    return (yield from random_with_presses_steps(rows, cols, presses, rng, variant))


def random_with_presses(
    rows: int, cols: int, presses: int, rng: random.Random, variant: Variant = CLASSIC,
    attempts: int = 400,
) -> tuple[Board, bool]:
    """:func:`random_with_presses_steps` run to its end."""
    return finish(random_with_presses_steps(rows, cols, presses, rng, variant, attempts))


def random_with_presses_steps(
    rows: int, cols: int, presses: int, rng: random.Random, variant: Variant = CLASSIC,
    attempts: int = 400,
) -> Steps[tuple[Board, bool]]:
    """A board whose fewest solution has exactly ``presses`` presses, drawn uniformly
    among all such boards; returns ``(board, exact)``.

    Rejection sampling: press a uniformly random set of that many cells and
    keep the board only if no smaller solution exists, and then only with
    probability 1 / (number of fewest solutions), since a board with t fewest
    solutions is reached by t press sets. Where the kernel is too large to
    prove fewest, the board is returned with ``exact`` False (it needs at
    most that many presses). Where only a lower bound proves it
    (:func:`fewest.press_lower_bound`), t is not known and is taken as 1; that is
    rare here (random 39x39 boards of 3 to 20 presses: the search itself
    proved each, with one fewest solution). Gives up after ``attempts`` draws
    or :data:`GENERATOR_SECONDS`.
    """
    check_shape(rows, cols)
    if variant.states != 2:
        raise PuzzleError("Difficulty levels are defined for on/off boards (2 states).")
    size = rows * cols
    blank = Board(rows, cols, 0, variant)
    deadline = work_clock() + GENERATOR_SECONDS
    for attempt in range(attempts):
        if attempt and work_clock() > deadline:
            break
        yield Progress(attempt, attempts, f"Drawing a board that needs {presses} presses")
        cells = rng.sample(range(size), presses)
        board = blank.apply(sum(1 << cell for cell in cells) if size < 4096 else
                            int("".join(_marks(cells, size))[::-1], 2))
        solution = yield from solve_steps(board, work_budget=GENERATOR_WORK_BUDGET)
        if not solution.proven_fewest:
            return board, False
        if solution.press_count == presses and rng.random() * (solution.fewest_solutions or 1) < 1:
            return board, True
    raise PuzzleError(
        f"No {rows}x{cols} board needing exactly {presses} presses turned up; "
        "try fewer presses (this size may not have such boards)."
    )


def _marks(cells: list[int], size: int) -> list[str]:
    """'1' at ``cells``, '0' elsewhere: a big set of cells as a bit string at C speed."""
    marks = ["0"] * size
    for cell in cells:
        marks[cell] = "1"
    return marks
