"""The longest wait between two progress reports of every job that can run long.

The page's worker can cancel a job only between two of its reports, and the
progress line moves only when one arrives: every job aims at a report at
least every :data:`puzzlelab.jobs.REPORT_SECONDS` of work. This drives each
job through :mod:`puzzlelab.api` as the worker does (``tests/job_gaps.py``),
for at most ``--run-for`` seconds each (then it is cancelled, as a person
would), and prints one row per job: its longest gap, the reports seen, and
whether it finished. Gaps are the smaller of wall-clock and CPU time (see
``job_gaps.longest_gap``).

Run from the repository root::

    .venv/bin/python bench/bench_cancel_gaps.py            # every job (a few minutes)
    .venv/bin/python bench/bench_cancel_gaps.py --quick    # a few jobs (seconds)
    .venv/bin/python bench/bench_cancel_gaps.py --only binairo.new
    .venv/bin/python bench/bench_cancel_gaps.py --page --quick  # the same jobs in the page

``--page`` runs each job in the built site (``dist/``) in headless Chromium,
through the page's own client and engine (Pyodide, pure-Python paths), and
times what the page sees: the longest wall-clock wait between two progress
messages, and, after Cancel at ``--run-for`` seconds, how long until the
engine answers a one-step request (the step that was running must end first).
Wall-clock times on a shared machine include other processes' turns.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from job_gaps import longest_gap  # noqa: E402
from puzzlelab import api, binairo, pegs  # noqa: E402
from puzzlelab.jobs import REPORT_SECONDS  # noqa: E402

#: The longest wait between two reports the page may see (the issue's bound).
LIMIT = 0.25

try:
    import numpy  # noqa: F401
    HAVE_NUMPY = True
except ImportError:  # pragma: no cover
    HAVE_NUMPY = False


def _binairo_puzzle(side: int, difficulty: str, seed: int = 7) -> str:
    """A good puzzle's game ID, to rate, solve and minimize."""
    return api.handle({"cmd": "binairo.new", "rows": side, "difficulty": difficulty,
                       "seed": seed})["result"]["game"]


def jobs(quick: bool) -> list[tuple[str, dict]]:
    """(name, request) of every long job measured; a request's ``run_for`` (popped
    before it is sent) lets a job run longer than ``--run-for`` (to its large levels)."""
    out: list[tuple[str, dict]] = []
    sides = (8, 16) if quick else (6, 8, 10, 12, 14, 16)
    for side in sides:
        for difficulty in binairo.DIFFICULTIES:
            if quick and difficulty != "hard":
                continue
            out.append((f"binairo.new {side}x{side} {difficulty}",
                        {"cmd": "binairo.new", "rows": side, "difficulty": difficulty,
                         "seed": 3}))
    for seed in (1, 2, 4, 5):
        out.append((f"binairo.new 16x16 hard seed {seed}",
                    {"cmd": "binairo.new", "rows": 16, "difficulty": "hard", "seed": seed}))
    hard16 = _binairo_puzzle(16, "hard")
    solution16 = api.handle({"cmd": "binairo.solve", "game": hard16})["result"]["solved_game"]
    out += [
        ("binairo.solve 16x16 hard", {"cmd": "binairo.solve", "game": hard16}),
        ("binairo.hint 16x16 hard", {"cmd": "binairo.hint", "game": hard16}),
        ("binairo.minimize 16x16 solution", {"cmd": "binairo.minimize", "game": solution16}),
        ("binairo.minimize 16x16 budget 3 s",
         {"cmd": "binairo.minimize", "game": hard16, "budget": 3}),
        ("binairo.count empty 8x8", {"cmd": "binairo.count", "game": "8x8:" + "z" * 2 + "l"}),
        ("binairo.count empty 10x10", {"cmd": "binairo.count", "game": "10x10:" + "z" * 3 + "v"}),
    ]
    if quick:
        return out
    english = pegs.standard_start("english").grid
    french = pegs.standard_start("french").grid
    triangle = pegs.standard_start("triangle").grid
    out += [
        ("pegs.solve english", {"cmd": "pegs.solve", "grid": english}),
        ("pegs.solve english any", {"cmd": "pegs.solve", "grid": english, "goal": "any"}),
        ("pegs.solve french any", {"cmd": "pegs.solve", "grid": french, "goal": "any"}),
        ("pegs.solve triangle any", {"cmd": "pegs.solve", "grid": triangle, "goal": "any"}),
        ("pegs.count english", {"cmd": "pegs.count", "grid": english}),
        ("pegs.count french", {"cmd": "pegs.count", "grid": french, "goal": "any"}),
        ("pegs.count triangle", {"cmd": "pegs.count", "grid": triangle, "goal": "any"}),
        ("pegs.census english python",
         {"cmd": "pegs.census", "board": "english", "engine": "python"}),
        ("pegs.census french python", {"cmd": "pegs.census", "board": "french",
                                       "engine": "python", "goal": "any"}),
        ("pegs.census triangle python", {"cmd": "pegs.census", "board": "triangle",
                                         "engine": "python", "goal": "any"}),
    ]
    if HAVE_NUMPY:
        out += [
            ("pegs.census english numpy",
             {"cmd": "pegs.census", "board": "english", "engine": "numpy"}),
            ("pegs.census french numpy", {"cmd": "pegs.census", "board": "french",
                                          "engine": "numpy", "goal": "any", "run_for": 40}),
        ]
    return out


