"""The one request surface of Puzzle Lab, shared by the web worker and the CLI.

A request is a JSON object ``{"cmd": "family.verb", ...arguments}``. Every
command answers with a JSON-ready dict. A command is either a plain function
(quick answers) or a generator that yields :class:`Progress` now and then and
returns its result; :class:`Job` drives both the same way, so the web worker
can report progress and cancel between steps, and the CLI can run a job to
completion with :func:`handle`.

Responses always have the envelope ``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": "one-line message"}``.
"""

from __future__ import annotations

import json
import random
import traceback
from collections.abc import Callable, Generator
from typing import Any

from puzzlelab import __version__, lightsout
from puzzlelab.jobs import Progress, Steps
from puzzlelab.notation import PuzzleError

Result = dict[str, Any]


Handler = Callable[[Result], "Result | Generator[Progress, None, Result]"]
COMMANDS: dict[str, Handler] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of request ``name``."""

    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        return fn

    return register


def _error(message: str) -> Result:
    return {"type": "result", "ok": False, "error": message}


class Job:
    """One request in progress; :meth:`step` advances it to its next report.

    The web worker calls :meth:`step_json` in a loop, posting each progress
    report and yielding to its event loop in between so that a cancel message
    can arrive; :meth:`cancel` then closes the generator.
    """

    def __init__(self, request: Result) -> None:
        self._generator: Generator[Progress, None, Result] | None = None
        self._finished: Result | None = None
        if not isinstance(request, dict):
            self._finished = _error("A request must be a JSON object.")
            return
        name = request.get("cmd")
        handler = COMMANDS.get(name) if isinstance(name, str) else None
        if handler is None:
            known = ", ".join(sorted(COMMANDS))
            self._finished = _error(f"Unknown command {name!r}; known commands: {known}.")
            return
        self._handler = handler
        self._request = request

    def step(self) -> Result:
        """Run until the next progress report or the final result.

        Returns ``{"type": "progress", "done", "total", "message"}`` or
        ``{"type": "result", "ok": ..., "result" | "error": ...}``.
        """
        if self._finished is not None:
            return self._finished
        try:
            if self._generator is None:
                outcome = self._handler(self._request)
                if not isinstance(outcome, Generator):
                    return self._finish({"type": "result", "ok": True, "result": outcome})
                self._generator = outcome
            report = next(self._generator)
            return {
                "type": "progress",
                "done": report.done,
                "total": report.total,
                "message": report.message,
            }
        except StopIteration as stop:
            return self._finish({"type": "result", "ok": True, "result": stop.value})
        except PuzzleError as exc:
            return self._finish(_error(str(exc)))
        except Exception as exc:  # noqa: BLE001 - a bug must still answer, not hang the page
            traceback.print_exc()
            return self._finish(_error(f"Internal error: {type(exc).__name__}: {exc}"))

    def step_json(self) -> str:
        """:meth:`step`, as a JSON string (one crossing of the Pyodide bridge)."""
        return json.dumps(self.step(), separators=(",", ":"))

    def cancel(self) -> None:
        """Stop the job; its next step answers that it was cancelled."""
        if self._generator is not None:
            self._generator.close()
        self._finish(_error("Cancelled."))

    @property
    def finished(self) -> bool:
        """Whether the job has produced its final result."""
        return self._finished is not None

    def _finish(self, result: Result) -> Result:
        self._finished = result
        return result


def start(request: Result) -> Job:
    """Start a job for ``request``; call :meth:`Job.step` until it finishes."""
    return Job(request)


def start_json(text: str) -> Job:
    """Start a job from a JSON request text (what the web worker sends)."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError as exc:
        job = Job({})
        job._finish(_error(f"The request is not valid JSON: {exc}."))
        return job
    return Job(request)


def handle(
    request: Result, on_progress: Callable[[Result], None] | None = None
) -> Result:
    """Run ``request`` to completion and return its response envelope."""
    job = Job(request)
    while True:
        report = job.step()
        if report["type"] == "result":
            report = dict(report)
            del report["type"]
            return report
        if on_progress is not None:
            on_progress(report)


@command("ping")
def _ping(request: Result) -> Result:
    """Answer with the package version: a cheap end-to-end check of the bridge."""
    return {"version": __version__}


def _argument(request: Result, key: str, kind: type, default: Any = ...) -> Any:
    """``request[key]`` checked to be of ``kind``, with a message a person can act on."""
    if key not in request or request[key] is None:
        if default is ...:
            raise PuzzleError(f"The request needs {key!r}.")
        return default
    value = request[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise PuzzleError(f"{key!r} must be {'a whole number' if kind is int else 'text'}.")
    return value


# --- Lights Out -------------------------------------------------------------


def _lightsout_state(board: lightsout.Board) -> Result:
    return {
        "game": board.game_id,
        "rows": board.rows,
        "cols": board.cols,
        "grid": board.grid,
        "lit": board.lit,
        "solved": board.lit == 0,
    }


def _lightsout_board(request: Result) -> lightsout.Board:
    return lightsout.Board.parse(_argument(request, "game", str))


@command("lightsout.new")
def _lightsout_new(request: Result) -> Result:
    """A new board: random and solvable unless ``random`` is false (then all dark)."""
    rows = _argument(request, "rows", int)
    cols = _argument(request, "cols", int, rows)
    lightsout.check_shape(rows, cols)
    if request.get("random", True):
        seed = _argument(request, "seed", int, None)
        board = lightsout.random_solvable(rows, cols, random.Random(seed))
    else:
        board = lightsout.Board(rows, cols)
    return _lightsout_state(board)


@command("lightsout.load")
def _lightsout_load(request: Result) -> Result:
    """Parse a game ID or plain grid into the canonical state."""
    return _lightsout_state(_lightsout_board(request))


@command("lightsout.press")
def _lightsout_press(request: Result) -> Result:
    """Press one cell: it and its orthogonal neighbours toggle."""
    board = _lightsout_board(request)
    row, col = _argument(request, "row", int), _argument(request, "col", int)
    return _lightsout_state(board.press(row, col))


@command("lightsout.solve")
def _lightsout_solve(request: Result) -> Steps[Result]:
    """Solve exactly: fewest presses (or a labelled solution), or why there is none.

    ``method`` is ``"chase"`` (default, fast) or ``"dense"`` (elimination over
    all cells, the slow baseline the benchmarks compare against).
    """
    board = _lightsout_board(request)
    method = _argument(request, "method", str, "chase")
    if method == "chase":
        solution = yield from lightsout.solve_steps(board)
    elif method == "dense":
        solution = lightsout.solve_dense(board)
    else:
        raise PuzzleError(f"Unknown method {method!r}; use chase or dense.")
    conflict = solution.conflict
    return {
        "game": board.game_id,
        "solvable": solution.solvable,
        "presses": [list(cell) for cell in solution.press_cells()],
        "press_count": solution.press_count,
        "proven_fewest": solution.proven_fewest,
        "kernel_dimension": solution.kernel_dimension,
        "explanation": solution.explain(),
        "conflict": None
        if conflict is None
        else [list(cell) for cell in lightsout.cells_of(conflict, board.cols)],
    }
