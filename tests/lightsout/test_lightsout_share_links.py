"""Lights Out: its own cases of tests/test_share_links.py, moved here from it (that
module's subject: The links a person shares (web/share-links.mjs, run in node): a deal
link reads back as the request that wrote it, for any request (fuzzed), and Python deals
the same board from it; a deal link the page cannot read is one sentence; shareLink
picks the daily link, the game ID or, for a long ID of a dealt board, the deal)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import api
from test_share_links import assert_bad_deals, run, texts

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


def test_python_deals_the_same_board_from_the_link(node):
    request = {"cmd": "lightsout.new", "rows": 120, "cols": 90, "random": True, "states": 2,
               "wrap": False, "neighbourhood": "cross", "seed": 2**40 + 3}
    (answer,) = run(node, [["roundtrip", "lightsout", request]])
    assert answer["text"] == ("120x90.neighbourhood-cross.random-true.seed-1099511627779"
                              ".states-2.wrap-false")
    first, again = api.handle(dict(request)), api.handle(dict(answer["back"]))
    assert first["ok"] and first == again
    assert len(first["result"]["game"]) > 2000


def test_a_lights_out_deal_with_bad_rules_is_one_sentence(node):
    assert_bad_deals(node, [["read", "lightsout", text] for text in (
        "5x5.seed-1.colour-red", "5x5.seed-1.wrap-maybe", "5x5.seed-1.wrap",
        "5x5.seed-1.cmd-pegs%2Eload")])


def test_share_link_picks_the_form(node):
    long_id = "1000x1000:" + "f" * 250_000
    deal = {"cmd": "lightsout.new", "rows": 1000, "cols": 1000, "random": True, "seed": 42}
    cases = [
        ["share", "lightsout", {"daily": "2026-11-24", "start": "5x5:1", "deal": deal}],
        ["share", "lightsout", {"start": "5x5:1f8c4a0", "deal": deal}],
        ["share", "lightsout", {"start": long_id, "deal": deal}],
        ["share", "lightsout", {"start": long_id, "deal": None}],  # not dealt: the game ID
    ]
    daily, short, dealt, undealt = (answer["link"] for answer in run(node, cases))
    assert daily.endswith("/#lightsout&daily=2026-11-24")
    assert short.endswith("/#lightsout=5x5%3A1f8c4a0")
    assert dealt.endswith("/#lightsout&deal=1000x1000.random-true.seed-42")
    assert len(undealt) > 250_000 and "#lightsout=1000x1000%3A" in undealt
