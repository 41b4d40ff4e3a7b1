"""The shipped catalogue of single-vacancy peg problems (web/puzzles/pegs/catalogue.json).

Checked three ways: every shortest solution replays from its vacancy to its
finish in the stated number of moves; the triangle's whole catalogue against
a plain brute force written here (breadth-first by moves and a memoised count,
no symmetry, nothing shared with the engines that wrote the file) and against
George Bell's published catalogue; the English board against the published
central game and against the reversal of games (a game from vacancy s to
survivor g, played backwards on the complemented board, is a game from vacancy
g to survivor s, so the two counts must agree).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from puzzlelab import pegs
from puzzlelab.pegs import catalogue

CATALOGUE = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "pegs" / "catalogue.json"


@pytest.fixture(scope="module")
def shipped() -> dict:
    return json.loads(CATALOGUE.read_text())


def problems(shipped: dict, board: str) -> dict[tuple, dict]:
    """The board's problems by (vacancy, finish or None)."""
    return {(tuple(p["start"]), tuple(p["finish"]) if p["finish"] else None): p
            for p in shipped["boards"][board]["problems"]}


def as_problem(geo: pegs.Geometry, p: dict) -> catalogue.Problem:
    index = geo.index
    jumps = [next(m for m in geo.moves if m.src == index[tuple(a)] and m.dst == index[tuple(b)])
             for a, b in p["shortest"]]
    return catalogue.Problem(index[tuple(p["start"])],
                             None if p["finish"] is None else index[tuple(p["finish"])],
                             p["fewest_moves"], jumps,
                             None if p["sequences"] is None else int(p["sequences"]))


@pytest.mark.parametrize("board", ["triangle", "english"])
def test_every_shortest_solution_replays(shipped, board):
    geo = pegs.standard_start(board).geo
    entry = problems(shipped, board)
    assert {start for start, _ in entry} == set(geo.holes)  # every vacancy
    wrong = list(catalogue.check(geo, [as_problem(geo, p) for p in entry.values()]))
    assert wrong == []


def brute_by_moves(geo: pegs.Geometry, start: int) -> dict[int, int]:
    """Fewest moves from vacancy ``start`` to each single survivor: plain BFS, no symmetry."""
    first = geo.full & ~(1 << start)
    jumps_from = [[m for m in geo.moves if m.src == hole] for hole in range(geo.size)]
    seen, layer, depth, found = {first}, [first], 0, {}
    while layer:
        depth += 1
        following = []
        for pegs_ in layer:
            stack = [(pegs_, hole) for hole in range(geo.size) if pegs_ >> hole & 1]
            tried = set()
            while stack:
                here, hole = stack.pop()
                for m in jumps_from[hole]:
                    if here & m.mask == m.need:
                        after = here ^ m.mask
                        if (after, m.dst) in tried:
                            continue
                        tried.add((after, m.dst))
                        stack.append((after, m.dst))
                        if after not in seen:
                            seen.add(after)
                            following.append(after)
                            if after.bit_count() == 1:
                                found.setdefault(after.bit_length() - 1, depth)
        layer = following
    return found


def brute_counts(geo: pegs.Geometry, start: int) -> dict[int, int]:
    """Winning jump sequences from vacancy ``start`` to each survivor: a memoised walk."""

    @cache
    def wins(position: int) -> tuple[tuple[int, int], ...]:
        if position.bit_count() == 1:
            return ((position.bit_length() - 1, 1),)
        total: dict[int, int] = {}
        for m in geo.moves:
            if position & m.mask == m.need:
                for hole, n in wins(position ^ m.mask):
                    total[hole] = total.get(hole, 0) + n
        return tuple(total.items())

    return dict(wins(geo.full & ~(1 << start)))


def test_triangle_against_brute_force(shipped):
    geo = pegs.standard_start("triangle").geo
    entry = problems(shipped, "triangle")
    for start, cell in enumerate(geo.holes):
        moves, counts = brute_by_moves(geo, start), brute_counts(geo, start)
        listed = {finish: p for (s, finish), p in entry.items() if s == cell and finish}
        assert set(listed) == {geo.holes[h] for h in moves}, cell  # the possible finishes
        for hole, fewest in moves.items():
            assert listed[geo.holes[hole]]["fewest_moves"] == fewest, (cell, geo.holes[hole])
            assert int(listed[geo.holes[hole]]["sequences"]) == counts[hole]
        anywhere = entry[(cell, None)]
        assert anywhere["fewest_moves"] == min(moves.values())
        assert int(anywhere["sequences"]) == sum(counts.values())


