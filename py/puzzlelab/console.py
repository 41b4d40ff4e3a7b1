"""The ``puzzlelab`` command's outermost layer (``python -m puzzlelab`` too).

Everything that can end a run from outside the puzzle is caught here, in one
place, and said in one line on standard error with the usual exit code, never
a traceback: the reader of the output going away (``| head``: quiet, 1), an
output that cannot be written (closed, ``> /dev/full``: 1), running out of
memory (2, with what to try), Ctrl-C at any moment (130) and a bug, an
exception nothing foresaw (70: its name and where it was raised; the whole
traceback when ``PUZZLELAB_TRACEBACK=1``) -- including while
the modules load, which is why this module imports nothing of the package
until it is inside the guard, and little else before it. (A Ctrl-C in the
first milliseconds, while Python itself starts and before this module runs,
gets Python's own message: no code of a program runs that early.)
"""

from __future__ import annotations

import errno
import os
import signal
import sys

# As few imports as can be before the guard (typing and contextlib take milliseconds).
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import NoReturn

DONE, OUTPUT_FAILED, USAGE_ERROR, INTERRUPTED = 0, 1, 2, 130
#: A bug (an exception nothing foresaw): sysexits.h's EX_SOFTWARE.
BUG = 70
#: Set (not "0") to print a bug's whole traceback before its line.
TRACEBACK_VARIABLE = "PUZZLELAB_TRACEBACK"
#: Bytes of room under a memory limit below which a failed allocation is the
#: likely cause of CPython's error without an exception (see _run).
NEAR_THE_LIMIT = 32_000_000
#: What a failed write of the answer reports (a full disk, over a quota or a
#: file size limit, a closed or failing output).
_WRITE_ERRORS = {getattr(errno, name) for name in ("ENOSPC", "EDQUOT", "EFBIG", "EIO", "EBADF",
                                                   "EPIPE") if hasattr(errno, name)}


def run() -> NoReturn:
    """Run the command line (:func:`puzzlelab.cli.main`) under the guard and exit."""
    if sys.stderr is None:  # started with standard error closed (2>&-)
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - lives to the end
    code = _guarded()
    # From here on a Ctrl-C would only interrupt the interpreter's own exit.
    _ignore_interrupts()
    if code == INTERRUPTED:
        _leave_interrupted()
    sys.exit(code)


def _leave_interrupted() -> NoReturn:
    """Exit 130 at once. Python would end the process by SIGINT instead (exit
    -2) when the Ctrl-C landed in code run by ``exec`` of a text (dataclasses
    make their methods so while the modules load), even though it was caught."""
    for stream in (sys.stdout, sys.stderr):
        try:  # noqa: SIM105 - (as in _say)
            stream.flush()
        except (AttributeError, OSError, ValueError):
            pass
    os._exit(INTERRUPTED)


def _guarded() -> int:
    try:
        return _run()
    except Exception as exc:  # noqa: BLE001 - whatever it is, it is said in one line
        return _bug(exc)


def _run() -> int:
    try:
        if sys.stdout is None:  # started with standard output closed (>&-)
            _say("error: standard output is closed: there is nowhere to write the answer.")
            return OUTPUT_FAILED
        from puzzlelab import cli  # inside the guard: a Ctrl-C while loading is caught

        code = cli.main()
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        _ignore_interrupts()  # a second Ctrl-C must not interrupt the message
        _say("error: interrupted.")
        return INTERRUPTED
    except BrokenPipeError:  # the reader went away (| head): the usual quiet end
        _drop_output()
        return OUTPUT_FAILED
    except OSError as exc:
        # Reading is said as bad input before this; what is left is writing
        # (a full disk, a closed or failing output), or the system's own trouble.
        _drop_output()
        what = "cannot write the answer: " if exc.errno in _WRITE_ERRORS else ""
        _say(f"error: {what}{exc.strerror or exc}.")
        return OUTPUT_FAILED
    except MemoryError:
        pass  # said below, once the exception has let go of the failed job's frames
    except SyntaxError as exc:
        # CPython's tokenizer reports an allocation that failed while it
        # compiles a module (a family's commands, imported on first use) as a
        # syntax error at a line that is fine. In this package's own files,
        # which the tests compile, that is memory running out.
        if not _in_package(exc.filename):
            raise
    except ImportError as exc:
        # A compiled module (zlib, numpy's) whose library the system could
        # not map into memory: under an address-space limit, memory running out.
        if not _no_room_to_load(exc):
            raise
    except SystemError as exc:
        # CPython, failing an allocation (most often in its import machinery,
        # while it loads a module), can return an error without setting one
        # ("error return without exception set"): under an address-space
        # limit, memory running out. Anywhere else a SystemError is a bug,
        # said as one.
        if not _failed_for_want_of_memory(exc):
            raise
    _say("error: " + _out_of_memory())
    return USAGE_ERROR


