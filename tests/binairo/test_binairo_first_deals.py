"""The binary puzzle's first deals and the lines the page marks as broken.

A first visitor gets one of several puzzles, made by Python at build time
(build.py's FIRST_DEALS, written into the built rules/first-boards.mjs) so
that it is drawn before Python starts: each must be a good medium 8x8
puzzle, and there must be enough different ones. The page shows the zeros
and ones of a line only when the line breaks a rule (rules.mjs,
Grid.brokenLines): checked here against a plain reading of the rules.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from types import ModuleType

from puzzlelab import api, binairo
from puzzlelab.binairo import Grid
from test_js_rules import answers_in_js

ROOT = Path(__file__).resolve().parents[2]


def test_first_deals_are_many_different_good_medium_puzzles(build_py: ModuleType) -> None:
    deals = build_py.FIRST_DEALS["binairo"]
    games = set()
    for request in deals:
        assert request in build_py.FIRST_REQUESTS  # answered at build time, so no Python is needed
        answer = api.handle(dict(request))
        assert answer["ok"], answer
        state = answer["result"]
        assert (state["rows"], state["cols"], state["difficulty"]) == (8, 8, "medium")
        assert state["seed"] == request["seed"]  # the seed is recorded: the lab can make it again
        grid = Grid.parse(state["game"])
        assert binairo.is_good(grid), state["game"]  # exactly one solution
        games.add(state["game"])
    assert len(games) == len(deals) >= 10


def test_the_built_page_holds_every_deal_and_its_answer(
    node: str, build_py: ModuleType, tmp_path: Path,
) -> None:
    web = tmp_path / "web"
    for part in ("rules", "puzzles"):
        shutil.copytree(ROOT / "web" / part, web / part)
    build_py.write_first_boards(web)
    script = ("const m = await import(process.argv[1]);"
              "process.stdout.write(JSON.stringify(m.FIRST_DEALS));")
    done = subprocess.run(
        [node, "--input-type=module", "-e", script, (web / "rules" / "first-boards.mjs").as_uri()],
        capture_output=True, text=True, timeout=60, check=True,
    )
    shipped = json.loads(done.stdout)
    assert shipped == {puzzle: [dict(r) for r in deals]
                       for puzzle, deals in build_py.FIRST_DEALS.items()}
    requests = shipped["binairo"]
    assert answers_in_js(node, requests, web) == [api.handle(dict(r)) for r in requests]
    # The copy in web/ deals nothing: the page asks Python for a random puzzle then.
    assert answers_in_js(node, requests[:1]) == [None]


def broken_lines(rows: list[str]) -> dict[str, dict[int, str]]:
    """The lines of a grid (rows of "0", "1", ".") that break a rule, read plainly:
    "too many" of a digit, else "three" equal side by side, else "alike"
    (a full line equal to another full line)."""
    def lines_of(lines: list[str]) -> dict[int, str]:
        found: dict[int, str] = {}
        for i, line in enumerate(lines):
            if max(line.count("0"), line.count("1")) * 2 > len(line):
                found[i] = "too many"
            elif "000" in line or "111" in line:
                found[i] = "three"
        full = [i for i, line in enumerate(lines) if "." not in line]
        for i in full:
            if any(lines[j] == lines[i] for j in full if j != i):
                found.setdefault(i, "alike")
        return found

    columns = ["".join(row[c] for row in rows) for c in range(len(rows[0]))]
    return {"rows": lines_of(rows), "cols": lines_of(columns)}


def test_broken_lines_are_the_lines_that_break_a_rule(node: str) -> None:
    rng = random.Random(24)
    grids = []
    for _ in range(400):
        rows, cols = rng.choice([2, 4, 6, 8]), rng.choice([2, 4, 6, 8])
        fill = rng.random()
        grids.append(["".join(rng.choice("01") if rng.random() < fill else "." for _ in range(cols))
                      for _ in range(rows)])
    # Solved grids too (every line full, none broken), and each with one digit flipped.
    for seed in range(20):
        masks = binairo.random_solution(6, 6, random.Random(seed))  # bit c of row r = cell (r, c)
        text = ["".join(str(mask >> c & 1) for c in range(6)) for mask in masks]
        grids.append(text)
        flipped = [list(row) for row in text]
        flipped[seed % 6][seed // 6 % 6] = "1" if flipped[seed % 6][seed // 6 % 6] == "0" else "0"
        grids.append(["".join(row) for row in flipped])
    script = """
      const { Grid } = await import(process.argv[1]);
      const grids = JSON.parse(require("fs").readFileSync(0, "utf8"));
      const out = grids.map((rows) => {
        const found = Grid.parse(rows.join("/")).brokenLines();
        return { rows: Object.fromEntries(found.rows), cols: Object.fromEntries(found.cols) };
      });
      process.stdout.write(JSON.stringify(out));
    """
    done = subprocess.run(
        [node, "--input-type=module", "-e", "import { createRequire } from 'module';"
         "const require = createRequire(import.meta.url);" + script,
         (ROOT / "web" / "puzzles" / "binairo" / "rules.mjs").as_uri()],
        input=json.dumps(grids), capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    expected = [
        {part: {str(i): why for i, why in found.items()} for part, found in broken_lines(g).items()}
        for g in grids
    ]
    assert answers == expected
    # The grids hold broken lines of every kind, and grids with none.
    assert any(not a["rows"] and not a["cols"] for a in answers)
    reasons = {why for a in answers for part in a.values() for why in part.values()}
    assert reasons == {"too many", "three", "alike"}
