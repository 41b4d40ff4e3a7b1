"""The fewest moves, proven (puzzlelab.pegs.fewest): checked against a plain
brute force written here (one-sided breadth-first search by moves, no
symmetry, no pruning), against published values, and by replaying every
solution jump by jump. A move is one peg's run of jumps."""

from __future__ import annotations

from functools import cache
from itertools import pairwise

import pytest

from conftest import unavailable
from puzzlelab import api, jobs, pegs
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import fewest
from puzzlelab.pegs.fewest import fewest_moves, fewest_moves_steps
from puzzlelab.pegs.fewest_sides import count_moves

TRIANGLE = "triangle"
T4 = "o/oo/ooo/oooo"  # the 10-hole triangle


def engines() -> list[str]:
    """The pure Python engine always; numpy where it imports (CI installs it)."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return ["python"]
    return ["python", "numpy"]


# --- the brute force ------------------------------------------------------------


def brute_fewest(start: int, geo: pegs.Geometry, goals: frozenset[int]) -> int | None:
    """Fewest moves by a plain breadth-first search over positions (no symmetry)."""
    from_hole: dict[int, list[pegs.Move]] = {}
    for jump in geo.moves:
        from_hole.setdefault(jump.src, []).append(jump)

    def one_move(position: int) -> set[int]:
        reached: set[int] = set()
        states: set[tuple[int, int]] = set()

        def run(pegs_now: int, hole: int) -> None:
            for jump in from_hole.get(hole, ()):
                if pegs_now & jump.mask == jump.need:
                    after = pegs_now ^ jump.mask
                    if (after, jump.dst) not in states:
                        states.add((after, jump.dst))
                        reached.add(after)
                        run(after, jump.dst)

        for hole in range(geo.size):
            if position >> hole & 1:
                run(position, hole)
        return reached

    if start in goals:
        return 0
    seen, layer, moves = {start}, [start], 0
    while layer:
        moves += 1
        following = []
        for position in layer:
            for child in one_move(position):
                if child in goals:
                    return moves
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        layer = following
    return None


def replay(position: pegs.Position, goal: pegs.Goal, result: fewest.FewestMoves) -> None:
    """Every jump is legal in turn, the last position is a goal position, and the
    moves counted as players count them are the answer's."""
    pegs_now = position.pegs
    landed = None
    moves = 0
    for jump in result.jumps:
        assert pegs_now & jump.mask == jump.need, "an illegal jump"
        pegs_now ^= jump.mask
        moves += jump.src != landed
        landed = jump.dst
    assert pegs_now in goal.positions
    assert moves == result.move_count == count_moves(result.jumps)


@cache
def brute_answer(grid: str, vacancy: str | None, goal_text: str | None) -> int | None:
    """The brute force's answer to a problem (asked once for both engines)."""
    position = pegs.board_position(grid, vacancy)
    goal = pegs.parse_goal(position.geo, goal_text)
    return brute_fewest(position.pegs, position.geo, goal.positions)


def check(grid: str, vacancy: str | None, goal_text: str | None, engine: str) -> int | None:
    position = pegs.board_position(grid, vacancy)
    goal = pegs.parse_goal(position.geo, goal_text)
    expected = brute_answer(grid, vacancy, goal_text)
    result = fewest_moves(position, goal, engine)
    if expected is None:
        assert result is None, (grid, vacancy, goal_text)
        return None
    assert result is not None and result.move_count == expected, (grid, vacancy, goal_text)
    replay(position, goal, result)
    return expected


# --- against the brute force ----------------------------------------------------


@pytest.mark.parametrize("engine", engines())
def test_triangle_every_vacancy_to_one_peg_anywhere(engine: str) -> None:
    geo = pegs.Position.parse(TRIANGLE).geo
    found = {geo.hole_name(h): check(TRIANGLE, geo.hole_name(h), "any", engine)
             for h in range(geo.size)}
    # The brute force's figures, as first measured: (2,0), (2,2) and (4,2) take 9.
    assert found["2,0"] == found["2,2"] == found["4,2"] == 9
    assert found["2,1"] == found["3,1"] == found["3,2"] == 11


@pytest.mark.parametrize("engine", engines())
def test_triangle_chosen_finishes_some_unsolvable(engine: str) -> None:
    answers = [check(TRIANGLE, vacancy, finish, engine)
               for vacancy, finish in (("0,0", "0,0"), ("0,0", "2,1"), ("2,1", "2,1"),
                                       ("3,1", "0,0"), ("2,0", "2,0"), ("1,1", "4,4"),
                                       ("0,0", "./../.o./..../....."))]
    assert None in answers and any(a is not None for a in answers)


SMALL_BOARDS = [
    ("oooo/oooo/oooo", "0,0"), ("oooo/oooo/oooo", "1,1"),  # 3x4
    ("ooooo/ooooo/ooooo", "1,2"), ("ooooo/ooooo/ooooo", "0,1"),  # 3x5
    ("oooo/oooo/oooo/oooo", "0,1"), ("oooo/oooo/oooo/oooo", "1,1"),  # 4x4
    ("--o--/-ooo-/ooooo/-ooo-/--o--", "2,2"),  # a small diamond
    ("-ooo-/ooooo/ooooo/ooooo/-ooo-", "2,2"), ("-ooo-/ooooo/ooooo/ooooo/-ooo-", "0,2"),
    ("-oo-/oooo/oooo/-oo-", "1,1"),  # a small plus
]


@pytest.mark.parametrize("engine", engines())
@pytest.mark.parametrize(("grid", "vacancy"), SMALL_BOARDS)
def test_small_boards_agree_with_the_brute_force(grid: str, vacancy: str, engine: str) -> None:
    check(grid, vacancy, "any", engine)
    check(grid, vacancy, vacancy, engine)


