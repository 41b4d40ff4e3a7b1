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

from puzzlelab import __version__, api, pegs_cli
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


def _lightsout_request(args: argparse.Namespace, cmd: str) -> dict[str, Any]:
    """A request for the board in ``args.grid`` under the rules given by the options."""
    request: dict[str, Any] = {"cmd": cmd, "game": read_grid_argument(args.grid)}
    for key in ("wrap", "neighbourhood", "states", "prove"):
        value = getattr(args, key)
        if value not in (None, False):
            request[key] = value
    return request


def _print_marked(grid: str, cells: list[list[int]], mark: str) -> None:
    marks = [list(row) for row in grid.split("/")]
    for row, col, *_ in cells:
        marks[row][col] = mark
    _print_board(["".join(row) for row in marks])


def _lightsout_solve(args: argparse.Namespace) -> dict[str, Any]:
    request = _lightsout_request(args, "lightsout.solve")
    result = _call(request)
    if not args.json:
        state = _call({"cmd": "lightsout.load", "game": result["game"]})
        print(f"{state['cols']}x{state['rows']} board, {state['lit']} lit.")
        print(result["explanation"])
        if result["solvable"] and result["press_count"]:
            print("Press the cells marked X (a cell listed twice is pressed twice):")
            _print_marked(state["grid"], result["presses"], "X")
        print(f"Kernel dimension: {result['kernel_dimension']}.")
    return result


def _lightsout_analyse(args: argparse.Namespace) -> dict[str, Any]:
    result = _call(_lightsout_request(args, "lightsout.analyse"))
    if not args.json:
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
            _print_board(pattern.split("/"))
    return result


def _lightsout_random(args: argparse.Namespace) -> dict[str, Any]:
    cols = args.rows if args.cols is None else args.cols  # an explicit 0 must be rejected
    request: dict[str, Any] = {"cmd": "lightsout.new", "rows": args.rows, "cols": cols,
                               "seed": args.seed}
    for key in ("wrap", "neighbourhood", "states", "difficulty"):
        value = getattr(args, key)
        if value not in (None, False):
            request[key] = int(value) if key == "difficulty" and value.isdigit() else value
    result = _call(request)
    if not args.json:
        print(result["game"])
        _print_board(result["grid"].split("/"))
    return result


def _add_variant_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--wrap", action="store_true", help="join opposite edges (a torus)")
    parser.add_argument(
        "--neighbourhood", metavar="NAME|STENCIL",
        help="cross (default), king, diagonal, knight, or a stencil such as 010.111.010",
    )
    parser.add_argument("--states", type=int, metavar="K",
                        help="states per light; a press adds 1 modulo K (default 2)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _add_lightsout(families: argparse._SubParsersAction) -> None:
    lights = families.add_parser("lightsout", help="Lights Out (XLightOff, Enlight, any size)")
    verbs = lights.add_subparsers(dest="verb", required=True, metavar="VERB")
    grid_help = (
        "rows of digits joined by '/' (0 dark, 1 lit; 0..K-1 with --states K), a game ID "
        "like 5x5:1f8c4a0, @PATH to read a file, or - for standard input"
    )
    for verb, helptext, run in (
        ("solve", "fewest presses that turn every light off, or why there are none",
         _lightsout_solve),
        ("analyse", "rank, kernel, solvable boards, quiet patterns, fewest presses",
         _lightsout_analyse),
    ):
        sub = verbs.add_parser(verb, help=helptext)
        sub.add_argument("grid", metavar="GRID", help=grid_help)
        _add_variant_options(sub)
        sub.add_argument("--prove", action="store_true",
                         help="search much longer (minutes) to prove the fewest presses")
        sub.set_defaults(run=run)
    rand = verbs.add_parser("random", help="a random solvable board")
    rand.add_argument("rows", type=int)
    rand.add_argument("cols", type=int, nargs="?")
    rand.add_argument("--seed", type=int, help="make the board reproducible")
    rand.add_argument("--difficulty", help="easy, medium, hard, or a number of fewest presses")
    _add_variant_options(rand)
    rand.set_defaults(run=_lightsout_random)


def _binairo_size(text: str) -> tuple[int, int]:
    """``8`` or ``COLSxROWS`` (``10x8``) as (rows, cols)."""
    parts = text.lower().split("x")
    if len(parts) > 2 or not all(part.isdigit() for part in parts):
        raise PuzzleError(f"A size is N or COLSxROWS, e.g. 8 or 10x8; got {text!r}.")
    cols = int(parts[0])
    return (int(parts[1]) if len(parts) == 2 else cols), cols


def _binairo_solve(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "binairo.solve", "game": read_grid_argument(args.grid)})
    if not args.json:
        print({0: "No solution.", 1: "Exactly one solution: a good puzzle.",
               2: "Several solutions: not a good puzzle."}[result["solutions"]])
        for name in ("solution", "second"):
            if result[name]:
                print(f"{'First' if name == 'solution' else 'Second'} solution:"
                      if result["second"] else "Solution:")
                _print_board(result[name])
        if result["difficulty"]:
            print(f"Difficulty: {result['difficulty']}.")
    return result


