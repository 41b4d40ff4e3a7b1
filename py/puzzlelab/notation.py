"""Text notations shared by every puzzle family: the game-ID toolkit.

A plain grid is its rows joined by ``/`` (newlines work too, so a grid can be
pasted from a file). A packed board is a hex string whose first digit holds
cells 0..3 in reading order, most significant bit first, so that the text
reads in the same order as the board.

A sized game ID is ``COLSxROWS[;OPTION…]:PART[:PART…]`` (:func:`sized_pattern`,
:func:`read_sized`, :func:`sized_id`): the size prefix, the options a family
allows, then its parts. A run-length part writes cells as they are, but a
run of 1 to 26 blank cells as one letter ``a`` to ``z`` (:func:`encode_runs`,
:func:`decode_runs`). A clue list is a number list per line, numbers joined
by ``.`` and lines by ``/`` (``3.1/2/0``: :func:`clue_list`,
:func:`parse_clue_list`). web/rules/game-ids.mjs is the same toolkit in
JavaScript; tests/test_game_ids.py tests both, and each against the other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass


class PuzzleError(ValueError):
    """Bad input from a user: the message is shown to them as it is."""


_ROW_SPLIT = re.compile(r"[/\n]")


def parse_rows(text: str, alphabet: str, meaning: str) -> list[str]:
    """Split a plain grid into its rows and check every character.

    ``alphabet`` lists the allowed cell characters and ``meaning`` explains
    them for the error message (e.g. ``"1 for a lit cell, 0 for a dark one"``).
    Spaces and tabs are ignored; empty lines at either end are dropped.
    """
    if not isinstance(text, str):
        raise PuzzleError("The grid must be text: rows joined by '/'.")
    cleaned = text.replace("\r", "").replace(" ", "").replace("\t", "").strip("/\n")
    if not cleaned:
        raise PuzzleError("The grid is empty: give rows joined by '/', e.g. 101/010/101.")
    rows = _ROW_SPLIT.split(cleaned)
    width = len(rows[0])
    for number, row in enumerate(rows, start=1):
        if not row:
            raise PuzzleError(f"Row {number} of the grid is empty.")
        for column, char in enumerate(row, start=1):
            if char not in alphabet:
                raise PuzzleError(
                    f"Unexpected character {char!r} at row {number}, column {column}; "
                    f"use {meaning}."
                )
        if len(row) != width:
            raise PuzzleError(
                f"The grid is not rectangular: row {number} has {len(row)} cells, "
                f"row 1 has {width}."
            )
    return rows


def rows_to_bits(rows: list[str], one: str) -> int:
    """The int whose bit ``r * width + c`` is set where ``rows[r][c] == one``."""
    # Reversed so that cell 0 becomes the least significant bit; int() does the
    # conversion in C, which matters for 1000x1000 boards.
    text = "".join(rows)[::-1]
    if not text:
        return 0
    table = str.maketrans({ch: "1" if ch == one else "0" for ch in set(text)})
    return int(text.translate(table), 2)


def bits_to_rows(bits: int, height: int, width: int, one: str = "1", zero: str = "0") -> list[str]:
    """The inverse of :func:`rows_to_bits` for a two-symbol grid."""
    size = height * width
    text = format(bits, f"0{size}b")[::-1] if size else ""
    if one != "1" or zero != "0":
        text = text.translate({ord("1"): one, ord("0"): zero})
    return [text[r * width : (r + 1) * width] for r in range(height)]


def bits_to_hex(bits: int, size: int) -> str:
    """Pack ``size`` cells (bit i = cell i) into hex digits in reading order."""
    digits = (size + 3) // 4
    if digits == 0:
        return ""
    text = format(bits, f"0{size}b")[::-1].ljust(digits * 4, "0")
    return format(int(text, 2), f"0{digits}x")


def hex_to_bits(text: str, size: int) -> int:
    """The inverse of :func:`bits_to_hex`; rejects wrong lengths and stray bits."""
    digits = (size + 3) // 4
    if len(text) != digits or not re.fullmatch(r"[0-9a-fA-F]*", text):
        raise PuzzleError(
            f"The board data should be {digits} hex digits for {size} cells, got {text[:40]!r}."
        )
    if digits == 0:
        return 0
    binary = format(int(text, 16), f"0{digits * 4}b")
    if "1" in binary[size:]:
        raise PuzzleError("The board data has bits set beyond the last cell.")
    return int(binary[:size][::-1], 2)


# --- sized game IDs ------------------------------------------------------------


def sized_pattern(part: str, *, options: bool = False, parts: int = 1) -> re.Pattern[str]:
    """The pattern of ``COLSxROWS[;OPTION…]:PART[:PART…]`` for :func:`read_sized`.

    ``part`` is a regular expression for one part (e.g. ``[0-9a-fA-F]*``);
    ``options``: whether ``;…`` options may follow the size; ``parts``: how
    many parts at most (the first one is required, the others optional).
    """
    written = r"((?:;[^:;]*)*)" if options else "()"
    more = "".join(rf"(?::({part}))?" for _ in range(parts - 1))
    return re.compile(rf"(\d+)x(\d+){written}:({part}){more}")


@dataclass(frozen=True)
class SizedId:
    """A sized game ID taken apart: its shape, its options text and its parts
    (``None`` for an optional part left out)."""

    cols: int
    rows: int
    options: str
    parts: tuple[str | None, ...]


def read_sized(
    text: object,
    pattern: re.Pattern[str],
    check_shape: Callable[[int, int], None],
    not_text: str,
) -> tuple[SizedId | None, str]:
    """The game-ID skeleton every sized family shares: ``text`` stripped, and
    taken apart when it is a sized game ID (its shape checked by
    ``check_shape(rows, cols)``, which raises), else ``None`` with the
    stripped text for the family's plain grid. Text that is not a string
    raises a PuzzleError saying ``not_text``.
    """
    if not isinstance(text, str):
        raise PuzzleError(not_text)
    stripped = text.strip()
    match = pattern.fullmatch(stripped)
    if not match:
        return None, stripped
    cols, rows = int(match[1]), int(match[2])
    check_shape(rows, cols)
    return SizedId(cols, rows, match[3], tuple(match.groups()[3:])), stripped


def sized_id(cols: int, rows: int, *parts: str, options: str = "") -> str:
    """``COLSxROWS[OPTIONS]:PART[:PART…]``, the inverse of :func:`read_sized`."""
    return f"{cols}x{rows}{options}:" + ":".join(parts)


# --- run-length cells --------------------------------------------------------------

_RUN_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def encode_runs(cells: str, blank: str = ".") -> str:
    """``cells`` (one character each) with every run of ``blank`` written as
    letters: ``a`` for one, ``z`` for 26 (a longer run takes several letters)."""
    out: list[str] = []
    for run, cell in re.findall(rf"({re.escape(blank)}*)([^{re.escape(blank)}]?)", cells):
        while run:
            out.append(_RUN_LETTERS[min(len(run), 26) - 1])
            run = run[26:]
        out.append(cell)
    return "".join(out)


def decode_runs(text: str, size: int, part: str, blank: str = ".") -> str:
    """The inverse of :func:`encode_runs`, which must give ``size`` cells (else a
    PuzzleError naming the game ID's ``part``, e.g. "givens")."""
    cells = "".join(
        blank * (ord(char) - ord("a") + 1) if "a" <= char <= "z" else char for char in text
    )
    if len(cells) != size:
        raise PuzzleError(f"The game ID's {part} describe {len(cells)} cells, not {size}.")
    return cells


# --- clue lists ------------------------------------------------------------------------


def clue_list(lines: Sequence[Sequence[int]]) -> str:
    """Numbers per line: ``[[3, 1], [2], []]`` is ``3.1/2/`` (an empty line is empty)."""
    return "/".join(".".join(str(number) for number in line) for line in lines)


_CLUE_LINE = re.compile(r"(?:[0-9]+(?:\.[0-9]+)*)?")


def parse_clue_list(text: str, count: int, part: str) -> list[list[int]]:
    """The inverse of :func:`clue_list`: ``count`` lines of whole numbers (else a
    PuzzleError naming the game ID's ``part``, e.g. "row clues")."""
    lines = text.split("/")
    if len(lines) != count:
        raise PuzzleError(f"The game ID's {part} give {len(lines)} lines, not {count}.")
    for number, line in enumerate(lines, start=1):
        if not _CLUE_LINE.fullmatch(line):
            raise PuzzleError(
                f"The game ID's {part}, line {number}: {line[:20]!r} is not numbers joined by '.'."
            )
    return [[int(n) for n in line.split(".")] if line else [] for line in lines]
