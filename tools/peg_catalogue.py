"""Write the catalogue of single-vacancy peg problems the page ships.

For each board named, every problem from a full board less one peg to a
single survivor (at each possible hole, and anywhere): the fewest moves,
proven by the two-ended search of :mod:`puzzlelab.pegs.fewest`, one shortest
solution, and the number of winning jump sequences, counted by the forward
walk of :mod:`puzzlelab.pegs.count_numpy` (one walk per vacancy gives every
finish). Every shortest solution is replayed before the file is written.
Needs numpy (requirements-dev.txt) for the English board.

    .venv/bin/python tools/peg_catalogue.py triangle english --usual french diamond

writes web/puzzles/pegs/catalogue.json (``--out`` for another path).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import puzzlelab
from puzzlelab import pegs, records
from puzzlelab.jobs import finish
from puzzlelab.pegs import catalogue
from puzzlelab.pegs import count_numpy as pegs_count_numpy

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "puzzles" / "pegs" / "catalogue.json"
CACHE: Path | None = None  # --cache
ONLY: str | None = None  # --only: one part of the work, to the cache


#: The record kind and format of a --cache file (raise it when a result's form changes).
CACHE_KIND, CACHE_FORMAT = "peg catalogue cache", 2


def cached(kind: str, start: pegs.Position, key: str, compute, valid):
    """``compute()``, kept in ``--cache`` under the problem's name when asked:
    a run that stops, or runs its parts in two processes, does no work twice.

    A cache file is a checked record (:mod:`puzzlelab.records`: the problem,
    the program version and a digest); one that is not this problem's, or
    whose value ``valid`` refuses, is said in one line and computed again.
    """
    if CACHE is None:
        return compute()
    geo = start.geo
    vacancy = geo.hole_name((geo.full & ~start.pegs).bit_length() - 1)
    board = pegs.board_name(geo)
    path = CACHE / f"{kind}-{board}-{vacancy}-{key}.jsonl"
    params = {"kind": kind, "board": board, "vacancy": vacancy, "key": key,
              "program": puzzlelab.__version__}
    if path.exists():
        try:
            value = records.read_record(path, CACHE_KIND, CACHE_FORMAT, params)
            if valid(value):
                return value
            print(f"  {path.name} computed again: it does not hold a {kind} result", flush=True)
        except records.RecordRejected as why:
            print(f"  {path.name} computed again: {why.reason}", flush=True)
    value = compute()
    records.write_record(path, CACHE_KIND, CACHE_FORMAT, params, value)
    return value


def _count_value(value) -> bool:
    """A count read back: a non-negative int."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def fewest(start: pegs.Position, goal: pegs.Goal) -> list[pegs.Move] | None:
    """A shortest solution of one problem, or None when there is none."""
    def search():
        from puzzlelab.pegs import fewest as pegs_fewest  # (with the search it runs)

        found = finish(pegs_fewest.fewest_moves_steps(start, goal))
        return None if found is None else [[m.src, m.dst] for m in found.jumps]

    if ONLY == "counts":
        return []
    by_ends = {(m.src, m.dst): m for m in start.geo.moves}

    def valid(jumps) -> bool:  # (then replayed by catalogue.check before it is written)
        return jumps is None or (isinstance(jumps, list) and all(
            isinstance(j, list) and len(j) == 2 and all(isinstance(h, int) for h in j)
            and tuple(j) in by_ends for j in jumps))

    jumps = cached("fewest", start, goal.text, search, valid)
    return None if jumps is None else [by_ends[(a, b)] for a, b in jumps]


def counts(start: pegs.Position) -> dict[int, int]:
    """The winning jump sequences from ``start`` to each single-peg finish.

    One walk to every finish when a symmetry fixes the start (its classes then
    split equally); else one walk per finish, to the finish and the images of
    it that no solution can reach (:func:`catalogue.separating_goal`), so that
    the walk keeps the symmetries of that goal.
    """
    geo = start.geo
    if ONLY == "fewest":
        return {}
    if len(geo.subgroup([start.pegs])) > 1:
        every = cached("counts", start, "all", lambda: {
            str(h): n for h, n in finish(
                pegs_count_numpy.finish_counts_steps(geo, start.pegs)).items()},
            lambda value: isinstance(value, dict) and all(
                h.isdigit() and int(h) < len(geo.holes) and _count_value(n)
                for h, n in value.items()))
        return {int(h): n for h, n in every.items()}
    vacancy = (geo.full & ~start.pegs).bit_length() - 1
    found = {}
    for hole in catalogue.possible_finishes(geo, vacancy):
        goal = catalogue.separating_goal(geo, vacancy, hole)
        found[hole] = cached("counts", start, geo.hole_name(hole), lambda goal=goal: finish(
            pegs_count_numpy.count_steps(geo, start.pegs, goal)), _count_value)
        print(f"  {geo.hole_name(vacancy)} -> {geo.hole_name(hole)}: {found[hole]:,} "
              f"(goal {goal.text})", flush=True)
    return found


