"""Lights Out variants: neighbourhoods, wrap-around, k states; analysis and aids.

Every answer is checked by applying it, and against brute force over every
press vector on boards small enough to enumerate.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from puzzlelab import api
from puzzlelab.jobs import finish
from puzzlelab.lightsout import (
    CLASSIC,
    Board,
    Variant,
    difficulty_presses,
    gallery_steps,
    gf2,
    gf2_search,
    kernel_dimension,
    modk,
    press_lower_bound,
    random_presses,
    random_solvable,
    random_with_presses,
    solve,
)
from puzzlelab.lightsout import commands as lightsout_commands
from puzzlelab.lightsout.plan import _solve_general
from puzzlelab.notation import PuzzleError

NEIGHBOURHOODS = ["cross", "king", "diagonal", "knight", "110.011.000", "001.000.100"]


def brute_force(board: Board) -> tuple[int | None, int]:
    """(fewest presses, number of press vectors reaching it) over every press vector."""
    k, size = board.states, board.size
    best, ties = None, 0
    for counts in itertools.product(range(k), repeat=size):
        presses = Board.from_values(board.rows, board.cols, list(counts), board.variant).lights
        if board.apply(presses).lit == 0:
            weight = sum(counts)
            if best is None or weight < best:
                best, ties = weight, 1
            elif weight == best:
                ties += 1
    return best, ties


def random_board(rng: random.Random, rows: int, cols: int, variant: Variant) -> Board:
    values = [rng.randrange(variant.states) for _ in range(rows * cols)]
    return Board.from_values(rows, cols, values, variant)


@pytest.mark.parametrize("states", [2, 3, 4, 6])
@pytest.mark.parametrize("wrap", [False, True])
def test_every_variant_matches_brute_force(states, wrap):
    rng = random.Random(states * 10 + wrap)
    shapes = [(1, 1), (1, 3), (2, 2), (2, 3), (3, 2), (3, 3)] if states <= 3 else [
        (1, 2), (2, 1), (1, 4), (2, 2), (2, 3)
    ]
    for neighbourhood in NEIGHBOURHOODS:
        variant = Variant(neighbourhood, wrap, states)
        for rows, cols in shapes:
            if states ** (rows * cols) > 20_000:
                continue
            board = random_board(rng, rows, cols, variant)
            solution = solve(board)
            fewest, ties = brute_force(board)
            assert solution.solvable == (fewest is not None), (board, neighbourhood)
            if fewest is None:
                # The certificate: weights y with y A = 0 and y . lights != 0.
                weights = Board(rows, cols, solution.conflict, variant).values()
                for cell in range(rows * cols):
                    pressed = Board(rows, cols, 0, variant).press(*divmod(cell, cols)).values()
                    assert sum(w * p for w, p in zip(weights, pressed, strict=True)) % states == 0
                lights = board.values()
                assert sum(w * v for w, v in zip(weights, lights, strict=True)) % states
                continue
            assert board.apply(solution.presses).lit == 0
            assert solution.proven_fewest
            assert solution.press_count == fewest
            assert solution.fewest_solutions == ties


def test_general_engine_agrees_with_the_classic_fast_path():
    rng = random.Random(7)
    for rows, cols in [(5, 5), (4, 4), (9, 9), (7, 3), (3, 7), (12, 5)]:
        for _ in range(3):
            board = random_board(rng, rows, cols, CLASSIC)
            fast = solve(board, fewest=False)
            presses, plan = finish(_solve_general(board)) if cols <= rows else (None, None)
            if plan is None:
                continue
            assert (presses is None) == (fast.presses is None)
            assert len(plan.kernel) == fast.kernel_dimension
            if presses is not None:
                assert board.apply(presses).lit == 0


def _gf2_poly_gcd(a: int, b: int) -> int:
    while b:
        while a and a.bit_length() >= b.bit_length():
            a ^= b << (a.bit_length() - b.bit_length())
        a, b = b, a
    return a


def test_kernel_dimensions_match_the_polynomial_formula_up_to_60():
    """A159257 by Sutner's formula, independent of the solver: the kernel of the
    n x n board has dimension deg gcd(p_n(x), p_n(x + 1)) over GF(2), where
    p_0 = 1, p_1 = x and p_{i+1} = x p_i + p_{i-1}."""

    def substitute_x_plus_1(poly: int) -> int:
        result, power = 0, 1  # (x + 1)^i built up step by step
        for i in range(poly.bit_length()):
            if poly >> i & 1:
                result ^= power
            power ^= power << 1
        return result

    polys = [1, 2]
    for _ in range(60):
        polys.append((polys[-1] << 1) ^ polys[-2])
    for n in range(1, 61):
        expected = _gf2_poly_gcd(polys[n], substitute_x_plus_1(polys[n])).bit_length() - 1
        assert kernel_dimension(n, n) == expected, n
    # The values DESIGN.md cites from OEIS A159257.
    assert [kernel_dimension(n, n) for n in (4, 5, 9, 10, 11, 19)] == [4, 2, 8, 0, 6, 16]


@pytest.mark.parametrize("variant", [
    Variant("cross", True), Variant("king"), Variant("knight", True),
    Variant("01110.10001.00100", True), Variant("cross", False, 3), Variant("king", True, 4),
])
def test_larger_variant_boards_are_solved_by_their_presses(variant):
    rng = random.Random(3)
    for rows, cols in [(12, 12), (20, 9), (7, 25)]:
        board = random_solvable(rows, cols, rng, variant)
        solution = solve(board)
        assert solution.solvable
        assert board.apply(solution.presses).lit == 0
        for pattern in solution.quiet_patterns:
            assert Board(rows, cols, 0, variant).apply(pattern).lit == 0


def test_game_ids_carry_the_variant():
    board = Board.parse("5x5;wrap;n=king;k=3:0120000000000000000000001")
    assert board.variant == Variant("king", True, 3)
    assert board.grid == "01200/00000/00000/00000/00001"
    assert Board.parse(board.game_id) == board
    assert Board.parse(board.press(2, 2).game_id) == board.press(2, 2)
    custom = Variant("00000.01110.00100.00000.00000")
    assert custom.neighbourhood == "111.010.000"  # stencils are stored trimmed
    assert Variant("010.111.010") == CLASSIC
    for bad in ["5x5;k=12:00", "5x5;n=010.11:00", "5x5;spin:00", "3x3;k=3:0000000009",
                "3x3;k=3:00000000"]:
        with pytest.raises(PuzzleError):
            Board.parse(bad)


def test_mod_k_solver_matches_brute_force():
    rng = random.Random(11)
    for _ in range(200):
        k = rng.choice([2, 3, 4, 5, 6, 7, 8, 9])
        n, m = rng.randint(1, 3), rng.randint(1, 3)
        matrix = [[rng.randrange(k) for _ in range(n)] for _ in range(m)]
        rhs = [rng.randrange(k) for _ in range(m)]
        every = [
            x for x in itertools.product(range(k), repeat=n)
            if all(sum(a * b for a, b in zip(row, x, strict=True)) % k == r
                   for row, r in zip(matrix, rhs, strict=True))
        ]
        solution = modk.solve(matrix, rhs, n, k)
        assert solution.solvable == bool(every)
        if every:
            span = {
                tuple((p + sum(c * g[i] for c, g in zip(cs, solution.generators, strict=True)))
                      % k for i, p in enumerate(solution.particular))
                for cs in itertools.product(range(k), repeat=len(solution.generators))
            }
            assert span == set(every)
            assert modk.span_size(solution.generators, k, n) == len(every)


def test_packed_prime_elimination_agrees_with_the_smith_form(monkeypatch):
    """Byte-packed Gauss-Jordan (primes) against the general Smith-form path, larger systems."""
    rng = random.Random(5)
    for trial in range(30):
        p = rng.choice([2, 3, 5, 7, 11, 13])
        m, n = rng.randint(1, 30), rng.randint(1, 30)
        # Low rank sometimes, so that kernels and unsolvable systems both occur.
        basis = [[rng.randrange(p) for _ in range(n)] for _ in range(rng.randint(1, m))]
        matrix = [[sum(rng.randrange(p) * row[j] for row in basis) % p for j in range(n)]
                  for _ in range(m)]
        rhs = [rng.randrange(p) for _ in range(m)] if trial % 2 else [
            sum(a * x for a, x in zip(row, [rng.randrange(p) for _ in range(n)], strict=True)) % p
            for row in matrix]
        packed = finish(modk._solve_prime(matrix, rhs, n, p))
        monkeypatch.setattr(modk, "PACKED_PRIME_LIMIT", 0)
        smith = finish(modk._solve_local(matrix, rhs, n, p, p))
        monkeypatch.undo()
        assert (packed.particular is None) == (smith.particular is None)
        assert len(packed.generators) == len(smith.generators)
        if packed.particular is None:
            continue
        checks = [(packed.particular, rhs)] + [(g, [0] * m) for g in packed.generators]
        for vector, target in checks:
            assert [sum(a * x for a, x in zip(row, vector, strict=True)) % p
                    for row in matrix] == target
        assert modk.span_size(packed.generators, p, n) == p ** len(smith.generators)


def test_packed_prime_power_elimination_agrees_with_the_smith_form(monkeypatch):
    """Byte-packed echelon form (4, 8, 9) against the list-based Smith form: the
    same solvability, solutions that check, and generators spanning the same
    module as a direct sum (the product of their orders is the span's size)."""
    rng = random.Random(6)
    for trial in range(300):
        p, q = rng.choice([(2, 4), (2, 8), (3, 9)])
        m, n = rng.randint(1, 12), rng.randint(1, 12)
        basis = [[rng.randrange(q) for _ in range(n)] for _ in range(rng.randint(1, m))]
        matrix = [[sum(rng.randrange(q) * row[j] for row in basis) % q for j in range(n)]
                  for _ in range(m)]
        if trial % 3 == 0:  # entries all divisible by p: no unit pivots at all
            matrix = [[x * p % q for x in row] for row in matrix]
        rhs = [rng.randrange(q) for _ in range(m)] if trial % 2 else [
            sum(a * x for a, x in zip(row, [rng.randrange(q) for _ in range(n)], strict=True)) % q
            for row in matrix]
        packed = finish(modk._solve_prime_power(matrix, rhs, n, p, q))
        monkeypatch.setattr(modk, "PACKED_PRIME_LIMIT", 0)
        smith = finish(modk._solve_local(matrix, rhs, n, p, q))
        monkeypatch.undo()
        assert (packed.particular is None) == (smith.particular is None)
        if packed.particular is None:
            continue
        for vector, target in [(packed.particular, rhs)] + [
                (g, [0] * m) for g in packed.generators]:
            assert [sum(a * x for a, x in zip(row, vector, strict=True)) % q
                    for row in matrix] == [t % q for t in target]
        orders = [q // math.gcd(q, *g) for g in packed.generators]
        span = modk.span_size(packed.generators, q, n) if packed.generators else 1
        assert span == math.prod(orders) == (
            modk.span_size(smith.generators, q, n) if smith.generators else 1)


def test_analysis_of_the_5x5_board():
    result = api.handle({"cmd": "lightsout.analyse", "game": "10000/00000/00000/00000/00000"})
    analysis = result["result"]
    assert analysis["rank"] == 23 and analysis["kernel_dimension"] == 2
    assert analysis["solvable_boards"] == 2**23
    assert len(analysis["quiet_patterns"]) == 2
    assert analysis["solvable"] is False
    assert analysis["conflict_grid"] in analysis["quiet_patterns"] + [
        "11011/00000/11011/00000/11011"
    ]
    lit = api.handle({"cmd": "lightsout.analyse", "game": "5x5:ffffff8"})["result"]
    # All four solutions of the all-lit 5x5 board take 15 presses.
    assert lit["fewest_press_count"] == 15 and lit["fewest_solutions"] == 4


def test_fewest_solutions_count_matches_brute_force_on_4x4():
    rng = random.Random(2)
    for _ in range(5):
        board = random_solvable(4, 4, rng)
        solution = solve(board)
        assert (solution.press_count, solution.fewest_solutions) == brute_force(board)


def test_gallery_single_lights():
    cells = finish(gallery_steps(4, 4, CLASSIC))
    assert len(cells) == 16
    for entry in cells:
        board = Board(4, 4, 1 << (entry["row"] * 4 + entry["col"]))
        assert entry["solvable"] == solve(board).solvable
        if entry["solvable"]:
            presses = sum(1 << (r * 4 + c) for r, c in entry["presses"])
            assert board.apply(presses).lit == 0
    with pytest.raises(PuzzleError, match="up to 900 cells"):
        finish(gallery_steps(31, 30, CLASSIC))


def test_hint_lies_on_a_fewest_solution_and_solution_board_is_the_presses():
    board = random_solvable(5, 5, random.Random(4))
    hint = api.handle({"cmd": "lightsout.hint", "game": board.game_id})["result"]["press"]
    fewest = solve(board)
    after = board.press(*hint)
    assert solve(after).press_count == fewest.press_count - 1
    flipped = api.handle({"cmd": "lightsout.solution_board", "game": board.game_id})["result"]
    assert Board.parse(flipped["game"]).lights == fewest.presses


@pytest.mark.parametrize("level", ["easy", "medium", "hard", 7])
def test_generator_levels_have_exactly_that_many_fewest_presses(level):
    rng = random.Random(5)
    wanted = difficulty_presses(level, 25)
    for _ in range(3):
        board, exact = random_with_presses(5, 5, wanted, rng)
        assert exact and solve(board).press_count == wanted


def test_generator_is_uniform_over_boards_needing_two_presses_on_2x2():
    # On 2x2 every board has a unique solution, so the boards needing exactly
    # two presses are the 6 pairs; each should come up about equally often.
    rng = random.Random(8)
    seen: dict[int, int] = {}
    for _ in range(600):
        board, _ = random_with_presses(2, 2, 2, rng)
        seen[board.lights] = seen.get(board.lights, 0) + 1
    assert len(seen) == 6
    assert min(seen.values()) > 60


def test_bad_variant_requests_are_refused():
    for request in [
        {"cmd": "lightsout.new", "rows": 3, "states": 1},
        {"cmd": "lightsout.new", "rows": 3, "neighbourhood": "hexagon"},
        {"cmd": "lightsout.new", "rows": 3, "wrap": "yes"},
        {"cmd": "lightsout.new", "rows": 3, "difficulty": "impossible"},
        {"cmd": "lightsout.new", "rows": 3, "difficulty": 10},
        {"cmd": "lightsout.load", "game": "120/000", "states": 2},
    ]:
        response = api.handle(request)
        assert response["ok"] is False and response["error"], request


def test_annealing_alone_reaches_the_known_minimum_on_39x39():
    """Kernel dimension 32 is beyond exhaustive search; without the board's folds
    (see test_all_lit_39x39_is_proven_over_its_folds) the answer is labelled
    unproven, and annealing still reaches A075464's minimum of 561."""
    board = Board(39, 39, (1 << 39 * 39) - 1)
    presses, quiet = _coset(board)
    best, proven, ties = finish(gf2_search.min_weight_search(presses, list(quiet)))
    assert not proven and ties is None
    assert board.apply(best).lit == 0
    assert best.bit_count() == 561


def _coset(board: Board) -> tuple[int, tuple[int, ...]]:
    plain = solve(board, fewest=False)
    return plain.presses, plain.quiet_patterns


@pytest.mark.parametrize(("neighbourhood", "wrap", "side"), [
    ("king", False, 8), ("king", True, 3), ("knight", True, 5), ("cross", True, 5),
    ("diagonal", True, 4), ("110.011.000", True, 4),
])
def test_separator_search_agrees_with_exhaustive_search(neighbourhood, wrap, side):
    """Both exact searches on the same coset: same weight and same count of
    lightest members (the separator search is forced even where it is dearer)."""
    rng = random.Random(side)
    variant = Variant(neighbourhood, wrap)
    for _ in range(3):
        board = random_solvable(side, side, rng, variant)
        offset, quiet = _coset(board)
        if not quiet:
            continue
        plan = gf2_search._Separation.plan(quiet)
        separated, ties = finish(gf2_search._separated(offset, plan))
        exhaustive, exhaustive_ties = finish(gf2_search._exhaustive(offset, quiet))
        assert board.apply(separated).lit == 0
        assert (separated.bit_count(), ties) == (exhaustive.bit_count(), exhaustive_ties)
        if plan.lanes_cost is not None:
            in_lanes, lane_ties = finish(gf2_search._separated_in_lanes(offset, plan))
            assert board.apply(in_lanes).lit == 0
            assert (in_lanes.bit_count(), lane_ties) == (exhaustive.bit_count(), exhaustive_ties)


@pytest.mark.parametrize("side", [11, 17, 23])
def test_separator_in_lanes_agrees_with_the_gray_code_walk(side):
    """King rules with walls (every group one vector): the bit-sliced separator
    search and the walk over the separator give the same weight and ties, on
    random boards and on the effect of pressing every cell (one lightest member)."""
    variant = Variant("king")
    rng = random.Random(side)
    for board in (random_solvable(side, side, rng, variant),
                  Board(side, side, 0, variant).apply((1 << side * side) - 1)):
        offset, quiet = _coset(board)
        plan = gf2_search._Separation.plan(quiet)
        assert plan.lanes_cost is not None and len(plan.separator) > 6
        walked, ties = finish(gf2_search._separated(offset, plan))
        in_lanes, lane_ties = finish(gf2_search._separated_in_lanes(offset, plan))
        assert board.apply(in_lanes).lit == 0
        assert (in_lanes.bit_count(), lane_ties) == (walked.bit_count(), ties)


def test_king_walls_beyond_exhaustive_reach_are_proven():
    """King rules with walls: kernels of dimension 27 (14x14) up to 69
    (35x35), far beyond 2**d enumeration, are proven through the separator
    search; 11x11 (dimension 21) is checked against the exhaustive search."""
    rng = random.Random(11)
    variant = Variant("king")
    board = random_solvable(11, 11, rng, variant)
    solution = solve(board)
    offset, quiet = _coset(board)
    exhaustive, ties = finish(gf2_search._exhaustive(offset, quiet))
    assert solution.proven_fewest and solution.kernel_dimension == 21
    assert (solution.press_count, solution.fewest_solutions) == (exhaustive.bit_count(), ties)
    for side, dimension in [(14, 27), (23, 45), (32, 63), (35, 69)]:
        board = random_solvable(side, side, rng, variant)
        solution = solve(board)
        assert solution.kernel_dimension == dimension
        assert solution.proven_fewest and board.apply(solution.presses).lit == 0


def _brute_mod(board: Board, presses: int, quiet: tuple[int, ...]) -> tuple[int, int]:
    """(fewest, ties) over every coefficient vector of the generators, members deduplicated."""
    k = board.states
    values = [Board(board.rows, board.cols, q, board.variant).values() for q in (presses, *quiet)]
    members = set()
    for coefficients in itertools.product(range(k), repeat=len(quiet)):
        members.add(tuple(
            (b + sum(c * g[i] for c, g in zip(coefficients, values[1:], strict=True))) % k
            for i, b in enumerate(values[0])))
    weights = [sum(m) for m in members]
    return min(weights), weights.count(min(weights))


@pytest.mark.parametrize("states", [3, 4, 6])
def test_k_state_enumeration_matches_every_coefficient_vector(states):
    """Boards with kernels (up to ~700 members) of every neighbourhood, walls
    and torus: the packed odometer enumeration against all coefficient
    vectors of the generators, duplicates removed (composite k too)."""
    rng = random.Random(states)
    checked = 0
    for neighbourhood in NEIGHBOURHOODS:
        for wrap in (False, True):
            variant = Variant(neighbourhood, wrap, states)
            for side in range(2, 7):
                board = random_solvable(side, side, rng, variant)
                presses, quiet = _coset(board)
                if not quiet or states ** len(quiet) > 729:
                    continue
                solution = solve(board)
                assert solution.proven_fewest
                assert board.apply(solution.presses).lit == 0
                assert (solution.press_count, solution.fewest_solutions) == _brute_mod(
                    board, presses, quiet)
                checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("neighbourhood", "wrap", "states", "side"), [
    ("king", False, 3, 5), ("king", True, 3, 4), ("king", False, 5, 2), ("knight", True, 3, 5),
    ("cross", True, 3, 4),
])
def test_k_state_separator_search_matches_every_coefficient_vector(neighbourhood, wrap,
                                                                   states, side):
    """The separator search over Z/k (forced, even where dearer) against all
    coefficient vectors of the generators."""
    variant = Variant(neighbourhood, wrap, states)
    board = random_solvable(side, side, random.Random(side), variant)
    presses, quiet = _coset(board)
    assert quiet
    packing = modk._Packed(states, board.size)
    packed = tuple(packing.pack(Board(side, side, q, variant).values()) for q in quiet)
    plan = modk._separation(packed, states, board.size)
    base = packing.pack(Board(side, side, presses, variant).values())
    best, ties = finish(modk._separated(base, plan, packing))
    lights = Board.from_values(side, side, packing.unpack(best), variant).lights
    assert board.apply(lights).lit == 0
    assert (packing.weight(best), ties) == _brute_mod(board, presses, quiet)


@pytest.mark.slow  # a long sweep: in the full run, started first
def test_the_press_lower_bound_never_exceeds_the_fewest_presses():
    rng = random.Random(8)
    tight = 0
    for states, neighbourhood, wrap in itertools.product([2, 3, 4], NEIGHBOURHOODS,
                                                         [False, True]):
        variant = Variant(neighbourhood, wrap, states)
        for rows, cols in [(1, 3), (2, 2), (2, 3), (3, 3)]:
            if states ** (rows * cols) > 20_000:
                continue
            for values in ([1] * (rows * cols), None):
                board = Board.from_values(rows, cols, values, variant) if values else random_board(
                    rng, rows, cols, variant)
                fewest, _ = brute_force(board)
                if fewest is not None:
                    assert press_lower_bound(board) <= fewest, board
                    tight += press_lower_bound(board) == fewest
    assert tight >= 10  # and it is often met, so it can prove


@pytest.mark.parametrize(("neighbourhood", "wrap", "states", "side", "fewest"), [
    ("king", True, 2, 24, 64),  # one press per 3x3 block: the counting bound
    ("king", True, 3, 15, 50),
    ("cross", True, 2, 40, 320),  # the 5x5 perfect code, tiled; annealing alone found 636
    ("diagonal", True, 2, 40, 320),
    ("king", False, 2, 38, 169),  # 13x13 lights 3 apart: the packing bound (kernel 75)
])
def test_boards_whose_solution_meets_the_lower_bound_are_proven(neighbourhood, wrap, states,
                                                                side, fewest):
    board = Board.from_values(side, side, [1] * side * side, Variant(neighbourhood, wrap, states))
    solution = solve(board)
    assert board.apply(solution.presses).lit == 0
    assert solution.press_count == fewest == press_lower_bound(board)
    assert solution.proven_fewest
    assert solution.fewest_solutions is None  # proven by the bound: ties are not counted


def test_a_periodic_torus_gets_its_tile_solution_tiled():
    # Knight rules, 18x18 torus, all lit: a kernel of 48 (beyond proof). The 9x9 tile is
    # proven at 27 presses; tiled four times it beats the search over the whole kernel.
    variant = Variant("knight", True, 2)
    board = Board.from_values(18, 18, [1] * 18 * 18, variant)
    tile = solve(Board.from_values(9, 9, [1] * 81, variant))
    assert tile.proven_fewest and tile.press_count == 27
    solution = solve(board)
    assert board.apply(solution.presses).lit == 0
    assert solution.press_count <= 4 * 27
    assert not solution.proven_fewest  # 108 is above the counting bound of 36


def test_k_state_boards_beyond_the_budget_get_an_annealed_solution():
    # 17x17, 3 states: 3**12 solutions, past the default budget but within the long one.
    board = random_solvable(17, 17, random.Random(1), Variant("cross", False, 3))
    plain = solve(board, fewest=False)
    quick = solve(board)
    proven = solve(board, work_budget=lightsout_commands.PROVE_EFFORT * gf2.DEFAULT_WORK_BUDGET)
    assert not quick.proven_fewest and proven.proven_fewest
    assert board.apply(quick.presses).lit == 0
    assert proven.press_count <= quick.press_count < plain.press_count


@pytest.mark.parametrize("states", [4, 6])
def test_kernel_size_of_composite_states_counts_the_quiet_patterns(states):
    """Taken over the unknowns; checked against the span of the whole quiet patterns
    and, on tiny boards, against every press vector that changes nothing."""
    for neighbourhood, wrap, side in [("cross", True, 6), ("knight", True, 5), ("king", False, 5),
                                      ("cross", False, 2), ("king", True, 2)]:
        board = Board(side, side, 0, Variant(neighbourhood, wrap, states))
        solution = solve(board, fewest=False)
        quiet = [Board(side, side, q, board.variant).values() for q in solution.quiet_patterns]
        assert len(quiet) == solution.kernel_dimension  # all of them here
        assert solution.kernel_size == modk.span_size(quiet, states, board.size)
        if states ** board.size <= 5000:
            blank = Board(side, side, 0, board.variant)
            assert solution.kernel_size == sum(
                blank.apply(Board.from_values(side, side, list(v), board.variant).lights).lit == 0
                for v in itertools.product(range(states), repeat=board.size))


@pytest.mark.parametrize("states", [3, 4, 5, 7, 9])
def test_random_k_state_presses_take_every_count_equally_often(states):
    """Each cell's press count is uniform on 0..k-1 (random bytes, those past the
    last multiple of k dropped): every count within 5 standard deviations."""
    rows, cols = 200, 300
    presses = random_presses(rows, cols, Variant(states=states), random.Random(states))
    counts = Board(rows, cols, presses, Variant(states=states)).values()
    expected = rows * cols / states
    deviation = math.sqrt(rows * cols * (1 / states) * (1 - 1 / states))
    for count in range(states):
        assert abs(counts.count(count) - expected) < 5 * deviation, (count, counts.count(count))
