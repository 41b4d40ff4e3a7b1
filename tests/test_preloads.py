"""The main page's preloads (buildtools/preloads.py, written into
dist/index.html): every module the shown puzzle's first board needs is asked
for with the page, chosen by the address as app.mjs reads it, and a page
asks for no other puzzle's board.

The inline script that chooses is run by node, with the address each link
form gives (docs/web.md's table), and what it adds is checked against the
modules each board really imports and the files of dist/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import run_node
from puzzle_homes import registry_puzzles

LINK = re.compile(r'<link rel="(?:modulepreload|preload)"[^>]*\bhref="([^"]+)"')
CHOOSER = re.compile(r"<script>\n(.*?)</script>", re.DOTALL)


@pytest.fixture(scope="module")
def preloads(build_py: Any) -> ModuleType:
    from buildtools import preloads  # importable once build.py is loaded (its folder on the path)
    return preloads


@pytest.fixture(scope="module")
def page(dist_dir: Path) -> str:
    return (dist_dir / "index.html").read_text(encoding="utf-8")


def chosen(node: str, page: str, hashes: list[str]) -> dict[str, list[str]]:
    """What the page's inline script adds to the head, for each address's hash."""
    found = CHOOSER.search(page)
    assert found, "dist/index.html has no inline script choosing the board's preloads"
    script = (
        "import vm from 'node:vm';\n"
        f"const chooser = {json.dumps(found[1])};\n"
        "const added = {};\n"
        f"for (const hash of {json.dumps(hashes)}) {{\n"
        "  const links = added[hash] = [];\n"
        "  const head = { append: (link) => links.push(link) };\n"
        "  const document = { createElement: () => ({}), head };\n"
        "  vm.runInNewContext(chooser, { location: { hash }, document });\n"
        "}\n"
        "console.log(JSON.stringify(Object.fromEntries(Object.entries(added).map(\n"
        "  ([hash, links]) => [hash, links.map((l) => `${l.rel} ${l.as ?? ''} ${l.href}`)]))));\n"
    )
    return run_node(node, script)


def test_each_address_preloads_its_own_puzzles_board_alone(
    node: str, page: str, dist_dir: Path, preloads: ModuleType
) -> None:
    puzzles = registry_puzzles()
    forms = {f"#{p}": p for p in puzzles} | {f"#{p}=GAME%3A1": p for p in puzzles} \
        | {f"#{p}&daily=2026-01-01": p for p in puzzles} \
        | {"": puzzles[0], "#daily=2026-01-01": puzzles[0], "#no-such-puzzle": puzzles[0]}
    added = chosen(node, page, list(forms))
    static = set(LINK.findall(page))
    for hash, puzzle in forms.items():
        hrefs = {line.split()[-1] for line in added[hash]}
        assert f"puzzles/{puzzle}/board.mjs" in hrefs, (hash, added[hash])
        assert not [h for h in hrefs | static if h.startswith("puzzles/")
                    and h.split("/")[1] != puzzle and h.endswith("board.mjs")], hash
        # Everything the board imports, and everything app.mjs imports, comes with the page.
        needed = set(preloads.static_imports(f"puzzles/{puzzle}/board.mjs", dist_dir)) \
            | set(preloads.static_imports("app.mjs", dist_dir)[1:])
        assert needed <= hrefs | static, (hash, sorted(needed - hrefs - static))
        style = [line for line in added[hash] if line.startswith("preload style ")]
        assert all(line.split()[-1].startswith(f"puzzles/{puzzle}/") for line in style), style
    for href in static | {line.split()[-1] for lines in added.values() for line in lines}:
        assert (dist_dir / href).is_file(), f"dist/index.html preloads {href}, not in dist/"
