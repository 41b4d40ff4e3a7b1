#!/usr/bin/env python3
"""Set up, build, serve and test Puzzle Lab (standard library only).

Subcommands::

    python3 build.py setup                # .venv with the dev tools, node_modules
    python3 build.py build                # assemble the static site in dist/
    python3 build.py serve [--port N] [--dir DIR] [--prefix /sub/path/]
    python3 build.py start                # setup, build, serve
    python3 build.py test [PYTEST ARGS]   # setup, build, ruff, pytest

``dist/`` is the whole deployable site: the pages from ``web/``, the Pyodide
core from the ``pyodide`` npm package, micropip, our own pure wheel and, under
``data/``, the package's large data files, fetched only when a solver needs one. Every
URL in it is relative, so it works from any sub-path (e.g. GitHub Pages).

``build``, ``start`` and ``test`` take ``--vendor-numpy`` (or the environment
variable ``PUZZLELAB_VENDOR_NUMPY=1``): also copy Pyodide's numpy wheel into
``dist/pyodide/``, downloaded once from the Pyodide package index (or from
``$PUZZLELAB_PYODIDE_INDEX``) into ``.cache/numpy/``. When that fails the build
goes on without it and the page fetches numpy from the CDN when it needs it.
"""

from __future__ import annotations

import argparse
import base64
import csv
import functools
import gzip
import hashlib
import http.client
import http.server
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import threading
import tomllib
import urllib.error
import urllib.request
import zipfile
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import quote, urlsplit

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
PACKAGE = ROOT / "py" / "puzzlelab"
CACHE = ROOT / ".cache"
VENV = ROOT / ".venv"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
REQUIREMENTS = ROOT / "requirements-dev.txt"
# The oldest Node.js the page's tooling is tested with; README.md, .ci/run and
# package.json's "engines" say the same (tests/test_build.py checks they agree).
NODE_MIN_MAJOR = 20

# What loadPyodide fetches from its indexURL (pyodide.mjs imports pyodide.asm.mjs,
# which loads the wasm, the standard library zip and the lock file). The source
# map only serves the browser's developer tools.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.mjs.map",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# micropip is not in the npm package. The wheel on PyPI is the same release as
# the one Pyodide's lock file names, but built separately, so its hash differs:
# we pin the PyPI file's hash here and rewrite the lock entry to match it.
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"

# numpy is in Pyodide's lock file but not in the npm package. With --vendor-numpy
# the build downloads the wheel the lock names from the package index of the
# pinned release (PYODIDE_INDEX_ENV overrides the index, e.g. for a mirror or
# the tests) and copies it next to the lock, where the page looks first.
PYODIDE_INDEX = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
PYODIDE_INDEX_ENV = "PUZZLELAB_PYODIDE_INDEX"
VENDOR_NUMPY_ENV = "PUZZLELAB_VENDOR_NUMPY"
NUMPY_CACHE = CACHE / "numpy"
NUMPY_TIMEOUT = 20.0  # seconds without an answer before giving up on the index

PIP = ("-m", "pip", "--quiet", "--disable-pip-version-check")

# Fixed timestamp for wheel entries, so that equal sources give equal wheels.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def say(message: str) -> None:
    """Print one progress line, flushed so it interleaves with subprocess output."""
    print(f"[build.py] {message}", flush=True)


def fail(message: str) -> None:
    """Stop with a one-line error message and exit status 1."""
    raise SystemExit(f"[build.py] error: {message}")


def run(command: list[str | Path], **kwargs: object) -> None:
    """Run ``command`` from the repository root; stop if it fails."""
    result = subprocess.run([str(part) for part in command], cwd=ROOT, check=False, **kwargs)
    if result.returncode != 0:
        fail(f"{' '.join(str(part) for part in command)} exited with status {result.returncode}")


def sha256_of(*paths: Path) -> str:
    """Hex SHA-256 of the concatenated contents of ``paths`` (missing files count as empty)."""
    digest = hashlib.sha256()
    for path in paths:
        if path.exists():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def stamp_matches(stamp: Path, value: str) -> bool:
    """Whether ``stamp`` holds ``value`` (it records what the last install was made from)."""
    return stamp.exists() and stamp.read_text().strip() == value


