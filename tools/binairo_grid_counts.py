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
import functools
import json
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab.binairo import Grid  # noqa: E402
from puzzlelab.binairo.count import (  # noqa: E402
    _meet_cost_steps,
    _Oriented,
    _search_cost_steps,
    count,
    duration,
)
from puzzlelab.jobs import finish  # noqa: E402

OUT = ROOT / "web" / "puzzles" / "binairo" / "grid-counts.json"
SIDES = (2, 4, 6, 8, 10, 12, 14)
BFILE = OUT.with_suffix(".txt")

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
VALID_ROWS = {2: 2, 4: 6, 6: 14, 8: 34, 10: 84, 12: 208, 14: 518}
for _cols, _rows in VALID_ROWS.items():
    PUBLISHED.setdefault((2, _cols, False), (_rows, "OEIS A177790 (2 x n: the valid rows)"))


def shapes(quick: bool) -> list[tuple[int, int]]:
    """rows <= cols, even sides 2..14 (up to 8 with ``quick``)."""
    top = 8 if quick else 14
    return [(r, c) for r in SIDES for c in SIDES if r <= c <= top]


#: The methods, each counting the rows x cols grid its own way: meeting in the
#: middle over halves of its rows, the same over halves of its columns (the
#: grid turned: other halves, other classes, another join), the row search
#: (rows placed one by one, equal states merged: a row-by-row transfer).
METHODS = ("meet, halves of rows", "meet, halves of columns", "row search")
#: What one count may take in this tool by default, in bytes as planned
#: (``--memory`` raises it on a machine with more to spare).
MEMORY = 6e9
#: The share of a meet's time spent listing the halves (the empty 10x10's), which
#: each part of a split meet repeats: k parts take about 1 + LISTING * (k - 1)
#: times the whole's time.
LISTING = 0.33
#: Address space a tried meet may map beyond its memory limit: the interpreter
#: and its libraries (under 20 MB) and the allocator's spare arenas.
_ADDRESS_SLACK = 200_000_000
_CHILD = """
import json, resource, sys, time
sys.path.insert(0, {py!r})
from puzzlelab.binairo import Grid
from puzzlelab.binairo.count import count
started = time.process_time()
total = count(Grid.empty({rows}, {cols}), {method!r}, distinct={distinct}, part={part!r})
print(json.dumps({{"count": str(total), "seconds": round(time.process_time() - started, 2),
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024}}))
"""


def _shape_for(rows: int, cols: int, method: str) -> tuple[int, int, str]:
    """The grid as the method counts it, and the counter's method name."""
    if method == "meet, halves of columns":
        return cols, rows, "meet"
    return rows, cols, "search" if method == "row search" else "meet"


