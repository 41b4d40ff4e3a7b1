"""The binary puzzle's game IDs keep the text they had before the game-ID kit.

A frozen copy of the encoder the kit replaced is the referee, over random
grids with givens and entries; and the page's rules read and write each ID to the same text.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import run_node
from puzzlelab.binairo.grid import Grid

ROOT = Path(__file__).resolve().parents[2]

_OLD_BINAIRO_ID = re.compile(r"(\d+)x(\d+):([01a-z]*)(?::([01a-z]*))?")


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


def test_every_id_round_trips_through_the_javascript_rules_too(node: str, tmp_path: Path) -> None:
    """Python's IDs, read and written again by the page's rules: the same text."""
    rng = random.Random(3737)
    ids = [random_binairo(rng).game_id for _ in range(300)]
    rules = (ROOT / "web" / "puzzles" / "binairo" / "rules.mjs").as_uri()
    script = f"""
      import {{ Grid }} from {json.dumps(rules)};
      import {{ readFileSync }} from "node:fs";
      const ids = JSON.parse(readFileSync(process.argv[1], "utf8"));
      process.stdout.write(JSON.stringify(ids.map((id) => Grid.parse(id).gameId)));
    """
    (tmp_path / "ids.json").write_text(json.dumps(ids))
    assert run_node(node, script, str(tmp_path / "ids.json")) == ids
