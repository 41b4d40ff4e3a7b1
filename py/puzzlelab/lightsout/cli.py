"""``puzzlelab lightsout ...``: solve, analyse and make boards from the command line.

::

    lightsout solve GRID [--wrap] [--neighbourhood N] [--states K] [--prove]
                         [--method M] [--presses list|grid] [--json] [--each]
    lightsout analyse GRID [--wrap] [--neighbourhood N] [--states K] [--prove] [--json]
    lightsout random ROWS [COLS] [--seed S] [--difficulty D] [...] [--json]

Each verb makes one request of :mod:`puzzlelab.api` per board.
"""

from __future__ import annotations

import argparse
import re
from itertools import compress, repeat
from typing import Any

from puzzlelab import lightsout
from puzzlelab.terminal import Verb, print_board


def _solve_show(result: dict[str, Any]) -> None:
    # The answer's canonical game ID is the board itself: read here, not asked for again.
    board = lightsout.Board.parse(result["game"])
    print(f"{board.cols}x{board.rows} board, {board.lit} lit.")
    print(result["explanation"])
    if result["solvable"] and result["press_count"]:
        if board.states == 2:
            print("Press the cells marked X:")
            marks = [list(row) for row in board.grid.split("/")]
            for r, row in enumerate(result["press_grid"].split("/")):
                for c, count in enumerate(row):
                    if count != "0":
                        marks[r][c] = "X"
            print_board(["".join(row) for row in marks])
        else:
            print("Press each cell this many times (. not at all):")
            print_board(result["press_grid"].replace("0", ".").split("/"))
    print(f"Kernel dimension: {result['kernel_dimension']}.")


def _solve_build(words: argparse.Namespace, request: dict[str, Any]) -> None:
    # The API gives the compact press grid; the list, when asked for, is made
    # from it by _solve_answer (the same JSON, in a fraction of the time and memory).
    request["press_list"] = False


def _solve_answer(words: argparse.Namespace, result: dict[str, Any]) -> dict[str, Any]:
    """The value written for ``--json``: ``presses`` listed as the API lists them,
    unless ``--presses grid``."""
    if words.presses == "grid":
        return result
    return {**result, "presses": press_list(result["press_grid"])}


def press_list(grid: str | None) -> list[tuple[int, int]]:
    """The ``(row, col)`` pairs of a press grid, a cell pressed n times listed n
    times (written in JSON as the API's ``[[row, col], ...]``).

    A 1000x1000 board has half a million presses: as lists made one by one
    from the solution they took four times the memory of the whole run and
    most of its time, so each row's pairs are picked in C (``compress``,
    ``zip``) and share one int object per row and per column.
    """
    if grid is None:
        return []
    rows = grid.split("/")
    if re.search("[2-9]", grid):  # k states: few cells, counts above 1
        return [(r, c) for r, row in enumerate(rows) for c, n in enumerate(row)
                for _ in range(int(n))]
    columns = list(range(len(rows[0])))
    pressed = bytes.maketrans(b"01", b"\x00\x01")
    pairs: list[tuple[int, int]] = []
    for r, row in enumerate(rows):
        pairs.extend(zip(repeat(r), compress(columns, row.encode("ascii").translate(pressed))))
    return pairs


def _analyse_show(result: dict[str, Any]) -> None:
    print(f"{result['cols']}x{result['rows']} board, {result['states']} states.")
    if result["rank"] is not None:
        print(f"Rank {result['rank']}, kernel dimension {result['kernel_dimension']}.")
    print(f"Quiet patterns: {result['quiet_count_text']}; solvable boards: "
          f"{result['solvable_boards_text']} of {result['all_boards_text']}.")
    print(result["explanation"])
    if result["fewest_press_count"] is not None:
        ties = result["fewest_solutions_text"]
        print(f"Fewest presses: {result['fewest_press_count']}"
              + ("." if ties is None else f", reached by {ties} solution(s)."))
    for number, pattern in enumerate(result["quiet_patterns"], start=1):
        print(f"Quiet pattern {number}:")
        print_board(pattern.split("/"))


def _show_game(result: dict[str, Any]) -> None:
    print(result["game"])
    print_board(result["grid"].split("/"))


VARIANT_OPTIONS = ("wrap", "neighbourhood", "states")

#: The family's line in ``puzzlelab --help``'s examples.
EXAMPLE = "puzzlelab lightsout solve 11111/11111/11111/11111/11111"

VERBS = (
    Verb("lightsout", "solve", "lightsout.solve",
         "fewest presses that turn every light off, or why there are none",
         ("game",), (*VARIANT_OPTIONS, "prove", "method"), _solve_show,
         ("puzzlelab lightsout solve 11111/11111/11111/11111/11111",
          "puzzlelab lightsout solve 0120/1000/0000 --states 3 --wrap --json",
          "puzzlelab lightsout solve - --each --presses grid < boards.txt"),
         _solve_build, _solve_answer,
         (("--presses", {"choices": ("list", "grid"), "default": "list",
                         "help": "in the JSON, the presses as [row, col] pairs (list, default) "
                                 "or only as press_grid, rows of press counts (grid: smaller)"}),)),
    Verb("lightsout", "analyse", "lightsout.analyse",
         "rank, kernel, solvable boards, quiet patterns, fewest presses",
         ("game",), (*VARIANT_OPTIONS, "prove"), _analyse_show,
         ("puzzlelab lightsout analyse 10000/00000/00000/00000/00000",
          "puzzlelab lightsout analyse 1111/1111/1111 --neighbourhood king --json",
          "puzzlelab lightsout analyse @board.txt --prove   # minutes on a 39x39 board")),
    Verb("lightsout", "random", "lightsout.new", "a random solvable board",
         ("rows", "cols"), ("seed", "difficulty", *VARIANT_OPTIONS), _show_game,
         ("puzzlelab lightsout random 10 --seed 7 --difficulty hard",
          "puzzlelab lightsout random 6 8 --states 3 --wrap --json")),
)