def measure(rows: int, cols: int, distinct: bool, method: str, budget: float,
            memory_limit: float = MEMORY, parts: int = 1) -> dict:
    """One method's count in a child process (its own CPU time and peak memory),
    or, when its plan puts it beyond ``budget`` seconds or ``memory_limit``
    bytes, the plan's projection instead. A meet planned above the memory limit
    runs as ``parts`` tasks, each a share of its classes in its own process
    (``count(..., part=(i, parts))``), when a share fits: the count is their sum,
    the time their sum, the memory the largest task's. A meet without the rule
    is run whatever its plan (an upper bound), within ``budget`` seconds of
    wall time and ``memory_limit`` bytes, and keeps its projection with a note
    when it does not finish."""
    r, c, name = _shape_for(rows, cols, method)
    if method == "meet, halves of columns" and rows == cols:
        # An empty square turned is the same grid: the same count, not a second method.
        return {"method": method, "note": "a square turned is the same grid"}
    if name == "meet" and r < 4:
        return {"method": method, "note": "needs at least four rows"}
    grid = Grid.empty(r, c)
    rng = random.Random(1)
    if name == "meet":
        seconds, memory = finish(_meet_cost_steps(grid, rng, 200, True, distinct))
    else:
        seconds, memory = finish(_search_cost_steps(_Oriented(grid, distinct), rng, 200)), 50e6
    split = parts if name == "meet" and memory > memory_limit else 1
    whole_seconds = seconds * (1 + LISTING * (split - 1))
    projection = {"method": method, "projected_seconds": round(seconds),
                  "projected_mb": round(memory / 1e6)}
    # Without the rule the meet's plan only bounds its states from above (it
    # put 8x14's at 303 s and 9 GB; it took 3.7 s and 83 MB): such a meet is
    # tried anyway, held to the budget and to the memory limit by the kernel.
    trial = name == "meet" and not distinct
    if not trial and (whole_seconds > budget or memory / split > memory_limit):
        return projection
    limit = None
    if trial:
        room = int(memory_limit) + _ADDRESS_SLACK
        limit = functools.partial(resource.setrlimit, resource.RLIMIT_AS, (room, room))
    started = time.monotonic()
    done = []
    for i in range(split):
        code = _CHILD.format(py=str(ROOT / "py"), rows=r, cols=c, method=name,
                             distinct=distinct, part=None if split == 1 else (i, split))
        allowed = (max(60.0, budget - (time.monotonic() - started)) if trial
                   else max(60.0, 4 * budget))
        try:
            child = subprocess.run([sys.executable, "-c", code], capture_output=True,
                                   text=True, timeout=allowed, preexec_fn=limit)
        except subprocess.TimeoutExpired:
            return {**projection, "note": f"stopped after {allowed:.0f} s"}
        if child.returncode:
            if trial and "MemoryError" in child.stderr:
                return {**projection, "note": f"ran out of the {memory_limit / 1e9:.3g} GB "
                        "allowed, its plan being only an upper bound"}
            raise SystemExit(f"{rows}x{cols} {method} failed: {child.stderr[-2000:]}")
        done.append(json.loads(child.stdout))
        if split > 1:
            print(f"  {rows}x{cols} {method}, part {i + 1} of {split}: {done[-1]}",
                  file=sys.stderr, flush=True)
    if split == 1:
        return {"method": method, **done[0]}
    return {"method": method, "count": str(sum(int(d["count"]) for d in done)),
            "seconds": round(sum(d["seconds"] for d in done), 2),
            "peak_mb": max(d["peak_mb"] for d in done), "parts": done}


def entry(rows: int, cols: int, distinct: bool, budget: float,
          memory_limit: float = MEMORY, parts: int = 1) -> dict:
    """One table entry: every method's count (or projection); the count they agree
    on (two at least, else none), its fastest time, and the published figure it
    matches. Methods that disagree stop the tool."""
    methods = [measure(rows, cols, distinct, m, budget, memory_limit, parts) for m in METHODS]
    counts = {m["count"] for m in methods if "count" in m}
    if len(counts) > 1:
        raise SystemExit(f"{rows}x{cols} distinct={distinct}: the methods disagree: {methods}")
    counted = [m for m in methods if "count" in m]
    total = int(counts.pop()) if counts else None
    published = PUBLISHED.get((rows, cols, distinct))
    source = None
    if published is not None and total is not None:
        if published[0] != total:
            raise SystemExit(f"{rows}x{cols} distinct={distinct}: counted {total}, "
                             f"{published[1]} says {published[0]}")
        source = published[1]
    out = {"rows": rows, "cols": cols, "distinct": distinct,
           "count": None if total is None else str(total),
           "seconds": min((m["seconds"] for m in counted), default=None),
           "source": source, "methods": methods}
    if total is None:
        out["note"] = "not counted here: " + "; ".join(_projection(m) for m in methods)
    elif len(counted) < 2:
        out["note"] = "one method only: " + "; ".join(
            _projection(m) for m in methods if "count" not in m)
    return out


