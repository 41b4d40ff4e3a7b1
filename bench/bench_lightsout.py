"""Lights Out solve time: the light-chasing solver beside dense Gaussian elimination.

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/bench_lightsout.py               # full (~10 minutes)
    PYTHONPATH=py .venv/bin/python bench/bench_lightsout.py --quick       # smoke run (~30 s)
    PYTHONPATH=py .venv/bin/python bench/bench_lightsout.py --no-browser  # native tables only
    PYTHONPATH=py .venv/bin/python bench/bench_lightsout.py --big         # 1000x1000 table only

``--big`` solves a random solvable 1000x1000 board under each of
:data:`BIG_CASES` through ``lightsout.solve`` (the API, as the page asks),
each in a process of its own so that its peak memory (``ru_maxrss``) is its
own, and prints the estimate (:func:`puzzlelab.lightsout.solve_cost`, the
unknowns it fitted) beside the measured time, CPU time and peak memory;
rules whose estimate is over the job limit are refused, as the API refuses them.

``--quick --no-browser`` takes a few seconds. The full run spends most of its
time on the 1000x1000 request (natively and in the page: see the last table),
the browser boots and the dense baselines.

For each n the board is a random solvable n x n board drawn from a fixed seed.

* **dense baseline**: what the seeds do, but exact and on Python ints: build
  the full (n*n) x (n*n) press matrix with the board as an extra column and
  run Gauss-Jordan elimination over all n*n unknowns (one int per row). It
  finds *a* solution (free unknowns set to 0), not the fewest. It is run for
  growing n until the projected time of the next size passes the limit
  (``--baseline-limit``, 60 s by default); "—" marks sizes it skipped. The
  variants use the same elimination on their own press matrix (two bit
  planes per row for three states).
* **solver first**: :func:`puzzlelab.lightsout.solve` with its per-shape
  caches cleared, so the time includes building and eliminating the
  n x n chase system, the quiet patterns and the fewest-press search.
* **solver repeat**: a second board of the same shape (the shape is cached),
  as when a player asks for several solutions on one board size.
* **fewest sweep**: the all-lit n x n board for n = 1..50 (always solvable),
  fewest presses by the solver beside ``solve_dense`` (elimination over all
  cells, then the same search of the solutions).

Every answer, baseline and solver, is checked by pressing it (not timed).

The browser tables (skipped by ``--no-browser``, or when Playwright or a
Chromium is missing) run the built site in headless Chromium: the Chromium
is found as the end-to-end tests find it (``$PUZZLELAB_CHROMIUM``, then
/usr/bin/chromium, ...) and ``dist/`` is built first if it is missing. A
copy of ``dist/`` is served (so that a rebuild by someone else cannot pull
files away mid-run), with two bench-only files added: a blank page and a
worker that only loads Pyodide, the baselines of the boot time.

* **boot**: the page's worker from creation to "ready" (Pyodide, micropip,
  our wheel, a ping), as the client reports it (``bootMs``), each run in a
  fresh browser context (empty HTTP cache), then once more on reload (cache
  warm); beside ``loadPyodide`` alone on the page's main thread, and alone
  in a module worker.
* **round trips**: ``client.request(...)`` timed in the page: page ->
  worker -> Python -> worker -> page, JSON both ways included. The first
  request of a shape in the worker has cold shape caches; repeats use
  another board of that shape.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import itertools
import json
import math
import os
import platform
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))  # run from anywhere

from puzzlelab import api, lightsout
from puzzlelab.lightsout import costs

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"

SOLVER_SIZES = [100, 200, 300, 500, 700, 1000]
QUICK_SOLVER_SIZES = [100, 200]
BASELINE_START = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]

#: (label, rules, side of the measured board) of the variant rows; quick runs use smaller sides.
VARIANTS: list[tuple[str, lightsout.Variant, int]] = [
    ("torus (wrap)", lightsout.Variant(wrap=True), 200),
    ("custom 01110.10001.00100", lightsout.Variant("01110.10001.00100"), 200),
    ("king", lightsout.Variant("king"), 200),
    ("mod 3 (k=3)", lightsout.Variant(states=3), 200),
    ("knight torus, k=3", lightsout.Variant("knight", wrap=True, states=3), 49),
]
QUICK_VARIANT_SIDE = {2: 40, 3: 20}
VARIANT_BASELINE_SIZES = [10, 20, 30, 40, 50]
SWEEP_SIDES = 50
#: Fewest presses of the all-lit n x n board, n = 1..50 (OEIS A075464), to check the sweep.
A075464 = [
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224,
    245, 276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761, 772,
    561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220,
]
QUICK_SWEEP_SIDES = 12

BROWSER_SIZES = [10, 50, 200, 1000]
QUICK_BROWSER_SIZES = [10, 20]
BOOT_RUNS = 5
#: How long one request may run in the page before the worker is stopped.
REQUEST_LIMIT_S = 600.0
#: No repeats of a request whose first run took longer than this.
REPEAT_AFTER_FIRST_S = 20.0

Log = Callable[[str], None]


# --- the baselines: dense elimination over all n*n unknowns -------------------


def gauss_jordan(rows: list[int], size: int) -> int | None:
    """Solve the augmented GF(2) system ``rows`` (bit ``size`` is the right-hand side).

    Returns a solution with every free unknown 0, or None if inconsistent.
    ``rows`` is eliminated in place.
    """
    pivots = []
    top = 0
    for column in range(size):
        bit = 1 << column
        for i in range(top, size):
            if rows[i] & bit:
                break
        else:
            continue
        rows[top], rows[i] = rows[i], rows[top]
        pivot_row = rows[top]
        for j in range(size):
            if j != top and rows[j] & bit:
                rows[j] ^= pivot_row
        pivots.append(column)
        top += 1
    rhs = 1 << size
    if any(row & rhs for row in rows[top:]):
        return None
    solution = 0
    for i, column in enumerate(pivots):
        if rows[i] & rhs:
            solution |= 1 << column
    return solution


def dense_solve(n: int, lights: int) -> int | None:
    """Solve a classic n x n board by Gauss-Jordan elimination of the full press matrix.

    Row i is the equation of cell i: the cells whose press toggles it (the
    press matrix is symmetric), with the board's bit i in column ``n*n``.
    """
    size = n * n
    rows = [lightsout.toggled_by(1 << i, n, n) | ((lights >> i & 1) << size) for i in range(size)]
    return gauss_jordan(rows, size)


def mirrored(variant: lightsout.Variant) -> lightsout.Variant:
    """The rules with the stencil turned half a turn: the presses that reach a light."""
    return variant.mapped(lambda dr, dc: (-dr, -dc))


def dense_solve_variant(board: lightsout.Board) -> int | None:
    """Dense elimination for any two-state rules: equation i is the set of presses
    that reach cell i (the mirrored stencil), which differs from the cells that
    press i reaches when the stencil is not symmetric."""
    size = board.size
    blank = lightsout.Board(board.rows, board.cols, 0, mirrored(board.variant))
    rows = [
        blank.apply(1 << i).lights | ((board.lights >> i & 1) << size) for i in range(size)
    ]
    return gauss_jordan(rows, size)


def _add3(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """Add two GF(3) vectors held as bit planes (cells equal to 1, cells equal to 2)."""
    (p1, m1), (p2, m2) = a, b
    z1, z2 = ~(p1 | m1), ~(p2 | m2)
    return (p1 & z2) | (z1 & p2) | (m1 & m2), (m1 & z2) | (z1 & m2) | (p1 & p2)


def dense_solve_mod3(board: lightsout.Board) -> int | None:
    """Dense Gauss-Jordan elimination over GF(3) on all cells, rows as two bit planes.

    Solves ``A x = -b`` (a press adds 1 to each cell it reaches); returns the
    presses packed like a three-state board, or None if inconsistent.
    """
    size = board.size
    blank = lightsout.Board(board.rows, board.cols, 0, mirrored(board.variant))
    values = board.values()
    rows = []
    for i in range(size):
        reach = blank.apply(1 << (4 * i)).values()
        ones = sum(1 << j for j, v in enumerate(reach) if v == 1)
        twos = sum(1 << j for j, v in enumerate(reach) if v == 2)
        target = -values[i] % 3  # the right-hand side, in column ``size``
        rows.append((ones | (target == 1) << size, twos | (target == 2) << size))
    pivots = []
    top = 0
    for column in range(size):
        bit = 1 << column
        for i in range(top, size):
            if (rows[i][0] | rows[i][1]) & bit:
                break
        else:
            continue
        rows[top], rows[i] = rows[i], rows[top]
        if rows[top][1] & bit:  # scale the pivot row by 2 = -1: swap the planes
            rows[top] = rows[top][1], rows[top][0]
        pivot = rows[top]
        negated = pivot[1], pivot[0]
        for j in range(size):
            if j != top:
                ones, twos = rows[j]
                if ones & bit:
                    rows[j] = _add3(rows[j], negated)
                elif twos & bit:
                    rows[j] = _add3(rows[j], pivot)
        pivots.append(column)
        top += 1
    rhs = 1 << size
    if any((ones | twos) & rhs for ones, twos in rows[top:]):
        return None
    presses = [0] * size
    for i, column in enumerate(pivots):
        ones, twos = rows[i]
        presses[column] = 1 if ones & rhs else 2 if twos & rhs else 0
    return lightsout.Board.from_values(board.rows, board.cols, presses, board.variant).lights


# --- native measurements ------------------------------------------------------


def board_for(
    n: int, seed: int, which: int = 0, variant: lightsout.Variant = lightsout.CLASSIC
) -> lightsout.Board:
    """The random solvable n x n board number ``which`` of this seed and rules."""
    rng = random.Random(f"{seed}:{n}:{which}:{variant.options}")
    if variant.is_classic:  # the classic boards keep the seeds of earlier runs
        rng = random.Random(f"{seed}:{n}:{which}")
    return lightsout.random_solvable(n, n, rng, variant)


def all_lit(n: int) -> lightsout.Board:
    """The n x n board with every light on (solvable for every n)."""
    return lightsout.Board(n, n, (1 << (n * n)) - 1)


def clear_caches() -> None:
    """Empty every per-shape cache of the solver (whatever the modules name them)."""
    lightsout.clear_caches()


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds ``fn()`` took, and its result."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def check(board: lightsout.Board, presses: int | None, who: str) -> None:
    """Stop the run if ``presses`` does not turn every light of ``board`` off."""
    if presses is None or board.apply(presses).lit:
        raise SystemExit(f"{who} gave a wrong answer on the {board.rows}x{board.cols} board")


def measure_solver(n: int, seed: int, budget: float = 0.5) -> dict[str, Any]:
    """First solves (caches cleared, best of a few) and repeat solve (median)."""
    board = board_for(n, seed)
    any_firsts = []
    while True:
        clear_caches()
        seconds, solution = timed(lambda: lightsout.solve(board, fewest=False))
        check(board, solution.presses, "the solver")
        any_firsts.append(seconds)
        if sum(any_firsts) > budget or len(any_firsts) >= 5:
            break
    firsts = []
    while True:
        clear_caches()
        seconds, solution = timed(lambda: lightsout.solve(board))
        check(board, solution.presses, "the solver")
        firsts.append(seconds)
        if sum(firsts) > budget or len(firsts) >= 5:
            break
    other = board_for(n, seed, 1)
    repeats = []
    while True:
        seconds, again = timed(lambda: lightsout.solve(other))
        check(other, again.presses, "the solver")
        repeats.append(seconds)
        if sum(repeats) > budget or len(repeats) >= 21:
            break
    return {
        "any": min(any_firsts),
        "first": min(firsts),
        "repeat": statistics.median(repeats),
        "kernel": solution.kernel_dimension,
        "presses": solution.press_count,
        "proven": solution.proven_fewest,
    }


def measure_baseline(
    sizes: list[int], limit: float, log: Log, run: Callable[[int], float], label: str
) -> dict[int, float]:
    """Time ``run(n)`` (one dense solve) for growing n while the projected time fits."""
    times: dict[int, float] = {}
    for n in sizes:
        if len(times) >= 2:
            (n1, t1), (n2, t2) = list(times.items())[-2:]
            # The work grows like n**4 to n**6; project with the measured
            # exponent, never less than 4.
            exponent = max(4.0, _log_ratio(t2, t1) / _log_ratio(n2, n1))
            projected = t2 * (n / n2) ** exponent
            if projected > limit:
                log(f"  {label}: stop before n={n} (projected {projected:.0f} s)")
                break
        seconds = run(n)
        times[n] = seconds
        log(f"  {label} n={n}: {seconds:.3f} s")
        if seconds > limit:
            break
    return times


def classic_dense_run(seed: int) -> Callable[[int], float]:
    """One timed, checked classic dense solve of the seed's n x n board."""

    def run(n: int) -> float:
        board = board_for(n, seed)
        seconds, presses = timed(lambda: dense_solve(n, board.lights))
        check(board, presses, "the dense baseline")
        return seconds

    return run