def _bug(exc: Exception) -> int:
    """An exception nothing foresaw, a bug: one line naming it and where it was
    raised, and its whole traceback too when ``PUZZLELAB_TRACEBACK`` is set."""
    import traceback  # (only now: no run that ends well pays for it)

    try:
        if os.environ.get(TRACEBACK_VARIABLE, "") not in ("", "0"):
            traceback.print_exception(exc)
        text = " ".join(str(exc).split())
        text = text if len(text) <= 200 else text[:197] + "..."
        frames = traceback.extract_tb(exc.__traceback__)
        where = f" ({os.path.basename(frames[-1].filename)}, line {frames[-1].lineno})" \
            if frames else ""
        summary = f"{type(exc).__name__}: {text}{where}" if text else type(exc).__name__ + where
    except Exception:  # noqa: BLE001 - (an exception whose text fails: its name will do)
        summary = type(exc).__name__
    _say(f"error: Internal error, a bug in puzzlelab: {summary}. "
         f"{TRACEBACK_VARIABLE}=1 prints its traceback.")
    return BUG


def _no_room_to_load(exc: ImportError) -> bool:
    """Whether ``exc`` says a shared library could not be mapped for want of memory."""
    text = str(exc)
    return "failed to map segment" in text or "Cannot allocate memory" in text


def _failed_for_want_of_memory(exc: SystemError) -> bool:
    """Whether ``exc`` is CPython's error without an exception, raised while the
    import machinery was loading a module (a frame of frozen importlib) or with
    the process near one of its memory limits. (The import machinery hides its
    own frames from most tracebacks, so an allocation it failed can surface at
    the importing line with no importlib frame left to see.)"""
    if "without exception set" not in str(exc):
        return False
    frame = exc.__traceback__
    while frame is not None:
        if frame.tb_frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.tb_next
    try:
        from puzzlelab import limits

        return limits.memory_headroom() < NEAR_THE_LIMIT
    except MemoryError:  # not even room to read the limits
        return True


def _in_package(filename: str | None) -> bool:
    """Whether ``filename`` is a module of this package."""
    here = os.path.dirname(os.path.abspath(__file__))
    return bool(filename) and os.path.abspath(filename).startswith(here + os.sep)


def _out_of_memory() -> str:
    """The out-of-memory sentence with the real limit, or without it when even
    reading the limit finds no memory."""
    advice = "a smaller board or grid, or a smaller --max-classes for a census"
    try:
        from puzzlelab import limits

        return limits.out_of_memory(advice)
    except MemoryError:
        return f"Out of memory: try {advice}, or run it where more memory is allowed."


def _say(line: str) -> None:
    """One line on standard error, unless that cannot be written either (2>/dev/full)."""
    try:  # noqa: SIM105 - contextlib would be one more import before the guard
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError, MemoryError):
        pass


def _drop_output() -> None:
    """Send what is still buffered for standard output nowhere, so that Python's
    own flush at exit does not fail a second time with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass


def _ignore_interrupts() -> None:
    try:  # noqa: SIM105 - (as in _say)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # not the main thread
        pass
