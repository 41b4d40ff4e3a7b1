"""Lights Out: its own cases of tests/test_saved_game.py, moved here from it (that module's
subject: Saved games as the page reads them (web/saved-game.mjs), fuzzed, with Python as
the referee)."""

from __future__ import annotations

from test_saved_game import read_saved


def test_a_wrong_count_is_repaired_and_named(node):
    """The example of the issue: a negative count, and one that does not follow, repaired."""
    game = {"game": "5x5:fd8c4a0", "moves": -4, "start": "5x5:1f8c4a0",
            "history": [{"game": "5x5:1f8c4a0", "moves": 0}], "future": []}
    [answer] = read_saved(node, "lightsout", [game])
    assert answer["result"]["current"] == {"game": "5x5:fd8c4a0", "moves": 1}
    assert answer["result"]["repairs"] == ["a move count that was not a whole number of at least 0"]
    game["moves"] = 5
    [answer] = read_saved(node, "lightsout", [game])
    assert answer["result"]["current"] == {"game": "5x5:fd8c4a0", "moves": 1}
    assert answer["result"]["repairs"] == ["a move count that did not follow from the previous one"]
    # A "press" that is no press: the history before it is left out.
    game["history"] = [{"game": "5x5:0000000", "moves": 0}]
    game["moves"] = 1
    [answer] = read_saved(node, "lightsout", [game])
    assert answer["result"]["history"] == []
    assert answer["result"]["repairs"] == [
        "1 undo step that could not have happened on this board, left out"]