def venv_python() -> Path:
    """The interpreter of the project's virtual environment."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


# --- setup -------------------------------------------------------------------


def setup() -> None:
    """Create ``.venv`` and ``node_modules`` when missing or out of date; fast otherwise."""
    check_node()  # before anything is installed: the build and the tests run Node too
    python = venv_python()
    if not python.exists():
        say("creating .venv")
        run([sys.executable, "-m", "venv", VENV])
    # The stamps live inside what they describe, so a deleted .venv or
    # node_modules takes its stamp along.
    stamp = VENV / ".requirements.sha256"
    wanted = sha256_of(REQUIREMENTS)
    if stamp_matches(stamp, wanted):
        say(".venv is up to date")
    else:
        say("installing requirements-dev.txt into .venv")
        run([python, *PIP, "install", "-r", REQUIREMENTS])
        stamp.write_text(wanted + "\n")

    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".puzzlelab-npm.sha256"
    wanted = sha256_of(ROOT / "package.json", lock)
    if (PYODIDE_NPM / "package.json").exists() and stamp_matches(stamp, wanted):
        say("node_modules is up to date")
        return
    npm = shutil.which("npm")
    if npm is None:
        fail(f"npm is not installed; install Node.js {NODE_MIN_MAJOR} or later (with npm)")
    action = "ci" if lock.exists() else "install"
    say(f"running npm {action}")
    run([npm, action, "--no-audit", "--no-fund"], stdin=subprocess.DEVNULL)
    stamp.write_text(sha256_of(ROOT / "package.json", lock) + "\n")


def node_major(version: str) -> int | None:
    """The major version in ``node --version``'s answer (``v20.11.1`` -> 20), or None."""
    found = re.fullmatch(r"\s*v?(\d+)\.\d+\.\d+\S*\s*", version)
    return int(found.group(1)) if found else None


def check_node() -> None:
    """Fail with one sentence when Node.js is missing or older than NODE_MIN_MAJOR."""
    node = shutil.which("node")
    if node is None:
        fail(f"Node.js is not installed; install Node.js {NODE_MIN_MAJOR} or later (with npm)")
    answer = subprocess.run([node, "--version"], capture_output=True, text=True, check=False)
    major = node_major(answer.stdout)
    if major is None or major < NODE_MIN_MAJOR:
        given = answer.stdout.strip() or "an unknown version"
        fail(f"Node.js {given} is too old; Puzzle Lab needs Node.js {NODE_MIN_MAJOR} or later")


# --- build -------------------------------------------------------------------


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


# A folder of this name inside the package (``pegs/data/``) holds large data
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


def micropip_wheel() -> Path:
    """The micropip wheel from PyPI, downloaded once into ``.cache/`` and checked."""
    cached = CACHE / "micropip" / MICROPIP_WHEEL
    if not cached.exists():
        say(f"downloading micropip {MICROPIP_VERSION} from PyPI into .cache/")
        # Any interpreter with pip will do; --python-version lets an older one
        # fetch this wheel, which requires Python 3.13+ (Pyodide 314 is 3.14).
        python = venv_python() if venv_python().exists() else Path(sys.executable)
        run(
            [
                python,
                *PIP,
                "download",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.14",
                f"micropip=={MICROPIP_VERSION}",
                "-d",
                cached.parent,
            ]
        )
    if sha256_of(cached) != MICROPIP_SHA256:
        fail(f"{cached} does not have the pinned SHA-256 {MICROPIP_SHA256}; delete it and rebuild")
    return cached


def vendor_pyodide(target: Path) -> str:
    """Copy the Pyodide core and micropip into ``target``; return Pyodide's version.

    The micropip entry of ``pyodide-lock.json`` is rewritten to our wheel's
    hash: ``loadPackage`` checks it with the browser's subresource integrity.
    """
    if not (PYODIDE_NPM / "package.json").exists():
        fail("node_modules/pyodide is missing; run `python3 build.py setup` (or `npm ci`) first")
    target.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_NPM / name, target / name)
    wheel = micropip_wheel()
    shutil.copy2(wheel, target / wheel.name)

    lock_path = target / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    entry = lock["packages"]["micropip"]
    if entry["version"] != MICROPIP_VERSION:
        fail(
            f"Pyodide's lock file wants micropip {entry['version']}, build.py vendors "
            f"{MICROPIP_VERSION}; update MICROPIP_VERSION and MICROPIP_SHA256"
        )
    entry["file_name"] = wheel.name
    entry["sha256"] = MICROPIP_SHA256
    lock_path.write_text(json.dumps(lock))
    return json.loads((PYODIDE_NPM / "package.json").read_text())["version"]


class NumpyNotVendored(Exception):
    """Why the numpy wheel could not be vendored (the message completes a sentence)."""


def pyodide_index(version: str) -> str:
    """The package index to download Pyodide's wheels from, ending with ``/``.

    ``$PUZZLELAB_PYODIDE_INDEX`` when set, else the CDN folder of ``version``.
    """
    index = os.environ.get(PYODIDE_INDEX_ENV) or PYODIDE_INDEX.format(version=version)
    return index.rstrip("/") + "/"


