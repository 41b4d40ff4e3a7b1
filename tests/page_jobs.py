"""Jobs a person starts on a board with one button, as each puzzle's facts
(tests/<id>/facts.py: ``LONG_JOB``, ``QUICK_JOB``) declare them for the tests
of the shared Python engine (tests/e2e/test_engine_sharing.py): a long job
with progress, which later requests must not wait for, and a quick one,
answered between two of its steps. Names no puzzle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LongJob:
    """A job that runs long in the page, with a progress bar.

    ``endless`` runs about a minute in the page, so it is still running when
    every other check has ended; ``finite`` becomes long too (over a second of
    steps, ``LONG_MS`` in web/worker.mjs, with room to spare on a fast machine)
    but ends in several seconds, and Python answers it natively in about one.
    """

    button: str  # the board's button that starts it, for the board's game
    request: Callable[[str], dict[str, Any]]  # what the board asks Python, by game ID
    endless: str  # a game ID whose job runs about a minute in the page
    finite: str  # a game ID whose job becomes long, then ends in several seconds
    progress: str  # CSS selector, inside the board, of the job's progress bar
    note: str  # CSS selector, inside the board, of the line that says how it ended
    says: Callable[[dict[str, Any]], str]  # what that line holds once done, from Python's result
    done_word: str  # a word that line holds only once the job is done
    named: str  # what the engine's waiting line calls it ("Waiting for a count (…)")


@dataclass(frozen=True)
class QuickJob:
    """A job that Python answers in a moment, shown by the board when done."""

    game: str  # the game ID it runs on
    button: str  # the board's button that starts it
    request: dict[str, Any]  # what the board asks Python for on that game
    note: str  # CSS selector, inside the board, of the line that shows the answer
    says: Callable[[dict[str, Any]], str]  # what that line holds, from Python's result
    busy_word: str  # a word that line holds until the answer replaces it