@pytest.mark.parametrize("engine", engines()[1:])
def test_small_chunks_and_merge_ranges_change_nothing(engine: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The numpy layers a few parents at a time, merged a few keys at a time, and
    chain states deduplicated at every step: the same answers."""
    from puzzlelab.pegs import fewest_numpy
    monkeypatch.setattr(fewest_numpy, "CHUNK", 7)
    monkeypatch.setattr(fewest_numpy, "MERGE_RANGE", 50)
    monkeypatch.setattr(fewest_numpy, "DEDUPE_STATES_PAST", 0)
    geo = pegs.Position.parse(TRIANGLE).geo
    for hole in (0, 3, 4, 7):
        check(TRIANGLE, geo.hole_name(hole), "any", engine)
    check("-ooo-/ooooo/ooooo/ooooo/-ooo-", "0,2", "any", engine)


# --- published values -----------------------------------------------------------


@pytest.mark.parametrize("engine", engines())
def test_triangles_least_over_all_problems_as_published(engine: str) -> None:
    """OEIS A127500, from G. I. Bell, "Solving Triangular Peg Solitaire", Journal of
    Integer Sequences 11 (2008): the fewest moves of any single-vacancy to
    single-survivor problem is 5 on the 10-hole triangle and 9 on the 15-hole one.
    ("any" finish is the union of the single-survivor problems of a vacancy.)"""
    for grid, published in ((T4, 5), (TRIANGLE, 9)):
        geo = pegs.Position.parse(grid).geo
        least = min(r.move_count for h in range(geo.size)
                    if (r := fewest_moves(pegs.board_position(grid, geo.hole_name(h)),
                                          pegs.parse_goal(geo, "any"), engine)) is not None)
        assert least == published, grid


def test_english_central_game_takes_18_moves() -> None:
    """Bergholt's 18-move solution (1912), proved minimal by Beasley (1964); see
    J. D. Beasley, "The Ins and Outs of Peg Solitaire" (1985). Natively with numpy
    it takes a few seconds (bench/bench_peg_moves.py); the pure engine a minute."""
    if "numpy" not in engines():
        unavailable("numpy is not installed: the English proof is left to the bench")
    position = pegs.Position.parse("english")
    goal = pegs.parse_goal(position.geo, None)
    result = fewest_moves(position, goal, "numpy")
    assert result is not None and result.move_count == 18
    replay(position, goal, result)


# --- the request, the refusals, Cancel ------------------------------------------


def ok(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def test_solve_says_its_move_count_and_whether_it_is_the_fewest() -> None:
    plain = ok({"cmd": "pegs.solve", "grid": TRIANGLE})
    assert set(plain) == {"grid", "goal", "solvable", "moves", "move_count"}
    jumps = plain["moves"]
    moves = 1 + sum(a[1] != b[0] for a, b in pairwise(jumps))
    assert plain["move_count"] == moves
    best = ok({"cmd": "pegs.solve", "grid": TRIANGLE, "fewest_moves": True})
    assert best["fewest_moves"] is True and best["solvable"] and best["move_count"] == 10
    assert best["move_count"] <= plain["move_count"]
    same = ok({"cmd": "pegs.solve", "grid": TRIANGLE, "fewest_moves": False})
    assert "fewest_moves" not in same
    stuck = ok({"cmd": "pegs.solve", "grid": "oo..o", "goal": "any", "fewest_moves": True})
    assert stuck["solvable"] is False and stuck["moves"] == [] and stuck["move_count"] == 0


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_malformed_fewest_moves_gets_one_sentence(value: object) -> None:
    response = api.handle({"cmd": "pegs.solve", "grid": TRIANGLE, "fewest_moves": value})
    if value is None:  # (absent, as JSON null is read)
        return
    assert not response["ok"] and "fewest_moves" in response["error"]
    assert response["error"].count(". ") == 0


@pytest.mark.parametrize("board", ["french", "diamond", "wiegleb"])
@pytest.mark.parametrize("engine", engines())
def test_usual_games_out_of_reach_are_refused_up_front(board: str, engine: str) -> None:
    """The pure engine is refused the three large usual games, numpy only the one it
    did not finish (from the figures measured by bench/bench_peg_moves.py --far)."""
    start, goal_text = pegs.classic_game(board)
    goal = pegs.parse_goal(start.geo, None if goal_text == "default" else goal_text)
    steps = fewest_moves_steps(start, goal, engine)
    if engine == "numpy" and fewest.FEWEST_REACH[board].moves is not None:
        assert next(steps).message.startswith("Fewest moves: at least")  # it searches
        steps.close()
        return
    with pytest.raises(PuzzleError, match="out of reach") as refusal:
        next(steps)  # refused before its first report
    assert "positions" in str(refusal.value) and str(refusal.value).count(". ") == 0


def test_a_search_past_its_memory_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fewest, "memory_budget", lambda: 200_000)
    position = pegs.Position.parse("english")
    with pytest.raises(PuzzleError, match=r"out of reach here: .* positions up to symmetry"):
        fewest_moves(position, pegs.parse_goal(position.geo, None), "python")


def test_the_search_can_be_closed_mid_way() -> None:
    position = pegs.Position.parse("english")
    steps = fewest_moves_steps(position, pegs.parse_goal(position.geo, None), "python")
    reports = []
    jobs.begin_step()
    for step in steps:
        if step is not None:
            reports.append(step)
        if len(reports) == 4:
            break
    steps.close()  # Cancel: the generator ends here, holding nothing
    assert all("Fewest moves: at least" in r.message for r in reports)
    with pytest.raises(StopIteration):
        next(steps)
