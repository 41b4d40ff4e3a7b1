"""The game-ID toolkit, tested once for both languages: py/puzzlelab/notation.py
and web/rules/game-ids.mjs (the size prefix, run-length cells, clue lists).

Each kit round-trips what it writes, refuses what is malformed (Python in a
sentence, JavaScript by leaving it to Python), and the two agree on random
inputs. The puzzles' game IDs are the same text they were before the kits:
frozen copies of the code the kits replaced write and read many random
boards, and every sized family's IDs round-trip through both languages.
"""

from __future__ import annotations

import itertools
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import run_node
from puzzlelab.binairo.grid import Grid
from puzzlelab.lightsout.board import Board
from puzzlelab.lightsout.variant import Variant
from puzzlelab.notation import (
    PuzzleError,
    clue_list,
    decode_runs,
    encode_runs,
    parse_clue_list,
    read_sized,
    sized_id,
    sized_pattern,
)

ROOT = Path(__file__).resolve().parent.parent
KIT = (ROOT / "web" / "rules" / "game-ids.mjs").as_uri()

cells_text = st.text(alphabet="01.", max_size=300)
clue_lines = st.lists(st.lists(st.integers(0, 999), max_size=6), min_size=1, max_size=20)


# --- the Python kit -----------------------------------------------------------------


@given(cells_text)
def test_runs_round_trip_and_use_no_letter_twice_in_a_row_below_26(cells: str) -> None:
    text = encode_runs(cells)
    assert decode_runs(text, len(cells), "cells") == cells
    assert "." not in text
    # A run is one letter unless it is longer than 26: then z first.
    for first, second in itertools.pairwise(text):
        if first.isalpha() and second.isalpha():
            assert first == "z", text


@given(cells_text, st.integers(0, 5))
def test_runs_of_the_wrong_length_are_refused_in_a_sentence(cells: str, extra: int) -> None:
    text = encode_runs(cells)
    size = len(cells) + extra + 1
    said = rf"^The game ID's givens describe {len(cells)} cells, not {size}\.$"
    with pytest.raises(PuzzleError, match=said):
        decode_runs(text, size, "givens")


@given(clue_lines)
def test_clue_lists_round_trip(lines: list[list[int]]) -> None:
    text = clue_list(lines)
    assert parse_clue_list(text, len(lines), "row clues") == lines


@pytest.mark.parametrize(
    "text, count", [("1.2/3", 3), ("1..2/3", 2), ("a/3", 2), ("1./3", 2), ("1 2", 1)]
)
def test_malformed_clue_lists_are_refused_in_a_sentence(text: str, count: int) -> None:
    with pytest.raises(PuzzleError, match=r"^The game ID's row clues"):
        parse_clue_list(text, count, "row clues")


def test_the_sized_skeleton_reads_shape_options_and_parts_and_leaves_grids_alone() -> None:
    pattern = sized_pattern("[0-9a-f]*", options=True, parts=2)
    shapes: list[tuple[int, int]] = []
    sized, stripped = read_sized(
        " 3x2;wrap;k=3:ab:c \n", pattern, lambda r, c: shapes.append((r, c)), "no"
    )
    assert sized is not None
    assert (sized.cols, sized.rows, sized.options, sized.parts) == (3, 2, ";wrap;k=3", ("ab", "c"))
    assert shapes == [(2, 3)] and stripped == "3x2;wrap;k=3:ab:c"
    assert sized_id(3, 2, "ab", "c", options=";wrap;k=3") == stripped
    sized, stripped = read_sized("101/010", pattern, lambda r, c: None, "no")
    assert sized is None and stripped == "101/010"
    with pytest.raises(PuzzleError, match=r"^must be text$"):
        read_sized(None, pattern, lambda r, c: None, "must be text")


def test_a_shape_check_refuses_before_the_parts_are_read() -> None:
    def small(rows: int, cols: int) -> None:
        if rows * cols > 4:
            raise PuzzleError("too big")

    with pytest.raises(PuzzleError, match="too big"):
        read_sized("9x9:zz", sized_pattern("[a-z]*"), small, "no")


# --- the JavaScript kit agrees -----------------------------------------------------------


def js_kit(node: str, calls: list[list], folder: Path) -> list:
    """Each [name, ...args] called on web/rules/game-ids.mjs; a NotMine is "NotMine"."""
    given_file = folder / "calls.json"
    given_file.write_text(json.dumps(calls))
    script = f"""
      import * as kit from {json.dumps(KIT)};
      import {{ readFileSync }} from "node:fs";
      const calls = JSON.parse(readFileSync(process.argv[1], "utf8"));
      const out = calls.map(([name, ...args]) => {{
        try {{ return kit[name](...args); }} catch (error) {{ return error.name; }}
      }});
      process.stdout.write(JSON.stringify(out));
    """
    return run_node(node, script, str(given_file))


