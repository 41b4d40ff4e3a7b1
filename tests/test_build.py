"""build.py: the wheel, the vendored Pyodide, the built site and the local server."""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import re
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

from puzzlelab import __version__


@pytest.fixture(scope="module")
def wheel(build_py: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_py.build_wheel(build_py.project_metadata(), tmp_path_factory.mktemp("wheel"))


def test_wheel_has_a_complete_record(wheel: Path) -> None:
    assert wheel.name == f"puzzlelab-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = f"puzzlelab-{__version__}.dist-info"
        assert {"puzzlelab/__init__.py", "puzzlelab/api.py"} <= set(names)
        assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]
        record = list(csv.reader(io.StringIO(archive.read(f"{dist_info}/RECORD").decode())))
        assert sorted(row[0] for row in record) == sorted(names)
        for path, digest, size in record:
            if path.endswith("RECORD"):
                assert digest == size == ""
                continue
            data = archive.read(path)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert digest == "sha256=" + expected.decode()
            assert int(size) == len(data)
        wheel_file = archive.read(f"{dist_info}/WHEEL").decode()
        assert "Root-Is-Purelib: true" in wheel_file and "Tag: py3-none-any" in wheel_file
        metadata = archive.read(f"{dist_info}/METADATA").decode()
        assert f"Version: {__version__}\n" in metadata


def test_wheel_is_reproducible(build_py: ModuleType, wheel: Path, tmp_path: Path) -> None:
    again = build_py.build_wheel(build_py.project_metadata(), tmp_path)
    assert again.read_bytes() == wheel.read_bytes()


def test_pip_installs_the_wheel(wheel: Path, tmp_path: Path) -> None:
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "--no-index",
            "--no-deps",
            "--target",
            str(tmp_path),
            str(wheel),
        ],
        check=True,
    )
    version = subprocess.run(
        [sys.executable, "-c", "import puzzlelab.api as a; print(a.handle({'cmd': 'ping'}))"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert version.strip() == repr({"ok": True, "result": {"version": __version__}})


def test_lock_entry_for_micropip_matches_the_vendored_wheel(dist_dir: Path) -> None:
    lock = json.loads((dist_dir / "pyodide" / "pyodide-lock.json").read_text())
    entry = lock["packages"]["micropip"]
    wheel = dist_dir / "pyodide" / entry["file_name"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"]


def test_build_info_names_the_wheel(dist_dir: Path) -> None:
    info = json.loads((dist_dir / "build-info.json").read_text())
    assert info["version"] == __version__
    wheel = dist_dir / info["wheel"]
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == info["sha256"]


# What a page or module fetches: src=, <link href=>, imports, new URL(), fetch().
FETCHED = re.compile(
    r"""(?:\bsrc\s*=\s*|<link\b[^>]*\bhref\s*=\s*|\bfrom\s+|\bimport\s*\(\s*|"""
    r"""\bnew\s+URL\s*\(\s*|\bfetch\s*\(\s*)["'`]([^"'`]*)"""
)


def test_site_urls_are_relative(dist_dir: Path) -> None:
    pages = [*dist_dir.glob("*.html"), *dist_dir.glob("*.mjs")]
    assert pages
    absolute = [
        f"{path.name}: {url}"
        for path in pages
        for url in FETCHED.findall(path.read_text())
        if url.startswith("/") or (re.match(r"[a-z]+:", url) and not url.startswith("data:"))
    ]
    assert not absolute, "dist/ must work under any sub-path; use relative URLs"


@pytest.fixture
def served(build_py: ModuleType, tmp_path: Path):
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>")
    (tmp_path / "a.mjs").write_text("export {};")
    (tmp_path / "b.wasm").write_bytes(b"\0asm")
    (tmp_path / "c.json").write_text("{}")
    server = build_py.serve_in_thread(tmp_path, "/sub/path/")
    yield server.url
    server.shutdown()
    server.server_close()


def test_server_sends_the_types_browsers_need(served: str) -> None:
    assert served.endswith("/sub/path/")
    for name, content_type in [
        ("a.mjs", "text/javascript"),
        ("b.wasm", "application/wasm"),
        ("c.json", "application/json"),
        ("", "text/html"),
    ]:
        with urllib.request.urlopen(served + name) as response:
            assert response.headers["Content-Type"].startswith(content_type)
            assert response.headers["Cache-Control"] == "no-cache"


def test_server_mounts_the_site_under_its_prefix(served: str) -> None:
    root = served.removesuffix("sub/path/")
    with pytest.raises(urllib.error.HTTPError) as outside:
        urllib.request.urlopen(root + "a.mjs")
    assert outside.value.code == 404
    with urllib.request.urlopen(root) as response:  # redirected to the prefix
        assert response.url == served
