"""Lighthouse's mobile performance on each puzzle's page (#35: at least 95).

Lighthouse is not a dependency of the project: install it anywhere outside
the repository and say where, else this bench says so and exits 0::

    mkdir -p /tmp/lh && (cd /tmp/lh && npm install lighthouse)
    LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse .venv/bin/python bench/bench_lighthouse.py
    ... bench/bench_lighthouse.py --runs 3          # the median of 3 runs a page
    ... bench/bench_lighthouse.py --dist OTHER/dist # another build, e.g. before a change
    ... bench/bench_lighthouse.py --baseline OTHER/dist --runs 3  # both, runs taken in turn

Each puzzle of the registry (``web/puzzles/index.mjs``) is opened as a
person opens it, ``index.html#<puzzle>``, from build.py's own server (gzip
copies sent with Content-Encoding, as hosts send them), by Lighthouse's
default mobile run (a Moto G-sized screen, simulated slow 4G and a 4x
slower CPU) in headless Chromium (``$CHROME_PATH``, else /usr/bin/chromium).
Printed per page: the performance score and its metrics (First and Largest
Contentful Paint, Total Blocking Time, Cumulative Layout Shift, Speed
Index), the median of the runs, the Largest Contentful Paint's element,
what came before it in the observed load (requests, bytes sent, main-thread
time: Lighthouse's simulation counts all of them), and what Lighthouse
found to improve.
With ``--baseline`` a second build is served too and each page is audited
on the two builds in turn, run after run, so that both see the same load
of a shared machine; both tables are printed, with the machine's load
average before and after.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from blog_site import registry_ids  # noqa: E402 - after the path

METRICS = {
    "first-contentful-paint": ("FCP", "s"),
    "largest-contentful-paint": ("LCP", "s"),
    "total-blocking-time": ("TBT", "ms"),
    "cumulative-layout-shift": ("CLS", ""),
    "speed-index": ("SI", "s"),
}


def find_lighthouse() -> str | None:
    """``$LIGHTHOUSE``, else ``lighthouse`` on the PATH, else None."""
    chosen = os.environ.get("LIGHTHOUSE")
    if chosen:
        return shutil.which(chosen) or (chosen if Path(chosen).exists() else None)
    return shutil.which("lighthouse")


def load_build() -> Any:
    """build.py as a module, for its server."""
    spec = importlib.util.spec_from_file_location("puzzlelab_build", ROOT / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def audit(lighthouse: str, url: str, out: Path) -> dict[str, Any]:
    """One mobile Lighthouse run of ``url``: its performance score, metrics and findings."""
    chrome = os.environ.get("CHROME_PATH", "/usr/bin/chromium")
    done = subprocess.run(
        [lighthouse, url, "--only-categories=performance", "--output=json", f"--output-path={out}",
         "--quiet", "--chrome-flags=--headless=new --no-sandbox --disable-gpu"],
        env={**os.environ, "CHROME_PATH": chrome}, capture_output=True, text=True, check=False,
        timeout=600)
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"lighthouse failed on {url}: {done.stderr.strip()[-500:]}")
    report = json.loads(out.read_text())
    audits = report["audits"]
    findings = [
        f"{a['title']}: {a.get('displayValue', '')}".rstrip(": ")
        for a in audits.values()
        if a.get("details", {}).get("type") == "opportunity" and (a.get("score") or 0) < 0.9
        and a.get("numericValue", 0) > 0
    ]
    element = audits["largest-contentful-paint-element"].get("details", {}).get("items", [])
    nodes = [row["node"] for table in element[:1] for row in table.get("items", [])
             if "node" in row]
    # What came before the Largest Contentful Paint in the real (unthrottled)
    # load: the simulation counts every request and main-thread task before it.
    observed = audits["metrics"]["details"]["items"][0]
    lcp_at = observed["observedLargestContentfulPaint"]
    requests = audits["network-requests"]["details"]["items"]
    start = min(r["networkRequestTime"] for r in requests)
    before = [r for r in requests if r["networkEndTime"] - start <= lcp_at]
    tasks = audits["main-thread-tasks"]["details"]["items"]
    return {
        "requests": len(before),
        "kB": sum(r.get("transferSize", 0) for r in before) / 1000,
        "cpu": sum(task["duration"] for task in tasks if task["startTime"] < lcp_at),
        "score": round(100 * report["categories"]["performance"]["score"]),
        "lcp_element": nodes[0].get("selector", "?").split(" > ")[-1] if nodes else "none",
        **{key: audits[key]["numericValue"] for key in METRICS},
        "findings": findings,
    }


def shown(key: str, value: float) -> str:
    """A metric as Lighthouse shows it."""
    unit = METRICS[key][1]
    if unit == "s":
        return f"{value / 1000:.1f} s"
    if unit == "ms":
        return f"{value:.0f} ms"
    return f"{value:.3f}"


def audit_builds(lighthouse: str, dists: dict[str, Path], runs: int) -> dict[str, dict[str, list]]:
    """Every registered puzzle's page on each build, ``runs`` times, the builds in turn."""
    build = load_build()
    servers = {name: build.serve_in_thread(dist, "/") for name, dist in dists.items()}
    found: dict[str, dict[str, list[dict[str, Any]]]] = {name: {} for name in dists}
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for puzzle in registry_ids():
                for index in range(runs):
                    for name, server in servers.items():
                        out = Path(scratch) / f"{name}-{puzzle}-{index}.json"
                        url = f"{server.url}#{puzzle}"
                        found[name].setdefault(puzzle, []).append(audit(lighthouse, url, out))
    finally:
        for server in servers.values():
            server.shutdown()
            server.server_close()
    return found