def test_the_javascript_kit_writes_and_reads_as_python_does(node: str, tmp_path: Path) -> None:
    rng = random.Random(37)
    calls: list[list] = []
    expected: list = []
    for _ in range(400):
        alphabet = "01..." if rng.random() < 0.5 else ".....0"
        cells = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 120)))
        text = encode_runs(cells)
        calls.append(["encodeRuns", cells])
        expected.append(text)
        calls.append(["decodeRuns", text, len(cells), "givens"])
        expected.append(cells)
        calls.append(["decodeRuns", text, len(cells) + 1, "givens"])
        expected.append("NotMine")
        lines = [[rng.randrange(0, 30) for _ in range(rng.randrange(0, 4))]
                 for _ in range(rng.randrange(1, 8))]
        calls.append(["clueList", lines])
        expected.append(clue_list(lines))
        calls.append(["parseClueList", clue_list(lines), len(lines), "row clues"])
        expected.append(lines)
        calls.append(["parseClueList", clue_list(lines) + "/x", len(lines) + 1, "row clues"])
        expected.append("NotMine")
        cols, rows = rng.randrange(1, 40), rng.randrange(1, 40)
        calls.append(["sizedId", cols, rows, [text, "ab"], ";wrap"])
        expected.append(sized_id(cols, rows, text, "ab", options=";wrap"))
        calls.append(["sizedShape", f" {cols}x{rows}:{text}"])
        expected.append([rows, cols])
    assert js_kit(node, calls, tmp_path) == expected


# --- the puzzles' game IDs are the text they were -----------------------------------------
# Frozen copies of the encoders and patterns the kits replaced (binary puzzle
# givens and entries, Lights Out's size and options): the referees.

_OLD_BINAIRO_ID = re.compile(r"(\d+)x(\d+):([01a-z]*)(?::([01a-z]*))?")
_OLD_LIGHTSOUT_ID = re.compile(r"(\d+)x(\d+)((?:;[^:;]*)*):([0-9a-fA-F]*)")


def _old_encode_cells(ones: tuple[int, ...], zeros: tuple[int, ...], cols: int) -> str:
    out = []
    run = 0
    for o, z in zip(ones, zeros, strict=True):
        for c in range(cols):
            digit = "1" if o >> c & 1 else "0" if z >> c & 1 else None
            if digit is None:
                run += 1
                if run == 26:
                    out.append("z")
                    run = 0
                continue
            if run:
                out.append(chr(ord("a") + run - 1))
                run = 0
            out.append(digit)
    if run:
        out.append(chr(ord("a") + run - 1))
    return "".join(out)


def _old_binairo_id(grid: Grid) -> str:
    size = f"{grid.cols}x{grid.rows}"
    given = _old_encode_cells(grid.given_ones, grid.given_zeros, grid.cols)
    if not any(grid.entry_ones) and not any(grid.entry_zeros):
        return f"{size}:{given}"
    return f"{size}:{given}:{_old_encode_cells(grid.entry_ones, grid.entry_zeros, grid.cols)}"


def random_binairo(rng: random.Random) -> Grid:
    rows, cols = rng.choice(range(2, 17, 2)), rng.choice(range(2, 17, 2))
    density = rng.random()
    givens = [(r, c, rng.choice("01"))
              for r in range(rows) for c in range(cols) if rng.random() < density]
    lines = ["".join("." for _ in range(cols)) for _ in range(rows)]
    for r, c, digit in givens:
        lines[r] = lines[r][:c] + digit + lines[r][c + 1:]
    grid = Grid.parse("/".join(lines))
    for r in range(rows):
        for c in range(cols):
            if not grid.is_given(r, c) and rng.random() < density / 2:
                grid = grid.with_entry(r, c, rng.choice("01"))
    return grid


def random_lightsout(rng: random.Random) -> Board:
    rows, cols = rng.randrange(1, 30), rng.randrange(1, 30)
    variant = Variant(rng.choice(["cross", "king", "diagonal", "knight"]), rng.random() < 0.3,
                      rng.choice([2, 2, 3, 5, 9]))
    values = [rng.randrange(variant.states) for _ in range(rows * cols)]
    return Board.from_values(rows, cols, values, variant)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_binary_puzzle_ids_are_the_text_they_were(rng: random.Random) -> None:
    grid = random_binairo(rng)
    old = _old_binairo_id(grid)
    assert grid.game_id == old
    again = Grid.parse(old)
    assert again == grid and again.game_id == old
    match = _OLD_BINAIRO_ID.fullmatch(old)
    assert match and (int(match[1]), int(match[2])) == (grid.cols, grid.rows)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_lights_out_ids_are_the_text_they_were(rng: random.Random) -> None:
    board = random_lightsout(rng)
    match = _OLD_LIGHTSOUT_ID.fullmatch(board.game_id)
    assert match and (int(match[1]), int(match[2])) == (board.cols, board.rows)
    assert match[3] == board.variant.options
    assert Board.parse(board.game_id) == board


def test_every_sized_id_round_trips_through_the_javascript_rules_too(
    node: str, tmp_path: Path
) -> None:
    """Python's IDs, read and written again by the page's rules: the same text."""
    rng = random.Random(3737)
    ids = {"binairo": [random_binairo(rng).game_id for _ in range(300)],
           "lightsout": [random_lightsout(rng).game_id for _ in range(300)]}
    rules = {family: (ROOT / "web" / "puzzles" / family / "rules.mjs").as_uri() for family in ids}
    script = f"""
      import {{ Grid }} from {json.dumps(rules["binairo"])};
      import {{ Board }} from {json.dumps(rules["lightsout"])};
      import {{ readFileSync }} from "node:fs";
      const ids = JSON.parse(readFileSync(process.argv[1], "utf8"));
      process.stdout.write(JSON.stringify({{
        binairo: ids.binairo.map((id) => Grid.parse(id).gameId),
        lightsout: ids.lightsout.map((id) => Board.parse(id).gameId),
      }}));
    """
    (tmp_path / "ids.json").write_text(json.dumps(ids))
    assert run_node(node, script, str(tmp_path / "ids.json")) == ids

