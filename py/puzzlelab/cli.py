"""The command line: ``puzzlelab FAMILY VERB ...`` (or ``python -m puzzlelab``).

Every verb builds one request for :mod:`puzzlelab.api` (the same surface the
web page uses), its words read and checked with the argument descriptions of
:mod:`puzzlelab.params`, and prints the result, as JSON with ``--json`` or as
text for people. With ``--each`` a grid verb reads one grid per line and
writes one JSON object per line.

Exit codes: 0 done (an unsolvable board is an answer too), 1 the answer could
not be written (the reader went away, ``| head``: quietly; a closed output or a
full disk: one line), 2 bad input or a request that cannot be met, out of
memory included (one line on standard error), 130 interrupted (Ctrl-C).
:mod:`puzzlelab.console` runs :func:`main` and turns those ends into one line.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import re
import sys
from collections.abc import Sequence
from itertools import compress
from typing import Any, NoReturn

from puzzlelab import __version__, params
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import cli as pegs_cli
from puzzlelab.terminal import (
    Verb,
    call,
    dumps,
    metavar,
    option,
    print_board,
    read_lines,
    request_of,
    write_json,
    write_out,
)

DONE, USAGE_ERROR = 0, 2
PROG = "puzzlelab"

GRIDS_WITH_DASHES = """\
A grid that begins with '-' (peg boards do: --ooo--/...) is read as a grid,
not an option, wherever a grid is taken; to be explicit put '--' before it,
give it as @FILE or on standard input (-), or name the board (english)."""

EXIT_CODES = """\
exit codes: 0 done (an unsolvable board is an answer too); 1 the answer could
not be written (the reader went away, a closed output, a full disk); 2 bad
input or a request that cannot be met, out of memory included (one line on
standard error); 130 Ctrl-C."""


# --- Lights Out ---------------------------------------------------------------


def _lightsout_solve_show(result: dict[str, Any]) -> None:
    state = call({"cmd": "lightsout.load", "game": result["game"]}, progress=False)
    print(f"{state['cols']}x{state['rows']} board, {state['lit']} lit.")
    print(result["explanation"])
    if result["solvable"] and result["press_count"]:
        if state["variant"]["states"] == 2:
            print("Press the cells marked X:")
            marks = [list(row) for row in state["grid"].split("/")]
            for r, row in enumerate(result["press_grid"].split("/")):
                for c, count in enumerate(row):
                    if count != "0":
                        marks[r][c] = "X"
            print_board(["".join(row) for row in marks])
        else:
            print("Press each cell this many times (. not at all):")
            print_board(result["press_grid"].replace("0", ".").split("/"))
    print(f"Kernel dimension: {result['kernel_dimension']}.")


def _lightsout_solve_build(words: argparse.Namespace, request: dict[str, Any]) -> None:
    # The API gives the compact press grid; the list, when asked for, is
    # written from it by _lightsout_solve_json (the same JSON, in a fraction of the time).
    request["press_list"] = False


def _lightsout_solve_json(words: argparse.Namespace, result: dict[str, Any]) -> str:
    """The answer's JSON, ``presses`` listed as the API lists them unless ``--presses grid``.

    A 1000x1000 board has half a million presses: pairs made one by one as
    Python lists and encoded one by one took most of the run, so each row's
    pairs are picked from precomputed texts in C (``compress``) instead.
    """
    text = dumps(result)
    if words.presses == "grid":
        return text
    grid = result["press_grid"]
    # ("presses" is a top-level key; inside a JSON string its quotes would be escaped.)
    return text.replace('"presses":null', f'"presses":{_press_list_json(grid)}', 1)


def _press_list_json(grid: str | None) -> str:
    """``[[row, col], ...]`` of a press grid, a cell pressed n times listed n times."""
    if grid is None:
        return "[]"
    rows = grid.split("/")
    if re.search("[2-9]", grid):  # k states: few cells, counts above 1
        return dumps([[r, c] for r, row in enumerate(rows) for c, n in enumerate(row)
                      for _ in range(int(n))])
    ends = [f"{c}]" for c in range(len(rows[0]))]
    pressed = bytes.maketrans(b"01", b"\x00\x01")
    parts = []
    for r, row in enumerate(rows):
        picked = list(compress(ends, row.encode("ascii").translate(pressed)))
        if picked:
            head = f"[{r},"
            parts.append(head + ("," + head).join(picked))
    return "[" + ",".join(parts) + "]"


def _lightsout_analyse_show(result: dict[str, Any]) -> None:
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

LIGHTSOUT = (
    Verb("lightsout", "solve", "lightsout.solve",
         "fewest presses that turn every light off, or why there are none",
         ("game",), (*VARIANT_OPTIONS, "prove", "method"), _lightsout_solve_show,
         ("puzzlelab lightsout solve 11111/11111/11111/11111/11111",
          "puzzlelab lightsout solve 0120/1000/0000 --states 3 --wrap --json",
          "puzzlelab lightsout solve - --each --presses grid < boards.txt"),
         _lightsout_solve_build, _lightsout_solve_json,
         (("--presses", {"choices": ("list", "grid"), "default": "list",
                         "help": "in the JSON, the presses as [row, col] pairs (list, default) "
                                 "or only as press_grid, rows of press counts (grid: smaller)"}),)),
    Verb("lightsout", "analyse", "lightsout.analyse",
         "rank, kernel, solvable boards, quiet patterns, fewest presses",
         ("game",), (*VARIANT_OPTIONS, "prove"), _lightsout_analyse_show,
         ("puzzlelab lightsout analyse 10000/00000/00000/00000/00000",
          "puzzlelab lightsout analyse 1111/1111/1111 --neighbourhood king --json",
          "puzzlelab lightsout analyse @board.txt --prove   # minutes on a 39x39 board")),
    Verb("lightsout", "random", "lightsout.new", "a random solvable board",
         ("rows", "cols"), ("seed", "difficulty", *VARIANT_OPTIONS), _show_game,
         ("puzzlelab lightsout random 10 --seed 7 --difficulty hard",
          "puzzlelab lightsout random 6 8 --states 3 --wrap --json")),
)


# --- binary puzzle ----------------------------------------------------------------


def _binairo_size(words: argparse.Namespace, request: dict[str, Any]) -> None:
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


def _binairo_solve_show(result: dict[str, Any]) -> None:
    print({0: "No solution.", 1: "Exactly one solution: a good puzzle.",
           2: "Several solutions: not a good puzzle."}[result["solutions"]])
    for name in ("solution", "second"):
        if result[name]:
            print(f"{'First' if name == 'solution' else 'Second'} solution:"
                  if result["second"] else "Solution:")
            print_board(result[name])
    if result["difficulty"]:
        print(f"Difficulty: {result['difficulty']}.")


def _binairo_count_show(result: dict[str, Any]) -> None:
    print(f"{result['count']:,} solutions ({result['seconds']} s).")


def _binairo_hint_show(result: dict[str, Any]) -> None:
    print(result["text"])


def _binairo_minimize_show(result: dict[str, Any]) -> None:
    print(f"{result['clues']} clues left of {result['clues_before']} "
          f"({result['difficulty']}); no clue can be removed.")
    print_board(result["givens"].split("/"))
    print(result["game"])


def _binairo_generate_show(result: dict[str, Any]) -> None:
    print(f"{result['difficulty']} puzzle, {result['clues']} clues, seed {result['seed']}:")
    print_board(result["givens"].split("/"))
    print(result["game"])


BINAIRO = (
    Verb("binairo", "solve", "binairo.solve",
         "solve; say whether the puzzle is good (one solution)", ("game",), (),
         _binairo_solve_show,
         ("puzzlelab binairo solve 1..0../....../..1.../....../0...1./......",
          "puzzlelab binairo solve - --each < puzzles.txt")),
    Verb("binairo", "count", "binairo.count", "the exact number of solutions", ("game",), (),
         _binairo_count_show,
         ("puzzlelab binairo count 6x6:1zi",
          "puzzlelab binairo count ..../..../..../.... --json")),
    Verb("binairo", "hint", "binairo.hint", "the next deduction, naming the rule", ("game",), (),
         _binairo_hint_show,
         ("puzzlelab binairo hint 6x6:e1a0a00c1g00f0e",
          "puzzlelab binairo hint 1..0../....../..1.../....../0...1./...... --json")),
    Verb("binairo", "minimize", "binairo.minimize", "remove clues while the puzzle stays good",
         ("game",), ("seed", "budget"), _binairo_minimize_show,
         ("puzzlelab binairo minimize 0110/1001/0101/1010",
          "puzzlelab binairo minimize @solution.txt --budget 5 --json")),
    Verb("binairo", "generate", "binairo.new", "a good puzzle of a difficulty",
         (), ("difficulty", "seed"), _binairo_generate_show,
         ("puzzlelab binairo generate 8 --seed 7",
          "puzzlelab binairo generate 10x8 --difficulty hard --json"),
         _binairo_size,
         words=(("size", {"metavar": "SIZE", "help": "N or COLSxROWS, even sides 2 to 16"}),)),
)

VERBS: tuple[Verb, ...] = (*LIGHTSOUT, *pegs_cli.VERBS, *BINAIRO)
FAMILIES = {
    "lightsout": "Lights Out (XLightOff, Enlight, any size)",
    "pegs": "peg solitaire (English, French, triangle, ...)",
    "binairo": "binary puzzle (Takuzu, Binairo)",
}


# --- the parser -------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``error: ... (see --help)``."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(USAGE_ERROR, f"error: {text} (see {self.prog} --help).\n")

    def _print_message(self, message: str, file: Any = None) -> None:
        # argparse's own swallows write errors: --help > /dev/full would end
        # "done" with nothing written. Let them reach the guard (console.py).
        if message:
            file = file or sys.stdout
            if file is sys.stderr:  # (the error line itself: nothing more to say if it fails)
                with contextlib.suppress(OSError):
                    file.write(message)
            else:
                file.write(message)


def _add_verb(verbs: argparse._SubParsersAction, verb: Verb) -> argparse.ArgumentParser:
    examples = "\n".join(f"  {line}" for line in verb.examples)
    sub = verbs.add_parser(
        verb.name, help=verb.help, description=verb.help[0].upper() + verb.help[1:] + ".",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog=f"examples:\n{examples}\n\n{EXIT_CODES}",
    )
    for position, name in enumerate(verb.positionals):
        arg = verb.arg(name)
        extra: dict[str, Any] = {}
        if not arg.required or (position == 0 and verb.takes_grid):  # (--each: stdin)
            extra["nargs"] = "?"
        help_text = arg.help
        if position == 0 and verb.takes_grid:
            help_text += "; @PATH reads a file, - standard input"
        sub.add_argument(name, metavar=metavar(name), help=help_text, **extra)
    for name, settings in verb.words:
        sub.add_argument(name, **settings)
    for name in verb.options:
        arg = verb.arg(name)
        if arg.kind == "bool":
            sub.add_argument(option(name), dest=name, action="store_true", help=arg.help)
        else:
            choices = f" ({arg.describe()})" if arg.kind != "text" or arg.choices else ""
            sub.add_argument(option(name), dest=name, metavar=metavar(name).replace("_", "-"),
                             help=arg.help + choices)
    sub.add_argument("--json", action="store_true", help="print one JSON object")
    if verb.takes_grid:
        sub.add_argument("--each", action="store_true",
                         help="read one grid per line (from GRID: - or @PATH; standard input "
                              "when GRID is left out) and write one JSON object per line")
    sub.set_defaults(verb=verb)
    return sub


#: The parser of each (family, verb), for reading grids that begin with '-'.
_VERB_PARSERS: dict[tuple[str, str], argparse.ArgumentParser] = {}


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``puzzlelab``: one sub-command per family."""
    parser = _Parser(
        prog=PROG,
        description="Play, solve, analyse and count 0/1-cell puzzles.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        epilog="examples:\n  puzzlelab lightsout solve 11111/11111/11111/11111/11111\n"
               "  puzzlelab pegs solve english\n  puzzlelab binairo generate 8 --seed 7\n\n"
               f"{GRIDS_WITH_DASHES}\n\n{EXIT_CODES}",
    )
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    families = parser.add_subparsers(dest="family", required=True, metavar="FAMILY")
    family_verbs: dict[str, argparse._SubParsersAction] = {}
    for family, help_text in FAMILIES.items():
        sub = families.add_parser(family, help=help_text, description=help_text + ".")
        family_verbs[family] = sub.add_subparsers(dest="verb_name", required=True,
                                                  metavar="VERB")
    for verb in VERBS:
        _VERB_PARSERS[verb.family, verb.name] = _add_verb(family_verbs[verb.family], verb)
    return parser


