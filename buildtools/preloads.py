"""The main page's ``<link rel="modulepreload">`` lines for the registered
puzzles' modules, which ``web/index.html`` cannot name (it names no puzzle).

Every module under ``puzzles/`` that ``app.mjs`` imports statically (the
registry and each puzzle's move rules) and the first registered puzzle's
board with its own static imports, the board a first visit shows, go in
place of :data:`PRELOAD_MARK`; with them a preload of the first board's own
stylesheet, which it waits for before its first game.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from buildtools.common import WEB, fail

PRELOAD_MARK = "<!-- the puzzles' modules: buildtools/preloads.py -->"
_STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\s[^;]*?\bfrom\s+"(\.{1,2}/[^"]+)"|^\s*import\s+"(\.{1,2}/[^"]+)"',
    re.MULTILINE,
)


def static_imports(start: str, web: Path = WEB) -> list[str]:
    """``start`` and every module it imports statically, transitively (paths under ``web``)."""
    seen: list[str] = []
    todo = [start]
    while todo:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.append(path)
        for match in _STATIC_IMPORT.finditer((web / path).read_text(encoding="utf-8")):
            target = match[1] or match[2]
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), target)))
    return seen


def puzzle_preloads(web: Path = WEB) -> list[str]:
    """The modules under ``puzzles/`` the main page's first screen needs, in load order."""
    registry = (web / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    first = re.search(r'^\s+id: "([a-z0-9_-]+)"', registry, re.MULTILINE)
    starts = ["app.mjs"] + ([f"puzzles/{first[1]}/board.mjs"] if first else [])
    found = [path for start in starts for path in static_imports(start, web)]
    return list(dict.fromkeys(path for path in found if path.startswith("puzzles/")))


def write_puzzle_preloads(dist: Path) -> None:
    """Put :func:`puzzle_preloads` in place of ``PRELOAD_MARK`` in ``dist/index.html``."""
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    if PRELOAD_MARK not in text:
        fail(f"web/index.html has lost its mark {PRELOAD_MARK!r}")
    paths = puzzle_preloads(dist)
    links = [f'<link rel="modulepreload" href="{path}">' for path in paths]
    # The first board's own stylesheet, which it waits for before its first
    # game (board-style.mjs adds it): fetched at once, but as a preload, so
    # that it holds up no page's first paint (another puzzle's page never uses it).
    board = next((path for path in paths if path.endswith("/board.mjs")), None)
    sheet = board and re.search(r'static stylesheet = new URL\("\./([^"]+\.css)"',
                                (dist / board).read_text(encoding="utf-8"))
    if sheet:
        href = f"{posixpath.dirname(board)}/{sheet[1]}"
        links.insert(0, f'<link rel="preload" as="style" href="{href}">')
    page.write_text(text.replace(PRELOAD_MARK, "\n  ".join(links)), encoding="utf-8")