def download_checked(url: str, target: Path, sha256: str, timeout: float) -> None:
    """Download ``url`` to ``target`` if its SHA-256 is ``sha256``; else raise NumpyNotVendored.

    The file is written next to ``target`` first and renamed only once its hash
    matches, so ``target`` is either absent or correct. ``timeout`` bounds each
    wait for the server (connecting, and every read), not the whole download.
    """
    partial = target.with_name(target.name + ".part")
    digest = hashlib.sha256()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with urllib.request.urlopen(url, timeout=timeout) as response, partial.open("wb") as out:
            while chunk := response.read(1 << 16):
                digest.update(chunk)
                out.write(chunk)
    except urllib.error.HTTPError as error:
        partial.unlink(missing_ok=True)
        raise NumpyNotVendored(f"{url} answered HTTP {error.code}") from error
    except urllib.error.URLError as error:
        partial.unlink(missing_ok=True)
        raise NumpyNotVendored(f"cannot reach {url} ({error.reason})") from error
    except TimeoutError as error:
        partial.unlink(missing_ok=True)
        raise NumpyNotVendored(f"no answer from {url} within {timeout:g} s") from error
    except (OSError, http.client.HTTPException) as error:
        partial.unlink(missing_ok=True)
        raise NumpyNotVendored(f"downloading {url} failed ({error})") from error
    if digest.hexdigest() != sha256:
        partial.unlink()
        raise NumpyNotVendored(
            f"{url} has SHA-256 {digest.hexdigest()}, but pyodide-lock.json wants {sha256}"
        )
    partial.replace(target)


def vendor_numpy(
    lock_path: Path, index_url: str, cache_dir: Path, timeout: float = NUMPY_TIMEOUT
) -> Path | None:
    """Copy the numpy wheel named in ``lock_path`` next to it; return the copy.

    The wheel comes from ``cache_dir`` when a copy with the lock's SHA-256 is
    there, else from ``index_url`` (downloaded into ``cache_dir``). The lock
    entry already names this file and hash, so it is left as it is. When the
    wheel cannot be had this prints one line saying why and returns None: the
    page then fetches numpy from the CDN on demand, and the build goes on.
    """
    try:
        entry = json.loads(lock_path.read_text())["packages"].get("numpy")
        if not entry:
            raise NumpyNotVendored(f"{lock_path.name} has no numpy package")
        name, sha256 = entry["file_name"], entry["sha256"].lower()
        if not re.fullmatch(r"[\w.+-]+\.whl", name):
            raise NumpyNotVendored(f"{lock_path.name} names an unexpected file {name!r}")
        cached = cache_dir / name
        if cached.exists() and sha256_of(cached) != sha256:
            cached.unlink()  # a stale or damaged copy: fetch it again
        if not cached.exists():
            url = index_url.rstrip("/") + "/" + quote(name)
            say(f"downloading {name} from {url}")
            download_checked(url, cached, sha256, timeout)
    except NumpyNotVendored as reason:
        say(f"numpy not vendored: {reason}; the page will fetch it on demand")
        return None
    target = lock_path.parent / name
    shutil.copy2(cached, target)
    say(f"vendored numpy {entry.get('version', '')} into {target.parent.name}/ ({name})")
    return target


