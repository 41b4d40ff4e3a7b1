"""Large data files of the families (the peg opening book, its count table).

Natively they sit in the package's source folders. The web page's wheel
leaves them out (``build.py`` serves each as ``data/<name>`` beside it), so
that visitors who never need one never download it: a loader that finds its
file absent raises :class:`DataMissing`, :class:`puzzlelab.api.Job` reports
``{"type": "need", ...}``, and the web worker fetches the file, writes it
where Python expects it and starts the request again.

A family's large files live in a folder named ``data`` inside its package
(``pegs/data/``); docs/development.md says how to add one.
"""

from __future__ import annotations

from pathlib import Path

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
