"""build.py: the wheel, the vendored Pyodide, the built site and the local server."""

from __future__ import annotations

import base64
import csv
import functools
import gzip
import hashlib
import io
import json
import os
import re
import socket
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from puzzlelab import __version__

ROOT = Path(__file__).resolve().parent.parent


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


PAGE_FILE = re.compile(r'<(?:link|script)\b[^>]*\b(?:href|src)="([^"#?:]+)"')


def test_every_file_a_page_names_is_in_the_site(dist_dir: Path) -> None:
    """Preloads, scripts, styles, icons and the manifest of each page exist in dist/."""
    missing = [
        f"{page.name}: {url}"
        for page in dist_dir.glob("*.html")
        for url in PAGE_FILE.findall(page.read_text())
        if not (dist_dir / url).is_file()
    ]
    assert not missing


def test_the_service_worker_keeps_the_page_at_install_and_not_the_engine(dist_dir: Path) -> None:
    """sw.js lists every file of the page (source maps aside) and the version
    build-info.json names, but none of the Python engine: Pyodide, our wheel and
    the data files are kept as they arrive, when someone starts Python."""
    worker = (dist_dir / "sw.js").read_text()
    listed = set(json.loads(re.search(r"const FILES = (\[.*?\]);", worker, re.S)[1]))
    present = {
        path.relative_to(dist_dir).as_posix()
        for path in dist_dir.rglob("*")
        if path.is_file() and not path.name.endswith((".map", ".nojekyll", "sw.js", ".gz", ".br"))
    }
    info = json.loads((dist_dir / "build-info.json").read_text())
    engine = {name for name in present if name.split("/")[0] in ("pyodide", "wheels", "data")}
    assert {f"data/{name}" for name in info["data"]} <= engine
    assert "pyodide/pyodide.asm.wasm" in engine and f"wheels/{Path(info['wheel']).name}" in engine
    assert listed == present - engine
    assert {"index.html", "app.mjs", "embed.mjs", "worker.mjs", "daily-deals.json"} <= listed
    version = info["site_version"]
    assert f'const VERSION = "{version}";' in worker


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


def test_the_build_writes_gzip_copies_of_its_large_text_and_wasm(dist_dir: Path) -> None:
    """Each copy is its original, compressed; the engine's wasm and modules have one."""
    copies = sorted(dist_dir.rglob("*.gz"))
    names = {path.relative_to(dist_dir).as_posix() for path in copies}
    assert {"pyodide/pyodide.asm.wasm.gz", "pyodide/pyodide.asm.mjs.gz", "app.mjs.gz"} <= names
    for copy in copies:
        original = copy.with_name(copy.name.removesuffix(".gz"))
        assert gzip.decompress(copy.read_bytes()) == original.read_bytes(), copy
        assert copy.stat().st_size < 0.9 * original.stat().st_size


@pytest.fixture
def compressed_site(build_py: ModuleType, tmp_path: Path):
    text = "export const WORDS = [" + ", ".join(f'"word {i}"' for i in range(400)) + "];\n"
    (tmp_path / "big.mjs").write_text(text)
    (tmp_path / "small.mjs").write_text("export {};")
    (tmp_path / "noise.wasm").write_bytes(os.urandom(4000))
    build_py.precompress(tmp_path)
    server = build_py.serve_in_thread(tmp_path, "/")
    yield server.url, text, tmp_path
    server.shutdown()
    server.server_close()


def fetch(url: str, accept: str | None) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(request) as response:
        return dict(response.headers), response.read()


def test_the_server_sends_the_gzip_copy_to_a_browser_that_takes_it(compressed_site) -> None:
    url, text, _ = compressed_site
    headers, body = fetch(url + "big.mjs", "gzip, deflate, br")
    assert headers["Content-Encoding"] == "gzip"
    assert headers["Content-Type"].startswith("text/javascript")
    assert headers["Vary"] == "Accept-Encoding"
    assert int(headers["Content-Length"]) == len(body) < len(text)
    assert gzip.decompress(body).decode() == text
    # Without gzip in Accept-Encoding (or refused with q=0): the file as it is.
    for accept in (None, "identity", "gzip;q=0"):
        headers, body = fetch(url + "big.mjs", accept)
        assert "Content-Encoding" not in headers, accept
        assert body.decode() == text
    # A small file has no copy; neither has one that compression does not shrink.
    for name in ("small.mjs", "noise.wasm"):
        headers, _ = fetch(url + name, "gzip")
        assert "Content-Encoding" not in headers, name


