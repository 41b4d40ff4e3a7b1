"""The build's comment-stripping of the page's modules (buildtools/minify.py)
changes no meaning: code that a careless stripper breaks (regular
expressions and strings holding // or /*, divisions, templates inside
templates, a comment holding a line break after `return`) gives node the
same answer before and after, and every module of web/ stays a module that
parses, line for line.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import run_node

WEB = Path(__file__).resolve().parent.parent / "web"

TRICKY = {
    "regular expressions holding comment marks": r"""
        const r = /a\/\/b[/*]+c/g; // a comment
        export const result = ["a//b/*c".match(r), "x".replace(/x/, "//"), /[/]/.source];
    """,
    "divisions": r"""
        let i = 4; const a = 8 / 2 / 2; const b = i++ / 2; const c = (a) / 2; const d = [6][0] / 3;
        export const result = [a, b, c, d, i, a - -b, a + +b];
    """,
    "strings holding comment marks": r"""
        export const result = ["// not a comment", '/* nor */', "a\"//b", 'it\'s /* x',
          "  two  spaces"];
    """,
    "templates inside templates": r"""
        const n = 2;
        export const result = `a ${ `b ${ n /* c */ + 1 } // d` }   e
            f ${ { a: "}" }.a } ${ [1, 2].map((x) => `<${x}>`).join("") }`;
    """,
    "a regular expression after a keyword": r"""
        function f(s) { return /\s+ x/.test(s); }
        export const result = [f("  x"), typeof /a/, "a/b".split(/\//).length];
    """,
    "a comment holding a line break ends the statement": r"""
        function g() { return /*
        */ 5; }
        function h() { return // nothing after return
          6; }
        export const result = [g() === undefined, h() === undefined];
    """,
}


@pytest.fixture(scope="module")
def minify(build_py: Any) -> ModuleType:
    from buildtools import minify  # importable once build.py is loaded (its folder on the path)
    return minify


def answer(node: str, module: str) -> Any:
    return run_node(node, module + "\nconsole.log(JSON.stringify(result));\n")


@pytest.mark.parametrize("case", list(TRICKY))
def test_minified_code_gives_the_same_answer(node: str, minify: ModuleType, case: str) -> None:
    source = TRICKY[case].strip() + "\n"
    lean = minify.minify_js(source)
    assert len(lean) < len(source)
    assert lean.count("\n") == source.count("\n")  # every line where it was
    assert answer(node, lean) == answer(node, source)


def test_every_module_of_the_page_still_parses_line_for_line(
    node: str, minify: ModuleType, tmp_path: Path
) -> None:
    modules = sorted(WEB.rglob("*.mjs"))
    assert len(modules) > 50
    texts = {}
    for path in modules:
        source = path.read_text(encoding="utf-8")
        lean = minify.minify_js(source)
        name = path.relative_to(WEB).as_posix()
        assert lean.count("\n") == source.count("\n"), name
        assert minify.minify_js(lean) == lean, name
        texts[name] = lean
    # One node parses them all as modules (SourceTextModule parses; nothing runs).
    check = (
        "import vm from 'node:vm'; import fs from 'node:fs';\n"
        "const texts = JSON.parse(fs.readFileSync(process.argv[1], 'utf8'));\n"
        "const bad = [];\n"
        "for (const [name, text] of Object.entries(texts)) {\n"
        "  try { new vm.SourceTextModule(text, { identifier: name }); }\n"
        "  catch (error) { bad.push(`${name}: ${error.message}`); }\n"
        "}\n"
        "console.log(JSON.stringify(bad));\n"
    )
    listed = tmp_path / "modules.json"
    listed.write_text(json.dumps(texts), encoding="utf-8")
    done = subprocess.run(
        [node, "--experimental-vm-modules", "--no-warnings", "--input-type=module", "-e", check,
         str(listed)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


@pytest.mark.parametrize("broken", ["const a = 'open", "const t = `open ${1}", "/* open", "f({)"])
def test_a_source_cut_short_is_refused(minify: ModuleType, broken: str) -> None:
    with pytest.raises(minify.MinifyError):
        minify.minify_js(broken)
