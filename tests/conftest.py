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
import signal
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


@pytest.fixture(autouse=True)
def _keep_ctrl_c() -> Iterator[None]:
    """Give back the test process's Ctrl-C handler after every test. The command
    line's guard ignores Ctrl-C once it has its answer; run in-process by a
    test, it left the worker ignoring it, and every child started later (the
    Ctrl-C tests' included) inherited that and could not be interrupted."""
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)


def family_names() -> list[str]:
    """The puzzle families of Python's registry (``puzzlelab.families``)."""
    from puzzlelab.families import FAMILIES

    return list(FAMILIES)


def is_family_core(path: Path) -> bool:
    """Whether the test module at ``path`` is a family's core: the one named
    after it (``tests/<family>/test_<family>.py``), not every module of its home."""
    return path.stem in {f"test_{family}" for family in family_names()}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The quick tier, ``-m quick`` (``npm run test:quick``): every family's
    core (its own unit test module, found through the registry, without the
    tests marked ``slow``) and the browser tests marked ``quick`` (the page's
    boot, play, undo, save and link on every puzzle)."""
    for item in items:
        if (item.get_closest_marker("e2e") is None and item.get_closest_marker("slow") is None
                and is_family_core(item.path)):
            item.add_marker(pytest.mark.quick)
    # A module holding a long proof (marked slow) starts first: pytest-xdist
    # hands out whole modules (--dist loadfile) in this order, so no worker is
    # left alone on a long module while the other has finished.
    slow_modules = {item.path for item in items if item.get_closest_marker("slow")}
    items.sort(key=lambda item: item.path not in slow_modules)


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--fresh-contexts``: no page shares an engine (see the ``page`` fixture)."""
    parser.addoption("--fresh-contexts", action="store_true",
                     help="give every end-to-end test a new browser context, "
                     "tests marked shared_engine too")


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


# Every page's context: a desktop window, service workers blocked (each test
# is a first visit, and caching the whole site for offline play would only
# slow it; test_offline.py allows them).
CONTEXT_OPTIONS: dict[str, Any] = {
    "viewport": {"width": 1000, "height": 800},
    "service_workers": "block",
}


@dataclass
class SharedEngine:
    """A browser context kept for a whole test worker, with Python booted once.

    ``keeper`` is a page of the site holding the page's own client
    (``client.mjs``), so the SharedWorker engine stays up between tests: a
    test's page joins it as a second tab of the site does, and finds Python
    ready instead of booting it (tens of seconds on a loaded machine).
    """

    context: Any
    keeper: Any


# Run in the keeper page: start the engine through the page's own client and
# wait until Python has answered (the client names the SharedWorker; joining
# it by the same module keeps that name in one place).
KEEP_ENGINE = """async () => {
  const { getClient } = await import("./client.mjs");
  window.keptClient = getClient();
  await window.keptClient.ready;
}"""

# What a test may leave on the device, wiped between two tests sharing the engine.
CLEAR_STORAGE = """async () => {
  localStorage.clear();
  sessionStorage.clear();
  for (const name of await caches.keys()) await caches.delete(name);
  for (const { name } of (await indexedDB.databases?.()) ?? []) indexedDB.deleteDatabase(name);
}"""

# A page that starts as a first visit sees the lab closed. A shared context
# opens the lab for every page (LAB_OPEN, which only fills an empty key), so
# such a test starts with the key a person who closed the lab leaves: the page
# reads anything but "open" as closed (lab-panel.mjs).
LAB_CLOSED = "() => localStorage.setItem('puzzlelab.lab', 'closed')"

# The phone of the tests (test_play_screen.PHONE): a touch screen and a mobile
# viewport are a context's, so phones share an engine of their own.
PHONE_CONTEXT: dict[str, Any] = {
    "viewport": {"width": 375, "height": 740},
    "has_touch": True,
    "is_mobile": True,
}
# Options a page of a shared context takes for itself; any other option (a
# clock, a locale, service workers allowed …) needs a context of its own.
PER_PAGE = {"viewport", "color_scheme", "reduced_motion"}


