"""The binary puzzle: its own cases of tests/test_share_links.py, moved here from it (that
module's subject: The links a person shares (web/share-links.mjs, run in node): a deal
link reads back as the request that wrote it, for any request (fuzzed), and Python deals
the same board from it; a deal link the page cannot read is one sentence; shareLink
picks the daily link, the game ID or, for a long ID of a dealt board, the deal)."""

from __future__ import annotations

from test_share_links import run


def test_a_binary_deal_reads_back(node):
    request = {"cmd": "binairo.new", "rows": 10, "cols": 12, "difficulty": "hard", "seed": 77}
    (answer,) = run(node, [["roundtrip", "binairo", request]])
    assert answer["text"] == "10x12.difficulty-hard.seed-77"
    assert answer["back"] == request
