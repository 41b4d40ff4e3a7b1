"""The fewest presses of the all-lit n x n board by weighing every solution at
once: a Walsh-Hadamard transform over the quiet patterns (numpy, natively).

The solutions are ``y + span(W)`` for the chase's solution ``y`` moved by the
outer quiet patterns, ``W`` the inner ones. Cell c of ``y + sum b_j w_j`` is
lit when ``y_c xor <t_c, b>`` is 1, where ``t_c`` (the cell's *type*) holds
bit j of each ``w_j`` at c. So with ``G(t) = sum over cells of type t of
(-1)**y_c`` and ``F = hadamard(G)``, the member chosen by ``b`` weighs
``(N - F(b)) / 2``: one transform of ``L * 2**L`` additions weighs all
``2**L`` members of the coset, with no bound and no member skipped.

Up to :data:`MAX_INNER` quiet patterns, ``W`` is all of them: one transform.
Past that, ``W`` is the patterns symmetric under both mirrors and dark on
the middle lines (the fold's deeper levels,
:mod:`puzzlelab.lightsout.all_lit_tasks`), which the board's eight
symmetries map onto themselves. They permute the
cosets too (an affine map of the outer coefficients, since a symmetry takes
the set of solutions to itself), and weights with them, so one coset per
orbit is transformed, its ties counted once per member of its orbit. The
outer choices are split into ``parts`` by their number, independent tasks
(:func:`run_parts`: a pool here, one call each on a cluster), each kept as a
checked record file the moment it finishes, so that a run resumes.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from puzzlelab.jobs import finish
from puzzlelab.lightsout import gf2
from puzzlelab.lightsout.all_lit import all_lit, kernel_dimension_by_gcd, pressed
from puzzlelab.lightsout.all_lit_tasks import _parts
from puzzlelab.lightsout.classic_chase import _solve_classic
from puzzlelab.records import RecordRejected, read_record, write_record

#: The inner patterns' most (a transform of 2**22 float32 cells is 16 MB).
MAX_INNER = 22
RECORD = "lightsout-all-lit-walsh-part"
VERSION = 1
#: The outer patterns' most: 2**24 cosets listed, a day of transforms.
MAX_OUTER = 24
#: Cells of the transforms done together (numpy works on a block of rows).
BLOCK_CELLS = 1 << 23


@dataclass(frozen=True)
class WalshTerm:
    """The lightest solutions of the cosets a part covered: their weight, how
    many solutions (over every coset, orbits counted whole) have it, one of
    them, and the work done."""

    n: int
    fewest: int
    ties: int
    presses: int
    cosets: int
    seconds: float


def _bits(v: int, cells: int) -> np.ndarray:
    raw = np.frombuffer(v.to_bytes((cells + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(raw, bitorder="little")[:cells]


def _int(bits: np.ndarray) -> int:
    return int.from_bytes(np.packbits(bits.astype(np.uint8), bitorder="little").tobytes(),
                          "little")


def _symmetries(n: int) -> list[np.ndarray]:
    """The square's eight symmetries as permutations of the cells."""
    grid = np.arange(n * n).reshape(n, n)
    out = []
    for turned in (grid, grid.T):
        for k in range(4):
            out.append(np.rot90(turned, k).ravel())
    return out


def _coordinates(basis: list[int], cells: int) -> Callable[[int], int]:
    """``v``'s coefficients over the independent ``basis`` (bit i for
    ``basis[i]``): the system with a row per cell, solved once."""
    rows = [sum((b >> cell & 1) << i for i, b in enumerate(basis)) for cell in range(cells)]
    system = gf2.eliminate(rows, len(basis))

    def coordinates(v: int) -> int:
        combo = system.solve(v)
        if combo is None:
            raise ValueError("not in the span of the quiet patterns")
        return combo
    return coordinates


def checked_split(n: int) -> tuple[int, list[int], list[int], bool]:
    """The chase's solution, the outer and the inner quiet patterns, each
    checked by pressing it cell by cell and their number against the gcd's
    dimension; and whether the inner ones are the symmetric ones (else they are
    only the last :data:`MAX_INNER`, and no symmetry is used)."""
    presses, quiet, _ = finish(_solve_classic(all_lit(n)))
    first: list[int] = []
    deeper: list[int] = quiet
    if len(quiet) > MAX_INNER:  # split by the folds (the same solution, other patterns)
        _, folded, deep = _parts(n)
        first, deeper = list(folded), list(deep)
        quiet = [*first, *deeper]
    if pressed(presses, n) != (1 << n * n) - 1 or any(pressed(q, n) for q in quiet):
        raise AssertionError(f"{n}x{n}: the chase's solution or a quiet pattern fails")
    if gf2.rank(quiet) != len(quiet) or len(quiet) != kernel_dimension_by_gcd(n):
        raise AssertionError(f"{n}x{n}: the quiet patterns do not span the kernel")
    if len(quiet) <= MAX_INNER:
        return presses, [], quiet, False
    if 0 < len(deeper) <= MAX_INNER:
        return presses, first, deeper, True
    return presses, quiet[:-MAX_INNER], quiet[-MAX_INNER:], False


