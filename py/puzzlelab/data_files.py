"""Large data files of the families (the peg opening book, its count table).

Natively they sit in the package's source folders. The web page's wheel
leaves them out (``build.py`` serves each as ``data/<name>`` beside it), so
that visitors who never need one never download it: a loader that finds its
file absent raises :class:`DataMissing`, :class:`puzzlelab.api.Job` reports
``{"type": "need", ...}``, and the web worker fetches the file, writes it
where Python expects it and starts the request again.

A family's large files live in a folder named ``data`` inside its package
(``pegs/data/``); docs/development.md says how to add one.

A file that is there is still checked before use: its header names what it
is and the digest of itself and what follows (:func:`header_and_body`), and each loader
checks the shape of what it reads. A damaged file (cut short, edited, from
another version) raises :class:`DataDamaged`, one sentence, never a wrong answer.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from puzzlelab.notation import PuzzleError
from puzzlelab.records import body_digest

#: The package root: a data file's name is its path relative to this folder.
ROOT = Path(__file__).resolve().parent


class DataMissing(Exception):
    """A large data file that a request needs is not there (yet).

    ``name`` is the file's path relative to the package root (as the site
    serves it under ``data/``), ``path`` the absolute path where Python reads
    it, ``what`` what it is in words ("the peg opening book"), for the page's
    messages while it downloads.
    """

    def __init__(self, name: str, path: Path, what: str = "") -> None:
        super().__init__(
            f"The data file {name} is missing (looked for {path}); reinstall puzzlelab.")
        self.name = name
        self.path = path
        self.what = what or name


def require(path: Path, name: str, what: str = "") -> Path:
    """``path`` when the file is there, else raise :class:`DataMissing` naming it
    ``name`` (``what``: the file in words)."""
    if not path.is_file():
        raise DataMissing(name, path, what)
    return path


class DataDamaged(PuzzleError):
    """A large data file that is there but cannot be trusted: ``why`` says how."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"The data file {name} is damaged ({why}); reinstall puzzlelab.")
        self.name = name


def header_and_body(path: Path, name: str) -> tuple[dict[str, Any], bytes]:
    """A data file of one JSON header line and a body: both, once the header's
    ``digest`` is found to be the body's (else :class:`DataDamaged`)."""
    line, newline, body = path.read_bytes().partition(b"\n")
    try:
        header = json.loads(line)
    except (ValueError, RecursionError):
        header = None
    if not newline or not isinstance(header, dict):
        raise DataDamaged(name, "its header line is not readable")
    if header.get("digest") != file_digest(header, body):
        raise DataDamaged(name, "its content is not what its header's digest says")
    return header, body


def file_digest(header: dict[str, Any], body: bytes) -> str:
    """The digest of a data file's header (all but the digest) and body."""
    named = json.dumps({k: v for k, v in header.items() if k != "digest"}, sort_keys=True)
    return body_digest(named.encode() + b"\n" + body)
