"""Lights Out's game IDs keep the text they had before the game-ID kit.

A frozen copy of the pattern the kit replaced is the referee, over random
boards of every variant; and the page's rules read and write each ID to the same text.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import run_node
from puzzlelab.lightsout.board import Board
from puzzlelab.lightsout.variant import Variant

ROOT = Path(__file__).resolve().parents[2]

_OLD_LIGHTSOUT_ID = re.compile(r"(\d+)x(\d+)((?:;[^:;]*)*):([0-9a-fA-F]*)")


def random_lightsout(rng: random.Random) -> Board:
    rows, cols = rng.randrange(1, 30), rng.randrange(1, 30)
    variant = Variant(rng.choice(["cross", "king", "diagonal", "knight"]), rng.random() < 0.3,
                      rng.choice([2, 2, 3, 5, 9]))
    values = [rng.randrange(variant.states) for _ in range(rows * cols)]
    return Board.from_values(rows, cols, values, variant)


@settings(max_examples=150, deadline=None)
@given(st.randoms(use_true_random=False))
def test_lights_out_ids_are_the_text_they_were(rng: random.Random) -> None:
    board = random_lightsout(rng)
    match = _OLD_LIGHTSOUT_ID.fullmatch(board.game_id)
    assert match and (int(match[1]), int(match[2])) == (board.cols, board.rows)
    assert match[3] == board.variant.options
    assert Board.parse(board.game_id) == board


def test_every_id_round_trips_through_the_javascript_rules_too(node: str, tmp_path: Path) -> None:
    """Python's IDs, read and written again by the page's rules: the same text."""
    rng = random.Random(3737)
    ids = [random_lightsout(rng).game_id for _ in range(300)]
    rules = (ROOT / "web" / "puzzles" / "lightsout" / "rules.mjs").as_uri()
    script = f"""
      import {{ Board }} from {json.dumps(rules)};
      import {{ readFileSync }} from "node:fs";
      const ids = JSON.parse(readFileSync(process.argv[1], "utf8"));
      process.stdout.write(JSON.stringify(ids.map((id) => Board.parse(id).gameId)));
    """
    (tmp_path / "ids.json").write_text(json.dumps(ids))
    assert run_node(node, script, str(tmp_path / "ids.json")) == ids
