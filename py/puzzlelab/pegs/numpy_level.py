"""One level of a peg walk in numpy: every position's moves, merged by child.

What the numpy census (:mod:`puzzlelab.pegs.census_numpy`) and the numpy count
(:mod:`puzzlelab.pegs.count_numpy`) share:

* A level is a sorted ``uint64`` array of normalised positions (one per
  class up to the symmetries in use).
* The images of every position under each symmetry in use are a few
  table look-ups of 11-bit digits (``table[k][(pegs >> 11*k) & 2047]``
  OR-ed together: three for the 33 cells of the English board);
  a child's images are its parent's images XOR the images of the move's
  mask, so normalising a child (the smallest image) costs one XOR and one
  minimum per symmetry (:class:`Images`, :class:`LevelEngine`).
* The children of a level, from every legal move of every position, are
  merged in one sort of ``child << b | parent`` (``b`` bits hold the
  parent's index): equal children become runs, equal (child, parent) pairs
  sub-runs, so path counters are sums over runs (``np.add.reduceat``)
  with no hash table (``np.unique`` hashes in recent numpy, far slower
  here). Boards whose keys do not fit 64 bits sort with ``np.lexsort``
  instead (:class:`LevelExpansion`).
* While a walk runs, freed arrays stay in the process heap (see
  :func:`kept_heap`), so each level reuses the pages of the last one.

Every dtype is named: on wasm32 numpy's default integer is 32 bits.
"""

from __future__ import annotations

import os
import platform
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

# The walks do no linear algebra: one BLAS thread is all they need, and
# OpenBLAS reserves a buffer per thread when numpy loads (126 MB of address
# space on a 2-core machine, 85 MB with one thread), ending the process when an
# address-space limit (ulimit -v) does not leave room. (Set before the import;
# a person's own setting wins.)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from puzzlelab.jobs import Steps, due
from puzzlelab.pegs.shape import Geometry

U64 = np.uint64


def sorted_unique(values: np.ndarray) -> np.ndarray:
    """The distinct values, sorted: a sort and a comparison of neighbours.

    (``np.unique`` hashes in recent numpy, about 20 times slower on these keys.)
    """
    values = np.sort(values)
    if len(values) < 2:
        return values
    keep = np.empty(len(values), dtype=bool)
    keep[0] = True
    np.not_equal(values[1:], values[:-1], out=keep[1:])
    return values[keep]



def joined_steps(arrays: list[np.ndarray]) -> Steps[np.ndarray]:
    """``np.concatenate(arrays)`` (1-d, one dtype), pausing between arrays when a report
    is due: a level's arrays are hundreds of megabytes, and one copy of them took
    0.1-0.2 s natively (more on a busy machine)."""
    if len(arrays) <= 1:
        return np.concatenate(arrays) if arrays else np.zeros(0, dtype=U64)
    out = np.empty(sum(len(a) for a in arrays), dtype=arrays[0].dtype)
    at = 0
    for a in arrays:
        if due():
            yield None
        out[at : at + len(a)] = a
        at += len(a)
    return out


