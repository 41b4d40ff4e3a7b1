"""What a visit costs: bytes on the wire, bytes left on the device, and time to a first hint.

Run from the repository root (needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it)::

    .venv/bin/python bench/bench_boot.py            # 3 rounds
    .venv/bin/python bench/bench_boot.py --rounds 1 # quicker
    .venv/bin/python bench/bench_boot.py --json     # every sample, as JSON

The site is served as GitHub Pages serves a project site beside a user's
blog: build.py's own server at the root of a temporary directory holding
``puzzle-lab/`` (the build) and ``blog/post.html`` (a long post that pastes
docs/web.md's sub-path snippet: three boards screens apart; see
tests/blog_site.py). Each scenario runs in a new browser context (empty
caches: **cold**, service workers allowed, 1280x800) unless said:

* **bare loadPyodide**: a bare page whose module worker imports
  ``puzzle-lab/pyodide/pyodide.mjs`` and calls ``loadPyodide()``, nothing
  else: the floor for "Python ready", timed from just before ``new Worker``;
* **a. opened, left**: the main page on ``#lightsout``, nothing touched,
  closed 3 s after it loaded;
* **b. left idle 15 s**: the same, closed after 15 s (the site's own page
  may prefetch Python after a few idle seconds: it shows here);
* **c. played, no solver**: 5 presses on Lights Out, closed 3 s later;
* **d. first hint**: one move, then *Hint* at once, on each puzzle's tab;
  *hint ms* runs from the move's first press (the event's time on the
  page's ``performance`` clock) to the hint on the board (Lights Out's
  ring, the binary puzzle's marks, the peg board's arrow); closed 3 s later;
* **g. second visit**: in d's Lights Out context, once the memory snapshot
  is saved (up to a minute), the main page again: a press, *Hint*;
* **e. blog, 3 embeds**: the post scrolled from top to bottom in about 3 s,
  closed 3 s later; *boards* counts those that became boards. The issue
  (#25) allows a reader 0.6 MB here;
* **f. blog, embed played**: the post, a press on its Lights Out board,
  then its *Hint*, timed as in d; closed 3 s later.

Columns: *MB sent* is the body bytes the server sent during the scenario
(as served: the build's gzip or brotli copies with Content-Encoding; a
revalidated file sends nothing); *of it Python* the part under
``puzzle-lab/pyodide/``, ``wheels/`` and ``data/``; *MB cached* the bodies
of every response in every Cache Storage cache of the origin when it ended
(as stored: uncompressed), *MB usage* ``navigator.storage.estimate().usage``
(Cache Storage, IndexedDB and the rest, as the browser counts them);
*÷ bare* the hint's time against the bare ``loadPyodide`` of the same round.
Medians over the rounds; ``--json`` prints every sample instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))

from blog_site import BLOG_POST, SUBPATH, ServedBytes, serve_blog  # noqa: E402 - after the path
from puzzlelab import api  # noqa: E402

BARE_PAGE = "<!doctype html><title>bare loadPyodide</title><script type=module>{script}</script>"
BARE_SCRIPT = """
const start = performance.now();
const worker = new Worker(new URL("bare-worker.mjs", location.href), { type: "module" });
window.bareReady = new Promise((resolve) => {
  worker.onmessage = () => resolve(performance.now() - start);
});
"""
BARE_WORKER = """
const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", import.meta.url).href);
await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
postMessage("ready");
"""
# The time of a document's first press (a pointer going down anywhere), on
# the page's performance clock: where "time to the hint" starts.
FIRST_PRESS = """addEventListener("pointerdown", (event) => {
  window.benchPress ??= event.timeStamp;
}, { capture: true });"""

# The board of `selector`, on the main page or in an embed.
BOARD = """const element = document.querySelector(selector);
  const board = element
    && (window.puzzleLab?.boards[element.id] ?? window.PuzzleLab?.boardOf(element));"""
DRAWN = f"""(selector) => {{
  {BOARD}
  return element?.dataset.gameId && board?.canvas?.width > 0 ? performance.now() : null;
}}"""
CHANGED = """([selector, before]) => {
  const id = document.querySelector(selector)?.dataset.gameId;
  return id && id !== before ? performance.now() : null;
}"""
# A hint on the board for the game it shows: Lights Out's ring ({game,
# press}), the binary puzzle's marks ({game, target, proof}), the peg
# board's arrow (a move, cleared with the position it was for).
HINT_SHOWN = f"""(selector) => {{
  {BOARD}
  const mark = board?.marks ?? board?.hint;
  if (!mark || (mark.game !== undefined && mark.game !== board.state?.game)) return null;
  return performance.now();
}}"""
# The page coordinates of cell (r, c) of the board in `selector`: a peg
# board says where its holes are; a grid board's canvas has the grid's
# cells (the binary puzzle's has a row and a column of counters more).
CELL_CENTRE = f"""([selector, r, c]) => {{
  {BOARD}
  if (board.cellCentre) return board.cellCentre(r, c);
  const rect = board.canvas.getBoundingClientRect();
  return [rect.left + (c + 0.5) * rect.width / board.grid.cols,
          rect.top + (r + 0.5) * rect.height / board.grid.rows];
}}"""
# What the origin keeps: each Cache Storage cache's response bodies, and the
# browser's own count of everything (IndexedDB included).
STORED = """async () => {
  const caches_ = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    let total = 0;
    for (const request of await cache.keys()) {
      total += (await (await cache.match(request)).arrayBuffer()).byteLength;
    }
    caches_[name] = total;
  }
  return { caches: caches_, usage: (await navigator.storage.estimate()).usage };
}"""
SNAPSHOT_SAVED = "caches.open('python-snapshots').then((c) => c.keys()).then((keys) => keys.length)"
PYTHON_DIRS = tuple(f"{SUBPATH}{name}/" for name in ("pyodide", "wheels", "data"))
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
WAIT = 120_000  # ms: the longest wait for a board or a hint before the bench gives up


def first_move(puzzle: str, game: str) -> list[tuple[int, int]]:
    """The cells to click for a legal first move on ``game`` (Python says which)."""
    if puzzle == "lightsout":
        state = api.handle({"cmd": "lightsout.load", "game": game})["result"]
        return [(state["rows"] // 2, state["cols"] // 2)]
    if puzzle == "binairo":
        state = api.handle({"cmd": "binairo.load", "game": game})["result"]
        rows = state["grid"].split("/")
        return [next((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == ".")]
    grid, _, goal = game.partition("@")
    state = api.handle({"cmd": "pegs.load", "grid": grid, "goal": goal or None})["result"]
    (r1, c1), (r2, c2), *_ = state["moves"][0]
    return [(r1, c1), (r2, c2)]


def click_cells(page: Any, selector: str, cells: list[tuple[int, int]]) -> None:
    """Click ``cells`` of the board in ``selector`` on their centres, like a person."""
    for row, col in cells:
        x, y = page.evaluate(CELL_CENTRE, [selector, row, col])
        page.mouse.click(x, y)


def play_move(page: Any, selector: str, puzzle: str) -> None:
    """Play a legal move on the board and wait until the page shows it."""
    game = page.locator(selector).get_attribute("data-game-id")
    click_cells(page, selector, first_move(puzzle, game))
    page.wait_for_function(CHANGED, arg=[selector, game], timeout=WAIT)


def move_then_hint(page: Any, selector: str, puzzle: str) -> float:
    """One move, then the board's Hint at once; ms from the move's first press
    to the hint shown on the board (NaN if none came within two minutes)."""
    page.wait_for_function(DRAWN, arg=selector, timeout=WAIT)
    game = page.locator(selector).get_attribute("data-game-id")
    click_cells(page, selector, first_move(puzzle, game))
    page.locator(f"{selector} [data-action='hint']:visible").first.click()
    page.wait_for_function(CHANGED, arg=[selector, game], timeout=WAIT)
    try:
        shown = page.wait_for_function(HINT_SHOWN, arg=selector, timeout=WAIT).json_value()
    except Exception:  # noqa: BLE001 - a missing hint is a figure (NaN), not a crash
        return float("nan")
    return shown - page.evaluate("window.benchPress")


def stored(page: Any) -> dict[str, Any]:
    """What the page's origin keeps now (see STORED)."""
    return page.evaluate(STORED)


