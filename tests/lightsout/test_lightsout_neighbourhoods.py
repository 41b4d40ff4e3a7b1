"""Every press pattern is solved right: off-centre ones, ones without the pressed
cell, lopsided ones, with any number of states, walls or wrap.

Each answer of the solver (:func:`lightsout.solve`, the API's analysis) is
checked against :mod:`lightsout_brute`, which presses by its own code and
counts every press vector: a solution must turn every light off when its
presses are made, "no solution" must mean no press vector works, the
fewest presses and how many solutions reach them must be the minimum and
its count, and the kernel, rank and number of solvable boards must match
the image of the press map. All 511 non-empty 3x3 patterns run on boards
up to 4x4 (a sample where the press vectors are too many), k = 2..5.
Larger stencils, up to the 9x9 the page's editor draws, are checked
against Gaussian elimination over every cell.
"""

from __future__ import annotations

import random

import pytest
from lightsout_brute import (
    after_presses,
    every_press,
    offsets_of,
    pack,
    press_effect,
    stencil_of,
)

from puzzlelab import api
from puzzlelab.lightsout import Board, Solution, Variant, press_lower_bound, solve
from puzzlelab.notation import PuzzleError

PATTERNS = range(1, 512)
SHAPES = [(rows, cols) for rows in range(1, 5) for cols in range(1, 5)]
PRIMES = (2, 3, 5, 7)


def grid_of(values: list[int], cols: int) -> str:
    """A plain grid (rows of digits joined by '/')."""
    text = "".join(map(str, values))
    return "/".join(text[i:i + cols] for i in range(0, len(text), cols))


def check_solution(solution: Solution, values: list[int], rows: int, cols: int,
                   offsets: list[tuple[int, int]], wrap: bool, k: int,
                   reached: dict[int, tuple[int, int, int]]) -> None:
    """``solution`` of the board ``values`` agrees with brute force ``reached``."""
    case = (grid_of(values, cols), offsets, wrap, k)
    size = rows * cols
    image = len(reached)
    assert k**size % image == 0, case
    assert solution.kernel_size == k**size // image, case
    if k in PRIMES:
        assert k**solution.kernel_dimension == solution.kernel_size, case
    for quiet in solution.quiet_patterns:
        counts = Board(rows, cols, quiet, solution.board.variant).values()
        assert any(counts), case
        assert not any(after_presses([0] * size, counts, rows, cols, offsets, wrap, k)), case
    entry = reached.get(pack([(-v) % k for v in values]))
    assert solution.solvable == (entry is not None), case
    if entry is None:
        # The certificate: weights y with y A = 0 whose sum with the lights is not 0.
        weights = Board(rows, cols, solution.conflict, solution.board.variant).values()
        for cell in range(size):
            effect = press_effect(rows, cols, offsets, wrap, k, cell)
            assert sum(w * e for w, e in zip(weights, effect, strict=True)) % k == 0, case
        assert sum(w * v for w, v in zip(weights, values, strict=True)) % k, case
        assert "cannot be solved" in solution.explain()
        return
    fewest, ties, ways = entry
    assert ways == solution.kernel_size, case  # every solvable board has that many solutions
    counts = Board(rows, cols, solution.presses, solution.board.variant).values()
    assert not any(after_presses(values, counts, rows, cols, offsets, wrap, k)), case
    assert solution.proven_fewest, case  # kernels this small are searched exhaustively
    assert solution.press_count == fewest, case
    assert solution.fewest_solutions == ties, case
    # The bound that proves big boards' answers never passes the true minimum.
    assert press_lower_bound(solution.board) <= fewest, case


