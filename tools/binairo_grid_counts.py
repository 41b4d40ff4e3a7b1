"""How many grids keep the binary puzzle's rules: rows x cols, with and without
the distinct-lines rule, counted natively by ``puzzlelab.binairo.count``.

    PYTHONPATH=py python3 tools/binairo_grid_counts.py [--out PATH] [--quick]

Writes ``web/puzzles/binairo/grid-counts.json`` (one entry per line: rows,
cols, distinct, count as a string, seconds of CPU, and ``source``: the
published reference the figure was checked against, or null when none was
found) and prints the markdown tables of docs/binairo.md ("How many grids").
A count the counter refuses up front is recorded with ``count`` null and
its refusal sentence. rows x cols and cols x rows have the same count (turn the
grid on its diagonal), so only rows <= cols are listed; the tests check the
symmetry on a few shapes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab.binairo import Grid  # noqa: E402
from puzzlelab.binairo.count import count, duration, plan  # noqa: E402
from puzzlelab.notation import PuzzleError  # noqa: E402

OUT = ROOT / "web" / "puzzles" / "binairo" / "grid-counts.json"
SIDES = (2, 4, 6, 8, 10, 12)

A253316 = "OEIS A253316"
CODEGOLF = "Code Golf Stack Exchange question 201494 (test cases)"
#: Published figures found, by (rows, cols, distinct) with rows <= cols; each
#: is compared with the count, never written in its place.
PUBLISHED: dict[tuple[int, int, bool], tuple[int, str]] = {
    (2, 2, True): (2, A253316),
    (4, 4, True): (72, A253316),
    (6, 6, True): (4140, A253316),
    (8, 8, True): (4_111_116, A253316),
    (10, 10, True): (48_183_195_384, A253316),
    (2, 4, True): (0, CODEGOLF),
    (4, 6, True): (96, CODEGOLF),
    (4, 8, True): (0, CODEGOLF),
    (6, 8, True): (51_744, CODEGOLF),
    (6, 10, True): (392_208, CODEGOLF),
    # Lines of 2 or 4 cells cannot hold three equal digits once balanced, so
    # these are the balanced 0-1 matrices of A376935 (T(1,1), T(1,2), T(2,2)).
    (2, 2, False): (2, "OEIS A376935"),
    (2, 4, False): (6, "OEIS A376935"),
    (4, 4, False): (90, "OEIS A376935"),
}
#: Without the rule a 2 x n grid is a valid row over its complement: A177790
#: (the number of valid rows of 2k cells, as listed with Code Golf SE's
#: "Counting valid Binary Sudoku rows": 2, 6, 14, 34, 84, 208, ...).
VALID_ROWS = {2: 2, 4: 6, 6: 14, 8: 34, 10: 84, 12: 208}
for _cols, _rows in VALID_ROWS.items():
    PUBLISHED.setdefault((2, _cols, False), (_rows, "OEIS A177790 (2 x n: the valid rows)"))


def shapes(quick: bool) -> list[tuple[int, int]]:
    """rows <= cols, even sides 2..12 (up to 8 with ``quick``)."""
    top = 8 if quick else 12
    return [(r, c) for r in SIDES for c in SIDES if r <= c <= top]


def entry(rows: int, cols: int, distinct: bool, budget: float) -> dict:
    """One table entry: the count (or the counter's refusal) and its CPU seconds;
    a count the plan puts beyond ``budget`` seconds (but the counter would
    start) is left out, saying so."""
    started = time.process_time()
    planned = plan(Grid.empty(rows, cols), distinct=distinct)
    if budget < planned.seconds <= 4 * 3600 and planned.memory < 4e9:
        return {"rows": rows, "cols": cols, "distinct": distinct, "count": None,
                "seconds": None, "source": None,
                "note": f"not counted: the plan estimates {duration(planned.seconds)} by the "
                        f"{planned.text}, beyond this tool's budget of {duration(budget)}"}
    try:
        total: int | None = count(Grid.empty(rows, cols), distinct=distinct)
        refusal = None
    except PuzzleError as exc:
        total, refusal = None, str(exc)
    seconds = round(time.process_time() - started, 2)
    published = PUBLISHED.get((rows, cols, distinct))
    source = None
    if published is not None and total is not None:
        if published[0] != total:
            raise SystemExit(f"{rows}x{cols} distinct={distinct}: counted {total}, "
                             f"{published[1]} says {published[0]}")
        source = published[1]
    out = {"rows": rows, "cols": cols, "distinct": distinct,
           "count": None if total is None else str(total), "seconds": seconds,
           "source": source}
    if refusal is not None:
        out["refusal"] = refusal
    return out


def table(entries: list[dict], distinct: bool) -> str:
    """A markdown table rows x cols of one setting: count, source mark, seconds."""
    mine = {(e["rows"], e["cols"]): e for e in entries if e["distinct"] == distinct}
    cols = sorted({c for _, c in mine})
    lines = ["| rows \\ cols | " + " | ".join(str(c) for c in cols) + " |",
             "|---" * (len(cols) + 1) + "|"]
    for r in sorted({r for r, _ in mine}):
        cells = []
        for c in cols:
            e = mine.get((r, c))
            if e is None:
                cells.append("")
            elif e["count"] is None:
                cells.append("out of reach here" if "refusal" in e else "not counted")
            else:
                mark = "" if e["source"] else " *"
                cells.append(f"{int(e['count']):,}{mark} ({e['seconds']} s)")
        lines.append(f"| {r} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    """Count every shape, write the JSON, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--quick", action="store_true", help="sides up to 8 only")
    parser.add_argument("--budget", type=float, default=900.0,
                        help="leave out counts the plan estimates above this many seconds")
    args = parser.parse_args(argv)
    entries = []
    for rows, cols in shapes(args.quick):
        for distinct in (True, False):
            e = entry(rows, cols, distinct, args.budget)
            print(f"{rows}x{cols} distinct={distinct}: {e['count']} ({e['seconds']} s)",
                  file=sys.stderr, flush=True)
            entries.append(e)
    text = ("{\"about\": \"Grids keeping the binary puzzle's rules, counted by "
            "tools/binairo_grid_counts.py; rows x cols = cols x rows; source: the published "
            "figure it matches, null when none was found\",\n\"entries\": [\n"
            + ",\n".join(json.dumps(e, separators=(",", ":")) for e in entries) + "\n]}\n")
    json.loads(text)  # (well formed)
    args.out.write_text(text, encoding="utf-8")
    for distinct in (True, False):
        print(f"\nDistinct rows and columns: {'yes' if distinct else 'no'}\n")
        print(table(entries, distinct))


if __name__ == "__main__":
    main()
