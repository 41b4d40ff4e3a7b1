"""The layout promises of docs/development.md, measured: files a person can hold
in mind, no import circles in the page, one folder and one registry entry per
puzzle on each side."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from puzzle_homes import registry_puzzles

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
PACKAGE = ROOT / "py" / "puzzlelab"

#: The guides for one module's length (docs/development.md): a split by job
#: keeps every module well under them.
JS_GUIDE = 700
PY_GUIDE = 900

#: Static imports and re-exports of a module (`import ... from "./x.mjs"`,
#: `export ... from`, `import "./x.mjs"`); dynamic import() loads lazily and
#: is no part of the graph a module needs to load.
STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\s[^;]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"',
    re.MULTILINE | re.DOTALL)


def _web_modules() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.mjs") if p.name != "params.mjs")


def _static_imports(path: Path) -> set[Path]:
    text = path.read_text(encoding="utf-8")
    found = set()
    for match in STATIC_IMPORT.finditer(text):
        target = (path.parent / (match.group(1) or match.group(2))).resolve()
        if target.suffix == ".mjs":
            found.add(target)
    return found


@pytest.mark.parametrize("path", _web_modules(), ids=lambda p: str(p.relative_to(WEB)))
def test_each_page_module_stays_under_the_guide(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= JS_GUIDE, f"{path.relative_to(ROOT)}: {lines} lines; split it by job"


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_python_module_stays_under_the_guide(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= PY_GUIDE, f"{path.relative_to(ROOT)}: {lines} lines; split it by job"


def test_the_page_has_no_import_circle() -> None:
    graph = {path.resolve(): _static_imports(path) for path in _web_modules()}
    assert sum(len(targets) for targets in graph.values()) > 50  # the parser sees the imports
    missing = {str(t.relative_to(ROOT)) for targets in graph.values() for t in targets
               if not t.exists() and t.name != "first-boards.mjs"}  # (written by the build)
    assert not missing, missing
    state: dict[Path, str] = {}

    def visit(node: Path, trail: list[Path]) -> None:
        state[node] = "open"
        for target in graph.get(node, ()):
            if state.get(target) == "open":
                circle = [*trail[trail.index(target):], target]
                names = " -> ".join(str(p.relative_to(WEB)) for p in circle)
                pytest.fail(f"import circle: {names}")
            if target not in state:
                visit(target, [*trail, target])
        state[node] = "done"

    for node in graph:
        if node not in state:
            visit(node, [node])


def test_the_core_of_the_page_names_no_puzzle() -> None:
    """Only web/puzzles/ knows the puzzles: the shared modules find them
    through the registry (web/puzzles/index.mjs) or are handed what they need."""
    core = [*WEB.glob("*.mjs"), *(WEB / "rules").glob("*.mjs")]
    for path in core:
        if path.name in ("params.mjs", "first-boards.mjs"):  # written from Python's tables
            continue
        code = re.sub(r"//[^\n]*|/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
        for name in registry_puzzles():
            assert f'"{name}' not in code and f"puzzles/{name}" not in code, (path.name, name)


def test_a_puzzle_is_one_folder_and_one_entry_on_each_side() -> None:
    from puzzlelab import families

    folders = sorted(p.name for p in (WEB / "puzzles").iterdir() if p.is_dir())
    registry = (WEB / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    entries = re.findall(r'^\s{4}id: "([a-z]+)"', registry, re.MULTILINE)
    assert sorted(entries) == folders == sorted(families.FAMILIES)
    for name in folders:
        assert (WEB / "puzzles" / name / "board.mjs").exists()
        assert (WEB / "puzzles" / name / "rules.mjs").exists()
        for module in ("__init__.py", "commands.py", "cli.py"):
            assert (PACKAGE / name / module).exists(), (name, module)