# An unknown option as a person would type one (argparse then names it); a
# word that does not look like this, such as --ooo--/... or -5x5:0, is a value.
_OPTION_LIKE = re.compile(r"--?[A-Za-z][A-Za-z0-9]*(-[A-Za-z0-9]+)*")


def arrange(argv: Sequence[str]) -> list[str]:
    """The words reordered so that argparse takes grids beginning with '-' as values.

    After FAMILY VERB, every word that is not one of the verb's options (nor
    an option's value, nor an unknown word shaped like an option before a
    ``--``) is a positional value; they go after a '--', in their order, so
    that argparse cannot mistake ``--ooo--/--ooo--/...`` for an option. The
    verb's own options still count after a ``--`` given by the person
    (``pegs solve -- --ooo--/... --json``).
    """
    words = list(argv)
    names: list[str] = []
    index = 0
    while index < len(words) and len(names) < 2:
        if not words[index].startswith("-"):
            names.append(words[index])
        index += 1
    parser = _VERB_PARSERS.get((names[0], names[1])) if len(names) == 2 else None
    if parser is None:
        return words
    takes_value = {opt: action.nargs != 0 for action in parser._actions
                   for opt in action.option_strings}
    head, options, values = words[:index], [], []
    rest = words[index:]
    position, after_dashes = 0, False
    while position < len(rest):
        word = rest[position]
        name = word.split("=", 1)[0]
        if word == "--" and not after_dashes:
            after_dashes = True
        elif name in takes_value:
            # (Even after '--': no grid of any puzzle spells an option's name.)
            if takes_value[name] and "=" not in word and position + 1 < len(rest):
                position += 1
                word = f"{word}={rest[position]}"
            options.append(word)
        elif _OPTION_LIKE.fullmatch(word) and not after_dashes:
            options.append(word)
        else:
            values.append(word)
        position += 1
    return head + options + (["--", *values] if values else [])


