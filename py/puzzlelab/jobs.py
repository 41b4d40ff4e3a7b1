"""Long computations as generators: they yield progress and return a result.

A solver that may run for a while is written as a generator that yields
:class:`Progress` now and then and returns its answer. The web worker
forwards each report and can cancel between two of them (Pyodide has no
interrupts without cross-origin isolation), and the CLI's Ctrl-C lands
between them too; callers that just want the answer use :func:`finish`.

How often. Every long loop asks :func:`due` at each of its units of work
(a search node, a clue tried, a level's chunk) and yields when it says so:
at least every :data:`REPORT_SECONDS` of work, whatever the loop and however
deeply it is nested. A loop deep inside a job (one solver call inside a
generator, say) may not know how far the whole job has got: it yields
``None`` (a *pause*), and :class:`puzzlelab.api.Job` repeats the job's last
report, so the page's line stays true while the worker gets its chance to
cancel. The time of the last report is shared by every loop (one job runs at
a time), so a loop that starts just before its predecessor's report was due
does not wait a whole period more.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

#: A long job reports progress at least this often (seconds of work). Natively
#: a unit of work between two looks at the clock is well under a millisecond;
#: in the page (Pyodide, 2-3 times slower) the period is the same wall-clock
#: time, so a report comes within 0.25 s there too.
REPORT_SECONDS = 0.1


@dataclass(frozen=True)
class Progress:
    """A progress report: ``done`` of ``total`` units, and what is being done.

    ``total`` 0 means the total is unknown (``done`` counts units so far).
    """

    done: float
    total: float
    message: str = ""


#: A job's steps: a report, or ``None`` (a pause: the last report stands).
Steps = Generator[Progress | None, None, T]

_last_report = time.monotonic()


def due() -> bool:
    """Whether a report is due: :data:`REPORT_SECONDS` since the last one.

    When it says yes the caller must yield (a report or a pause): the period
    starts again from now.
    """
    global _last_report
    now = time.monotonic()
    if now - _last_report < REPORT_SECONDS:
        return False
    _last_report = now
    return True


def reported() -> None:
    """Note that a report was just made (:class:`puzzlelab.api.Job` calls this for
    every report, those a loop made without asking :func:`due` included)."""
    global _last_report
    _last_report = time.monotonic()


def finish(steps: Steps[T]) -> T:
    """Run a generator computation to its end, ignoring progress, and return its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
