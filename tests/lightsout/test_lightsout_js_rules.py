"""Lights Out's own checks of the page's rules, beside the differential test of
test_js_rules.py: every 3x3 pattern against an independent brute force."""

from __future__ import annotations

import random

from lightsout_brute import after_presses, offsets_of, stencil_of

from rules_differential import Recorder


def test_every_3x3_pattern_presses_as_brute_force_does(node: str) -> None:
    """Every non-empty 3x3 pattern (off centre, without the pressed cell,
    lopsided), walls and wrap, k = 2..5, on boards up to 4x4: a press of every
    cell answers as the independent press of tests/lightsout/lightsout_brute.py, in
    Python and in the page's rules; a pattern without cells is refused alike."""
    record = Recorder()
    rng = random.Random(16)
    for mask in range(1, 512):
        for wrap in (False, True):
            k, rows, cols = rng.randint(2, 5), rng.randint(1, 4), rng.randint(1, 4)
            values = [rng.randrange(k) for _ in range(rows * cols)]
            text = "".join(map(str, values))
            grid = "/".join(text[r * cols:(r + 1) * cols] for r in range(rows))
            loaded = record({"cmd": "lightsout.load", "game": grid,
                             "neighbourhood": stencil_of(mask), "wrap": wrap, "states": k})
            for cell in range(rows * cols):
                row, col = divmod(cell, cols)
                answer = record({"cmd": "lightsout.press", "game": loaded["result"]["game"],
                                 "row": row, "col": col})
                once = [int(i == cell) for i in range(rows * cols)]
                pressed = after_presses(values, once, rows, cols, offsets_of(mask), wrap, k)
                text = "".join(map(str, pressed))
                assert answer["result"]["grid"] == "/".join(
                    text[r * cols:(r + 1) * cols] for r in range(rows)), (mask, wrap, k, cell)
    for empty in ("000.000.000", "0", "00000.00000.00000"):
        refused = record({"cmd": "lightsout.press", "game": "2x2:9", "row": 0, "col": 0,
                          "neighbourhood": empty})
        assert refused == {"ok": False, "error": "A neighbourhood stencil needs at least one cell."}
    record.compare(node)