def check_pattern(mask: int, rows: int, cols: int, k: int, wrap: bool,
                  rng: random.Random) -> None:
    """Solve two boards (a random one, a random solvable one) and analyse one,
    against brute force over every press vector."""
    offsets, size = offsets_of(mask), rows * cols
    variant = Variant(stencil_of(mask), wrap, k)
    assert sorted(variant.offsets) == sorted(offsets)
    reached = every_press(rows, cols, offsets, wrap, k)
    change = rng.choice(list(reached))
    solvable = [(-(change >> (5 * i) & 31)) % k for i in range(size)]
    for values in ([rng.randrange(k) for _ in range(size)], solvable):
        board = Board.from_values(rows, cols, values, variant)
        check_solution(solve(board), values, rows, cols, offsets, wrap, k, reached)
    answer = api.handle({"cmd": "lightsout.analyse", "game": grid_of(values, cols),
                         "neighbourhood": stencil_of(mask), "wrap": wrap, "states": k})
    assert answer["ok"], answer
    analysis = answer["result"]
    image = len(reached)
    kernel = k**size // image
    assert analysis["solvable_boards"] == image
    assert analysis["quiet_count"] == kernel
    dimension = analysis["kernel_dimension"]
    if k in PRIMES:
        assert k**dimension == kernel
        assert analysis["rank"] == size - dimension
    fewest, ties, _ = reached[pack([(-v) % k for v in values])]
    assert analysis["solvable"]
    assert analysis["fewest_press_count"] == fewest
    assert analysis["fewest_solutions"] == ties


def small_shapes(k: int, most: int) -> list[tuple[int, int]]:
    """The shapes up to 4x4 with at most ``most`` press vectors."""
    return [(rows, cols) for rows, cols in SHAPES if k ** (rows * cols) <= most]


@pytest.mark.slow  # every pattern, brute force: in the full run, started first
@pytest.mark.parametrize("wrap", [False, True])
@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_every_pattern_matches_brute_force_on_small_boards(k, wrap):
    """All 511 patterns, each on one board shape (every shape with at most 729
    press vectors taking its turn), with k states, walls or wrap."""
    rng = random.Random(100 * k + wrap)
    shapes = small_shapes(k, 729)
    masks = list(PATTERNS)
    rng.shuffle(masks)
    for i, mask in enumerate(masks):
        rows, cols = shapes[i % len(shapes)]
        check_pattern(mask, rows, cols, k, wrap, rng)


@pytest.mark.parametrize("wrap", [False, True])
def test_every_pattern_on_the_3x3_board_matches_brute_force(wrap):
    """3x3 is the smallest board on which the chase forces whole rows at once
    for a 3x3 stencil (its first row a single cell): every pattern there."""
    rng = random.Random(7 + wrap)
    for mask in PATTERNS:
        check_pattern(mask, 3, 3, 2, wrap, rng)


#: The patterns of the report (a press toggles only the cell below, above, ...),
#: then more drawn at random for the boards too big to run every pattern on.
LOPSIDED = [0b010_000_000, 0b000_000_010, 0b000_100_000, 0b000_001_000, 0b100_000_001]


