"""The 10x10 fewest-clues lower bound: run, resume, merge and re-check its tasks.

    PYTHONPATH=py python3 tools/binairo_lower_bound.py 10 5 --work runs/lower
    PYTHONPATH=py python3 tools/binairo_lower_bound.py 10 6 --work runs/lower \\
        --dask tcp://SCHEDULER:8786            # on a cluster (docs/binairo.md)
    PYTHONPATH=py python3 tools/binairo_lower_bound.py 10 5 --work runs/lower --verify 20

Runs every task of :mod:`puzzlelab.binairo.fewest_lower` missing from the
work folder (here, one after another, or on the Dask scheduler given), keeping
each as a checked file the moment it is done; prints the claim once the
folder holds every task. ``--tasks A-B,C`` runs those only (to cut a run by
hand across machines: copy the files into one folder to merge). ``--verify
N`` re-runs N tasks chosen at random (seeded) and compares them with the
files: the same sets checked, the same solver calls, no one-solution set.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab.binairo import fewest_lower, fewest_lower_run  # noqa: E402


def verify(n: int, k: int, folder: Path, sample: int, seed: int = 0) -> list[str]:
    """Re-run ``sample`` tasks found in the folder; the disagreements, in words."""
    have = [t for t in range(len(fewest_lower.tasks(n)))
            if fewest_lower_run.read_task(folder, n, k, t) is not None]
    faults = []
    for task in random.Random(seed).sample(have, min(sample, len(have))):
        kept = fewest_lower_run.read_task(folder, n, k, task)
        again = fewest_lower.run_task(n, k, task)
        for key in ("sets", "solved", "unique"):
            if kept is None or kept[key] != again[key]:
                faults.append(f"task {task}: {key} differs on a rerun")
    return faults


def _range(text: str) -> list[int]:
    """Tasks as ``A-B`` ranges and single numbers, joined by commas."""
    out: list[int] = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        out.extend(range(int(first), int(last or first) + 1))
    return out


def main(argv: list[str] | None = None) -> int:
    """Run, merge or verify; exit 1 when a check fails or a set has one solution."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int)
    parser.add_argument("k", type=int)
    parser.add_argument("--work", type=Path, required=True)
    parser.add_argument("--dask", help="a Dask scheduler's address (tcp://HOST:8786)")
    parser.add_argument("--tasks", type=_range, help="only these tasks, as A-B,C,...")
    parser.add_argument("--verify", type=int, metavar="N", help="re-run N tasks and compare")
    args = parser.parse_args(argv)
    if args.verify:
        started = time.process_time()
        faults = verify(args.n, args.k, args.work, args.verify)
        print(json.dumps({"verified": args.verify, "faults": faults,
                          "cpu_seconds": round(time.process_time() - started, 1)}))
        return 1 if faults else 0
    answer = fewest_lower_run.run(args.n, args.k, args.work, args.dask, args.tasks,
                                  report=lambda line: print(line, file=sys.stderr, flush=True))
    print(json.dumps(answer))
    claim = answer.get("claim")
    return 1 if claim is not None and not claim["none_unique"] else 0


if __name__ == "__main__":
    sys.exit(main())
