"""The package's import graph: no circles, and the core reaches families only
through the registry (the core knows no family; families import it)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzle_homes import facts, family_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "py" / "puzzlelab"
FAMILIES = tuple(family_names())
#: The request surface and its schema: no family code, families only via puzzlelab.families.
CORE = ("api", "params", "arguments", "cli", "terminal", "families", "jobs", "notation",
        "limits", "console", "folders")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The package modules ``path`` imports, at any depth of its code (lazy imports too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # "from puzzlelab import <family>" imports the module puzzlelab.<family>.
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found.update(name for name in names if name in modules)
    return found


def _graph() -> dict[str, set[str]]:
    paths = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    modules = set(paths)
    return {name: _imports(path, modules) - {name} for name, path in paths.items()}


def test_no_import_circle_in_the_package() -> None:
    graph = _graph()
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    circles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(graph[name]):
            if state.get(target) == 1:
                circles.append([*path[path.index(target):], target])
            elif target not in state:
                visit(target, [*path, target])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    # The request surface and each family's commands and verbs take part in none.
    # (The peg census engines' own pair is the census module's to untie.)
    ours = [circle for circle in circles
            if any(name.split(".")[-1] in (*CORE, "commands", "cli") for name in circle)]
    assert not ours, ours


def test_the_core_names_no_family() -> None:
    graph = _graph()
    for core in CORE:
        family_imports = {target for target in graph[f"puzzlelab.{core}"]
                          if target.split(".")[1:2] in ([f] for f in FAMILIES)}
        assert not family_imports, (core, family_imports)


@pytest.mark.parametrize("family", FAMILIES)
def test_a_request_loads_only_its_own_family(family: str) -> None:
    request = facts(family).load_request(facts(family).GAME)
    others = set(FAMILIES) - {family}
    script = ("import sys\nfrom puzzlelab import api\n"
              f"assert api.handle({request!r})['ok']\n"
              "loaded = {m.split('.')[1] for m in sys.modules if m.startswith('puzzlelab.')}\n"
              f"assert not loaded & {others!r}, loaded\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
