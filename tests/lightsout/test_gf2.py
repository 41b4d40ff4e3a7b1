"""GF(2) linear algebra checked against brute force on small random matrices."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab.jobs import finish
from puzzlelab.lightsout import gf2, gf2_search

FAST = settings(max_examples=150, deadline=None)


@st.composite
def matrices(draw, max_rows: int = 7, max_cols: int = 7):
    """(rows, columns): a list of bit rows, each ``columns`` bits wide; empty shapes too."""
    columns = draw(st.integers(0, max_cols))
    count = draw(st.integers(0, max_rows))
    rows = draw(st.lists(st.integers(0, (1 << columns) - 1), min_size=count, max_size=count))
    return rows, columns


# --- brute force, written for clarity only ----------------------------------


def product(rows: list[int], x: int) -> int:
    """A x: bit i is the parity of row i AND x."""
    return sum((bin(row & x).count("1") % 2) << i for i, row in enumerate(rows))


def combine(rows: list[int], y: int) -> int:
    """y A: the XOR of the rows that ``y`` selects."""
    total = 0
    for i, row in enumerate(rows):
        if y >> i & 1:
            total ^= row
    return total


def span(vectors: list[int]) -> set[int]:
    return {combine(vectors, y) for y in range(1 << len(vectors))}


def brute_rank(rows: list[int]) -> int:
    size = len(span(rows))
    return size.bit_length() - 1  # |span| = 2**rank


def is_independent(vectors: list[int]) -> bool:
    return len(span(vectors)) == 1 << len(vectors)


# --- elimination ------------------------------------------------------------


@FAST
@given(matrices())
def test_rank_matches_brute_force(matrix):
    rows, columns = matrix
    expected = brute_rank(rows)
    assert gf2.rank(rows) == expected
    assert gf2.eliminate(rows, columns).rank == expected


@FAST
@given(matrices())
def test_elimination_is_reduced_row_echelon_form_with_true_row_operations(matrix):
    rows, columns = matrix
    result = gf2.eliminate(rows, columns)
    assert result.columns == columns
    assert len(result.reduced) == len(result.transform) == len(rows)
    assert list(result.pivots) == sorted(set(result.pivots))
    for i, (reduced, combination) in enumerate(zip(result.reduced, result.transform, strict=True)):
        # Every reduced row really is the recorded combination of original rows.
        assert combine(rows, combination) == reduced
        if i < result.rank:
            pivot = result.pivots[i]
            assert reduced & -reduced == 1 << pivot  # the pivot is the leading bit
            for j, other in enumerate(result.reduced):
                if j != i:
                    assert not other >> pivot & 1  # Gauss-Jordan: pivot column is clear
        else:
            assert reduced == 0
    # The row operations are invertible: no information was lost.
    assert is_independent(list(result.transform))


@FAST
@given(matrices())
def test_kernel_is_a_basis_of_the_null_space(matrix):
    rows, columns = matrix
    basis = gf2.eliminate(rows, columns).kernel()
    null_space = {x for x in range(1 << columns) if product(rows, x) == 0}
    assert all(v in null_space for v in basis)
    assert is_independent(basis)
    assert len(null_space) == 1 << len(basis)


@FAST
@given(matrices())
def test_left_kernel_is_a_basis_of_the_vanishing_row_combinations(matrix):
    rows, columns = matrix
    basis = gf2.eliminate(rows, columns).left_kernel()
    vanishing = {y for y in range(1 << len(rows)) if combine(rows, y) == 0}
    assert all(v in vanishing for v in basis)
    assert is_independent(basis)
    assert len(vanishing) == 1 << len(basis)


@FAST
@given(matrices())
def test_solve_every_right_hand_side(matrix):
    """Every rhs of the matrix: consistent ones get a true solution, the rest None."""
    rows, columns = matrix
    elimination = gf2.eliminate(rows, columns)
    image = {product(rows, x) for x in range(1 << columns)}
    for rhs in range(1 << len(rows)):
        solution = elimination.solve(rhs)
        if rhs in image:
            assert solution is not None
            assert 0 <= solution < 1 << columns
            assert product(rows, solution) == rhs
        else:
            assert solution is None


def test_inconsistent_system_is_rejected():
    # x0 = 1, x0 = 0 (the same equation twice with different right-hand sides).
    elimination = gf2.eliminate([0b1, 0b1], 1)
    assert elimination.solve(0b01) is None
    assert elimination.solve(0b10) is None
    assert elimination.solve(0b11) == 1
    assert elimination.solve(0b00) == 0
    assert elimination.left_kernel() == [0b11]


def test_wide_and_tall_matrices():
    # 2 equations, 5 unknowns: rank 2, a 3-dimensional kernel.
    wide = gf2.eliminate([0b10110, 0b01011], 5)
    assert wide.rank == 2 and len(wide.kernel()) == 3 and wide.left_kernel() == []
    # 5 equations, 2 unknowns: rank 2, a 3-dimensional left kernel.
    tall = gf2.eliminate([0b01, 0b10, 0b11, 0b00, 0b01], 2)
    assert tall.rank == 2 and tall.kernel() == [] and len(tall.left_kernel()) == 3


def test_rank_of_long_rows_agrees_with_elimination():
    rng = random.Random(5)
    for _ in range(30):
        width = rng.randint(1, 300)
        rows = [rng.getrandbits(width) & rng.getrandbits(width) for _ in range(rng.randint(0, 40))]
        # Add some dependent rows.
        rows += [a ^ b for a, b in zip(rows[::3], rows[1::3], strict=False)]
        assert gf2.rank(rows) == gf2.eliminate(rows, width).rank


def test_parity():
    assert [gf2.parity(v) for v in (0, 1, 3, 7, 1 << 200, (1 << 201) - 1)] == [0, 1, 0, 1, 1, 1]


# --- lightest vector of a coset ---------------------------------------------


def brute_min_weight(offset: int, basis: list[int]) -> int:
    return min(bin(v).count("1") for v in {offset ^ s for s in span(basis)})


def in_coset(vector: int, offset: int, basis: list[int]) -> bool:
    return gf2.rank([*basis, vector ^ offset]) == gf2.rank(basis)


@FAST
@given(
    st.integers(1, 40).flatmap(
        lambda width: st.tuples(
            st.integers(0, (1 << width) - 1),
            st.lists(st.integers(0, (1 << width) - 1), max_size=8),
        )
    )
)
def test_min_weight_in_coset_matches_brute_force(case):
    offset, basis = case  # the basis may be dependent or hold zero vectors
    vector, proven = gf2_search.min_weight_in_coset(offset, basis)
    assert proven
    assert in_coset(vector, offset, basis)
    assert vector.bit_count() == brute_min_weight(offset, basis)


def test_min_weight_with_empty_basis_is_the_offset():
    assert gf2_search.min_weight_in_coset(0b1011, []) == (0b1011, True)
    assert gf2_search.min_weight_in_coset(0, []) == (0, True)


@FAST
@given(
    st.integers(1, 60).flatmap(
        lambda width: st.tuples(
            st.integers(0, (1 << width) - 1),
            st.lists(st.integers(0, (1 << width) - 1), min_size=1, max_size=10),
        )
    )
)
def test_unproven_path_still_returns_a_coset_member(case):
    offset, basis = case
    vector, proven = gf2_search.min_weight_in_coset(offset, basis, work_budget=0)
    assert not proven
    assert in_coset(vector, offset, basis)
    assert vector.bit_count() <= offset.bit_count()  # the descent never gets heavier


@pytest.mark.parametrize("dimension", [30, 60])
def test_large_kernel_is_not_claimed_proven(dimension):
    rng = random.Random(dimension)
    width = 500
    basis = [rng.getrandbits(width) for _ in range(dimension)]
    offset = rng.getrandbits(width)
    vector, proven = gf2_search.min_weight_in_coset(offset, basis)
    assert not proven
    assert in_coset(vector, offset, basis)
    assert vector.bit_count() <= offset.bit_count()


def test_greedy_descent_finds_an_obvious_improvement():
    # Offset = basis vector 0 plus one stray bit: the lightest member is that single bit.
    basis = [(1 << 40) - 2, 0b1 << 50]
    offset = basis[0] | 1
    vector, proven = gf2_search.min_weight_in_coset(offset, basis, work_budget=0)
    assert not proven and vector == 1


def test_default_budget_searches_sixteen_dimensions_exhaustively():
    rng = random.Random(16)
    basis = [rng.getrandbits(64) for _ in range(16)]
    offset = rng.getrandbits(64)
    vector, proven = gf2_search.min_weight_in_coset(offset, basis)
    assert proven and in_coset(vector, offset, basis)
    # Brute force by a second route: every subset, in plain loops.
    best = min((offset ^ combine(basis, y)).bit_count() for y in range(1 << 16))
    assert vector.bit_count() == best


def test_pairs_of_basis_vectors_are_tried():
    # No single basis vector lowers the weight, but the pair of them does.
    shared = 0b11111 << 20
    a = 0b0000_1111 | shared
    b = 0b1111_0000 | shared
    offset = 0b1111_1111 | 1 << 30
    assert (offset ^ a).bit_count() > offset.bit_count()
    assert (offset ^ b).bit_count() > offset.bit_count()
    vector, proven = gf2_search.min_weight_in_coset(offset, [a, b], work_budget=0)
    assert not proven and vector == 1 << 30


# --- the separator search: exact on bases whose vectors share few cells -------


def sparse_coset(seed: int) -> tuple[int, list[int]]:
    """(offset, basis): 11..14 independent vectors of a few bits each, so that a
    separator leaves groups touching disjoint cells."""
    rng = random.Random(seed)
    width = rng.randrange(16, 90)
    count = rng.randrange(11, 15)
    basis: list[int] = []
    while len(basis) < count:
        vector = sum(1 << rng.randrange(width) for _ in range(rng.randrange(1, 5)))
        if gf2.rank([*basis, vector]) == len(basis) + 1:
            basis.append(vector)
    return rng.getrandbits(width), basis


def brute_min_and_ties(offset: int, basis: list[int]) -> tuple[int, int]:
    weights = [(offset ^ combine(basis, y)).bit_count() for y in range(1 << len(basis))]
    best = min(weights)
    return best, weights.count(best)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1 << 32))
def test_separator_search_matches_brute_force(seed):
    offset, basis = sparse_coset(seed)
    plan = gf2_search._Separation.plan(basis)
    vector, ties = finish(gf2_search._separated(offset, plan))
    assert in_coset(vector, offset, basis)
    assert (vector.bit_count(), ties) == brute_min_and_ties(offset, basis)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 1 << 32))
def test_search_cost_picks_the_cheaper_exact_method(seed):
    offset, basis = sparse_coset(seed)
    cost = gf2_search.search_cost(basis)
    assert cost <= gf2.exhaustive_cost(len(basis), max(v.bit_length() for v in basis))
    vector, proven, ties = finish(gf2_search.min_weight_search(offset, basis, work_budget=cost))
    assert proven and in_coset(vector, offset, basis)
    assert (vector.bit_count(), ties) == brute_min_and_ties(offset, basis)


def test_exhaustive_counts_ties_across_the_table():
    rng = random.Random(12)
    for _ in range(20):
        basis = [rng.getrandbits(24) for _ in range(13)]  # 3 outer vectors, 10 tabulated
        if gf2.rank(basis) < len(basis):
            continue
        offset = rng.getrandbits(24)
        vector, ties = finish(gf2_search._exhaustive(offset, basis))
        assert in_coset(vector, offset, basis)
        assert (vector.bit_count(), ties) == brute_min_and_ties(offset, basis)
