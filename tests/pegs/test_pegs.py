"""Peg solitaire: notation, moves, symmetries, solver, counts and both census engines."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest

from puzzlelab import api, pegs
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import commands as pegs_commands
from puzzlelab.pegs.goals import goal_distances

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"
TRIANGLE = "./oo/ooo/oooo/ooooo"
SMALL_BOARDS = [
    # (grid, goal): small custom boards on both lattices.
    ("ooo./oooo/oooo", "any"),
    ("-oo-/oooo/o.oo/-oo-", "any"),
    (".ooo/oooo", "any"),
    ("o/oo/o.o/oooo", "any"),
    ("t:.oo/ooo/ooo", "any"),
    ("--o--/-ooo-/oo.oo/-ooo-/--o--", "centre"),
]

try:
    import numpy as np

    from puzzlelab.pegs import census_numpy as pegs_numpy
    from puzzlelab.pegs import numpy_level, path_counts
except ImportError:  # pragma: no cover - numpy is in requirements-dev.txt
    np = pegs_numpy = numpy_level = path_counts = None
needs_numpy = pytest.mark.skipif(pegs_numpy is None, reason="numpy is not installed")


# --- brute force references --------------------------------------------------------


def image_by_permutation(geo: pegs.Geometry, k: int, pegs_: int) -> int:
    """A position under symmetry ``k``, bit by bit (what the byte tables of
    :meth:`pegs.Geometry.image` must agree with)."""
    perm = geo.symmetries[k]
    return sum(1 << perm[i] for i in range(geo.size) if pegs_ >> i & 1)


def brute_moves(pos: pegs.Position) -> set[tuple[tuple[int, int], tuple[int, int]]]:
    """Legal jumps by coordinates, straight from the rules."""
    geo = pos.geo
    cells = {cell: bool(pos.pegs >> i & 1) for i, cell in enumerate(geo.holes)}
    out = set()
    for (r, c), peg in cells.items():
        if not peg:
            continue
        for dr, dc in pegs.DIRECTIONS[geo.lattice]:
            over, to = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if cells.get(over) is True and cells.get(to) is False:
                out.add(((r, c), to))
    return out


def brute_count(pos: pegs.Position, goal: pegs.Goal) -> int:
    """Winning move sequences by plain enumeration: no memo, no symmetry."""
    if pos.pegs in goal.positions:
        return 1
    return sum(brute_count(pos.play(m), goal) for m in pos.legal_moves())


@cache
def brute_census(grid: str, goal_text: str):
    """Per level: all positions reached, paths to them, and which can reach the goal."""
    start = pegs.Position.parse(grid)
    goal = pegs.parse_goal(start.geo, goal_text)
    levels = [{start.pegs: 1}]
    while levels[-1]:
        following: dict[int, int] = {}
        for p, paths in levels[-1].items():
            for m in pegs.Position.of(start.geo, p).legal_moves():
                following[p ^ m.mask] = following.get(p ^ m.mask, 0) + paths
        levels.append(following)
    levels.pop()

    @cache
    def good(p: int) -> bool:
        return p in goal.positions or any(
            good(p ^ m.mask) for m in pegs.Position.of(start.geo, p).legal_moves()
        )

    return levels, good


# --- notation ----------------------------------------------------------------------


def test_english_start_round_trips():
    pos = pegs.Position.parse(ENGLISH)
    assert pos.grid == ENGLISH
    assert pos.geo.size == 33 and pos.peg_count == 32
    assert pos.geo.lattice == pegs.SQUARE
    assert len(pos.geo.moves) == 76
    assert pos.geo.holes[pos.geo.centre] == (3, 3)
    assert pegs.Position.parse("english") == pos
    assert pegs.Position.parse(ENGLISH.replace("/", "\n") + "\n") == pos


def test_triangle_notation_and_lattice():
    pos = pegs.Position.parse(TRIANGLE)
    assert pos.geo.lattice == pegs.TRIANGLE and pos.geo.size == 15
    assert pos.grid == TRIANGLE
    assert len(pos.geo.moves) == 36  # 18 lines of three, both ways
    assert pos.geo.centre is None
    rect = pegs.Position.parse("t:.oo/ooo/ooo")
    assert rect.geo.lattice == pegs.TRIANGLE and rect.grid == "t:.oo/ooo/ooo"
    assert pegs.Position.parse(rect.grid) == rect


@pytest.mark.parametrize(
    "name, holes, symmetries",
    [("english", 33, 8), ("french", 37, 8), ("wiegleb", 45, 8), ("diamond", 41, 8),
     ("triangle", 15, 6)],
)
def test_named_boards(name, holes, symmetries):
    pos = pegs.standard_start(name)
    assert pos.geo.size == holes
    assert len(pos.geo.symmetries) == symmetries
    assert pos.peg_count == holes - 1
    assert pegs.board_name(pos.geo) == name


@pytest.mark.parametrize(
    "text, message",
    [
        ("ox./ooo", "Unexpected character 'x'"),
        ("---/---", "no holes"),
        ("o" * 65, "at most 64 holes"),
        ("", "empty"),
    ],
)
def test_bad_grids(text, message):
    with pytest.raises(PuzzleError, match=message):
        pegs.Position.parse(text)


def test_holes_and_goals():
    geo = pegs.Position.parse(ENGLISH).geo
    assert geo.hole("3,3") == geo.hole("centre") == geo.centre
    assert geo.holes[geo.hole(" 0, 2 ")] == (0, 2)
    with pytest.raises(PuzzleError, match="no hole at row 0, column 0"):
        geo.hole("0,0")
    with pytest.raises(PuzzleError, match="Not a hole"):
        geo.hole("d4")
    assert pegs.parse_goal(geo, None).positions == {1 << geo.centre}
    assert len(pegs.parse_goal(geo, "any").positions) == 33
    pattern = pegs.parse_goal(geo, "--...--/--...--/......./...o.../......./--...--/--...--")
    assert pattern.positions == {1 << geo.centre}
    tri = pegs.Position.parse(TRIANGLE).geo
    assert pegs.parse_goal(tri, None).text == "any"
    with pytest.raises(PuzzleError, match="no centre"):
        tri.hole("centre")


# --- moves and symmetries ------------------------------------------------------------


@pytest.mark.parametrize("name", ["english", "french", "triangle", "diamond"])
def test_moves_match_brute_force(name):
    rng = random.Random(4)
    geo = pegs.standard_start(name).geo
    for _ in range(200):
        pos = pegs.Position.of(geo, rng.getrandbits(geo.size))
        found = {(geo.holes[m.src], geo.holes[m.dst]) for m in pos.legal_moves()}
        assert found == brute_moves(pos)


@pytest.mark.parametrize("name", ["english", "french", "wiegleb", "triangle"])
def test_symmetries_are_board_automorphisms(name):
    geo = pegs.standard_start(name).geo
    rng = random.Random(5)
    move_set = {(m.src, m.over, m.dst) for m in geo.moves}
    for k, perm in enumerate(geo.symmetries):
        assert sorted(perm) == list(range(geo.size))
        assert {(perm[a], perm[b], perm[c]) for a, b, c in move_set} == move_set
        for _ in range(50):
            p = rng.getrandbits(geo.size)
            assert geo.image(k, p) == image_by_permutation(geo, k, p)


def test_symmetries_of_a_custom_board_are_found_by_brute_force():
    # A rectangle has 4 symmetries, an L-shape only the identity, a triangle 6.
    assert len(pegs.Position.parse("ooo/ooo").geo.symmetries) == 4
    assert len(pegs.Position.parse("o--/o--/ooo").geo.symmetries) == 2  # the diagonal mirror
    assert len(pegs.Position.parse("oo-/o--/ooo").geo.symmetries) == 1
    assert len(pegs.Position.parse("o/oo/ooo").geo.symmetries) == 6


def test_position_classes_are_invariant():
    rng = random.Random(6)
    for name in ("english", "triangle"):
        pos = pegs.standard_start(name)
        for _ in range(20):
            p = pos
            cls = pegs.position_class(p.geo, p.pegs)
            while moves := p.legal_moves():
                p = p.play(rng.choice(moves))
                assert pegs.position_class(p.geo, p.pegs) == cls


# --- solving and counting ---------------------------------------------------------------


def test_triangle_count_is_29760():
    pos = pegs.Position.parse(TRIANGLE)
    goal = pegs.parse_goal(pos.geo, "any")
    assert pegs.Solver(pos.geo, goal).count(pos.pegs) == 29760


@pytest.mark.parametrize(
    "grid, goal", [*SMALL_BOARDS, ("o/oo/.oo/oooo/ooooo", "any"), ("o/.o/ooo/oooo/ooooo", "4,2")]
)
def test_counts_equal_brute_force(grid, goal):
    pos = pegs.Position.parse(grid)
    g = pegs.parse_goal(pos.geo, goal)
    assert pegs.Solver(pos.geo, g).count(pos.pegs) == brute_count(pos, g)


def test_counts_on_the_triangle_from_every_start_hole_equal_brute_force():
    geo = pegs.Position.parse(TRIANGLE).geo
    goal = pegs.parse_goal(geo, "any")
    for hole in range(geo.size):
        pegs_ = geo.full & ~(1 << hole)
        # Plain enumeration of the whole tree takes a few seconds per hole; one
        # move in, it is quick and still covers every start.
        pos = pegs.Position.of(geo, pegs_)
        total = sum(pegs.Solver(geo, goal).count(pos.play(m).pegs) for m in pos.legal_moves())
        assert pegs.Solver(geo, goal).count(pegs_) == total
        child = pos.play(pos.legal_moves()[0])
        if child.peg_count <= 12:
            assert pegs.Solver(geo, goal).count(child.pegs) == brute_count(child, goal)


def test_english_solve_is_a_valid_game():
    pos = pegs.Position.parse(ENGLISH)
    goal = pegs.parse_goal(pos.geo, None)
    path = pegs.Solver(pos.geo, goal).solve(pos.pegs)
    assert path is not None and len(path) == 31
    for move in path:
        assert pos.pegs & move.mask == move.need
        pos = pos.play(move)
    assert pos.pegs == 1 << pos.geo.centre


def test_english_endgames_count_like_brute_force():
    rng = random.Random(7)
    pos0 = pegs.Position.parse(ENGLISH)
    goal = pegs.parse_goal(pos0.geo, None)
    solver = pegs.Solver(pos0.geo, goal)
    path = solver.solve(pos0.pegs)
    for cut in (22, 24, 25):
        pos = pos0
        for move in path[:cut]:
            pos = pos.play(move)
        assert solver.count(pos.pegs) == brute_count(pos, goal) > 0
    for _ in range(5):
        pos = pos0
        while pos.peg_count > 8 and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
        assert solver.count(pos.pegs) == brute_count(pos, goal)


def test_solve_budget_raises():
    pos = pegs.Position.parse(ENGLISH).play(pegs.Position.parse(ENGLISH).legal_moves()[0])
    solver = pegs.Solver(pos.geo, pegs.parse_goal(pos.geo, "0,2"))
    with pytest.raises(pegs.OutOfBudget):
        finish(solver.solve_steps(pos.pegs, budget=10))



def plain_solver(geo: pegs.Geometry, goal: pegs.Goal) -> pegs.Solver:
    """A solver whose goal table holds only the goal and that searches in one plain
    depth-first pass, without a beam first: the search runs all the way down."""
    solver = pegs.Solver(geo, goal)
    solver.TABLE_LEVEL_LIMIT = 0
    solver.BEAM_WIDTH = 0
    solver.ROUND_LEVELS = 0
    solver.book = None  # and no opening book
    return solver


def random_positions(start: pegs.Position, rng: random.Random, games: int):
    """Every position along ``games`` random games from ``start``."""
    for _ in range(games):
        pos = start
        while pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
            yield pos


def assert_winning(pos: pegs.Position, goal: pegs.Goal, path: list[pegs.Move]) -> None:
    for move in path:
        assert pos.pegs & move.mask == move.need
        pos = pos.play(move)
    assert pos.pegs in goal.positions


@pytest.mark.parametrize("grid, goal", [*SMALL_BOARDS, (TRIANGLE, "any"), (TRIANGLE, "4,2"),
                                        ("triangle", "0,0")])
def test_goal_table_verdicts_agree_with_the_plain_search(grid, goal):
    start = pegs.Position.parse(grid)
    goal_ = pegs.parse_goal(start.geo, goal)
    fast, plain = pegs.Solver(start.geo, goal_), plain_solver(start.geo, goal_)
    fast.TABLE_LEVEL_LIMIT = 3  # a few levels, so that searches cross the table's edge
    _, good = brute_census(grid, goal)
    rng = random.Random(5)
    for pos in [start, *random_positions(start, rng, 12)]:
        path = fast.solve(pos.pegs)
        assert (path is not None) == (plain.solve(pos.pegs) is not None) == good(pos.pegs)
        if path is not None:
            assert_winning(pos, goal_, path)
        assert fast.count(pos.pegs) == plain.count(pos.pegs)


def test_goal_table_holds_exactly_the_good_few_peg_positions():
    start = pegs.Position.parse(TRIANGLE)
    goal = pegs.parse_goal(start.geo, "any")
    solver = pegs.Solver(start.geo, goal)
    table = solver.table
    assert table.max_pegs > goal.pegs
    plain = plain_solver(start.geo, goal)
    for pegs_ in range(1 << start.geo.size):
        left = pegs_.bit_count()
        if left <= table.max_pegs:
            key = min(solver.images(pegs_))
            assert table.good(key, left) == (plain.solve(pegs_) is not None)


def test_searches_in_rounds_keep_to_the_budget_and_then_finish():
    start = pegs.Position.parse(ENGLISH)
    goal = pegs.parse_goal(start.geo, None)
    rng = random.Random(8)
    positions = [p for p in random_positions(start, rng, 6) if 20 <= p.peg_count <= 26][:12]
    for pos in positions:
        solver = pegs.Solver(start.geo, goal)
        try:
            path = finish(solver.solve_steps(pos.pegs, budget=500))
        except pegs.OutOfBudget:
            assert solver.nodes <= 500 + 1  # the node that broke the budget
            path = solver.solve(pos.pegs)  # finishes from what the budgeted search learnt
        again = plain_solver(start.geo, goal).solve(pos.pegs)
        assert (path is None) == (again is None)
        if path is not None:
            assert_winning(pos, goal, path)


def test_english_verdicts_with_the_goal_table_agree_with_the_plain_search():
    start = pegs.Position.parse(ENGLISH)
    goal = pegs.parse_goal(start.geo, None)
    fast, plain = pegs.Solver(start.geo, goal), plain_solver(start.geo, goal)
    rng = random.Random(3)
    for pos in random_positions(start, rng, 4):
        if pos.peg_count <= 16:
            path = fast.solve(pos.pegs)
            assert (path is not None) == (plain.solve(pos.pegs) is not None)
            if path is not None:
                assert_winning(pos, goal, path)


#: The English central game's good classes per peg count, from its census.
ENGLISH_GOOD_CLASSES = {32: 1, 31: 1, 30: 2, 29: 8, 28: 38, 27: 164, 26: 635, 25: 2089,
                        24: 6174, 23: 16020, 22: 35749, 21: 68326, 20: 112788,
                        19: 162319, 18: 204992, 17: 230230}

#: A dead position of the English central game with 19 pegs, reachable from the start
#: (the slowest verdict in the page when the book stopped at 20 pegs: 164 ms).
ENGLISH_DEAD_19 = "--.oo--/--.oo--/o.oo.../oo...o./o.ooo../--o.o--/--ooo--"


def test_english_opening_book_has_the_census_levels():
    book = pegs.opening_book("english")
    assert book is not None and book.min_pegs == 17
    assert {n: len(keys) for n, keys in book.levels.items()} == ENGLISH_GOOD_CLASSES
    # The figures README.md quotes: 839,536 classes in 1.28 MB.
    assert sum(ENGLISH_GOOD_CLASSES.values()) == 839_536
    assert round((pegs.BOOK_DIR / pegs.BOOKS["english"]).stat().st_size / 1e6, 2) == 1.28
    # The round trip of the file format.
    again = pegs.OpeningBook.encode(
        {k: v for k, v in book.header.items() if k not in ("levels", "bytes")},
        {n: list(keys) for n, keys in book.levels.items()})
    assert again == (pegs.BOOK_DIR / pegs.BOOKS["english"]).read_bytes()


def test_book_levels_round_trip_and_look_up_by_bisection():
    rng = random.Random(2)
    keys = sorted({0, 1, 255, 256, 2**33 + 5, 2**64 - 1,
                   *(rng.getrandbits(40) for _ in range(500))})
    level = pegs.BookLevel.decode(pegs.BookLevel.encode(reversed(keys)), len(keys))
    assert list(level) == keys and len(level) == len(keys)
    assert all(key in level for key in keys)
    assert not any(key in level for key in (2, 257, 2**33 + 4, 2**40, -1))
    narrow = pegs.BookLevel.encode([3, 200])
    assert len(narrow) == 2  # one byte plane for keys below 256
    assert list(pegs.BookLevel.decode(narrow, 2)) == [3, 200]
    with pytest.raises(ValueError):
        pegs.BookLevel.decode(narrow, 3)


def test_english_book_decodes_a_level_when_a_position_first_needs_it():
    book = pegs.OpeningBook.load(pegs.BOOK_DIR / pegs.BOOKS["english"])
    assert book.levels.decoded == {} and sorted(book.levels) == list(range(17, 33))
    start = pegs.standard_start("english")
    solver = pegs.Solver(start.geo, pegs.parse_goal(start.geo, None))
    dead = pegs.Position.parse(ENGLISH_DEAD_19)
    assert book.decide(solver, dead.pegs) is False
    assert list(book.levels.decoded) == [19]  # the complement's search, at 14 pegs, needs none
    assert book.decide(solver, start.pegs) is True
    assert sorted(book.levels.decoded) == [19, 32]


def test_dead_english_positions_at_the_books_lowest_levels_need_no_deep_search():
    start = pegs.standard_start("english")
    goal = pegs.parse_goal(start.geo, None)
    dead = pegs.Position.parse(ENGLISH_DEAD_19)
    assert dead.peg_count == 19
    booked = pegs.Solver(start.geo, goal)
    # One look-up, then the complement's quick search (it can reach the goal).
    assert finish(booked.decide_steps(dead.pegs, budget=1)) is False
    assert booked.nodes <= booked.book.QUICK_BUDGET
    unbooked = pegs.Solver(start.geo, goal)
    unbooked.book = None
    with pytest.raises(pegs.OutOfBudget):  # the search must walk the whole subtree
        finish(unbooked.decide_steps(dead.pegs, budget=1_000))
    assert unbooked.solve(dead.pegs) is None


def test_english_book_verdicts_agree_with_the_search():
    """Positions of random games (20 to 23 pegs, where the plain search is quick), both kinds."""
    start = pegs.standard_start("english")
    goal = pegs.parse_goal(start.geo, None)
    booked, plain = pegs.Solver(start.geo, goal), plain_solver(start.geo, goal)
    assert booked.book is not None and plain.book is None
    rng = random.Random(11)
    seen = set()
    for pos in random_positions(start, rng, 6):
        if 20 <= pos.peg_count <= 23:
            verdict = booked.book.decide(booked, pos.pegs)
            assert verdict is not None  # reachable from the start: the book decides
            assert verdict == (plain.solve(pos.pegs) is not None)
            assert finish(booked.decide_steps(pos.pegs, 1)) == verdict  # no search needed
            seen.add(verdict)
    assert seen == {True, False}


def test_english_book_verdicts_at_its_lowest_levels_agree_with_the_search():
    """17 to 19 pegs, on games that keep the goal reachable down to 20 pegs (by the
    book, whose upper levels the test above checks), then play at random."""
    start = pegs.standard_start("english")
    goal = pegs.parse_goal(start.geo, None)
    booked, plain = pegs.Solver(start.geo, goal), plain_solver(start.geo, goal)
    book = booked.book
    rng = random.Random(12)
    seen = set()
    for _ in range(8):
        pos = start
        while moves := pos.legal_moves():
            if pos.peg_count > 20:
                below = book.levels[pos.peg_count - 1]
                moves = [m for m in moves if min(booked.images(pos.pegs ^ m.mask)) in below]
            pos = pos.play(rng.choice(moves))
            if 17 <= pos.peg_count <= 19:
                verdict = book.decide(booked, pos.pegs)
                assert verdict is not None  # reachable from the start: the book decides
                assert verdict == (plain.solve(pos.pegs) is not None)
                seen.add((pos.peg_count, verdict))
    assert seen == {(n, v) for n in (17, 18, 19) for v in (True, False)}


def test_english_solves_follow_the_book_down_to_its_last_level():
    start = pegs.standard_start("english")
    goal = pegs.parse_goal(start.geo, None)
    solver = pegs.Solver(start.geo, goal)
    line = solver._book_line(start.pegs)
    assert len(line) == 32 - solver.book.min_pegs
    rng = random.Random(4)
    for pos in [start, *random_positions(start, rng, 3)]:
        if pos.peg_count < solver.book.min_pegs:
            continue
        path = solver.solve(pos.pegs)
        assert (path is not None) == solver.book.decide(solver, pos.pegs)
        if path is not None:
            assert_winning(pos, goal, path)


def test_book_leaves_other_starts_and_goals_to_the_search():
    start = pegs.standard_start("english")
    geo = start.geo
    corner_start = pegs.Position.of(geo, geo.full ^ 1)  # not reachable from the central start
    solver = pegs.Solver(geo, pegs.parse_goal(geo, None))
    assert solver.book.decide(solver, corner_start.pegs) is None
    assert solver.book.decide(solver, start.pegs) is True
    assert pegs.Solver(geo, pegs.parse_goal(geo, "any")).book is None
    assert pegs.Solver(geo, pegs.parse_goal(geo, "0,2")).book is None
    assert pegs.solver(pegs.standard_start("french").geo,
                       pegs.parse_goal(pegs.standard_start("french").geo, None)).book is None


# --- census -------------------------------------------------------------------------------


def census_matches_brute_force(grid: str, goal: str, result: pegs_census.Census) -> None:
    levels, good = brute_census(grid, goal)
    geo = pegs.Position.parse(grid).geo
    goal_ = pegs.parse_goal(geo, goal)
    assert len(result.levels) == len(levels)
    for level, reached in zip(result.levels, levels, strict=True):
        assert level.positions == len(reached)
        assert level.paths == sum(reached.values())
        dead = [p for p in reached if not pegs.Position.of(geo, p).legal_moves()]
        assert level.dead_ends == len(dead)
        assert level.dead_end_paths == sum(reached[p] for p in dead)
        assert level.good == sum(1 for p in reached if good(p))
        assert level.solutions == sum(v for p, v in reached.items() if p in goal_.positions)


@pytest.mark.parametrize("grid, goal", [*SMALL_BOARDS, (TRIANGLE, "any"), (TRIANGLE, "4,2")])
def test_pure_census_equals_brute_force(grid, goal):
    census_matches_brute_force(grid, goal, pegs_census.census(grid, goal=goal))


def test_triangle_census_figures():
    result = pegs_census.census("triangle", goal="any").as_dict()
    assert result["solutions"] == 29760
    assert result["totals"]["positions"] == 3016
    assert result["totals"]["games"] == 568630
    assert json.loads(json.dumps(result)) == result


def test_normalised_tree_counts_a_parents_moves_to_one_class_once():
    # Two of the four first moves on the English board lead to the same
    # position up to symmetry (all four do): 4 paths, 1 in the normalised tree.
    result = pegs_census.census("english", max_classes=10)
    assert [lv.paths for lv in result.levels[:2]] == [1, 4]
    assert [lv.normal_paths for lv in result.levels[:2]] == [1, 1]
    assert not result.complete


@needs_numpy
@pytest.mark.parametrize(
    "board, start, goal",
    [(g, None, goal) for g, goal in SMALL_BOARDS]
    + [("triangle", h, "any") for h in ("0,0", "1,0", "2,1", "3,1", "4,2")]
    + [("triangle", "2,1", "2,1"), ("english", "0,2", "any"), ("diamond", None, None)],
)
def test_numpy_and_pure_engines_agree(board, start, goal):
    limit = 20_000 if board in ("english", "diamond") else None
    pure = pegs_census.census(board, start, goal, max_classes=limit).as_dict()
    fast = pegs_census.census(board, start, goal, engine="numpy", max_classes=limit).as_dict()
    for key in ("levels", "totals", "solutions", "complete", "symmetries"):
        assert pure[key] == fast[key], key


@needs_numpy
def test_numpy_engine_threads_and_buckets_agree_with_serial(monkeypatch):
    monkeypatch.setattr(pegs_numpy, "CHUNK", 64)
    monkeypatch.setattr(numpy_level, "CHUNK", 64)
    serial = finish(pegs_numpy.census_steps("english", max_classes=30_000, workers=1))
    threaded = finish(pegs_numpy.census_steps("english", max_classes=30_000, workers=2))
    pure = pegs_census.census("english", max_classes=30_000)
    assert serial.as_dict()["levels"] == threaded.as_dict()["levels"] == pure.as_dict()["levels"]


@needs_numpy
@pytest.mark.parametrize("narrow_limit, float_limit", [(1, 100.0), (1000, 100.0), (1, 2.0**88),
                                                       (2000, 2.0**88)])
def test_numpy_counters_change_representation_without_changing_figures(
    monkeypatch, narrow_limit, float_limit
):
    # Narrow uint64 counters, (uint64, float) pairs, then Python ints: forced early here.
    monkeypatch.setattr(path_counts, "NARROW_LIMIT", narrow_limit)
    monkeypatch.setattr(path_counts, "FLOAT_LIMIT", float_limit)
    fast = pegs_census.census("triangle", goal="any", engine="numpy").as_dict()
    assert fast == {**pegs_census.census("triangle", goal="any").as_dict(),
                    "engine": "numpy", "seconds": fast["seconds"],
                    "peak_bytes": fast["peak_bytes"]}


@needs_numpy
def test_sorted_in_pieces_sorts(monkeypatch):
    monkeypatch.setattr(numpy_level, "PIECE_MIN", 4)
    rng = np.random.default_rng(2)
    for keys in (rng.integers(0, 2**63, 5000, dtype=np.uint64),
                 rng.integers(0, 50, 3000, dtype=np.uint64) << np.uint64(40),  # few, far apart
                 np.full(100, 7, dtype=np.uint64), np.zeros(0, dtype=np.uint64)):
        assert np.array_equal(numpy_level.sorted_in_pieces(keys), np.sort(keys))


@needs_numpy
def test_numpy_census_with_small_sort_pieces_agrees_with_the_pure_engine(monkeypatch):
    monkeypatch.setattr(numpy_level, "PIECE_MIN", 16)
    monkeypatch.setattr(numpy_level, "VECTOR_SORT", False)  # the pieces, not numpy's SIMD sort
    fast = pegs_census.census("english", engine="numpy", max_classes=20_000).as_dict()
    pure = pegs_census.census("english", max_classes=20_000).as_dict()
    assert fast["levels"] == pure["levels"] and fast["totals"] == pure["totals"]


@needs_numpy
def test_narrow_counters_sum_exactly_past_2_to_the_64():
    big = np.array([2**64 - 1, 2**64 - 2, 5], dtype=np.uint64)
    counts = path_counts.Counts([big, None, big.copy(), None])
    assert counts.total(0) == 2 * 2**64 + 2
    assert counts.total(1, np.array([True, False, True])) == 2**64 + 4
    wide = counts.widened_for(2)
    assert not wide.narrow and wide.total(0) == counts.total(0)
    small = path_counts.Counts.ones(3)
    assert small.widened_for(10).narrow


def test_exact_reconstruction_of_large_counts():
    if pegs_numpy is None:
        pytest.skip("numpy is not installed")
    for value in (0, 1, 2**64 - 1, 2**64, 577116156815309849672, 3**55):
        assert path_counts.exact(value % 2**64, float(value)) == value


@cache
def english_census() -> tuple[pegs_census.Census, float]:
    """The full English census, with the good classes and their wins from 17 pegs up
    (what the book and the count table keep), and the longest wait between two of
    its progress reports. Run once for the tests below (under a minute natively)."""
    steps = pegs_numpy.census_steps("english", keep_good_from=17)
    longest, last, last_cpu = 0.0, time.perf_counter(), time.process_time()
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value, longest
        # As in test_pegs_bounds: the smaller of the wall-clock and CPU time.
        now, cpu = time.perf_counter(), time.process_time()
        longest = max(longest, min(now - last, cpu - last_cpu))
        last, last_cpu = now, cpu


@pytest.mark.slow  # the census takes about a minute: in the full run, not the quick tier
@needs_numpy
def test_english_census_figures():
    """The seed's census of the 33-hole board, centre to centre, against the published figures."""
    census, longest_gap = english_census()
    result = census.as_dict()
    totals = result["totals"]
    assert result["solutions"] == 40_861_647_040_079_968
    assert totals["positions"] == 187_636_299
    assert totals["classes"] == 23_475_688
    assert totals["games"] == 577_116_156_815_309_849_672
    assert totals["good"] == 13_428_122
    assert totals["good_classes"] == 1_679_072
    # The backward pass counts the wins from the start by undoing jumps from the goal.
    assert census.good_wins[32] == [40_861_647_040_079_968]
    assert longest_gap < 0.5


