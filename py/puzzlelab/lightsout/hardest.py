"""The hardest board of a classic n x n Lights Out: the most presses any
solvable board needs (the covering radius of the quiet patterns' code), and a
board that needs them.

Every press set ``x`` solves exactly one board (the lights it toggles), whose
solutions are ``x`` plus the span of the quiet patterns ``q_1 .. q_d``. Give
each cell its *type* ``t``, the d bits saying which quiet patterns hold it,
and let ``m_t`` cells have type t and ``k_t`` of them be pressed in ``x``.
Adding the quiet pattern ``sum a_i q_i`` flips the cells of the types with
``<a, t> = 1``, so the solution it gives weighs::

    L_a = sum over t of (k_t if <a, t> = 0 else m_t - k_t)
        = (N + S(a)) / 2,   S(a) = sum over t of (-1)**<a, t> * s_t,   s_t = 2 k_t - m_t

(N cells; S is the Walsh-Hadamard transform of s). The board needs
``min_a L_a`` presses, which depends on the counts ``k_t`` alone: the
hardest board maximises ``min_a S(a)`` over ``s_t`` of the parity of
``m_t`` within ``[-m_t, m_t]``. Type 0 (cells in no quiet pattern) adds
``s_0`` to every ``S(a)``, so ``s_0 = m_0`` (press them all). For the other
types, ``S(a) - m_0`` sums to 0 over all a (it is the transform of ``s``
with ``s_0`` removed), so its minimum is at most 0, and 0 only if every
other ``s_t`` is 0, which needs every ``m_t`` even. When some ``m_t`` are
odd (an even number of types on every board up to 50), each
``S(a) - m_0`` has their parity, so the minimum is at most -2. Hence

    radius <= (N + m_0) / 2, and <= (N + m_0) / 2 - 1 when some m_t is odd,

and :func:`hardest_board` meets the bound with a local search over the
``s_t``, which proves the radius; 5x5: 25 cells,
``m_0`` = 5, every other ``m_t`` even, radius 15.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from puzzlelab.lightsout.board import toggled_by
from puzzlelab.lightsout.classic_chase import _classic_quiet

#: Quiet spaces up to this dimension are searched (the transform has 2**d entries).
HARDEST_MAX_DIMENSION = 20


@dataclass(frozen=True)
class Hardest:
    """The most presses a solvable n x n board needs, and a board that needs them.

    ``presses`` solves ``lights`` with ``radius`` presses, proven fewest;
    ``bound`` is the parity bound above; ``radius`` equals it when ``proven``.
    """

    n: int
    dimension: int
    radius: int
    bound: int
    proven: bool
    presses: int
    lights: int
    lone_cells: int  # m_0: cells in no quiet pattern


def cell_types(n: int) -> tuple[tuple[int, ...], list[int]]:
    """The quiet patterns of the n x n board and each cell's type (bit i: in pattern i)."""
    quiet = _classic_quiet(n, n)
    types = [0] * (n * n)
    for i, q in enumerate(quiet):
        for cell in range(n * n):
            if q >> cell & 1:
                types[cell] |= 1 << i
    return quiet, types


def _transform(values: list[int]) -> list[int]:
    """The Walsh-Hadamard transform (unnormalised), in place on a copy."""
    f = list(values)
    h = 1
    while h < len(f):
        for start in range(0, len(f), 2 * h):
            for i in range(start, start + h):
                f[i], f[i + h] = f[i] + f[i + h], f[i] - f[i + h]
        h *= 2
    return f


def _choose_s(dimension: int, counts: dict[int, int], seed: int = 1,
              steps: int | None = None) -> dict[int, int]:
    """Values ``s_t`` (parity of ``m_t``, within ``[-m_t, m_t]``) for the types
    other than 0 making ``min S`` (without type 0) as high as found: -2 meets
    the bound. A local search: from +-1 and 0, moves of +-2 on one type that
    raise the minimum or lower how often it occurs, sideways moves now and then."""
    rng = random.Random(seed)
    size = 1 << dimension
    if steps is None:  # about 2**25 entries moved in all
        steps = max(64, (1 << 25) >> dimension)
    parity = [bin(a).count("1") & 1 for a in range(size)]
    kinds = sorted(t for t in counts if t)
    s = {t: counts[t] % 2 * rng.choice((-1, 1)) for t in kinds}
    values = [0] * size
    for t, v in s.items():
        values[t] = v
    spectrum = _transform(values)

    def score(spec: list[int]) -> tuple[int, int]:
        low = min(spec)
        return low, -spec.count(low)

    best = score(spectrum)
    for _ in range(steps):
        if best[0] >= -2:  # the parity bound (called only when some m_t is odd)
            break
        t = rng.choice(kinds)
        step = rng.choice((-2, 2))
        if abs(s[t] + step) > counts[t]:
            continue
        # s_t += step moves S(a) by step * (-1)**<a, t>.
        trial = [v + step if parity[a & t] == 0 else v - step for a, v in enumerate(spectrum)]
        trial_score = score(trial)
        if trial_score > best or (trial_score[0] == best[0] and rng.random() < 0.05):
            best, spectrum = trial_score, trial
            s[t] += step
    return s


def parity_bound(n: int) -> tuple[int, int, int]:
    """``(upper bound on the radius, quiet dimension, m_0)`` by the parity
    argument above; cheap for any n."""
    quiet, types = cell_types(n)
    counts = Counter(types)
    lone = counts.get(0, 0)
    odd = any(t and m % 2 for t, m in counts.items())
    return (n * n + lone) // 2 - (1 if odd else 0), len(quiet), lone


def hardest_board(n: int, seed: int = 1) -> Hardest | None:
    """The hardest n x n board (see the module's note); None when the board has
    no quiet patterns (every board then needs at most N presses, and the hardest
    is the one whose unique solution presses every cell) or a quiet space past
    :data:`HARDEST_MAX_DIMENSION`."""
    quiet, types = cell_types(n)
    d = len(quiet)
    if d == 0 or d > HARDEST_MAX_DIMENSION:
        return None
    counts = Counter(types)
    lone = counts.get(0, 0)
    odd = sorted(t for t, m in counts.items() if t and m % 2)
    size = n * n
    bound = (size + lone) // 2 - (1 if odd else 0)
    chosen = _choose_s(d, counts, seed) if odd else {}
    # k_t = (m_t + s_t) / 2 cells of each type pressed; type 0 all pressed.
    wanted = {t: (m + chosen.get(t, 0)) // 2 for t, m in counts.items()}
    wanted[0] = lone
    presses = 0
    for cell, t in enumerate(types):
        if wanted[t]:
            presses |= 1 << cell
            wanted[t] -= 1
    radius = lightest_solution(presses, quiet)
    return Hardest(n, d, radius, bound, radius == bound, presses,
                   toggled_by(presses, n, n), lone)


def lightest_solution(presses: int, quiet: tuple[int, ...]) -> int:
    """The fewest presses over ``presses`` plus the span of ``quiet``, by a Gray-code
    walk over every member (the radius found is checked this way, not by the
    transform that chose the board)."""
    best, current = presses.bit_count(), presses
    for step in range(1, 1 << len(quiet)):
        current ^= quiet[(step & -step).bit_length() - 1]
        best = min(best, current.bit_count())
    return best