def _log_ratio(a: float, b: float) -> float:
    """``log(a / b)``, safe for zero times."""
    return math.log(max(a, 1e-9) / max(b, 1e-9))


def measure_variant(variant: lightsout.Variant, n: int, seed: int,
                    budget: float = 1.0) -> dict[str, Any]:
    """The solver on an n x n board of these rules: first (caches cleared) and repeat."""
    board = board_for(n, seed, 0, variant)
    clear_caches()
    first, solution = timed(lambda: lightsout.solve(board))
    check(board, solution.presses, f"the solver ({variant.options})")
    other = board_for(n, seed, 1, variant)
    repeats: list[float] = []
    while sum(repeats) < budget and len(repeats) < 11:
        seconds, again = timed(lambda: lightsout.solve(other))
        check(other, again.presses, f"the solver ({variant.options})")
        repeats.append(seconds)
    request = solve_request(other)
    requests: list[float] = []
    while sum(requests) < budget and len(requests) < 11:
        seconds, response = timed(lambda: api.handle(request))
        if not response["ok"]:
            raise SystemExit(f"{request['cmd']} failed: {response['error']}")
        requests.append(seconds)
    return {
        "first": first,
        "repeat": statistics.median(repeats),
        "request": statistics.median(requests),
        "kernel": solution.kernel_dimension,
        "presses": solution.press_count,
        "proven": solution.proven_fewest,
    }


