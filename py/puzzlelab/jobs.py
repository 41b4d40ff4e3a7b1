"""Long computations as generators: they yield progress and return a result.

A solver that may run for a while is written as a generator that yields
:class:`Progress` every few thousand steps and returns its answer. The web
worker forwards each report and can cancel between two of them (Pyodide has
no interrupts without cross-origin isolation); callers that just want the
answer use :func:`finish`.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Progress:
    """A progress report: ``done`` of ``total`` units, and what is being done."""

    done: float
    total: float
    message: str = ""


Steps = Generator[Progress, None, T]


def finish(steps: Steps[T]) -> T:
    """Run a generator computation to its end, ignoring progress, and return its value."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value
