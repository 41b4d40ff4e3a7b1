"""Text notations shared by every puzzle family: plain grids and packed bits.

A plain grid is its rows joined by ``/`` (newlines work too, so a grid can be
pasted from a file). A packed board is a hex string whose first digit holds
cells 0..3 in reading order, most significant bit first, so that the text
reads in the same order as the board.
"""

from __future__ import annotations

import re


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
