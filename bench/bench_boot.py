"""How soon a person can play: the page's boot, beside a bare ``loadPyodide`` in the same run.

Run from the repository root (needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it)::

    .venv/bin/python bench/bench_boot.py            # 3 rounds
    .venv/bin/python bench/bench_boot.py --rounds 1 # quicker

Each round opens, in a new browser context (empty caches: **cold**) and then
again in the same context (HTTP and service-worker caches filled: **warm**):

* the **baseline**: a bare page whose module worker imports Pyodide from
  ``dist/pyodide/`` and calls ``loadPyodide()``, nothing else: the floor for
  "Python ready";
* the main page on each puzzle's tab (``#lightsout``, ``#binairo``, ``#pegs``):
  *drawn* (the board's game is on its canvas), *first move* (a click that
  changes the game, shown), *Python ready* (the engine says so: solver
  buttons come alive), *first answer* (a Python-only request sent at ready
  has answered: it includes importing the request surface, which the engine
  does after ready);
* the embed demo (three boards and an iframe board, in a 1280x2400 window
  that shows them all): all three drawn, a move played on each (the last one
  shown), Python ready, and how many Python engines the page and its iframe
  use (1: one shared engine). The main page is opened at 1280x800.

Times are milliseconds since navigation began (the page's ``performance``
clock), medians over the rounds; *bytes* are what came over the network
as the server counts them (a revalidated file sends nothing), the service
worker's first caching of the site included (a new browser context keeps
its HTTP cache in memory and drops the large files: the Python engine's own
copies of them fill the offline cache, so each crosses the network once).
*÷ bare* sets Python ready against the bare ``loadPyodide`` of the same run,
*÷ cold* each warm visit against the cold one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab import api  # noqa: E402 - after the path is set

BARE_PAGE = "<!doctype html><title>bare loadPyodide</title><script type=module>{script}</script>"
BARE_SCRIPT = """
const worker = new Worker(new URL("bare-worker.mjs", location.href), { type: "module" });
window.bareReady = new Promise((resolve) => {
  worker.onmessage = () => resolve(performance.now());
});
"""
BARE_WORKER = """
const { loadPyodide } = await import(new URL("../pyodide/pyodide.mjs", import.meta.url).href);
await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
postMessage("ready");
"""

DRAWN = """(selector) => {
  const root = document.querySelector(selector);
  const canvas = root?.querySelector("canvas");
  return root?.dataset.gameId && canvas?.width > 0 ? performance.now() : null;
}"""
CHANGED = """([selector, before]) => {
  const id = document.querySelector(selector)?.dataset.gameId;
  return id && id !== before ? performance.now() : null;
}"""
READY = "window.puzzleLab.client.ready.then((info) => info.readyAt)"
# The ready message of the document's own client (any page of the site).
CLIENT = """import(new URL("client.mjs", document.baseURI).href)
  .then(({ getClient }) => getClient().ready)"""
# Once ready: when the first Python answer (a request that only Python
# serves, asked at once) arrives; the request surface may still be importing.
FIRST_ANSWER = """(puzzle) => {
  const request = {lightsout: {cmd: "lightsout.analyse", game: "5x5:1f8c4a0"},
    binairo: {cmd: "binairo.count", game: "4x4:1b0i1b"},
    pegs: {cmd: "pegs.status", grid: "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"},
  }[puzzle];
  return window.puzzleLab.client.request(request).then(() => performance.now());
}"""
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


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


# The page coordinates of cell (r, c) of the board in `selector`: a peg
# board says where its holes are; a grid board's canvas has the grid's
# cells (the binary puzzle's has a row and a column of counters more).
CELL_CENTRE = """([selector, r, c]) => {
  const element = document.querySelector(selector);
  const board = window.puzzleLab?.boards[element.id] ?? window.PuzzleLab.boardOf(element);
  if (board.cellCentre) return board.cellCentre(r, c);
  const rect = board.canvas.getBoundingClientRect();
  return [rect.left + (c + 0.5) * rect.width / board.grid.cols,
          rect.top + (r + 0.5) * rect.height / board.grid.rows];
}"""


def play_first_moves(page: Any, boards: list[tuple[str, str]]) -> float:
    """Play a legal move on each board ``(selector, puzzle)``, clicked like a person
    on the cells' centres, one board after the other; when the last was shown."""
    games = [page.locator(selector).get_attribute("data-game-id") for selector, _ in boards]
    clicks = []
    for (selector, puzzle), game in zip(boards, games, strict=True):
        for row, col in first_move(puzzle, game):
            clicks.append((selector, row, col))
    # The page's layout is settled once every board is drawn: find every
    # cell first, so that the clicks follow each other closely.
    points = [page.evaluate(CELL_CENTRE, list(click)) for click in clicks]
    if max(y for _, y in points) > page.viewport_size["height"]:
        sys.exit("a board to click is below the fold: use a taller viewport")
    for x, y in points:
        page.mouse.click(x, y)
    return max(page.wait_for_function(CHANGED, arg=[selector, game], timeout=120_000).json_value()
               for (selector, _), game in zip(boards, games, strict=True))


class ServedBytes:
    """Counts the body bytes the site's server sends (a 304 sends none)."""

    def __init__(self, handler: type) -> None:
        self.total = 0
        original = handler.copyfile

        def copyfile(handler_self: Any, source: Any, target: Any) -> None:
            start = source.tell()
            original(handler_self, source, target)
            self.total += source.tell() - start

        handler.copyfile = copyfile


def wait_for_snapshot(page: Any) -> None:
    """Wait (up to a minute) until the worker has saved Python's memory snapshot."""
    for _ in range(120):
        if page.evaluate("caches.open('python-snapshots').then((c) => c.keys())"
                         ".then((keys) => keys.length)"):
            return
        page.wait_for_timeout(500)


