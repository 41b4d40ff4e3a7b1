"""Peg solitaire: its own cases of tests/test_build.py, moved here from it (that module's
subject: build.py: the wheel, the vendored Pyodide, the built site and the local
server)."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path
from types import ModuleType

import test_build
from test_build import ROOT

wheel = test_build.wheel  # its fixture, shared


def test_wheel_leaves_the_data_files_to_the_site(build_py: ModuleType, wheel: Path) -> None:
    """The large data files (a ``data`` folder of the package) stay out of the
    wheel, which is then a few hundred kB instead of 2.3 MB."""
    package = ROOT / "py" / "puzzlelab"
    on_disk = {path.relative_to(package).as_posix() for path in build_py.data_files()}
    assert {"pegs/data/english-central.book", "pegs/data/english-central.counts"} <= on_disk
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    assert not [name for name in names if "/data/" in name]
    assert "puzzlelab/pegs/book.py" in names
    assert wheel.stat().st_size < 400_000


def test_each_data_file_is_served_with_its_listed_size_and_hash(dist_dir: Path) -> None:
    info = json.loads((dist_dir / "build-info.json").read_text())
    package = ROOT / "py" / "puzzlelab"
    assert set(info["data"]) >= {"pegs/data/english-central.book"}
    for name, entry in info["data"].items():
        served = dist_dir / "data" / name
        assert served.read_bytes() == (package / name).read_bytes()
        assert entry["bytes"] == served.stat().st_size
        assert entry["sha256"] == hashlib.sha256(served.read_bytes()).hexdigest()
        # zlib streams already: no compressed copy beside them
        assert not served.with_name(served.name + ".gz").exists()