def variant_dense_run(variant: lightsout.Variant, seed: int) -> Callable[[int], float]:
    """One timed, checked dense solve of an n x n board of these rules."""
    solve = dense_solve_mod3 if variant.states == 3 else dense_solve_variant

    def run(n: int) -> float:
        board = board_for(n, seed, 0, variant)
        seconds, presses = timed(lambda: solve(board))
        check(board, presses, f"the dense baseline ({variant.options})")
        return seconds

    return run


@dataclass
class SweepRow:
    """The all-lit n x n board: the solver's answer, natively and in the page."""

    n: int
    kernel: int
    presses: int
    proven: bool
    native: float
    dense: float | None = None
    dense_presses: int | None = None
    dense_proven: bool | None = None
    page: float | None = None
    page_presses: int | None = None
    page_proven: bool | None = None
    page_dense: float | None = None


def measure_sweep(sides: int, limit: float, log: Log) -> list[SweepRow]:
    """Fewest presses of the all-lit n x n board for n = 1..sides: the solver with
    cold caches, and ``solve_dense`` while its running total stays under ``limit``."""
    rows = []
    dense_total = 0.0
    for n in range(1, sides + 1):
        board = all_lit(n)
        clear_caches()
        seconds, solution = timed(lambda b=board: lightsout.solve(b))
        check(board, solution.presses, "the solver")
        row = SweepRow(n, solution.kernel_dimension, solution.press_count or 0,
                       solution.proven_fewest, seconds)
        if dense_total < limit:
            dense_seconds, dense = timed(lambda b=board: lightsout.solve_dense(b))
            check(board, dense.presses, "solve_dense")
            dense_total += dense_seconds
            row.dense, row.dense_presses = dense_seconds, dense.press_count
            row.dense_proven = dense.proven_fewest
        rows.append(row)
    log(f"  fewest sweep n=1..{sides}: solver {sum(r.native for r in rows):.2f} s, "
        f"dense {dense_total:.2f} s")
    return rows


def measure_api_native(game: str) -> dict[str, float]:
    """Where the time of one ``lightsout.solve`` request goes, natively, caches cold."""
    board = lightsout.Board.parse(game)

    def cold_solve() -> float:
        clear_caches()
        return timed(lambda: lightsout.solve(board))[0]

    solve_s = min(cold_solve() for _ in range(3))
    clear_caches()
    handle_s, response = timed(lambda: api.handle(solve_request(board)))
    # The page measures JSON.stringify(result): the same compact text, without the envelope.
    text = json.dumps(response["result"], separators=(",", ":"))
    dumps_s = min(timed(lambda: json.dumps(response, separators=(",", ":")))[0]
                  for _ in range(3))
    board_s, _ = timed(lambda: api.handle({"cmd": "lightsout.solution_board", "game": game}))
    return {"solve": solve_s, "handle": handle_s, "dumps": dumps_s, "json_chars": len(text),
            "solution_board": board_s}


# --- browser measurements -----------------------------------------------------


def _load_module(name: str, path: Path) -> ModuleType:
    """Import the file ``path`` as module ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def _browser_helpers() -> tuple[Callable[[], str | None], list[str], ModuleType]:
    """The tests' Chromium finder and flags, and build.py (for ``serve_in_thread``).

    ``tests/conftest.py`` needs pytest; without it, the same search order is used.
    """
    try:
        conftest = _load_module("puzzlelab_bench_conftest", ROOT / "tests" / "conftest.py")
        return conftest.find_chromium, list(conftest.CHROMIUM_ARGS), conftest.load_build_module()
    except ImportError:
        pass

    def find_chromium() -> str | None:
        chosen = os.environ.get("PUZZLELAB_CHROMIUM")
        if chosen:
            return shutil.which(chosen)
        names = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "chromium",
                 "chromium-browser", "google-chrome", "google-chrome-stable")
        return next(filter(None, map(shutil.which, names)), None)

    args = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
    return find_chromium, args, _load_module("puzzlelab_build", ROOT / "build.py")


BLANK_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bench</title>
<link rel="icon" href="data:,"></head><body>bench</body></html>
"""

# Pyodide alone in a module worker: posts the worker's clock when Python answers.
BARE_WORKER = """const indexURL = new URL("./pyodide/", import.meta.url).href;
const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL });
postMessage({ ms: performance.now(), answer: pyodide.runPython("1 + 1") });
"""

# Before any page script: note when the page's workers post boot stages.
RECORD_BOOT = """window.__benchBoot = [];
const BenchNativeWorker = window.Worker;
window.Worker = class extends BenchNativeWorker {
  constructor(...args) {
    super(...args);
    window.__benchBoot.push(["created", performance.now()]);
    this.addEventListener("message", ({ data }) => {
      if (data && (data.type === "boot" || data.type === "ready")) {
        window.__benchBoot.push([data.stage ?? data.type, performance.now()]);
      }
    });
  }
};
"""

BARE_MAIN = """async () => {
  const start = performance.now();
  const indexURL = new URL("./pyodide/", location.href).href;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const pyodide = await loadPyodide({ indexURL });
  if (pyodide.runPython("1 + 1") !== 2) throw new Error("Pyodide gave a wrong sum");
  return performance.now() - start;
}"""

BARE_IN_WORKER = """() => new Promise((resolve, reject) => {
  const worker = new Worker("./bench-bare-worker.mjs", { type: "module" });
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data.ms); };
  worker.onerror = (event) => reject(new Error(event.message ?? "worker failed"));
})"""

WORKER_READY = """async () => {
  const { getClient } = await import("./client.mjs");
  const ready = await getClient().ready;
  return { bootMs: ready.bootMs, stages: window.__benchBoot };
}"""

