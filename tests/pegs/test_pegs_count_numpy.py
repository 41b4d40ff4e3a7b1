"""The numpy count walk (count_numpy) and its hook in pegs.count: against a plain
count over raw positions written here (no symmetry, no pruning), the pure walk,
the numpy census (which normalises by the symmetries of start and goal, another
grouping) and the published English figure."""

from __future__ import annotations

import random
from functools import cache

import pytest

from job_gaps import longest_gap
from puzzlelab import api, pegs
from puzzlelab.jobs import Progress, finish
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census_common
from puzzlelab.pegs import count as pegs_count

try:
    from puzzlelab.pegs import census_numpy, count_numpy
except ImportError:  # pragma: no cover - numpy is in requirements-dev.txt
    census_numpy = count_numpy = None
pytestmark = pytest.mark.skipif(count_numpy is None, reason="numpy is not installed")

#: Winning games of the English central game: George Bell and Durango Bill
#: (http://www.durangobill.com/Peg33.html), "40,861,647,040,079,968".
ENGLISH_WINS = 40_861_647_040_079_968
TRIANGLE = pegs.standard_start("triangle").geo
SMALL = [
    # (board with every hole a peg, goal): square rectangles and crosses.
    ("oooo/oooo/oooo", "any"),
    ("ooooo/ooooo/ooooo", "any"),
    ("-oo-/oooo/oooo/-oo-", "any"),
    ("--o--/-ooo-/ooooo/-ooo-/--o--", "centre"),
    ("--o--/-ooo-/ooooo/-ooo-/--o--", "any"),
]


def plain_wins(geo: pegs.Geometry, goals: frozenset[int]):
    """Winning jump sequences from a raw position: memoised over positions, no symmetry,
    no pruning (the definition, written out)."""
    goal_pegs = next(iter(goals)).bit_count()
    moves = [(m.need, m.mask) for m in geo.moves]

    @cache
    def wins(p: int) -> int:
        if p.bit_count() == goal_pegs:
            return int(p in goals)
        return sum(wins(p ^ mask) for need, mask in moves if p & mask == need)

    return wins


def full_board(grid: str) -> pegs.Geometry:
    return pegs.Position.parse(grid).geo


def pure_count(geo: pegs.Geometry, pegs_: int, goal: pegs.Goal) -> int:
    counter = pegs_count.LevelCounter(pegs.Solver(geo, goal))
    counter.use_numpy = False
    value = finish(counter.count_steps(pegs_))
    assert counter.engine in ("python", "")
    return value


def hooked_count(geo: pegs.Geometry, pegs_: int, goal: pegs.Goal) -> tuple[int, str]:
    counter = pegs_count.LevelCounter(pegs.Solver(geo, goal))
    return finish(counter.count_steps(pegs_)), counter.engine


@pytest.mark.parametrize("goal_text", ["any", "0,0", "4,2", "2,1", "3,1"])
def test_triangle_counts_from_every_vacancy_equal_the_plain_count(goal_text):
    goal = pegs.parse_goal(TRIANGLE, goal_text)
    wins = plain_wins(TRIANGLE, goal.positions)
    nonzero = 0
    for hole in range(TRIANGLE.size):
        start = TRIANGLE.full ^ 1 << hole
        expected = wins(start)
        assert count_numpy.count(TRIANGLE, start, goal) == expected, hole
        assert count_numpy.count(TRIANGLE, start, goal, sieve=False) == expected, hole
        assert pure_count(TRIANGLE, start, goal) == expected, hole
        value, engine = hooked_count(TRIANGLE, start, goal)
        assert value == expected and engine in ("numpy", ""), hole
        nonzero += expected > 0
    assert nonzero  # (some starts finish there)


@pytest.mark.parametrize("grid, goal_text", SMALL)
def test_small_boards_from_every_vacancy_equal_the_plain_count(grid, goal_text):
    geo = full_board(grid)
    goal = pegs.parse_goal(geo, goal_text)
    wins = plain_wins(geo, goal.positions)
    for hole in range(geo.size):
        start = geo.full ^ 1 << hole
        expected = wins(start)
        assert count_numpy.count(geo, start, goal) == expected, (grid, hole)
        assert pure_count(geo, start, goal) == expected, (grid, hole)


def test_positions_some_moves_in_equal_the_plain_count():
    rng = random.Random(4)
    for grid, goal_text in [("ooooo/ooooo/ooooo", "any"), ("triangle", "any")]:
        geo = pegs.board_position(grid, None).geo
        goal = pegs.parse_goal(geo, goal_text)
        wins = plain_wins(geo, goal.positions)
        for _ in range(10):
            pos = pegs.Position.of(geo, geo.full ^ 1 << rng.randrange(geo.size))
            for _ in range(rng.randrange(1, 4)):
                if pos.legal_moves():
                    pos = pos.play(rng.choice(pos.legal_moves()))
            assert count_numpy.count(geo, pos.pegs, goal) == wins(pos.pegs), pos.grid