# --- running ------------------------------------------------------------------------


def _json_text(verb: Verb, words: argparse.Namespace, result: dict[str, Any]) -> str:
    return dumps(result) if verb.json_text is None else verb.json_text(words, result)


def _run_each(verb: Verb, words: argparse.Namespace) -> int:
    """``--each``: one request per line of the grid argument, one JSON line per answer."""
    grid_name = verb.positionals[0]
    failed = total = 0
    for number, line in read_lines(getattr(words, grid_name)):
        total += 1
        try:
            result = call(request_of(verb, words, line), progress=False)
        except PuzzleError as exc:
            failed += 1
            write_json({"line": number, "error": str(exc)})
            continue
        write_out(_json_text(verb, words, result) + "\n")
    if failed:
        print(f"error: {failed} of {total} lines were not answered (see their \"error\").",
              file=sys.stderr)
        return USAGE_ERROR
    return DONE


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        words = parser.parse_args(arrange(sys.argv[1:] if argv is None else argv))
    except SystemExit as stop:  # --help, --version, or a usage error (printed already)
        return stop.code if isinstance(stop.code, int) else USAGE_ERROR
    verb: Verb = words.verb
    if verb.takes_grid and getattr(words, verb.positionals[0]) is None:
        if not words.each:
            print(f"error: the following arguments are required: "
                  f"{metavar(verb.positionals[0])} (see {PROG} {verb.family} {verb.name} "
                  "--help).", file=sys.stderr)
            return USAGE_ERROR
        setattr(words, verb.positionals[0], "-")  # --each reads standard input by default
    try:
        if verb.takes_grid and words.each:
            return _run_each(verb, words)
        # One request, then the process ends: the cycle collector would only
        # rescan the million small objects of a large answer (a third of the
        # CPU time of a 1000x1000 solve --json).
        collecting = gc.isenabled()
        gc.disable()
        try:
            result = call(request_of(verb, words))
            if words.json:
                write_out(_json_text(verb, words, result) + "\n")
            else:
                verb.show(result)
        finally:
            if collecting:
                gc.enable()
    except PuzzleError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    return DONE
