"""The level ladders the build ships (py/puzzlelab/levels.py and each family's
levels.py): every level loads, its par is right (its solution applied, and an
independent method where the board is small: every press set of a 3x3 or
4x4 Lights Out board, a breadth-first search by moves on the peg triangle,
every completion of a small binary puzzle), and each ladder climbs."""

from __future__ import annotations

import functools
import json
from collections import deque
from pathlib import Path

import pytest

from conftest import registry_puzzles
from lightsout_brute import every_press, pack
from peg_catalogue_file import players_moves
from peg_catalogue_file import problem as catalogue_problem
from puzzlelab import api, binairo, levels, lightsout
from puzzlelab.binairo import Grid
from referees import count_brute

CROSS = [(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)]
DIFFICULTY_ORDER = ("easy", "medium", "hard", "sparsest")


@functools.cache
def ladders() -> dict[str, dict]:
    return levels.ladders()


def ok(request: dict) -> dict:
    answer = api.handle(request)
    assert answer["ok"], (request, answer)
    return answer["result"]


def test_every_puzzle_of_the_page_declares_a_ladder_and_every_level_loads() -> None:
    assert list(ladders()) == registry_puzzles() == levels.families_with_levels()
    registry = (Path(__file__).parent.parent / "web" / "puzzles" / "index.mjs").read_text()
    assert registry.count("levels: true") == len(ladders())
    for family, ladder in ladders().items():
        assert ladder["levels"], family
        for level in ladder["levels"]:
            assert isinstance(level["par"], int) and level["par"] >= 1, (family, level)
            if family == "pegs":
                grid, _, goal = level["game"].partition("@")
                state = ok({"cmd": "pegs.load", "grid": grid, "goal": goal or None})
                assert state["grid"] == grid and not state["won"]
            else:
                state = ok({"cmd": f"{family}.load", "game": level["game"]})
                assert state["game"] == level["game"]


def test_the_build_writes_the_ladders_as_json(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "ladders", ladders)  # made once for the module
    written = levels.write(tmp_path / levels.LEVELS_FILE)
    assert json.loads(written.read_text()) == ladders()


def test_lights_out_par_is_the_fewest_presses() -> None:
    tables = {side: every_press(side, side, CROSS, False, 2) for side in (3, 4)}
    for level in ladders()["lightsout"]["levels"]:
        board = lightsout.Board.parse(level["game"])
        solution = ok({"cmd": "lightsout.solve", "game": level["game"]})
        # Its presses, applied, turn every light off, in par presses.
        after = board
        for row, col in solution["presses"]:
            after = after.press(row, col)
        assert after.lit == 0 and len(solution["presses"]) == level["par"], level
        # The shipped answers (the win card's fewest, the first hint) say the same.
        shipped = level["answers"][levels.request_key(
            {"cmd": "lightsout.solve", "game": level["game"], "press_list": False})]
        hint = level["answers"][levels.request_key(
            {"cmd": "lightsout.hint", "game": level["game"]})]
        assert shipped["press_count"] == level["par"] and shipped["proven_fewest"], level
        hinted = board.press(*hint["press"]).game_id  # a press of a fewest solution: one fewer left
        assert ok({"cmd": "lightsout.solve", "game": hinted})["press_count"] == level["par"] - 1
        if board.rows in tables:  # every press set: none fewer does it
            assert tables[board.rows][pack(board.values())][0] == level["par"], level


def test_lights_out_climbs_from_one_press_to_enlight_and_beyond() -> None:
    ladder = ladders()["lightsout"]["levels"]
    sides = [lightsout.Board.parse(level["game"]).rows for level in ladder]
    pars = [level["par"] for level in ladder]
    assert pars[0] == 1 and sides[0] == 3
    assert sides == sorted(sides) and pars == sorted(pars)
    assert 10 in sides and max(sides) > 10


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
    for level in ladders()["pegs"]["levels"]:
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

    ladder = ladders()["pegs"]["levels"]
    assert ladder[0]["label"] == "Triangle"
    holes = [grid_name(level["game"].split("@")[0]) for level in ladder]
    sizes = [catalogue()["boards"][name]["grid"].count("o") for name in holes]
    assert sizes == sorted(sizes) and len(set(holes)) == len(catalogue()["boards"])
    # On each board, fewer winning sequences (fewer ways through) as it goes.
    for name in set(holes):
        on_board = [lv for lv, n in zip(ladder, holes, strict=True) if n == name]
        counts = [int(level_problem(level)[1]["sequences"] or 0) for level in on_board]
        assert counts == sorted(counts, reverse=True), (name, counts)


def test_binary_puzzle_par_is_the_cells_to_fill() -> None:
    for level in ladders()["binairo"]["levels"]:
        grid = Grid.parse(level["game"])
        empty = sum(grid.cell(r, c) == "." for r in range(grid.rows) for c in range(grid.cols))
        assert empty == level["par"], level
        # One solution: a flawless game fills exactly those cells.
        if grid.rows <= 6:
            assert count_brute(grid) == 1, level
        else:
            assert len(binairo.solutions(grid, 2)) == 1, level


def test_binary_puzzle_climbs_from_4x4_to_14x14_and_the_sparsest() -> None:
    ladder = ladders()["binairo"]["levels"]
    steps = [(int(level["label"].split("x")[0]), DIFFICULTY_ORDER.index(level["label"].split()[1]))
             for level in ladder]
    assert steps == sorted(steps) and steps[0][0] == 4 and steps[-1][0] == 14
    sparse = [level for level in ladder if level["label"].endswith("sparsest")]
    assert sparse
    for level in sparse:  # the fewest clues the search proved for its size
        n = Grid.parse(level["game"]).rows
        fewest = binairo.sparse_deals.catalogue(n)[0]
        assert n * n - level["par"] == fewest, level


@pytest.mark.parametrize("family", ["lightsout", "pegs", "binairo"])
def test_a_malformed_ladder_is_refused(family: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = __import__(f"puzzlelab.{family}.levels", fromlist=["ladder"])
    for bad in (levels.Ladder("x", ()),
                levels.Ladder("x", (levels.Level("a", 0, "l"),)),
                levels.Ladder("x", (levels.Level("a", 1, "l"), levels.Level("a", 2, "l")))):
        monkeypatch.setattr(module, "ladder", lambda bad=bad: bad)
        with pytest.raises(ValueError):
            levels.ladder(family)