def print_table(dist: Path, runs: dict[str, list[dict[str, Any]]], count: int) -> None:
    """One build's medians, a Markdown table, and what Lighthouse found to improve."""
    names = [METRICS[key][0] for key in METRICS]
    print(f"Lighthouse mobile, {dist}, median of {count} run(s) a page")
    print("| page | performance | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for puzzle, samples in runs.items():
        score = statistics.median(s["score"] for s in samples)
        values = [shown(key, statistics.median(s[key] for s in samples)) for key in METRICS]
        print(f"| #{puzzle} | {score:g} | " + " | ".join(values) + " |")
    for puzzle, samples in runs.items():
        elements = sorted({s["lcp_element"] for s in samples})
        before = {key: statistics.median(s[key] for s in samples)
                  for key in ("requests", "kB", "cpu")}
        print(f"#{puzzle}: the Largest Contentful Paint was " + ", ".join(elements)
              + f"; before it {before['requests']:g} requests, {before['kB']:.0f} kB sent,"
              f" {before['cpu']:.0f} ms of main-thread tasks (observed, unthrottled)")
        found = sorted({f for s in samples for f in s["findings"]})
        if found:
            print(f"#{puzzle}: " + "; ".join(found))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1,
                        help="Lighthouse runs a page (the median is shown)")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site to serve")
    parser.add_argument("--baseline", type=Path,
                        help="another built site, audited in turn with --dist (before a change)")
    parser.add_argument("--json", action="store_true", help="every run, as JSON")
    args = parser.parse_args()
    lighthouse = find_lighthouse()
    if lighthouse is None:
        print("Lighthouse is not installed: skipped (see this file's docstring to run it).")
        return 0
    dists = {"baseline": args.baseline, "dist": args.dist} if args.baseline else {"dist": args.dist}
    for dist in dists.values():
        if not (dist / "index.html").exists():
            print(f"{dist} is not built: run `python3 build.py build`.", file=sys.stderr)
            return 2
    load_before = os.getloadavg()
    found = audit_builds(lighthouse, dists, args.runs)
    load_after = os.getloadavg()
    if args.json:
        print(json.dumps(found if args.baseline else found["dist"], indent=1))
        return 0
    for name, dist in dists.items():
        print_table(dist, found[name], args.runs)
    print("load average (1, 5, 15 min) before: " + ", ".join(f"{x:.1f}" for x in load_before)
          + "; after: " + ", ".join(f"{x:.1f}" for x in load_after))
    return 0


if __name__ == "__main__":
    sys.exit(main())
