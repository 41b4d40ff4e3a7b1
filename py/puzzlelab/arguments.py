"""One argument of a request, described and checked: kinds, ranges, words.

The pieces every family's argument descriptions are made of (:class:`Arg`,
:data:`SEED`, :func:`side`, the text limits) and the checks of one value,
from a request (:func:`check_value`) or from a command-line word
(:func:`from_text`). It imports no family and nothing of the request surface:
the families' command modules build their descriptions from it, and
:mod:`puzzlelab.params` gathers them into the table of every command.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from puzzlelab import folders
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
    #: A text that names a folder to write in: checked by :func:`puzzlelab.folders.check`.
    folder: bool = False

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
        if self.folder:
            return "a folder that is there or can be made"
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


# --- the shared descriptions ---------------------------------------------------

SEED = Arg("seed", "int", "makes the result reproducible", low=0, high=MAX_SEED)


def game(help_text: str, max_chars: int = MAX_GRID_CHARS) -> Arg:
    """The required ``game`` argument: a grid or game ID, described by ``help_text``."""
    return Arg("game", "text", help_text, required=True, max_chars=max_chars)


def side(name: str, high: int, help_text: str, required: bool = True, low: int = 1) -> Arg:
    """A whole-number size or coordinate ``name`` from ``low`` to ``high``."""
    return Arg(name, "int", help_text, required=required, low=low, high=high)


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
    if arg.folder:
        folders.check(value, label)
    return value.strip().lower() if arg.choices else value


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