# Runs in the page: one job through the page's client, cancelled after
# `runFor` seconds; then a request Python answers in one step, to time how soon
# the engine is free after the Cancel.
PAGE_JOB = """async ([request, runFor]) => {
  const { getClient } = await import("./client.mjs");
  const client = getClient();
  await client.ready;
  const control = new AbortController();
  const started = performance.now();
  let last = started, gap = 0, reports = 0, finished = "yes";
  const seen = () => {
    const now = performance.now();
    gap = Math.max(gap, now - last);
    last = now;
  };
  const timer = setTimeout(() => control.abort(), runFor * 1000);
  try {
    await client.request(request, {
      signal: control.signal, onProgress: () => { reports += 1; seen(); } });
    seen();
  } catch (error) {
    finished = error.cancelled ? "cancelled" : "refused";
  }
  clearTimeout(timer);
  const cancelledAt = performance.now();
  await client.request({ cmd: "pegs.solve", grid: "ooo." });
  return { gap: gap / 1000, reports, finished, free: (performance.now() - cancelledAt) / 1000 };
}"""


# One-step requests, one per family.
FIRST_REQUESTS = {
    "binairo": {"cmd": "binairo.solve", "game": "4x4:1b0i1b"},
    "pegs": {"cmd": "pegs.solve", "grid": "ooo."},
    "lightsout": {"cmd": "lightsout.analyse", "game": "4x4:4e40"},
}
TIMED_REQUEST = """async (request) => {
  const { getClient } = await import("./client.mjs");
  const client = getClient();
  await client.ready;
  const started = performance.now();
  await client.request(request).catch(() => {});
  return (performance.now() - started) / 1000;
}"""


def run_in_page(chosen: list[tuple[str, dict]], run_for: float) -> float:
    """Print the table of `chosen` jobs run in the page; the worst gap."""
    from playwright.sync_api import sync_playwright

    from conftest import find_chromium, load_build_module

    dist = ROOT / "dist"
    if not (dist / "build-info.json").exists():
        sys.exit("dist/ is not built: run `python3 build.py build` first")
    server = load_build_module().serve_in_thread(dist)
    worst = 0.0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=find_chromium(), headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            page = browser.new_page()
            page.goto(server.url + "boot-check.html")
            # The first request of a fresh engine imports the request surface
            # (one step that cannot be cut): timed apart, so that the table
            # shows the jobs' own gaps.
            for family, request in FIRST_REQUESTS.items():
                seconds = page.evaluate(TIMED_REQUEST, request)
                print(f"first {family} request of this engine: {seconds:.3f} s")
            print(f"\nIn the page; each job runs at most {run_for} s, then Cancel.")
            print(f"| {'job':<36} | longest gap (s) | reports | finished |"
                  " engine free after (s) |")
            print(f"|{'-' * 38}|-----------------|---------|----------|----------------------|")
            for name, request in chosen:
                seconds = request.pop("run_for", run_for)
                found = page.evaluate(PAGE_JOB, [request, seconds])
                free = f"{found['free']:20.3f}" if found["finished"] == "cancelled" else " " * 20
                flag = f"  <- over {LIMIT} s" if found["gap"] > LIMIT else ""
                print(f"| {name:<36} | {found['gap']:15.3f} | {found['reports']:7d} |"
                      f" {found['finished']:<8} | {free} |{flag}", flush=True)
                worst = max(worst, found["gap"])
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return worst


def main() -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few jobs only")
    parser.add_argument("--only", default="", help="jobs whose name starts with this")
    parser.add_argument("--run-for", type=float, default=6.0,
                        help="seconds each job may run before it is cancelled")
    parser.add_argument("--page", action="store_true",
                        help="run the jobs in the built page (headless Chromium) instead")
    args = parser.parse_args()
    if args.page:
        # The page runs the Lights Out jobs of bench_lightsout_gaps.py too
        # (natively that bench measures them, with its caches cleared).
        from bench_lightsout_gaps import cases as lightsout_cases

        everything = jobs(args.quick) + [
            (f"lightsout {name}", request) for name, request in lightsout_cases(args.quick)]
        chosen = [(name, request) for name, request in everything
                  if name.startswith(args.only) and "numpy" not in name]
        print(f"Worst gap: {run_in_page(chosen, args.run_for):.3f} s")
        return
    print(f"Target: a report at least every {REPORT_SECONDS} s of work; each job runs at most"
          f" {args.run_for} s.")
    print(f"| {'job':<36} | longest gap (s) | reports | finished |")
    print(f"|{'-' * 38}|-----------------|---------|----------|")
    worst = 0.0
    for name, request in jobs(args.quick):
        if not name.startswith(args.only):
            continue
        run_for = request.pop("run_for", args.run_for)
        gap, answer, reports = longest_gap(request, run_for=run_for)
        if answer is not None and not answer["ok"]:
            finished = "refused"
        else:
            finished = "yes" if answer is not None else "cancelled"
        flag = f"  <- over {LIMIT} s" if gap > LIMIT else ""
        print(f"| {name:<36} | {gap:15.3f} | {reports:7d} | {finished:<8} |{flag}", flush=True)
        worst = max(worst, gap)
    print(f"Worst gap: {worst:.3f} s")


if __name__ == "__main__":
    main()
