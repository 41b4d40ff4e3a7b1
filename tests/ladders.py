"""What the ladder tests share (tests/test_levels.py and each puzzle's own
tests/<id>/test_<id>_levels.py): a family's ladder as the page reads it,
made once per run, and Python's answer to a request it must accept."""

from __future__ import annotations

import functools
from typing import Any

from puzzlelab import api, levels


@functools.cache
def shipped_ladder(family: str) -> dict[str, Any]:
    """``family``'s ladder as ``levels.json`` holds it: {unit, levels: [...]}."""
    made = levels.ladder(family)
    return {"unit": made.unit, "levels": [levels.shipped(level) for level in made.levels]}


def ok(request: dict[str, Any]) -> dict[str, Any]:
    """Python's result for ``request``, which it must accept."""
    answer = api.handle(request)
    assert answer["ok"], (request, answer)
    return answer["result"]
