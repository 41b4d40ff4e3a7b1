"""How long a Lights Out job can go without a progress report (when Cancel waits).

Run from the repository root::

    PYTHONPATH=py .venv/bin/python bench/bench_lightsout_gaps.py           # every case (minutes)
    PYTHONPATH=py .venv/bin/python bench/bench_lightsout_gaps.py --quick   # the 200x200 ones

The page's worker can cancel a job only between two of its reports. For each
request below (solve, the fewest-press search, analysis, hint, gallery,
graded boards; two states and k states; up to the largest boards the job
limit lets through natively) the job is driven step by step as the worker
drives it, with every cache cleared first (a first request in a fresh
worker), and the longest wait between two of its answers (start, reports,
result) is printed, as tests/job_gaps.py measures it: the smaller of the
wall-clock and the CPU time, so that other work on a shared machine does not
count. Jobs still running after a minute are cancelled (the wait so far
counts). The reports aim at one every ``jobs.REPORT_SECONDS`` (0.1 s), the
clock every job shares: a gap a little over that is one loop step past the
deadline; the issue's bound is 0.25 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from job_gaps import longest_gap
from puzzlelab import lightsout
from puzzlelab.lightsout import Board, Variant


def _game(side: int, variant: Variant) -> str:
    """An all-dark board with one press made: not trivially solved, one solution family."""
    return Board(side, side, 0, variant).press(side // 2, side // 3).game_id


def cases(quick: bool) -> list[tuple[str, dict]]:
    """(label, request) of every measured job."""
    wrap3 = Variant("cross", True, 3)
    found = [
        ("solve 200x200, 3 states", {"cmd": "lightsout.solve",
                                     "game": _game(200, Variant(states=3))}),
        ("solve 200x200 torus, 3 states", {"cmd": "lightsout.solve", "game": _game(200, wrap3)}),
        ("analyse 200x200 knight torus, 5 states",
         {"cmd": "lightsout.analyse", "game": _game(200, Variant("knight", True, 5))}),
        ("analyse 200x200 torus, 6 states",
         {"cmd": "lightsout.analyse", "game": _game(200, Variant("cross", True, 6))}),
        ("analyse 200x200 torus, 9 states",
         {"cmd": "lightsout.analyse", "game": _game(200, Variant("cross", True, 9))}),
        ("analyse 200x200, stencil 0.0.1, 3 states",
         {"cmd": "lightsout.analyse", "game": _game(200, Variant("0.0.1", False, 3))}),
    ]
    if quick:
        return found
    return [
        *found,
        ("solve 1000x1000 classic", {"cmd": "lightsout.solve", "game": _game(1000, Variant()),
                                     "press_list": False}),
        ("solve 1000x1000 torus", {"cmd": "lightsout.solve",
                                   "game": _game(1000, Variant("cross", True)),
                                   "press_list": False}),
        ("analyse 1000x1000 king torus",
         {"cmd": "lightsout.analyse", "game": _game(1000, Variant("king", True))}),
        ("solve 1000x1000, 3 states", {"cmd": "lightsout.solve",
                                       "game": _game(1000, Variant(states=3)),
                                       "press_list": False}),
        ("analyse 1000x1000, stencil 0.0.1, 5 states",
         {"cmd": "lightsout.analyse", "game": _game(1000, Variant("0.0.1", False, 5))}),
        ("solution board 1000x1000, 3 states",
         {"cmd": "lightsout.solution_board", "game": _game(1000, Variant(states=3))}),
        ("analyse 600x600 torus, 6 states",
         {"cmd": "lightsout.analyse", "game": _game(600, Variant("cross", True, 6))}),
        ("prove fewest, random 39x39", {
            "cmd": "lightsout.analyse", "prove": True,
            "game": lightsout.random_solvable(39, 39, random.Random(3)).game_id}),
        ("gallery 30x30 torus, 3 states",
         {"cmd": "lightsout.gallery", "game": Board(30, 30, 0, wrap3).game_id}),
        ("new hard 40x40 king", {"cmd": "lightsout.new", "rows": 40, "difficulty": "hard",
                                 "seed": 1, "neighbourhood": "king"}),
    ]


def cold() -> None:
    """Forget every cached plan, kernel and separation: a first request."""
    lightsout.clear_caches()


def main(argv: list[str] | None = None) -> int:
    """Print the longest wait between reports of each job."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the 200x200 boards")
    args = parser.parse_args(argv)
    print(f"{'job':45} {'longest wait':>12} {'reports':>8} {'CPU':>7}  outcome")
    for label, request in cases(args.quick):
        cold()
        began = time.process_time()
        gap, result, reports = longest_gap(request, run_for=60)
        outcome = ("cancelled after 60 s" if result is None
                   else "ok" if result["ok"] else result["error"][:60])
        print(f"{label:45} {gap:11.3f}s {reports:8d} {time.process_time() - began:6.1f}s  "
              f"{outcome}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