def wait_for_snapshot(page: Any) -> bool:
    """Wait (up to a minute) until the worker has saved Python's memory snapshot."""
    for _ in range(120):
        if page.evaluate(SNAPSHOT_SAVED):
            return True
        page.wait_for_timeout(500)
    return False


def scroll_through(page: Any, seconds: float = 3.0, steps: int = 30) -> None:
    """Scroll the page from top to bottom in ``steps`` even steps over ``seconds``
    (the page may grow as boards appear: each step aims at the current bottom)."""
    for step in range(1, steps + 1):
        page.evaluate(
            "(f) => scrollTo(0, f * (document.documentElement.scrollHeight - innerHeight))",
            step / steps)
        page.wait_for_timeout(seconds * 1000 / steps)


class Bench:
    """The server, the browser and the URLs one run measures with."""

    def __init__(self, browser: Any, server: Any, served: ServedBytes) -> None:
        self.browser = browser
        self.served = served
        self.site = f"{server.url}{SUBPATH.lstrip('/')}"
        self.post = f"{server.url}{BLOG_POST}"

    def context(self) -> Any:
        """A new browser context (cold), with the bare page's routes and the press clock."""
        context = self.browser.new_context(viewport={"width": 1280, "height": 800})
        context.route(f"{self.site}__bench/bare.html", lambda route: route.fulfill(
            content_type="text/html", body=BARE_PAGE.format(script=BARE_SCRIPT)))
        context.route(f"{self.site}__bench/bare-worker.mjs", lambda route: route.fulfill(
            content_type="text/javascript", body=BARE_WORKER))
        context.add_init_script(FIRST_PRESS)
        return context

    def measured(self, page: Any, mark: Any, **outcome: Any) -> dict[str, Any]:
        """``outcome`` with the bytes sent since ``mark`` and what ``page``'s origin keeps."""
        sent = self.served.since(mark)
        keeps = stored(page)
        return {**outcome, "sent": sum(sent.values()),
                "python": sum(n for path, n in sent.items() if path.startswith(PYTHON_DIRS)),
                "cached": sum(keeps["caches"].values()), "usage": keeps["usage"],
                "caches": keeps["caches"]}

    def bare(self) -> dict[str, dict[str, Any]]:
        """The bare loadPyodide page: ms from ``new Worker`` to ready."""
        context = self.context()
        page = context.new_page()
        mark = self.served.mark()
        page.goto(f"{self.site}__bench/bare.html")
        ready = page.evaluate("window.bareReady")
        outcome = self.measured(page, mark, ready=ready)
        context.close()
        return {"bare loadPyodide": outcome}

    def left(self, name: str, seconds: float) -> dict[str, dict[str, Any]]:
        """The main page opened on Lights Out, untouched, closed after ``seconds``."""
        context = self.context()
        page = context.new_page()
        mark = self.served.mark()
        page.goto(f"{self.site}#lightsout")
        page.wait_for_timeout(seconds * 1000)
        outcome = self.measured(page, mark)
        context.close()
        return {name: outcome}

    def played(self) -> dict[str, dict[str, Any]]:
        """Five presses on Lights Out (each shown), closed 3 s later."""
        context = self.context()
        page = context.new_page()
        mark = self.served.mark()
        page.goto(f"{self.site}#lightsout")
        page.wait_for_function(DRAWN, arg="#lightsout", timeout=WAIT)
        rows, cols = page.evaluate("[window.puzzleLab.boards.lightsout.grid.rows, "
                                   "window.puzzleLab.boards.lightsout.grid.cols]")
        for n in range(5):
            game = page.locator("#lightsout").get_attribute("data-game-id")
            click_cells(page, "#lightsout", [(n * 2 % rows, (n * 3 + 1) % cols)])
            page.wait_for_function(CHANGED, arg=["#lightsout", game], timeout=WAIT)
        page.wait_for_timeout(3000)
        outcome = self.measured(page, mark)
        context.close()
        return {"c. played, no solver": outcome}

    def hints(self) -> dict[str, dict[str, Any]]:
        """A move and a hint on each puzzle's tab; in the Lights Out context,
        once the snapshot is saved, a second visit with a press and a hint."""
        results: dict[str, dict[str, Any]] = {}
        for puzzle in ("lightsout", "binairo", "pegs"):
            context = self.context()
            page = context.new_page()
            mark = self.served.mark()
            page.goto(f"{self.site}#{puzzle}")
            hint = move_then_hint(page, f"#{puzzle}", puzzle)
            page.wait_for_timeout(3000)
            results[f"d. first hint, {puzzle}"] = self.measured(page, mark, hint=hint)
            if puzzle == "lightsout":
                saved = wait_for_snapshot(page)
                page.goto("about:blank")
                mark = self.served.mark()
                page.goto(f"{self.site}#lightsout")
                hint = move_then_hint(page, "#lightsout", "lightsout")
                results["g. second visit, hint"] = self.measured(page, mark, hint=hint,
                                                                 snapshot=saved)
            context.close()
        return results

    def blog(self) -> dict[str, dict[str, Any]]:
        """The blog post scrolled past (e), and played on its Lights Out board (f)."""
        results = {}
        context = self.context()
        page = context.new_page()
        mark = self.served.mark()
        page.goto(self.post)
        scroll_through(page)
        page.wait_for_timeout(3000)
        boards = page.eval_on_selector_all(
            "[data-puzzlelab]", "(els) => els.filter((el) => el.dataset.gameId).length")
        results["e. blog, 3 embeds"] = self.measured(page, mark, boards=boards)
        context.close()

        context = self.context()
        page = context.new_page()
        mark = self.served.mark()
        page.goto(self.post)
        selector = '[data-puzzlelab="lightsout"]'
        page.locator(selector).scroll_into_view_if_needed()
        hint = move_then_hint(page, selector, "lightsout")
        page.wait_for_timeout(3000)  # as in d: what the engine keeps after use is written
        results["f. blog, embed played"] = self.measured(page, mark, hint=hint)
        context.close()
        return results