# One request through the page's client, timed in the page. A request past the
# limit stops the worker (the next request starts a new one).
REQUEST = """async ({ request, limitMs }) => {
  const { getClient } = await import("./client.mjs");
  const client = getClient();
  await client.ready;
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(late), limitMs); });
  const start = performance.now();
  try {
    const result = await Promise.race([client.request(request), late]);
    const ms = performance.now() - start;
    if (result === late) {
      client.terminate();
      return { ms, timeout: true };
    }
    return {
      ms,
      json_chars: JSON.stringify(result).length,
      press_count: result.press_count ?? null,
      proven: result.proven_fewest ?? null,
      kernel: result.kernel_dimension ?? null,
      lit: result.lit ?? null,
    };
  } catch (error) {
    return { ms: performance.now() - start, error: String(error.message ?? error) };
  } finally {
    clearTimeout(timer);
  }
}"""


@dataclass
class Timing:
    """A request timed in the page: first (cold caches) and repeats (median)."""

    first: float | None = None
    repeats: list[float] = field(default_factory=list)
    json_chars: int | None = None
    request_chars: int | None = None
    press_count: int | None = None
    proven: bool | None = None
    note: str = ""

    @property
    def repeat(self) -> float | None:
        """The median repeat, or None when there was none."""
        return statistics.median(self.repeats) if self.repeats else None


@dataclass
class BrowserResults:
    """Everything measured in the page."""

    chromium: str = ""
    pyodide: str = ""
    load: str = ""
    boot: dict[str, list[float]] = field(default_factory=dict)
    stages: dict[str, list[float]] = field(default_factory=dict)
    ping: list[float] = field(default_factory=list)
    classic: dict[int, dict[str, Timing]] = field(default_factory=dict)
    variants: dict[str, Timing] = field(default_factory=dict)
    breakdown: dict[str, Timing] = field(default_factory=dict)
    sweep: dict[int, tuple[Timing, Timing | None]] = field(default_factory=dict)


@contextlib.contextmanager
def served_site(build: ModuleType, log: Log) -> Iterator[str]:
    """Build dist/ if missing, copy it with the bench pages, serve the copy; yield its URL."""
    if not (DIST / "build-info.json").exists():
        log("  dist/ is missing: running build.py build")
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], cwd=ROOT, check=True)
    with tempfile.TemporaryDirectory(prefix="puzzlelab-bench-") as tmp:
        site = Path(tmp) / "site"
        for _ in range(20):
            shutil.rmtree(site, ignore_errors=True)
            with contextlib.suppress(OSError):
                shutil.copytree(DIST, site)
                if _complete_site(site, build):
                    break
            log("  dist/ is being rebuilt: copying it again shortly")
            time.sleep(3)
        else:
            raise SystemExit("Could not copy a complete dist/ (is a build running in a loop?)")
        (site / "bench-blank.html").write_text(BLANK_PAGE)
        (site / "bench-bare-worker.mjs").write_text(BARE_WORKER)
        server = build.serve_in_thread(site, "/")
        try:
            yield server.url
        finally:
            server.shutdown()
            server.server_close()


def _complete_site(site: Path, build: ModuleType) -> bool:
    """Whether a copy of dist/ is whole: build-info.json (written last by the build),
    the wheel it names with its hash, and the Pyodide files."""
    info_file = site / "build-info.json"
    if not info_file.exists():
        return False
    info = json.loads(info_file.read_text())
    wheel = site / info["wheel"]
    if not wheel.exists() or build.sha256_of(wheel) != info["sha256"]:
        return False
    return all((site / "pyodide" / name).exists() for name in build.PYODIDE_FILES)


class PageSession:
    """The boot-check page with a ready worker, for timing requests."""

    def __init__(self, browser: Any, site: str, log: Log) -> None:
        self.browser, self.site, self.log = browser, site, log
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.page.set_default_timeout(REQUEST_LIMIT_S * 1000 + 60_000)
        boot_check(self.page, site)

    def request(self, request: dict[str, Any], limit: float = REQUEST_LIMIT_S) -> dict[str, Any]:
        """Send one request through the client; ``ms``, sizes and the answer's summary."""
        outcome = self.page.evaluate(REQUEST, {"request": request, "limitMs": limit * 1000})
        if outcome.get("error"):
            raise SystemExit(f"The page answered {request['cmd']} with: {outcome['error']}")
        return outcome

    def timing(self, first: dict[str, Any], again: dict[str, Any] | None, budget: float,
               most: int = 5, limit: float = REQUEST_LIMIT_S) -> Timing:
        """Time ``first`` once (cold), then ``again`` (at least once, up to ``most``
        times while the repeats take under ``budget`` seconds in all)."""
        outcome = self.request(first, limit)
        result = Timing(first=outcome["ms"] / 1000, json_chars=outcome.get("json_chars"),
                        request_chars=len(json.dumps(first, separators=(",", ":"))),
                        press_count=outcome.get("press_count"), proven=outcome.get("proven"))
        if outcome.get("timeout"):
            result.first, result.note = None, f"stopped after {limit:.0f} s"
            return result
        if again is None or result.first > REPEAT_AFTER_FIRST_S:
            return result
        while len(result.repeats) < most:
            outcome = self.request(again, limit)
            if outcome.get("timeout"):
                break
            result.repeats.append(outcome["ms"] / 1000)
            if sum(result.repeats) > budget:
                break
        return result

    def close(self) -> None:
        """Close the page and its browser context."""
        self.context.close()


def boot_check(page: Any, site: str, reload: bool = False) -> None:
    """Open (or reload) the boot-check page and wait for the worker; stop on a boot error."""
    if reload:
        page.reload()
    else:
        page.goto(site + "boot-check.html")
    page.wait_for_selector("body:not([data-state='booting'])", timeout=180_000)
    if page.evaluate("document.body.dataset.state") != "ready":
        raise SystemExit(f"The worker did not boot: {page.inner_text('#boot-error')}")


def measure_boot(browser: Any, site: str, runs: int, results: BrowserResults, log: Log,
                 reloads: bool = True) -> None:
    """Worker boot to ready (cold and, with ``reloads``, on reload) beside bare Pyodide."""
    for run in range(runs):
        context = browser.new_context()
        page = context.new_page()
        page.set_default_timeout(120_000)
        page.goto(site + "bench-blank.html")
        results.boot.setdefault("bare main", []).append(page.evaluate(BARE_MAIN) / 1000)
        if reloads:
            page.reload()
            bare = page.evaluate(BARE_MAIN) / 1000
            results.boot.setdefault("bare main, reload", []).append(bare)
            results.boot.setdefault("bare worker", []).append(page.evaluate(BARE_IN_WORKER) / 1000)
        context.close()

        context = browser.new_context()
        context.add_init_script(RECORD_BOOT)
        page = context.new_page()
        page.set_default_timeout(120_000)
        for label in ("worker", "worker, reload") if reloads else ("worker",):
            boot_check(page, site, reload=label != "worker")
            ready = page.evaluate(WORKER_READY)
            results.boot.setdefault(label, []).append(ready["bootMs"] / 1000)
            if label == "worker":
                marks = dict(ready["stages"])
                order = ["created", "runtime", "micropip", "package", "check", "ready"]
                for before, after in itertools.pairwise(order):
                    if before in marks and after in marks:
                        seconds = (marks[after] - marks[before]) / 1000
                        results.stages.setdefault(before, []).append(seconds)
                results.pyodide = page.inner_text("#pyodide-version")
        context.close()
        log(f"  boot run {run + 1}/{runs}: worker {results.boot['worker'][-1]:.2f} s, "
            f"bare main thread {results.boot['bare main'][-1]:.2f} s")


