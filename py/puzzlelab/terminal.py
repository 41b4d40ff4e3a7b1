"""What every command-line verb does with the terminal: read grids, run a
request with progress, write the answer.

Progress goes to standard error only when it is a terminal (one line,
rewritten in place at most five times a second); a piped run stays silent.
Answers are written in one piece: a million-cell solution is one 6 MB write,
not millions of small ones.
"""

from __future__ import annotations

import io
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from puzzlelab import api, params
from puzzlelab.notation import PuzzleError

#: How often the progress line may change, in seconds.
PROGRESS_PERIOD = 0.2


def _read_limited(handle: TextIO, where: str) -> str:
    text = handle.read(params.MAX_GRID_CHARS + 1)
    if len(text) > params.MAX_GRID_CHARS:
        raise PuzzleError(f"{where} holds more than {params.MAX_GRID_CHARS:,} characters: "
                          "too long for a grid.")
    return text


def read_text(value: str) -> str:
    """A grid given on the command line: literal text, ``@PATH`` or ``-`` (stdin)."""
    if value == "-":
        try:
            return _read_limited(_stdin(), "Standard input")
        except UnicodeDecodeError as exc:
            raise PuzzleError("Standard input is not UTF-8 text.") from exc
        except OSError as exc:  # e.g. a directory (< /)
            raise PuzzleError(f"Standard input cannot be read: {exc.strerror or exc}.") from exc
    if value.startswith("@"):
        path = value[1:]
        with _open_grid_file(path) as handle:
            try:
                return _read_limited(handle, f"The grid file {path!r}")
            except UnicodeDecodeError as exc:
                raise PuzzleError(f"The grid file {path!r} is not UTF-8 text.") from exc
            except OSError as exc:  # e.g. a directory
                raise PuzzleError(f"Cannot read the grid file {path!r}: "
                                  f"{exc.strerror or exc}.") from exc
    return value


def _stdin() -> TextIO:
    """Standard input, or a sentence when the process was started with it closed (<&-)."""
    if sys.stdin is None:
        raise PuzzleError("Standard input is closed: give the grid as text or @PATH.")
    return sys.stdin


def _open_grid_file(path: str) -> TextIO:
    try:
        return open(path, encoding="utf-8")  # (the caller closes it)
    except OSError as exc:
        raise PuzzleError(f"Cannot read the grid file {path!r}: {exc.strerror or exc}.") from exc
    except ValueError as exc:  # e.g. a NUL in the path
        raise PuzzleError(f"Cannot read the grid file {path!r}: {exc}.") from exc


def read_lines(value: str) -> Iterator[tuple[int, str]]:
    """For ``--each``: the non-empty lines of ``value`` (``-`` standard input,
    ``@PATH`` a file, else the text itself), numbered from 1, one grid per
    line (rows joined by '/'). Read a line at a time, so that a batch of any
    length runs in little memory; a line may be as long as one grid."""
    if value != "-" and not value.startswith("@"):
        yield from _numbered(io.StringIO(value), "The text")
        return
    if value == "-":
        yield from _numbered(_stdin(), "Standard input")
        return
    path = value[1:]
    with _open_grid_file(path) as handle:
        yield from _numbered(handle, f"The grid file {path!r}")


def _numbered(handle: TextIO, where: str) -> Iterator[tuple[int, str]]:
    number = 0
    while True:
        try:
            line = handle.readline(params.MAX_GRID_CHARS + 1)
        except UnicodeDecodeError as exc:
            raise PuzzleError(f"{where} is not UTF-8 text (line {number + 1}).") from exc
        except OSError as exc:
            raise PuzzleError(f"{where} cannot be read: {exc.strerror or exc}.") from exc
        if not line:
            return
        number += 1
        if len(line) > params.MAX_GRID_CHARS:
            raise PuzzleError(f"Line {number} of {where[0].lower() + where[1:]} holds more "
                              f"than {params.MAX_GRID_CHARS:,} characters: too long for a grid.")
        if line.strip():
            yield number, line.strip()


class _Progress:
    """A progress line on standard error, rewritten in place; nothing when piped."""

    def __init__(self) -> None:
        self.shown = False
        self.last = 0.0

    def __call__(self, report: dict[str, Any]) -> None:
        now = time.monotonic()
        if now - self.last < PROGRESS_PERIOD:
            return
        self.last = now
        total = report["total"]
        share = f" {100 * report['done'] / total:.0f}%" if total else ""
        line = f"{report['message'] or 'Working'}{share}"[:78]
        sys.stderr.write(f"\r{line:<78}")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        if self.shown:
            sys.stderr.write("\r" + " " * 78 + "\r")
            sys.stderr.flush()