def measure_main(page: Any, url: str, puzzle: str) -> dict[str, float]:
    """Open the main page on ``puzzle``'s tab; time drawn, first move and ready."""
    selector = f"#{puzzle}"
    page.goto(f"{url}#{puzzle}")
    drawn = page.wait_for_function(DRAWN, arg=selector, timeout=120_000).json_value()
    moved = play_first_moves(page, [(selector, puzzle)])
    ready = page.evaluate(READY)
    return {"drawn": drawn, "move": moved, "ready": ready,
            "answer": page.evaluate(FIRST_ANSWER, puzzle)}


def measure_embed(page: Any, url: str) -> dict[str, float]:
    """Open the embed demo; time until its three boards are drawn, each has taken
    a move (the last one shown), and Python is ready; count the Python engines
    of the page and its iframe (one: they share it)."""
    page.goto(f"{url}embed-demo.html")
    boards = page.eval_on_selector_all(
        "[data-puzzlelab]",
        "(els) => els.slice(0, 3).map((e) => ['#' + e.id, e.dataset.puzzlelab])")
    drawn = max(page.wait_for_function(DRAWN, arg=s, timeout=120_000).json_value()
                for s, _ in boards)
    moved = play_first_moves(page, boards)
    ready = page.evaluate(f"{CLIENT}.then((info) => info.readyAt)")
    page.locator("#demo-frame").scroll_into_view_if_needed()
    page.wait_for_function("document.getElementById('demo-frame').contentDocument"
                           "?.querySelector('#board')?.dataset.gameId", timeout=120_000)
    frame = next(f for f in page.frames if f.url.split("?")[0].endswith("embed.html"))
    engines = {doc.evaluate(f"{CLIENT}.then((info) => info.engine.id)") for doc in (page, frame)}
    return {"drawn": drawn, "move": moved, "ready": ready, "engines": len(engines)}


def measure_bare(page: Any, url: str) -> dict[str, float]:
    """The bare loadPyodide page (served by a route under the site)."""
    page.goto(f"{url}__bench/bare.html")
    return {"ready": page.evaluate("window.bareReady")}


def run(rounds: int) -> None:
    """Measure every case ``rounds`` times, cold and warm, and print the table."""
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright

    from conftest import find_chromium, load_build_module

    build = load_build_module()
    if not (ROOT / "dist" / "build-info.json").exists():
        sys.exit("dist/ is not built: run `python3 build.py build` first")
    served = ServedBytes(build.SiteHandler)
    server = build.serve_in_thread(ROOT / "dist")
    url = server.url
    cases: list[tuple[str, Callable[[Any, str], dict[str, float]]]] = [
        ("bare loadPyodide", measure_bare),
        *((f"main page, {p}", lambda page, url, p=p: measure_main(page, url, p))
          for p in ("lightsout", "binairo", "pegs")),
        ("embed demo (3 boards)", measure_embed),
    ]
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), headless=True,
                                             args=CHROMIUM_ARGS)
        for _ in range(rounds):
            for name, measure in cases:
                # The demo's three boards on one screen, so each can be
                # clicked without scrolling (its iframe is then in view too).
                height = 2400 if name.startswith("embed") else 800
                context = browser.new_context(viewport={"width": 1280, "height": height})
                context.route(f"{url}__bench/bare.html", lambda route: route.fulfill(
                    content_type="text/html", body=BARE_PAGE.format(script=BARE_SCRIPT)))
                context.route(f"{url}__bench/bare-worker.mjs", lambda route: route.fulfill(
                    content_type="text/javascript", body=BARE_WORKER))
                page = context.new_page()
                for temperature in ("cold", "warm"):
                    page.goto("about:blank")  # a real navigation, also to the same URL
                    before = served.total
                    outcome = measure(page, url)
                    if temperature == "cold" and name != "bare loadPyodide":
                        # Let the service worker and the Python snapshot finish
                        # saving before the warm visit (a person stays longer).
                        page.evaluate("navigator.serviceWorker?.ready")
                        wait_for_snapshot(page)
                    outcome["bytes"] = served.total - before
                    results.setdefault((name, temperature), []).append(outcome)
                context.close()
        browser.close()
    server.shutdown()
    print_table(results)


def median(samples: list[dict[str, float]], key: str) -> float:
    """The median of one measure over the rounds (NaN when it was not measured)."""
    values = [s[key] for s in samples if key in s]
    return statistics.median(values) if values else float("nan")


def print_table(results: dict[tuple[str, str], list[dict[str, float]]]) -> None:
    """One row per case and temperature; ready also as a multiple of the bare floor."""
    def cell(value: float) -> str:
        return "—" if value != value else f"{value:,.0f}"

    print(f"{'case':26} {'visit':5} {'drawn ms':>9} {'move ms':>8} {'ready ms':>9} "
          f"{'÷ bare':>7} {'÷ cold':>7} {'answer ms':>9} {'engines':>7} {'MB fetched':>10}")
    for (name, temperature), samples in results.items():
        ready = median(samples, "ready")
        bare = median(results[("bare loadPyodide", temperature)], "ready")
        cold = median(results[(name, "cold")], "ready")
        print(f"{name:26} {temperature:5} {cell(median(samples, 'drawn')):>9} "
              f"{cell(median(samples, 'move')):>8} {cell(ready):>9} {ready / bare:>7.2f} "
              f"{ready / cold:>7.2f} {cell(median(samples, 'answer')):>9} "
              f"{cell(median(samples, 'engines')):>7} {median(samples, 'bytes') / 1e6:>10.2f}")


def main() -> None:
    """Parse the options and run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="measurements per case (median)")
    run(parser.parse_args().rounds)


if __name__ == "__main__":
    main()
