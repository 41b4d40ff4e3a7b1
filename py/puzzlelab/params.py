"""The arguments of every request, described once: names, kinds, ranges, defaults.

:mod:`puzzlelab.api` checks each request against its command's description
before the command runs, so a handler only ever sees values of the right kind
and range; the command line builds its options from the same descriptions and
reads its words with :func:`from_text`; the web worker forwards requests to the
API, which also answers ``{"cmd": "describe"}`` with these descriptions as JSON.

Ranges are those the solvers handle: sides up to :data:`lightsout.MAX_SIDE`
(what the page offers), binary puzzles up to 16x16, peg boards up to 64 holes,
so that a board of 10^9 x 10^9 is refused at once instead of attempted.
Keys a command does not describe are ignored (the worker adds its own).
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from puzzlelab import binairo, lightsout, pegs
from puzzlelab.notation import PuzzleError

#: The longest grid text accepted: a 1000x1000 board with a space between
#: cells and CRLF line ends is about 2 million characters.
MAX_GRID_CHARS = 4_000_000
#: The longest short text (a name, a stencil, a hole, a difficulty).
MAX_WORD_CHARS = 200
#: Peg and binary-puzzle grids are small (64 holes, 16x16 cells).
MAX_SMALL_GRID_CHARS = 20_000
#: Seeds are whole numbers that fit 63 bits (JavaScript makes them too).
MAX_SEED = 2**63 - 1

KINDS = ("int", "number", "bool", "text", "level", "cell")


@dataclass(frozen=True)
class Arg:
    """One argument of a command.

    ``kind`` is one of :data:`KINDS`: ``int`` a whole number in ``low..high``;
    ``number`` any finite number in ``low..high``; ``bool`` true or false;
    ``text`` a string of at most ``max_chars`` (one of ``choices`` when given);
    ``level`` one of ``choices`` or a whole number in ``low..high``; ``cell``
    a ``[row, column]`` pair of whole numbers in ``0..high``. A ``default`` of
    None means "absent" (the command then decides, e.g. a board's own rules).
    """

    name: str
    kind: str
    help: str
    required: bool = False
    default: Any = None
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()
    max_chars: int = MAX_WORD_CHARS
    #: What the number counts ("seconds"), for messages; empty when it goes without saying.
    unit: str = ""

    def describe(self) -> str:
        """What a valid value is, in words: "a whole number from 1 to 1000"."""
        if self.kind == "int":
            return f"a whole number from {_number(self.low)} to {self._limit(self.high)}"
        if self.kind == "number":
            return f"a number from {_number(self.low)} to {self._limit(self.high)}"
        if self.kind == "bool":
            return "true or false"
        if self.kind == "cell":
            return f"a [row, column] pair of whole numbers from 0 to {_number(self.high)}"
        if self.kind == "level":
            return (f"{', '.join(self.choices)} or a whole number from {_number(self.low)} "
                    f"to {_number(self.high)}")
        if self.choices:
            return _listing(self.choices)
        return "text"

    def _limit(self, value: float | None) -> str:
        """A bound with its unit: "600 seconds"."""
        return _number(value) + (f" {self.unit}" if self.unit else "")

    def as_json(self) -> dict[str, Any]:
        """This description as a JSON-ready dict (the ``describe`` command)."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "help": self.help,
                               "required": self.required, "default": self.default,
                               "accepts": self.describe()}
        if self.low is not None:
            out["low"] = self.low
        if self.high is not None:
            out["high"] = self.high
        if self.choices:
            out["choices"] = list(self.choices)
        if self.kind == "text":
            out["max_chars"] = self.max_chars
        return out


def _number(value: float | None) -> str:
    """A bound in words, exactly (never rounded: "600", "1,000,000", "2^63 - 1")."""
    if value is None:
        return "?"
    if value == MAX_SEED:
        return "2^63 - 1"
    if isinstance(value, float):
        return repr(value).removesuffix(".0")
    return f"{value:,}" if abs(value) >= 10_000 else str(value)


def _listing(choices: tuple[str, ...]) -> str:
    return ", ".join(choices[:-1]) + (" or " if len(choices) > 1 else "") + choices[-1]


# --- the descriptions --------------------------------------------------------

_LO_SIDE = lightsout.MAX_SIDE
_LO_STATES = lightsout.MAX_STATES
_BIN_SIDE = binairo.MAX_SIDE


def _game(help_text: str, max_chars: int = MAX_GRID_CHARS) -> Arg:
    return Arg("game", "text", help_text, required=True, max_chars=max_chars)


LIGHTS_GAME = _game("the board: rows of digits joined by '/' (0 dark, 1 lit; 0..K-1 with "
                    "K states) or a game ID like 5x5:1f8c4a0")
