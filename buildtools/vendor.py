"""Pyodide's files, micropip and (on request) numpy, copied into the site.

The Pyodide core comes from the ``pyodide`` npm package; micropip and numpy are
not in it, so they come from PyPI and from Pyodide's package index, each
checked against a pinned or locked SHA-256 and kept in ``.cache/``.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import re
import shutil
import sys
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

from buildtools.common import CACHE, PIP, PYODIDE_NPM, fail, run, say, sha256_of, venv_python

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
