"""Every job's projection of its memory and time against what it really uses.

Run from the repository root::

    .venv/bin/python bench/bench_projections.py            # every job, short cases (minutes)
    .venv/bin/python bench/bench_projections.py --only pegs.fewest --long  # and the French game
    .venv/bin/python bench/bench_projections.py --list     # the cases

A job that projects what it will take (to refuse up front what will not fit)
must project within a factor 1.5 of what it uses, so that nothing that fits is
refused and nothing that does not fit starts. Each case runs in a fresh child
process; the child records the projection the code makes (up front, or the
largest the job made before each of its stages, as the refusal compares it with
the budget) and the parent reads the child's peak resident memory
(``ru_maxrss`` from ``wait4``) and CPU seconds. The measured memory is the
peak less what the child held before the job began (the interpreter and
numpy), as the projections count what the job adds, except Lights Out's and
the binary-puzzle count's, whose estimates include the interpreter (30 MB)
and are compared with the whole peak. Times are noisy on a shared machine:
the table gives CPU and wall seconds (the fewest-moves search paces itself
on the wall clock, the other estimates are of CPU work).

The fewest-moves search projects each layer as if built in full, but it ends
at the first class both ends hold, which may come early in its last layer: its
row gives the projection of the layers it completed (compared with the peak),
and the last layer's projection apart.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))  # run from anywhere

#: Cases under this many MB measured are printed but not judged: the
#: interpreter's own noise (a few MB) is then a large part of the figure.
SMALL_MB = 40.0
#: The factor the projections must hold to.
FACTOR = 1.5


def _rss_mb() -> float:
    """This process's resident memory now (MB)."""
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


@dataclass(frozen=True)
class Case:
    job: str
    engine: str
    label: str
    run: Callable[[], dict]  # in the child: the job; its projections in MB and seconds
    long: bool = False
    whole_process: bool = False  # the projection includes the interpreter


# --- the jobs, as the child runs them ----------------------------------------------


def _fewest(board: str, start: str | None, goal: str | None, engine: str,
            full_last_layer: bool = False) -> Callable[[], dict]:
    """The search as it runs (its projections of the layers it completed against its
    peak), or with its last layer built in full (every projection against the peak)."""
    def run() -> dict:
        from puzzlelab import pegs
        from puzzlelab.pegs import fewest
        if start == "usual":
            position, goal_text = pegs.classic_game(board)
            wanted = pegs.parse_goal(position.geo, None if goal_text == "default" else goal_text)
        else:
            position = pegs.board_position(board, start)
            wanted = pegs.parse_goal(position.geo, goal)
        # Measured here is the memory and the pace: a busy machine's wall clock
        # would have the search refuse itself by time before the end.
        fewest.TIME_LIMIT = float("inf")
        if full_last_layer:
            _build_layers_in_full(engine)
        before = _rss_mb()
        layers = []

        def trace(forward: bool, depth: int, size: int, _at: float) -> None:
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 - before
            layers.append(("start" if forward else "goal", depth, size, round(peak)))

        result = fewest.fewest_moves(position, wanted, engine, trace)
        assert result is not None
        made = result.projections if full_last_layer else result.projections[:-1]
        out = {"projected_mb": max((b for b, _ in made), default=0) / 1e6,
               "projected_s": made[-1][1] if made else None,
               "note": f"{result.move_count} moves, {sum(result.classes):,} classes"}
        # Each layer built: its end, depth and size, the projection made before it
        # and the run's peak by its end (it only rises), in MB.
        out["layers"] = [(*layer, round(b / 1e6))
                         for layer, (b, _) in zip(layers, result.projections, strict=False)]
        if not full_last_layer:
            out["note"] += (f"; the last layer, projected in full at "
                            f"{result.projections[-1][0] / 1e6:,.0f} MB, ended at the meeting")
        return out
    return run


def _build_layers_in_full(engine: str) -> None:
    """Make each layer run to its end before the meeting is looked for (the bench's
    measure of a last layer as projected; the moves found may then be more than the
    fewest)."""
    if engine == "numpy":
        from puzzlelab.pegs.fewest_numpy import NumpySide as Side
    else:
        from puzzlelab.pegs.fewest_sides import PythonSide as Side
    expand = Side.expand_steps

    def in_full(self, other, report):
        yield from expand(self, None, report)
        for key in self.frontier:
            if other is not None and other.depth(int(key)) is not None:
                return int(key)
        return None

    Side.expand_steps = in_full


