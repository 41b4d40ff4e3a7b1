"""``puzzlelab binairo ...``: solve, count, hint, minimize and generate from the command line.

::

    binairo solve|hint GRID [--json] [--each]
    binairo count GRID [--equal-lines] [--json] [--each]
    binairo minimize GRID [--seed S] [--budget SECONDS] [--json] [--each]
    binairo generate SIZE [--difficulty D] [--seed S] [--json]
    binairo fewest-clues N [--bound B] [--work DIR] [--workers K] [--dask local|ADDRESS] [--json]

Each verb makes one request of :mod:`puzzlelab.api` per grid.
"""

from __future__ import annotations

import argparse
import re
from typing import Any

from puzzlelab import params
from puzzlelab.binairo.grid import Grid
from puzzlelab.notation import PuzzleError
from puzzlelab.terminal import Verb, print_board


def _size(words: argparse.Namespace, request: dict[str, Any]) -> None:
    """``8`` or ``COLSxROWS`` (``10x8``) as rows and columns."""
    text = words.size
    parts = text.strip().lower().split("x")
    if len(parts) > 2 or not all(re.fullmatch(r"[0-9]+", part) for part in parts):
        raise PuzzleError(f"SIZE is N or COLSxROWS, e.g. 8 or 10x8; got {text[:40]!r}.")
    spec = params.spec("binairo.new", "rows")
    # (Read as the options are: exactly, and quoted as given when out of range.)
    request["cols"] = params.from_text(spec, parts[0], "The number of columns in SIZE")
    request["rows"] = (params.from_text(spec, parts[1], "The number of rows in SIZE")
                       if len(parts) == 2 else request["cols"])


def _solve_show(result: dict[str, Any]) -> None:
    print({0: "No solution.", 1: "Exactly one solution: a good puzzle.",
           2: "Several solutions: not a good puzzle."}[result["solutions"]])
    for name in ("solution", "second"):
        if result[name]:
            print(f"{'First' if name == 'solution' else 'Second'} solution:"
                  if result["second"] else "Solution:")
            print_board(result[name])
    if result["difficulty"]:
        print(f"Difficulty: {result['difficulty']}.")


def _count_show(result: dict[str, Any]) -> None:
    rule = "" if result["distinct"] else ", equal rows and columns allowed"
    print(f"{result['count']:,} solutions ({result['seconds']} s{rule}).")


def _count_build(words: argparse.Namespace, request: dict[str, Any]) -> None:
    """``--equal-lines``: count without the rule that rows and columns all differ."""
    if words.equal_lines:
        request["distinct"] = False


def _hint_show(result: dict[str, Any]) -> None:
    """The hint in a player's words, then the lab's name of its rule and level."""
    named = f" [{result['rule']}, {result['level']}]" if result.get("level") else ""
    print(f"{result['text']}{named}")


def _minimize_show(result: dict[str, Any]) -> None:
    print(f"{result['clues']} clues left of {result['clues_before']} "
          f"({result['difficulty']}); no clue can be removed.")
    print_board(result["givens"].split("/"))
    print(result["game"])


def _fewest_show(result: dict[str, Any]) -> None:
    n = result["size"]
    if "lower" in result:
        print(f"The fewest clues of any {n}x{n} puzzle with one solution is between "
              f"{result['lower']} and {result['upper']}.")
        print(f"Lower bound: {result['lower_proof']}")
        print(f"Upper bound: {result['upper_proof']}.")
        print(f"The puzzle, with {result['upper']} givens:")
        print_board(Grid.parse(result["puzzle"]).givens_grid.split("/"))
        print(result["puzzle"])
        return
    for line in result.get("ignored_files", ()):
        print(line)
    print(f"The fewest clues of any {n}x{n} puzzle with one solution: {result['clues']}, "
          f"searched over all {result['classes']:,} classes of its {result['grids']:,} grids "
          f"({result['seconds']} s, {result['engine']}).")
    print(f"{result['grids_at_minimum']:,} classes ({result['grids_at_minimum_all']:,} grids) "
          f"have a puzzle that small. One of them:")
    print_board(result["puzzle"].split("/"))
    counts = ", ".join(f"{k} clues: {v:,}" for k, v in result["by_clues"].items())
    print(f"Classes by their fewest clues (up to {result['bound']}): {counts}.")


def _generate_show(result: dict[str, Any]) -> None:
    print(f"{result['difficulty']} puzzle, {result['clues']} clues, seed {result['seed']}:")
    if result.get("deal") == "fewest":
        print(f"(No puzzle of this size has fewer than {result['fewest_possible']} clues.)")
    print_board(result["givens"].split("/"))
    print(result["game"])


#: The family's line in ``puzzlelab --help``'s examples.
EXAMPLE = "puzzlelab binairo generate 8 --seed 7"

VERBS = (
    Verb("binairo", "solve", "binairo.solve",
         "solve; say whether the puzzle is good (one solution)", ("game",), (),
         _solve_show,
         ("puzzlelab binairo solve 1..0../....../..1.../....../0...1./......",
          "puzzlelab binairo solve - --each < puzzles.txt")),
    Verb("binairo", "count", "binairo.count", "the exact number of solutions", ("game",), (),
         _count_show,
         ("puzzlelab binairo count 6x6:1zi",
          "puzzlelab binairo count ..../..../..../.... --json",
          "puzzlelab binairo count 8x8:zzl --equal-lines"),
         _count_build,
         words=(("--equal-lines", {"action": "store_true", "dest": "equal_lines",
                                    "help": "allow equal rows and equal columns (the count "
                                            "without the distinct-lines rule)"}),)),
    Verb("binairo", "hint", "binairo.hint", "the next deduction, naming the rule", ("game",), (),
         _hint_show,
         ("puzzlelab binairo hint 6x6:e1a0a00c1g00f0e",
          "puzzlelab binairo hint 1..0../....../..1.../....../0...1./...... --json")),
    Verb("binairo", "minimize", "binairo.minimize", "remove clues while the puzzle stays good",
         ("game",), ("seed", "budget"), _minimize_show,
         ("puzzlelab binairo minimize 0110/1001/0101/1010",
          "puzzlelab binairo minimize @solution.txt --budget 5 --json")),
    Verb("binairo", "generate", "binairo.new", "a good puzzle of a difficulty",
         (), ("difficulty", "seed"), _generate_show,
         ("puzzlelab binairo generate 8 --seed 7",
          "puzzlelab binairo generate 10x8 --difficulty hard --json"),
         _size,
         words=(("size", {"metavar": "SIZE", "help": "N or COLSxROWS, even sides 2 to 16"}),)),
    Verb("binairo", "fewest-clues", "binairo.fewest_clues",
         "the fewest clues any N x N puzzle can have, proved over every grid",
         ("size",), ("bound", "work", "workers", "dask"), _fewest_show,
         # (8x8 takes some 20 minutes on 2 cores: docs/binairo.md, "The fewest clues".)
         ("puzzlelab binairo fewest-clues 6 --json",
          "puzzlelab binairo fewest-clues 4 --workers 2",
          "puzzlelab binairo fewest-clues 4 --dask local")),
)
