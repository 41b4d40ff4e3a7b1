"""The fewest presses that clear the all-lit n x n board (OEIS A075464), and a
second, independent way to find them.

:func:`prove_term` runs the solver the page and the command line run
(:func:`puzzlelab.lightsout.solve.solve` with the long search's budget):
light chasing, then the folded branch and bound over the quiet patterns.
:func:`enumerated_term` checks a term without any of that search code: it
takes the chase's solution and quiet patterns only after checking them by
pressing (every press set applied cell by cell), their number against the
kernel dimension given by a polynomial gcd (:func:`kernel_dimension_by_gcd`,
not by elimination), and then visits every solution. ``tools/lightsout_table.py``
writes the shipped table (``data/all-lit.json``) and its b-file from both.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from puzzlelab.jobs import finish
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.board import Board
from puzzlelab.lightsout.classic_chase import _solve_classic
from puzzlelab.lightsout.fewest import press_lower_bound
from puzzlelab.lightsout.solve import solve

#: The long search's budget (the CLI's ``--prove``: 32 times the quick one).
PROVE_BUDGET = 32 * gf2.DEFAULT_WORK_BUDGET
#: Kernels up to this dimension are checked by visiting every solution
#: (2**24 members of 10,000 bits: about a minute natively).
ENUMERATION_MAX_DIMENSION = 24


def all_lit(n: int) -> Board:
    """The n x n board with every light on."""
    return Board(n, n, (1 << (n * n)) - 1)


@dataclass(frozen=True)
class Term:
    """What is known of the fewest presses for the all-lit n x n board.

    ``lower`` and ``upper`` bound it (equal when ``proven``); ``presses`` is a
    solution of ``upper`` presses, bit ``r * n + c`` for cell (r, c);
    ``ties`` counts the solutions of that many presses when the search
    counted them; ``seconds`` is the CPU time the proof took.
    """

    n: int
    lower: int
    upper: int
    proven: bool
    ties: int | None
    dimension: int
    presses: int
    seconds: float


def prove_term(n: int, work_budget: int = PROVE_BUDGET) -> Term:
    """The term for n by the project's solver; ``lower`` is the counting and
    packing bound (:func:`press_lower_bound`) when the search does not prove it."""
    board = all_lit(n)
    start = time.process_time()
    solution = solve(board, work_budget=work_budget)
    seconds = time.process_time() - start
    assert solution.presses is not None  # every all-lit square board is solvable
    count = solution.presses.bit_count()
    lower = count if solution.proven_fewest else press_lower_bound(board)
    return Term(n, lower, count, solution.proven_fewest, solution.fewest_solutions,
                solution.kernel_dimension, solution.presses, round(seconds, 2))


def pressed(presses: int, n: int) -> int:
    """The lights an n x n board's presses toggle, cell by cell (no chase, no shifts
    of whole rows): the independent check of a solution or a quiet pattern."""
    lights = 0
    for cell in range(n * n):
        if presses >> cell & 1:
            r, c = divmod(cell, n)
            for dr, dc in ((0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    lights ^= 1 << ((r + dr) * n + c + dc)
    return lights


def kernel_dimension_by_gcd(n: int) -> int:
    """The dimension of the n x n board's quiet patterns, as the degree of
    ``gcd(p_n(x), p_n(x + 1))`` over GF(2), where ``p_0 = 1``, ``p_1 = x``
    and ``p_{k+1} = x p_k + p_{k-1}`` (Sutner's characterisation; polynomials
    as ints, bit i the coefficient of x**i)."""
    def mul_x(p: int) -> int:
        return p << 1

    def compose_plus_one(p: int) -> int:  # p(x + 1)
        result, power = 0, 1  # power = (x + 1)**i
        for i in range(p.bit_length()):
            if p >> i & 1:
                result ^= power
            power = power ^ (power << 1)
        return result

    previous, current = 1, 2
    for _ in range(n - 1):
        previous, current = current, mul_x(current) ^ previous
    a, b = current, compose_plus_one(current)
    while b:
        while a and a.bit_length() >= b.bit_length():
            a ^= b << (a.bit_length() - b.bit_length())
        a, b = b, a
    return a.bit_length() - 1


def enumerated_term(n: int) -> tuple[int, int]:
    """``(fewest presses, how many solutions have that many)`` for the all-lit
    n x n board by visiting every solution: the second method.

    The chase's solution and quiet patterns are used only after checking each
    by :func:`pressed`, their independence by elimination, and their number
    against :func:`kernel_dimension_by_gcd`; the walk over their span is a
    plain Gray code (no folds, bounds or separators). Refuses kernels past
    :data:`ENUMERATION_MAX_DIMENSION`.
    """
    board = all_lit(n)
    presses, quiet, _ = finish(_solve_classic(board))
    if presses is None or pressed(presses, n) != board.lights:
        raise AssertionError(f"{n}x{n}: the chase's solution does not clear the board")
    if any(pressed(q, n) for q in quiet):
        raise AssertionError(f"{n}x{n}: a quiet pattern changes the board")
    if gf2.rank(quiet) != len(quiet) or len(quiet) != kernel_dimension_by_gcd(n):
        raise AssertionError(f"{n}x{n}: the quiet patterns do not span the kernel")
    if len(quiet) > ENUMERATION_MAX_DIMENSION:
        raise ValueError(f"{2 ** len(quiet)} solutions are too many to visit")
    # Tabulate the last few patterns' combinations; Gray-walk the others.
    inner, outer = quiet[:10], quiet[10:]
    table = [0]
    for q in inner:
        table += [member ^ q for member in table]
    best, ties, current = n * n + 1, 0, presses
    for step in range(1 << len(outer)):
        if step:
            current ^= outer[(step & -step).bit_length() - 1]
        weights = [(current ^ member).bit_count() for member in table]
        lightest = min(weights)
        if lightest < best:
            best, ties = lightest, weights.count(lightest)
        elif lightest == best:
            ties += weights.count(lightest)
    return best, ties