def solve_request(board: lightsout.Board, **extra: Any) -> dict[str, Any]:
    """A ``lightsout.solve`` request for ``board`` (as a game ID), as the page
    sends it: the presses come back as a grid, not as a [row, col] list."""
    return {"cmd": "lightsout.solve", "game": board.game_id, "press_list": False, **extra}


def measure_round_trips(session: PageSession, sizes: list[int], seed: int, limit: float,
                        results: BrowserResults, log: Log) -> None:
    """Classic solves at each size through the client: chase, and dense while it fits."""
    pings = [session.request({"cmd": "ping"})["ms"] / 1000 for _ in range(21)]
    results.ping = pings
    dense_times: dict[int, float] = {}
    for n in sizes:
        board, other = board_for(n, seed), board_for(n, seed, 1)
        chase = session.timing(solve_request(board), solve_request(other), budget=2.0)
        row = {"chase": chase}
        log(f"  page chase {n}x{n}: first {fmt_time(chase.first)}, repeat {fmt_time(chase.repeat)}")
        projected = 0.0
        if len(dense_times) >= 2:
            (n1, t1), (n2, t2) = list(dense_times.items())[-2:]
            exponent = max(4.0, _log_ratio(t2, t1) / _log_ratio(n2, n1))
            projected = t2 * (n / n2) ** exponent
        elif dense_times:
            ((n1, t1),) = dense_times.items()
            projected = t1 * (n / n1) ** 4
        if projected <= limit and (not dense_times or max(dense_times.values()) <= limit):
            dense = session.timing(solve_request(board, method="dense"),
                                   solve_request(other, method="dense"), budget=1.0,
                                   limit=limit * 3)
            row["dense"] = dense
            if dense.first is not None:
                dense_times[n] = dense.first
            log(f"  page dense {n}x{n}: {fmt_time(dense.first)} {dense.note}")
        else:
            log(f"  page dense {n}x{n}: skipped (projected {projected:.0f} s)")
        results.classic[n] = row
        if n == max(sizes):
            solution_board = {"cmd": "lightsout.solution_board", "game": board.game_id}
            results.breakdown["solution_board"] = session.timing(solution_board, None, 0)


def measure_page_variants(session: PageSession, variants: list[tuple[str, lightsout.Variant, int]],
                          seed: int, results: BrowserResults, log: Log) -> None:
    """The variant boards through the client, the rules given as request fields."""
    for label, variant, n in variants:
        board, other = board_for(n, seed, 0, variant), board_for(n, seed, 1, variant)
        fields: dict[str, Any] = {}
        if variant.wrap:
            fields["wrap"] = True
        if variant.neighbourhood != "cross":
            fields["neighbourhood"] = variant.neighbourhood
        if variant.states != 2:
            fields["states"] = variant.states
        if variant.states == 2:  # the classic game ID of the lights, rules as fields
            board = lightsout.Board(n, n, board.lights)
            other = lightsout.Board(n, n, other.lights)
        timing = session.timing(solve_request(board, **fields), solve_request(other, **fields),
                                budget=3.0, most=3)
        results.variants[label] = timing
        log(f"  page {label} {n}x{n}: first {fmt_time(timing.first)}, "
            f"repeat {fmt_time(timing.repeat)}")


def measure_page_sweep(session: PageSession, sides: int, limit: float,
                       results: BrowserResults, log: Log) -> None:
    """The all-lit boards n = 1..sides in the page; dense while its total fits ``limit``."""
    dense_total = 0.0
    for n in range(1, sides + 1):
        board = all_lit(n)
        chase = session.timing(solve_request(board), None, 0)
        dense = None
        if dense_total < limit:
            dense = session.timing(solve_request(board, method="dense"), None, 0,
                                   limit=limit * 2)
            dense_total += dense.first or limit
        results.sweep[n] = (chase, dense)
    total = sum(chase.first or 0 for chase, _ in results.sweep.values())
    log(f"  page fewest sweep n=1..{sides}: chase {total:.2f} s, dense {dense_total:.2f} s")


