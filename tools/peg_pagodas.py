"""Find pagoda functions for a peg solitaire board (offline; needs numpy and scipy:
``pip install -r requirements-dev.txt -r tools/requirements.txt``).

A pagoda function gives each hole a weight ``w`` such that for every jump
``a`` over ``b`` into ``c``: ``w[c] <= w[a] + w[b]``. The weighted sum of the
pegs then never increases, so a position whose sum is below the goal's can
never reach it. This script collects dead positions, asks a linear program
for a pagoda that proves each one dead, keeps the integer ones that prove the
most samples, and prints them as Python literals for
:data:`puzzlelab.pegs.PAGODAS`.

Dead positions come from random play (``--samples``), with ``--early N``
from the first moves of ``N`` random games (sampled dead or not: only those
a pagoda proves dead count), and, with
``--hard N``, from the searches themselves: the positions proved dead while
deciding the verdict after each move of ``N`` random games (the subtrees the
page's verdict actually has to walk), weighted by their peg count so that
pagodas pruning near the root win.

    /path/to/python-with-scipy tools/peg_pagodas.py english --samples 400 --hard 20
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from fractions import Fraction
from math import lcm
from pathlib import Path

import numpy as np
from scipy.optimize import linprog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
from puzzlelab import pegs
from puzzlelab.jobs import finish


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
    if not valid(geo, w) or max(abs(x) for x in w) > 60:
        return None  # rounding broke it, or too large for the packed fields
    return w


def valid(geo, w):
    return all(w[m.dst] <= w[m.src] + w[m.over] for m in geo.moves)


def images(geo, w):
    out = set()
    for perm in geo.symmetries:
        img = [0] * geo.size
        for i, x in enumerate(w):
            img[perm[i]] = x
        out.add(tuple(img))
    return sorted(out)


def random_dead(start, solver, goal, count, rng):
    dead = []
    while len(dead) < count:
        pos = start
        stop = rng.randint(10, 24)
        while pos.peg_count > stop and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
        if not pegs.goal_class_possible(pos.geo, pos.pegs, goal):
            continue
        try:
            if finish(solver.solve_steps(pos.pegs, 200_000)) is None:
                dead.append(pos.pegs)
        except pegs.OutOfBudget:
            pass
    return dead


def early_positions(start, goal, games, rng, low=26):
    """Positions with ``low`` pegs or more along random games that the known pagodas
    do not prune. Not known dead: a certificate the linear program finds for one
    is itself the proof, and the others are never counted as proved."""
    known = pegs.Pagodas(start.geo, goal)
    out = []
    for _ in range(games):
        pos = start
        while pos.peg_count > low and pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
            if (pegs.goal_class_possible(pos.geo, pos.pegs, goal)
                    and not known.hopeless(known.packed(pos.pegs))):
                out.append(pos.pegs)
    return out


def hard_dead(start, goal, games, budget, rng):
    """Positions proved dead by the verdict searches along random games."""
    geo = start.geo
    solver = pegs.Solver(geo, goal)
    for g in range(games):
        pos = start
        while pos.legal_moves():
            pos = pos.play(rng.choice(pos.legal_moves()))
            if not pegs.goal_class_possible(geo, pos.pegs, goal):
                continue
            with contextlib.suppress(pegs.OutOfBudget):
                finish(solver.solve_steps(pos.pegs, budget))
        print(f"game {g + 1}: {sum(1 for v in solver.good_memo.values() if not v)} dead",
              file=sys.stderr)
    return [k for k, v in solver.good_memo.items() if v is False]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("board")
    parser.add_argument("--samples", type=int, default=300)
    parser.add_argument("--hard", type=int, default=0, help="random games whose verdict "
                        "searches supply dead positions")
    parser.add_argument("--early", type=int, default=0, help="random games whose early "
                        "positions (26 pegs or more) are sampled as they are, dead or not")
    parser.add_argument("--budget", type=int, default=100_000)
    parser.add_argument("--lp", type=int, default=600, help="linear programs to solve")
    parser.add_argument("--keep", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    # The board's usual game: the central one, or the French and Diamond games
    # that end below the centre (pegs.CLASSIC_GAMES).
    start, goal_text = pegs.classic_game(args.board)
    geo = start.geo
    goal = pegs.parse_goal(geo, goal_text)
    goal_hole = next(iter(goal.positions)).bit_length() - 1
    rng = random.Random(args.seed)
    dead = random_dead(start, pegs.Solver(geo, goal), goal, args.samples, rng)
    if args.hard:
        hard = hard_dead(start, goal, args.hard, args.budget, rng)
        dead += rng.sample(hard, min(len(hard), 20 * args.lp))
    if args.early:
        dead += early_positions(start, goal, args.early, rng)
    dead = list(dict.fromkeys(dead))
    print(f"{len(dead)} dead samples", file=sys.stderr)
    # Pagodas that prune high in the tree save the most: weigh a sample by its pegs.
    weight = np.array([float(p.bit_count()) ** 2 for p in dead])
    bits = np.array([[p >> i & 1 for i in range(geo.size)] for p in dead], dtype=np.int64)
    candidates = {}
    order = sorted(range(len(dead)), key=lambda i: -dead[i].bit_count())
    picks = order[: args.lp // 2] + rng.sample(order, min(len(order), args.lp // 2))
    for i in dict.fromkeys(picks):
        w = certificate(geo, dead[i], goal_hole)
        if w is not None:
            candidates[w] = None
    print(f"{len(candidates)} certificates", file=sys.stderr)
    # proves[c][s]: some image of candidate c proves sample s dead.
    proves = {}
    for w in candidates:
        ims = np.array(images(geo, w), dtype=np.int64)  # (k, n)
        values = bits @ ims.T  # (samples, k)
        goal_values = ims[:, goal_hole]
        proves[w] = (values < goal_values).any(axis=1)
    for w in pegs.PAGODAS.get(args.board, ()):
        ims = np.array(images(geo, w), dtype=np.int64)
        covered_already = ((bits @ ims.T) < ims[:, goal_hole]).any(axis=1)
        for c in proves:
            proves[c] &= ~covered_already
    covered = np.zeros(len(dead), dtype=bool)
    chosen = []
    for _ in range(args.keep):
        best = max(proves, key=lambda c: weight[proves[c] & ~covered].sum(), default=None)
        if best is None:
            break
        gain = proves[best] & ~covered
        if not gain.any():
            break
        chosen.append(best)
        covered |= gain
        print(f"pagoda {len(chosen)}: +{int(gain.sum())} -> {int(covered.sum())}/{len(dead)}",
              file=sys.stderr)
    print(f"    {args.board!r}: (")
    for w in chosen:
        print(f"        {w},")
    print("    ),")


if __name__ == "__main__":
    main()
