"""Whether a job's progress reports can predict its time left (web/progress.mjs).

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/progress_estimates.py          # about a minute
    PYTHONPATH=py .venv/bin/python bench/progress_estimates.py --quick  # seconds

Each request runs through :class:`puzzlelab.api.Job` as the page's worker
drives it, with a clock reading at every progress report. At each report
from 10% done on, the page's estimate
``elapsed * (total - done) / done`` is set against the time that was really
left until the result. The table gives the lowest and highest ratio of the two
over the run (the baseline: 1.0, a perfect forecast); a command joins
``PROPORTIONAL`` in web/progress.mjs only when every row stays within 0.5 to
2. Pyodide runs the same Python several times slower but evenly, so the
ratios carry over to the page.
"""

from __future__ import annotations

import argparse
import time

from puzzlelab import api

CASES = [
    ("lightsout.gallery 20x20", {"cmd": "lightsout.gallery", "game": None, "size": 20}),
    ("lightsout.gallery 30x30", {"cmd": "lightsout.gallery", "game": None, "size": 30}),
    ("binairo.count empty 8x8", {"cmd": "binairo.count", "game": None, "size": 8}),
    ("pegs.census english", {"cmd": "pegs.census", "board": "english", "engine": "numpy"}),
    ("binairo.new 12x12 hard", {"cmd": "binairo.new", "rows": 12, "cols": 12,
                                "difficulty": "hard", "seed": 3}),
]
QUICK = {"lightsout.gallery 20x20", "binairo.count empty 8x8"}
SETTLE_SHARE = 0.1
SETTLE_SECONDS = 0.0


def prepare(request: dict) -> dict:
    """Fill in the game of a case that names a size instead."""
    request = dict(request)
    size = request.pop("size", None)
    if request.get("game", "") is None:
        kind = request["cmd"].split(".")[0]
        new = {"cmd": f"{kind}.new", "rows": size, "cols": size} if kind == "lightsout" else {
            "cmd": "binairo.empty", "rows": size, "cols": size}
        answer = api.handle(new)
        assert answer["ok"], answer
        request["game"] = answer["result"]["game"]
    return request


def measure(request: dict) -> tuple[float, int, float | None, float | None]:
    """Seconds, reports, and the lowest and highest estimate / real time left."""
    job = api.start(request)
    began = time.perf_counter()
    seen: list[tuple[float, float, float]] = []
    while True:
        step = job.step()
        now = time.perf_counter() - began
        if step["type"] == "result":
            assert step["ok"], step
            break
        seen.append((now, float(step["done"]), float(step["total"])))
    end = time.perf_counter() - began
    ratios = []
    for at, done, total in seen:
        share = done / total if total else 0.0
        if SETTLE_SHARE <= share < 1 and at >= SETTLE_SECONDS and end - at > 0.005:
            ratios.append((at * (total - done) / done) / (end - at))
    return end, len(seen), min(ratios, default=None), max(ratios, default=None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two small cases only")
    args = parser.parse_args()
    print(f"{'request':28} {'seconds':>8} {'reports':>8} {'lowest':>7} {'highest':>7}  verdict")
    print(f"{'baseline: perfect forecast':28} {'':>8} {'':>8} {1.0:>7.2f} {1.0:>7.2f}")
    for name, request in CASES:
        if args.quick and name not in QUICK:
            continue
        seconds, reports, low, high = measure(prepare(request))
        if low is None or high is None:
            print(f"{name:28} {seconds:>8.1f} {reports:>8} {'—':>7} {'—':>7}  too short to judge")
            continue
        verdict = "within 2x" if low >= 0.5 and high <= 2 else "NOT within 2x"
        print(f"{name:28} {seconds:>8.1f} {reports:>8} {low:>7.2f} {high:>7.2f}  {verdict}",
              flush=True)


if __name__ == "__main__":
    main()
