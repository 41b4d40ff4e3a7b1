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

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import api

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
lights_out_deals = st.fixed_dictionaries(
    {"cmd": st.just("lightsout.new"), "rows": st.integers(1, 1000), "cols": st.integers(1, 1000),
     "seed": st.integers(0, 2**53 - 1)},
    optional={"random": st.booleans(), "wrap": st.booleans(), "states": st.integers(2, 9),
              "neighbourhood": st.one_of(st.sampled_from(["cross", "king", "x"]), texts),
              "difficulty": st.one_of(st.sampled_from(["easy", "medium", "hard"]),
                                      st.integers(1, 10**6))},
)


@settings(max_examples=20, deadline=None)
@given(st.lists(lights_out_deals, min_size=1, max_size=40))
def test_a_deal_reads_back_as_the_request_that_wrote_it(node, requests):
    out = run(node, [["roundtrip", "lightsout", request] for request in requests])
    for request, answer in zip(requests, out, strict=True):
        assert answer.get("back") == request, (request, answer)
        # The text stays inside a link: only characters that need no escaping there.
        assert all(ch.isalnum() or ch in ".-%_~!*'()x" for ch in answer["text"]), answer["text"]


def test_a_binary_deal_reads_back(node):
    request = {"cmd": "binairo.new", "rows": 10, "cols": 12, "difficulty": "hard", "seed": 77}
    (answer,) = run(node, [["roundtrip", "binairo", request]])
    assert answer["text"] == "10x12.difficulty-hard.seed-77"
    assert answer["back"] == request


def test_python_deals_the_same_board_from_the_link(node):
    request = {"cmd": "lightsout.new", "rows": 120, "cols": 90, "random": True, "states": 2,
               "wrap": False, "neighbourhood": "cross", "seed": 2**40 + 3}
    (answer,) = run(node, [["roundtrip", "lightsout", request]])
    assert answer["text"] == ("120x90.neighbourhood-cross.random-true.seed-1099511627779"
                              ".states-2.wrap-false")
    first, again = api.handle(dict(request)), api.handle(dict(answer["back"]))
    assert first["ok"] and first == again
    assert len(first["result"]["game"]) > 2000


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
