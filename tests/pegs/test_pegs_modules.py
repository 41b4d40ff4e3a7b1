"""The peg solitaire package is split by job: its modules import one another in
layers (no circle, counting the imports inside functions too), each says its
job and stays a readable size, and the census engine is chosen in one place."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PEGS = ROOT / "py" / "puzzlelab" / "pegs"
MAX_LINES = 900


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT / "py").with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported_modules(path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that ``path`` imports anywhere in its body (lazy imports too).

    ``from package import name`` imports the submodule ``package.name`` when
    there is one, else the package itself (a name it defines).
    """
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                found.add(sub if sub in known else node.module)
    own = module_name(path) if path.is_relative_to(ROOT / "py") else None
    return found & known - {own}


def pegs_graph() -> dict[str, set[str]]:
    paths = sorted(PEGS.glob("*.py"))
    known = {module_name(p) for p in paths}
    return {module_name(p): imported_modules(p, known) for p in paths}


def test_the_import_graph_sees_lazy_and_from_imports(tmp_path):
    # The graph reader itself: an import inside a function and a submodule named
    # in "from package import" both count, or a circle could hide there.
    sample = tmp_path / "sample.py"
    sample.write_text("from puzzlelab.pegs import census_common, Position\n"
                      "def later():\n    from puzzlelab.pegs import census_numpy\n")
    known = {"puzzlelab.pegs", "puzzlelab.pegs.census_common", "puzzlelab.pegs.census_numpy"}
    assert imported_modules(sample, known) == known


def test_the_peg_modules_import_each_other_without_a_circle():
    graph = pegs_graph()
    assert "puzzlelab.pegs.census_numpy" in graph["puzzlelab.pegs.census"]  # the lazy import
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " -> ".join([*path[path.index(name):], name]))
        if name in done:
            return
        for other in sorted(graph[name]):
            visit(other, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


@pytest.mark.parametrize("path", sorted(PEGS.glob("*.py")), ids=lambda p: p.name)
def test_each_peg_module_says_its_job_and_stays_readable(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{path.name} has no docstring saying its job"
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.name}: {lines} lines"


def test_the_census_engine_is_chosen_in_one_place():
    # Only census.choose_engine loads the numpy engine; every caller asks it.
    package = ROOT / "py" / "puzzlelab"
    modules = {module_name(p) for p in PEGS.glob("*.py")}
    loaders = [p.name for p in package.rglob("*.py")
               if "puzzlelab.pegs.census_numpy" in imported_modules(p, modules)]
    assert loaders == ["census.py"]
    assert "choose_engine(" in (PEGS / "commands.py").read_text(encoding="utf-8")