@pytest.mark.slow  # shares the census above
@needs_numpy
def test_english_opening_book_and_count_table_are_what_the_census_gives():
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import peg_book

    from puzzlelab.pegs import count as pegs_count

    book, counts = peg_book.book_files("english", pegs.opening_book("english").min_pegs,
                                       pegs_count.count_table("english").min_pegs,
                                       english_census()[0])
    assert book == (pegs.BOOK_DIR / pegs.BOOKS["english"]).read_bytes()
    assert counts == (pegs.BOOK_DIR / pegs_count.COUNT_TABLES["english"]).read_bytes()


# --- API and CLI ----------------------------------------------------------------------------


def ok(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def test_api_play_undo_free_flow():
    state = ok({"cmd": "pegs.load", "grid": "english"})
    assert state["pegs"] == 32 and len(state["moves"]) == 4 and state["board"] == "english"
    assert state["goal"] == "3,3" and state["goal_cells"] == [[3, 3]]
    # In words, holes count from 1 as in hints; the goal parameter stays zero-based.
    assert state["goal_text"] == "one peg in the centre (row 4, column 4)"
    other = ok({"cmd": "pegs.load", "grid": "english", "goal": "0,2"})
    assert other["goal"] == "0,2" and other["goal_text"] == "one peg at row 1, column 3"
    after = ok({"cmd": "pegs.move", "grid": state["grid"], "from": [1, 3], "to": [3, 3]})
    assert after["pegs"] == 31 and after["grid"].split("/")[1] == "--o.o--"
    bad = api.handle({"cmd": "pegs.move", "grid": state["grid"], "from": [0, 2], "to": [0, 4]})
    assert not bad["ok"] and "not empty" in bad["error"]
    bad = api.handle({"cmd": "pegs.move", "grid": state["grid"], "from": [0, 2], "to": [1, 3]})
    assert not bad["ok"] and "jumps over" in bad["error"]


def test_every_board_s_usual_game_can_be_won_from_its_start():
    boards = ok({"cmd": "pegs.boards"})["boards"]
    assert [b["name"] for b in boards] == list(pegs.BOARDS)
    for board in boards:
        goal = None if board["goal"] == "default" else board["goal"]
        request = {"grid": board["grid"], "goal": goal}
        assert ok({"cmd": "pegs.status", **request})["verdict"] == "reachable", board
        solved = ok({"cmd": "pegs.solve", **request})
        assert solved["solvable"], board
        pos = pegs.Position.parse(board["grid"])
        for src, dst in solved["moves"]:
            pos = pos.play(pos.find_move(tuple(src), tuple(dst)))
        assert pos.pegs in pegs.parse_goal(pos.geo, goal).positions
        if board["name"] in pegs.CLASSIC_GAMES:
            # Their central game cannot be won: its start is in another class than the centre.
            central = pegs.standard_start(board["name"])
            assert ok({"cmd": "pegs.status", "grid": central.grid})["verdict"] == "dead"
        else:
            assert board["goal"] == "default"
            assert board["grid"] == pegs.standard_start(board["name"]).grid


def test_api_verdicts():
    assert ok({"cmd": "pegs.status", "grid": ENGLISH})["verdict"] == "reachable"
    # The first move into the centre, then a jump that strands the board in the wrong class
    # is impossible; a hand-made position in another class is dead at once.
    odd = ENGLISH.replace("ooo.ooo", "oo.oooo", 1)
    status = ok({"cmd": "pegs.status", "grid": odd})
    assert status["verdict"] == "dead" and "position class" in status["reason"]
    won = "--...--/--...--/......./...o.../......./--...--/--...--"
    assert ok({"cmd": "pegs.status", "grid": won})["verdict"] == "won"
    stuck = "--o..--/--...--/......./......o/......./--...--/--...--"
    status = ok({"cmd": "pegs.status", "grid": stuck})
    assert status["stuck"] and status["verdict"] == "dead"


def test_a_game_s_first_status_builds_the_goal_table_for_the_moves_after_it():
    pegs.solver.cache_clear()
    start = pegs.standard_start("english")
    search = pegs.solver(start.geo, pegs.parse_goal(start.geo, None))
    assert "table" not in search.__dict__ and search.book is not None  # the book decides
    assert ok({"cmd": "pegs.status", "grid": ENGLISH})["verdict"] == "reachable"
    assert "table" in search.__dict__  # built now, not at the first search after a move


def test_api_hint_solve_count():
    hint = ok({"cmd": "pegs.hint", "grid": ENGLISH})
    assert hint["solvable"] and hint["move"] in ok({"cmd": "pegs.load", "grid": ENGLISH})["moves"]
    solved = ok({"cmd": "pegs.solve", "grid": TRIANGLE, "goal": "any"})
    assert solved["solvable"] and len(solved["moves"]) == 13
    assert ok({"cmd": "pegs.count", "grid": TRIANGLE, "goal": "any"})["solutions"] == 29760


def test_api_census_is_exact_json():
    result = ok({"cmd": "pegs.census", "board": "triangle", "goal": "any", "engine": "python"})
    assert result["engine"] == "python" and result["solutions"] == 29760
    assert result["levels"][0]["pegs"] == 14 and result["complete"]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run([sys.executable, "-m", "puzzlelab", "pegs", *args],
                          capture_output=True, text=True, env=env, cwd=ROOT, check=False)


def test_cli_solve_json_accepts_a_grid_starting_with_dashes():
    done = run_cli("solve", ENGLISH, "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["solvable"] is True and len(result["moves"]) == 31
    pos = pegs.Position.parse(ENGLISH)
    for src, dst in result["moves"]:
        pos = pos.play(pos.find_move(tuple(src), tuple(dst)))
    assert pos.grid == "--...--/--...--/......./...o.../......./--...--/--...--"


def test_cli_count_and_census_json():
    done = run_cli("count", TRIANGLE, "--json")
    assert json.loads(done.stdout)["solutions"] == 29760
    done = run_cli("census", "triangle", "--start", "0,0", "--goal", "any", "--json")
    result = json.loads(done.stdout)
    assert result["solutions"] == 29760 and len(result["levels"]) == 14
    assert {"positions", "classes", "paths", "normal_paths", "good", "dead_ends",
            "solutions"} <= set(result["levels"][5])
    done = run_cli("census", "english", "--max-classes", "100", "--engine", "python")
    assert done.returncode == 0 and "Stopped early" in done.stdout


def test_cli_errors_are_one_line():
    done = run_cli("count", "oox/ooo", "--json")
    assert done.returncode == 2 and done.stderr.startswith("error: Unexpected character")
    done = run_cli("census", "english", "--goal", "9,9")
    assert done.returncode == 2 and "no hole at row 9" in done.stderr


def test_pagoda_functions_are_valid_and_prune():
    for name, bases in pegs.PAGODAS.items():
        geo = pegs.standard_start(name).geo
        for w in bases:
            assert len(w) == geo.size
            assert all(w[m.dst] <= w[m.src] + w[m.over] for m in geo.moves)
    start = pegs.standard_start("english")
    solver = pegs.Solver(start.geo, pegs.parse_goal(start.geo, None))
    assert len(solver.pagodas.weights) >= 8
    # A peg stranded at an arm's corner with the centre empty cannot finish there.
    lone = pegs.Position.parse("--o..--/--...--/......./...o.../......./--...--/--...--")
    assert solver.pagodas.hopeless(solver.pagodas.packed(lone.pegs))
    assert not solver.pagodas.hopeless(solver.pagodas.packed(start.pegs))


def test_pagodas_fit_their_packed_fields_and_every_board_with_arms_has_some():
    for name, bases in pegs.PAGODAS.items():
        for w in bases:
            # A sum of pegs must stay within its field: |sum| < BIAS for any position.
            assert sum(abs(x) for x in w) < pegs.Pagodas.BIAS, name
    for name in ("english", "wiegleb"):
        start = pegs.standard_start(name)
        solver = pegs.Solver(start.geo, pegs.parse_goal(start.geo, None))
        assert len(solver.pagodas.weights) >= 20


def no_pagoda_solver(geo: pegs.Geometry, goal: pegs.Goal) -> pegs.Solver:
    """A plain exhaustive search that trusts no pagoda function."""
    solver = plain_solver(geo, goal)
    solver.pagodas = pegs.Pagodas(geo, goal)
    solver.pagodas.weights = []
    solver.pagodas.guard = solver.pagodas.threshold = 0
    solver.pagodas.loss = [0] * len(geo.moves)
    solver.steps = [(need, mask, mimgs, 0) for need, mask, mimgs, _ in solver.steps]
    solver.slack_order = False
    return solver


@pytest.mark.parametrize("board, games, most",
                         [("english", 6, 15), ("wiegleb", 4, 13), ("french", 6, 15),
                          ("diamond", 6, 15)])
def test_verdicts_with_pagodas_agree_with_a_search_without_them(board, games, most):
    start, goal_text = pegs.classic_game(board)
    goal = pegs.parse_goal(start.geo, goal_text)
    fast, bare = pegs.Solver(start.geo, goal), no_pagoda_solver(start.geo, goal)
    assert not bare.pagodas.hopeless(bare.pagodas.packed(start.pegs))
    rng = random.Random(11)
    seen = proved_by_pagoda = 0
    for pos in random_positions(start, rng, games):
        if pos.peg_count <= most and pegs.goal_class_possible(pos.geo, pos.pegs, goal):
            path = fast.solve(pos.pegs)
            assert (path is not None) == (bare.solve(pos.pegs) is not None)
            if path is not None:
                assert_winning(pos, goal, path)
            seen += 1
            proved_by_pagoda += fast.pagodas.hopeless(fast.pagodas.packed(pos.pegs))
    assert seen >= 10
    assert proved_by_pagoda > 0  # the pagodas are put to the test


def test_a_line_found_once_is_followed_again_within_a_tiny_budget():
    start = pegs.Position.parse(ENGLISH)
    goal = pegs.parse_goal(start.geo, None)
    solver = pegs.Solver(start.geo, goal)
    path = solver.solve(start.pegs)
    pos = start
    for move in path[:3]:
        pos = pos.play(move)
        # The next verdict of the game: its position is marked good, so no search is needed.
        again = finish(solver.solve_steps(pos.pegs, budget=len(path)))
        assert again is not None
        assert_winning(pos, goal, again)


# --- beam search --------------------------------------------------------------------


@pytest.mark.parametrize("board", ["english", "wiegleb", "triangle", "t:.oo/ooo/ooo"])
def test_beam_score_is_the_distance_to_the_goal_less_the_pagoda_share_plus_the_isolated_pegs(
        board):
    start = pegs.Position.parse(board)
    geo = start.geo
    goal = pegs.parse_goal(geo, None)
    pagodas = pegs.Pagodas(geo, goal)
    score = pegs.BeamScore(geo, goal, pagodas)
    distance = goal_distances(geo, goal)
    if board in pegs.PAGODAS:
        assert pagodas.weights
        distance = [d - score.PAGODA_SHARE * statistics.mean(w[i] for w in pagodas.weights)
                    for i, d in enumerate(distance)]
    else:
        assert not pagodas.weights
    rng = random.Random(2)
    for _ in range(200):
        pos = pegs.Position.of(geo, rng.getrandbits(geo.size))
        cells = {cell for i, cell in enumerate(geo.holes) if pos.pegs >> i & 1}
        isolated = sum(not any((r + dr, c + dc) in cells for dr, dc in pegs.DIRECTIONS[geo.lattice])
                       for r, c in cells)
        far = sum(distance[i] for i in range(geo.size) if pos.pegs >> i & 1)
        assert score(pos.pegs) == pytest.approx(far + score.ISOLATED * isolated)


@pytest.mark.parametrize("grid, goal", [*SMALL_BOARDS, (TRIANGLE, "any"), ("triangle", "0,0")])
def test_beam_lines_win_and_verdicts_with_the_beam_agree_with_the_exhaustive_search(grid, goal):
    start = pegs.Position.parse(grid)
    goal_ = pegs.parse_goal(start.geo, goal)
    solver = pegs.Solver(start.geo, goal_)
    solver.TABLE_LEVEL_LIMIT = 3  # a small table: the beam descends several levels to it
    solver.BEAM_MIN_DEPTH = 0  # and runs before every search
    _, good = brute_census(grid, goal)
    rng = random.Random(7)
    lines = goods = 0
    for pos in [start, *random_positions(start, rng, 12)]:
        goods += good(pos.pegs)
        solver.good_memo.clear()
        line = finish(solver.beam_steps(pos.pegs))
        if line is not None:
            assert good(pos.pegs)
            assert_winning(pos, goal_, line)
            lines += 1
        path = solver.solve(pos.pegs)
        assert (path is not None) == good(pos.pegs)
        if path is not None:
            assert_winning(pos, goal_, path)
        # What the beam memoised as good is good (keys are positions of the board too).
        assert all(good(key) for key, known in solver.good_memo.items() if known)
    assert lines > 0 or goods == 0  # some boards here have no winnable position at all


def test_early_wiegleb_positions_are_decided_within_the_verdict_budget():
    start = pegs.standard_start("wiegleb")
    goal = pegs.parse_goal(start.geo, None)
    solver = pegs.Solver(start.geo, goal)
    rng = random.Random(5)
    pos = start
    for _ in range(4):  # the first moves of a random game: the plain search cannot decide them
        pos = pos.play(rng.choice(pos.legal_moves()))
        solver.good_memo.clear()
        solver.count_memo.clear()
        assert finish(solver.decide_steps(pos.pegs, pegs_commands.VERDICT_BUDGET)) is True
        # The line found is memoised: asking again replays it within a tiny budget.
        path = finish(solver.solve_steps(pos.pegs, budget=pos.peg_count))
        assert path is not None
        assert_winning(pos, goal, path)


@pytest.mark.parametrize("grid", [
    # The first positions of two random games that one beam of 16 and the
    # search left undecided within the verdict budget.
    "---oo.---/---oo.---/---ooo---/oooooo..o/oooo..ooo/ooooooooo/---ooo---/---ooo---/---ooo---",
    "---ooo---/---ooo---/---ooo---/oo.o..ooo/..o.ooooo/ooooooooo/---o.o---/---ooo---/---ooo---",
])
def test_wider_beams_decide_wiegleb_positions_that_one_narrow_beam_leaves_undecided(grid):
    pos = pegs.Position.parse(grid)
    goal = pegs.parse_goal(pos.geo, None)
    narrow = pegs.Solver(pos.geo, goal)
    narrow.BEAM_WIDENING = (1,)
    with pytest.raises(pegs.OutOfBudget):
        finish(narrow.decide_steps(pos.pegs, pegs_commands.VERDICT_BUDGET))
    solver = pegs.Solver(pos.geo, goal)
    path = finish(solver.solve_steps(pos.pegs, pegs_commands.VERDICT_BUDGET))
    assert path is not None
    assert_winning(pos, goal, path)


def test_a_beam_within_its_budget_gives_up_and_the_search_goes_on_with_the_rest():
    start = pegs.standard_start("wiegleb")
    goal = pegs.parse_goal(start.geo, None)
    pos = start.play(start.legal_moves()[0])
    solver = pegs.Solver(start.geo, goal)
    assert finish(solver.beam_steps(pos.pegs, budget=5)) is None
    assert solver.nodes <= 6
    assert not solver.good_memo
    with pytest.raises(pegs.OutOfBudget):
        finish(solver.solve_steps(pos.pegs, budget=5))
    assert solver.nodes <= 6 + 6
