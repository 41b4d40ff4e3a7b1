"""The command line: ``python -m puzzlelab FAMILY VERB ...``.

Every verb builds one request for :mod:`puzzlelab.api` (the same surface the
web page uses) and prints its result, as JSON with ``--json`` or as text for
people. Bad input prints one line on stderr and exits with code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from puzzlelab import __version__, api
from puzzlelab.notation import PuzzleError

USAGE_ERROR = 2


def read_grid_argument(value: str) -> str:
    """A grid given on the command line: literal text, ``@PATH`` or ``-`` (stdin)."""
    if value == "-":
        return sys.stdin.read()
    if value.startswith("@"):
        path = value[1:]
        try:
            with open(path, encoding="utf-8") as handle:
                return handle.read()
        except OSError as exc:
            raise PuzzleError(f"Cannot read the grid file {path!r}: {exc.strerror}.") from exc
        except UnicodeDecodeError as exc:
            raise PuzzleError(f"The grid file {path!r} is not UTF-8 text.") from exc
    return value


def _call(request: dict[str, Any]) -> dict[str, Any]:
    def show_progress(report: dict[str, Any]) -> None:
        print(f"  {report['message']} {report['done']}/{report['total']}", file=sys.stderr)

    response = api.handle(request, show_progress if sys.stderr.isatty() else None)
    if not response["ok"]:
        raise PuzzleError(response["error"])
    return response["result"]


def _print_board(rows: list[str]) -> None:
    for row in rows:
        print(" ".join(row))


def _lightsout_solve(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "lightsout.solve", "game": read_grid_argument(args.grid)})
    if not args.json:
        state = _call({"cmd": "lightsout.load", "game": result["game"]})
        print(f"{state['cols']}x{state['rows']} board, {state['lit']} lit.")
        print(result["explanation"])
        if result["solvable"] and result["press_count"]:
            marks = [list(row) for row in state["grid"].split("/")]
            for row, col in result["presses"]:
                marks[row][col] = "X"
            print("Press the cells marked X (1 = lit, 0 = dark):")
            _print_board(["".join(row) for row in marks])
        print(f"Kernel dimension: {result['kernel_dimension']}.")
    return result


def _lightsout_random(args: argparse.Namespace) -> dict[str, Any]:
    cols = args.rows if args.cols is None else args.cols  # an explicit 0 must be rejected
    result = _call({"cmd": "lightsout.new", "rows": args.rows, "cols": cols, "seed": args.seed})
    if not args.json:
        print(result["game"])
        _print_board(result["grid"].split("/"))
    return result


def _add_lightsout(families: argparse._SubParsersAction) -> None:
    lights = families.add_parser("lightsout", help="Lights Out (XLightOff, Enlight, any size)")
    verbs = lights.add_subparsers(dest="verb", required=True, metavar="VERB")
    solve = verbs.add_parser(
        "solve", help="fewest presses that turn every light off, or why there are none"
    )
    solve.add_argument(
        "grid",
        metavar="GRID",
        help="rows of 0/1 joined by '/', a game ID like 5x5:1f8c4a0, @PATH to read a file, "
        "or - for standard input",
    )
    solve.add_argument("--json", action="store_true", help="print one JSON object")
    solve.set_defaults(run=_lightsout_solve)
    rand = verbs.add_parser("random", help="a random solvable board")
    rand.add_argument("rows", type=int)
    rand.add_argument("cols", type=int, nargs="?")
    rand.add_argument("--seed", type=int, help="make the board reproducible")
    rand.add_argument("--json", action="store_true", help="print one JSON object")
    rand.set_defaults(run=_lightsout_random)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m puzzlelab``: one sub-command per family."""
    parser = argparse.ArgumentParser(
        prog="python -m puzzlelab",
        description="Play, solve, analyse and count 0/1-cell puzzles.",
    )
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    families = parser.add_subparsers(dest="family", required=True, metavar="FAMILY")
    _add_lightsout(families)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        result = args.run(args)
    except PuzzleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    if args.json:
        json.dump(result, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    return 0
