"""Solving a Lights Out board: a :class:`Solution` with the fewest presses where
provable, the quiet patterns, and why an unsolvable board cannot be solved.

:func:`solve_steps` chases the lights (:mod:`puzzlelab.lightsout.classic_chase`
for the classic rules, :mod:`puzzlelab.lightsout.plan` for any others), then
minimises the presses (:mod:`puzzlelab.lightsout.gf2_search`,
:mod:`puzzlelab.lightsout.fewest`). :func:`solve_dense` is the independent
baseline that eliminates over every cell.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.board import _HEX_DIGITS, Board, _transpose_packed, cells_of, toggled_by
from puzzlelab.lightsout.classic_chase import _classic_quiet, _solve_classic
from puzzlelab.lightsout.costs import MAX_SEARCHED_VALUES, check_quiet_patterns
from puzzlelab.lightsout.fewest import (
    FOLDED_MAX_CELLS,
    _min_presses_mod,
    folding,
    press_lower_bound,
)
from puzzlelab.lightsout.gf2_search import min_weight_in_coset, min_weight_search
from puzzlelab.lightsout.plan import _plan_steps, _solve_general
from puzzlelab.notation import PuzzleError

#: Kernels up to this dimension are searched for the fewest presses (exactly
#: when the search fits its budget, by annealing above); larger ones return a
#: plain solution. King rules with walls reach 99 at 50x50 (proven up to 35x35).
MAX_SEARCHED_KERNEL = 100
#: How many quiet patterns a solution carries when the kernel is bigger.
SHOWN_QUIET_PATTERNS = 64


@dataclass(frozen=True)
class Solution:
    """What the solver knows about one board.

    ``presses`` (packed like the board's lights: a bit set, or a press count
    per cell for k states) turns every light off; it is None when nothing
    does. ``proven_fewest`` says whether no solution has fewer presses, and
    ``fewest_solutions`` how many solutions have that many (when proven).
    ``quiet_patterns`` generate the press sets that change nothing. An
    unsolvable board comes with ``conflict``: weights on the cells (a quiet
    pattern of the mirrored rules) whose weighted sum of the lights no press
    can change, and which is not 0 (see :meth:`explain`).
    """

    board: Board
    presses: int | None
    proven_fewest: bool
    quiet_patterns: tuple[int, ...]
    conflict: int | None
    fewest_solutions: int | None = None
    kernel_size: int | None = None
    dimension: int | None = None

    @property
    def solvable(self) -> bool:
        """Whether some set of presses turns every light off."""
        return self.presses is not None

    @property
    def kernel_dimension(self) -> int:
        """The number of independent quiet patterns (their span has
        ``states ** kernel_dimension`` members when k is prime); on big kernels
        :attr:`quiet_patterns` holds only the first few."""
        return len(self.quiet_patterns) if self.dimension is None else self.dimension

    @property
    def press_count(self) -> int | None:
        """The number of presses in :attr:`presses`."""
        if self.presses is None:
            return None
        return _weight(self.presses, self.board.states)

    def press_cells(self) -> list[tuple[int, int]]:
        """The presses as (row, col) pairs in reading order; a cell pressed
        n times (k states) appears n times."""
        return _cells_with_repeats(self.presses or 0, self.board)

    @property
    def press_grid(self) -> str | None:
        """The presses in the board's plain grid form (how often each cell is
        pressed, rows joined by '/'), or None when nothing solves the board."""
        if self.presses is None:
            return None
        board = self.board
        return Board(board.rows, board.cols, self.presses, board.variant).grid

    def explain(self) -> str:
        """A sentence saying why the board can or cannot be solved."""
        board = self.board
        if self.solvable:
            if self.press_count == 0:
                return "All lights are already out."
            how = "the fewest" if self.proven_fewest else "a solution (not proven fewest)"
            count = self.press_count
            return f"Solvable: {how} takes {count} {'press' if count == 1 else 'presses'}."
        assert self.conflict is not None
        weights = Board(board.rows, board.cols, self.conflict, board.variant).values()
        # The certificate is a quiet pattern of the stencil turned half a turn
        # (y A = 0); only a stencil that is its own half turn makes it one of
        # these rules' quiet patterns.
        half_turn = board.variant.half_turned()
        pattern = ("a quiet pattern" if half_turn == board.variant
                   else "a quiet pattern of the stencil turned half a turn")
        if board.states == 2:
            on_pattern = (board.lights & self.conflict).bit_count()
            cells = self.conflict.bit_count()
            return (
                "This board cannot be solved. Every press toggles an even number of the "
                f"{cells} {'cell' if cells == 1 else 'cells'} of {pattern}, so the number of "
                f"lights on those cells keeps its parity. The board has {on_pattern} "
                f"{'light' if on_pattern == 1 else 'lights'} on them, an odd number, "
                "and an odd count can never become 0."
            )
        k = board.states
        total = sum(w * v for w, v in zip(weights, board.values(), strict=True)) % k
        return (
            "This board cannot be solved. Weigh each light's state by the numbers of "
            f"{pattern} and add up modulo {k}: no press changes that sum, which is "
            f"{total} here but 0 when all lights are out."
        )


def _weight(packed: int, states: int) -> int:
    """Number of presses in a packed press set."""
    if states == 2:
        return packed.bit_count()
    text = format(packed, "x")  # one count per digit runs in C
    return sum(value * text.count(digit) for value, digit in enumerate(_HEX_DIGITS) if value)


def _cells_with_repeats(packed: int, board: Board) -> list[tuple[int, int]]:
    if board.states == 2:
        return cells_of(packed, board.cols)
    counts = Board(board.rows, board.cols, packed, board.variant).values()
    return [divmod(i, board.cols) for i, n in enumerate(counts) for _ in range(n)]


def solve(board: Board, *, fewest: bool = True,
          work_budget: int = gf2.DEFAULT_WORK_BUDGET) -> Solution:
    """Solve ``board`` exactly; with ``fewest``, minimise the presses over the
    kernel, proving the minimum when that fits ``work_budget`` (the units of
    :func:`gf2.exhaustive_cost`)."""
    return finish(solve_steps(board, fewest=fewest, work_budget=work_budget))


def solve_steps(board: Board, *, fewest: bool = True,
                work_budget: int = gf2.DEFAULT_WORK_BUDGET) -> Steps[Solution]:
    """:func:`solve` as a generator that reports progress of the fewest-press search."""
    if board.cols > board.rows:
        # Chase along the longer side so that the system has the fewer unknowns.
        flipped = yield from solve_steps(board.transposed(), fewest=fewest,
                                         work_budget=work_budget)
        back = lambda bits: _transpose_packed(bits, board.transposed())  # noqa: E731
        return Solution(
            board=board,
            presses=None if flipped.presses is None else back(flipped.presses),
            proven_fewest=flipped.proven_fewest,
            quiet_patterns=tuple(back(q) for q in flipped.quiet_patterns),
            conflict=None if flipped.conflict is None else back(flipped.conflict),
            fewest_solutions=flipped.fewest_solutions,
            kernel_size=flipped.kernel_size,
            dimension=flipped.dimension,
        )
    k = board.states
    if board.variant.is_classic:
        presses, quiet, conflict = yield from _solve_classic(board)
        dimension = len(quiet)
        kernel_size = 2**dimension
    else:
        presses, plan = yield from _solve_general(board)
        dimension = len((yield from plan.kernel_steps()))
        # Whole quiet patterns are only built where they are used: to search
        # the solutions, or to show a few of them.
        wanted = min(dimension, dimension if fewest and dimension <= MAX_SEARCHED_KERNEL
                     else SHOWN_QUIET_PATTERNS)
        # Now that the quiet patterns are counted, refuse in words an expansion
        # that would not fit (the up-front projection covers the elimination).
        check_quiet_patterns(board.rows, board.cols, board.variant, wanted)
        quiet = yield from plan.quiet_steps(wanted)
        conflict = (yield from _conflict(board)) if presses is None else None
        kernel_size = yield from plan.kernel_size_steps()
    if presses is None:
        return Solution(board, None, False, quiet, conflict, None, kernel_size, dimension)
    proven, ties = dimension == 0, 1
    # k states: the search holds each quiet pattern as a list of cell values.
    searchable = k == 2 or dimension * board.size <= MAX_SEARCHED_VALUES
    if fewest and 0 < dimension <= MAX_SEARCHED_KERNEL and searchable:
        if k == 2:
            presses, proven, ties = yield from min_weight_search(
                presses, quiet, work_budget,
                folding=folding(board.rows, board.cols, board.variant))
        else:
            presses, proven, ties = yield from _min_presses_mod(presses, quiet, board,
                                                                work_budget)
    if fewest and not proven:
        periodic = yield from _periodic_solution(board, work_budget)
        if periodic is not None and _weight(periodic, k) < _weight(presses, k):
            presses = periodic
        if _weight(presses, k) <= press_lower_bound(board):
            # Proven by counting; how many solutions tie is not known.
            proven, ties = True, None
    return Solution(board, presses, proven, quiet, None, ties if proven else None, kernel_size,
                    dimension)


#: Quotient tori up to this many cells are solved for :func:`_periodic_solution`.
PERIODIC_MAX_CELLS = 40 * 40


def _periodic_solution(board: Board, work_budget: int) -> Steps[int | None]:
    """The lightest solution found that repeats with a period of the board.

    A torus board that repeats every ``rows/p`` rows and ``cols/p`` columns
    (``p`` = 2, 3, 5 or 7, on each side it divides) is the tiling of a
    smaller torus board, and any solution of the smaller one,
    tiled, solves it (a press reaches the same cells, wrapped the same way,
    in each tile). Solving the smaller board, itself proven or folded again,
    finds periodic solutions that a search over the whole kernel may miss:
    all-lit 40x40 cross torus takes 320 presses, the 5x5 perfect code tiled
    (annealing over its 64-dimensional kernel stopped at 636), which the
    counting bound then proves. None when no period applies.
    """
    if not board.variant.wrap or board.size > FOLDED_MAX_CELLS:
        return None
    values = board.values()
    rows, cols = board.rows, board.cols
    best, best_weight = None, None
    for p in (2, 3, 5, 7):
        if rows % p and cols % p:
            continue
        period_rows = rows // p if rows % p == 0 else rows
        period_cols = cols // p if cols % p == 0 else cols
        if period_rows * period_cols > PERIODIC_MAX_CELLS:
            continue
        # Each cell's place in the tile (reading order).
        home = [(i // cols) % period_rows * period_cols + (i % cols) % period_cols
                for i in range(board.size)]
        tile_values = [0] * (period_rows * period_cols)
        for i, h in enumerate(home):
            tile_values[h] = values[i]
        if any(values[i] != tile_values[h] for i, h in enumerate(home)):
            continue  # not periodic
        tile = Board.from_values(period_rows, period_cols, tile_values, board.variant)
        small = yield from solve_steps(tile, work_budget=work_budget // 4)
        if small.presses is None:
            continue
        counts = Board(period_rows, period_cols, small.presses, board.variant).values()
        tiled = Board.from_values(rows, cols, [counts[h] for h in home], board.variant).lights
        weight = _weight(tiled, board.states)
        if best_weight is None or weight < best_weight:
            best, best_weight = tiled, weight
    return best


def _conflict(board: Board) -> Steps[int]:
    """Weights (packed like lights) that prove ``board`` unsolvable: a quiet pattern
    of the mirrored rules, i.e. a vector y with y A = 0, whose weighted sum of
    the lights is not 0. The lightest of the first few such patterns is chosen."""
    mirrored = board.variant.half_turned()
    k = board.states
    values = board.values() if k > 2 else []

    def pairing(pattern: int) -> int:
        if k == 2:
            return (pattern & board.lights).bit_count() & 1
        weights = Board(board.rows, board.cols, pattern, board.variant).values()
        return sum(w * v for w, v in zip(weights, values, strict=True)) % k

    def witnesses(dual: Iterable[int]) -> Steps[list[int]]:
        found: list[int] = []
        for q in dual:
            if due():
                yield Progress(len(found), 8, "Looking for why it cannot be solved")
            if pairing(q):
                found.append(q)
                if len(found) == 8:
                    break
        return found

    if mirrored.is_classic:
        found = yield from witnesses(_classic_quiet(board.rows, board.cols))
    else:
        plan = yield from _plan_steps(board.rows, board.cols, mirrored)
        dimension = len((yield from plan.kernel_steps()))
        check_quiet_patterns(board.rows, board.cols, mirrored, min(dimension, SHOWN_QUIET_PATTERNS),
                             search=False)
        found = yield from witnesses((yield from plan.quiet_steps(SHOWN_QUIET_PATTERNS)))
        if not found:  # then the rest of a big kernel, in one chase
            check_quiet_patterns(board.rows, board.cols, mirrored, dimension, search=False)
            rest = (yield from plan.quiet_steps())[SHOWN_QUIET_PATTERNS:]
            found = yield from witnesses(rest)
    return min(found, key=lambda q: _weight(q, k))


#: The dense baseline's largest board: its time grows with the cube of the cells
#: (3 s for 60x60, about 16 s for 80x80 natively; bench/bench_lightsout.py).
DENSE_MAX_CELLS = 80 * 80


def solve_dense(board: Board, *, fewest: bool = True) -> Solution:
    """Solve by Gaussian elimination over all ``rows * cols`` unknowns, the seeds' way.

    Much slower than :func:`solve` on big boards; kept as the independent
    baseline that benchmarks and tests compare the light-chasing solver with.
    """
    size = board.size
    if size > DENSE_MAX_CELLS:
        seconds = size**3 / 1.5e10  # 3 s for 3,600 cells, measured; cubic
        raise PuzzleError(
            f"The dense baseline eliminates over every cell at once, about {seconds:,.0f} s "
            f"for these {size:,} cells, so it takes boards of up to {DENSE_MAX_CELLS:,} cells "
            f"(80x80); method \"chase\" (the default) solves this board.")
    # Pressing is symmetric (i toggles j iff j toggles i), so equation i, the
    # cells whose press toggles cell i, is the set toggled by pressing i.
    system = [toggled_by(1 << i, board.rows, board.cols) for i in range(size)]
    elimination = gf2.eliminate(system, size)
    quiet = tuple(elimination.kernel())
    presses = elimination.solve(board.lights)
    if presses is None:
        odd = [y for y in elimination.left_kernel() if (y & board.lights).bit_count() & 1]
        return Solution(board, None, False, quiet, min(odd, key=int.bit_count))
    proven = not quiet
    if fewest and quiet:
        presses, proven = min_weight_in_coset(presses, quiet)
    return Solution(board, presses, proven, quiet, None)
