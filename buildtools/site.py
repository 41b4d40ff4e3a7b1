"""``build.py build``: ``dist/``, the whole deployable site.

The pages from ``web/``, the Pyodide core and micropip (``vendor``), our wheel
and data files (``wheel``), the answers computed once with Python
(``shipped``), the page's modules without their comments (``minify``), the
main page's preloads (``preloads``), the service worker stamped with the site's version, and
pre-compressed copies of the large text and wasm files.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path

from buildtools import shipped, vendor
from buildtools.common import DIST, WEB, fail, say, sha256_of
from buildtools.minify import minify_modules
from buildtools.preloads import write_preloads
from buildtools.wheel import SITE_DATA, build_wheel, copy_data_files, project_metadata


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
    pyodide_version = vendor.vendor_pyodide(dist / "pyodide")
    wheel = build_wheel(meta, dist / "wheels")
    data = copy_data_files(dist)
    info = {
        "name": meta["name"],
        "version": meta["version"],
        "wheel": wheel.relative_to(dist).as_posix(),
        "sha256": sha256_of(wheel),
        "pyodide": pyodide_version,
        "micropip": vendor.MICROPIP_VERSION,
        "data": data,
    }
    (dist / "build-info.json").write_text(json.dumps(info, indent=2) + "\n")
    if with_numpy:
        vendor.vendor_numpy(dist / "pyodide" / "pyodide-lock.json",
                            vendor.pyodide_index(pyodide_version), vendor.NUMPY_CACHE)
    # What each family declares for the site, answered once by Python here.
    for write in shipped.WRITERS:
        write(dist)
    # Comments out of the page's modules: fewer bytes before the first board.
    lean = minify_modules(dist)
    write_preloads(dist)
    stamp_service_worker(dist)
    packed = precompress(dist)
    size = sum(
        path.stat().st_size for path in dist.rglob("*")
        if path.is_file() and not path.name.endswith((".gz", ".br"))
    )
    say(
        f"built {dist.name}/ ({size / 1e6:.1f} MB; its text and wasm "
        f"{packed['plain'] / 1e6:.1f} MB, {packed['gzip'] / 1e6:.1f} MB gzipped): "
        f"its modules {lean['before'] / 1e3:.0f} kB, {lean['after'] / 1e3:.0f} kB without "
        "comments; "
        f"{wheel.name} ({wheel.stat().st_size / 1e3:.0f} kB) and {len(data)} data files "
        f"({sum(int(entry['bytes']) for entry in data.values()) / 1e6:.1f} MB, fetched when "
        "a solver needs them), "
        f"Pyodide {pyodide_version}, micropip {vendor.MICROPIP_VERSION}"
    )


# Kept out of the offline copy: source maps are for debugging only, and the
# pre-compressed copies are the same files as sent over the wire. The data
# files are not fetched at install either (a player of one puzzle never needs
# another's data): the engine puts each into the version's cache when it fetches it.
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



# --- pre-compressed copies ------------------------------------------------------

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