@pytest.mark.slow  # a long count: in the full run, started first
def test_finish_counts_split_the_count_by_finishing_hole():
    """One walk (symmetries of the start) against a plain count to each hole."""
    for hole in range(TRIANGLE.size):
        start = TRIANGLE.full ^ 1 << hole
        by_hole = count_numpy.finish_counts(TRIANGLE, start)
        expected = {h: plain_wins(TRIANGLE, frozenset({1 << h}))(start)
                    for h in range(TRIANGLE.size)}
        assert by_hole == {h: n for h, n in expected.items() if n}, hole
        assert sum(by_hole.values()) == plain_wins(
            TRIANGLE, frozenset(1 << h for h in range(TRIANGLE.size)))(start)
    cross = full_board("--o--/-ooo-/ooooo/-ooo-/--o--")
    start = cross.full ^ 1 << cross.hole("1,2")
    assert count_numpy.finish_counts(cross, start) == {
        h: n for h in range(cross.size)
        if (n := plain_wins(cross, frozenset({1 << h}))(start))}
    assert count_numpy.finish_counts(TRIANGLE, 1 << 3) == {3: 1}


@pytest.mark.slow  # the English count, about a minute: in the full run, started first
def test_english_central_count_is_the_published_figure():
    geo = pegs.standard_start("english").geo
    stats = count_numpy.WalkStats()
    value = finish(count_numpy.count_steps(geo, geo.full ^ 1 << geo.centre,
                                           pegs.parse_goal(geo, "centre"), stats=stats))
    assert value == ENGLISH_WINS
    assert stats.symmetries == 8 and stats.dropped > 0  # the sieve did drop classes


@pytest.mark.parametrize("vacancy, moves, seed", [("2,3", 9, 1), ("0,2", 9, 2), ("1,2", 10, 3)])
def test_english_positions_from_other_starts_equal_the_census(vacancy, moves, seed):
    """The census normalises by the symmetries that fix start and goal (none here),
    the count by those of the goal (all 8): two groupings, one number."""
    geo = pegs.standard_start("english").geo
    pos = pegs.Position.of(geo, geo.full ^ 1 << geo.hole(vacancy))
    rng = random.Random(seed)
    for _ in range(moves):
        pos = pos.play(rng.choice(pos.legal_moves()))
    census = finish(census_numpy.census_steps(pos.grid, None, "any"))
    assert census.symmetries == 1
    value, engine = hooked_count(geo, pos.pegs, pegs.parse_goal(geo, "any"))
    assert engine == "numpy" and value == census.as_dict()["solutions"] > 0


def test_english_counts_off_the_book_use_the_numpy_walk_and_agree_with_the_pure_one():
    """Random games from a corner start, to 16 pegs, until one can still finish."""
    geo = pegs.standard_start("english").geo
    goal = pegs.parse_goal(geo, "any")
    rng = random.Random(7)
    seen = set()
    while True not in seen:
        pos = pegs.Position.of(geo, geo.full ^ 1 << geo.hole("0,2"))
        while pos.peg_count > 16 and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
        value, engine = hooked_count(geo, pos.pegs, goal)
        assert value == pure_count(geo, pos.pegs, goal), pos.grid
        assert engine in ("numpy", "")  # "": a pagoda or the rule of three said 0
        seen.add(value > 0)
    assert engine == "numpy"
    answer = api.handle({"cmd": "pegs.count", "grid": pos.grid, "goal": "any"})["result"]
    assert answer["solutions"] == value


def test_without_numpy_the_pure_walk_counts(monkeypatch):
    monkeypatch.setattr(pegs_count, "numpy_walk", lambda: None)
    goal = pegs.parse_goal(TRIANGLE, "any")
    start = TRIANGLE.full ^ 1 << 4
    value, engine = hooked_count(TRIANGLE, start, goal)
    assert engine == "python" and value == plain_wins(TRIANGLE, goal.positions)(start)


def test_a_level_past_the_memory_budget_stops_the_walk_with_a_sentence(monkeypatch):
    monkeypatch.setattr(census_common, "census_memory", lambda: 2_000_000)
    geo = pegs.standard_start("english").geo
    with pytest.raises(PuzzleError, match=r"^Counting from this position needs about .* at "
                                          r"\d+ pegs .* a count may use here\. "):
        count_numpy.count(geo, geo.full ^ 1 << geo.hole("0,2"), pegs.parse_goal(geo, "any"))


def test_the_walk_reports_progress_by_levels():
    geo = pegs.standard_start("english").geo
    steps = count_numpy.count_steps(geo, geo.full ^ 1 << geo.hole("1,3"),
                                    pegs.parse_goal(geo, "any"))
    reports = []
    for report in steps:
        if isinstance(report, Progress):
            reports.append(report)
        if len(reports) >= 12:
            break
    steps.close()  # cancelled: the generator is simply dropped
    assert [r.done for r in reports] == sorted(r.done for r in reports)
    assert all(r.total == 31 and "pegs" in r.message for r in reports)


def test_a_count_from_a_corner_reports_often_enough_to_cancel():
    """Levels of a million classes in the first seconds; cancelled after 3 s of work."""
    geo = pegs.standard_start("english").geo
    grid = geo.format(geo.full ^ 1 << geo.hole("0,2"))
    gap, answer, reports = longest_gap({"cmd": "pegs.count", "grid": grid, "goal": "any"},
                                       run_for=3.0)
    assert answer is None and gap < 0.5, (gap, reports)
