"""The command line: ``puzzlelab FAMILY VERB ...`` (or ``python -m puzzlelab``).

The verbs are the families' (each family's ``cli`` module, found through
:mod:`puzzlelab.families`); this module parses and runs them. Every verb
builds one request for :mod:`puzzlelab.api` (the same surface the web page
uses), its words read and checked with the argument descriptions of
:mod:`puzzlelab.params`, and prints the result, as JSON with ``--json`` or as
text for people. With ``--each`` a grid verb reads one grid per line and
writes one JSON object per line.

Exit codes: 0 done (an unsolvable board is an answer too), 1 the answer could
not be written (the reader went away, ``| head``: quietly; a closed output or a
full disk: one line), 2 bad input or a request that cannot be met, out of
memory included (one line on standard error), 130 interrupted (Ctrl-C), 70 a
bug (one line; ``PUZZLELAB_TRACEBACK=1`` prints its traceback).
:mod:`puzzlelab.console` runs :func:`main` and turns those ends into one line.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from puzzlelab import __version__, families
from puzzlelab.notation import PuzzleError
from puzzlelab.terminal import (
    Verb,
    call,
    dumps,
    metavar,
    option,
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
standard error); 130 Ctrl-C; 70 a bug in puzzlelab (one line;
PUZZLELAB_TRACEBACK=1 prints its traceback)."""


#: Every verb of every family, in the order of :data:`families.FAMILIES` (``--help``'s).
VERBS: tuple[Verb, ...] = tuple(verb for family in families.FAMILIES
                                for verb in families.cli(family).VERBS)


# --- the parser -------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``error: ... (see --help)``."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(USAGE_ERROR, f"error: {text} (see {self.prog} --help).\n")

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # An option's value is the word after it, whatever it looks like
        # (arrange() hands it over as --option=WORD). argparse (3.11, 3.12)
        # drops a '--' even there, and --goal=-- would give the option an
        # empty list as its value, which nothing downstream can read.
        if action.option_strings and action.nargs is None and arg_strings == ["--"]:
            value = self._get_value(action, "--")
            self._check_value(action, value)
            return value
        return super()._get_values(action, arg_strings)

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
        epilog="examples:\n" + "".join(f"  {families.cli(family).EXAMPLE}\n"
                                         for family in families.FAMILIES)
               + f"\n{GRIDS_WITH_DASHES}\n\n{EXIT_CODES}",
    )
    parser.add_argument("--version", action="version", version=f"puzzlelab {__version__}")
    family_parsers = parser.add_subparsers(dest="family", required=True, metavar="FAMILY")
    family_verbs: dict[str, argparse._SubParsersAction] = {}
    for family in families.FAMILIES:
        help_text = families.title(family)
        sub = family_parsers.add_parser(family, help=help_text, description=help_text + ".")
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
        name = _option_named(word.split("=", 1)[0], takes_value)
        if word == "--" and not after_dashes:
            after_dashes = True
        elif name is not None:
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


def _option_named(word: str, options: dict[str, bool]) -> str | None:
    """The option ``word`` names: itself, or the one option it begins, as
    argparse reads it (``--fewest`` for ``--fewest-moves``, ``--go`` for
    ``--goal``, whose value then is the next word as well); None otherwise."""
    if word in options:
        return word
    if word.startswith("--") and _OPTION_LIKE.fullmatch(word):
        found = [name for name in options if name.startswith(word)]
        if len(found) == 1:
            return found[0]
    return None


# --- running ------------------------------------------------------------------------


def _json_text(verb: Verb, words: argparse.Namespace, result: dict[str, Any]) -> str:
    """The ``--json`` line of an answer: the verb's JSON value of it, as compact JSON."""
    return dumps(result if verb.answer is None else verb.answer(words, result))


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
