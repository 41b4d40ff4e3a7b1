"""The main page's preloads: every module its first board needs, asked for
with the page itself rather than one import at a time.

``web/index.html`` names no puzzle and lists no module; in place of
:data:`PRELOAD_MARK` the build writes

* a ``<link rel="modulepreload" fetchpriority="low">`` for each module ``app.mjs`` imports
  statically, transitively (the shell, the registry and each puzzle's move
  rules): every page needs them all before ``app.mjs`` runs, and a module
  left out is fetched only once the one importing it has come, a round
  trip later;
* a ``<link rel="preload" as="fetch">`` for each of :data:`FIRST_FETCHES`;
* a small inline script that reads the puzzle the address names, as
  ``app.mjs``'s ``readHash`` does (``#ID``, ``#ID=GAME``, ``#ID&daily=…``;
  anything else is the first registered puzzle), and preloads that puzzle's
  board with its own static imports and its own stylesheet, which the board
  waits for before its first game. Those are known only once ``app.mjs``
  has run and imported the board; preloaded, they come with the shell's,
  and a page fetches no other puzzle's board.

Lighthouse's mobile Largest Contentful Paint (the board's first lines)
counts each round trip of that chain under its simulated slow 4G
(docs/web.md, "Lighthouse, mobile").
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path

from buildtools.common import WEB, fail

PRELOAD_MARK = "<!-- the modules the first board needs: buildtools/preloads.py -->"
_STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\s[^;]*?\bfrom\s+"(\.{1,2}/[^"]+)"|^\s*import\s+"(\.{1,2}/[^"]+)"',
    re.MULTILINE,
)
# What the shell fetches as soon as app.mjs runs, before a person does
# anything: the ladders (levels.mjs, for the play bar's Levels label and a
# level's win), preloaded when the build wrote them.
FIRST_FETCHES = ("levels.json",)
_REGISTRY_ID = re.compile(r'^\s*id: "([a-z0-9_-]+)"', re.MULTILINE)
_BOARD_STYLESHEET = re.compile(r'static stylesheet = new URL\("\./([^"]+\.css)"')


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


def registry_ids(web: Path = WEB) -> list[str]:
    """The registered puzzles' ids, in the registry's order (web/puzzles/index.mjs)."""
    return _REGISTRY_ID.findall((web / "puzzles" / "index.mjs").read_text(encoding="utf-8"))


def shell_preloads(web: Path = WEB) -> list[str]:
    """The modules ``app.mjs`` imports statically, transitively, in load order."""
    return static_imports("app.mjs", web)[1:]


def board_preloads(puzzle: str, web: Path = WEB) -> list[tuple[str, str]]:
    """What a page showing ``puzzle`` first needs beyond the shell: (href, kind) pairs,
    kind "module" for its board's modules and "style" for the board's own stylesheet."""
    board = f"puzzles/{puzzle}/board.mjs"
    shell = set(shell_preloads(web))
    found: list[tuple[str, str]] = []
    sheet = _BOARD_STYLESHEET.search((web / board).read_text(encoding="utf-8"))
    if sheet:
        found.append((f"{posixpath.dirname(board)}/{sheet[1]}", "style"))
    found += [(path, "module") for path in static_imports(board, web) if path not in shell]
    return found


def preload_markup(web: Path = WEB) -> str:
    """The lines that go in place of :data:`PRELOAD_MARK` (see the module's docstring).

    What every puzzle's board needs (the shared board modules) is a plain
    link too, so that the browser's preload scanner finds it with the shell's;
    the script adds only what differs by puzzle.
    """
    ids = registry_ids(web)
    if not ids:
        fail("web/puzzles/index.mjs registers no puzzle")
    boards = {puzzle: board_preloads(puzzle, web) for puzzle in ids}
    shared = [entry for entry in boards[ids[0]]
              if all(entry in needs for needs in boards.values())]
    own = {puzzle: [entry for entry in needs if entry not in shared]
           for puzzle, needs in boards.items()}
    # fetchpriority="low": none of them is needed for the first paint, which
    # waits for the stylesheets alone; on a slow network those come first.
    # (Lighthouse's simulation counts a high-priority module that happened
    # to arrive before the first paint as holding it up: under load its
    # First Contentful Paint was 1.2-2.4 s without this, 0.9-1.1 s with it;
    # docs/web.md, "Lighthouse, mobile".)
    links = [f'<link rel="modulepreload" fetchpriority="low" href="{path}">'
             for path in shell_preloads(web) + [path for path, _ in shared]]
    # crossorigin: the credentials mode of a plain fetch(), else the preload goes unused
    links += [f'<link rel="preload" as="fetch" href="{name}" crossorigin>'
              for name in FIRST_FETCHES if (web / name).exists()]
    chooser = (
        "<script>\n"
        "  // The shown puzzle's own board modules and stylesheet, as app.mjs's readHash\n"
        "  // reads the address (#ID, #ID=GAME, #ID&...; else the first registered puzzle).\n"
        "  (() => {\n"
        f"    const boards = {json.dumps(own, separators=(',', ':'))};\n"
        '    const id = location.hash.slice(1).split("&")[0].split("=")[0];\n'
        f"    for (const [href, kind] of boards[id] || boards[{json.dumps(ids[0])}]) {{\n"
        '      const link = document.createElement("link");\n'
        '      if (kind === "style") Object.assign(link, { rel: "preload", as: "style" });\n'
        '      else Object.assign(link, { rel: "modulepreload", fetchPriority: "low" });\n'
        "      link.href = href;\n"
        "      document.head.append(link);\n"
        "    }\n"
        "  })();\n"
        "  </script>"
    )
    return "\n  ".join([*links, chooser])


def write_preloads(dist: Path) -> None:
    """Put :func:`preload_markup` in place of ``PRELOAD_MARK`` in ``dist/index.html``."""
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    if PRELOAD_MARK not in text:
        fail(f"web/index.html has lost its mark {PRELOAD_MARK!r}")
    page.write_text(text.replace(PRELOAD_MARK, preload_markup(dist)), encoding="utf-8")
