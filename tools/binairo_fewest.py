"""Write the fewest-clues table and the sparse puzzles the "fewest" difficulty deals.

    PYTHONPATH=py python3 tools/binairo_fewest.py --eight RUN.json --work DIR

Sizes 2, 4 and 6 are searched here (every class exactly, seconds). The 8x8
row is the answer of a native run, ``puzzlelab binairo fewest-clues 8 --json
--work DIR > RUN.json`` (about half an hour on two cores), and its task files
in DIR give the 8x8 classes for the deals. Writes
``web/puzzles/binairo/fewest-clues.json`` (the lab's table) and
``py/puzzlelab/binairo/data/sparse-6x6.z`` and ``sparse-8x8.z``
(:mod:`puzzlelab.binairo.sparse_deals`). ``--bounds-only`` rewrites just the
sizes past the full search (10x10: the proven bounds of
``py/puzzlelab/binairo/data/bounds-10x10.json``, checked as they are read).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from puzzlelab.binairo import fewest_bounds, fewest_clues, fewest_clues_native, sparse_deals
from puzzlelab.jobs import finish

ROOT = Path(__file__).resolve().parent.parent
TABLE = ROOT / "web" / "puzzles" / "binairo" / "fewest-clues.json"
ROW_KEYS = ("size", "clues", "puzzle", "solution", "grids_at_minimum", "grids_at_minimum_all",
            "classes", "grids", "bound", "by_clues", "seconds", "engine")


def sparse_entries(results: list[dict[str, Any]], fewest: int) -> list[tuple[int, int]]:
    """Every class with at most ABOVE_MINIMUM givens more than ``fewest``, with its givens."""
    most = fewest + sparse_deals.ABOVE_MINIMUM
    return sorted((int(rep), int(givens)) for result in results
                  for rep, givens in result["found"] if int(givens).bit_count() <= most)


def write_sparse(n: int, fewest: int, entries: list[tuple[int, int]]) -> None:
    """Write the data file the "fewest" difficulty deals from."""
    path = ROOT / "py" / "puzzlelab" / sparse_deals.file_name(n)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(sparse_deals.encode(n, fewest, entries))
    print(f"{path.relative_to(ROOT)}: {len(entries)} classes, {path.stat().st_size:,} bytes")


def bounds_rows() -> list[dict]:
    """The sizes past the full search, with their proven bounds (fewest_bounds.py,
    checked as it reads them): the interval, the puzzle, and how, in words."""
    rows = []
    for n in fewest_bounds.SIZES:
        b = fewest_bounds.bounds(n)
        rows.append({"size": n, "lower": b["lower"], "upper": b["upper"], "puzzle": b["puzzle"],
                     "why": f"{n}x{n} is out of reach of the full search, but bounded: at least "
                            f"{b['lower']} clues ({b['lower_proof']}) and at most {b['upper']} "
                            f"({b['upper_proof']}); the lower bound's command: {b['command']}."})
    return rows


def main() -> None:
    """Search the small sizes, read the 8x8 run, write the table and the deals."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--eight", type=Path, required="--bounds-only" not in sys.argv,
                        help="the --json answer of the native 8x8 run")
    parser.add_argument("--work", type=Path, required="--bounds-only" not in sys.argv,
                        help="that run's work folder")
    parser.add_argument("--bounds-only", action="store_true",
                        help="rewrite only the proven bounds of the sizes past the search")
    words = parser.parse_args()
    if words.bounds_only:
        table = json.loads(TABLE.read_text())
        table["out_of_reach"] = bounds_rows()
        TABLE.write_text(json.dumps(table, indent=1) + "\n")
        print(f"{TABLE.relative_to(ROOT)}: bounds for {fewest_bounds.SIZES}")
        return
    rows = []
    for n in (2, 4, 6):
        started = time.perf_counter()
        answer = finish(fewest_clues.fewest_clues_steps(n))
        row = {key: answer.get(key) for key in ROW_KEYS}
        rows.append({**row, "seconds": round(time.perf_counter() - started, 2),
                     "command": f"puzzlelab binairo fewest-clues {n}"})
        if n == 6:
            grids = fewest_clues.load(6)
            results = [finish(fewest_clues.task_steps(grids, answer["bound"], 0, 1))]
            write_sparse(6, answer["clues"], sparse_entries(results, answer["clues"]))
    try:
        eight = json.loads(words.eight.read_text())
    except (OSError, ValueError) as error:
        raise SystemExit(f"{words.eight}: not the --json answer of a run ({error})") from error
    if not isinstance(eight, dict) or eight.get("size") != 8 or not all(
            isinstance(eight.get(key), int) for key in ("bound", "tasks", "clues",
                                                         "grids_at_minimum")):
        raise SystemExit(f"{words.eight}: not the --json answer of an 8x8 run")
    tasks = eight["tasks"]
    grids = fewest_clues.load(8)
    done, ignored = fewest_clues_native.read_done(words.work, grids, eight["bound"], tasks)
    results = list(done.values())
    if len(results) != tasks:
        raise SystemExit(f"{words.work} holds {len(results)} of the run's {tasks} tasks whole "
                         f"and checked" + "".join(f"\n{line}" for line in ignored))
    again = fewest_clues.combine(grids, eight["bound"], results)
    if again["clues"] != eight["clues"] or again["grids_at_minimum"] != eight["grids_at_minimum"]:
        raise SystemExit("the work folder does not give the run's answer")
    rows.append({**{key: eight.get(key) for key in ROW_KEYS},
                 "command": "puzzlelab binairo fewest-clues 8 --workers 2"})
    write_sparse(8, eight["clues"], sparse_entries(results, eight["clues"]))
    TABLE.write_text(json.dumps({"sizes": rows, "out_of_reach": bounds_rows()}, indent=1)
                     + "\n")
    print(f"{TABLE.relative_to(ROOT)}: sizes {[row['size'] for row in rows]}")


if __name__ == "__main__":
    main()