def call(request: dict[str, Any], progress: bool = True) -> dict[str, Any]:
    """Run ``request`` through the API and return its result, or raise its error."""
    shown = _Progress() if progress and sys.stderr.isatty() else None
    try:
        # A bug goes up to the command line's guard (console.py): one line.
        response = api.handle(request, shown, raise_bugs=True)
    except BrokenPipeError:
        raise
    except OSError as exc:
        # The system failed the job (a full disk under its work folder, no
        # processes left to start): not the answer's output, which comes after.
        raise PuzzleError(f"The job stopped: {_os_reason(exc)}.") from exc
    finally:
        if shown is not None:
            shown.clear()
    if not response["ok"]:
        raise PuzzleError(response["error"])
    return response["result"]


def _os_reason(exc: OSError) -> str:
    """An operating system error in words: what failed, and on which file."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return f"{reason} ({exc.filename})" if exc.filename else reason


def dumps(value: Any) -> str:
    """``value`` as compact JSON on one line."""
    # Answers are trees of fresh values, never circular: the check would cost a
    # lookup per list (a third of the time of half a million press pairs).
    return json.dumps(value, separators=(",", ":"), check_circular=False)


def write_json(value: Any) -> None:
    """``value`` as one line of compact JSON, written in one piece."""
    write_out(dumps(value) + "\n")


def write_out(text: str) -> None:
    """``text`` on standard output in as few system calls as the pipe takes.

    Straight to the file descriptor: Python's buffered writer does not always
    report a reader that went away after a partial write of a large block.
    """
    try:
        descriptor = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # a replaced stdout (tests)
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    data = memoryview(text.encode("utf-8"))
    while data:
        data = data[os.write(descriptor, data):]


def print_board(rows: list[str]) -> None:
    """A grid with a space between cells, in one write."""
    sys.stdout.write("".join(" ".join(row) + "\n" for row in rows))


# --- verbs ------------------------------------------------------------------------

#: Arguments that hold a grid: read with :func:`read_text` (``@PATH``, ``-``).
GRID_ARGUMENTS = ("game", "grid", "board")


@dataclass(frozen=True)
class Verb:
    """One command-line verb: the API command it asks, which of that command's
    arguments it takes (positional, then ``--options``; the descriptions in
    :mod:`puzzlelab.params` give their help, kinds and ranges), how it prints
    its answer for people, and real examples for ``--help``."""

    family: str
    name: str
    command: str
    help: str
    positionals: tuple[str, ...]
    options: tuple[str, ...]
    show: Callable[[dict[str, Any]], None]
    examples: tuple[str, ...]
    #: Optional: completes the request from the parsed words (beyond one word per argument).
    build: Callable[[Any, dict[str, Any]], None] | None = None
    #: Optional: the value written for ``--json`` and ``--each``, when it is not the answer as is.
    answer: Callable[[Any, dict[str, Any]], dict[str, Any]] | None = None
    #: Words of the command line only (no request argument of their own), read by
    #: ``build``: (name or flag, ``add_argument`` options).
    words: tuple[tuple[str, dict[str, Any]], ...] = ()

    @property
    def takes_grid(self) -> bool:
        """Whether the first positional is a grid (then ``--each`` applies)."""
        return bool(self.positionals) and self.positionals[0] in GRID_ARGUMENTS

    def arg(self, name: str) -> params.Arg:
        """The description of this verb's argument ``name``."""
        return params.spec(self.command, name)


def metavar(name: str) -> str:
    """How an argument is shown in usage lines: ``GRID``, ``ROWS``."""
    return {"game": "GRID"}.get(name, name.upper())


def option(name: str) -> str:
    """The option that sets argument ``name``: ``max_classes`` -> ``--max-classes``."""
    return "--" + name.replace("_", "-")


def request_of(verb: Verb, words: Any, grid: str | None = None) -> dict[str, Any]:
    """The request of a verb's parsed words (an argparse namespace), every value
    read and checked with its argument's description; ``grid`` (one line of
    ``--each``) stands for the grid argument when given."""
    request: dict[str, Any] = {"cmd": verb.command}
    for name in (*verb.positionals, *verb.options):
        value = getattr(words, name, None)
        if value is None or value is False:
            continue
        arg = verb.arg(name)
        if arg.kind == "bool":
            request[name] = True
        elif name in GRID_ARGUMENTS:
            request[name] = read_text(value) if grid is None else grid
        else:
            label = metavar(name) if name in verb.positionals else option(name)
            request[name] = params.from_text(arg, value, label)
    if verb.build is not None:
        verb.build(words, request)
    return request
