"""Peg solitaire's levels (pegs/levels.py): each par is the catalogue's fewest
moves, its shortest solution wins by the rules, the triangle's par is found
again by a search written apart from the solver, and the ladder climbs."""

from __future__ import annotations

from collections import deque

from peg_catalogue_file import players_moves
from peg_catalogue_file import problem as catalogue_problem

from ladders import ok, shipped_ladder


def triangle_fewest_moves(game: str) -> int:
    """Fewest moves on the 15-hole triangle, by a search written apart from the
    solver: a move is one peg's run of jumps (six directions, same signs)."""
    grid, _, goal = game.partition("@")
    rows = grid.split("/")
    holes = [(r, c) for r, row in enumerate(rows) for c in range(len(row))]
    index = {hole: i for i, hole in enumerate(holes)}
    start = sum(1 << index[(r, c)] for r, row in enumerate(rows) for c, ch in enumerate(row)
                if ch == "o")
    jumps = [(index[(r, c)], index[(r + dr, c + dc)], index[(r + 2 * dr, c + 2 * dc)])
             for r, c in holes for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))
             if (r + 2 * dr, c + 2 * dc) in index]

    def won(pegs: int) -> bool:
        if pegs.bit_count() != 1:
            return False
        return goal in ("", "any") or pegs == 1 << index[tuple(map(int, goal.split(",")))]

    def runs(pegs: int) -> set[int]:
        """Every position one peg's run of jumps (each prefix) reaches."""
        reached = set()
        for first in range(len(holes)):
            if not pegs >> first & 1:
                continue
            todo = [(pegs, first)]
            while todo:
                now, at = todo.pop()
                for a, b, c in jumps:
                    if a == at and now >> b & 1 and not now >> c & 1:
                        nxt = now ^ (1 << a | 1 << b | 1 << c)
                        if nxt not in reached:
                            reached.add(nxt)
                            todo.append((nxt, c))
        return reached

    seen, queue = {start: 0}, deque([start])
    while queue:
        pegs = queue.popleft()
        if won(pegs):
            return seen[pegs]
        for nxt in runs(pegs):
            if nxt not in seen:
                seen[nxt] = seen[pegs] + 1
                queue.append(nxt)
    raise AssertionError(f"{game}: no solution")


def level_problem(level: dict) -> tuple[dict, dict]:
    """A peg level's start (the rules' state) and its problem in the shipped catalogue."""
    grid, _, goal = level["game"].partition("@")
    state = ok({"cmd": "pegs.load", "grid": grid, "goal": goal or None})
    empty = next((r, c) for r, row in enumerate(grid.split("/")) for c, ch in enumerate(row)
                 if ch == ".")
    finish = None if state["goal"] == "any" else tuple(state["goal_cells"][0])
    problem = catalogue_problem(grid_name(grid), empty, finish)
    assert problem is not None, level
    return state, problem


def test_peg_par_is_the_fewest_moves() -> None:
    for level in shipped_ladder("pegs")["levels"]:
        state, problem = level_problem(level)
        assert problem["fewest_moves"] == level["par"], level
        # Its shortest solution, played by the rules from the start, wins in par moves.
        for src, dst in problem["shortest"]:
            state = ok({"cmd": "pegs.move", "grid": state["grid"], "goal": state["goal"],
                        "from": src, "to": dst})
        assert state["won"] and players_moves(problem["shortest"]) == level["par"], level
        if level["label"] == "Triangle":  # no fewer: searched again, apart from the solver
            assert triangle_fewest_moves(level["game"]) == level["par"], level


def grid_name(grid: str) -> str:
    """The catalogue's name of the board of ``grid``."""
    from peg_catalogue_file import catalogue

    shape = grid.replace(".", "o")
    return next(name for name, board in catalogue()["boards"].items() if board["grid"] == shape)


def test_peg_ladder_starts_on_the_triangle_and_climbs() -> None:
    from peg_catalogue_file import catalogue

    ladder = shipped_ladder("pegs")["levels"]
    assert ladder[0]["label"] == "Triangle"
    holes = [grid_name(level["game"].split("@")[0]) for level in ladder]
    sizes = [catalogue()["boards"][name]["grid"].count("o") for name in holes]
    assert sizes == sorted(sizes) and len(set(holes)) == len(catalogue()["boards"])
    # On each board, fewer winning sequences (fewer ways through) as it goes.
    for name in set(holes):
        on_board = [lv for lv, n in zip(ladder, holes, strict=True) if n == name]
        counts = [int(level_problem(level)[1]["sequences"] or 0) for level in on_board]
        assert counts == sorted(counts, reverse=True), (name, counts)
