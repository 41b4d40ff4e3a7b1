"""The links a person shares (web/share-links.mjs, run in node): a deal link
reads back as the request that wrote it, for any request (fuzzed), and Python
deals the same board from it; a deal link the page cannot read is one
sentence; shareLink picks the daily link, the game ID or, for a long ID of a
dealt board, the deal."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from puzzle_homes import registry_puzzles

MODULE = Path(__file__).resolve().parent.parent / "web" / "share-links.mjs"
SCRIPT = """
import { createRequire } from "module";
const require = createRequire(import.meta.url);
const links = await import(process.argv[1]);
const { COMMANDS } = await import(process.argv[2]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([op, ...args]) => {
  try {
    if (op === "roundtrip") {
      const text = links.dealText(args[1]);
      return { text, back: links.readDeal(args[0], text, COMMANDS) };
    }
    if (op === "read") return { back: links.readDeal(...args, COMMANDS) };
    if (op === "share") {
      const [kind, { daily, start, deal }] = args;
      const board = { dailyShown: daily, startGameId: () => start };
      if (deal !== undefined) board.dealRequest = () => deal;
      return { link: links.shareLink(kind, board) };
    }
  } catch (error) {
    return { error: error.message, bad: error instanceof links.BadDeal };
  }
});
console.log(JSON.stringify(out));
"""


def run(node: str, cases: list[list[Any]]) -> list[dict[str, Any]]:
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri(),
                           (MODULE.parent / "rules" / "params.mjs").as_uri()],
                          input=json.dumps(cases), capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


#: Deal texts no puzzle reads: they must each be one sentence, on every puzzle.
BAD_DEALS = [
    "garbage",
    "5x5.random-true",  # no seed
    "5x5.seed-1.seed-2",
    "5x5.seed-one",
    "5x5.seed-99999999999999999999",  # past a safe integer
    "5x5.seed-1.neighbourhood-%E0%A4%A",
    "5x5.seed-1.cmd-x%2Eload",
    "",
    ".seed-1",
]


def assert_bad_deals(node, cases: list[list[Any]]) -> None:
    """Each ``["read", puzzle, text]`` is refused in one sentence."""
    for case, answer in zip(cases, run(node, cases), strict=True):
        assert answer.get("bad"), (case, answer)
        assert answer["error"].startswith("The link's deal, "), answer
        assert answer["error"].count(". ") == 0 and not answer["error"].endswith("."), answer


def test_a_deal_the_page_cannot_read_is_one_sentence(node):
    assert_bad_deals(node, [["read", puzzle, text] for puzzle in registry_puzzles()
                            for text in BAD_DEALS])