def _projection(m: dict) -> str:
    if "projected_seconds" in m:
        return (f"{m['method']} planned at {duration(m['projected_seconds'])}"
                + (f" and {m['projected_mb']:,} MB" if "projected_mb" in m else "")
                + (f" ({m['note']})" if "note" in m else ""))
    return f"{m['method']}: {m.get('note', '')}"


def _letter(method: str) -> str:
    """m, t or r: the table's short name of a method."""
    return {"meet, halves of rows": "m", "meet, halves of columns": "t"}.get(method, "r")


def table(entries: list[dict], distinct: bool) -> str:
    """A markdown table rows x cols of one setting: count, source mark, and each
    method's CPU seconds and peak memory (m: meet over halves of rows, t: the
    same turned, r: row search)."""
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
                cells.append("not counted here")
            else:
                mark = "" if e["source"] else " *"
                times = ", ".join(f"{_letter(m['method'])} {m['seconds']} s {m['peak_mb']} MB"
                                  + (f" in {len(m['parts'])} parts" if "parts" in m else "")
                                  for m in e.get("methods", []) if "count" in m)
                # An entry from before the methods were recorded: its one time.
                times = times or f"{e['seconds']} s, one method"
                cells.append(f"{int(e['count']):,}{mark} ({times})")
        lines.append(f"| {r} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def bfile(entries: list[dict]) -> str:
    """The counts as plain lines ``rows cols count`` (rows <= cols), one file per
    setting's column: with the rule, then without it; ``?`` where not counted."""
    out = ["# Valid binary-puzzle (Takuzu) grids of rows x cols, rows <= cols (cols x rows",
           "# is the same). Columns: rows, cols, count with no two rows or columns alike,",
           "# count with rows and columns allowed alike. Written by",
           "# tools/binairo_grid_counts.py, each count by at least two methods where",
           "# grid-counts.json says so; ? = not counted here."]
    by = {(e["rows"], e["cols"], e["distinct"]): e["count"] for e in entries}
    for r, c in sorted({(e["rows"], e["cols"]) for e in entries}):
        out.append(f"{r} {c} {by.get((r, c, True)) or '?'} {by.get((r, c, False)) or '?'}")
    return "\n".join(out) + "\n"


def write(entries: list[dict], out: Path) -> None:
    """The JSON the page reads and the plain b-file beside it."""
    entries = sorted(entries, key=lambda e: (e["rows"], e["cols"], not e["distinct"]))
    text = ("{\"about\": \"Grids keeping the binary puzzle's rules, counted by "
            "tools/binairo_grid_counts.py, each by the methods listed (CPU seconds and peak "
            "memory of each, in its own process); rows x cols = cols x rows; source: the "
            "published figure it matches, null when none was found\",\n\"entries\": [\n"
            + ",\n".join(json.dumps(e, separators=(",", ":")) for e in entries) + "\n]}\n")
    json.loads(text)  # (well formed)
    out.write_text(text, encoding="utf-8")
    out.with_suffix(".txt").write_text(bfile(entries), encoding="utf-8")


def brute_force(rows: int, cols: int, distinct: bool) -> int:
    """Every filling of the grid tried against the rules as written (tiny shapes
    only: 2 ** (rows * cols) fillings), sharing no code with the counter."""
    def good(lines: list[tuple[int, ...]]) -> bool:
        return all(2 * sum(line) == len(line) and not any(
            line[i] == line[i + 1] == line[i + 2] for i in range(len(line) - 2))
            for line in lines) and (not distinct or len(set(lines)) == len(lines))

    total = 0
    for bits in range(2 ** (rows * cols)):
        grid = [tuple(bits >> (r * cols + c) & 1 for c in range(cols)) for r in range(rows)]
        columns = [tuple(row[c] for row in grid) for c in range(cols)]
        total += good(grid) and good(columns)
    return total


def verify(side: int, out: Path) -> list[str]:
    """Count again, from scratch and in this process, every shipped shape with
    both sides at most ``side`` by the row search and by meeting in the middle
    (turned too), and read the b-file back: the disagreements, in words."""
    entries = json.loads(out.read_text(encoding="utf-8"))["entries"]
    faults = []
    if out.with_suffix(".txt").read_text(encoding="utf-8") != bfile(entries):
        faults.append("the b-file does not match the JSON")
    for e in entries:
        r, c, distinct = e["rows"], e["cols"], e["distinct"]
        if c > side:
            continue
        found = {"row search": count(Grid.empty(r, c), "search", distinct)}
        if c >= 4:
            found["meet, halves of columns"] = count(Grid.empty(c, r), "meet", distinct)
        if r >= 4:
            found["meet, halves of rows"] = count(Grid.empty(r, c), "meet", distinct)
        if r * c <= 16:
            found["brute force"] = brute_force(r, c, distinct)
        for method, total in found.items():
            if e["count"] != str(total):
                faults.append(f"{r}x{c} distinct={distinct}: {method} gives {total}, "
                              f"the table {e['count']}")
    return faults


def _positive(kind: type) -> Callable[[str], float]:
    """An argparse type: a number of ``kind`` above zero, else one sentence."""
    def read(text: str) -> float:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number above zero")
        return value
    return read


def main(argv: list[str] | None = None) -> int:
    """Count the shapes, write the JSON and the b-file, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--quick", action="store_true", help="sides up to 8 only")
    parser.add_argument("--budget", type=float, default=900.0,
                        help="leave out methods the plan estimates above this many seconds")
    parser.add_argument("--memory", type=_positive(float), default=MEMORY / 1e9,
                        help="leave out methods the plan puts above this many GB")
    parser.add_argument("--parts", type=_positive(int), default=1,
                        help="run a meet planned above the memory limit as this many "
                        "tasks, each a share of its classes")
    parser.add_argument("--shapes", help="only these shapes (as 8x14,10x12), the others "
                        "kept from the file")
    parser.add_argument("--rule-only", action="store_true",
                        help="count only with the distinct-lines rule")
    parser.add_argument("--free-only", action="store_true",
                        help="count only without it (equal rows and columns allowed)")
    parser.add_argument("--verify", type=int, metavar="SIDE",
                        help="count the shipped shapes up to SIDE again and compare")
    args = parser.parse_args(argv)
    if args.verify:
        faults = verify(args.verify, args.out)
        print("\n".join(faults) or f"The shipped counts up to {args.verify} agree.")
        return 1 if faults else 0
    # Each entry is merged into the file as soon as it is counted, so that a run
    # cut short keeps what it did; shapes the file lacks go first.
    entries: list[dict] = (json.loads(args.out.read_text(encoding="utf-8"))["entries"]
                           if args.out.exists() else [])
    held = {(e["rows"], e["cols"]) for e in entries}
    wanted = sorted(shapes(args.quick), key=lambda s: (s in held, s[0] * s[1], s))
    if args.shapes:
        wanted = [tuple(sorted(int(x) for x in s.split("x"))) for s in args.shapes.split(",")]
    if args.rule_only and args.free_only:
        parser.error("--rule-only and --free-only leave nothing to count; give one at most")
    settings = (True,) if args.rule_only else (False,) if args.free_only else (True, False)
    for rows, cols in wanted:
        for distinct in settings:
            e = entry(rows, cols, distinct, args.budget, args.memory * 1e9, args.parts)
            print(f"{rows}x{cols} distinct={distinct}: {e['count']} {e['methods']}",
                  file=sys.stderr, flush=True)
            entries = [x for x in entries
                       if (x["rows"], x["cols"], x["distinct"]) != (rows, cols, distinct)] + [e]
            write(entries, args.out)
    for distinct in (True, False):
        print(f"\nDistinct rows and columns: {'yes' if distinct else 'no'}\n")
        print(table(entries, distinct))
    return 0


if __name__ == "__main__":
    sys.exit(main())