def _binairo_count(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "binairo.count", "game": read_grid_argument(args.grid)})
    if not args.json:
        print(f"{result['count']:,} solutions ({result['seconds']} s).")
    return result


def _binairo_minimize(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "binairo.minimize", "game": read_grid_argument(args.grid),
                    "seed": args.seed, "budget": args.budget})
    if not args.json:
        print(f"{result['clues']} clues left of {result['clues_before']} "
              f"({result['difficulty']}); no clue can be removed.")
        _print_board(result["givens"].split("/"))
        print(result["game"])
    return result


def _binairo_generate(args: argparse.Namespace) -> dict[str, Any]:
    rows, cols = _binairo_size(args.size)
    result = _call({"cmd": "binairo.new", "rows": rows, "cols": cols,
                    "difficulty": args.difficulty, "seed": args.seed})
    if not args.json:
        print(f"{result['difficulty']} puzzle, {result['clues']} clues, seed {result['seed']}:")
        _print_board(result["givens"].split("/"))
        print(result["game"])
    return result


def _binairo_hint(args: argparse.Namespace) -> dict[str, Any]:
    result = _call({"cmd": "binairo.hint", "game": read_grid_argument(args.grid)})
    if not args.json:
        print(result["text"])
    return result


def _add_binairo(families: argparse._SubParsersAction) -> None:
    family = families.add_parser("binairo", help="binary puzzle (Takuzu, Binairo)")
    verbs = family.add_subparsers(dest="verb", required=True, metavar="VERB")
    grid_help = ("rows of 0, 1 and . joined by '/', a game ID like 6x6:1b0..., @PATH to read "
                 "a file, or - for standard input")
    for name, run, text in (
        ("solve", _binairo_solve, "solve; say whether the puzzle is good (one solution)"),
        ("count", _binairo_count, "the exact number of solutions"),
        ("hint", _binairo_hint, "the next deduction, naming the rule"),
        ("minimize", _binairo_minimize, "remove clues while the puzzle stays good"),
    ):
        verb = verbs.add_parser(name, help=text)
        verb.add_argument("grid", metavar="GRID", help=grid_help)
        verb.add_argument("--json", action="store_true", help="print one JSON object")
        verb.set_defaults(run=run)
        if name == "minimize":
            verb.add_argument("--seed", type=int, default=0, help="order of removal")
            verb.add_argument("--budget", type=float, default=0,
                              help="seconds of random restarts for the fewest clues")
    gen = verbs.add_parser("generate", help="a good puzzle of a difficulty")
    gen.add_argument("size", metavar="SIZE", help="N or COLSxROWS, even sides 2 to 16")
    gen.add_argument("--difficulty", default="medium", help="easy, medium or hard")
    gen.add_argument("--seed", type=int, help="make the puzzle reproducible")
    gen.add_argument("--json", action="store_true", help="print one JSON object")
    gen.set_defaults(run=_binairo_generate)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m puzzlelab``: one sub-command per family."""
    parser = argparse.ArgumentParser(
        prog="python -m puzzlelab",
        description="Play, solve, analyse and count 0/1-cell puzzles.",
    )
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    families = parser.add_subparsers(dest="family", required=True, metavar="FAMILY")
    _add_lightsout(families)
    pegs_cli.add_parser(families)
    _add_binairo(families)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(pegs_cli.protect_grids(sys.argv[1:] if argv is None else argv))
    try:
        result = args.run(args)
    except PuzzleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    if args.json:
        json.dump(result, sys.stdout, separators=(",", ":"))
        sys.stdout.write("\n")
    return 0
