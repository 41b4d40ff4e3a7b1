"""Shared fixtures: the built site (dist/) on a local server, and headless Chromium.

The end-to-end tests (marked ``e2e``) need ``dist/`` (``python3 build.py test``
builds it before running pytest) and a Chromium: ``$PUZZLELAB_CHROMIUM``, else
the first of the usual install paths. Without either they are skipped, except
under CI (``CI=true``), where they fail: a CI run must not pass by skipping them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from puzzle_homes import add_homes_to_path

# Each puzzle's test home (tests/<id>/) holds helpers its browser tests and
# facts import by name.
add_homes_to_path()

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
RESULTS = ROOT / "test-results"
IN_CI = os.environ.get("CI", "").lower() not in ("", "0", "false")

CHROMIUM_CANDIDATES = (
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def unavailable(message: str) -> None:
    """Fail under CI, skip elsewhere: for a missing browser or site."""
    if IN_CI:
        pytest.fail(message, pytrace=False)
    pytest.skip(message)


@pytest.fixture(scope="session")
def node() -> str:
    """The ``node`` executable, for the tests that run the page's own JavaScript
    (rules, saved games, progress lines); skipped without one (failed under CI)."""
    found = shutil.which("node")
    if found is None:
        unavailable("node is not installed: the page's JavaScript cannot be checked")
    return found


def run_node(node: str, script: str, *args: str) -> Any:
    """Run ``script`` (an ES module's text) under node with ``args`` and return
    the JSON it writes to stdout; node's errors fail the test."""
    done = subprocess.run([node, "--input-type=module", "-e", script, *args],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def load_build_module() -> ModuleType:
    """``build.py`` as a module (under another name: ``build`` is also a PyPI package)."""
    spec = importlib.util.spec_from_file_location("puzzlelab_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_py() -> ModuleType:
    """The ``build.py`` module."""
    return load_build_module()


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The built site; skipped (failed under CI) when it has not been built."""
    if not (DIST / "build-info.json").exists():
        unavailable("dist/ is not built: run `python3 build.py build` (`build.py test` does it)")
    return DIST


def _serve(build_py: ModuleType, directory: Path, prefix: str) -> Iterator[str]:
    server = build_py.serve_in_thread(directory, prefix)
    try:
        yield server.url
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(build_py: ModuleType, dist_dir: Path) -> Iterator[str]:
    """URL of dist/ served at the root of a local server, e.g. ``http://127.0.0.1:41234/``."""
    yield from _serve(build_py, dist_dir, "/")


@pytest.fixture(scope="session")
def subpath_site_url(build_py: ModuleType, dist_dir: Path) -> Iterator[str]:
    """URL of dist/ served under ``/puzzle-lab/``, as on GitHub Pages."""
    yield from _serve(build_py, dist_dir, "/puzzle-lab/")


def find_chromium() -> str | None:
    """``$PUZZLELAB_CHROMIUM`` or the first Chromium found on this machine."""
    chosen = os.environ.get("PUZZLELAB_CHROMIUM")
    if chosen:
        return shutil.which(chosen)
    for candidate in CHROMIUM_CANDIDATES:
        found = shutil.which(candidate)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole session."""
    executable = find_chromium()
    if executable is None:
        chosen = os.environ.get("PUZZLELAB_CHROMIUM")
        unavailable(
            (f"PUZZLELAB_CHROMIUM={chosen!r} is not an executable. " if chosen else "")
            + "No Chromium found for the end-to-end tests: install it (Debian: "
            "`apt-get install chromium`) or set PUZZLELAB_CHROMIUM to its path. "
            "(Playwright's own browser download does not work offline.)"
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, headless=True, args=CHROMIUM_ARGS
        )
        yield chromium
        chromium.close()


@dataclass
class PageLog:
    """What a page reported while a test ran (its workers included)."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    # "METHOD URL: reason" for requests that failed or answered with status >= 400.
    failed_requests: list[str] = field(default_factory=list)
    # (status, url) of every response.
    responses: list[tuple[int, str]] = field(default_factory=list)


@pytest.fixture
def page_log() -> PageLog:
    """The console errors, uncaught errors and failed requests of ``page``."""
    return PageLog()


# The main page opens on the play view; most tests drive the lab's controls,
# so their pages start with the lab open, as a person who opened it before.
LAB_OPEN = """try {
  if (!localStorage.getItem("puzzlelab.lab")) localStorage.setItem("puzzlelab.lab", "open");
} catch (e) {}"""


@pytest.fixture
def page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh page in its own browser context, recording into ``page_log``,
    with the lab open (see ``fresh_page`` for a first visit's play view).

    An uncaught error in the page fails the test; a failing test leaves a
    screenshot in test-results/failures/.
    """
    yield from open_page(browser, page_log, request, lab_open=True)


@pytest.fixture
def fresh_page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """As ``page``, but as a first visit sees the main page: the lab closed."""
    yield from open_page(browser, page_log, request, lab_open=False)


def open_page(
    browser: Any,
    page_log: PageLog,
    request: pytest.FixtureRequest,
    *,
    lab_open: bool,
    **context_options: Any,
) -> Iterator[Any]:
    """A page in a new context (``context_options`` as Playwright's
    ``new_context``, viewport 1000x800 unless given), its errors logged; the
    page fixtures' body, also for tests that need a phone or a theme."""
    # Service workers are blocked: each test is a first visit, and caching the
    # whole site for offline play would only slow it (test_offline.py allows them).
    options = {"viewport": {"width": 1000, "height": 800}, "service_workers": "block"}
    context = browser.new_context(**{**options, **context_options})
    if lab_open:
        context.add_init_script(LAB_OPEN)
    page = context.new_page()

    def on_console(message: Any) -> None:
        if message.type == "error":
            page_log.console_errors.append(message.text)

    page.on("console", on_console)
    page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
    # Context events also see the requests of the page's workers.
    context.on(
        "requestfailed",
        lambda r: page_log.failed_requests.append(f"{r.method} {r.url}: {r.failure}"),
    )

    def on_response(response: Any) -> None:
        page_log.responses.append((response.status, response.url))
        if response.status >= 400:
            page_log.failed_requests.append(
                f"{response.request.method} {response.url}: HTTP {response.status}"
            )

    context.on("response", on_response)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        failures = RESULTS / "failures"
        failures.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        page.screenshot(path=str(failures / f"{name}.png"))
    context.close()
    assert not page_log.page_errors, f"uncaught errors in the page: {page_log.page_errors}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, for the page fixture's teardown."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def axe() -> Callable[[Any], list[str]]:
    """``axe(frame)``: axe-core's serious and critical findings in a page or frame.

    axe-core (an npm dev dependency) is injected into the frame once and run
    on the live document, without descending into iframes (check a frame on
    its own). Each finding is one line: rule, impact, help and the first
    elements it names.
    """
    if not AXE.exists():
        unavailable("axe-core is not installed: run `python3 build.py setup`")

    def check(frame: Any) -> list[str]:
        if not frame.evaluate("Boolean(window.axe)"):
            frame.add_script_tag(path=str(AXE))
        results = frame.evaluate("axe.run(document, { iframes: false })")
        return [
            f"{v['id']} ({v['impact']}): {v['help']} at "
            + json.dumps([node["target"] for node in v["nodes"]][:5])
            for v in results["violations"]
            if v["impact"] in ("serious", "critical")
        ]

    return check


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """Where tests save screenshots (test-results/ is git-ignored)."""
    path = RESULTS / "screenshots"
    path.mkdir(parents=True, exist_ok=True)
    return path