def _count(grid: str, goal: str, engine: str) -> Callable[[], dict]:
    """A count off the book: the numpy walk (its largest level estimate, what its
    refusal compares) or the pure walk (two levels of its widest at the bytes a
    class its limit counts)."""
    def run() -> dict:
        from puzzlelab import pegs
        from puzzlelab.jobs import finish
        from puzzlelab.pegs import count as pegs_count
        position = pegs.Position.parse(grid)
        wanted = pegs.parse_goal(position.geo, goal)
        counter = pegs_count.LevelCounter(pegs.solver(position.geo, wanted))
        if engine == "numpy":
            from puzzlelab.pegs import count_numpy
            stats = count_numpy.WalkStats()
            n = finish(count_numpy.count_steps(position.geo, position.pegs, wanted, stats=stats))
            return {"projected_mb": stats.peak_bytes / 1e6, "projected_s": None,
                    "note": f"{n:,} sequences, widest level {max(stats.levels):,}"}
        counter.use_numpy = False
        n = finish(counter.count_steps(position.pegs))
        projected = 2 * counter.widest * pegs_count.LEVEL_BYTES_PER_CLASS
        return {"projected_mb": projected / 1e6, "projected_s": None,
                "note": f"{n:,} sequences, widest level {counter.widest:,}"}
    return run


def _census(board: str, start: str | None, goal: str | None, engine: str) -> Callable[[], dict]:
    def run() -> dict:
        from puzzlelab.pegs import census
        result = census.census(board, start, goal, engine)
        return {"projected_mb": result.projected_bytes / 1e6, "projected_s": None,
                "note": f"{len(result.levels)} levels"}
    return run


def _lightsout(rows: int, cols: int, rules: dict) -> Callable[[], dict]:
    """A solve: its up-front projection, or the second one made once elimination
    has counted the quiet patterns (the expansion and search priced), whichever
    is larger, as the refusals compare them."""
    def run() -> dict:
        import importlib
        import random

        from puzzlelab import lightsout
        from puzzlelab.lightsout import costs
        lightsout_solve = importlib.import_module("puzzlelab.lightsout.solve")
        variant = lightsout.Variant(**rules)
        made = [costs.solve_cost(rows, cols, variant)]
        check = lightsout_solve.check_quiet_patterns

        def recorded(r: int, c: int, v: lightsout.Variant, count: int,
                     search: bool = True) -> None:
            made.append(costs.quiet_pattern_cost(r, c, v, count, search))
            check(r, c, v, count, search)

        lightsout_solve.check_quiet_patterns = recorded
        rng = random.Random(1)
        board = lightsout.Board(rows, cols, 0, variant)
        for _ in range(20):
            board = board.press(rng.randrange(rows), rng.randrange(cols))
        began = time.process_time()
        solution = lightsout.solve(board)
        return {"projected_mb": max(c.megabytes for c in made),
                "projected_s": max(c.seconds for c in made),
                "job_cpu": time.process_time() - began,
                "note": f"{solution.kernel_dimension} quiet patterns; up front "
                        f"{made[0].megabytes:,.0f} MB, {made[0].seconds:.1f} s"}
    return run


def _binairo_count(text: str) -> Callable[[], dict]:
    def run() -> dict:
        from puzzlelab.binairo import count as binairo_count
        from puzzlelab.binairo.grid import Grid
        from puzzlelab.jobs import finish
        grid = Grid.parse(text) if ":" in text else Grid.empty(*map(int, text.split("x")))
        chosen = binairo_count.plan(grid)
        began = time.process_time()
        n = finish(binairo_count.count_steps(grid, planned=chosen))
        return {"projected_mb": chosen.memory / 1e6, "projected_s": chosen.seconds,
                "job_cpu": time.process_time() - began,
                "note": f"{chosen.method}, {n:,} solutions"}
    return run


def _fewest_clues(n: int) -> Callable[[], dict]:
    def run() -> dict:
        from puzzlelab.binairo import fewest_clues
        from puzzlelab.jobs import finish
        grids = fewest_clues.load(n)
        bound = finish(fewest_clues.probe_steps(grids))
        seconds = finish(fewest_clues.estimate_steps(grids, bound))
        began = time.process_time()
        answer = finish(fewest_clues.fewest_clues_steps(n, bound))
        return {"projected_mb": None, "projected_s": seconds,
                "job_cpu": time.process_time() - began,
                "note": f"{answer['clues']} clues, bound {bound}"}
    return run


