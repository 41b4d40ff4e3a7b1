"""Each puzzle's home in the tests, found through the registries.

A puzzle's own tests live in ``tests/<id>/`` (unit) and ``tests/e2e/<id>/``
(browser); ``tests/<id>/facts.py`` declares what the cross-cutting tests need
to know about it (game IDs, a move, a saved game, what its counter shows...;
see :class:`PuzzleFacts`). The cross-cutting tests loop over :func:`all_facts`
and name no puzzle, so a new puzzle is covered by every one of them once its
two registry lines and its ``facts.py`` exist.

The ids come from both registries (the page's ``web/puzzles/index.mjs`` and
Python's ``families.py``), which must agree.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent


def registry_puzzles() -> list[str]:
    """The puzzle ids of the page's registry (web/puzzles/index.mjs), in its
    order: for tests that must hold on every puzzle, without naming one."""
    registry = (ROOT / "web" / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    return re.findall(r'^\s{4}id: "([a-z0-9]+)"', registry, re.MULTILINE)


def registry_puzzles_with(flag: str) -> list[str]:
    """The puzzles whose registry entry declares ``<flag>: true`` (``daily``,
    ``levels``), in the registry's order: for tests of what only some declare."""
    registry = (ROOT / "web" / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    entries = re.split(r'^\s{4}id: "', registry, flags=re.MULTILINE)[1:]
    declared = {entry.split('"', 1)[0] for entry in entries
                if re.search(rf"^\s{{4}}{flag}: true", entry.split("\n  }", 1)[0], re.MULTILINE)}
    return [puzzle for puzzle in registry_puzzles() if puzzle in declared]


def registry_titles() -> dict[str, str]:
    """Each puzzle's title in the page's registry (its tab), by id."""
    registry = (ROOT / "web" / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    return dict(re.findall(r'^\s{4}id: "([a-z0-9]+)",.*?^\s{4}title: "([^"]+)"', registry,
                           re.MULTILINE | re.DOTALL))


def registry_nouns() -> dict[str, str]:
    """Each puzzle's name in a sentence (the registry's ``noun``), by id."""
    registry = (ROOT / "web" / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    return dict(re.findall(r'^\s{4}id: "([a-z0-9]+)",.*?^\s{4}noun: "([^"]+)"', registry,
                           re.MULTILINE | re.DOTALL))


def family_names() -> list[str]:
    """The family names of Python's registry (families.py), in its order."""
    from puzzlelab.families import FAMILIES

    return list(FAMILIES)


def home(puzzle: str) -> Path:
    """The folder of ``puzzle``'s own unit tests (and its facts)."""
    return TESTS / puzzle


def e2e_home(puzzle: str) -> Path:
    """The folder of ``puzzle``'s own browser tests."""
    return TESTS / "e2e" / puzzle


def add_homes_to_path() -> None:
    """Put every puzzle's test homes on ``sys.path``, so that the helpers kept
    there (brute forces, referees, readers of shipped files, a board's page
    helpers) import by name from its facts and its other tests, whichever
    module pytest happens to collect first; and tests/e2e/, whose shared
    browser modules a puzzle's own browser tests import."""
    if str(TESTS / "e2e") not in sys.path:
        sys.path.append(str(TESTS / "e2e"))
    for puzzle in registry_puzzles():
        for folder in (str(home(puzzle)), str(e2e_home(puzzle))):
            if folder not in sys.path:
                sys.path.insert(0, folder)


@cache
def facts(puzzle: str) -> ModuleType:
    """``tests/<puzzle>/facts.py``, loaded once under the name ``<puzzle>_facts``."""
    path = home(puzzle) / "facts.py"
    if not path.exists():
        raise FileNotFoundError(
            f"{path.relative_to(ROOT)} is missing: every registered puzzle declares its "
            "test facts there (see docs/development.md, 'Adding a puzzle')")
    add_homes_to_path()
    spec = importlib.util.spec_from_file_location(f"{puzzle}_facts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def all_facts() -> list[ModuleType]:
    """Every registered puzzle's facts module, in the page's registry order."""
    return [facts(puzzle) for puzzle in registry_puzzles()]
