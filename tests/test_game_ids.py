"""The game-ID toolkit, tested once for both languages: py/puzzlelab/notation.py
and web/rules/game-ids.mjs (the size prefix, run-length cells, clue lists).

Each kit round-trips what it writes, refuses what is malformed (Python in a
sentence, JavaScript by leaving it to Python), and the two agree on random
inputs. That each puzzle's game IDs are the text they were before the kits
is checked in the puzzle's own tests (tests/<id>/test_<id>_game_ids.py).
"""

from __future__ import annotations

import itertools
import json
import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import run_node
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
