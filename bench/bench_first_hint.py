"""The first hint of a visit: how long a person waits for it after a cold load.

Run from the repository root (needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it)::

    .venv/bin/python bench/bench_first_hint.py            # 3 rounds
    .venv/bin/python bench/bench_first_hint.py --rounds 1 # quicker
    .venv/bin/python bench/bench_first_hint.py --json     # every sample, as JSON

Served as bench/bench_boot.py serves it (the build under ``/puzzle-lab/``),
each load in a new browser context (empty caches: **cold**, 1280x800), on
each puzzle of the registry (``web/puzzles/index.mjs``), in each round:

* **bare loadPyodide**: bench_boot.py's bare page (a module worker that
  imports ``puzzle-lab/pyodide/pyodide.mjs`` and calls ``loadPyodide()``,
  nothing else), timed from just before ``new Worker``: the floor for
  "Python ready", measured in the same round;
* **pointer, then Hint**: the main page opened on the puzzle's tab; the
  pointer moves over the board as soon as it is drawn (a person arriving:
  the first sign of play, which starts Python, web/idle-start.mjs), and
  *Hint* is clicked 1 s after the load began, with no move played;
* **Hint only**: the same, but the pointer goes straight to *Hint* at 1 s:
  the click is the first sign (how every first hint started before #35);
* **pointer, a move, Hint**: the pointer over the board once drawn, at 1 s
  a legal move, then *Hint* at once: a position whose hint no build could
  ship, so that Python answers it (the early start alone).

On the binary puzzle's first deals and the English peg board, the first
hint asked before any move was computed by Python at build time and shipped
with the boards (build.py's first_hint_requests): those two show at once.

*wait* runs from the Hint click's press to the hint on the board (as
bench_boot.py sees it: Lights Out's ring, the binary puzzle's marks, the
peg board's arrow), *from load* from the start of the navigation to the
same moment; *sign* is when the pointer reached the board and *ready* when
the engine said it was ready, both from the load's start; *÷ bare* is the
wait against the round's bare ``loadPyodide``. Medians over the rounds.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from bench_boot import (
    CHANGED,
    CHROMIUM_ARGS,
    DRAWN,
    HINT_SHOWN,
    ROOT,
    WAIT,
    Bench,
    click_cells,
    first_move,
    median,
)

from blog_site import serve_blog  # bench_boot puts tests/ on the path
from conftest import registry_puzzles

HINT_AT_MS = 1000  # the Hint is clicked this long after the load began
SCENARIOS = ("pointer, then Hint", "Hint only", "pointer, a move, Hint")
# When the Hint button was pressed, on the page's performance clock.
HINT_PRESS = """addEventListener("pointerdown", (event) => {
  if (event.target.closest?.("[data-action='hint']")) window.hintPress = event.timeStamp;
}, { capture: true });"""


def first_hint(bench: Bench, puzzle: str, scenario: str) -> dict[str, Any]:
    """A cold load of the main page on ``puzzle`` and its first hint (see the header)."""
    sign_first = scenario.startswith("pointer")
    context = bench.context()
    context.add_init_script(HINT_PRESS)
    page = context.new_page()
    selector = f"#{puzzle}"
    page.goto(f"{bench.site}{selector}")
    drawn = page.wait_for_function(DRAWN, arg=selector, timeout=WAIT).json_value()
    sign = None
    if sign_first:
        box = page.locator(f"{selector} .board-area canvas").first.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=2)
        sign = page.evaluate("performance.now()")
    page.wait_for_function(f"performance.now() >= {HINT_AT_MS}", timeout=WAIT)
    if scenario.endswith("a move, Hint"):
        game = page.locator(selector).get_attribute("data-game-id")
        click_cells(page, selector, first_move(puzzle, game))
        page.wait_for_function(CHANGED, arg=[selector, game], timeout=WAIT)
    page.locator(f"{selector} [data-action='hint']:visible").first.click()
    try:
        shown = page.wait_for_function(HINT_SHOWN, arg=selector, timeout=WAIT).json_value()
    except Exception:  # noqa: BLE001 - a missing hint is a figure (NaN), not a crash
        shown = float("nan")
    pressed = page.evaluate("window.hintPress")
    ready = page.evaluate("window.puzzleLab.client.booted.then((boot) => boot.readyAt)")
    context.close()
    return {"drawn": drawn, "sign": sign, "pressed": pressed, "ready": ready,
            "wait": shown - pressed, "from load": shown}


def run(rounds: int) -> dict[str, list[dict[str, Any]]]:
    """The bare loadPyodide and each puzzle's scenarios, ``rounds`` times."""
    from playwright.sync_api import sync_playwright

    from conftest import find_chromium, load_build_module

    build = load_build_module()
    dist = ROOT / "dist"
    if not (dist / "build-info.json").exists():
        sys.exit("dist/ is not built: run `python3 build.py build` first")
    results: dict[str, list[dict[str, Any]]] = {}
    with (tempfile.TemporaryDirectory(prefix="puzzlelab-bench-") as root,
          sync_playwright() as playwright):
        server, served = serve_blog(build, Path(root), dist)
        browser = playwright.chromium.launch(executable_path=find_chromium(), headless=True,
                                             args=CHROMIUM_ARGS)
        bench = Bench(browser, server, served)
        for _ in range(rounds):
            bare = bench.bare()["bare loadPyodide"]
            results.setdefault("bare loadPyodide", []).append(bare)
            for puzzle in registry_puzzles():
                for scenario in SCENARIOS:
                    outcome = first_hint(bench, puzzle, scenario)
                    outcome["ratio"] = outcome["wait"] / bare["ready"]
                    outcome["load ratio"] = outcome["from load"] / bare["ready"]
                    results.setdefault(f"{puzzle}: {scenario}", []).append(outcome)
        browser.close()
        server.shutdown()
        server.server_close()
    return results


def print_table(results: dict[str, list[dict[str, Any]]]) -> None:
    """One row per puzzle and scenario, the bare loadPyodide first."""
    def cell(value: float, digits: int = 0) -> str:
        return "—" if value != value else f"{value:,.{digits}f}"

    print(f"{'scenario':34} {'drawn':>6} {'sign':>6} {'ready':>6} {'wait':>6} {'÷ bare':>6} "
          f"{'from load':>9} {'÷ bare':>6}")
    for name, samples in results.items():
        print(f"{name:34} {cell(median(samples, 'drawn')):>6} {cell(median(samples, 'sign')):>6} "
              f"{cell(median(samples, 'ready')):>6} {cell(median(samples, 'wait')):>6} "
              f"{cell(median(samples, 'ratio'), 2):>6} {cell(median(samples, 'from load')):>9} "
              f"{cell(median(samples, 'load ratio'), 2):>6}")


def main() -> None:
    """Parse the options, run, and print the table (or the samples as JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="measurements per scenario (median)")
    parser.add_argument("--json", action="store_true",
                        help="print every sample as JSON, not the table")
    args = parser.parse_args()
    results = run(args.rounds)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print_table(results)


if __name__ == "__main__":
    main()