class SharedEngines:
    """This worker's shared contexts, each with its booted engine: a desktop
    one and, made at the first test that asks for it, a phone one."""

    def __init__(self, browser: Any, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.made: dict[bool, SharedEngine] = {}

    def get(self, phone: bool) -> SharedEngine:
        """The phone's or the desktop's shared engine, booted at its first use."""
        if phone not in self.made:
            options = {**CONTEXT_OPTIONS, **(PHONE_CONTEXT if phone else {})}
            context = self.browser.new_context(**options)
            context.add_init_script(LAB_OPEN)
            keeper = context.new_page()
            keeper.goto(self.site_url + "build-info.json")
            keeper.evaluate(KEEP_ENGINE)
            self.made[phone] = SharedEngine(context, keeper)
        return self.made[phone]

    def close(self) -> None:
        """Close every context made."""
        for engine in self.made.values():
            engine.context.close()


@pytest.fixture(scope="session")
def shared_engines(browser: Any, site_url: str) -> Iterator[SharedEngines]:
    """This worker's shared contexts and their booted engines (see ``page``)."""
    engines = SharedEngines(browser, site_url)
    yield engines
    engines.close()


def shares_engine(request: pytest.FixtureRequest) -> bool:
    """Whether the test's pages join its worker's shared engine: its module (or
    the test) is marked ``shared_engine`` and ``--fresh-contexts`` is not given."""
    marker = request.node.get_closest_marker("shared_engine")
    shared = marker is not None and marker.args[:1] != (False,)
    return shared and not request.config.getoption("fresh_contexts")


def shared_page(
    request: pytest.FixtureRequest, page_log: PageLog, *, lab_open: bool, **options: Any
) -> Iterator[Any]:
    """A new page of the worker's shared context that fits ``options`` (the
    phone's when they ask for touch), its device wiped as for a first visit;
    the viewport, colour scheme and reduced motion set on the page itself."""
    phone = bool(options.get("has_touch") or options.get("is_mobile"))
    engines: SharedEngines = request.getfixturevalue("shared_engines")
    engine = engines.get(phone)
    engine.context.clear_cookies()
    engine.context.clear_permissions()
    engine.keeper.evaluate(CLEAR_STORAGE)
    if not lab_open:
        engine.keeper.evaluate(LAB_CLOSED)
    pages = watched_page(engine.context, page_log, request, close_context=False)
    page = next(pages)
    if "viewport" in options:
        page.set_viewport_size(options["viewport"])
    media = {key: options[key] for key in ("color_scheme", "reduced_motion") if key in options}
    if media:
        page.emulate_media(**media)
    yield page
    next(pages, None)


def fits_shared(options: dict[str, Any]) -> bool:
    """Whether a page with these context options can be one of a shared context."""
    touch = {options.get("has_touch", False), options.get("is_mobile", False)}
    return len(touch) == 1 and set(options) - {"has_touch", "is_mobile"} <= PER_PAGE


def page_for(
    browser: Any, page_log: PageLog, request: pytest.FixtureRequest, *, lab_open: bool,
    **options: Any,
) -> Iterator[Any]:
    """The page fixtures' body: a page of the worker's shared context when the
    test shares the engine and ``options`` fit one, else in a context of its own."""
    if shares_engine(request) and fits_shared(options):
        return shared_page(request, page_log, lab_open=lab_open, **options)
    return open_page(browser, page_log, request, lab_open=lab_open, **options)


@pytest.fixture
def page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A page of its own, recording into ``page_log``, with the lab open (see
    ``fresh_page`` for a first visit's play view).

    By default in a new browser context: a first visit, Python not started.
    A test marked ``shared_engine`` (a module's ``pytestmark``) gets a new page
    in its worker's shared context instead, where Python is already running:
    for tests that use Python but do not test how it starts, what a first visit
    downloads or the service worker. Its storage, cookies and permissions are
    wiped before it starts, so it still begins as a first visit's page. A
    test of such a module that needs Python not yet started says
    ``@pytest.mark.shared_engine(False)``.
    ``pytest --fresh-contexts`` gives every test a new context all the same
    (to compare, or to rule the sharing out when a test fails).

    An uncaught error in the page fails the test; a failing test leaves a
    screenshot in test-results/failures/.
    """
    yield from page_for(browser, page_log, request, lab_open=True)


@pytest.fixture
def fresh_page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """As ``page``, but as a first visit sees the main page: the lab closed
    (in the shared context too, when the test shares the engine)."""
    yield from page_for(browser, page_log, request, lab_open=False)


@pytest.fixture
def new_page(browser: Any, page_log: PageLog, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``new_page(lab_open=False, **context options)``: a page as ``fresh_page``
    (or with the lab open) for a phone, a laptop or a theme, as many as the test
    asks for. In a test that shares the engine, a page whose options fit a
    shared context (``fits_shared``) is a page of it, so two such pages of one
    test share their storage as two tabs do; other options, or a test that does
    not share, get a new context each."""
    made: list[Iterator[Any]] = []

    def make(lab_open: bool = False, **options: Any) -> Any:
        pages = page_for(browser, page_log, request, lab_open=lab_open, **options)
        made.append(pages)
        return next(pages)

    yield make
    for pages in made:
        next(pages, None)  # closes the page (its context if its own) and checks its errors


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
    context = browser.new_context(**{**CONTEXT_OPTIONS, **context_options})
    if lab_open:
        context.add_init_script(LAB_OPEN)
    yield from watched_page(context, page_log, request, close_context=True)


def watched_page(
    context: Any, page_log: PageLog, request: pytest.FixtureRequest, *, close_context: bool
) -> Iterator[Any]:
    """A new page of ``context`` whose errors and responses go to ``page_log``
    while the test runs; closed afterwards (its context too if ``close_context``)."""
    page = context.new_page()

    def on_console(message: Any) -> None:
        if message.type == "error":
            page_log.console_errors.append(message.text)

    def on_request_failed(failed: Any) -> None:
        page_log.failed_requests.append(f"{failed.method} {failed.url}: {failed.failure}")

    def on_response(response: Any) -> None:
        page_log.responses.append((response.status, response.url))
        if response.status >= 400:
            page_log.failed_requests.append(
                f"{response.request.method} {response.url}: HTTP {response.status}"
            )

    page.on("console", on_console)
    page.on("pageerror", lambda error: page_log.page_errors.append(str(error)))
    # Context events also see the requests of the page's workers.
    context.on("requestfailed", on_request_failed)
    context.on("response", on_response)
    yield page
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        failures = RESULTS / "failures"
        failures.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^\w.-]+", "_", request.node.nodeid)
        page.screenshot(path=str(failures / f"{name}.png"))
    if close_context:
        context.close()
    else:
        for other in context.pages[1:]:  # the keeper stays; the test's pages go
            # Leaving the page first fires its pagehide, on which the client
            # tells the shared engine to cancel this document's jobs: no job of
            # this test runs on into the next one.
            other.goto("about:blank")
            other.close()
        context.remove_listener("requestfailed", on_request_failed)
        context.remove_listener("response", on_response)
    assert not page_log.page_errors, f"uncaught errors in the page: {page_log.page_errors}"


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Keep each phase's report on the test item, for the page fixture's teardown."""
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


# Run in a page: wait until its finite animations have ended. axe-core reads
# colours as drawn, so a card still fading in (as after a resize re-places it)
# fails the contrast check with the colours it is on its way to.
ANIMATIONS_ENDED = """() => Promise.all(document.getAnimations()
  .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
  .map((animation) => animation.finished.catch(() => null)))"""


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
        frame.evaluate(ANIMATIONS_ENDED)
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