def board_entry(name: str) -> dict:
    """The catalogue of one board, as the page reads it."""
    began = time.perf_counter()
    geo = pegs.standard_start(name).geo
    problems = catalogue.solve_board(name, fewest, counts, log=lambda line: print(line, flush=True))
    wrong = list(catalogue.check(geo, problems))
    if wrong:
        raise SystemExit(f"{name}: {wrong[0]}")
    print(f"{name}: {len(problems)} problems in {time.perf_counter() - began:.0f} s", flush=True)
    return {
        "title": pegs.BOARD_TITLES[name],
        "grid": geo.format(geo.full),
        "classes": [{"start": list(geo.holes[orbit[0]]),
                     "same_as": [list(geo.holes[h]) for h in orbit[1:]]}
                    for orbit in catalogue.hole_classes(geo)],
        "problems": [p.as_json(geo) for p in problems],
    }


#: Why a board lists its usual game only (the French and Diamond boards): measured,
#: see docs/pegs.md ("Fewest moves", "Counting").
USUAL_ONLY_NOTE = (
    "Only the usual game of this board: its fewest moves are proven here, but a count of "
    "its winning sequences, and the other starts, are out of reach on this machine (the "
    "census of the game outgrows 23 GB).")


def usual_entry(name: str) -> dict:
    """A board of which the catalogue holds only the usual game, without its count."""
    start, goal_text = pegs.classic_game(name)
    geo = start.geo
    goal = pegs.parse_goal(geo, goal_text)
    jumps = fewest(start, goal)
    (finish_pegs,) = goal.positions
    problem = catalogue.Problem((geo.full & ~start.pegs).bit_length() - 1,
                                finish_pegs.bit_length() - 1,
                                None if jumps is None else catalogue.count_moves(jumps),
                                jumps or [], None)
    wrong = list(catalogue.check(geo, [problem]))
    if wrong:
        raise SystemExit(f"{name}: {wrong[0]}")
    print(f"{name}: usual game in {problem.fewest_moves} moves", flush=True)
    return {"title": pegs.BOARD_TITLES[name], "grid": geo.format(geo.full),
            "note": USUAL_ONLY_NOTE, "problems": [problem.as_json(geo)]}


def write(entries: dict[str, dict], path: Path) -> None:
    """The JSON file: one problem per line, so that a change reads as a diff."""
    lines = ['{"made_by": "tools/peg_catalogue.py", "boards": {']
    for b, (name, entry) in enumerate(entries.items()):
        head = {k: v for k, v in entry.items() if k != "problems"}
        lines.append(f'{json.dumps(name)}: {json.dumps(head)[:-1]}, "problems": [')
        rows = [json.dumps(p, separators=(",", ":")) for p in entry["problems"]]
        lines.append(",\n".join(rows))
        lines.append("]}" + ("," if b < len(entries) - 1 else ""))
    lines.append("}}")
    text = "\n".join(lines) + "\n"
    json.loads(text)  # (the file must parse)
    path.write_text(text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", nargs="+", choices=["triangle", "english"])
    parser.add_argument("--usual", nargs="*", default=[], choices=["french", "diamond"],
                        help="boards of which to add the usual game only (no count)")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--cache", type=Path, help="a folder to keep each result in as it comes")
    parser.add_argument("--only", choices=["counts", "fewest"],
                        help="compute that part into --cache and write no catalogue")
    args = parser.parse_args()
    global CACHE, ONLY
    CACHE, ONLY = args.cache, args.only
    if CACHE is not None:
        CACHE.mkdir(parents=True, exist_ok=True)
    if ONLY is not None:
        if CACHE is None:
            parser.error("--only needs --cache")
        for name in args.boards:
            catalogue.solve_board(name, fewest, counts, log=lambda line: None)
        if ONLY == "fewest":
            for name in args.usual:
                usual_entry(name)
        return 0
    entries = {name: board_entry(name) for name in args.boards}
    entries.update({name: usual_entry(name) for name in args.usual})
    write(entries, args.out)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
