"""How long a search runs: how often it looks at the clock, its own count of
positions (:class:`Spent`) and the exception that ends it at its budget.
"""

from __future__ import annotations

# A progress step is also when the page's worker can take a Cancel (or a move,
# which stops the verdict of the position it leaves). Steps came every 2,000
# positions searched: about 0.1 s natively and up to 0.2 s in Pyodide, but a
# position of a large board costs more, and a busy machine stretched the wait
# past 2 s. So the searches look at the clock every CLOCK_EVERY positions and
# report when puzzlelab.jobs.due() says a report is due (every job's clock).
CLOCK_EVERY = 64


class OutOfBudget(Exception):
    """A search stopped at its budget of positions without an answer."""


class Spent:
    """The positions one search has expanded, for its own budget.

    A :class:`~puzzlelab.pegs.search.Solver` is shared
    (:func:`~puzzlelab.pegs.search.solver`) and the page's worker
    interleaves the steps of several jobs, so two searches of one board and
    goal may run by turns: each counts its own work here, never in a shared
    counter that the other's work would move between its steps.
    """

    __slots__ = ("nodes",)

    def __init__(self) -> None:
        self.nodes = 0
