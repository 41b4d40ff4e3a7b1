"""The level ladders: each family's numbered levels, made by its own solvers.

A family declares a ladder with a module ``levels`` in its package whose
``ladder()`` returns its levels in order, easiest first, each a
:class:`Level`: the game ID the page loads, the par (the fewest presses, the
fewest moves or the cells to fill, as the family's solver computed it, never
typed) and a short label; and, optionally, the requests the page may make
on the level before Python has started (its fewest presses, its first
hint), whose answers are then shipped with it. The build (``build.py``)
writes every family's ladder into ``levels.json`` beside the page, which
draws a level at once, without Python, and keeps a person's progress on it
(``web/levels.mjs``).

This module is the generic driver: it finds the families that declare a
ladder through :mod:`puzzlelab.families`, names no family, and checks the
shape of what each gives.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from dataclasses import dataclass, field
from pathlib import Path

from puzzlelab import api
from puzzlelab.families import FAMILIES

#: The file the build writes beside the page.
LEVELS_FILE = "levels.json"


@dataclass(frozen=True)
class Level:
    """One rung of a ladder: the game to load, its par and how the ladder names it."""

    game: str
    par: int
    label: str
    #: Requests the page may make on the level before Python starts, answered here.
    asks: tuple[dict, ...] = field(default=())


@dataclass(frozen=True)
class Ladder:
    """A family's levels in order and the unit of their par ("presses", "moves", ...)."""

    unit: str
    levels: tuple[Level, ...]


def families_with_levels() -> list[str]:
    """The families whose package has a ``levels`` module, in the registry's order."""
    return [name for name, (package, _) in FAMILIES.items()
            if importlib.util.find_spec(f"{package}.levels") is not None]


def ladder(family: str) -> Ladder:
    """The ladder ``family`` declares, its shape checked (ValueError on a bad one)."""
    made = importlib.import_module(f"{FAMILIES[family][0]}.levels").ladder()
    if not isinstance(made, Ladder) or not made.levels:
        raise ValueError(f"{family}: ladder() gave no levels")
    seen: set[str] = set()
    for number, level in enumerate(made.levels, 1):
        if (not isinstance(level.game, str) or not level.game or type(level.par) is not int
                or level.par < 1 or not isinstance(level.label, str)):
            raise ValueError(f"{family}: level {number} is malformed: {level!r}")
        if level.game in seen:
            raise ValueError(f"{family}: level {number} repeats an earlier level's game")
        seen.add(level.game)
    return made


def request_key(request: dict) -> str:
    """A request as one text with its keys sorted (the page's requestKey, rules/common.mjs)."""
    return json.dumps(request, sort_keys=True, separators=(",", ":"))


def shipped(level: Level) -> dict:
    """A level as the page reads it: game, par, label and Python's answers to its asks."""
    answers = {}
    for request in level.asks:
        answer = api.handle(dict(request))
        if not answer["ok"]:
            raise ValueError(f"Python refused {request} of level {level.game}: {answer['error']}")
        answers[request_key(request)] = answer["result"]
    return {"game": level.game, "par": level.par, "label": level.label, "answers": answers}


def ladders() -> dict[str, dict]:
    """Every declared ladder as the page reads it: {family: {unit, levels: [...]}}."""
    return {family: {"unit": made.unit, "levels": [shipped(level) for level in made.levels]}
            for family in families_with_levels() for made in [ladder(family)]}


def write(target: Path) -> Path:
    """Write :func:`ladders` as JSON to ``target`` (the build's ``levels.json``)."""
    target.write_text(json.dumps(ladders(), separators=(",", ":")) + "\n")
    return target
