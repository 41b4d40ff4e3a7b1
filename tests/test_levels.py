"""The level ladders the build ships (py/puzzlelab/levels.py): every puzzle whose
registry entry says `levels: true` has one (and no other), every level loads,
the build writes them, and a
malformed ladder is refused. Each puzzle's own tests (tests/<id>/test_<id>_levels.py)
check its pars by an independent method and that its ladder climbs."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from ladders import ok
from puzzle_homes import facts, registry_puzzles
from puzzlelab import levels


@functools.cache
def ladders() -> dict[str, dict]:
    return levels.ladders()



def test_every_puzzle_declaring_levels_has_a_ladder_and_every_level_loads() -> None:
    assert list(ladders()) == levels.families_with_levels()
    assert [p for p in registry_puzzles() if p in ladders()] == list(ladders())
    registry = (Path(__file__).parent.parent / "web" / "puzzles" / "index.mjs").read_text()
    assert registry.count("levels: true") == len(ladders())
    for family, ladder in ladders().items():
        assert ladder["levels"], family
        for level in ladder["levels"]:
            assert isinstance(level["par"], int) and level["par"] >= 1, (family, level)
            # Python loads it as the board would a link, and it is not won yet.
            state = ok(facts(family).load_request(level["game"]))
            assert not state.get("won"), (family, level)


def test_the_build_writes_the_ladders_as_json(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "ladders", ladders)  # made once for the module
    written = levels.write(tmp_path / levels.LEVELS_FILE)
    assert json.loads(written.read_text()) == ladders()


@pytest.mark.parametrize("family", levels.families_with_levels())
def test_a_malformed_ladder_is_refused(family: str, monkeypatch: pytest.MonkeyPatch) -> None:
    module = __import__(f"puzzlelab.{family}.levels", fromlist=["ladder"])
    for bad in (levels.Ladder("x", ()),
                levels.Ladder("x", (levels.Level("a", 0, "l"),)),
                levels.Ladder("x", (levels.Level("a", 1, "l"), levels.Level("a", 2, "l")))):
        monkeypatch.setattr(module, "ladder", lambda bad=bad: bad)
        with pytest.raises(ValueError):
            levels.ladder(family)