CASES = [
    Case("pegs.fewest", "numpy", "English, central game", _fewest("english", None, None, "numpy")),
    Case("pegs.fewest", "numpy", "English, central game, last layer in full",
         _fewest("english", None, None, "numpy", True)),
    Case("pegs.fewest", "numpy", "English, 0,2 to any", _fewest("english", "0,2", "any", "numpy")),
    Case("pegs.fewest", "numpy", "English, 0,2 to any, last layer in full",
         _fewest("english", "0,2", "any", "numpy", True), long=True),
    Case("pegs.fewest", "numpy", "French, usual game", _fewest("french", "usual", None, "numpy"),
         long=True),
    Case("pegs.fewest", "numpy", "French, usual game, last layer in full",
         _fewest("french", "usual", None, "numpy", True), long=True),
    Case("pegs.fewest", "python", "Triangle, 0,0 to any",
         _fewest("triangle", "0,0", "any", "python")),
    Case("pegs.fewest", "python", "English, central game",
         _fewest("english", None, None, "python")),
    Case("pegs.fewest", "python", "English, central game, last layer in full",
         _fewest("english", None, None, "python", True), long=True),
]


KING = {"neighbourhood": "king"}  # Lights Out rules whose big square boards have no quiet pattern
TRIANGLE_6 = "./oo/ooo/oooo/ooooo/oooooo"
TRIANGLE_7 = "./oo/ooo/oooo/ooooo/oooooo/ooooooo"
TRIANGLE_7_CUT = "o/.o/ooo/oooo/ooooo/oooooo/--ooo--"
CASES += [
    Case("pegs.count", "numpy", "triangle of 7 rows, 3,1 to any",
         _count("o/oo/ooo/o.oo/ooooo/oooooo/ooooooo", "any", "numpy")),
    Case("pegs.count", "numpy", "triangle of 7 rows less 4 corners, to any",
         _count(TRIANGLE_7_CUT, "any", "numpy")),
    Case("pegs.count", "python", "triangle of 6 rows, to any",
         _count(TRIANGLE_6, "any", "python")),
    Case("pegs.census", "numpy", "English", _census("english", None, None, "numpy")),
    Case("pegs.census", "numpy", "triangle of 7 rows", _census(TRIANGLE_7, None, "any", "numpy")),
    Case("pegs.census", "python", "triangle of 6 rows",
         _census(TRIANGLE_6, None, "any", "python")),
    Case("pegs.census", "python", "triangle of 7 rows less 4 corners",
         _census(TRIANGLE_7_CUT, None, "any", "python"), long=True),
]

CASES += [
    Case("lightsout.solve", "python", "500x500 classic", _lightsout(500, 500, {}),
         whole_process=True),
    Case("lightsout.solve", "python", "1000x1000 classic", _lightsout(1000, 1000, {}),
         whole_process=True),
    Case("lightsout.solve", "python", "300x300 torus", _lightsout(300, 300, {"wrap": True}),
         whole_process=True),
    Case("lightsout.solve", "python", "1000x1000 torus", _lightsout(1000, 1000, {"wrap": True}),
         whole_process=True, long=True),
    Case("lightsout.solve", "python", "300x300, 3 states", _lightsout(300, 300, {"states": 3}),
         whole_process=True),
    Case("lightsout.solve", "python", "600x600 classic", _lightsout(600, 600, {}),
         whole_process=True),
    Case("lightsout.solve", "python", "600x600 torus", _lightsout(600, 600, {"wrap": True}),
         whole_process=True),
    Case("lightsout.solve", "python", "300x300 king", _lightsout(300, 300, KING),
         whole_process=True),
    Case("lightsout.solve", "python", "600x600 king", _lightsout(600, 600, KING),
         whole_process=True),
    Case("lightsout.solve", "python", "600x600, 3 states", _lightsout(600, 600, {"states": 3}),
         whole_process=True),
    Case("lightsout.solve", "python", "1000x1000 king",
         _lightsout(1000, 1000, KING), whole_process=True, long=True),
    Case("lightsout.solve", "python", "1000x1000, 3 states", _lightsout(1000, 1000, {"states": 3}),
         whole_process=True, long=True),
    Case("lightsout.solve", "python", "1000x1000, 4 states", _lightsout(1000, 1000, {"states": 4}),
         whole_process=True, long=True),
    Case("lightsout.solve", "python", "400x400 king, 3 states",
         _lightsout(400, 400, {**KING, "states": 3}), whole_process=True, long=True),
    Case("lightsout.solve", "python", "700x700 king, 3 states",
         _lightsout(700, 700, {**KING, "states": 3}), whole_process=True, long=True),
    Case("lightsout.solve", "python", "1000x1000 king, 3 states",
         _lightsout(1000, 1000, {**KING, "states": 3}), whole_process=True, long=True),
    Case("lightsout.solve", "python", "600x600, 5 states", _lightsout(600, 600, {"states": 5}),
         whole_process=True, long=True),
    Case("lightsout.solve", "python", "600x600 torus, 3 states",
         _lightsout(600, 600, {"wrap": True, "states": 3}), whole_process=True, long=True),
    Case("binairo.count", "python", "empty 8x8", _binairo_count("8x8"), whole_process=True),
    Case("binairo.count", "python", "empty 8x10", _binairo_count("8x10"), whole_process=True),
    Case("binairo.count", "python", "10x10 with 4,072 solutions",
         _binairo_count("10x10:t1a00d0a1d1h0h1c1i1b11a0a0d1e10d1b1c1"), whole_process=True),
    Case("binairo.count", "python", "14x14 with 67,921 solutions",
         _binairo_count("14x14:f0a1c1a11a0e00c1e1f0e01d1i1e1a1n0b0j0a1e1k1k01f1a10c1c00g0c00c1k11"
                        "a00e11c"), whole_process=True),
    Case("binairo.count", "python", "empty 10x10", _binairo_count("10x10"), long=True,
         whole_process=True),
    Case("binairo.fewest_clues", "auto", "6x6", _fewest_clues(6)),
]