@pytest.mark.parametrize("rows, cols, k, drawn", [
    (4, 4, 2, 8), (3, 4, 2, 8), (4, 3, 2, 8), (3, 3, 3, 3), (2, 4, 4, 3), (2, 3, 5, 3),
])
@pytest.mark.parametrize("wrap", [False, True])
def test_sampled_patterns_on_the_bigger_boards_match_brute_force(rows, cols, k, drawn, wrap):
    rng = random.Random(rows * 1000 + cols * 100 + k * 10 + wrap)
    for mask in LOPSIDED[: 1 + drawn // 2] + rng.sample(PATTERNS, drawn):
        check_pattern(mask, rows, cols, k, wrap, rng)


def test_the_reported_boards_are_answered_right():
    """A press that toggles the cell below leaves the top row unreachable."""
    below = {"neighbourhood": "0.0.1"}
    answer = api.handle({"cmd": "lightsout.solve", "game": "100/000/000", **below})["result"]
    assert not answer["solvable"]
    assert answer["conflict"] == [[0, 0]]
    assert "quiet pattern of the stencil turned half a turn" in answer["explanation"]
    answer = api.handle({"cmd": "lightsout.solve", "game": "100/000/000", "states": 3,
                         **below})
    assert answer["ok"] and not answer["result"]["solvable"], answer
    analysis = api.handle({"cmd": "lightsout.analyse", "game": "1000/0000/0000/0000",
                           **below})["result"]
    assert (analysis["rank"], analysis["kernel_dimension"]) == (12, 4)
    assert analysis["solvable_boards"] == 2**12
    # A symmetric stencil's certificate is one of its own quiet patterns.
    answer = api.handle({"cmd": "lightsout.solve", "game": "10000/00000/00000/00000/00000"})
    assert "of a quiet pattern, so" in answer["result"]["explanation"]


@pytest.mark.parametrize("text", ["000.000.000", "0", "00000.00000.00000", "000"])
def test_a_pattern_without_cells_is_refused_up_front(text):
    with pytest.raises(PuzzleError, match="needs at least one cell"):
        Variant(text)
    answer = api.handle({"cmd": "lightsout.solve", "game": "10/01", "neighbourhood": text})
    assert answer == {"ok": False, "error": "A neighbourhood stencil needs at least one cell."}


def _dense_rank(columns: list[list[int]], p: int, rhs: list[int] | None = None) -> int:
    """The rank modulo the prime p of the matrix with these columns (and ``rhs``
    as one more column): plain Gaussian elimination over every cell, each row
    an int of a byte per entry (a bit for p = 2) so that a row operation is
    one big-int step."""
    size = len(columns)
    width, mask = (1, 1) if p == 2 else (8, 255)
    rows = [sum(columns[j][i] << (width * j) for j in range(size))
            | ((rhs[i] if rhs else 0) << (width * size)) for i in range(size)]
    rank = 0
    for column in range(size + (1 if rhs else 0)):
        shift = width * column
        pivot = next((i for i in range(rank, size) if rows[i] >> shift & mask), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for i in range(size):
            entry = rows[i] >> shift & mask
            if i != rank and entry:
                if p == 2:
                    rows[i] ^= rows[rank]
                else:
                    # Make the entry 0: add (p - entry / pivot) times the pivot row, bytewise mod p.
                    factor = (p - entry) * pow(rows[rank] >> shift & 255, -1, p) % p
                    summed = (rows[i] + factor * rows[rank]).to_bytes(size + 2, "little")
                    rows[i] = int.from_bytes(bytes(b % p for b in summed), "little")
        rank += 1
    return rank


def _random_stencil(rng: random.Random, side: int) -> str:
    """An odd-sided stencil up to ``side`` x ``side``, often with a single cell in
    its top marked row (the chase then forces whole rows), often in the centre
    column and below the centre row; the centre often left out."""
    height, width = rng.randrange(1, side + 1, 2), rng.randrange(1, side + 1, 2)
    cells = [[rng.random() < 0.2 for _ in range(width)] for _ in range(height)]
    if rng.random() < 0.7:
        top = rng.randrange(height // 2, height) if rng.random() < 0.5 else rng.randrange(height)
        for r in range(top):
            cells[r] = [False] * width
        marked = width // 2 if rng.random() < 0.5 else rng.randrange(width)
        cells[top] = [c == marked for c in range(width)]
    if not any(map(any, cells)):
        cells[rng.randrange(height)][rng.randrange(width)] = True
    return ".".join("".join("1" if on else "0" for on in row) for row in cells)


def test_big_stencils_match_dense_elimination():
    """Stencils up to 9x9 on boards up to 13x13 (prime k: the kernel is k to the
    number of cells less the rank): kernel, verdict and presses."""
    rng = random.Random(5)
    for _ in range(80):
        k, wrap = rng.choice(PRIMES), rng.random() < 0.5
        most = 13 if k == 2 else 8  # sides of the board (dense elimination is cubic)
        variant = Variant(_random_stencil(rng, 9 if k == 2 else 5), wrap, k)
        reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)
        # Mostly boards bigger than the stencil, taller than wide (the chase runs
        # down the longer side), where whole rows are forced at once.
        low = 2 * reach + 1 if rng.random() < 0.7 and 2 * reach < most else 1
        rows, cols = sorted((rng.randint(low, most), rng.randint(low, most)), reverse=True)
        if rng.random() < 0.3:
            rows, cols = cols, rows
        offsets, size = list(variant.offsets), rows * cols
        columns = [press_effect(rows, cols, offsets, wrap, k, cell) for cell in range(size)]
        values = [rng.randrange(k) for _ in range(size)]
        solution = solve(Board.from_values(rows, cols, values, variant), work_budget=1 << 16)
        rank = _dense_rank(columns, k)
        case = (variant, rows, cols)
        assert solution.kernel_dimension == size - rank, case
        solvable = _dense_rank(columns, k, [(-v) % k for v in values]) == rank
        assert solution.solvable == solvable, case
        if solvable:
            counts = Board(rows, cols, solution.presses, variant).values()
            assert not any(after_presses(values, counts, rows, cols, offsets, wrap, k)), case
