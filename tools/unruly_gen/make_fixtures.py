"""Partly filled binary puzzles from Simon Tatham's Unruly generator, as test grids.

Builds Tatham's ``unruly.c`` as its standalone solver (its ``main`` generates a
puzzle from ``--seed`` and prints the game ID) and ``referee.c`` (an exhaustive
row-by-row counter, independent of the project's Python code), then for each
size and difficulty generates seeded puzzles with unique rows and columns (the
rule set of :mod:`puzzlelab.binairo`), converts each game ID to the project's
grid notation, and removes givens in a seeded order until the referee counts
about a target number of solutions (10 to 10^5). Writes one JSON object a line
to ``tests/data/unruly_grids.jsonl``: the Unruly parameters, the seed, the game
ID, the puzzle, the grid with givens removed, and the referee's count.

    python3 tools/unruly_gen/make_fixtures.py --source PATH_TO_PUZZLES_CHECKOUT

The puzzles checkout: https://github.com/ghewgill/puzzles (a mirror of Simon
Tatham's collection; version 1.3.2, commit 01c3e382 was used). Needs gcc.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE.parent.parent / "tests" / "data" / "unruly_grids.jsonl"
SOURCES = ("unruly.c", "nullfe.c", "random.c", "misc.c", "malloc.c")
SIZES = (6, 8, 10, 12, 14, 16)
DIFFICULTIES = ("e", "n")  # Unruly's Easy and Normal
TARGETS = (10, 300, 10_000, 100_000)  # the removals aim at about these counts
EMPTY = {6: 4140, 8: 4_111_116}  # solutions of the empty grids (A253316): no target above
MOST = 100_000


def build(source: Path, work: Path) -> tuple[Path, Path]:
    """Compile Tatham's standalone Unruly and the referee into ``work``."""
    generator, referee = work / "unruly", work / "referee"
    subprocess.run(["gcc", "-O2", "-DSTANDALONE_SOLVER", "-o", str(generator),
                    *(str(source / name) for name in SOURCES), "-lm"],
                   check=True, capture_output=True)
    subprocess.run(["gcc", "-O2", "-o", str(referee), str(HERE / "referee.c")], check=True)
    return generator, referee


def generate(generator: Path, params: str, seed: int) -> str:
    """Tatham's game ID (``params:description``) for ``params`` and ``seed``."""
    out = subprocess.run([str(generator), "--seed", str(seed), params],
                         check=True, capture_output=True, text=True).stdout
    desc = next(line for line in out.splitlines() if line.startswith("Game ID: "))[9:]
    return f"{params}:{desc}"


def decode(params: str, desc: str) -> str:
    """The grid of an Unruly description: a letter skips that many cells (a = 0) and
    places a 0 (lower case) or a 1 (upper case); z and Z skip 25 cells."""
    width, height = (int(n) for n in params.split("u")[0].split("x"))
    cells = ["."] * (width * height)
    at = 0
    for ch in desc:
        if ch in "zZ":
            at += 25
            continue
        at += ord(ch.lower()) - ord("a")
        if at < len(cells):
            cells[at] = "0" if ch.islower() else "1"
        at += 1
    if at != len(cells) + 1:
        raise ValueError(f"description {desc!r} does not fill {width}x{height}")
    return "/".join("".join(cells[r * width:(r + 1) * width]) for r in range(height))


class Referee:
    """The C counter, kept running: one grid a line in, one count a line out."""

    def __init__(self, path: Path, limit: int | None = None) -> None:
        args = [str(path)] + ([] if limit is None else [str(limit)])
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def count(self, grid: str) -> int:
        """The number of solutions of ``grid`` (past the limit: the limit plus one)."""
        assert self.proc.stdin and self.proc.stdout
        self.proc.stdin.write(grid + "\n")
        self.proc.stdin.flush()
        return int(self.proc.stdout.readline())


def thin(grid: str, target: int, rng: random.Random, referee: Referee) -> tuple[str, int]:
    """Remove givens of ``grid`` in a random order while the count stays at most
    :data:`MOST`, until it reaches ``target``; the grid and its count."""
    cells = list(grid)
    givens = [i for i, ch in enumerate(cells) if ch in "01"]
    rng.shuffle(givens)
    count = referee.count(grid)
    for i in givens:
        if count >= target:
            break
        kept = cells[i]
        cells[i] = "."
        trial = referee.count("".join(cells))
        if trial > MOST:
            cells[i] = kept
            continue
        count = trial
    return "".join(cells), count


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, required=True, help="Tatham's puzzles checkout")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        generator, referee_path = build(args.source, Path(tmp))
        # Trials past MOST only need to know that they are: the referee stops there.
        referee = Referee(referee_path, MOST)
        for size in SIZES:
            for diff in DIFFICULTIES:
                for target in (t for t in TARGETS if t < EMPTY.get(size, MOST)):
                    params = f"{size}x{size}ud{diff}"
                    seed = rng.randrange(1, 1 << 30)
                    game_id = generate(generator, params, seed)
                    puzzle = decode(*game_id.split(":"))
                    if referee.count(puzzle) != 1:
                        raise SystemExit(f"{game_id}: not one solution under the referee")
                    # Aim at a count spread log-uniformly around the target.
                    aim = max(2, round(target * math.exp(rng.uniform(-0.5, 0.5))))
                    grid, count = thin(puzzle, aim, rng, referee)
                    rows.append({"params": params, "seed": seed, "game_id": game_id,
                                 "puzzle": puzzle, "grid": grid, "solutions": count})
                    print(f"{params} seed {seed}: {count:,} solutions", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(json.dumps(row) + "\n" for row in rows))
    print(f"{args.out}: {len(rows)} grids", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
