"""The progress of one count of :mod:`puzzlelab.binairo.count`: the share of the
work done, and a time left only once successive estimates agree."""

from __future__ import annotations

import time

from puzzlelab.jobs import Progress, due


def duration(seconds: float) -> str:
    """A rough duration for people: "40 s", "12 min", "3.5 h"."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    if seconds < 3 * 86400:
        return f"{seconds / 3600:.1f} h"
    if seconds < 2 * 365 * 86400:
        return f"{seconds / 86400:.0f} days"
    return f"{seconds / (365 * 86400):.2g} years"


class Ticker:
    """Progress of one count: the share of the work done (0..1), reported when
    :func:`puzzlelab.jobs.due` says so, with a time left only once it holds.

    The time left is shown when the total time predicted from the share done
    has stayed within 30 % over the last several reports (and at least two
    seconds have passed), so an estimate on screen is not off by a factor of 2
    unless the work turns much harder late.
    """

    def __init__(self, label: str = "Counting") -> None:
        self.label = label
        self.started = time.monotonic()
        self.history: list[float] = []
        self.start, self.share = 0.0, 1.0

    def rescale(self, start: float, share: float) -> None:
        """Map later reports' shares into ``start + share * done`` (a second method)."""
        self.start, self.share = start, share
        self.history = []

    def due(self) -> bool:
        """Whether a report is due (then the caller yields :meth:`report`)."""
        return due()

    def report(self, done: float, phase: str = "") -> Progress:
        """A report for the share ``done`` of all the work."""
        elapsed = time.monotonic() - self.started
        done = min(max(self.start + self.share * done, 0.0), 1.0)
        label = f"{self.label}, {phase}" if phase else self.label
        if done > 0.01:
            self.history = [*self.history, elapsed / done][-8:]
            steady = len(self.history) >= 6 and max(self.history) <= 1.3 * min(self.history)
            if steady and elapsed >= 2 and done < 1:
                label += f", about {duration(elapsed * (1 - done) / done)} left"
        return Progress(done, 1.0, label)
