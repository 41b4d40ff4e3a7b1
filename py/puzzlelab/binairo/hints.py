"""Hints: the human rules, each step named with the cells it fills and the cells proving it.

easy: pair, sandwich, balance; medium: look-ahead and no-duplicate; hard:
contradiction (one value of a cell, propagated, leaves a line without a valid
completion). :func:`next_deduction` gives the easiest step on the known cells.

The rule names and levels (``rule``, ``level``) are the lab's words; a step's
``text`` is what the play screen says, in a player's words: what to look at
and why, with the three rules said as the player knows them (as many 0s as 1s
in each line, no three alike side by side, no two lines alike).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from puzzlelab.binairo.lines import bit_positions, transpose, valid_lines
from puzzlelab.binairo.solver import LineState
from puzzlelab.jobs import Steps, due, finish

RULE_LEVEL = {
    "pair": "easy",
    "sandwich": "easy",
    "balance": "easy",
    "lookahead": "medium",
    "duplicate": "medium",
    "contradiction": "hard",
}


@dataclass(frozen=True)
class Deduction:
    """One step a person could take: the rule, the cells it fills and the cells proving it."""

    rule: str
    cells: tuple[tuple[int, int, int], ...]  # (row, col, value)
    proof: tuple[tuple[int, int], ...]
    text: str

    @property
    def level(self) -> str:
        """easy, medium or hard."""
        return RULE_LEVEL[self.rule]


def _line_cells(kind: str, index: int, positions: int) -> list[tuple[int, int]]:
    return [(index, p) if kind == "row" else (p, index) for p in bit_positions(positions)]


def _describe(kind: str, index: int) -> str:
    return f"{kind} {index + 1}"


def _named(kind: str, index: int) -> str:
    """The line at the start of a sentence: "Row 3", "Column 2"."""
    return _describe(kind, index).capitalize()


def _easy_in_line(one: int, zero: int, length: int, kind: str, index: int) -> Deduction | None:
    full = (1 << length) - 1
    unknown = full & ~(one | zero)
    if not unknown:
        return None
    for rule in ("pair", "sandwich"):
        for digit, mask in (("1", one), ("0", zero)):
            if rule == "pair":
                pairs = mask & (mask >> 1)
                for p in bit_positions(pairs):
                    # The cells just before and just after the pair (none before at 0).
                    targets = (1 << (p + 2) | 1 << p >> 1) & unknown
                    if targets:
                        t = next(bit_positions(targets))
                        value = 1 - int(digit)
                        return Deduction(
                            "pair",
                            tuple((r, c, value) for r, c in _line_cells(kind, index, 1 << t)),
                            tuple(_line_cells(kind, index, 3 << p)),
                            f"{_named(kind, index)} has two {digit}s side by side: the "
                            f"highlighted cell next to them must be {value}, or there would be "
                            f"three {digit}s in a row.",
                        )
            else:
                gaps = mask & (mask >> 2) & (unknown >> 1)
                if gaps:
                    p = next(bit_positions(gaps))
                    value = 1 - int(digit)
                    return Deduction(
                        "sandwich",
                        tuple((r, c, value) for r, c in _line_cells(kind, index, 2 << p)),
                        tuple(_line_cells(kind, index, 5 << p)),
                        f"{_named(kind, index)} has one empty cell between two {digit}s: it "
                        f"must be {value}, or there would be three {digit}s in a row.",
                    )
    for digit, mask in (("1", one), ("0", zero)):
        if mask.bit_count() * 2 == length:
            value = 1 - int(digit)
            return Deduction(
                "balance",
                tuple((r, c, value) for r, c in _line_cells(kind, index, unknown)),
                tuple(_line_cells(kind, index, mask)),
                f"{_named(kind, index)} already has its {length // 2} {digit}s, half its "
                f"cells: a line holds as many 0s as 1s, so its empty cells are {value}s.",
            )
    return None


def _lines_of(
    ones: list[int], zeros: list[int], rows: int, cols: int
) -> Iterator[tuple[str, int, int, int, int, list[int], list[int]]]:
    cones, czeros = transpose(ones, cols), transpose(zeros, cols)
    for r in range(rows):
        yield "row", r, ones[r], zeros[r], cols, ones, zeros
    for c in range(cols):
        yield "column", c, cones[c], czeros[c], rows, cones, czeros


def _forced(cands: list[int] | tuple[int, ...], length: int) -> tuple[int, int]:
    full = (1 << length) - 1
    both, either = full, 0
    for v in cands:
        both &= v
        either |= v
    return both, ~either & full


def _medium_in_line(
    kind: str, index: int, one: int, zero: int, length: int,
    line_ones: list[int], line_zeros: list[int],
) -> Deduction | None:
    full = (1 << length) - 1
    unknown = full & ~(one | zero)
    if not unknown:
        return None
    cands = [v for v in valid_lines(length) if v & one == one and not v & zero]
    if not cands:
        return None
    f1, f0 = _forced(cands, length)
    f1 &= unknown
    f0 &= unknown
    if f1 | f0:
        cell = next(bit_positions(f1 | f0))
        value = 1 if f1 >> cell & 1 else 0
        return Deduction(
            "lookahead",
            tuple((r, c, value) for r, c in _line_cells(kind, index, 1 << cell)),
            tuple(_line_cells(kind, index, one | zero)),
            f"Look at {_describe(kind, index)}: every way to finish it with as many 0s as 1s "
            f"and never three alike side by side puts a {value} in the highlighted cell.",
        )
    done = {
        line_ones[o]: o
        for o in range(len(line_ones))
        if o != index and line_ones[o] | line_zeros[o] == full
    }
    kept = [v for v in cands if v not in done]
    if not kept:
        return None
    f1, f0 = _forced(kept, length)
    f1 &= unknown
    f0 &= unknown
    if f1 | f0:
        cell = next(bit_positions(f1 | f0))
        value = 1 if f1 >> cell & 1 else 0
        others = sorted(done[v] for v in cands if v in done)
        proof = _line_cells(kind, index, one | zero)
        for o in others:
            proof += _line_cells(kind, o, full)
        names = " or ".join(str(o + 1) for o in others)
        return Deduction(
            "duplicate",
            tuple((r, c, value) for r, c in _line_cells(kind, index, 1 << cell)),
            tuple(proof),
            f"Compare {_describe(kind, index)} with the full {kind} {names}: with a {1 - value} "
            f"in the highlighted cell, every way to finish {_describe(kind, index)} makes the "
            f"two alike, and no two lines may be alike, so the cell is {value}.",
        )
    return None


def next_deduction(ones: list[int], zeros: list[int], rows: int, cols: int,
                   strongest: str = "hard") -> Deduction | None:
    """The easiest single step on the known cells, trying easy rules before harder ones."""
    return finish(next_deduction_steps(ones, zeros, rows, cols, strongest))


def next_deduction_steps(ones: list[int], zeros: list[int], rows: int, cols: int,
                         strongest: str = "hard") -> Steps[Deduction | None]:
    """:func:`next_deduction`, pausing whenever a report is due."""
    lines = list(_lines_of(ones, zeros, rows, cols))
    for kind, index, one, zero, length, _, _ in lines:
        found = _easy_in_line(one, zero, length, kind, index)
        if found:
            return found
    if strongest == "easy":
        return None
    for kind, index, one, zero, length, lo, lz in lines:
        found = _medium_in_line(kind, index, one, zero, length, lo, lz)
        if found:
            return found
    if strongest == "medium":
        return None
    return (yield from contradiction_steps(ones, zeros, rows, cols))


def contradiction_steps(ones: list[int], zeros: list[int], rows: int, cols: int
                         ) -> Steps[Deduction | None]:
    """The first cell (reading order) where one value propagates to a clash,
    pausing whenever a report is due (a 16x16 grid tries hundreds of cells)."""
    base = LineState(rows, cols, ones, zeros)
    if base.propagate() is not None:
        return None
    full = (1 << cols) - 1
    for r in range(rows):
        for c in bit_positions(full & ~(ones[r] | zeros[r])):
            if (base.r1[r] | base.r0[r]) >> c & 1:
                # Propagation alone fills it: say so with the medium rules instead.
                continue
            if due():
                yield None
            for guess in (0, 1):
                trial = base.copy()
                trial.set(r, c, guess)
                failed = trial.propagate(dirty=({r}, {c}))
                if failed is None:
                    continue
                kind, index = failed
                length = cols if kind == "row" else rows
                proof = [(r, c), *_line_cells(kind, index, (1 << length) - 1)]
                return Deduction(
                    "contradiction",
                    ((r, c, 1 - guess),),
                    tuple(dict.fromkeys(proof)),
                    f"Try a {guess} in the highlighted cell and follow the rules from there: "
                    f"{_describe(kind, index)} is left with no way to finish, so the cell is "
                    f"{1 - guess}.",
                )
    return None