VARIANT = (
    Arg("neighbourhood", "text", "which lights a press changes: cross (default), king, "
        "diagonal, knight, or a stencil such as 010.111.010"),
    Arg("wrap", "bool", "join opposite edges (a torus)"),
    Arg("states", "int", "states per light; a press adds 1 modulo K (default 2)",
        low=2, high=_LO_STATES),
)
SEED = Arg("seed", "int", "makes the result reproducible", low=0, high=MAX_SEED)
LIGHTS_SOLVING = (
    Arg("method", "text", "chase (fast, default) or dense (elimination over all cells, "
        "classic rules only: the slow baseline)", default="chase", choices=("chase", "dense")),
    Arg("prove", "bool", "search much longer (minutes) to prove the fewest presses",
        default=False),
)
BIN_GAME = _game("rows of 0, 1 and . joined by '/', or a game ID like 6x6:1b0...",
                 MAX_SMALL_GRID_CHARS)
PEG_GRID = Arg("grid", "text", "o peg, . empty hole, - no hole, rows joined by '/'; "
               "or a board name for its usual start", required=True,
               max_chars=MAX_SMALL_GRID_CHARS)
PEG_GOAL = Arg("goal", "text", "the goal: a hole r,c (zero-based), centre, any, or a final "
               "pattern grid (default: the centre, else any)", max_chars=MAX_SMALL_GRID_CHARS)


def _side(name: str, high: int, help_text: str, required: bool = True, low: int = 1) -> Arg:
    return Arg(name, "int", help_text, required=required, low=low, high=high)


COMMANDS: dict[str, tuple[Arg, ...]] = {
    "ping": (),
    "describe": (),
    "lightsout.new": (
        _side("rows", _LO_SIDE, "rows of the board"),
        _side("cols", _LO_SIDE, "columns of the board (default: as many as rows)", False),
        *VARIANT,
        SEED,
        Arg("difficulty", "level", "easy, medium, hard, or the number of fewest presses",
            choices=("easy", "medium", "hard"), low=1, high=_LO_SIDE * _LO_SIDE),
        Arg("random", "bool", "a random solvable board (default), or all dark", default=True),
    ),
    "lightsout.load": (LIGHTS_GAME, *VARIANT),
    "lightsout.press": (
        LIGHTS_GAME, *VARIANT,
        _side("row", _LO_SIDE - 1, "the pressed cell's row (from 0)", low=0),
        _side("col", _LO_SIDE - 1, "the pressed cell's column (from 0)", low=0),
    ),
    "lightsout.solve": (
        LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING,
        Arg("press_list", "bool", "list the presses as [row, col] pairs (true, default) or "
            "give only press_grid (false: a fifth of the size)", default=True),
    ),
    "lightsout.analyse": (LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING),
    "lightsout.gallery": (LIGHTS_GAME, *VARIANT),
    "lightsout.hint": (LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING),
    "lightsout.solution_board": (LIGHTS_GAME, *VARIANT, *LIGHTS_SOLVING),
    "binairo.load": (BIN_GAME,),
    "binairo.empty": (
        _side("rows", _BIN_SIDE, "rows (even, 2 to 16)", low=2),
        _side("cols", _BIN_SIDE, "columns (even, 2 to 16; default: as many as rows)", False, 2),
    ),
    "binairo.set": (
        BIN_GAME,
        _side("row", _BIN_SIDE - 1, "the cell's row (from 0)", low=0),
        _side("col", _BIN_SIDE - 1, "the cell's column (from 0)", low=0),
        Arg("value", "text", "the digit: 0, 1, or . to clear", required=True,
            choices=("0", "1", ".")),
    ),
    "binairo.new": (
        _side("rows", _BIN_SIDE, "rows (even, 2 to 16)", low=2),
        _side("cols", _BIN_SIDE, "columns (even, 2 to 16; default: as many as rows)", False, 2),
        Arg("difficulty", "text", "easy, medium or hard", default="medium",
            choices=("easy", "medium", "hard")),
        SEED,
    ),
    "binairo.solve": (BIN_GAME,),
    "binairo.hint": (BIN_GAME,),
    "binairo.count": (BIN_GAME,),
    "binairo.minimize": (
        BIN_GAME,
        Arg("seed", "int", "order of removal", default=0, low=0, high=MAX_SEED),
        Arg("budget", "number", "seconds of random restarts for the fewest clues",
            default=0, low=0, high=600, unit="seconds"),
    ),
    "pegs.boards": (),
    "pegs.load": (PEG_GRID, PEG_GOAL),
    "pegs.move": (
        PEG_GRID, PEG_GOAL,
        Arg("from", "cell", "the jumping peg's [row, column]", required=True,
            high=pegs.MAX_HOLES),
        Arg("to", "cell", "the empty hole it lands in, [row, column]", required=True,
            high=pegs.MAX_HOLES),
    ),
    "pegs.status": (
        PEG_GRID, PEG_GOAL,
        Arg("budget", "int", "positions the quick verdict may search", default=70_000,
            low=1, high=100_000_000),
    ),
    "pegs.hint": (PEG_GRID, PEG_GOAL),
    "pegs.solve": (PEG_GRID, PEG_GOAL),
    "pegs.count": (PEG_GRID, PEG_GOAL),
    "pegs.census": (
        Arg("board", "text", "english, french, wiegleb, diamond, triangle, or a grid of the "
            "board", required=True, max_chars=MAX_SMALL_GRID_CHARS),
        Arg("start", "text", "the empty hole at the start (r,c), or a start grid",
            max_chars=MAX_SMALL_GRID_CHARS),
        PEG_GOAL,
        Arg("engine", "text", "auto (numpy when it can be imported), numpy or python",
            default="auto", choices=("auto", "numpy", "python")),
        Arg("max_classes", "int", "stop when a level passes N positions up to symmetry",
            low=1, high=10**12),
        Arg("pure_max_classes", "int", "the same stop for the pure Python engine only "
            "(default: max_classes)", low=1, high=10**12),
        Arg("numpy", "bool", "(the web worker loads numpy first)"),
        Arg("numpy_error", "text", "why numpy could not be loaded (from the web worker)",
            max_chars=2000),
    ),
}