def build(dist: Path = DIST, *, with_numpy: bool = False) -> None:
    """Assemble ``dist`` (normally ``dist/``) from scratch.

    ``with_numpy`` also vendors Pyodide's numpy wheel (see ``vendor_numpy``);
    without it the build uses the network only for the set-up's first run.
    """
    meta = project_metadata()
    if dist.exists():
        shutil.rmtree(dist)
    shutil.copytree(WEB, dist, ignore=shutil.ignore_patterns("__pycache__", ".*"))
    # GitHub Pages: serve the files as they are, without Jekyll.
    (dist / ".nojekyll").touch()
    pyodide_version = vendor_pyodide(dist / "pyodide")
    wheel = build_wheel(meta, dist / "wheels")
    data = copy_data_files(dist)
    info = {
        "name": meta["name"],
        "version": meta["version"],
        "wheel": wheel.relative_to(dist).as_posix(),
        "sha256": sha256_of(wheel),
        "pyodide": pyodide_version,
        "micropip": MICROPIP_VERSION,
        "data": data,
    }
    (dist / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
    if with_numpy:
        vendor_numpy(
            dist / "pyodide" / "pyodide-lock.json", pyodide_index(pyodide_version), NUMPY_CACHE
        )
    write_first_boards(dist)
    write_daily_deals(dist)
    write_puzzle_preloads(dist)
    write_levels(dist)
    stamp_service_worker(dist)
    packed = precompress(dist)
    size = sum(
        path.stat().st_size for path in dist.rglob("*")
        if path.is_file() and not path.name.endswith((".gz", ".br"))
    )
    say(
        f"built {dist.name}/ ({size / 1e6:.1f} MB; its text and wasm "
        f"{packed['plain'] / 1e6:.1f} MB, {packed['gzip'] / 1e6:.1f} MB gzipped): "
        f"{wheel.name} ({wheel.stat().st_size / 1e3:.0f} kB) and {len(data)} data files "
        f"({sum(int(entry['bytes']) for entry in data.values()) / 1e6:.1f} MB, fetched when "
        "a solver needs them), "
        f"Pyodide {pyodide_version}, micropip {MICROPIP_VERSION}"
    )


# The main page's <link rel="modulepreload"> lines for the registered
# puzzles' modules, which index.html cannot name (it names no puzzle): every
# module under puzzles/ that app.mjs imports (the registry and each puzzle's
# move rules) and the first registered puzzle's board with its own imports,
# the board a first visit shows.
PRELOAD_MARK = "<!-- the puzzles' modules: build.py's write_puzzle_preloads -->"
_STATIC_IMPORT = re.compile(
    r'^\s*(?:import|export)\s[^;]*?\bfrom\s+"(\.{1,2}/[^"]+)"|^\s*import\s+"(\.{1,2}/[^"]+)"',
    re.MULTILINE,
)


def static_imports(start: str, web: Path = WEB) -> list[str]:
    """``start`` and every module it imports statically, transitively (paths under ``web``)."""
    seen: list[str] = []
    todo = [start]
    while todo:
        path = todo.pop(0)
        if path in seen:
            continue
        seen.append(path)
        for match in _STATIC_IMPORT.finditer((web / path).read_text(encoding="utf-8")):
            target = match[1] or match[2]
            todo.append(posixpath.normpath(posixpath.join(posixpath.dirname(path), target)))
    return seen


def puzzle_preloads(web: Path = WEB) -> list[str]:
    """The modules under ``puzzles/`` the main page's first screen needs, in load order."""
    registry = (web / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    first = re.search(r'^\s+id: "([a-z0-9_-]+)"', registry, re.MULTILINE)
    starts = ["app.mjs"] + ([f"puzzles/{first[1]}/board.mjs"] if first else [])
    found = [path for start in starts for path in static_imports(start, web)]
    return list(dict.fromkeys(path for path in found if path.startswith("puzzles/")))


def write_puzzle_preloads(dist: Path) -> None:
    """Put :func:`puzzle_preloads` in place of ``PRELOAD_MARK`` in ``dist/index.html``."""
    page = dist / "index.html"
    text = page.read_text(encoding="utf-8")
    if PRELOAD_MARK not in text:
        fail(f"web/index.html has lost its mark {PRELOAD_MARK!r}")
    paths = puzzle_preloads(dist)
    links = [f'<link rel="modulepreload" href="{path}">' for path in paths]
    # The first board's own stylesheet, which it waits for before its first game.
    board = next((path for path in paths if path.endswith("/board.mjs")), None)
    sheet = board and re.search(r'static stylesheet = new URL\("\./([^"]+\.css)"',
                                (dist / board).read_text(encoding="utf-8"))
    if sheet:
        links.insert(0, f'<link rel="stylesheet" href="{posixpath.dirname(board)}/{sheet[1]}">')
    links = "\n  ".join(links)
    page.write_text(text.replace(PRELOAD_MARK, links), encoding="utf-8")


# A first visit to the binary puzzle deals one of these puzzles (medium 8x8,
# by seed), and to Lights Out one of these random solvable 5x5 boards, picked
# at random in the page, so that first visitors do not all meet the same one;
# returning visitors get their saved game. Each is shipped with its first hint.
FIRST_DEALS = {
    "binairo": tuple(
        {"cmd": "binairo.new", "rows": 8, "cols": 8, "difficulty": "medium", "seed": seed}
        for seed in range(1, 21)
    ),
    "lightsout": tuple({"cmd": "lightsout.new", "rows": 5, "cols": 5, "seed": seed}
                       for seed in range(1, 21)),
}

# The requests the page makes for its default boards that the JavaScript rules
# cannot answer (a generated puzzle): build answers them once with Python.
FIRST_REQUESTS = tuple(request for deals in FIRST_DEALS.values() for request in deals)


def first_hint_requests(api: Any, pegs: Any) -> list[dict[str, Any]]:
    """The hint a person may ask before any move on a default board (#35).

    Answered by Python here and shipped with the boards, so that the first
    hint of a visit shows at once even while Python is still starting; a hint
    after a move, or on any other board, goes to Python. The binary puzzle's
    first deals, Lights Out's and the English peg board (the page's default,
    goal at the centre).
    """
    hints = [{"cmd": f"{puzzle}.hint", "game": api.handle(dict(request))["result"]["game"]}
             for puzzle, deals in FIRST_DEALS.items() for request in deals]
    return [*hints, {"cmd": "pegs.hint", "grid": pegs.standard_start("english").grid, "goal": None}]


PARAMS_MODULE = WEB / "rules" / "params.mjs"


def params_module() -> str:
    """``web/rules/params.mjs``: every command's argument descriptions, from Python.

    The page's JavaScript rules answer only requests that fit these (the rest go
    to Python, which words the refusal), so one description serves the API, the
    command line and the page. ``python3 build.py params`` writes it; a test
    checks the committed copy is current.
    """
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from puzzlelab import params
    finally:
        sys.path.pop(0)
    kept = ("name", "kind", "required", "low", "high", "choices", "max_chars")
    described = json.dumps(
        {command: [{key: arg[key] for key in kept if key in arg} for arg in args]
         for command, args in params.describe()["commands"].items()},
        separators=(",", ":"), sort_keys=True,
    ).replace('],"', '],\n "')
    return (
        "// Every request's arguments (names, kinds, ranges), as\n"
        "// py/puzzlelab/params.py describes them. Generated by `python3 build.py params`;\n"
        "// do not edit (tests/test_js_rules.py checks it is current).\n"
        f"export const COMMANDS = {described};\n"
    )


def write_first_boards(dist: Path) -> None:
    """Write Python's answers to FIRST_REQUESTS and to the first hints on those
    boards (first_hint_requests) into ``dist/rules/first-boards.mjs``.

    The page answers these without waiting for Python (web/rules/index.mjs),
    so its default boards are drawn at once and their first hint shows at
    once; FIRST_DEALS goes with them (the requests a first visit picks from,
    per puzzle).
    """
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from puzzlelab import api, pegs
    finally:
        sys.path.pop(0)
    answers = {}
    for request in (*FIRST_REQUESTS, *first_hint_requests(api, pegs)):
        response = api.handle(dict(request))
        if not response["ok"]:
            fail(f"build: Python refused the first-board request {request}: {response['error']}")
        answers[json.dumps(request, sort_keys=True, separators=(",", ":"))] = response["result"]
    target = dist / "rules" / "first-boards.mjs"
    header = target.read_text().split("export const")[0]
    deals = {puzzle: list(requests) for puzzle, requests in FIRST_DEALS.items()}
    target.write_text(
        f"{header}export const FIRST_BOARDS = {json.dumps(answers, indent=1)};\n"
        f"export const FIRST_DEALS = {json.dumps(deals, indent=1)};\n"
    )


# Kept out of the offline copy: source maps are for debugging only, and the
# pre-compressed copies are the same files as sent over the wire. The data
# files are not fetched at install either (a Lights Out player never needs the
# peg book): the engine puts each into the version's cache when it fetches it.
OFFLINE_SKIP = (".map", ".nojekyll", "sw.js", ".gz", ".br")
# The Python engine and its data are not cached at install: the service worker
# keeps them as they arrive, when someone starts Python (web/sw.js), so that a
# visitor who only plays never downloads them. They count in the version all the same.
ON_DEMAND = ("pyodide/", "wheels/", f"{SITE_DATA}/")
SW_VERSION_LINE = 'const VERSION = "development";'
SW_FILES_LINE = "const FILES = [];"


def stamp_service_worker(dist: Path) -> str:
    """Write ``dist/sw.js`` from ``web/sw.js`` with this build's version; return it.

    The version is a hash of every file's path and contents, so any change to
    the site makes a new one, and the service worker caches each version
    whole. ``build-info.json`` records it as ``site_version`` (the service
    worker checks it, to never keep a mix of two deploys). The list of files to
    cache at install is stamped in too: all but the engine (``ON_DEMAND``).
    """
    info_path = dist / "build-info.json"
    info = json.loads(info_path.read_text())
    versioned = sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path != info_path and not path.name.endswith(OFFLINE_SKIP)
    )
    digest = hashlib.sha256()
    for name in versioned:
        digest.update(f"{name}\0{sha256_of(dist / name)}\n".encode())
    version = digest.hexdigest()[:16]
    info["site_version"] = version
    info_path.write_text(json.dumps(info, indent=2) + "\n")
    text = (WEB / "sw.js").read_text()
    if SW_VERSION_LINE not in text or SW_FILES_LINE not in text:
        fail("web/sw.js lost its VERSION or FILES line; build.py stamps them")
    shell = [name for name in versioned if not name.startswith(ON_DEMAND)]
    listed = json.dumps([*shell, info_path.name], indent=2)
    (dist / "sw.js").write_text(
        text.replace(SW_VERSION_LINE, f'const VERSION = "{version}";')
        .replace(SW_FILES_LINE, f"const FILES = {listed};")
    )
    return version


# --- the daily puzzles -----------------------------------------------------------

# Each daily puzzle's dealing request as its board sends it (dailyPuzzle() in
# web/puzzles/<name>/board.mjs) without the seed, which is the date as a number
# (20261124), and the request whose answer the page's rules give for a game
# ID. The page uses a shipped deal only when its own request is this one
# (web/daily-deals.mjs), so a changed board falls back to Python, never to a
# stale puzzle. Pegs needs none: its daily is the board list in turn, which
# its rules module answers.
DAILY_REQUESTS: dict[str, tuple[dict[str, object], str]] = {
    "lightsout": (
        {"cmd": "lightsout.new", "rows": 5, "cols": 5, "random": True, "difficulty": "medium"},
        "lightsout.load",
    ),
    "binairo": (
        {"cmd": "binairo.new", "rows": 8, "cols": 8, "difficulty": "medium"},
        "binairo.load",
    ),
}
# The shipped window: from the first daily puzzle to this many days past the
# build, so that a site left unbuilt for a year still deals at once.
DAILY_FIRST = date(2026, 11, 1)
DAILY_DAYS_AHEAD = 400
DAILY_DEALS_FILE = "daily-deals.json"


def daily_seed(day: date) -> int:
    """The seed of ``day``'s daily puzzle, as the page counts it: 2026-11-24 -> 20261124."""
    return int(day.strftime("%Y%m%d"))


def daily_deal(kind: str, day: date) -> dict[str, object]:
    """Python's daily deal of ``kind`` for ``day``, as shipped: its game ID and extras.

    The extras are the fields of the deal that loading its game ID does not
    give back the same (the difficulty, the seed...): the page merges them
    into its rules' answer for the game ID, which is then Python's deal.
    """
    from puzzlelab import api

    request, load = DAILY_REQUESTS[kind]
    dealt = api.handle({**request, "seed": daily_seed(day)})
    if not dealt["ok"]:
        fail(f"build: Python refused the daily request of {kind} for {day}: {dealt['error']}")
    state = dealt["result"]
    loaded = api.handle({"cmd": load, "game": state["game"]})
    if not loaded["ok"] or set(loaded["result"]) - set(state):
        fail(f"build: the daily game of {kind} for {day} does not load back as dealt")
    again = loaded["result"]
    return {"game": state["game"]} | {
        key: value for key, value in state.items() if key != "game" and again.get(key) != value
    }


def daily_deals(first: date, last: date) -> dict[str, object]:
    """Every daily deal from ``first`` to ``last`` (both included), per puzzle and date."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
        tables: dict[str, object] = {"first": first.isoformat(), "last": last.isoformat()}
        for kind, (request, load) in DAILY_REQUESTS.items():
            tables[kind] = {
                "request": request,
                "load": load,
                "deals": {day.isoformat(): daily_deal(kind, day) for day in days},
            }
        return tables
    finally:
        sys.path.pop(0)


def write_daily_deals(dist: Path, today: date | None = None) -> Path:
    """Write ``dist/daily-deals.json``: the daily puzzles of the shipped window.

    The page fetches it only when a daily puzzle is asked for, and shows that
    day's deal at once, without Python; a date outside the window is dealt by
    Python as before.
    """
    today = today or datetime.now(UTC).date()
    tables = daily_deals(DAILY_FIRST, today + timedelta(days=DAILY_DAYS_AHEAD))
    target = dist / DAILY_DEALS_FILE
    target.write_text(json.dumps(tables, separators=(",", ":")) + "\n")
    return target


def write_levels(dist: Path) -> Path:
    """Write ``dist/levels.json``: every family's level ladder (py/puzzlelab/levels.py)."""
    sys.path.insert(0, str(ROOT / "py"))
    try:
        from puzzlelab import levels
    finally:
        sys.path.pop(0)
    return levels.write(dist / levels.LEVELS_FILE)


# --- pre-compressed copies --------------------------------------------------------

# The text and wasm files a host compresses on the fly; zips and wheels are
# compressed already, images too.
COMPRESSIBLE = (".wasm", ".mjs", ".js", ".json", ".css", ".html", ".svg", ".webmanifest", ".zip")
# Smaller files gain too little to be worth a second copy.
COMPRESS_FROM = 1024
# Each encoding the build can write, best first, as `serve` offers them:
# name in Accept-Encoding, file suffix.
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))


