"""The one request surface of Puzzle Lab, shared by the web worker and the CLI.

A request is a JSON object ``{"cmd": "family.verb", ...arguments}``. Every
command answers with a JSON-ready dict. A command is either a plain function
(quick answers) or a generator that yields :class:`Progress` now and then and
returns its result; :class:`Job` drives both the same way, so the web worker
can report progress and cancel between steps, and the CLI can run a job to
completion with :func:`handle`.

Responses always have the envelope ``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": "one-line message"}``.

A job whose command needs a large data file that is absent (see
:mod:`puzzlelab.data_files`: the web page's wheel leaves them out) reports
``{"type": "need", "file": name, "path": path, "what": words}`` instead of a
result, and is then finished: the web worker downloads ``data/<name>`` (saying
it downloads ``what``, e.g. "the peg opening book"), writes it at ``path`` and
starts a new job for the same request. :func:`handle` (the CLI) answers it as an error.

Each command's arguments are
described in :mod:`puzzlelab.params` and checked there before it runs, so a
handler reads them without checks of its own.

The families' commands live in their packages (``puzzlelab/<family>/commands.py``),
found through :mod:`puzzlelab.families` the first time one of them is asked
for: this module holds the surface only (the job driver, the envelope,
``ping`` and ``describe``).
"""

from __future__ import annotations

import contextlib
import json
import traceback
from collections.abc import Callable, Generator, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from puzzlelab import __version__, families, jobs, limits, params
from puzzlelab.data_files import DataMissing
from puzzlelab.jobs import Handler, Progress
from puzzlelab.notation import PuzzleError

Result = dict[str, Any]


class _Handlers(MutableMapping[str, Handler]):
    """Every command's handler: the surface's own (and any registered with
    :func:`command`, e.g. by tests), then each family's, loaded on first lookup."""

    def __init__(self) -> None:
        self._own: dict[str, Handler] = {}

    def __getitem__(self, name: str) -> Handler:
        if name in self._own:
            return self._own[name]
        module = families.commands_of(name) if isinstance(name, str) else None
        if module is None:
            raise KeyError(name)
        return module.HANDLERS[name]

    def __setitem__(self, name: str, handler: Handler) -> None:
        self._own[name] = handler

    def __delitem__(self, name: str) -> None:
        del self._own[name]

    def __iter__(self) -> Iterator[str]:
        yield from self._own
        for family in families.FAMILIES:
            yield from (name for name in families.commands(family).HANDLERS
                        if name not in self._own)

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Command name -> its handler (see :class:`_Handlers`).
COMMANDS: MutableMapping[str, Handler] = _Handlers()