def spec(command: str, name: str) -> Arg:
    """The description of argument ``name`` of ``command``."""
    for arg in COMMANDS[command]:
        if arg.name == name:
            return arg
    raise KeyError(f"{command} has no argument {name!r}")


# --- checking -------------------------------------------------------------------


def _what(value: Any) -> str:
    """What a JSON value is, for a message ("a list", "true", "a fraction")."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return _shown_int(value)
    if isinstance(value, float):
        # repr: the shortest text that reads back as this very number (never rounded).
        return "a number that is not finite" if not math.isfinite(value) else repr(value)
    if isinstance(value, str):
        return "text" if len(value) > 40 else repr(value)
    if isinstance(value, (list, tuple)):
        if len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                   and v.bit_length() <= 64 for v in value):
            return f"[{value[0]}, {value[1]}]"
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def _shown_int(value: int) -> str:
    """An integer as text, or its size when it is too long to print (or to convert)."""
    if value.bit_length() <= 64:
        return str(value)
    digits = int(value.bit_length() * math.log10(2)) + 1
    return f"a number of about {digits:,} digits"


def _fits(arg: Arg, value: int | float) -> bool:
    return (arg.low is None or value >= arg.low) and (arg.high is None or value <= arg.high)


def _bad(arg: Arg, value: Any, label: str) -> PuzzleError:
    if (arg.kind in ("int", "level") and isinstance(value, float) and value.is_integer()):
        # 5.0 is a whole number, but a request writes whole numbers without a point.
        return PuzzleError(f"{label} must be {arg.describe()}, written without a decimal "
                           f"point; {_what(value)} is not.")
    return PuzzleError(f"{label} must be {arg.describe()}; {_what(value)} is not.")


def _out_of_range(arg: Arg, value: Any, label: str, shown: str | None = None) -> PuzzleError:
    """The value (as given: ``shown``) and the bound it passes, exactly."""
    shown = _what(value) if shown is None else shown
    if arg.high is not None and value > arg.high:
        return PuzzleError(f"{label} is {shown}, above the limit of {arg._limit(arg.high)}.")
    return PuzzleError(f"{label} is {shown}, below the minimum of {arg._limit(arg.low)}.")


def check_value(arg: Arg, value: Any, label: str | None = None) -> Any:
    """``value`` if it fits ``arg``, else a :class:`PuzzleError` naming ``label``."""
    label = label or repr(arg.name)
    kind = arg.kind
    is_int = isinstance(value, int) and not isinstance(value, bool)
    if kind == "bool":
        if not isinstance(value, bool):
            raise _bad(arg, value, label)
        return value
    if kind == "int" or (kind == "level" and not isinstance(value, str)):
        if not is_int:
            raise _bad(arg, value, label)
        if not _fits(arg, value):
            raise _out_of_range(arg, value, label)
        return value
    if kind == "number":
        if not is_int and not (isinstance(value, float) and math.isfinite(value)):
            raise _bad(arg, value, label)
        if not _fits(arg, value):
            raise _out_of_range(arg, value, label)
        return value
    if kind == "cell":
        if (not isinstance(value, list) or len(value) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            raise _bad(arg, value, label)
        if not all(0 <= v <= (arg.high or 0) for v in value):
            raise PuzzleError(f"{label} is {_what(value)}, off the board: its row and column "
                              f"must be from 0 to {_number(arg.high)}.")
        return value
    # text, and a level given as text
    if not isinstance(value, str):
        raise _bad(arg, value, label)
    if len(value) > arg.max_chars:
        raise PuzzleError(f"{label} is too long: {len(value):,} characters, at most "
                          f"{arg.max_chars:,}.")
    if arg.choices and value.strip().lower() not in arg.choices:
        raise _bad(arg, value, label)
    return value.strip().lower() if arg.choices else value


def check(command: str, request: Mapping[str, Any]) -> dict[str, Any]:
    """The request's arguments checked against ``command``'s description.

    Returns a new dict with ``cmd``, every argument given (not null), and the
    defaults of those absent that have one. Raises :class:`PuzzleError` with
    one sentence for the first argument that does not fit.
    """
    out: dict[str, Any] = {"cmd": command}
    for arg in COMMANDS[command]:
        value = request.get(arg.name)
        if value is None:
            if arg.required:
                raise PuzzleError(f"The request needs {arg.name!r} ({arg.describe()}).")
            if arg.default is not None:
                out[arg.name] = arg.default
            continue
        out[arg.name] = check_value(arg, value)
    return out


def describe() -> dict[str, Any]:
    """Every command's arguments as JSON (the ``describe`` command's answer)."""
    return {"commands": {name: [arg.as_json() for arg in args]
                         for name, args in sorted(COMMANDS.items())}}


# --- the command line's words -----------------------------------------------------

# A number as people type one: ASCII digits, a point, an exponent. Decimal reads
# it exactly, so that the range check is exact too (600.0000000001 is above 600,
# though the nearest float of 600.00000000000000001 is 600).
_ASCII_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?([0-9]+))?")
_NOT_FINITE = re.compile(r"[+-]?(?:inf|infinity|nan|snan)", re.IGNORECASE)
#: Exponents beyond this many digits are clamped: Decimal holds exponents up to
#: 18 digits, and 1e(10^15) is beyond every range here anyway.
_EXPONENT_DIGITS = 15


def _exact(word: str) -> Decimal | None:
    """``word`` as an exact decimal number, or None when it is not one."""
    match = _ASCII_NUMBER.fullmatch(word)
    if match is None:
        return None
    exponent = match.group(1)
    if exponent is not None and len(exponent.lstrip("0")) > _EXPONENT_DIGITS:
        word = word[:match.start(1)] + "9" * _EXPONENT_DIGITS
    return Decimal(word)


def from_text(arg: Arg, text: str, label: str) -> Any:
    """A command-line word read as ``arg``'s kind and checked like a request value.

    Numbers are read exactly and compared with the range exactly; a refusal
    quotes the word as given and names the bound it passes. Only ASCII digits
    make numbers ('²' and other Unicode digits do not); a whole number may be
    written 1000, 1e3 or 1000.0.
    """
    word = text.strip()
    numeric = arg.kind in ("int", "number") or (arg.kind == "level"
                                                and word.lower() not in arg.choices)
    if not numeric:
        return check_value(arg, text, label)
    value = _exact(word)
    if value is None:
        raise PuzzleError(f"{label} must be {arg.describe()}; {_shown_text(text)} is not"
                          f"{_why_not_a_number(word)}.")
    whole = arg.kind in ("int", "level")
    if whole and value != value.to_integral_value():
        raise PuzzleError(f"{label} must be {arg.describe()}; {_shown_text(text)} is not "
                          "a whole number.")
    if not _fits(arg, value):
        raise _out_of_range(arg, value, label, _shown_number(text))
    if whole:
        return check_value(arg, int(value), label)
    # In range, so the conversion is small; the nearest float stays in range, and
    # "-0" is 0. A plain whole number stays an int, as JSON would give it.
    number = int(value) if _ASCII_INT.fullmatch(word) else float(value) + 0.0
    return check_value(arg, number, label)


_ASCII_INT = re.compile(r"[+-]?[0-9]+")


def _why_not_a_number(word: str) -> str:
    if _NOT_FINITE.fullmatch(word):
        return " a finite number"
    if any(ch.isdigit() and not ch.isascii() for ch in word):
        return " written in the digits 0-9"
    return ""


def _shown_text(text: str) -> str:
    return repr(text) if len(text) <= 40 else f"{text[:37]!r}..."


def _shown_number(text: str) -> str:
    """A number word as given, for a message: bare when it is plain, else quoted."""
    if len(text) > 60:
        return f"{text[:40]}... ({len(text):,} characters)"
    return text if text == text.strip() else repr(text)
