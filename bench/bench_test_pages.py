"""What a browser test waits for before Python answers: a new context against
the worker's shared engine (tests/conftest.py, the ``shared_engine`` marker).

Run from the repository root (needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it)::

    .venv/bin/python bench/bench_test_pages.py            # 3 pages each way
    .venv/bin/python bench/bench_test_pages.py --pages 5

Each way opens the main page as the ``page`` fixture does (1000x800, the lab
open, service workers blocked), waits until the Lights Out board is drawn,
then times one ``lightsout.solve`` request through the page's own client:

* **fresh**: every page in a new browser context, so the request boots Python
  (what a test without the marker pays);
* **shared**: every page a new page of one context whose keeper page booted
  the engine once, its storage wiped between pages (what a marked test pays).

The two ways alternate page by page, so a busy machine weighs on both alike.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

READY = ("['ready', 'solved', 'error']"
         ".includes(document.querySelector('#lightsout')?.dataset.status)")
ASK = "window.puzzleLab.client.request({cmd: 'lightsout.solve', game: '3x3:000'})"


def time_page(context: Any, url: str) -> tuple[float, float]:
    """Seconds to the drawn board, then to Python's answer, on a new page of ``context``."""
    start = time.perf_counter()
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=180_000)
    drawn = time.perf_counter()
    page.evaluate(ASK)
    answered = time.perf_counter()
    page.goto("about:blank")
    page.close()
    return drawn - start, answered - drawn


def run(pages: int) -> None:
    from playwright.sync_api import sync_playwright

    from conftest import (
        CHROMIUM_ARGS,
        CLEAR_STORAGE,
        CONTEXT_OPTIONS,
        KEEP_ENGINE,
        LAB_OPEN,
        find_chromium,
        load_build_module,
    )

    build = load_build_module()
    if not (build.DIST / "build-info.json").exists():
        sys.exit("dist/ is not built: run `python3 build.py build` first")
    server = build.serve_in_thread(build.DIST)
    samples: dict[str, list[tuple[float, float]]] = {"fresh": [], "shared": []}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), headless=True,
                                             args=CHROMIUM_ARGS)
        shared = browser.new_context(**CONTEXT_OPTIONS)
        shared.add_init_script(LAB_OPEN)
        keeper = shared.new_page()
        keeper.goto(server.url + "build-info.json")
        keeper.evaluate(KEEP_ENGINE)
        for _ in range(pages):
            fresh = browser.new_context(**CONTEXT_OPTIONS)
            fresh.add_init_script(LAB_OPEN)
            samples["fresh"].append(time_page(fresh, server.url))
            fresh.close()
            keeper.evaluate(CLEAR_STORAGE)
            samples["shared"].append(time_page(shared, server.url))
        browser.close()
    server.shutdown()
    print(f"{'way':8} {'board drawn s':>14} {'Python answered s':>18}   (median / max of {pages})")
    for way, rows in samples.items():
        drawn = [row[0] for row in rows]
        answered = [row[1] for row in rows]
        print(f"{way:8} {statistics.median(drawn):>7.2f} / {max(drawn):<5.2f} "
              f"{statistics.median(answered):>10.2f} / {max(answered):.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=3, help="pages each way (default 3)")
    run(parser.parse_args().pages)


if __name__ == "__main__":
    main()