def command(name: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of request ``name``."""

    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        return fn

    return register


def memory_advice(name: str) -> str:
    """What to try when request ``name`` runs out of memory: its family's advice
    for the command, else for the family, else a smaller request."""
    module = families.commands_of(name)
    advice = getattr(module, "MEMORY_ADVICE", {})
    return advice.get(name) or advice.get(name.split(".")[0]) or "a smaller request"


def _error(message: str) -> Result:
    return {"type": "result", "ok": False, "error": message}


class Job:
    """One request in progress; :meth:`step` advances it to its next report.

    The web worker calls :meth:`step_json` in a loop, posting each progress
    report and yielding to its event loop in between so that a cancel message
    can arrive; :meth:`cancel` then closes the generator.
    """

    def __init__(self, request: Result, raise_bugs: bool = False) -> None:
        #: Let an unexpected exception (a bug) go up to the caller instead of
        #: answering "Internal error" (the command line says it in one line).
        self._raise_bugs = raise_bugs
        self._generator: Generator[Progress | None, None, Result] | None = None
        self._finished: Result | None = None
        self._last_report = Progress(0, 0, "")
        self._clock = jobs.JobClock()
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
        try:
            # Commands registered without a description (tests) get the request as it is.
            self._request = params.check(name, request) if name in params.COMMANDS else request
        except PuzzleError as exc:
            self._finished = _error(str(exc))

    def step(self) -> Result:
        """Run until the next progress report or the final result.

        Returns ``{"type": "progress", "done", "total", "message"}``,
        ``{"type": "result", "ok": ..., "result" | "error": ...}``, or
        ``{"type": "need", "file", "path", "what"}`` (see the module docstring).
        """
        if self._finished is not None:
            return self._finished
        # This step's clocks, whatever other jobs' steps ran since the last.
        self._clock.resume()
        try:
            if self._generator is None:
                outcome = self._handler(self._request)
                if not isinstance(outcome, Generator):
                    return self._finish({"type": "result", "ok": True, "result": outcome})
                self._generator = outcome
            report = next(self._generator)
            # A pause (None) from a loop deep inside the job: its last report stands.
            if report is None:
                report = self._last_report
            self._last_report = report
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
        except DataMissing as missing:
            # Finished: the file arrives between jobs, and a new job starts over.
            return self._finish({"type": "need", "file": missing.name,
                                 "path": str(missing.path), "what": missing.what})
        except MemoryError:
            pass  # answered below, once the exception (and the job's frames) let go
        except Exception as exc:  # a bug must still answer, not hang the page (unless raised)
            if self._raise_bugs:
                raise
            traceback.print_exc()
            return self._finish(_error(f"Internal error: {type(exc).__name__}: {exc}"))
        finally:
            self._clock.pause()
        return self._out_of_memory()

    def _out_of_memory(self) -> Result:
        """The answer of a job that ran out of memory: one sentence with what to try.

        The job's generator (and with it what it held) is dropped first, so
        that there is memory again to say so.
        """
        generator, self._generator = self._generator, None
        if generator is not None:
            with contextlib.suppress(Exception):  # closing a failed job must not fail again
                generator.close()
        del generator
        request = getattr(self, "_request", None)
        name = request.get("cmd", "") if isinstance(request, dict) else ""
        advice = memory_advice(name)
        try:
            message = limits.out_of_memory(advice)
        except MemoryError:  # even reading the limit found no memory: say it without
            message = f"Out of memory: try {advice}, or run it where more memory is allowed."
        return self._finish(_error(message))

    def step_json(self) -> str:
        """:meth:`step`, as a JSON string (one crossing of the Pyodide bridge)."""
        report = self.step()
        try:
            return json.dumps(report, separators=(",", ":"))
        except MemoryError:
            pass  # the answer is too big to write out: say so instead
        del report
        return json.dumps(self._out_of_memory(), separators=(",", ":"))

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
        return _failed(f"The request is not valid JSON: {exc}.")
    except RecursionError:
        return _failed("The request is not valid JSON: it nests too deeply.")
    except ValueError:  # an integer of more digits than Python converts
        return _failed("The request has a number too long to read.")
    except MemoryError:
        return _failed(limits.out_of_memory("a shorter request"))
    return Job(request)


def _failed(message: str) -> Job:
    job = Job({})
    job._finish(_error(message))
    return job


def handle(
    request: Result, on_progress: Callable[[Result], None] | None = None,
    raise_bugs: bool = False,
) -> Result:
    """Run ``request`` to completion and return its response envelope.

    Here the package is whole: a missing data file is an error that says so.
    With ``raise_bugs`` an unexpected exception is raised, not answered.
    """
    job = Job(request, raise_bugs)
    while True:
        report = job.step()
        if report["type"] == "need":
            return _missing(report)
        if report["type"] == "result":
            report = dict(report)
            del report["type"]
            return report
        if on_progress is not None:
            on_progress(report)


def _missing(report: Result) -> Result:
    """A "need" report as the error envelope of a run with no one to fetch the file."""
    message = str(DataMissing(report["file"], Path(report["path"])))
    return {"ok": False, "error": message}


@command("ping")
def _ping(request: Result) -> Result:
    """Answer with the package version: a cheap end-to-end check of the bridge."""
    return {"version": __version__}


@command("describe")
def _describe(request: Result) -> Result:
    """Every command's arguments: name, kind, range, default (see :mod:`puzzlelab.params`)."""
    return params.describe()
