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
cancel.

One clock, per step. Python runs one step of one job at a time, but the
worker interleaves the steps of several jobs (a quick request between two
steps of a long count). So the clock times the step now running, not a job:
:class:`puzzlelab.api.Job` starts it as each step starts (:class:`JobClock`), and
every loop of that step (one after another: a plan, an elimination, a
search) reads the same period, so a loop that starts just before its
predecessor's report was due does not wait a whole period more. Nothing one
job does between its steps moves the clock of another's step. A computation
run to its end inside a step (:func:`finish`) keeps its own periods and
gives the step's clock back untouched, so its reports, which nobody sees, do
not push the step's own report later.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

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

#: A request's handler: its checked arguments in, a JSON-ready answer out, at
#: once or as a job's steps (:class:`puzzlelab.api.Job` drives both).
Handler = Callable[[dict[str, Any]], Any]


def registrar(table: dict[str, Handler]) -> Callable[[str], Callable[[Handler], Handler]]:
    """A decorator maker that enters handlers in ``table``: ``@command("family.verb")``."""

    def command(name: str) -> Callable[[Handler], Handler]:
        def register(fn: Handler) -> Handler:
            table[name] = fn
            return fn

        return register

    return command

_period_began = time.monotonic()  # when the running step began or last reported


def due() -> bool:
    """Whether a report is due: :data:`REPORT_SECONDS` since the step began or
    last reported.

    When it says yes the caller must yield (a report or a pause): the period
    starts again from now.
    """
    global _period_began
    now = time.monotonic()
    if now - _period_began < REPORT_SECONDS:
        return False
    _period_began = now
    return True


_idle = 0.0  # how long the running job has waited between its steps so far


def begin_step(idle: float = 0.0) -> None:
    """Start the clock of a step (:class:`JobClock` calls this before each step
    of any job): its first report is due :data:`REPORT_SECONDS` from now.
    ``idle`` is how long the job has waited between its steps so far."""
    global _period_began, _idle
    _period_began = time.monotonic()
    _idle = idle


def work_clock() -> float:
    """A clock (seconds) that runs only while the running job runs.

    Time budgets and projections of a job (a minimisation's seconds, a
    count's growth, a generator's deadline) read this, not the wall clock:
    the worker interleaves several jobs, and the time others ran between this
    job's steps is not this job's work. Outside a job it is the monotonic clock.
    """
    return time.monotonic() - _idle


class JobClock:
    """The clocks of one job, set as each of its steps begins.

    :class:`puzzlelab.api.Job` calls :meth:`resume` before a step and
    :meth:`pause` after it: the step's report clock (:func:`due`) starts
    afresh and :func:`work_clock` leaves out the job's waits between steps.
    """

    def __init__(self) -> None:
        self.idle = 0.0
        self.paused_at: float | None = None

    def resume(self) -> None:
        """A step of this job begins."""
        if self.paused_at is not None:
            self.idle += time.monotonic() - self.paused_at
        begin_step(self.idle)

    def pause(self) -> None:
        """The step ended (with a report or the result): outside a step the
        work clock is the monotonic clock again."""
        global _idle
        self.paused_at = time.monotonic()
        _idle = 0.0


def finish(steps: Steps[T]) -> T:
    """Run a generator computation to its end, ignoring progress, and return its value.

    Inside a job's step the step's clock is put back afterwards: the inner
    loops' reports go nowhere, so they must not count as the step's report.
    """
    global _period_began
    began = _period_began
    try:
        while True:
            try:
                next(steps)
            except StopIteration as stop:
                return stop.value
    finally:
        _period_began = began
