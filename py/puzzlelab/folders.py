"""A folder a request names to keep its files in (``binairo fewest-clues --work``).

Checked with the request's other arguments, before anything runs and without
touching the disk (:func:`check`): the name must be one the file system can
hold, and the folder must be there or makeable, under a folder that can be
written. Made when the job first keeps something there (:func:`make`), so
that a request refused before that leaves nothing behind. Either refusal is
one sentence naming the option and the path. What only trying finds out (a
folder under ``/proc``, a disk that went away meanwhile) is refused when the
folder is made.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from puzzlelab.notation import PuzzleError


def _shown(text: str) -> str:
    return repr(text) if len(text) <= 80 else f"{text[:77]!r}..."


def check(text: str, label: str) -> None:
    """Refuse ``text`` as the folder of option ``label`` when it cannot be one
    (empty, unnamable, a file, under a file, too long, not writable)."""
    shown = _shown(text)
    if not text:
        raise PuzzleError(f"{label} is empty: name the folder to keep the work in.")
    if "\0" in text:
        raise PuzzleError(f"{label} {shown} holds a NUL character, which no path can.")
    try:
        os.fsencode(text)
    except UnicodeError as exc:
        raise PuzzleError(f"{label} {shown} is not a name the file system can hold.") from exc
    # The nearest part of the path that is there decides; nothing is made here.
    path = Path(text)
    while True:
        try:
            status = os.stat(path)
        except (FileNotFoundError, NotADirectoryError) as exc:
            # (Not a directory: a part above is a file, found as the walk goes up.)
            if path.parent == path:
                raise PuzzleError(f"{label} {shown} cannot be used: {_reason(exc)}.") from exc
            path = path.parent
            continue
        except (OSError, ValueError) as exc:
            raise PuzzleError(f"{label} {shown} cannot be used: {_reason(exc)}.") from exc
        break
    whole = path == Path(text)
    if not stat.S_ISDIR(status.st_mode):
        if whole:
            raise PuzzleError(f"{label} {shown} is a file, not a folder.")
        raise PuzzleError(f"{label} {shown} lies under {_shown(str(path))}, which is a file, "
                          "not a folder.")
    if not os.access(path, os.W_OK | os.X_OK):
        why = _why_not_writable(path)
        if whole:
            raise PuzzleError(f"{label} {shown} cannot be written: it is {why}.")
        raise PuzzleError(f"{label} {shown} cannot be made: {_shown(str(path))} is {why}.")
    # A name too long for the file system would only be found while the folders
    # above it are made.
    limit = _name_limit(path)
    for name in Path(text).parts:
        size = len(os.fsencode(name))
        if size > limit:
            raise PuzzleError(f"{label} {shown} cannot be used: the name {_shown(name)} is "
                              f"{size:,} bytes long, more than the {limit} a name may have.")


def make(folder: Path, label: str) -> None:
    """Make ``folder`` (and the folders above it) when it is not there, or
    refuse in one sentence naming ``label``."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, ValueError) as exc:
        raise PuzzleError(f"{label} {_shown(str(folder))} cannot be made: "
                          f"{_reason(exc)}.") from exc


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror[0].lower() + exc.strerror[1:]
    return str(exc) or type(exc).__name__


def _why_not_writable(path: Path) -> str:
    try:
        if os.statvfs(path).f_flag & os.ST_RDONLY:
            return "on a read-only file system"
    except (OSError, AttributeError):
        pass
    return "not writable"


def _name_limit(folder: Path) -> int:
    """The longest name, in bytes, the file system of ``folder`` takes (255 when unsaid)."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255