def representatives(n: int, presses: int, outer: list[int], inner: list[int],
                    symmetric: bool) -> tuple[np.ndarray, np.ndarray]:
    """The outer choices to transform (one per orbit of the symmetries when
    ``symmetric``) and how many cosets each stands for."""
    m, cells = len(outer), n * n
    every = np.arange(1 << m, dtype=np.int64)
    if not symmetric:
        return every, np.ones(1 << m, dtype=np.int64)
    coordinates = _coordinates([*outer, *inner], cells)
    low = (1 << m) - 1
    images = [every]
    for perm in _symmetries(n)[1:]:
        def moved(v: int, perm: np.ndarray = perm) -> int:
            return _int(_bits(v, cells)[perm])
        if any(coordinates(moved(w)) & low for w in inner):
            raise AssertionError(f"{n}x{n}: a symmetry moves the inner patterns' span")
        shift = coordinates(moved(presses) ^ presses) & low
        image = np.full(1 << m, shift, dtype=np.int64)
        for i, v in enumerate(outer):
            image ^= ((every >> i) & 1) * (coordinates(moved(v)) & low)
        images.append(image)
    stacked = np.sort(np.stack(images), axis=0)
    keep = stacked[0] == every  # the least of its orbit
    sizes = 1 + (np.diff(stacked, axis=0) != 0).sum(axis=0)
    return every[keep], sizes[keep]


def transform_work(n: int) -> int:
    """The additions :func:`walsh_term` makes for the whole n x n board (cosets
    to transform times ``L * 2**L``): about half a nanosecond each natively."""
    presses, outer, inner, symmetric = checked_split(n)
    if len(outer) > MAX_OUTER:  # (not listed: every coset counted, an upper bound)
        return (1 << len(outer)) * max(1, len(inner)) << len(inner)
    reps, _ = representatives(n, presses, outer, inner, symmetric)
    return len(reps) * max(1, len(inner)) << len(inner)


def _hadamard(block: np.ndarray, cells: int) -> np.ndarray:
    """The Walsh-Hadamard transform of each row of ``block`` (float32), whose
    absolute values add up to at most ``cells``: the lowest 6 bits by one
    matrix product, the others by butterflies in 16-bit integers where every
    sum fits (half the memory traffic of float32: twice as fast here)."""
    rows, size = block.shape
    low = min(6, size.bit_length() - 1)
    small = np.array([[1.0]], dtype=np.float32)
    for _ in range(low):
        small = np.block([[small, small], [small, -small]])
    block = (block.reshape(-1, 1 << low) @ small).reshape(rows, size)
    block = block.astype(np.int16 if cells < 1 << 15 else np.int32)
    h = 1 << low
    while h < size:
        pairs = block.reshape(rows, -1, 2, h)
        first = pairs[:, :, 0, :].copy()
        pairs[:, :, 0, :] += pairs[:, :, 1, :]
        np.subtract(first, pairs[:, :, 1, :], out=pairs[:, :, 1, :])
        h *= 2
    return block


@functools.lru_cache(maxsize=1)
def _cosets(n: int) -> tuple[int, list[int], list[int], np.ndarray, np.ndarray]:
    """The split and the cosets to transform, made once a process (a worker
    runs many parts of one board; listing 65's takes seconds)."""
    presses, outer, inner, symmetric = checked_split(n)
    if len(outer) > MAX_OUTER:
        raise ValueError(f"The {n}x{n} board has {len(outer) + len(inner)} quiet patterns: its "
                         f"2**{len(outer)} cosets of 2**{len(inner)} solutions are beyond any "
                         "transform here.")
    return (presses, outer, inner, *representatives(n, presses, outer, inner, symmetric))


