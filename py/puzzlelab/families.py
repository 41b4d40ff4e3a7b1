"""The puzzle families, in one registry: name -> package and title.

Each family is a package of :mod:`puzzlelab` with two modules the core finds
here: ``commands`` (its argument descriptions ``ARGUMENTS``, request handlers
``HANDLERS`` and out-of-memory advice ``MEMORY_ADVICE``) and ``cli`` (its
command-line ``VERBS``). They are imported on first use, so that a request
for ``binairo.solve`` loads neither Lights Out nor peg solitaire; only what
lists every command (``describe``, the command line's parser) loads them all.

A family may also have a ``shipped`` module: what the web build answers once
with Python so that the page shows it at once (see :func:`shipped`).

Adding a family: its package, and one line here. This module imports no
family at load time, and nothing of the request surface: the core modules
(:mod:`puzzlelab.params`, :mod:`puzzlelab.api`, :mod:`puzzlelab.cli`) import
it, never the reverse.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

#: Family name (the ``family`` of ``family.verb`` requests and of the command
#: line) -> (its package, its title for ``--help``), in the order ``--help`` lists them.
FAMILIES: dict[str, tuple[str, str]] = {
    "lightsout": ("puzzlelab.lightsout", "Lights Out (XLightOff, Enlight, any size)"),
    "pegs": ("puzzlelab.pegs", "peg solitaire (English, French, triangle, ...)"),
    "binairo": ("puzzlelab.binairo", "binary puzzle (Takuzu, Binairo)"),
}


def family_of(command: str) -> str | None:
    """The family of request ``command`` (``"pegs"`` for ``"pegs.solve"``), or None."""
    family = command.split(".", 1)[0]
    return family if "." in command and family in FAMILIES else None


def commands(family: str) -> ModuleType:
    """The ``commands`` module of ``family`` (imported on first use)."""
    return importlib.import_module(FAMILIES[family][0] + ".commands")


def commands_of(command: str) -> ModuleType | None:
    """The ``commands`` module that answers request ``command``, or None when no family does."""
    family = family_of(command)
    return None if family is None else commands(family)


def cli(family: str) -> ModuleType:
    """The ``cli`` module of ``family`` (its ``VERBS``), imported on first use."""
    return importlib.import_module(FAMILIES[family][0] + ".cli")


def shipped(family: str) -> ModuleType | None:
    """The ``shipped`` module of ``family``, or None when it ships nothing.

    What the web build (``buildtools/shipped.py``) takes from it, each optional:
    ``FIRST_DEALS``, the deal requests a first visit picks one of at random
    (answered at build time, so no Python is needed to draw them); ``DAILY``,
    the daily puzzle's dealing request without its seed (the date) and the
    request that loads a game ID, for the shipped window of daily deals; and
    ``first_hints(answer)``, the hint requests a person may make before any
    move on a first board (``answer(request)`` gives Python's result).
    """
    name = FAMILIES[family][0] + ".shipped"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def title(family: str) -> str:
    """How ``--help`` names ``family``."""
    return FAMILIES[family][1]