def run(rounds: int) -> dict[str, list[dict[str, Any]]]:
    """Every scenario ``rounds`` times: the samples of each, by name."""
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
        scenarios: list[Callable[[], dict[str, dict[str, Any]]]] = [
            bench.bare,
            lambda: bench.left("a. opened, left (3 s)", 3),
            lambda: bench.left("b. left idle 15 s", 15),
            bench.played,
            bench.hints,
            bench.blog,
        ]
        for _ in range(rounds):
            bare: float | None = None
            for scenario in scenarios:
                for name, outcome in scenario().items():
                    if name == "bare loadPyodide":
                        bare = outcome["ready"]
                    if "hint" in outcome and bare:
                        outcome["ratio"] = outcome["hint"] / bare
                    results.setdefault(name, []).append(outcome)
        browser.close()
        server.shutdown()
        server.server_close()
    return results


def median(samples: list[dict[str, Any]], key: str) -> float:
    """The median of one measure over the rounds (NaN when it was not measured)."""
    values = [s[key] for s in samples if s.get(key) is not None]
    return statistics.median(values) if values else float("nan")


def print_table(results: dict[str, list[dict[str, Any]]]) -> None:
    """One row per scenario: bytes sent (and Python's part), kept, and times."""
    def cell(value: float, digits: int = 0) -> str:
        return "—" if value != value else f"{value:,.{digits}f}"

    print(f"{'scenario':26} {'MB sent':>8} {'of it Python':>12} {'MB cached':>9} {'MB usage':>8} "
          f"{'ready ms':>8} {'hint ms':>8} {'÷ bare':>6} {'boards':>6}")
    for name, samples in results.items():
        print(f"{name:26} {cell(median(samples, 'sent') / 1e6, 2):>8} "
              f"{cell(median(samples, 'python') / 1e6, 2):>12} "
              f"{cell(median(samples, 'cached') / 1e6, 2):>9} "
              f"{cell(median(samples, 'usage') / 1e6, 2):>8} "
              f"{cell(median(samples, 'ready')):>8} {cell(median(samples, 'hint')):>8} "
              f"{cell(median(samples, 'ratio'), 2):>6} {cell(median(samples, 'boards')):>6}")


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
