"""The Python engine boots from dist/ alone and answers through the client, as a
SharedWorker and as the dedicated Worker that replaces it where SharedWorker is missing.

Playwright neither sees nor routes a SharedWorker's requests, so the tests that
watch or break the engine's downloads use the dedicated form (the same worker.mjs).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from puzzlelab import __version__

pytestmark = pytest.mark.e2e

BOOT_TIMEOUT_MS = 90_000
PYODIDE_VERSION = json.loads((Path(__file__).parents[2] / "package.json").read_text())[
    "dependencies"
]["pyodide"]


def open_boot_check(page: Any, site: str) -> str:
    """Open the diagnostics page and wait until the boot ends; return its state."""
    page.goto(site + "boot-check.html")
    page.wait_for_selector("body:not([data-state='booting'])", timeout=BOOT_TIMEOUT_MS)
    return page.evaluate("document.body.dataset.state")


# Run before the page's scripts: the client falls back to a dedicated Worker.
NO_SHARED_WORKER = "delete globalThis.SharedWorker;"


def dedicated(page: Any) -> Any:
    """``page``, with the Python engine in a dedicated worker (observable by Playwright)."""
    page.add_init_script(NO_SHARED_WORKER)
    return page


# Runs in the page: the same module URL gives the page's own shared client.
CLIENT_CALLS = """async () => {
  const { getClient } = await import("./client.mjs");
  const client = getClient();
  const ready = await client.ready;
  const pong = await client.request({ cmd: "ping" });
  let failure = null;
  try {
    await client.request({ cmd: "no.such.command" });
  } catch (error) {
    failure = { message: error.message, cancelled: Boolean(error.cancelled) };
  }
  return { ready, pong, failure, sameClient: getClient() === client };
}"""


# The site at its root with the shared engine; under a subpath with the dedicated one.
@pytest.mark.quick  # the page's boot, in the quick tier
@pytest.mark.parametrize("where", ["root", "subpath"])
def test_boot_check_page_gets_ready_and_the_client_answers(
    where: str, request: pytest.FixtureRequest, page: Any, page_log: Any, screenshot_dir: Path
) -> None:
    site = request.getfixturevalue("site_url" if where == "root" else "subpath_site_url")
    shared = where == "root"
    warnings: list[str] = []  # a dedicated worker's console reaches the page's
    if not shared:
        dedicated(page).on(
            "console", lambda m: warnings.append(m.text) if m.type == "warning" else None
        )
    state = open_boot_check(page, site)
    assert state == "ready", page.inner_text("#boot-error")
    assert page.inner_text("#version") == __version__
    assert page.inner_text("#pyodide-version") == PYODIDE_VERSION

    calls = page.evaluate(CLIENT_CALLS)
    assert calls["sameClient"]
    assert calls["ready"]["version"] == __version__
    assert calls["pong"] == {"version": __version__}
    assert calls["failure"]["message"].startswith("Unknown command 'no.such.command'")
    assert not calls["failure"]["cancelled"]
    assert calls["ready"]["engine"]["shared"] == shared
    print(f"worker boot ({where}): {calls['ready']['bootMs']} ms")
    assert not page_log.failed_requests
    assert not page_log.console_errors
    page.screenshot(path=str(screenshot_dir / f"boot-check-ready-{where}.png"))
    if shared:
        return
    # Everything came from this server; our wheel is unzipped as it is,
    # without a fallback and without loading an installer.
    assert warnings == []
    assert all(url.startswith(site) for _, url in page_log.responses)
    assert not any("micropip" in url for _, url in page_log.responses)
    assert any(
        status == 200 and url.startswith(f"{site}wheels/puzzlelab-{__version__}-py3-none-any.whl")
        for status, url in page_log.responses
    )


# A SharedWorker that cannot start (as where module shared workers are missing).
BROKEN_SHARED_WORKER = """{
  const Shared = globalThis.SharedWorker;
  globalThis.SharedWorker = class extends Shared {
    constructor(url, options) { super(new URL("no-such-worker.mjs", url), options); }
  };
}"""


def test_a_request_cancelled_before_boot_ends_is_rejected_as_cancelled(
    page: Any, site_url: str
) -> None:
    # The shared engine fails to start, so the client starts a dedicated one
    # and sends it what the shared one was asked, cancels included.
    page.add_init_script(BROKEN_SHARED_WORKER)
    page.goto(site_url + "boot-check.html")
    outcome = page.evaluate(
        """async () => {
          const { getClient } = await import("./client.mjs");
          const client = getClient();
          let booted = false;
          client.ready.then(() => { booted = true; });
          const controller = new AbortController();
          const pending = client.request({ cmd: "ping" }, { signal: controller.signal });
          const bootedWhenCancelled = booted;
          controller.abort();
          const outcome = await pending.then(
            () => ({ resolved: true }),
            (error) => ({ message: error.message, cancelled: error.cancelled }),
          );
          const early = await client.request({ cmd: "ping" }, { signal: AbortSignal.abort() })
            .catch((error) => ({ message: error.message, cancelled: error.cancelled }));
          const after = await client.request({ cmd: "ping" });
          const { engine } = await client.ready;
          return { bootedWhenCancelled, outcome, early, after, engine };
        }"""
    )
    assert outcome["engine"]["shared"] is False
    assert not outcome["bootedWhenCancelled"]
    assert outcome["outcome"] == {"message": "Cancelled.", "cancelled": True}
    assert outcome["early"] == {"message": "Cancelled.", "cancelled": True}
    assert outcome["after"] == {"version": __version__}


def test_a_missing_wheel_shows_a_clear_boot_error_on_the_page(
    page: Any, page_log: Any, site_url: str, screenshot_dir: Path
) -> None:
    page.context.route("**/wheels/**", lambda route: route.abort())
    assert open_boot_check(dedicated(page), site_url) == "error"
    message = page.inner_text("#boot-error")
    assert f"Could not install wheels/puzzlelab-{__version__}-py3-none-any.whl" in message
    assert "it could not be downloaded" in message
    assert page.inner_text("#status") == "Python could not start."
    assert any("/wheels/" in failure for failure in page_log.failed_requests)
    # Requests after a failed boot are answered with the reason, not left hanging.
    error = page.evaluate(
        """async () => {
          const { getClient } = await import("./client.mjs");
          return getClient().request({ cmd: "ping" }).catch((error) => error.message);
        }"""
    )
    assert error.startswith("Python could not start: Could not install")
    page.screenshot(path=str(screenshot_dir / "boot-check-missing-wheel.png"))


def test_a_worker_script_that_fails_to_load_is_a_boot_error(page: Any, site_url: str) -> None:
    page.context.route("**/worker.mjs", lambda route: route.fulfill(status=404, body="gone"))
    assert open_boot_check(dedicated(page), site_url) == "error"
    message = page.inner_text("#boot-error")
    assert "The Python worker could not start" in message
    assert "worker.mjs failed to load" in message


def test_terminate_rejects_pending_requests_and_the_next_request_restarts(
    page: Any, site_url: str
) -> None:
    assert open_boot_check(page, site_url) == "ready"
    outcome = page.evaluate(
        """async () => {
          const { getClient } = await import("./client.mjs");
          const client = getClient();
          const pending = client.request({ cmd: "ping" });
          client.terminate();
          const stopped = await pending.then(
            () => ({ resolved: true }),
            (error) => ({ message: error.message, cancelled: error.cancelled }),
          );
          const after = await client.request({ cmd: "ping" });
          const ready = await client.ready;
          return { stopped, after, version: ready.version };
        }"""
    )
    assert outcome["stopped"] == {"message": "The Python worker was stopped.", "cancelled": True}
    assert outcome["after"] == {"version": __version__}
    assert outcome["version"] == __version__
