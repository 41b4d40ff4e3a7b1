"""How long a quick request waits while a long job runs elsewhere in the shared engine.

Run from the repository root (needs a built ``dist/``, Playwright and a
Chromium found as the end-to-end tests find it)::

    .venv/bin/python bench/bench_engine_sharing.py              # 5 rounds
    .venv/bin/python bench/bench_engine_sharing.py --rounds 3 --long 8x10
    .venv/bin/python bench/bench_engine_sharing.py --dist /tmp/old/dist --long 8x10

Two tabs of the site (two pages of one browser context: one SharedWorker)
each take the page's client (``client.mjs``). In tab A a long job runs: an
empty binary-puzzle count, the 10x10 (about a minute in the page) or the
8x10 (a few seconds). Once it has reported progress and run 1.5 s more (so
the engine counts it as long), tab B sends one quick request and times it
(``performance.now()`` around ``client.request``); then A cancels its job.
Each quick request is also timed with the engine idle. The table gives the
median and the largest latency in ms, and whether the long job was still
running when the quick answer came (it must be: the answer did not wait
for it).

It then measures what the slicing costs the long job: the empty 8x10
count alone, and again while tab B sends quick requests one after the
other until it ends (how many B got answered meanwhile); and what a second
engine would cost instead: a tab with a dedicated worker of its own (the
client's fallback when ``SharedWorker`` is missing) started beside the
shared one, from the saved Python snapshot: its time to ready and the
resident memory the browser's renderers grew by (read from ``/proc``).

``--dist`` measures another build (e.g. the commit before this engine, built
in a copy of the repository: there a quick request waits for the whole job).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_binairo import renderers_rss  # noqa: E402 - after the path is set
from bench_boot import CHROMIUM_ARGS, wait_for_snapshot  # noqa: E402

from puzzlelab import api  # noqa: E402

LONG_JOBS = {
    "10x10": {"cmd": "binairo.count", "game": "10x10:zzzv"},
    "8x10": {"cmd": "binairo.count", "game": "8x10:zzzb"},
}
ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"


def quick_requests() -> dict[str, dict]:
    """The quick requests timed: what the boards ask after a click."""
    binairo = api.handle({"cmd": "binairo.new", "rows": 8, "difficulty": "medium", "seed": 1})
    return {
        "Lights Out 5x5 show solution": {"cmd": "lightsout.solve", "game": "5x5:1f8c4a0",
                                         "press_list": False},
        "Lights Out 5x5 hint": {"cmd": "lightsout.hint", "game": "5x5:1f8c4a0"},
        "peg verdict (English start)": {"cmd": "pegs.status", "grid": ENGLISH},
        "binary puzzle 8x8 hint": {"cmd": "binairo.hint", "game": binairo["result"]["game"]},
    }


CLIENT = """import(new URL("client.mjs", document.baseURI).href)
  .then(({ getClient }) => { window.client = getClient(); return window.client.ready; })
  .then((info) => ({ engine: info.engine, started: info.started, readyAt: info.readyAt }))"""
TIMED = """async (request) => {
  const start = performance.now();
  await window.client.request(request);
  return performance.now() - start;
}"""
# Starts the long job; resolves once it has reported progress and run 1.5 s more.
START_LONG = """(request) => new Promise((resolve) => {
  const controller = new AbortController();
  let first = null;
  window.long = { controller, done: false };
  window.long.promise = window.client.request(request, {
    signal: controller.signal,
    onProgress: () => {
      if (first === null) { first = performance.now(); setTimeout(resolve, 1500); }
    },
  }).then(() => "done", (error) => (error.cancelled ? "cancelled" : error.message))
    .finally(() => { window.long.done = true; });
})"""
CANCEL_LONG = "() => { window.long.controller.abort(); return window.long.promise; }"
# The whole long job, timed; with `busy`, tab B keeps asking quick requests meanwhile.
WHOLE_LONG = """async (request) => {
  const start = performance.now();
  const answer = await window.client.request(request);
  return { ms: performance.now() - start, count: answer.count_text };
}"""
KEEP_ASKING = """(request) => {
  window.asked = 0;
  window.asking = true;
  (async () => {
    while (window.asking) {
      await window.client.request(request);
      window.asked += 1;
    }
  })();
}"""




def open_tab(context: Any, url: str, dedicated: bool = False) -> tuple[Any, dict]:
    page = context.new_page()
    if dedicated:
        page.add_init_script("delete globalThis.SharedWorker;")
    page.goto(f"{url}boot-check.html")
    return page, page.evaluate(CLIENT)


def stats(samples: list[float]) -> str:
    return f"{statistics.median(samples):,.0f} / {max(samples):,.0f}"


def run(rounds: int, longs: list[str], dist: Path) -> None:
    sys.path.insert(0, str(ROOT / "tests"))
    from playwright.sync_api import sync_playwright

    from conftest import find_chromium, load_build_module

    if not (dist / "build-info.json").exists():
        sys.exit(f"{dist} is not built: run `python3 build.py build` first")
    build = load_build_module()
    server = build.serve_in_thread(dist)
    url = server.url
    quick = quick_requests()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=find_chromium(), headless=True,
                                             args=CHROMIUM_ARGS)
        context = browser.new_context()
        tab_a, info_a = open_tab(context, url)
        tab_b, info_b = open_tab(context, url)
        assert info_a["engine"] == info_b["engine"], "the two tabs must share one engine"
        for request in quick.values():  # warm up: imports, caches, tables
            tab_b.evaluate(TIMED, request)

        print(f"Quick requests from tab B, ms (median / largest of {rounds}):\n")
        header = "| request | idle |" + "".join(f" while A counts the empty {n} |" for n in longs)
        print(header)
        print("|---" * (2 + len(longs)) + "|")
        for name, request in quick.items():
            idle = [tab_b.evaluate(TIMED, request) for _ in range(rounds)]
            cells = [stats(idle)]
            for long in longs:
                latencies, overtaken = [], 0
                for _ in range(rounds):
                    tab_a.evaluate(START_LONG, LONG_JOBS[long])
                    latencies.append(tab_b.evaluate(TIMED, request))
                    overtaken += not tab_a.evaluate("window.long.done")
                    tab_a.evaluate(CANCEL_LONG)
                cells.append(f"{stats(latencies)} (long job still running: {overtaken}/{rounds})")
            print(f"| {name} | " + " | ".join(cells) + " |", flush=True)

        print("\nThe empty 8x10 count in tab A, alone and with tab B asking meanwhile:\n")
        alone = tab_a.evaluate(WHOLE_LONG, LONG_JOBS["8x10"])
        tab_b.evaluate(KEEP_ASKING, quick["Lights Out 5x5 show solution"])
        busy = tab_a.evaluate(WHOLE_LONG, LONG_JOBS["8x10"])
        tab_b.evaluate("window.asking = false")
        asked = tab_b.evaluate("window.asked")
        print(f"alone: {alone['ms']:,.0f} ms ({alone['count']}); while tab B asked: "
              f"{busy['ms']:,.0f} ms ({busy['count']}), {asked} quick answers to B meanwhile "
              f"({busy['ms'] / alone['ms']:.2f}x)")

        wait_for_snapshot(tab_a)
        before = sum(renderers_rss())
        tab_c, info_c = open_tab(context, url, dedicated=True)
        tab_c.evaluate(TIMED, quick["Lights Out 5x5 show solution"])
        grown = sum(renderers_rss()) - before
        print(f"\nA second engine (a dedicated worker in tab C, started from the "
              f"{info_c['started']} start): ready {info_c['readyAt']:,.0f} ms after "
              f"navigation; the renderers grew by {grown / 1e6:,.0f} MB.")
        context.close()
        browser.close()
    server.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--long", action="append", choices=sorted(LONG_JOBS),
                        help="the long job(s) of tab A (default: both)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args()
    run(args.rounds, args.long or ["8x10", "10x10"], args.dist)


if __name__ == "__main__":
    main()
