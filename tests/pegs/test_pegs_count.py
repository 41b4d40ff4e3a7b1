"""Peg counts level by level (pegs_count): against plain enumeration, the depth-first
counter and the census, which reach the same numbers by other roads."""

from __future__ import annotations

import random

import pytest
from test_pegs import SMALL_BOARDS, brute_count

from puzzlelab import api, pegs
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import count as pegs_count

#: The number of winning games of the English central game (the published figure).
ENGLISH_WINS = 40_861_647_040_079_968


def english() -> tuple[pegs.Position, pegs.Goal, pegs.Solver]:
    start = pegs.standard_start("english")
    goal = pegs.parse_goal(start.geo, None)
    return start, goal, pegs.solver(start.geo, goal)


def depth_first_count(pos: pegs.Position, goal: pegs.Goal) -> int:
    """The memoised depth-first counter (:meth:`pegs.Solver.count_steps`), fresh each time."""
    return pegs.Solver(pos.geo, goal).count(pos.pegs)


def good_games(start: pegs.Position, solver: pegs.Solver, rng: random.Random, games: int):
    """Positions along games that keep the goal reachable nine moves in ten (by the book's
    verdict), so that the counts are mostly not zero."""
    for _ in range(games):
        pos = start
        while moves := pos.legal_moves():
            good = [m for m in moves if finish(solver.decide_steps(pos.play(m).pegs))]
            pos = pos.play(rng.choice(good if good and rng.random() < 0.9 else moves))
            yield pos


def test_english_start_count_is_the_published_figure():
    start, _, solver = english()
    assert pegs_count.count(solver, start.pegs) == ENGLISH_WINS
    result = api.handle({"cmd": "pegs.count", "grid": start.grid})["result"]
    assert result["solutions"] == ENGLISH_WINS and result["goal"] == "3,3"


def test_english_counts_below_the_count_table_agree_with_the_depth_first_count():
    start, goal, solver = english()
    rng = random.Random(5)
    seen = set()
    for pos in good_games(start, solver, rng, 4):
        if pos.peg_count < pegs_count.count_table("english").min_pegs:
            value = pegs_count.count(solver, pos.pegs)
            assert value == depth_first_count(pos, goal), pos.grid
            seen.add(value > 0)
    assert seen == {True, False}


def test_english_counts_from_the_count_table_agree_with_the_depth_first_count():
    """At 20 and 21 pegs: one look-up, against the depth-first count from there."""
    start, goal, solver = english()
    rng = random.Random(8)
    checked = set()
    for pos in good_games(start, solver, rng, 3):
        if pos.peg_count in (20, 21):
            value = pegs_count.count(solver, pos.pegs)
            assert pegs_count.counter(solver).expanded == 0  # the table answered
            assert value == depth_first_count(pos, goal), pos.grid
            checked.add(value > 0)
    assert True in checked


def test_count_table_round_trips_and_matches_the_book():
    table = pegs_count.count_table("english")
    book = pegs.opening_book("english")
    assert table.book is book and table.min_pegs == 20
    assert sorted(table.streams) == list(range(20, 33))
    again = pegs_count.CountTable.encode(
        {k: v for k, v in table.header.items() if k not in ("levels", "bytes")},
        {n: list(table.counts(n)) for n in table.streams})
    assert again == (pegs.BOOK_DIR / pegs_count.COUNT_TABLES["english"]).read_bytes()
    start, _, solver = english()
    assert table.wins(min(solver.images(start.pegs)), 32) == ENGLISH_WINS
    assert table.wins(12345, 32) is None  # not a class of the book


@pytest.mark.parametrize(
    "grid, goal", SMALL_BOARDS)
def test_counts_off_the_book_equal_plain_enumeration(grid, goal):
    pos = pegs.Position.parse(grid)
    g = pegs.parse_goal(pos.geo, goal)
    assert pegs_count.count(pegs.Solver(pos.geo, g), pos.pegs) == brute_count(pos, g)


def test_triangle_counts_from_every_start_equal_the_census():
    geo = pegs.standard_start("triangle").geo
    goal = pegs.parse_goal(geo, "any")
    solver = pegs.Solver(geo, goal)
    for hole in range(geo.size):
        census = pegs_census.census("triangle", geo.hole_name(hole), "any")
        assert pegs_count.count(solver, geo.full ^ 1 << hole) == census.as_dict()["solutions"]


def test_english_positions_the_start_cannot_reach_are_counted_without_the_book():
    """Games from a corner start: the book knows none of their positions."""
    start, goal, solver = english()
    corner = pegs.Position.of(start.geo, start.geo.full ^ 1)
    rng = random.Random(3)
    values = set()
    for _ in range(6):
        pos = corner
        while pos.peg_count > 15 and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.peg_count == 15:
            value = pegs_count.count(solver, pos.pegs)
            assert value == depth_first_count(pos, goal), pos.grid
            values.add(value > 0)
    assert values


def test_counts_out_of_reach_say_what_they_would_take(monkeypatch):
    monkeypatch.setattr(pegs_count, "PROJECT_AFTER", 0.0)
    start, goal_text = pegs.classic_game("french")
    solver = pegs.Solver(start.geo, pegs.parse_goal(start.geo, goal_text))
    with pytest.raises(PuzzleError,
                       match=r"out of reach here.* [MG]B a count may use here.*roughly"):
        pegs_count.count(solver, start.pegs)


@pytest.mark.parametrize("board", ["french", "diamond", "wiegleb"])
def test_early_positions_of_usual_games_without_a_table_say_what_a_table_needs(
        monkeypatch, board):
    monkeypatch.setattr(pegs_count, "PROJECT_AFTER", 0.0)
    start, goal_text = pegs.classic_game(board)
    solver = pegs.Solver(start.geo, pegs.parse_goal(start.geo, goal_text))
    pegs_, classes, _, _ = pegs_count.CENSUS_REACH[board]
    with pytest.raises(PuzzleError, match=rf"census reached {classes:,} positions .* with "
                                          rf"{pegs_} pegs"):
        pegs_count.count(solver, start.pegs)
    # Another goal on the same board is not that game: no word of its census.
    other = pegs.Solver(start.geo, pegs.parse_goal(start.geo, "any"))
    with pytest.raises(PuzzleError) as refused:
        pegs_count.count(other, start.pegs)
    assert "census reached" not in str(refused.value)


def test_a_level_past_the_memory_limit_stops_the_count_with_a_sentence():
    start, goal_text = pegs.classic_game("diamond")
    counter = pegs_count.LevelCounter(pegs.Solver(start.geo, pegs.parse_goal(start.geo, goal_text)))
    counter.level_limit = 50
    with pytest.raises(PuzzleError, match="would keep more than 50 positions"):
        finish(counter.count_steps(start.pegs))