def walsh_term(n: int, part: tuple[int, int] = (0, 1)) -> WalshTerm:
    """The lightest solutions over part ``i`` of ``k`` of the outer choices
    (all of them by default)."""
    start = time.process_time()
    presses, outer, inner, reps, sizes = _cosets(n)
    reps, sizes = reps[part[0]::part[1]], sizes[part[0]::part[1]]
    cells, m, size = n * n, len(outer), 1 << len(inner)
    if not len(reps):  # more parts than cosets: this one has none
        return WalshTerm(n, cells + 1, 0, 0, 0, round(time.process_time() - start, 2))
    base = _bits(presses, cells).astype(np.int32)
    moves = np.stack([_bits(v, cells) for v in outer]).astype(np.int32) if m else None
    types = np.zeros(cells, dtype=np.int64)
    for j, w in enumerate(inner):
        types |= _bits(w, cells).astype(np.int64) << j
    order = np.argsort(types, kind="stable")
    kinds, starts = np.unique(types[order], return_index=True)
    best, ties, best_rep, best_b = cells + 1, 0, 0, 0
    batch = max(1, BLOCK_CELLS // size)
    for at in range(0, len(reps), batch):
        chosen = reps[at:at + batch]
        if m:
            coefficients = ((chosen[:, None] >> np.arange(m)) & 1).astype(np.int32)
            lit = (coefficients @ moves + base) & 1
        else:
            lit = base[None, :]
        signs = (1 - 2 * lit[:, order]).astype(np.float32)
        block = np.zeros((len(chosen), size), dtype=np.float32)
        block[:, kinds] = np.add.reduceat(signs, starts, axis=1)
        block = _hadamard(block, cells)
        tops = block.max(axis=1)
        weights = (cells - tops.astype(np.int64)) // 2
        for row in np.flatnonzero(weights <= best):
            if weights[row] > best:
                continue  # a row before it in this block was lighter
            count = int((block[row] == tops[row]).sum()) * int(sizes[at + row])
            if weights[row] < best:
                best, ties = int(weights[row]), 0
                best_rep, best_b = int(chosen[row]), int(np.argmax(block[row]))
            ties += count
    solution = presses
    for i, v in enumerate(outer):
        if best_rep >> i & 1:
            solution ^= v
    for j, w in enumerate(inner):
        if best_b >> j & 1:
            solution ^= w
    if pressed(solution, n) != (1 << cells) - 1 or solution.bit_count() != best:
        raise AssertionError(f"{n}x{n}: the transform's lightest solution does not check")
    return WalshTerm(n, best, ties, solution, len(reps), round(time.process_time() - start, 2))


def merge(parts: list[WalshTerm]) -> WalshTerm:
    """The whole from its parts: the least weight, the ties of the parts that have it
    (a part with no cosets has none)."""
    parts = [p for p in parts if p.cosets] or parts
    best = min(p.fewest for p in parts)
    first = next(p for p in parts if p.fewest == best)
    return WalshTerm(first.n, best, sum(p.ties for p in parts if p.fewest == best),
                     first.presses, sum(p.cosets for p in parts),
                     round(sum(p.seconds for p in parts), 2))


def _params(n: int, parts: int, index: int) -> dict[str, int]:
    return {"n": n, "parts": parts, "index": index}


def _run_part(args: tuple[int, int, int, str]) -> dict[str, Any]:
    n, parts, index, folder = args
    term = walsh_term(n, (index, parts))
    value = {"fewest": term.fewest, "ties": term.ties, "presses_hex": format(term.presses, "x"),
             "cosets": term.cosets, "seconds": term.seconds}
    write_record(Path(folder) / f"part-{index}.json", RECORD, VERSION,
                 _params(n, parts, index), value)
    return value


def finished_parts(n: int, parts: int, folder: Path) -> dict[int, dict[str, Any]]:
    """The parts of this very run already kept in ``folder`` (others are ignored)."""
    done = {}
    for index in range(parts):
        with contextlib.suppress(RecordRejected):
            done[index] = read_record(folder / f"part-{index}.json", RECORD, VERSION,
                                      _params(n, parts, index))
    return done


def run_parts(n: int, parts: int, processes: int, folder: Path,
              say: Callable[[str], None] = print) -> WalshTerm:
    """Every part not yet in ``folder`` on ``processes`` workers, then the whole."""
    folder.mkdir(parents=True, exist_ok=True)
    done = finished_parts(n, parts, folder)
    todo = [(n, parts, i, str(folder)) for i in range(parts) if i not in done]
    started = time.monotonic()
    with Pool(max(1, processes)) as pool:
        for k, value in enumerate(pool.imap_unordered(_run_part, todo), 1):
            say(f"{n}x{n}: part {k} of {len(todo)} done in this run, "
                f"{time.monotonic() - started:.0f} s (lightest {value['fewest']})")
    done = finished_parts(n, parts, folder)
    if len(done) != parts:
        raise RuntimeError(f"{parts - len(done)} parts of {n}x{n} were not kept in {folder}")
    whole = merge([WalshTerm(n, v["fewest"], v["ties"], int(v["presses_hex"], 16), v["cosets"],
                             v["seconds"]) for v in done.values()])
    if pressed(whole.presses, n) != (1 << n * n) - 1 or whole.presses.bit_count() != whole.fewest:
        raise AssertionError(f"{n}x{n}: the kept lightest solution does not check")
    return whole
