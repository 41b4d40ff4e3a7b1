"""Lights Out: its own cases of tests/test_share_links.py, moved here from it (that
module's subject: The links a person shares (web/share-links.mjs, run in node): a deal
link reads back as the request that wrote it, for any request (fuzzed), and Python deals
the same board from it; a deal link the page cannot read is one sentence; shareLink
picks the daily link, the game ID or, for a long ID of a dealt board, the deal)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelab import api
from test_share_links import run, texts

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