def _brotli() -> object | None:
    """The brotli module when installed (an optional speed-up), else None."""
    try:
        import brotli
    except ImportError:
        return None
    return brotli


def precompress(dist: Path) -> dict[str, int]:
    """Write ``NAME.gz`` (and ``NAME.br`` where the brotli module is installed)
    beside each large text or wasm file of ``dist``, as a real host would send
    them, so that ``serve`` sends compressed bytes and local figures match a
    host's. A copy that saves under a tenth is not kept. Returns the bytes
    before and after (gzip) for the build line.
    """
    brotli = _brotli()
    totals = {"plain": 0, "gzip": 0}
    for path in sorted(dist.rglob("*")):
        if (not path.is_file() or path.suffix not in COMPRESSIBLE
                or path.stat().st_size < COMPRESS_FROM):
            continue
        data = path.read_bytes()
        # mtime=0: the same input gives the same bytes, build after build.
        packed = {".gz": gzip.compress(data, compresslevel=9, mtime=0)}
        if brotli is not None:
            packed[".br"] = brotli.compress(data, quality=9)
        for suffix, body in packed.items():
            if len(body) < len(data) * 0.9:
                path.with_name(path.name + suffix).write_bytes(body)
        totals["plain"] += len(data)
        totals["gzip"] += min(len(data), len(packed[".gz"]))
    return totals


