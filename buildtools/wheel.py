"""Our package's wheel for micropip, and its large data files, served apart."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import re
import shutil
import tomllib
import zipfile
from pathlib import Path

from buildtools.common import PACKAGE, ROOT, fail, sha256_of

# Fixed timestamp for wheel entries, so that equal sources give equal wheels.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def project_metadata() -> dict[str, str]:
    """Name, version, summary and Python requirement, from pyproject.toml.

    Fails when the version differs from ``__version__`` in the package.
    """
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    init = (PACKAGE / "__init__.py").read_text()
    found = re.search(r'^__version__\s*=\s*"([^"]+)"', init, re.MULTILINE)
    if found is None or found.group(1) != project["version"]:
        fail(
            f"pyproject.toml has version {project['version']!r} but py/puzzlelab/__init__.py "
            f"has {found.group(1) if found else None!r}; make them equal"
        )
    return {
        "name": project["name"],
        "version": project["version"],
        "summary": project.get("description", ""),
        "requires_python": project.get("requires-python", ""),
    }


def record_hash(data: bytes) -> str:
    """A RECORD hash: ``sha256=`` and the urlsafe base64 digest without padding."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode()


# A folder of this name inside the package (``<family>/data/``) holds large data
# files: the wheel leaves them out and the site serves each one by itself as
# ``data/<its path in the package>``, which the engine fetches the first time
# a solver needs it (py/puzzlelab/data_files.py, web/data-files.mjs).
DATA_FOLDER = "data"
SITE_DATA = "data"  # their folder in dist/


def _source_files() -> list[Path]:
    return sorted(
        path
        for path in PACKAGE.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


def is_data_file(path: Path) -> bool:
    """Whether ``path`` (in ``py/puzzlelab``) is a large data file, served apart from the wheel."""
    return DATA_FOLDER in path.relative_to(PACKAGE).parts[:-1]


def package_files() -> list[Path]:
    """The files of ``py/puzzlelab`` that go into the wheel, sorted (data files aside)."""
    return [path for path in _source_files() if not is_data_file(path)]


def data_files() -> list[Path]:
    """The package's large data files (see ``DATA_FOLDER``), sorted."""
    return [path for path in _source_files() if is_data_file(path)]


def copy_data_files(dist: Path) -> dict[str, dict[str, object]]:
    """Copy each data file to ``dist/data/<name>`` (``name``: its path in the package);
    returns ``{name: {"bytes", "sha256"}}`` for build-info.json. They are zlib
    streams already, so no compressed copy is made (``COMPRESSIBLE``)."""
    listed: dict[str, dict[str, object]] = {}
    for path in data_files():
        name = path.relative_to(PACKAGE).as_posix()
        target = dist / SITE_DATA / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
        listed[name] = {"bytes": path.stat().st_size, "sha256": sha256_of(path)}
    return listed


def build_wheel(meta: dict[str, str], out_dir: Path) -> Path:
    """Write ``<name>-<version>-py3-none-any.whl`` for ``py/puzzlelab`` into ``out_dir``.

    A wheel is a zip of the package plus a ``.dist-info`` folder holding
    METADATA, WHEEL and RECORD (every file with its hash and size).
    """
    name, version = meta["name"], meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    entries = [
        (path.relative_to(PACKAGE.parent).as_posix(), path.read_bytes()) for path in package_files()
    ]
    metadata = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {meta['summary']}",
        f"Requires-Python: {meta['requires_python']}",
    ]
    entries.append((f"{dist_info}/METADATA", ("\n".join(metadata) + "\n").encode()))
    wheel = [
        "Wheel-Version: 1.0",
        "Generator: puzzle-lab build.py",
        "Root-Is-Purelib: true",
        "Tag: py3-none-any",
    ]
    entries.append((f"{dist_info}/WHEEL", ("\n".join(wheel) + "\n").encode()))

    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in entries:
        writer.writerow([path, record_hash(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    entries.append((f"{dist_info}/RECORD", record.getvalue().encode()))

    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            info = zipfile.ZipInfo(path, date_time=ZIP_DATE)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return target
