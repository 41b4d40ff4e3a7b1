"""The board contract (web/board-kit.mjs) holds every registered board to it,
and finds each kind of breach: checked in node on the board classes
themselves (a mounted board's own check, contractProblems, runs in
tests/e2e/test_shell_registry_page.py)."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_node
from puzzle_homes import registry_puzzles

WEB = Path(__file__).resolve().parent.parent / "web"
KIT = (WEB / "board-kit.mjs").as_uri()


def test_every_registered_board_keeps_the_contract(node: str) -> None:
    boards = {puzzle: (WEB / "puzzles" / puzzle / "board.mjs").as_uri()
              for puzzle in registry_puzzles()}
    script = f"""
      import {{ classProblems }} from {json.dumps(KIT)};
      const out = {{}};
      for (const [id, url] of Object.entries({json.dumps(boards)})) {{
        const Board = Object.values(await import(url))
          .find((v) => typeof v === "function" && v.kind);
        out[id] = Board ? [Board.kind, classProblems(Board)] : null;
      }}
      process.stdout.write(JSON.stringify(out));
    """
    found = run_node(node, script)
    assert found == {puzzle: [puzzle, []] for puzzle in registry_puzzles()}


BREACHES = """
  import { classProblems, checkBoardClass } from %s;
  class PuzzleBoard { start() {} showState() {} actions() { return {}; } }
  const GOOD = '<p class="message"></p><div class="overlay"></div><span data-field="moves"></span>';
  class Good extends PuzzleBoard {
    static kind = "good"; static title = "Good"; static template = GOOD; static counter = "Moves";
    start() {} showState() {} actions() { return {}; }
  }
  const variants = {
    good: class extends Good {},
    noCounter: class extends Good { static counter = undefined; },
    countWithoutElement: class extends Good {
      static template = GOOD.replace('data-field="moves"', "");
    },
    elementWithoutCount: class extends Good { static counter = null; },
    noMessage: class extends Good { static template = GOOD.replace("message", "note"); },
    noKind: class extends Good { static kind = ""; },
  };
  const bare = class extends PuzzleBoard {
    static kind = "bare"; static title = "Bare"; static template = GOOD; static counter = "Moves";
  };
  const out = Object.fromEntries(Object.entries(variants).map(([k, B]) => [k, classProblems(B)]));
  out.bare = classProblems(bare);
  try { checkBoardClass(variants.noKind); out.thrown = null; } catch (e) { out.thrown = e.message; }
  process.stdout.write(JSON.stringify(out));
"""


def test_each_kind_of_breach_is_named(node: str) -> None:
    found = run_node(node, BREACHES % json.dumps(KIT))
    assert found["good"] == []
    assert any("static counter" in p for p in found["noCounter"])
    assert any('no [data-field="moves"]' in p for p in found["countWithoutElement"])
    assert any("static counter is null" in p for p in found["elementWithoutCount"])
    assert found["noMessage"] == ["the template has no .message"]
    assert any("static kind" in p for p in found["noKind"])
    # A class that only inherits the base's stand-ins implements nothing.
    assert sorted(found["bare"]) == sorted(
        f"{m}() is not implemented" for m in ("start", "showState", "actions"))
    assert found["thrown"].startswith("noKind breaks the board contract")