# --- serve -------------------------------------------------------------------


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory under the server's URL prefix with the types browsers insist on.

    Module scripts need a JavaScript type and ``WebAssembly.instantiateStreaming``
    needs ``application/wasm``. Only failed requests are logged.
    """

    server: SiteServer
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".map": "application/json",
        ".whl": "application/zip",
        ".webmanifest": "application/manifest+json",
        ".svg": "image/svg+xml",
    }

    def translate_path(self, path: str) -> str:
        """Map ``prefix + rest`` to ``directory/rest`` (send_head has checked the prefix)."""
        url_path = urlsplit(path).path
        return super().translate_path("/" + url_path[len(self.server.prefix) :])

    def send_head(self) -> io.BufferedIOBase | None:
        """Answer 404 outside the prefix, and redirect ``/`` to the prefix for convenience."""
        prefix = self.server.prefix
        url_path = urlsplit(self.path).path
        if prefix != "/" and url_path in ("/", prefix.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", prefix)
            self.end_headers()
            return None
        if not url_path.startswith(prefix):
            self.send_error(404, f"Not under {prefix}")
            return None
        # As a real host: the build's gzip or brotli copy where the browser takes it.
        chosen = self._precompressed()
        if chosen is not None:
            return self._send_precompressed(*chosen)
        return super().send_head()

    def _precompressed(self) -> tuple[str, Path, Path] | None:
        """The encoding, copy and original to send for this request: a
        pre-compressed copy (``precompress``) the browser accepts, or None."""
        accepted = {
            part.split(";")[0].strip().lower()
            for part in self.headers.get("Accept-Encoding", "").split(",")
            if not part.strip().endswith(";q=0")
        }
        original = Path(self.translate_path(self.path))
        if not original.is_file():
            return None
        for encoding, suffix in ENCODINGS:
            copy = original.with_name(original.name + suffix)
            # A copy older than its original (the file changed since the
            # build) would send stale bytes: the original goes instead.
            if (encoding in accepted and copy.is_file()
                    and copy.stat().st_mtime_ns >= original.stat().st_mtime_ns):
                return encoding, copy, original
        return None

    def _send_precompressed(self, encoding: str, copy: Path, original: Path) -> io.BufferedIOBase:
        """Headers for a pre-compressed copy: the original's type, its encoding."""
        body = copy.open("rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(original)))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(copy.stat().st_size))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(original.stat().st_mtime)))
        self.end_headers()
        return body

    def end_headers(self) -> None:
        """Make browsers revalidate, so a rebuilt wheel is never served stale from cache."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Log only failed requests."""
        if isinstance(code, int) and code >= 400:
            super().log_request(code, size)


class SiteServer(http.server.ThreadingHTTPServer):
    """Serves ``directory`` at ``http://host:port/prefix/`` (port 0: any free port)."""

    daemon_threads = True

    def __init__(self, directory: Path, host: str, port: int, prefix: str = "/") -> None:
        if not directory.is_dir():
            fail(f"{directory} does not exist; run `python3 build.py build` first")
        self.prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        handler = functools.partial(SiteHandler, directory=str(directory))
        super().__init__((host, port), handler)

    @property
    def url(self) -> str:
        """The site's address, ending with its prefix."""
        host, port = self.server_address[:2]
        return f"http://{host}:{port}{self.prefix}"

    def handle_error(self, request: object, client_address: tuple[str, int]) -> None:
        """Ignore connections closed by the browser mid-response; report anything else."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def serve_in_thread(directory: Path = DIST, prefix: str = "/") -> SiteServer:
    """Serve ``directory`` on a free local port from a daemon thread (used by the tests).

    The site is at ``server.url``, e.g. ``http://127.0.0.1:40123/puzzle-lab/``;
    call ``shutdown()`` and ``server_close()`` when done.
    """
    server = SiteServer(directory, "127.0.0.1", 0, prefix)
    threading.Thread(target=server.serve_forever, name="puzzle-lab-server", daemon=True).start()
    return server


def serve(directory: Path, host: str, port: int, prefix: str) -> None:
    """Serve the site in the foreground until Ctrl-C."""
    try:
        server = SiteServer(directory, host, port, prefix)
    except OSError as error:
        fail(f"cannot serve on {host}:{port} ({error.strerror}); "
             "pick another port: npm start -- --port 8080")
    with server:
        shown = server.url.replace("//127.0.0.1:", "//localhost:")
        print(f"Serving Puzzle Lab at {shown}", flush=True)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            print("Stopped.")


# --- test --------------------------------------------------------------------


def test(pytest_args: list[str]) -> int:
    """Lint with ruff, then run pytest (unit and end-to-end); return pytest's status.

    Arguments given run as one pytest; without any, the unit tests run on
    every core and then the end-to-end tests.
    """
    python = venv_python()
    say("ruff check py tests bench tools build.py")
    lint = subprocess.run(
        [python, "-m", "ruff", "check", "py", "tests", "bench", "tools", "build.py"],
        cwd=ROOT,
        check=False,
    )
    if pytest_args:
        runs = [pytest_args]
    else:
        # The unit and property tests on every core (a module stays on one
        # worker, so its shared fixtures are built once), then the browser
        # tests in two browsers: each test boots Python in its own page and
        # spends part of its time waiting on it, so two at a time took the
        # end-to-end run from 6.9 to 4.8 minutes on 2 cores.
        # Each run lists its slowest tests, to keep the whole under its 10 minutes.
        runs = [["-n", "auto", "--dist", "loadfile", "--durations=15", "--ignore=tests/e2e"],
                ["-n", "2", "--dist", "loadfile", "--durations=15", "tests/e2e"]]
    status = 0
    for args in runs:
        say("pytest " + " ".join(args))
        done = subprocess.run([python, "-m", "pytest", *args], cwd=ROOT, check=False)
        status = status or done.returncode
    if lint.returncode != 0:
        say("ruff found problems (see above)")
        return status or lint.returncode
    return status


def env_flag(name: str) -> bool:
    """Whether the environment variable ``name`` is set to something other than 0/false/no."""
    return os.environ.get(name, "").strip().lower() not in ("", "0", "false", "no")


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one subcommand."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="create .venv and node_modules when needed")
    commands.add_parser("params", help="write web/rules/params.mjs from py/puzzlelab/params.py")
    builders = [commands.add_parser("build", help="assemble dist/")]
    for name in ("serve", "start"):
        sub = commands.add_parser(
            name, help="serve dist/" if name == "serve" else "setup, build and serve"
        )
        sub.add_argument("--port", type=int, default=8000)
        sub.add_argument("--host", default="127.0.0.1")
        sub.add_argument("--prefix", default="/", help="URL path to mount the site at")
        sub.add_argument("--dir", type=Path, default=DIST, help="directory to serve")
        if name == "start":
            builders.append(sub)
    builders.append(
        commands.add_parser("test", help="setup, build, ruff and pytest (extra args go to pytest)")
    )
    for sub in builders:
        sub.add_argument(
            "--vendor-numpy",
            action="store_true",
            help="also put Pyodide's numpy wheel into dist/pyodide/ (downloaded once into "
            f".cache/numpy/; a failed download only prints a notice); {VENDOR_NUMPY_ENV}=1 "
            "does the same",
        )
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "params":
        PARAMS_MODULE.write_text(params_module())
        return 0
    if args.command in ("setup", "start", "test"):
        setup()
    if args.command in ("build", "start", "test"):
        build(with_numpy=args.vendor_numpy or env_flag(VENDOR_NUMPY_ENV))
    if args.command in ("serve", "start"):
        serve(args.dir.resolve(), args.host, args.port, args.prefix)
    if args.command == "test":
        return test(extra)
    return 0


if __name__ == "__main__":
    sys.exit(main())
