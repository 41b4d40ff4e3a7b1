"""Find pagoda functions for a peg solitaire board (offline; needs scipy).

A pagoda function gives each hole a weight ``w`` such that for every jump
``a`` over ``b`` into ``c``: ``w[c] <= w[a] + w[b]``. The weighted sum of the
pegs then never increases, so a position whose sum is below the goal's can
never reach it. This script samples dead positions by random play, asks a
linear program for a pagoda that proves each one dead, keeps the integer
ones that prove the most samples, and prints them as Python literals for
:data:`puzzlelab.pegs.PAGODAS`.

    /path/to/python-with-scipy tools/peg_pagodas.py english --samples 400
"""

from __future__ import annotations

import argparse
import random
import sys
from fractions import Fraction
from math import lcm
from pathlib import Path

import numpy as np
from scipy.optimize import linprog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from puzzlelab import pegs


def certificate(geo, pegs_, goal_hole, bound=4):
    n = geo.size
    rows, rhs = [], []
    for m in geo.moves:
        row = np.zeros(n)
        row[m.dst] += 1
        row[m.src] -= 1
        row[m.over] -= 1
        rows.append(row)
        rhs.append(0)
    cert = np.zeros(n)
    for i in range(n):
        if pegs_ >> i & 1:
            cert[i] += 1
    cert[goal_hole] -= 1
    rows.append(cert)
    rhs.append(-1)
    res = linprog(cert, A_ub=np.array(rows), b_ub=np.array(rhs), bounds=[(-bound, bound)] * n,
                  method="highs")
    if res.status != 0:
        return None
    fracs = [Fraction(x).limit_denominator(6) for x in res.x]
    scale = lcm(*(f.denominator for f in fracs))
    w = tuple(int(f * scale) for f in fracs)
    if not valid(geo, w):
        return None
    return w


def valid(geo, w):
    return all(w[m.dst] <= w[m.src] + w[m.over] for m in geo.moves)


def value(w, p):
    return sum(x for i, x in enumerate(w) if p >> i & 1)


def images(geo, w):
    out = set()
    for perm in geo.symmetries:
        img = [0] * geo.size
        for i, x in enumerate(w):
            img[perm[i]] = x
        out.add(tuple(img))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("board")
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--keep", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = pegs.standard_start(args.board)
    geo = start.geo
    goal_hole = geo.centre
    goal = pegs.parse_goal(geo, None)
    solver = pegs.Solver(geo, goal)
    rng = random.Random(args.seed)
    dead = []
    while len(dead) < args.samples:
        pos = start
        stop = rng.randint(10, 24)
        while pos.peg_count > stop and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
        if solver.solve(pos.pegs) is None:
            dead.append(pos.pegs)
    print(f"{len(dead)} dead samples", file=sys.stderr)
    goal_value = lambda w: w[goal_hole]  # noqa: E731
    chosen = []
    covered = set()
    candidates = {}
    for p in dead:
        w = certificate(geo, p, goal_hole)
        if w is not None:
            candidates[w] = None
    print(f"{len(candidates)} certificates", file=sys.stderr)
    def proves(ws, p):
        return any(value(w, p) < goal_value(w) for w in ws)
    expanded = {w: images(geo, w) for w in candidates}
    for _ in range(args.keep):
        best = max(expanded, key=lambda w: sum(1 for i, p in enumerate(dead)
                                               if i not in covered and proves(expanded[w], p)),
                   default=None)
        if best is None:
            break
        gain = [i for i, p in enumerate(dead) if i not in covered and proves(expanded[best], p)]
        if not gain:
            break
        chosen.append(best)
        covered.update(gain)
        print(f"pagoda {len(chosen)}: +{len(gain)} -> {len(covered)}/{len(dead)}", file=sys.stderr)
    print(f"    {args.board!r}: (")
    for w in chosen:
        print(f"        {w},")
    print("    ),")


if __name__ == "__main__":
    main()
