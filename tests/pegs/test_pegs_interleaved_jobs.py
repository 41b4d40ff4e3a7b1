"""Peg solitaire: its own cases of tests/test_interleaved_jobs.py, moved here from it (that
module's subject: Jobs whose steps interleave give the answers they give alone)."""

from __future__ import annotations

from puzzle_homes import facts
from puzzlelab import api, pegs
from test_interleaved_jobs import _cold

PEG_GRID = facts("pegs").INTERLEAVED_DEAD
#: The verdict proved dead with most of its budget.
PEG_STATUS = facts("pegs").interleaved_requests()[0]


def test_the_peg_verdict_alone_is_decided_within_its_budget():
    # The premise of the interleaved case: alone it needs most of its budget.
    _cold()
    solver = pegs.solver(pegs.Position.parse(PEG_GRID).geo,
                         pegs.parse_goal(pegs.Position.parse(PEG_GRID).geo, "any"))
    before = solver.nodes
    assert api.handle(PEG_STATUS)["result"]["verdict"] == "dead"
    assert PEG_STATUS["budget"] / 2 < solver.nodes - before <= PEG_STATUS["budget"]