class Images:
    """Symmetry images of uint64 positions through byte tables."""

    DIGIT = 11  # bits looked up at once: 33 cells in 3 look-ups, tables of 16 kB

    def __init__(self, geo: Geometry, syms: tuple[int, ...]) -> None:
        nbytes = (geo.size + 7) // 8
        # Byte tables (tables[s, k, v]: image under symmetry s of the value v in byte k),
        # then wider digits built from them: fewer look-ups per key, still in cache.
        self.tables = np.array([geo.tables[k] for k in syms], dtype=U64)
        self.syms = tuple(syms)
        self.count = len(syms)
        self.parts = -(-geo.size // self.DIGIT)
        values = np.arange(1 << self.DIGIT, dtype=U64)
        self.digits = np.stack([
            self._of(values << U64(self.DIGIT * p), nbytes) for p in range(self.parts)
        ], axis=1)  # (symmetries, parts, 2^DIGIT)

    def _of(self, keys: np.ndarray, nbytes: int) -> np.ndarray:
        """Images through the byte tables (only to build the digit tables)."""
        out = np.zeros((self.count, len(keys)), dtype=U64)
        for k in range(nbytes):
            byte = ((keys >> U64(8 * k)) & U64(255)).astype(np.intp)
            for s in range(self.count):
                out[s] |= self.tables[s, k][byte]
        return out

    def of(self, keys: np.ndarray) -> np.ndarray:
        """``out[s]`` is the image of every key under symmetry ``s``."""
        out = np.zeros((self.count, len(keys)), dtype=U64)
        mask = U64((1 << self.DIGIT) - 1)
        for p in range(self.parts):
            digit = ((keys >> U64(self.DIGIT * p)) & mask).astype(np.intp)
            for s in range(self.count):
                out[s] |= self.digits[s, p][digit]
        return out


CHUNK = 1 << 15  # parents per step of the move loop: their images stay in cache
# Chunks per generation task (a progress report between tasks): one, as a task
# of four took 0.15-0.3 s natively, single-threaded as in the page, which runs
# 2-3 times slower (bench/bench_cancel_gaps.py).
TASK_CHUNKS = 1
# Moves merged per bucket, about: a bucket is sorted between two progress
# reports, and more buckets make more passes over each chunk's moves to split
# them. At most MAX_BUCKETS: the French census's largest level has 144 million
# moves, which 64 buckets left at 2.3 million each (0.6 s natively to merge one).
BUCKET_MOVES = 200_000
MAX_BUCKETS = 1024
MOVES_PER_CLASS = 8  # the English levels' average, to size the buckets before the moves exist


def default_workers() -> int:
    """Threads for the level work: numpy releases the GIL in its loops (none in Pyodide)."""
    if sys.platform == "emscripten":
        return 1
    return max(1, min(4, os.cpu_count() or 1))


class LevelExpansion:
    """The arrays of one level's expansion, shared by its generation and merge tasks."""

    def __init__(self, engine: LevelEngine, keys: np.ndarray, buckets: int) -> None:
        self.engine = engine
        self.keys = keys
        self.bits = max(1, int(len(keys) - 1).bit_length())
        self.fits = engine.geo.size + self.bits <= 64
        self.pivots = self._pivots(buckets) if self.fits else np.zeros(0, dtype=U64)

    def _pivots(self, buckets: int) -> np.ndarray:
        """Bucket bounds for the merged (child, parent) keys, from a sample of parents."""
        keys = self.keys
        if buckets <= 1 or len(keys) < CHUNK:  # small levels: one bucket
            return np.zeros(0, dtype=U64)
        sample = keys[:: max(1, len(keys) // 4096)]
        combined = np.sort(np.concatenate([a for a, _ in [self._children(sample, 0)]]))
        if len(combined) < buckets:
            return np.zeros(0, dtype=U64)
        # Bounds at child boundaries (parent bits cleared): a child's run never straddles two.
        picks = combined[[len(combined) * j // buckets for j in range(1, buckets)]]
        return sorted_unique((picks >> U64(self.bits)) << U64(self.bits))

    def _children(
        self, kc: np.ndarray, offset: int, imgs: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """(child << bits | parent) for every legal move of ``kc``; and which have a move.

        ``imgs``: the symmetry images of ``kc`` when the caller has them already.
        """
        e = self.engine
        if imgs is None:
            imgs = e.images.of(kc)
        has = np.zeros(len(kc), dtype=bool)
        parts = []
        for i in range(len(e.needs)):
            idx = np.flatnonzero((kc & e.masks[i]) == e.needs[i])
            if len(idx) == 0:
                continue
            has[idx] = True
            low = imgs[0][idx]
            low ^= e.move_images[0, i]
            for s in range(1, e.images.count):
                other = imgs[s][idx]
                other ^= e.move_images[s, i]
                np.minimum(low, other, out=low)
            if self.fits:
                low <<= U64(self.bits)
                low |= (idx + offset).astype(U64)
                parts.append(low)
            else:
                parts.append((low, idx + offset))
        if not self.fits:
            return parts, has
        out = np.concatenate(parts) if parts else np.zeros(0, dtype=U64)
        return out, has

    def generate(self, lo: int, hi: int) -> tuple[list[list], list[np.ndarray], int]:
        """Expand parents ``lo:hi``: per bucket the merged keys; the dead ends; orbit sizes."""
        e = self.engine
        buckets: list[list] = [[] for _ in range(len(self.pivots) + 1)]
        dead = []
        orbit_total = 0
        for start in range(lo, hi, CHUNK):
            kc = self.keys[start : min(hi, start + CHUNK)]
            imgs = e.images.of(kc)
            stab = (imgs == kc).sum(axis=0, dtype=np.int64)
            orbit_total += int((e.images.count // stab).sum())
            out, has = self._children(kc, start, imgs)
            dead.append(np.flatnonzero(~has) + start)
            if not self.fits:
                buckets[0].extend(out)
                continue
            if not len(self.pivots):
                buckets[0].append(out)
                continue
            # Bucket j holds the keys from pivot j-1 (included) to pivot j.
            ids = np.searchsorted(self.pivots, out, side="right")
            ends = np.cumsum(np.bincount(ids, minlength=len(buckets))).tolist()
            out = out[np.argsort(ids, kind="stable")]
            for j, (begin, end) in enumerate(zip([0, *ends[:-1]], ends, strict=True)):
                buckets[j].append(out[begin:end])
        return buckets, dead, orbit_total

    def merge(self, parts: list, combine: Callable, repeats: bool = True):
        """Sort one bucket and sum path counters over equal children.

        Returns the distinct children (sorted) and ``combine(parent, starts,
        repeated)``: ``parent`` is the parent index of each move in the merged
        order, ``starts`` where each child's run of moves begins, and
        ``repeated`` (with ``repeats``; else None) the moves whose (child,
        parent) pair repeats the one before (a parent's second move into the
        same class). With no moves, ``(children, None)``.
        """
        if self.fits:
            merged = np.concatenate(parts) if parts else np.zeros(0, dtype=U64)
            merged = sorted_in_pieces(merged)
            child = merged >> U64(self.bits)
            same_pair = merged[1:] == merged[:-1] if repeats else None
            # The parent indices, in place (intp is int64 where keys fit 64 bits).
            np.bitwise_and(merged, U64((1 << self.bits) - 1), out=merged)
            parent = merged.view(np.int64)
        else:
            child = np.concatenate([c for c, _ in parts]) if parts else np.zeros(0, dtype=U64)
            parent = np.concatenate([p for _, p in parts]) if parts else np.zeros(0, np.intp)
            order = np.lexsort((parent, child))
            child, parent = child[order], parent[order]
            same_pair = ((child[1:] == child[:-1]) & (parent[1:] == parent[:-1])
                         if repeats else None)
        if len(child) == 0:
            return child, None
        new = np.empty(len(child), dtype=bool)
        new[0] = True
        np.not_equal(child[1:], child[:-1], out=new[1:])
        starts = np.flatnonzero(new)
        del new
        keys = child[starts]
        del child
        repeated = None if same_pair is None else np.flatnonzero(same_pair) + 1
        return keys, combine(parent, starts, repeated)


PIECE_BITS = 16  # sorts split a bucket into up to 2^16 pieces by their top bits
PIECE_MIN = 1 << 16  # smaller arrays are sorted in one go


def sorted_in_pieces(keys: np.ndarray) -> np.ndarray:
    """``keys`` sorted: a counting pass on their top 16 bits, then a sort of each piece.

    The counting pass (a stable argsort of 16-bit digits is a radix sort) is
    linear; the pieces are then mostly a few hundred keys, which numpy's
    vectorised sort handles several times faster per key than long arrays
    (a bucket of 8.5M keys of the English census: 0.29 s, against 0.56 s in
    one sort and 0.77 s with 2^12 pieces).
    """
    if len(keys) < PIECE_MIN:
        return np.sort(keys)
    low = keys.min()
    spread = int(keys.max() - low)
    shift = U64(max(0, spread.bit_length() - PIECE_BITS))
    digits = ((keys - low) >> shift).astype(np.uint16)
    sizes = np.bincount(digits, minlength=1 << PIECE_BITS)
    out = keys[np.argsort(digits, kind="stable")]
    del digits
    ends = np.cumsum(sizes)
    several = np.flatnonzero(sizes > 1)  # only these pieces need a sort
    for begin, end in zip((ends[several] - sizes[several]).tolist(), ends[several].tolist(),
                          strict=True):
        out[begin:end].sort()
    return out


class LevelEngine:
    def __init__(self, geo: Geometry, syms: tuple[int, ...]) -> None:
        self.geo = geo
        self.images = Images(geo, syms)
        self.needs = np.array([m.need for m in geo.moves], dtype=U64)
        self.masks = np.array([m.mask for m in geo.moves], dtype=U64)
        self.move_images = self.images.of(self.masks)  # (symmetries, moves)



# glibc's mallopt parameters and their defaults.
M_TRIM_THRESHOLD, M_MMAP_MAX = -1, -4
TRIM_DEFAULT, MMAP_MAX_DEFAULT = 128 * 1024, 65536
_heap_lock = threading.Lock()
_heap_users = 0


def _glibc():
    """The C library when it is glibc (whose allocator :func:`kept_heap` tunes), else None."""
    if sys.platform != "linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        import ctypes  # here, not at the top: not every Python (Pyodide) has it

        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:  # pragma: no cover
        return None


@contextmanager
def kept_heap() -> Iterator[None]:
    """While a census runs, freed arrays stay in the heap instead of going back to the system.

    glibc maps each large array afresh and unmaps it when freed, so every
    level's arrays are new pages that the kernel must fault in and zero; in
    a virtual machine that was a fifth of the English census's CPU time
    (24 s down to 19.5 s, with the same peak memory). Allocating from the
    heap and not trimming it lets the next level reuse the pages. The
    defaults come back afterwards and the spare memory is returned.
    """
    global _heap_users
    libc = _glibc()
    if libc is None:
        yield
        return
    with _heap_lock:
        _heap_users += 1
        if _heap_users == 1:
            libc.mallopt(M_MMAP_MAX, 0)
            libc.mallopt(M_TRIM_THRESHOLD, 2**31 - 1)
    try:
        yield
    finally:
        with _heap_lock:
            _heap_users -= 1
            if _heap_users == 0:
                libc.mallopt(M_MMAP_MAX, MMAP_MAX_DEFAULT)
                libc.mallopt(M_TRIM_THRESHOLD, TRIM_DEFAULT)
                libc.malloc_trim(0)


def run_tasks(tasks, workers: int):
    """Run callables, in a thread pool when there are workers; yield each result in order."""
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield task()
        return
    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(task) for task in tasks]
        for future in futures:
            yield future.result()

