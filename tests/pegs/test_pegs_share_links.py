"""Peg solitaire's shared links (web/share-links.mjs, run in node; the shared
cases are tests/test_share_links.py): a board's link is its grid, and no peg
board is dealt from a seed."""

from __future__ import annotations

from test_share_links import assert_bad_deals, run

ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"


def test_a_peg_board_is_not_dealt_from_a_seed(node):
    assert_bad_deals(node, [["read", "pegs", "7x7.seed-1"]])


def test_a_peg_boards_link_is_its_grid(node):
    (answer,) = run(node, [["share", "pegs", {"start": ENGLISH}]])
    assert answer["link"].endswith("/#pegs=" + ENGLISH.replace("/", "%2F"))