def measure_browser(args: argparse.Namespace, log: Log) -> BrowserResults | None:
    """All browser measurements, or None (with the reason logged) when they cannot run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        log("Browser tables skipped: the playwright package is missing (use .venv/bin/python).")
        return None
    find_chromium, chromium_args, build = _browser_helpers()
    executable = find_chromium()
    if executable is None:
        log("Browser tables skipped: no Chromium found (set PUZZLELAB_CHROMIUM).")
        return None
    results = BrowserResults(chromium=executable)
    quick = args.quick
    sizes = QUICK_BROWSER_SIZES if quick else BROWSER_SIZES
    limit = args.baseline_limit or (2.0 if quick else 60.0)
    with served_site(build, log) as site, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable, headless=True, args=chromium_args
        )
        try:
            results.chromium = f"{Path(executable).name} {browser.version}"
            log(f"Browser: {results.chromium}, site copy at {site}")
            before = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
            measure_boot(browser, site, 1 if quick else args.boot_runs, results, log,
                         reloads=not quick)
            session = PageSession(browser, site, log)
            try:
                measure_round_trips(session, sizes, args.seed, limit, results, log)
                measure_page_variants(session, variant_list(quick), args.seed, results, log)
                measure_page_sweep(session, QUICK_SWEEP_SIDES if quick else SWEEP_SIDES, limit,
                                   results, log)
            finally:
                session.close()
        finally:
            browser.close()
    after = os.getloadavg()[0] if hasattr(os, "getloadavg") else math.nan
    results.load = f"{before:.1f} before, {after:.1f} after"
    return results


def variant_list(quick: bool) -> list[tuple[str, lightsout.Variant, int]]:
    """The variant rows of this run (smaller boards for ``--quick``)."""
    if not quick:
        return VARIANTS
    return [(label, v, QUICK_VARIANT_SIDE[v.states]) for label, v, _ in VARIANTS]


# --- output -------------------------------------------------------------------


def fmt_time(seconds: float | None) -> str:
    """A duration in µs, ms or s; "—" for none."""
    if seconds is None:
        return "—"
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def fmt_ratio(ratio: float | None) -> str:
    """A speed ratio such as 12x; "—" for none."""
    if ratio is None:
        return "—"
    return f"{ratio:,.0f}x" if ratio >= 10 else f"{ratio:.1f}x"


def ratio(a: float | None, b: float | None) -> float | None:
    """``a / b``, or None when either is missing."""
    return None if a is None or not b else a / b


def fmt_chars(count: int | None) -> str:
    """A character count as 1.2 MB-style text (JSON is ASCII here)."""
    if count is None:
        return "—"
    if count < 10_000:
        return f"{count:,} B"
    if count < 10_000_000:
        return f"{count / 1000:,.0f} kB"
    return f"{count / 1e6:,.1f} MB"


def fmt_fewest(presses: int | None, proven: bool | None) -> str:
    """A press count, marked when it is not proven fewest."""
    if presses is None:
        return "—"
    return f"{presses:,}" + ("" if proven else " (not proven)")


def print_table(headers: list[str], rows: list[list[str]]) -> None:
    """A Markdown table, first column left-aligned, the others right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("| " + " | ".join(h.ljust(w) for h, w in zip(headers, widths, strict=True)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        cells = [
            cell.ljust(w) if i == 0 else cell.rjust(w)
            for i, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("| " + " | ".join(cells) + " |")
    print()


def print_classic(sizes: list[int], solver: dict[int, dict[str, Any]],
                  baseline: dict[int, float]) -> None:
    """The native table of the classic solver beside the dense baseline."""
    rows = []
    for n in sizes:
        s = solver[n]
        dense = baseline.get(n)
        rows.append([
            f"{n}x{n}", f"{n * n:,}", str(s["kernel"]), fmt_fewest(s["presses"], s["proven"]),
            fmt_time(dense), fmt_time(s["any"]), fmt_time(s["first"]), fmt_time(s["repeat"]),
            fmt_ratio(ratio(dense, s["any"])),
        ])
    print_table(
        ["board", "unknowns", "kernel", "fewest presses", "dense (any)", "solver any, first",
         "solver fewest, first", "solver fewest, repeat", "dense / solver any"],
        rows,
    )
    print(
        "dense (any): Gauss-Jordan over all n*n unknowns, rows as Python ints; finds any "
        "solution, not the fewest; '—': not run, projected over the limit."
    )
    print(
        "solver any, first: lightsout.solve(fewest=False) with the per-shape caches "
        "cleared (chase system, elimination, quiet patterns): like for like with dense."
    )
    print(
        "solver fewest: the default solve, adding the search of all 2**kernel solutions "
        "(or simulated annealing, 'not proven', past its budget); first: caches cleared; "
        "repeat: another board of the shape, cached."
    )
    print()


@dataclass
class VariantRow:
    """One native variant measurement (and its page twin, when measured)."""

    label: str
    variant: lightsout.Variant
    n: int
    native: dict[str, Any]
    dense: float | None
    page: Timing | None = None


def print_variants(rows: list[VariantRow], classic: dict[str, Any] | None,
                   classic_request: float | None, classic_page: Timing | None,
                   classic_n: int) -> None:
    """Variants natively beside their dense baseline, and in the page where measured."""
    table = []
    if classic is not None:
        table.append([
            "classic (reference)", f"{classic_n}x{classic_n}", str(classic["kernel"]),
            fmt_fewest(classic["presses"], classic["proven"]), "—",
            fmt_time(classic["first"]), fmt_time(classic["repeat"]), "—",
            fmt_time(classic_request),
            fmt_time(classic_page.first if classic_page else None),
            fmt_time(classic_page.repeat if classic_page else None),
            fmt_ratio(ratio(classic_page.repeat if classic_page else None, classic_request)),
        ])
    for row in rows:
        s, page = row.native, row.page
        table.append([
            row.label, f"{row.n}x{row.n}", str(s["kernel"]), fmt_fewest(s["presses"], s["proven"]),
            fmt_time(row.dense), fmt_time(s["first"]), fmt_time(s["repeat"]),
            fmt_ratio(ratio(row.dense, s["first"])), fmt_time(s["request"]),
            fmt_time(page.first if page else None), fmt_time(page.repeat if page else None),
            fmt_ratio(ratio(page.repeat if page else None, s["request"])),
        ])
    print_table(
        ["rules", "board", "kernel", "fewest presses", "dense", "native first",
         "native repeat", "dense / first", "native request", "page first", "page repeat",
         "page / native request"],
        table,
    )
    print(
        "dense: elimination over all cells on the rules' own press matrix (GF(3) as two bit "
        "planes), any solution; measured at the largest size whose projection fits the "
        "limit, '—' above it. native first: solve() with every cache cleared; repeat: "
        "another board of the shape. native request: api.handle of the lightsout.solve request "
        "for that other board (parse, solve, presses as a grid; shape cached). page: the "
        "same request's round trip through the worker (rules as request fields), first in a "
        "worker that had not seen the shape. page / native request: repeat against request. "
        "The classic row is the fast path of the same size."
    )
    print()


def print_sweep(rows: list[SweepRow], browser: bool) -> None:
    """The fewest presses of the all-lit boards, per n, then totals."""
    table = []
    for r in rows:
        notes = []
        known = A075464[r.n - 1] if r.n <= len(A075464) else None
        if known is not None and r.presses != known:
            notes.append(f"{r.presses - known:+} against A075464" if not r.proven
                         else f"A075464 says {known}!")
        if r.dense_presses is not None and r.dense_proven and r.proven and \
                r.dense_presses != r.presses:
            notes.append(f"dense says {r.dense_presses}!")
        if r.page_presses is not None and (r.page_presses, r.page_proven) != (r.presses, r.proven):
            notes.append(f"page says {fmt_fewest(r.page_presses, r.page_proven)}!")
        line = [str(r.n), str(r.kernel), fmt_fewest(r.presses, r.proven), fmt_time(r.native),
                fmt_time(r.dense)]
        if browser:
            line += [fmt_time(r.page), fmt_time(r.page_dense)]
        table.append([*line, " ".join(notes)])

    def total(values: list[float | None]) -> str:
        measured = [v for v in values if v is not None]
        return fmt_time(sum(measured)) if measured else "—"

    def largest(values: list[float | None]) -> str:
        measured = [(v, r.n) for v, r in zip(values, rows, strict=True) if v is not None]
        if not measured:
            return "—"
        value, n = max(measured)
        return f"{fmt_time(value)} (n={n})"

    columns = [[r.native for r in rows], [r.dense for r in rows]]
    if browser:
        columns += [[r.page for r in rows], [r.page_dense for r in rows]]
    dense_count = sum(r.dense is not None for r in rows)
    page_dense_count = sum(r.page_dense is not None for r in rows)
    not_proven = [str(r.n) for r in rows if not r.proven]
    table.append(["total", "", f"{len(rows) - len(not_proven)}/{len(rows)} proven",
                  *(total(c) for c in columns), ""])
    table.append(["max", "", "", *(largest(c) for c in columns), ""])
    headers = ["n", "kernel", "fewest presses", "native solver", "native dense"]
    if browser:
        headers += ["page solver", "page dense"]
    print_table([*headers, "check"], table)
    print(
        f"The all-lit n x n board, n = 1..{len(rows)}. solver: lightsout.solve with cold "
        "caches (natively) or the lightsout.solve request (page, a new shape each n); "
        "dense: solve_dense (elimination over all cells, then the same fewest search), "
        f"run while its running total stays under the limit (n = 1..{dense_count} natively"
        + (f", 1..{page_dense_count} in the page" if browser else "")
        + "). Not proven fewest: n = " + (", ".join(not_proven) or "none")
        + " (kernel too large for the exact search; simulated annealing's count). "
        "check: against OEIS A075464 (the fewest presses of these boards), solve_dense "
        "and the page; empty when all agree."
    )
    print()


def print_browser(results: BrowserResults, native: dict[int, dict[str, Any]],
                  baseline: dict[int, float], requests: dict[int, dict[str, Any]]) -> None:
    """The boot, round-trip and request-breakdown tables of the page."""
    print(f"Browser: {results.chromium}, Pyodide {results.pyodide}, page and worker on "
          f"this machine (site served from 127.0.0.1); load average {results.load}.")
    print()
    labels = {
        "worker": "worker boot to ready: Pyodide + micropip + our wheel + ping (cold cache)",
        "worker, reload": "the same, page reloaded (HTTP cache warm)",
        "bare main": "baseline: loadPyodide alone on the main thread (cold cache)",
        "bare main, reload": "baseline: the same, page reloaded",
        "bare worker": "loadPyodide alone in a module worker (warm cache)",
    }
    rows = []
    for key, label in labels.items():
        values = results.boot.get(key)
        if values:
            rows.append([label, fmt_time(statistics.median(values)), fmt_time(min(values)),
                         fmt_time(max(values)), str(len(values))])
    print_table(["boot", "median", "min", "max", "runs"], rows)
    stage_names = {
        "created": "worker created -> 'runtime' (worker script starts)",
        "runtime": "loadPyodide (build-info.json, pyodide.mjs, wasm, stdlib)",
        "micropip": "loadPackage('micropip')",
        "package": "micropip.install(our wheel)",
        "check": "import puzzlelab.api + ping",
    }
    rows = [[label, fmt_time(statistics.median(results.stages[key]))]
            for key, label in stage_names.items() if key in results.stages]
    if rows:
        print_table(["worker boot stage (cold, timed at the page)", "median"], rows)

    rows = []
    for n, row in results.classic.items():
        chase, dense = row["chase"], row.get("dense")
        s = native.get(n, {})
        handle = requests[n]["handle"] if n in requests else None
        rows.append([
            f"{n}x{n}", fmt_chars(chase.request_chars), fmt_chars(chase.json_chars),
            fmt_fewest(chase.press_count, chase.proven),
            fmt_time(dense.first if dense else None), fmt_time(chase.first),
            fmt_time(chase.repeat), fmt_ratio(ratio(dense.first if dense else None, chase.first)),
            fmt_time(baseline.get(n)), fmt_time(s.get("first")), fmt_time(s.get("repeat")),
            fmt_time(handle), fmt_ratio(ratio(chase.first, handle)),
        ])
    print_table(
        ["board", "request", "response", "fewest presses", "page dense", "page first",
         "page repeat", "dense / first", "native dense", "native first", "native repeat",
         "native request", "page / native request"],
        rows,
    )
    print(
        f"page: client.request({{cmd: 'lightsout.solve', ...}}) timed in the page (median "
        f"ping round trip {fmt_time(statistics.median(results.ping))}); request and response: "
        "JSON sizes; page dense: method 'dense' (solve_dense: all cells, then the fewest "
        "search), skipped ('—') where projected over the limit; first: a shape the worker had "
        "not seen; repeat: another board of the shape. native dense, first, repeat: the solver "
        "table above (library calls, no request or JSON); native request: api.handle of the "
        "same first request, caches cold (parse, solve, presses as a grid), and the page "
        "first against it."
    )
    print()
    breakdown_n = max(requests, default=0)
    breakdown = requests.get(breakdown_n)
    if breakdown is not None:
        page_solve = results.classic.get(breakdown_n, {}).get("chase")
        page_board = results.breakdown.get("solution_board")
        rows = [
            ["'lightsout.solve' request, caches cold", fmt_time(breakdown["handle"]),
             fmt_time(page_solve.first if page_solve else None)],
            ["  of which solve(), the library call", fmt_time(breakdown["solve"]), "—"],
            ["  of which json.dumps of the response", fmt_time(breakdown["dumps"]), "—"],
            ["  the rest: parsing, the presses as a grid",
             fmt_time(max(0.0, breakdown["handle"] - breakdown["solve"] - breakdown["dumps"])),
             "—"],
            ["'lightsout.solution_board' request, shape cached",
             fmt_time(breakdown["solution_board"]),
             fmt_time(page_board.first if page_board else None)],
            ["response JSON of 'lightsout.solve'", fmt_chars(breakdown["json_chars"]),
             fmt_chars(page_solve.json_chars if page_solve else None)],
        ]
        print_table([f"where a {breakdown_n}x{breakdown_n} request's time goes", "native",
                     "page"], rows)
        print(
            "solution_board solves the same board and answers with the presses as a board "
            "(game ID and grid, linear in the cells) instead of a [row, col] pair per press."
        )
        print()


# --- main ---------------------------------------------------------------------


#: The 1000x1000 rules of ``--big``: each solved in a process of its own, so
#: that its peak memory is its own.
BIG_SIDE = 1000
BIG_CASES: list[lightsout.Variant] = [
    lightsout.Variant(),
    lightsout.Variant(states=3),
    lightsout.Variant(states=4),
    lightsout.Variant(states=5),
    lightsout.Variant(states=6),
    lightsout.Variant(states=7),
    lightsout.Variant(states=9),
    lightsout.Variant(wrap=True),
    lightsout.Variant(wrap=True, states=3),
    lightsout.Variant("king"),
    lightsout.Variant("king", states=3),
    lightsout.Variant("diagonal"),
    lightsout.Variant("knight"),
    lightsout.Variant("king", wrap=True),
    lightsout.Variant("knight", wrap=True),
]


def solve_one_big(spec: str, seed: int) -> dict[str, Any]:
    """(In a child process) one ``--big`` case: a random solvable board solved
    through the API, checked by pressing; time, CPU and peak memory."""
    import resource

    variant = lightsout.written_variant(f"1x1{spec}:0")
    board = lightsout.random_solvable(BIG_SIDE, BIG_SIDE, random.Random(seed), variant)
    wall, cpu = time.perf_counter(), time.process_time()
    response = api.handle({"cmd": "lightsout.solve", "game": board.game_id, "press_list": False})
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux
    if not response["ok"]:
        return {"error": response["error"], "wall": wall, "cpu": cpu, "peak_mb": peak}
    presses = lightsout.Board.parse(response["result"]["press_grid"], variant).lights
    assert board.apply(presses).lit == 0, "the solution does not solve the board"
    return {"wall": wall, "cpu": cpu, "peak_mb": peak,
            "proven": response["result"]["proven_fewest"],
            "kernel": response["result"]["kernel_dimension"]}


def print_big(seed: int, log: Log) -> None:
    """The ``--big`` table: every 1000x1000 case, estimated and measured."""
    rows = []
    for variant in BIG_CASES:
        label = lightsout.Board(1, 1, 0, variant).game_id[3:-2] or "classic"
        estimate = costs._native_solve_cost(BIG_SIDE, BIG_SIDE, variant)
        unknowns, _ = costs._system_size(BIG_SIDE, BIG_SIDE, variant)
        row = [label, f"{unknowns:,}", f"{estimate.seconds:.0f} s",
               f"{estimate.megabytes:.0f} MB"]
        if not estimate.fits:
            rows.append([*row, "refused", "", "", ""])
            log(f"  {label}: refused up front")
            continue
        log(f"  {label} ...")
        child = subprocess.run(
            [sys.executable, __file__, "--one-big", variant.options, "--seed", str(seed)],
            capture_output=True, text=True, check=False)
        if child.returncode:
            rows.append([*row, "failed", "", "", child.stderr.strip().splitlines()[-1][:60]])
            continue
        got = json.loads(child.stdout.strip().splitlines()[-1])
        rows.append([*row, f"{got['wall']:.1f} s", f"{got['cpu']:.1f} s",
                     f"{got['peak_mb']:.0f} MB", got.get("error") or f"kernel {got['kernel']}"])
    print(f"Lights Out {BIG_SIDE}x{BIG_SIDE}, random solvable boards (seed {seed}), "
          "lightsout.solve through the API natively:")
    print()
    print_table(["rules", "unknowns", "est. time", "est. memory", "time", "CPU", "peak memory",
                 "note"], rows)


def main(argv: list[str] | None = None) -> int:
    """Measure, then print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--no-browser", action="store_true", help="native tables only")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random boards")
    parser.add_argument("--boot-runs", type=int, default=BOOT_RUNS,
                        help=f"browser boots to take the median of (default {BOOT_RUNS})")
    parser.add_argument(
        "--baseline-limit",
        type=float,
        default=None,
        help="seconds one dense baseline run may take (default 60, --quick 2)",
    )
    parser.add_argument("--big", action="store_true",
                        help=f"only the {BIG_SIDE}x{BIG_SIDE} table of every rules (minutes)")
    parser.add_argument("--one-big", metavar="OPTIONS", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    limit = args.baseline_limit or (2.0 if args.quick else 60.0)
    if args.one_big is not None:
        print(json.dumps(solve_one_big(args.one_big, args.seed)))
        return 0
    if args.big:
        print_big(args.seed, lambda message: print(message, file=sys.stderr, flush=True))
        return 0
    solver_sizes = QUICK_SOLVER_SIZES if args.quick else SOLVER_SIZES

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    log(f"Measuring (seed {args.seed}, baseline limit {limit:.0f} s) ...")
    load = f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "?"
    baseline_sizes = BASELINE_START + [n for n in solver_sizes if n > BASELINE_START[-1]]
    if args.quick:
        baseline_sizes = [n for n in baseline_sizes if n <= 40]
    baseline = measure_baseline(baseline_sizes, limit, log, classic_dense_run(args.seed),
                                "dense baseline")
    sizes = sorted(set(BASELINE_START) | set(solver_sizes))
    if not args.no_browser:
        sizes = sorted(set(sizes) | set(QUICK_BROWSER_SIZES if args.quick else BROWSER_SIZES))
    solver = {}
    for n in sizes:
        solver[n] = measure_solver(n, args.seed)
        log(f"  solver n={n}: first {solver[n]['first']:.4f} s, repeat {solver[n]['repeat']:.4f} s")

    variant_rows = []
    for label, variant, n in variant_list(args.quick):
        sides = [s for s in VARIANT_BASELINE_SIZES if s < n] + [n]
        dense = measure_baseline(sides, limit, log, variant_dense_run(variant, args.seed),
                                 f"dense {label}")
        largest = max(dense, default=None)
        if largest is not None and largest != n:
            variant_rows.append(VariantRow(label, variant, largest,
                                           measure_variant(variant, largest, args.seed),
                                           dense[largest]))
        variant_rows.append(VariantRow(label, variant, n, measure_variant(variant, n, args.seed),
                                       dense.get(n)))
        log(f"  solver {label} {n}x{n}: first {variant_rows[-1].native['first']:.3f} s")

    sweep = measure_sweep(QUICK_SWEEP_SIDES if args.quick else SWEEP_SIDES, limit, log)

    browser_sizes = QUICK_BROWSER_SIZES if args.quick else BROWSER_SIZES
    requests: dict[int, dict[str, Any]] = {}
    if not args.no_browser:
        for n in browser_sizes:
            log(f"  native lightsout.solve request at {n}x{n} ...")
            requests[n] = measure_api_native(board_for(n, args.seed).game_id)

    browser = None if args.no_browser else measure_browser(args, log)
    if browser is not None:
        for row in variant_rows:
            if row.n == dict((label, n) for label, _, n in variant_list(args.quick))[row.label]:
                row.page = browser.variants.get(row.label)
        for row in sweep:
            chase, dense = browser.sweep.get(row.n, (None, None))
            if chase is not None:
                row.page, row.page_presses, row.page_proven = (chase.first, chase.press_count,
                                                               chase.proven)
            if dense is not None:
                row.page_dense = dense.first

    print()
    print(
        f"Lights Out n x n, random solvable boards (seed {args.seed}); "
        f"Python {platform.python_version()} on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, load average {load}{' (quick run)' if args.quick else ''}."
    )
    print()
    print_classic(sizes, solver, baseline)
    variant_n = variant_list(args.quick)[0][2]
    classic_page = None
    if browser is not None:
        classic_page = browser.classic.get(variant_n, {}).get("chase")
    print("Variants (random solvable boards of each rules):")
    print()
    classic_request = requests[variant_n]["handle"] if variant_n in requests else None
    print_variants(variant_rows, solver.get(variant_n), classic_request, classic_page, variant_n)
    print("Fewest presses, every square all-lit board:")
    print()
    print_sweep(sweep, browser is not None)
    if browser is not None:
        print_browser(browser, solver, baseline, requests)
    return 0


if __name__ == "__main__":
    sys.exit(main())