# George I. Bell, "15 Hole Triangular Board: Single Vacancy to Single Survivor
# Problems", gibell.net/pegsolitaire/Catalogs/Triangular15 (length of the
# shortest solution in moves; his a1 is our 0,0, b3 2,1, a4 3,0, d4 3,3, c5 4,2).
BELL_TRIANGLE = {
    ((0, 0), (0, 0)): 10, ((3, 0), (0, 0)): 10, ((4, 2), (0, 0)): 9,
    ((4, 2), (2, 1)): 10, ((0, 0), (4, 2)): 10, ((2, 1), (4, 2)): 11,
    ((3, 0), (4, 2)): 10, ((4, 2), (4, 2)): 9, ((0, 0), (3, 0)): 11,
    ((3, 0), (3, 0)): 11, ((3, 3), (3, 0)): 11, ((4, 2), (3, 0)): 10,
}
BELL_TRIANGLE_IMPOSSIBLE = [((2, 1), (0, 0)), ((0, 0), (2, 1)), ((2, 1), (2, 1)),
                            ((3, 0), (2, 1)), ((2, 1), (3, 0))]


def test_triangle_against_bell(shipped):
    entry = problems(shipped, "triangle")
    for key, fewest in BELL_TRIANGLE.items():
        assert entry[key]["fewest_moves"] == fewest, key
    for key in BELL_TRIANGLE_IMPOSSIBLE:
        assert key not in entry, key
    # OEIS A127500 (Bell): the shortest of all the 15-hole board's problems is 9 moves.
    assert min(p["fewest_moves"] for p in entry.values()) == 9


def test_english_central_game(shipped):
    central = problems(shipped, "english")[((3, 3), (3, 3))]
    # 18 moves: Bergholt's 1912 solution, proved fewest by Beasley (1964).
    assert central["fewest_moves"] == 18
    # 40,861,647,040,079,968 winning jump sequences: George Bell; Durango Bill.
    assert central["sequences"] == "40861647040079968"


def test_english_counts_agree_with_reversed_games(shipped):
    entry = problems(shipped, "english")
    pairs = [(s, f) for s, f in entry if f is not None]
    assert len(pairs) > 33
    for s, f in pairs:
        back = entry.get((f, s))
        assert back is not None, (s, f)
        assert back["sequences"] == entry[(s, f)]["sequences"], (s, f)
    # and every vacancy's total over its finishes
    for cell in {s for s, _ in entry}:
        total = sum(int(p["sequences"]) for (s, f), p in entry.items() if s == cell and f)
        assert int(entry[(cell, None)]["sequences"]) == total


def test_english_finishes_are_the_possible_ones(shipped):
    """Every finish the position classes allow is listed, or none is possible."""
    geo = pegs.standard_start("english").geo
    entry = problems(shipped, "english")
    for start, cell in enumerate(geo.holes):
        listed = {f for s, f in entry if s == cell and f}
        allowed = {geo.holes[h] for h in catalogue.possible_finishes(geo, start)}
        assert listed <= allowed, cell
        assert listed, cell


@pytest.mark.parametrize(("board", "moves"), [("french", 21), ("diamond", 26)])
def test_usual_games_of_the_other_boards(shipped, board, moves):
    """The French and Diamond boards list their usual game alone, uncounted; its
    shortest solution replays from the usual start to the usual finish."""
    start, goal_text = pegs.classic_game(board)
    geo = start.geo
    (only,) = shipped["boards"][board]["problems"]
    assert only["sequences"] is None and shipped["boards"][board]["note"]
    problem = as_problem(geo, only)
    assert geo.full & ~(1 << problem.start) == start.pegs
    assert pegs.parse_goal(geo, goal_text).positions == {1 << problem.finish}
    assert list(catalogue.check(geo, [problem])) == []
    assert problem.fewest_moves == moves  # as bench/bench_peg_moves.py --far measured
