"""The fewest presses for the all-lit n x n Lights Out board (OEIS A075464),
proven by the project's solver and checked by a second method, written as
the table the page reads and as an OEIS b-file.

    PYTHONPATH=py python3 tools/lightsout_table.py [--to 100] [--only 61,65] [--budget-factor 1]
        [--transform-processes 2]

Each n is proven by ``puzzlelab.lightsout.all_lit.prove_term`` (light chasing,
then the folded branch and bound with the ``--prove`` budget) and checked by
visiting every solution where its quiet patterns number at most 24
(``enumerated_term``) and by weighing every solution with a Walsh-Hadamard
transform where that takes under a minute or so
(``puzzlelab.lightsout.all_lit_walsh``); terms up to 54 are also compared with
the values the OEIS entry lists. A term the search leaves unproven is proven
by the transform alone when its parts are all kept in ``build/walsh-N``
(``tools/lightsout_walsh.py N``, hours for 61 and 65), or run there with
``--transform-processes``. Resumable: entries already in the table are kept
unless named by ``--only``. Writes

* ``web/puzzles/lightsout/all-lit.json``: one entry per n (lower and upper
  bound, proven, tied solutions, kernel dimension, CPU seconds, second check,
  and whether OEIS's b-file, which ends at n = 78, has the term);
* ``web/puzzles/lightsout/b075464.txt``: ``n a(n)`` lines for the proven
  terms from 1 up to the first n not proven (a b-file has no gaps).

``--hardest TRIES`` writes ``web/puzzles/lightsout/hardest.json`` instead:
the hardest board found for every n up to 50 with quiet patterns
(``puzzlelab.lightsout.hardest``), its radius measured over every solution,
and the parity bound. ``--markdown`` prints the tables of docs/lightsout.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab.lightsout.all_lit import (  # noqa: E402
    ENUMERATION_MAX_DIMENSION,
    PROVE_BUDGET,
    enumerated_term,
    pressed,
    prove_term,
)
from puzzlelab.lightsout.all_lit_walsh import (  # noqa: E402
    WalshTerm,
    finished_parts,
    run_parts,
    transform_work,
    walsh_term,
)
from puzzlelab.lightsout.hardest import hardest_board, parity_bound  # noqa: E402

TABLE = ROOT / "web" / "puzzles" / "lightsout" / "all-lit.json"
BFILE = ROOT / "web" / "puzzles" / "lightsout" / "b075464.txt"
HARDEST = ROOT / "web" / "puzzles" / "lightsout" / "hardest.json"
#: The transform checks a term when its work (additions) is at most this: 39x39
#: and 67x67's, the largest, take about 30 s of CPU.
TRANSFORM_CHECK_WORK = 5e10
#: The parts a long transform proof is split into (``tools/lightsout_walsh.py``).
TRANSFORM_PARTS = 256
#: The last n of the published b-file (Alekseyev and Du).
PUBLISHED_TO = 78
#: The terms the OEIS entry's data section lists (n = 1..54); compared, never copied in.
OEIS_DATA = (
    1, 4, 5, 4, 15, 28, 33, 40, 25, 44, 55, 72, 105, 56, 117, 104, 147, 188, 141, 224,
    245, 276, 231, 270, 353, 356, 405, 416, 345, 376, 553, 428, 469, 520, 563, 600, 761,
    772, 561, 696, 891, 940, 953, 772, 1069, 1188, 971, 1096, 1165, 1220, 1317, 1256,
    1487, 1400)


def _transform_proof(n: int, processes: int) -> WalshTerm | None:
    """The transform's answer for a term the search left open: from its kept
    parts, running the missing ones only when ``processes`` is given."""
    folder = ROOT / "build" / f"walsh-{n}"
    if processes:
        return run_parts(n, TRANSFORM_PARTS, processes, folder)
    if len(finished_parts(n, TRANSFORM_PARTS, folder)) == TRANSFORM_PARTS:
        return run_parts(n, TRANSFORM_PARTS, 1, folder)  # (every part kept: merged only)
    return None


def entry(n: int, budget: int, processes: int = 0) -> dict[str, object]:
    """One row of the table: proven (or bounded) and checked."""
    term = prove_term(n, budget)
    proof = "search" if term.proven else None
    work = transform_work(n)
    if not term.proven:
        whole = walsh_term(n) if work <= TRANSFORM_CHECK_WORK else _transform_proof(n, processes)
        if whole is not None:
            if whole.fewest > term.upper or whole.fewest < term.lower:
                raise AssertionError(f"{n}x{n}: the transform gives {whole.fewest}, outside "
                                     f"the search's bounds {term.lower}..{term.upper}")
            term = replace(term, lower=whole.fewest, upper=whole.fewest, proven=True,
                           ties=whole.ties, presses=whole.presses, seconds=whole.seconds)
            proof = "transform"
    if pressed(term.presses, n) != (1 << (n * n)) - 1:
        raise AssertionError(f"{n}x{n}: the solution does not clear the board")
    checks = []
    check_seconds = None
    if proof == "search" and work <= TRANSFORM_CHECK_WORK:
        start = time.process_time()
        weighed = walsh_term(n)
        check_seconds = round(time.process_time() - start, 2)
        if weighed.fewest != term.upper or term.ties not in (None, weighed.ties):
            raise AssertionError(f"{n}x{n}: the transform gives {weighed.fewest} "
                                 f"({weighed.ties} solutions), the solver {term.upper} "
                                 f"({term.ties})")
        checks.append("transform")
    if term.dimension <= ENUMERATION_MAX_DIMENSION:
        start = time.process_time()
        fewest, ties = enumerated_term(n)
        check_seconds = round((check_seconds or 0) + time.process_time() - start, 2)
        if fewest != term.upper or (term.proven and term.ties not in (None, ties)):
            raise AssertionError(f"{n}x{n}: enumeration gives {fewest} ({ties} solutions), "
                                 f"the solver {term.upper} ({term.ties})")
        if not term.proven:
            raise AssertionError(f"{n}x{n}: enumeration proves {fewest}, the search did not")
        checks.append("enumeration")
    if n <= len(OEIS_DATA):
        if term.proven and OEIS_DATA[n - 1] != term.upper:
            raise AssertionError(f"{n}x{n}: OEIS lists {OEIS_DATA[n - 1]}, proven {term.upper}")
        checks.append("OEIS data")
    return {
        "n": n, "fewest": term.upper if term.proven else None, "proof": proof,
        "lower": term.lower, "upper": term.upper, "proven": term.proven,
        "solutions": term.ties, "kernel_dimension": term.dimension,
        "seconds": term.seconds, "check": checks, "check_seconds": check_seconds,
        "in_published_bfile": n <= PUBLISHED_TO,
        # The solution itself, so that another program can check the upper
        # bound: hex of the bits r * n + c.
        "presses_hex": format(term.presses, "x"),
    }


def write(entries: dict[int, dict[str, object]]) -> None:
    """The table (one entry a line, diff-friendly) and the b-file."""
    rows = [json.dumps(entries[n], separators=(",", ":")) for n in sorted(entries)]
    TABLE.write_text("[\n" + ",\n".join(rows) + "\n]\n")
    lines = []
    for n in range(1, max(entries) + 1):
        row = entries.get(n)
        if row is None or not row["proven"]:
            break
        lines.append(f"{n} {row['fewest']}")
    BFILE.write_text("\n".join(lines) + "\n")


def hardest_row(n: int, tries: int) -> dict[str, object] | None:
    """The hardest n x n board found (``hardest_board``, the best of ``tries``
    seeds), its radius checked over every solution; past the search's
    dimension, the all-lit board and its proven term as the lower bound."""
    upper, dimension, lone = parity_bound(n)
    if not dimension:
        return None
    start = time.process_time()
    best = None
    for seed in range(1, tries + 1):
        found = hardest_board(n, seed)
        if found is None:
            break
        if best is None or found.radius > best.radius:
            best = found
        if best.proven:
            break
    if best is None:
        term = prove_term(n)
        if not term.proven:
            raise AssertionError(f"{n}x{n}: no proven board for the lower bound")
        lights, presses, lower, how = (1 << n * n) - 1, term.presses, term.upper, "all-lit term"
    else:
        lights, presses, lower, how = best.lights, best.presses, best.radius, "every solution"
    if pressed(presses, n) != lights:
        raise AssertionError(f"{n}x{n}: the hardest board's presses do not solve it")
    return {"n": n, "kernel_dimension": dimension, "lower": lower, "upper": upper,
            "proven": lower == upper, "lone_cells": lone, "lower_from": how,
            "seconds": round(time.process_time() - start, 2),
            "lights_hex": format(lights, "x"), "presses_hex": format(presses, "x")}


def write_hardest(tries: int) -> None:
    rows = []
    for n in range(1, 51):
        row = hardest_row(n, tries)
        if row is not None:
            rows.append(json.dumps(row, separators=(",", ":")))
            print("hardest", n, row["lower"], row["upper"], row["seconds"], flush=True)
    HARDEST.write_text("[\n" + ",\n".join(rows) + "\n]\n")


def markdown() -> str:
    """docs/lightsout.md's tables: every n past 50, and the hardest boards."""
    rows = json.loads(TABLE.read_text())
    out = ["| n | fewest presses | kernel | solutions | CPU s | second check | in b-file |",
           "|---|---|---|---|---|---|---|"]
    for row in rows:
        if row["n"] <= 50:
            continue
        value = (f"{row['fewest']}" + (" (by the transform)" if row.get("proof") == "transform"
                                        else "")
                 if row["proven"] else f"{row['lower']}..{row['upper']} (not proven)")
        out.append(f"| {row['n']} | {value} | {row['kernel_dimension']} | "
                   f"{row['solutions'] if row['solutions'] is not None else '-'} | "
                   f"{row['seconds']} | {', '.join(row['check']) or '-'} | "
                   f"{'yes' if row['in_published_bfile'] else 'no'} |")
    if HARDEST.exists():
        out += ["", "| n | kernel | cells in no quiet pattern | hardest board needs | bound | "
                "proven | CPU s |", "|---|---|---|---|---|---|---|"]
        for row in json.loads(HARDEST.read_text()):
            out.append(f"| {row['n']} | {row['kernel_dimension']} | {row['lone_cells']} | "
                       f"{row['lower']} | {row['upper']} | {'yes' if row['proven'] else 'no'} | "
                       f"{row['seconds']} |")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--to", type=int, default=100)
    parser.add_argument("--only", help="comma-separated sizes to (re)do")
    parser.add_argument("--budget-factor", type=int, default=1,
                        help="times the --prove budget")
    parser.add_argument("--transform-processes", type=int, default=0,
                        help="prove terms the search leaves open by the transform on this "
                        "many processes (hours for 61 and 65); without it, only from parts "
                        "already kept in build/walsh-N")
    parser.add_argument("--hardest", type=int, metavar="TRIES",
                        help="write the hardest boards to 50x50 instead (TRIES seeds each)")
    parser.add_argument("--markdown", action="store_true", help="print the docs' tables")
    words = parser.parse_args()
    if words.markdown:
        print(markdown())
        return
    if words.hardest:
        write_hardest(words.hardest)
        return
    entries: dict[int, dict[str, object]] = {}
    if TABLE.exists():
        entries = {row["n"]: row for row in json.loads(TABLE.read_text())}
    wanted = ([int(n) for n in words.only.split(",")] if words.only
              else [n for n in range(1, words.to + 1) if n not in entries])
    for n in wanted:
        row = entry(n, PROVE_BUDGET * words.budget_factor, words.transform_processes)
        kept = entries.get(n)
        if kept is not None and not row["proven"] and not kept["proven"] and (
                kept["upper"] < row["upper"]):
            row = {**kept, "proof": None}  # an earlier run with more budget went further
        entries[n] = row
        print(n, row["fewest"] if row["proven"] else f"{row['lower']}..{row['upper']}",
              row["kernel_dimension"], f"{row['seconds']} s", row["check"], flush=True)
        write(entries)


if __name__ == "__main__":
    main()
