"""Lights Out: every answer is checked by pressing it, and fewest against brute force."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import lightsout
from puzzlelab.jobs import finish
from puzzlelab.lightsout import Board, gf2, gf2_folded, gf2_search, solve, toggled_by
from puzzlelab.notation import PuzzleError

FAST = settings(max_examples=60, deadline=None)
SMALL_SHAPES = [(r, c) for r in range(1, 5) for c in range(1, 5)]
# Long thin boards of up to 16 cells too: 1 x n has quiet patterns when n = 2 (mod 3).
THIN_SHAPES = [(1, 11), (1, 14), (2, 7), (2, 8), (3, 5)]
THIN_SHAPES += [(c, r) for r, c in THIN_SHAPES]


# --- independent reference code: plain loops over cells ----------------------


def neighbourhood(index: int, rows: int, cols: int) -> int:
    """The cells toggled by pressing cell ``index``: itself and its in-board neighbours."""
    r, c = divmod(index, cols)
    toggled = 0
    for dr, dc in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < rows and 0 <= cc < cols:
            toggled |= 1 << (rr * cols + cc)
    return toggled


def press_matrix(rows: int, cols: int) -> list[int]:
    """Row i: what pressing cell i toggles (the matrix is symmetric)."""
    return [neighbourhood(i, rows, cols) for i in range(rows * cols)]


def toggled_slowly(presses: int, rows: int, cols: int) -> int:
    toggled = 0
    for i in range(rows * cols):
        if presses >> i & 1:
            toggled ^= neighbourhood(i, rows, cols)
    return toggled


def press_cell(lit: list[list[int]], r: int, c: int) -> None:
    """Toggle cell (r, c) of a list-of-lists board and its in-board neighbours."""
    rows, cols = len(lit), len(lit[0])
    for rr, cc in ((r, c), (r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
        if 0 <= rr < rows and 0 <= cc < cols:
            lit[rr][cc] ^= 1


def fewest_by_chasing(board: Board) -> int | None:
    """The fewest presses, by trying every first row and chasing the lights down.

    Once the first row of presses is chosen, a lit cell in row r can only be
    cleared by the press below it, so every solution is one of these
    ``2**cols`` chases: their lightest success is the true minimum.
    """
    rows, cols = board.rows, board.cols
    best = None
    for first in range(1 << cols):
        lit = [[board.lights >> (r * cols + c) & 1 for c in range(cols)] for r in range(rows)]
        count = 0
        for c in range(cols):
            if first >> c & 1:
                press_cell(lit, 0, c)
                count += 1
        for r in range(1, rows):
            for c in range(cols):
                if lit[r - 1][c]:
                    press_cell(lit, r, c)
                    count += 1
        if not any(any(row) for row in lit) and (best is None or count < best):
            best = count
    return best


def check_solution(solution: lightsout.Solution) -> None:
    """Whatever the solver says, check it by pressing."""
    board = solution.board
    for quiet in solution.quiet_patterns:
        assert quiet and toggled_by(quiet, board.rows, board.cols) == 0
    assert gf2.rank(list(solution.quiet_patterns)) == solution.kernel_dimension
    if solution.solvable:
        assert solution.conflict is None
        assert 0 <= solution.presses < 1 << board.size
        assert board.apply(solution.presses).lights == 0
        assert solution.press_count == solution.presses.bit_count()
        assert len(solution.press_cells()) == solution.press_count
    else:
        conflict = solution.conflict
        assert solution.presses is None and solution.press_count is None
        assert conflict and 0 < conflict < 1 << board.size
        assert toggled_by(conflict, board.rows, board.cols) == 0  # quiet: pressing changes nothing
        assert (conflict & board.lights).bit_count() % 2 == 1  # odd overlap with the board
        assert "cannot be solved" in solution.explain()


# --- pressing ---------------------------------------------------------------


@FAST
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_toggled_by_matches_cell_by_cell_pressing(rows, cols, data):
    presses = data.draw(st.integers(0, (1 << rows * cols) - 1))
    assert toggled_by(presses, rows, cols) == toggled_slowly(presses, rows, cols)


def test_press_toggles_the_cell_and_its_neighbours():
    board = Board(3, 4).press(1, 1)
    assert board.grid == "0100/1110/0100"
    corner = Board(3, 4).press(2, 3)
    assert corner.grid == "0000/0001/0011"
    assert board.press(1, 1).lights == 0  # pressing twice undoes it
    one = Board(1, 1).press(0, 0)
    assert one.grid == "1"


@pytest.mark.parametrize("cell", [(-1, 0), (0, -1), (3, 0), (0, 4)])
def test_press_outside_the_board_is_rejected(cell):
    with pytest.raises(PuzzleError, match="outside the 3x4 board"):
        Board(3, 4).press(*cell)


# --- fewest presses, exhaustively: every board up to 4x4 and thin ones to 16 cells


@pytest.mark.parametrize("shape", SMALL_SHAPES + THIN_SHAPES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_board_of_small_shapes_against_every_press_set(shape):
    rows, cols = shape
    size = rows * cols
    # One pass over ALL press sets: the lightest press set reaching each board.
    fewest: dict[int, int] = {}
    for presses in range(1 << size):
        board = (
            toggled_slowly(presses, rows, cols) if size <= 6 else toggled_by(presses, rows, cols)
        )
        weight = presses.bit_count()
        if weight < fewest.get(board, size + 1):
            fewest[board] = weight
    kernel = size - len(fewest).bit_length() + 1  # |image| = 2**(size - kernel)
    for lights in range(1 << size):
        solution = solve(Board(rows, cols, lights))
        assert solution.solvable == (lights in fewest), lights
        assert solution.kernel_dimension == kernel
        check_solution(solution)
        if solution.solvable:
            assert solution.proven_fewest
            assert solution.press_count == fewest[lights], lights


# --- fewest presses on sampled boards, against chasing written independently --


@settings(max_examples=500, deadline=None)
@given(st.integers(0, (1 << 25) - 1), st.booleans())
def test_5x5_boards_against_an_independent_chase(lights, press_first):
    # Random boards are solvable only one time in four; pressing random cells
    # makes a solvable one, so both kinds are well covered.
    board = Board(5, 5).apply(lights) if press_first else Board(5, 5, lights)
    solution = solve(board)
    check_solution(solution)
    expected = fewest_by_chasing(board)
    assert solution.solvable == (expected is not None)
    if solution.solvable:
        assert solution.proven_fewest
        assert solution.press_count == expected


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 9), st.integers(1, 6), st.data())
def test_other_shapes_against_an_independent_chase(rows, cols, data):
    # The chase enumerates 2**cols first rows; the solver chases along the longer side.
    presses = data.draw(st.integers(0, (1 << rows * cols) - 1))
    lights = data.draw(st.integers(0, (1 << rows * cols) - 1))
    board = Board(rows, cols, lights ^ toggled_by(presses, rows, cols))
    solution = solve(board)
    check_solution(solution)
    assert solution.proven_fewest == solution.solvable
    assert solution.press_count == fewest_by_chasing(board)


def test_all_lit_5x5_needs_15_presses():
    solution = solve(Board.parse("11111/11111/11111/11111/11111"))
    check_solution(solution)
    assert solution.press_count == 15
    assert solution.proven_fewest
    assert solution.kernel_dimension == 2
    assert "fewest takes 15 presses" in solution.explain()


def test_single_lit_corner_of_5x5_cannot_be_solved():
    solution = solve(Board.parse("10000/00000/00000/00000/00000"))
    assert not solution.solvable
    check_solution(solution)
    assert fewest_by_chasing(solution.board) is None


def test_dark_board_needs_no_presses():
    solution = solve(Board(6, 9))
    assert solution.presses == 0 and solution.press_count == 0
    assert solution.explain() == "All lights are already out."


def test_transposed_board_needs_as_many_presses():
    rng = random.Random(3)
    for rows, cols in [(4, 7), (5, 9), (9, 5), (2, 11), (6, 6)]:
        board = lightsout.random_solvable(rows, cols, rng)
        here, there = solve(board), solve(board.transposed())
        check_solution(there)
        assert there.press_count == here.press_count
        assert there.kernel_dimension == here.kernel_dimension


def test_without_fewest_a_solution_is_still_correct():
    rng = random.Random(11)
    for rows, cols in [(5, 5), (4, 4), (9, 9), (11, 7), (10, 10), (7, 11)]:
        board = lightsout.random_solvable(rows, cols, rng)
        solution = solve(board, fewest=False)
        check_solution(solution)
        # Without the search, only a unique solution is known to be the fewest.
        assert solution.proven_fewest == (solution.kernel_dimension == 0)


def test_transposed_is_the_mirror_in_the_main_diagonal():
    board = Board.parse("110/001")
    assert board.transposed() == Board.parse("10/10/01")
    assert board.transposed().transposed() == board
    assert lightsout.transpose(0b000_001, 2, 3) == 0b000_001
    rng = random.Random(8)
    for rows, cols in [(1, 7), (7, 1), (3, 5), (6, 4)]:
        lights = rng.getrandbits(rows * cols)
        flipped = lightsout.transpose(lights, rows, cols)
        for r in range(rows):
            for c in range(cols):
                assert flipped >> (c * rows + r) & 1 == lights >> (r * cols + c) & 1


# --- kernel dimensions --------------------------------------------------------


@pytest.mark.parametrize("n, dimension", [(4, 4), (5, 2), (9, 8), (10, 0), (11, 6), (19, 16)])
def test_kernel_dimension_matches_oeis_a159257(n, dimension):
    assert lightsout.kernel_dimension(n, n) == dimension
    assert solve(Board(n, n)).kernel_dimension == dimension
    assert n * n - gf2.rank(press_matrix(n, n)) == dimension


def test_kernel_dimension_equals_nullity_of_the_full_press_matrix():
    for rows in range(1, 13):
        for cols in range(1, 13):
            nullity = rows * cols - gf2.rank(press_matrix(rows, cols))
            assert lightsout.kernel_dimension(rows, cols) == nullity, (rows, cols)
            assert lightsout.kernel_dimension(cols, rows) == nullity, (cols, rows)
            quiet = solve(Board(rows, cols)).quiet_patterns
            assert len(quiet) == nullity
            assert gf2.rank(list(quiet)) == nullity
            assert all(toggled_by(q, rows, cols) == 0 for q in quiet)


# --- unsolvable boards --------------------------------------------------------


@pytest.mark.parametrize("shape", [(4, 4), (5, 5), (9, 9), (11, 11), (19, 19), (5, 17), (17, 5)])
def test_unsolvable_boards_report_a_real_conflict(shape):
    rows, cols = shape
    rng = random.Random(rows * 100 + cols)
    quiet = solve(Board(rows, cols)).quiet_patterns
    seen_unsolvable = 0
    for _ in range(40):
        lights = rng.getrandbits(rows * cols)
        solution = solve(Board(rows, cols, lights))
        check_solution(solution)
        # Solvable exactly when no quiet pattern has an odd overlap (A is symmetric).
        assert solution.solvable == all((q & lights).bit_count() % 2 == 0 for q in quiet)
        seen_unsolvable += not solution.solvable
    assert seen_unsolvable >= 10  # most random boards of these shapes are unsolvable


# --- large boards -------------------------------------------------------------


@pytest.mark.parametrize("shape", [(200, 200), (1000, 7), (7, 1000), (1000, 1), (1, 1000)])
def test_large_boards_are_solved(shape):
    board = lightsout.random_solvable(*shape, random.Random(1))
    solution = solve(board)
    assert solution.solvable
    assert board.apply(solution.presses).lights == 0
    if solution.kernel_dimension == 0:
        assert solution.proven_fewest


def test_1000x1000_board_is_solved():
    board = lightsout.random_solvable(1000, 1000, random.Random(2))
    solution = solve(board)
    assert board.apply(solution.presses).lights == 0


#: Fewest presses of the all-lit n x n board, n = 1..50 (OEIS A075464).
A075464 = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224,
    245, 276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772,
    561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220,
]


@pytest.mark.parametrize("n", range(1, len(A075464) + 1))
def test_all_lit_boards_get_the_proven_fewest_of_oeis_a075464(n):
    """The all-lit n x n board up to 50x50: the search proves its answer, which
    is the known minimum. 39x39 and 47x47 (kernel dimensions 32 and 30) are
    beyond the exhaustive search, but as symmetric as their mirror folds."""
    board = Board(n, n, (1 << n * n) - 1)
    solution = solve(board)
    assert solution.proven_fewest
    check_solution(solution)
    assert solution.press_count == A075464[n - 1]


@pytest.mark.parametrize("rows, cols, wrap", [
    (9, 9, False), (11, 11, False), (16, 16, False), (19, 19, False), (23, 11, False),
    (17, 35, False), (30, 30, False), (10, 10, True), (12, 12, True), (12, 20, True)])
def test_folded_search_agrees_with_the_exhaustive_one(rows, cols, wrap):
    """Weight and number of lightest solutions, on all-lit and random boards
    (squares, and rectangles whose axes fold a different number of times)."""
    variant = lightsout.Variant("cross", wrap=wrap)
    rng = random.Random(rows * cols)
    board = Board(rows, cols, 0, variant)
    if rows < cols:  # the solver chases along the longer side
        board = board.transposed()
    folding = lightsout.folding(board.rows, board.cols, variant)
    assert folding is not None
    for lights in [(1 << rows * cols) - 1, rng.getrandbits(rows * cols),
                   rng.getrandbits(rows * cols)]:
        board = board.apply(board.apply(board.lights).lights ^ lights)  # a press set's effect
        plain = solve(board, fewest=False)
        quiet = list(plain.quiet_patterns)
        assert quiet
        best, ties = finish(gf2_search._exhaustive(plain.presses, quiet))
        for upper in (best.bit_count(), best.bit_count() + 3):
            found, proven, count = finish(
                gf2_folded.folded_search(plain.presses, quiet, folding, upper, 1 << 40))
            assert proven and found is not None
            assert found.bit_count() == best.bit_count() and count == ties
            assert board.apply(found).lights == 0
        # Below the lightest weight there is nothing to find.
        assert finish(gf2_folded.folded_search(plain.presses, quiet, folding,
                                        best.bit_count() - 1, 1 << 40)) == (None, True, 0)


def test_folded_search_out_of_budget_keeps_what_it_found():
    """Past its budget the search is not proven, but a member it found is a solution."""
    board = Board(39, 39, 0).apply(random.Random(7).getrandbits(39 * 39))
    plain = solve(board, fewest=False)
    quiet = list(plain.quiet_patterns)
    folding = lightsout.folding(39, 39, lightsout.CLASSIC)
    upper = plain.presses.bit_count()
    found, proven, ties = finish(
        gf2_folded.folded_search(plain.presses, quiet, folding, upper, 3 << 24))
    assert not proven and ties is None
    assert found is not None and found.bit_count() <= upper
    assert board.apply(found).lights == 0


def test_39x39_with_kernel_32_gets_a_valid_unproven_solution():
    assert lightsout.kernel_dimension(39, 39) == 32
    board = lightsout.random_solvable(39, 39, random.Random(39))
    solution = solve(board)
    assert solution.kernel_dimension == 32
    assert solution.solvable and not solution.proven_fewest
    check_solution(solution)
    assert "not proven fewest" in solution.explain()
    # A random 39x39 board is unsolvable unless it misses all 32 quiet patterns.
    unsolvable = solve(Board(39, 39, random.Random(40).getrandbits(39 * 39)))
    check_solution(unsolvable)
    assert not unsolvable.solvable


# --- text forms ---------------------------------------------------------------


@st.composite
def boards(draw, max_side: int = 40):
    rows = draw(st.integers(1, max_side))
    cols = draw(st.integers(1, max_side))
    return Board(rows, cols, draw(st.integers(0, (1 << rows * cols) - 1)))


@settings(max_examples=150, deadline=None)
@given(boards())
def test_game_id_and_grid_round_trip(board):
    assert Board.parse(board.game_id) == board
    assert Board.parse(board.grid) == board
    assert Board.parse(board.grid.replace("/", "\n") + "\n") == board
    assert Board.parse(board.game_id.upper().replace("X", "x")) == board
    rows = board.grid.split("/")
    assert len(rows) == board.rows and all(len(row) == board.cols for row in rows)
    assert board.game_id.startswith(f"{board.cols}x{board.rows}:")
    assert board.lit == board.grid.count("1")


@pytest.mark.parametrize("shape", [(1, 1), (1000, 1000), (1, 1000), (1000, 1)])
def test_round_trip_at_the_extremes(shape):
    rng = random.Random(7)
    for lights in (0, (1 << shape[0] * shape[1]) - 1, rng.getrandbits(shape[0] * shape[1])):
        board = Board(*shape, lights)
        assert Board.parse(board.game_id) == board
        assert Board.parse(board.grid) == board


def test_game_id_layout():
    # Columns first; the first hex digit holds cells 0..3, most significant bit first.
    assert Board.parse("1000/0000").game_id == "4x2:80"
    assert Board.parse("0001/0000").game_id == "4x2:10"
    assert Board.parse("0000/0001").game_id == "4x2:01"
    assert Board.parse("11111/" * 4 + "11111").game_id == "5x5:ffffff8"
    three_by_two = Board.parse("3x2:fc")
    assert (three_by_two.rows, three_by_two.cols, three_by_two.grid) == (2, 3, "111/111")
    assert Board.parse("1x1:8").grid == "1" and Board.parse("1x1:0").grid == "0"


def test_grid_whitespace_is_ignored():
    assert Board.parse("  1 0 1 / 0 1 0\t/1 1 1\n") == Board.parse("101/010/111")
    assert Board.parse("\r\n101\r\n010\r\n") == Board.parse("101/010")


@pytest.mark.parametrize(
    "text, message",
    [
        ("101/01", "not rectangular"),
        ("101/010/11", "not rectangular"),
        ("102/010", "Unexpected character '2' at row 1, column 3"),
        ("101/0a0", "Unexpected character 'a' at row 2, column 2"),
        ("101//010", "Row 2 of the grid is empty"),
        ("", "empty"),
        ("   ", "empty"),
        ("///", "empty"),
        ("0x5:", "1 to 1000 columns; 0 is out of range"),
        ("5x0:", "1 to 1000 rows; 0 is out of range"),
        ("1001x1:" + "0" * 251, "1 to 1000 columns; 1001 is out of range"),
        ("1/" * 1000 + "1", "1 to 1000 rows; 1001 is out of range"),
        ("1" * 1001, "1 to 1000 columns; 1001 is out of range"),
        ("5x5:fff", "7 hex digits for 25 cells"),
        ("5x5:ffffff80", "7 hex digits for 25 cells"),
        ("5x5:ffffff9", "bits set beyond the last cell"),
        ("3x1:1", "bits set beyond the last cell"),
        ("5x5:ffffgf8", "Not a Lights Out game ID or grid"),
        ("5x5", "Not a Lights Out game ID or grid"),
        ("5*5:ffffff8", "Not a Lights Out game ID or grid"),
    ],
)
def test_malformed_input_is_rejected_clearly(text, message):
    with pytest.raises(PuzzleError) as caught:
        Board.parse(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


def test_non_text_is_rejected():
    with pytest.raises(PuzzleError, match="as text"):
        Board.parse(101)  # type: ignore[arg-type]


@pytest.mark.parametrize("shape", [(0, 5), (5, 0), (1001, 1), (-1, 3), (2.0, 3), (True, 3)])
def test_bad_shapes_are_rejected(shape):
    with pytest.raises(PuzzleError):
        lightsout.check_shape(*shape)
    with pytest.raises(PuzzleError):
        lightsout.random_solvable(*shape, random.Random(0))


# --- random boards ------------------------------------------------------------


@pytest.mark.parametrize("shape", [(5, 5), (4, 4), (9, 9), (1, 1), (3, 7), (19, 19)])
def test_random_boards_are_solvable_and_reproducible(shape):
    boards_drawn = []
    for seed in range(25):
        board = lightsout.random_solvable(*shape, random.Random(seed))
        assert (board.rows, board.cols) == shape
        assert board.lights != 0
        solution = solve(board)
        assert solution.solvable
        assert board.apply(solution.presses).lights == 0
        assert lightsout.random_solvable(*shape, random.Random(seed)) == board
        boards_drawn.append(board.lights)
    if shape != (1, 1):
        assert len(set(boards_drawn)) > 15  # seeds give different boards