# --- the parent ----------------------------------------------------------------------


def child(name: str) -> None:
    """Run one case (in the child process) and print its projections as JSON."""
    case = next(c for c in CASES if _name(c) == name)
    with contextlib.suppress(ImportError):  # loaded before the baseline, as the jobs load it
        import numpy  # noqa: F401
    from puzzlelab import api  # noqa: F401  (the request surface, loaded as the CLI does)
    before = _rss_mb()
    began, cpu = time.perf_counter(), time.process_time()
    out = case.run()
    out.update(base_mb=before, wall=time.perf_counter() - began,
               cpu=out.pop("job_cpu", time.process_time() - cpu))
    print(json.dumps(out))


def _name(case: Case) -> str:
    return f"{case.job}/{case.engine}/{case.label}"


def measure(case: Case) -> dict:
    """Run a case in a fresh process: its projections and what it used."""
    proc = subprocess.Popen([sys.executable, __file__, "--child", _name(case)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    out, err = proc.stdout.read(), proc.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        return {"error": err.strip().splitlines()[-1][:200] if err.strip() else "failed"}
    row = json.loads(out)
    peak = usage.ru_maxrss / 1024  # KB on Linux
    row["peak_mb"] = peak if case.whole_process else peak - row["base_mb"]
    return row


def _ratio(projected: float | None, measured: float) -> str:
    if projected is None or measured <= 0:
        return "-"
    return f"{projected / measured:.2f}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", help="jobs (or job/engine) to run")
    parser.add_argument("--long", action="store_true", help="the long cases too (minutes)")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return 0
    cases = [c for c in CASES if (args.long or not c.long) and (
        not args.only or any(_name(c).startswith(o) for o in args.only))]
    if args.list:
        for case in cases:
            print(_name(case))
        return 0
    print(f"# Projections against measurement\n\nPython {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, {platform.machine()}, load {os.getloadavg()[0]:.1f}\n")
    print("| job | engine | case | projected MB | measured MB | ratio | projected s "
          "| CPU s | wall s | ratio (CPU, wall) | notes |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    off = 0
    for case in cases:
        row = measure(case)
        if "error" in row:
            print(f"| {case.job} | {case.engine} | {case.label} | | | | | | | | "
                  f"error: {row['error']} |", flush=True)
            continue
        mb, proj = row["peak_mb"], row["projected_mb"]
        note = row.get("note", "")
        if row.get("last_layer_mb") is not None:
            note += f"; last layer projected in full {row['last_layer_mb']:,.0f} MB"
        judged = mb >= SMALL_MB and proj is not None
        if judged and not 1 / FACTOR <= proj / mb <= FACTOR:
            off += 1
            note += " **outside 1.5x**"
        if not judged and proj is not None:
            note += " (small: not judged)"
        seconds = row["projected_s"]
        print(f"| {case.job} | {case.engine} | {case.label} | "
              f"{'-' if proj is None else f'{proj:,.0f}'} | {mb:,.0f} | {_ratio(proj, mb)} | "
              f"{'-' if seconds is None else f'{seconds:.1f}'} | "
              f"{row['cpu']:.1f} | {row['wall']:.1f} | {_ratio(seconds, row['cpu'])}, "
              f"{_ratio(seconds, row['wall'])} "
              f"| {note} |", flush=True)
        for end, depth, size, peak, projected in row.get("layers", []):
            if peak >= SMALL_MB:
                print(f"|  |  | layer {depth} from the {end}, {size:,} classes | {projected:,} "
                      f"| {peak:,} (run so far) | {_ratio(projected, peak)} | | | | | |",
                      flush=True)
    print(f"\n{off} case(s) outside a factor {FACTOR}; "
          f"peak RSS of this process {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