def test_a_file_changed_after_the_build_is_sent_as_it_is_now(compressed_site) -> None:
    """A copy older than its original is never sent: no stale bytes after an edit."""
    url, text, folder = compressed_site
    changed = text.replace("word", "term")
    (folder / "big.mjs").write_text(changed)
    os.utime(folder / "big.mjs", ns=(0, (folder / "big.mjs.gz").stat().st_mtime_ns + 1))
    headers, body = fetch(url + "big.mjs", "gzip")
    assert "Content-Encoding" not in headers
    assert body.decode() == changed


# --- --vendor-numpy ---------------------------------------------------------


def closed_port_url() -> str:
    """An http URL on a local port nobody listens on: connections are refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/"


def fake_lock(directory: Path, file_name: str, sha256: str) -> Path:
    """A pyodide-lock.json in ``directory`` whose numpy entry names ``file_name``."""
    directory.mkdir(parents=True, exist_ok=True)
    lock = directory / "pyodide-lock.json"
    entry = {"name": "numpy", "version": "0.0", "file_name": file_name, "sha256": sha256}
    lock.write_text(json.dumps({"packages": {"numpy": entry}}))
    return lock


FAKE_WHEEL = "numpy-0.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl"
FAKE_DATA = b"not really a wheel, but the build only checks its hash"


@pytest.fixture
def fake_index(build_py: ModuleType, tmp_path: Path) -> Iterator[str]:
    """A local package index holding one small file named like a numpy wheel."""
    index = tmp_path / "index"
    index.mkdir()
    (index / FAKE_WHEEL).write_bytes(FAKE_DATA)
    server = build_py.serve_in_thread(index, "/pyodide/full/")
    yield server.url
    server.shutdown()
    server.server_close()


def test_vendor_numpy_copies_the_wheel_with_the_locked_hash(
    build_py: ModuleType, fake_index: str, tmp_path: Path
) -> None:
    lock = fake_lock(tmp_path / "site", FAKE_WHEEL, hashlib.sha256(FAKE_DATA).hexdigest())
    before = lock.read_bytes()
    copied = build_py.vendor_numpy(lock, fake_index, tmp_path / "cache")
    assert copied == lock.parent / FAKE_WHEEL
    assert copied.read_bytes() == FAKE_DATA
    assert (tmp_path / "cache" / FAKE_WHEEL).read_bytes() == FAKE_DATA
    assert lock.read_bytes() == before  # the lock entry already matches the file


def test_vendor_numpy_reuses_the_cache_without_the_network(
    build_py: ModuleType, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    (cache / FAKE_WHEEL).write_bytes(FAKE_DATA)
    lock = fake_lock(tmp_path / "site", FAKE_WHEEL, hashlib.sha256(FAKE_DATA).hexdigest())
    copied = build_py.vendor_numpy(lock, closed_port_url(), cache)
    assert copied is not None and copied.read_bytes() == FAKE_DATA


def test_vendor_numpy_refuses_a_hash_mismatch(
    build_py: ModuleType, fake_index: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "cache"
    lock = fake_lock(tmp_path / "site", FAKE_WHEEL, "0" * 64)
    assert build_py.vendor_numpy(lock, fake_index, cache) is None
    assert not (lock.parent / FAKE_WHEEL).exists()
    assert not cache.exists() or not list(cache.iterdir())  # nothing kept, not even a part
    out = capsys.readouterr().out
    assert "numpy not vendored: " in out and "SHA-256" in out
    assert out.rstrip().endswith("the page will fetch it on demand")


def test_vendor_numpy_reports_a_missing_file(
    build_py: ModuleType, fake_index: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lock = fake_lock(tmp_path / "site", "numpy-9.9-absent.whl", "0" * 64)
    assert build_py.vendor_numpy(lock, fake_index, tmp_path / "cache") is None
    out = capsys.readouterr().out
    assert "numpy not vendored: " in out and "answered HTTP 404" in out


@pytest.fixture(scope="module")
def deals_dealt_once(build_py: ModuleType) -> Iterator[None]:
    """The whole builds below deal the year's daily puzzles once between them.

    ``shipped.daily_deals`` is a pure function of its two dates (most of a
    build's time: every deal is a generated and minimised puzzle); the builds
    here test what the numpy flag does, so the second reuses the first's
    table. Every step of the build still runs and writes its file, and the
    shipped deals themselves are checked against Python by the daily-deals tests.
    """
    shipped = build_py.shipped
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shipped, "daily_deals", functools.cache(shipped.daily_deals))
        yield


@pytest.mark.usefixtures("dist_dir", "deals_dealt_once")  # the set-up a build needs has run
def test_build_with_vendor_numpy_offline_still_builds(
    build_py: ModuleType,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv(build_py.PYODIDE_INDEX_ENV, closed_port_url())
    monkeypatch.setattr(build_py.vendor, "NUMPY_CACHE", tmp_path / "cache")  # no wheel cached
    site = tmp_path / "dist"
    build_py.build(site, with_numpy=True)
    notices = [line for line in capsys.readouterr().out.splitlines() if "not vendored" in line]
    assert len(notices) == 1
    assert notices[0].startswith("[build.py] numpy not vendored: cannot reach http://127.0.0.1:")
    assert notices[0].endswith("; the page will fetch it on demand")
    lock = json.loads((site / "pyodide" / "pyodide-lock.json").read_text())
    assert not (site / "pyodide" / lock["packages"]["numpy"]["file_name"]).exists()
    info = json.loads((site / "build-info.json").read_text())
    assert hashlib.sha256((site / info["wheel"]).read_bytes()).hexdigest() == info["sha256"]
    assert (site / "index.html").exists() and (site / "pyodide" / "pyodide.mjs").exists()


@pytest.mark.usefixtures("dist_dir", "deals_dealt_once")  # the set-up a build needs has run
def test_build_without_the_flag_does_not_vendor_numpy(
    build_py: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("a build without --vendor-numpy must not download numpy")

    monkeypatch.setattr(build_py.vendor, "vendor_numpy", no_network)
    monkeypatch.setattr(build_py.vendor.urllib.request, "urlopen", no_network)
    build_py.build(tmp_path / "dist")
    assert (tmp_path / "dist" / "build-info.json").exists()
    assert not list((tmp_path / "dist" / "pyodide").glob("numpy-*"))


@pytest.mark.parametrize(
    ("argv", "env", "expected"),
    [
        (["build"], None, False),
        (["build", "--vendor-numpy"], None, True),
        (["build"], "1", True),
        (["build"], "0", False),
    ],
)
def test_the_flag_and_the_environment_variable_turn_vendoring_on(
    build_py: ModuleType,
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    env: str | None,
    expected: bool,
) -> None:
    calls: list[bool] = []
    monkeypatch.setattr(build_py, "build", lambda *, with_numpy: calls.append(with_numpy))
    if env is None:
        monkeypatch.delenv(build_py.VENDOR_NUMPY_ENV, raising=False)
    else:
        monkeypatch.setenv(build_py.VENDOR_NUMPY_ENV, env)
    assert build_py.main(argv) == 0
    assert calls == [expected]


def test_every_place_names_the_same_oldest_node(build_py: ModuleType) -> None:
    """README.md, .ci/run, package.json and build.py's check agree on Node.js."""
    oldest = build_py.NODE_MIN_MAJOR
    readme = (ROOT / "README.md").read_text()
    assert f"**Node.js {oldest}+**" in readme
    assert set(re.findall(r"Node\.js (\d+)", readme)) == {str(oldest)}
    assert re.findall(r"Node\.js (\d+)\+", (ROOT / ".ci" / "run").read_text()) == [str(oldest)]
    package = json.loads((ROOT / "package.json").read_text())
    assert package["engines"]["node"] == f">={oldest}"


@pytest.mark.parametrize(
    ("answer", "major"),
    [("v20.20.2\n", 20), ("v18.19.0", 18), ("v22.1.0-nightly2024", 22), ("", None), ("node", None)],
)
def test_node_version_is_read_from_its_answer(
    build_py: ModuleType, answer: str, major: int | None
) -> None:
    assert build_py.node_major(answer) == major
