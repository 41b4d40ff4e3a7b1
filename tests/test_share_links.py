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

MODULE = Path(__file__).resolve().parent.parent / "web" / "share-links.mjs"
SCRIPT = """
import { createRequire } from "module";
const require = createRequire(import.meta.url);
const links = await import(process.argv[1]);
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([op, ...args]) => {
  try {
    if (op === "roundtrip") {
      const text = links.dealText(args[1]);
      return { text, back: links.readDeal(args[0], text) };
    }
    if (op === "read") return { back: links.readDeal(...args) };
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
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri()],
                          input=json.dumps(cases), capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


texts = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)


def test_a_deal_the_page_cannot_read_is_one_sentence(node):
    cases = [
        ["read", "lightsout", "garbage"],
        ["read", "lightsout", "5x5.random-true"],  # no seed
        ["read", "lightsout", "5x5.seed-1.colour-red"],
        ["read", "lightsout", "5x5.seed-1.seed-2"],
        ["read", "lightsout", "5x5.seed-one"],
        ["read", "lightsout", "5x5.seed-99999999999999999999"],  # past a safe integer
        ["read", "lightsout", "5x5.seed-1.wrap-maybe"],
        ["read", "lightsout", "5x5.seed-1.wrap"],
        ["read", "lightsout", "5x5.seed-1.neighbourhood-%E0%A4%A"],
        ["read", "lightsout", "5x5.seed-1.cmd-pegs%2Eload"],
        ["read", "pegs", "7x7.seed-1"],  # pegs are not dealt from a seed
    ]
    for case, answer in zip(cases, run(node, cases), strict=True):
        assert answer.get("bad"), (case, answer)
        assert answer["error"].startswith("The link's deal, "), answer
        assert answer["error"].count(". ") == 0 and not answer["error"].endswith("."), answer


def test_share_link_picks_the_form(node):
    long_id = "1000x1000:" + "f" * 250_000
    deal = {"cmd": "lightsout.new", "rows": 1000, "cols": 1000, "random": True, "seed": 42}
    cases = [
        ["share", "lightsout", {"daily": "2026-11-24", "start": "5x5:1", "deal": deal}],
        ["share", "lightsout", {"start": "5x5:1f8c4a0", "deal": deal}],
        ["share", "lightsout", {"start": long_id, "deal": deal}],
        ["share", "lightsout", {"start": long_id, "deal": None}],  # not dealt: the game ID
        ["share", "pegs", {"start": "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"}],
    ]
    daily, short, dealt, undealt, pegs = (answer["link"] for answer in run(node, cases))
    assert daily.endswith("/#lightsout&daily=2026-11-24")
    assert short.endswith("/#lightsout=5x5%3A1f8c4a0")
    assert dealt.endswith("/#lightsout&deal=1000x1000.random-true.seed-42")
    assert len(undealt) > 250_000 and "#lightsout=1000x1000%3A" in undealt
    assert pegs.endswith("/#pegs=" + "%2F".join(["--ooo--"] * 2 + ["ooooooo", "ooo.ooo", "ooooooo"]
                                                + ["--ooo--"] * 2))
