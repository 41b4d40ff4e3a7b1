"""The peg solitaire census vectorised with numpy: whole levels at a time.

Same figures as :func:`puzzlelab.pegs.census.census_steps` (the tests check that
the two engines agree), computed on arrays:

* A level is a sorted ``uint64`` array of normalised positions (one per
  symmetry class) with its two path counters.
* The images of every position under each symmetry in use are a few
  table look-ups of 11-bit digits (``table[k][(pegs >> 11*k) & 2047]``
  OR-ed together: three for the 33 cells of the English board);
  a child's images are its parent's images XOR the images of the move's
  mask, so normalising a child (the smallest image) costs one XOR and one
  minimum per symmetry.
* The children of a level, from every legal move of every position, are
  merged in one sort of ``child << b | parent`` (``b`` bits hold the
  parent's index): equal children become runs, equal (child, parent) pairs
  sub-runs, so both path counters are sums over runs (``np.add.reduceat``)
  with no hash table (``np.unique`` hashes in recent numpy, far slower
  here). Boards whose keys do not fit 64 bits sort with ``np.lexsort``
  instead.
* While a census runs, freed arrays stay in the process heap (see
  :func:`_kept_heap`), so each level reuses the pages of the last one.
* Path counts pass 2^64 (the English board has 577,116,156,815,309,849,672
  complete games), so a counter is two arrays: its exact value modulo 2^64
  (``uint64`` arithmetic wraps) and a ``float64`` approximation; together
  they give the exact integer while it stays below 2^88, far more than the
  relative error of the float sums needs (see :func:`exact`). If a level's
  counts pass that bound, the counters switch to Python ints in ``object``
  arrays (exact at any size, slower). Every dtype is named: on wasm32
  numpy's default integer is 32 bits.
"""

from __future__ import annotations

import os
import platform
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from functools import partial

# The census does no linear algebra: one BLAS thread is all it needs, and
# OpenBLAS reserves a buffer per thread when numpy loads (126 MB of address
# space on a 2-core machine, 85 MB with one thread), ending the process when an
# address-space limit (ulimit -v) does not leave room. (Set before the import;
# a person's own setting wins.)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.pegs import census_common
from puzzlelab.pegs.shape import Geometry

U64 = np.uint64
TWO64 = 2.0**64
FLOAT_LIMIT = 2.0**88  # below this, (value mod 2^64, float) pins the exact value down
# While a level's largest count times the most moves that can lead into one
# class stays below this, sums cannot wrap: the counters go without floats.
NARROW_LIMIT = 1 << 64


def exact(lo: int, approx: float) -> int:
    """The integer that is ``lo`` modulo 2^64 and within 2^62 of ``approx``."""
    lo = int(lo) % (1 << 64)
    high = round((approx - lo) / TWO64)
    return high * (1 << 64) + lo


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


def _exact_sum(lo: np.ndarray) -> int:
    """The exact sum of uint64 values (halves of 32 bits cannot wrap below 2^32 entries)."""
    high = int((lo >> U64(32)).sum(dtype=U64))
    low = int((lo & U64(0xFFFFFFFF)).sum(dtype=U64))
    return (high << 32) + low


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


class Counts:
    """Both path counters of the entries of one level, exact (see the module docstring).

    ``cols`` holds four arrays: full-tree paths modulo 2^64 (uint64), their
    float64 approximation, then the same two for the normalised tree.
    (Separate columns: numpy gathers four 1-d arrays faster than one array
    of 32-byte rows.) While no sum can reach 2^64 the counters are *narrow*:
    the float columns are None and the uint64 values are exact, which halves
    the gathers and sums of a level (see :meth:`widened_for`). ``obj`` holds
    Python ints instead, shape (n, 2), once the values pass :data:`FLOAT_LIMIT`.
    """

    __slots__ = ("_pairs", "cols", "obj")

    def __init__(self, cols: list | None = None, obj: np.ndarray | None = None):
        self.cols, self.obj = cols, obj
        self._pairs: np.ndarray | None = None

    @classmethod
    def ones(cls, n: int) -> Counts:
        return cls([np.ones(n, dtype=U64), None, np.ones(n, dtype=U64), None])

    @property
    def narrow(self) -> bool:
        return self.obj is None and self.cols[1] is None

    def widened_for(self, fan_in: int) -> Counts:
        """Counts that can be summed ``fan_in`` at a time without losing the exact values."""
        if not self.narrow or len(self.cols[0]) == 0:
            return self
        largest = max(int(self.cols[0].max()), int(self.cols[2].max()))
        return self if largest * fan_in < NARROW_LIMIT else self._wide()

    def take(self, index: np.ndarray) -> Counts:
        if self.obj is not None:
            return Counts(obj=self.obj[index])
        if self.narrow:
            # Both counters side by side as one 16-byte item: a random gather then
            # fetches one cache line per parent, not two (about 30% faster). Built
            # once per level; threads that race here build the same array.
            if self._pairs is None:
                pairs = np.empty((len(self.cols[0]), 2), dtype=U64)
                pairs[:, 0] = self.cols[0]
                pairs[:, 1] = self.cols[2]
                self._pairs = pairs.view(np.complex128).reshape(-1)
            both = self._pairs[index].view(U64).reshape(-1, 2)
            return Counts([both[:, 0], None, both[:, 1], None])
        return Counts([None if col is None else col[index] for col in self.cols])

    def pair_steps(self) -> Steps[None]:
        """Build the pairs :meth:`take` gathers from (narrow counts), in slices with a
        pause when a report is due: on a level of millions it is a large copy."""
        if not self.narrow or self._pairs is not None:
            return
        n = len(self.cols[0])
        pairs = np.empty((n, 2), dtype=U64)
        for lo in range(0, n, OBJECT_SLICE * 4):
            if due():
                yield None
            hi = min(n, lo + OBJECT_SLICE * 4)
            pairs[lo:hi, 0] = self.cols[0][lo:hi]
            pairs[lo:hi, 1] = self.cols[2][lo:hi]
        self._pairs = pairs.view(np.complex128).reshape(-1)

    def drop_normal(self, index: np.ndarray) -> Counts:
        """In place: the normalised-tree counts at ``index`` become 0."""
        if self.obj is not None:
            self.obj[index, 1] = 0
        else:
            self.cols[2][index] = 0
            if self.cols[3] is not None:
                self.cols[3][index] = 0.0
        return self

    def sums(self, starts: np.ndarray) -> Counts:
        """Sums over the runs of entries that begin at ``starts``."""
        if self.obj is not None:
            return Counts(obj=np.add.reduceat(self.obj, starts, axis=0))
        result = Counts([None if col is None else np.add.reduceat(col, starts)
                         for col in self.cols])
        if result.narrow or not len(starts):
            return result
        if max(float(result.cols[1].max()), float(result.cols[3].max())) >= FLOAT_LIMIT:
            return result.exact_objects()
        return result

    def _wide(self) -> Counts:
        """The same counts with their float columns (a no-op unless narrow)."""
        if not self.narrow:
            return self
        lo, _, normal_lo, _ = self.cols
        return Counts([lo, lo.astype(np.float64), normal_lo, normal_lo.astype(np.float64)])

    def exact_objects(self) -> Counts:
        if self.obj is not None:
            return self
        if self.narrow:
            pairs = [self.cols[0].tolist(), self.cols[2].tolist()]
        else:
            pairs = [
                [exact(a, b) for a, b in zip(lo.tolist(), approx.tolist(), strict=True)]
                for lo, approx in (self.cols[0:2], self.cols[2:4])
            ]
        obj = np.empty((len(self.cols[0]), 2), dtype=object)
        obj[:, 0] = pairs[0]
        obj[:, 1] = pairs[1]
        return Counts(obj=obj)

    @classmethod
    def concatenate(cls, parts: list[Counts]) -> Counts:
        """The counts of ``parts`` one after another."""
        return finish(cls.concatenate_steps(parts))

    @classmethod
    def concatenate_steps(cls, parts: list[Counts]) -> Steps[Counts]:
        """:meth:`concatenate`, pausing between parts when a report is due: turning
        a level's parts into Python ints (once one part needs them) takes seconds."""
        if any(c.obj is not None for c in parts):
            objects = []
            for c in parts:
                if due():
                    yield None
                objects.append(c.exact_objects().obj)
            return cls(obj=np.concatenate(objects))
        if any(not c.narrow for c in parts):
            parts = [c._wide() for c in parts]
        cols = []
        for k in range(4):
            cols.append(None if parts[0].cols[k] is None
                        else (yield from joined_steps([c.cols[k] for c in parts])))
        return cls(cols)

    def total(self, which: int, mask: np.ndarray | None = None) -> int:
        """The exact sum of counter ``which`` (0: full tree, 1: normalised), over ``mask``."""
        return finish(self.total_steps(which, mask))

    def total_steps(self, which: int, mask: np.ndarray | None = None) -> Steps[int]:
        """:meth:`total`, pausing when a report is due (a sum of Python ints over a
        level of millions takes a few tenths of a second)."""
        if due():
            yield None
        if self.obj is not None:
            values = self.obj[:, which] if mask is None else self.obj[mask, which]
            total = 0
            for lo in range(0, len(values), OBJECT_SLICE):
                if due():
                    yield None
                total += sum(values[lo : lo + OBJECT_SLICE].tolist())
            return int(total)
        lo, approx = self.cols[2 * which : 2 * which + 2]
        if mask is not None:
            lo = lo[mask]
            approx = None if approx is None else approx[mask]
        if len(lo) == 0:
            return 0
        if approx is None:
            # Exact uint64 sums of slices (two temporaries each, not two of the level).
            total = 0
            for start in range(0, len(lo), 4 * OBJECT_SLICE):
                if due():
                    yield None
                total += _exact_sum(lo[start : start + 4 * OBJECT_SLICE])
            return total
        # The float sum is within 2^62 of the true total while it stays below 2^88.
        if float(approx.sum()) >= FLOAT_LIMIT:
            return sum(exact(a, b) for a, b in zip(lo.tolist(), approx.tolist(), strict=True))
        return exact(int(lo.sum(dtype=U64)), float(approx.sum()))

    @property
    def nbytes(self) -> int:
        if self.obj is not None:
            return self.obj.nbytes + 40 * self.obj.size
        return sum(col.nbytes for col in self.cols if col is not None)


class Images:
    """Symmetry images of uint64 positions through byte tables."""

    DIGIT = 11  # bits looked up at once: 33 cells in 3 look-ups, tables of 16 kB

    def __init__(self, geo: Geometry, syms: tuple[int, ...]) -> None:
        nbytes = (geo.size + 7) // 8
        # Byte tables (tables[s, k, v]: image under symmetry s of the value v in byte k),
        # then wider digits built from them: fewer look-ups per key, still in cache.
        self.tables = np.array([geo.tables[k] for k in syms], dtype=U64)
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
OBJECT_SLICE = 1 << 18  # exact counters (Python ints) summed between two looks at the clock
BACKWARD_SLICE = 1 << 17  # good classes whose jumps are undone between two reports
MOVES_PER_CLASS = 8  # the English levels' average, to size the buckets before the moves exist


def _workers() -> int:
    """Threads for the level work: numpy releases the GIL in its loops (none in Pyodide)."""
    if sys.platform == "emscripten":
        return 1
    return max(1, min(4, os.cpu_count() or 1))


class _Level:
    """The arrays of one level's expansion, shared by its generation and merge tasks."""

    def __init__(self, engine: _Engine, keys: np.ndarray, buckets: int) -> None:
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

    def merge(self, parts: list, counts: Counts):
        """Sort one bucket and sum the path counters over equal children."""
        if self.fits:
            merged = np.concatenate(parts) if parts else np.zeros(0, dtype=U64)
            merged = sorted_in_pieces(merged)
            child = merged >> U64(self.bits)
            same_pair = merged[1:] == merged[:-1]
            # The parent indices, in place (intp is int64 where keys fit 64 bits).
            np.bitwise_and(merged, U64((1 << self.bits) - 1), out=merged)
            parent = merged.view(np.int64)
        else:
            child = np.concatenate([c for c, _ in parts]) if parts else np.zeros(0, dtype=U64)
            parent = np.concatenate([p for _, p in parts]) if parts else np.zeros(0, np.intp)
            order = np.lexsort((parent, child))
            child, parent = child[order], parent[order]
            same_pair = (child[1:] == child[:-1]) & (parent[1:] == parent[:-1])
        if len(child) == 0:
            return child, None
        new = np.empty(len(child), dtype=bool)
        new[0] = True
        np.not_equal(child[1:], child[:-1], out=new[1:])
        starts = np.flatnonzero(new)
        del new
        keys = child[starts]
        del child
        # The full tree counts every move; the normalised tree counts a parent's
        # moves to the same normalised child once.
        repeats = np.flatnonzero(same_pair) + 1
        return keys, counts.take(parent).drop_normal(repeats).sums(starts)


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


class _Engine:
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
    """The C library when it is glibc (whose allocator :func:`_kept_heap` tunes), else None."""
    if sys.platform != "linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        import ctypes  # here, not at the top: not every Python (Pyodide) has it

        libc = ctypes.CDLL(None)
        return libc if hasattr(libc, "mallopt") and hasattr(libc, "malloc_trim") else None
    except OSError:  # pragma: no cover
        return None


@contextmanager
def _kept_heap() -> Iterator[None]:
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


def _run(tasks, workers: int):
    """Run callables, in a thread pool when there are workers; yield each result in order."""
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield task()
        return
    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(task) for task in tasks]
        for future in futures:
            yield future.result()


def census_steps(
    board: str,
    start: str | None = None,
    goal: str | None = None,
    max_classes: int | None = None,
    workers: int | None = None,
    keep_good_from: int | None = None,
) -> Steps[census_common.Census]:
    """The census (the same figures as :func:`puzzlelab.pegs.census.census_steps`) with numpy.

    With ``keep_good_from``, the result's ``good_keys`` also holds, per level
    with at least that many pegs, the normalised positions from which the goal
    is still reachable (what :class:`puzzlelab.pegs.OpeningBook` stores), and
    ``good_wins`` the number of winning move sequences from each (what
    :class:`puzzlelab.pegs.count.CountTable` stores).
    """
    with _kept_heap():
        return (yield from _census(board, start, goal, max_classes, workers, keep_good_from))


def _census(
    board: str,
    start: str | None,
    goal: str | None,
    max_classes: int | None,
    workers: int | None,
    keep_good_from: int | None = None,
) -> Steps[census_common.Census]:
    began = time.perf_counter()
    pos, goal_, syms = census_common.census_setup(board, start, goal)
    geo = pos.geo
    engine = _Engine(geo, syms)
    images = engine.images
    h = images.count
    workers = _workers() if workers is None else workers
    goal_keys = sorted_unique(images.of(np.array(sorted(goal_.positions), dtype=U64)).min(axis=0))
    result = census_common.Census(
        board=geo.format(geo.full),
        start=pos.grid,
        goal=goal_.text,
        symmetries=h,
        engine="numpy",
        levels=[],
    )
    keys = images.of(np.array([pos.pegs], dtype=U64)).min(axis=0)
    counts = Counts.ones(1)
    stored: list[np.ndarray] = []
    peak = 0
    normal_games = 0
    depth = 0
    total_work = max(1, pos.peg_count - 1)
    moves_per_class = float(MOVES_PER_CLASS)
    while len(keys):
        n = len(keys)
        # The level's moves (8 bytes each, about three copies while they are merged)
        # beside the levels kept for the backward pass.
        need = sum(a.nbytes for a in stored) + counts.nbytes + n * (8 + moves_per_class * 24)
        budget = census_common.census_memory()  # (read at each level: what is in use changes)
        if need > budget:
            result.complete = False
            result.stopped = census_common.stopped_before(depth, n, need, budget)
            break
        level = census_common.Level(moves=depth, pegs=pos.peg_count - depth, classes=n)
        # Whole-level array passes, each up to 0.2 s natively on the largest
        # levels: a pause between them when a report is due.
        level.paths = yield from counts.total_steps(0)
        level.normal_paths = yield from counts.total_steps(1)
        if due():
            yield None
        is_goal = np.isin(keys, goal_keys)
        if is_goal.any():
            level.solutions = yield from counts.total_steps(0, is_goal)
        buckets_wanted = max(2 * workers, min(MAX_BUCKETS, n * MOVES_PER_CLASS // BUCKET_MOVES))
        if due():
            yield None
        # From a chunk of positions up, several buckets: one bucket of a level of
        # 131,072 positions (1.3 million moves) took 0.14 s to merge natively.
        work = _Level(engine, keys, buckets_wanted if n >= CHUNK else 1)
        step = CHUNK * TASK_CHUNKS
        tasks = [partial(work.generate, lo, min(n, lo + step)) for lo in range(0, n, step)]
        buckets: list[list] = [[] for _ in range(len(work.pivots) + 1)]
        dead_parts = []
        for done, (parts, dead, orbit_total) in enumerate(_run(tasks, workers), start=1):
            for j, bucket in enumerate(parts):
                buckets[j].extend(bucket)
            dead_parts.extend(dead)
            level.positions += orbit_total
            if done < len(tasks):
                yield Progress(depth + 0.6 * done / len(tasks), total_work,
                               f"Level {depth}: moves of {n:,} positions")
        dead = yield from joined_steps(dead_parts)
        if due():
            yield None
        if len(dead):
            level.dead_end_classes = len(dead)
            stab = (images.of(keys[dead]) == keys[dead]).sum(axis=0, dtype=np.int64)
            level.dead_ends = int((h // stab).sum())
            level.dead_end_paths = yield from counts.total_steps(0, dead)
            normal_games += yield from counts.total_steps(1, dead)
        result.levels.append(level)
        stored.append(keys)
        edges = sum(len(p) if work.fits else len(p[0]) for b in buckets for p in b)
        if edges == 0:
            break
        moves_per_class = max(moves_per_class, edges / n)
        yield Progress(depth + 0.6, total_work, f"Level {depth}: merging {edges:,} moves")
        live = sum(a.nbytes for a in stored) + counts.nbytes
        live += edges * (8 if work.fits else 16) * 3  # the parts, a merged bucket, its gathers
        peak = max(peak, live)
        # Every class has at most one parent per (move, symmetry) pair.
        counts = counts.widened_for(len(geo.moves) * h)
        if due():
            yield None
        yield from counts.pair_steps()
        merged = []
        merges = [partial(work.merge, b, counts) for b in buckets]
        for done, part in enumerate(_run(merges, workers), start=1):
            merged.append(part)
            yield Progress(depth + 0.6 + 0.4 * done / len(merges), total_work,
                           f"Level {depth}: merging {edges:,} moves")
        del buckets, work
        merged = [m for m in merged if m[1] is not None]
        next_keys = yield from joined_steps([m[0] for m in merged])
        if due():
            yield None
        counts = yield from Counts.concatenate_steps([m[1] for m in merged])
        del merged
        if max_classes is not None and len(next_keys) > max_classes:
            result.complete = False
            break
        keys = next_keys
        depth += 1
        yield Progress(depth, total_work, f"Level {depth}: {len(keys):,} positions")
    result.normal_games = normal_games
    if result.complete:
        kept = None if keep_good_from is None else (result.good_keys, result.good_wins)
        yield from _backward(engine, goal_keys, stored, result.levels, kept, keep_good_from or 0)
    result.seconds = time.perf_counter() - began
    result.peak_bytes = peak
    return result


def _backward(engine: _Engine, goal_keys, stored, levels, keep=None, keep_from=0) -> Steps[None]:
    """Classes from which the goal is reachable: undo jumps from the goal, level by level.

    With ``keep`` (two dicts), also counts the winning move sequences from each
    good class of the levels with at least ``keep_from`` pegs and keeps keys and
    counts there. A class's wins summed over its members (``total``) is the sum,
    over the jumps undone from each good class's representative, of that class's
    total: both count the moves between the two orbits (as the forward paths).
    """
    images, masks, move_images = engine.images, engine.masks, engine.move_images
    dst = np.array([1 << m.dst for m in engine.geo.moves], dtype=U64)
    counting = keep is not None
    good = np.zeros(0, dtype=U64)
    total = np.zeros(0, dtype=U64)
    goal_total = _orbits(images, goal_keys).astype(U64)  # one win from each goal position
    for depth in range(len(stored) - 1, -1, -1):
        level_keys = stored[depth]
        report = Progress(len(stored) - 1 - depth, len(stored), "Backward pass")
        found = [goal_keys]
        values = [goal_total]
        # In slices, with a progress report after each (a level is up to a second's work).
        for lo in range(0, len(good), BACKWARD_SLICE):
            part = good[lo : lo + BACKWARD_SLICE]
            imgs = images.of(part)
            for i in range(len(masks)):
                idx = np.flatnonzero((part & masks[i]) == dst[i])
                if len(idx):
                    sub = imgs[:, idx]
                    sub ^= move_images[:, i : i + 1]
                    found.append(sub.min(axis=0))
                    if counting:
                        values.append(total[idx + lo])
            yield report
        if counting:
            candidates, sums = _sums_by_key(np.concatenate(found), np.concatenate(values))
        else:
            # Sorted, the look-ups walk the level in order; repeats only mark twice.
            candidates = sorted_in_pieces(np.concatenate(found))
        del found, values
        yield report
        mark = np.zeros(len(level_keys), dtype=bool)
        hits = []
        for lo in range(0, len(candidates), 4 * BACKWARD_SLICE):
            part = candidates[lo : lo + 4 * BACKWARD_SLICE]
            at = np.searchsorted(level_keys, part)
            at[at == len(level_keys)] = 0
            hit = level_keys[at] == part
            mark[at[hit]] = True
            hits.append(hit)
            yield report
        hit = np.concatenate(hits) if hits else np.zeros(0, dtype=bool)
        good = level_keys[mark]
        level = levels[depth]
        level.good_classes = len(good)
        if len(good):
            level.good = int(_orbits(images, good).sum())
        if counting:
            total = sums[hit]  # candidates are distinct and sorted, as ``good``
            if level.pegs >= keep_from:
                orbit = _orbits(images, good).astype(U64)
                keep[0][level.pegs] = good.tolist()
                keep[1][level.pegs] = (total // orbit).tolist()


def _orbits(images: Images, keys: np.ndarray) -> np.ndarray:
    """The number of positions in the class of each normalised key."""
    stab = (images.of(keys) == keys).sum(axis=0, dtype=np.int64)
    return images.count // stab


def _sums_by_key(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct keys, sorted, and the sum of the values of each (exact in uint64)."""
    if not len(keys):
        return keys, values
    order = np.argsort(keys, kind="stable")
    keys, values = keys[order], values[order]
    new = np.empty(len(keys), dtype=bool)
    new[0] = True
    np.not_equal(keys[1:], keys[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    if float(np.add.reduceat(values.astype(np.float64), starts).max()) >= 2.0**63:
        raise OverflowError("winning sequences per class pass 2^63: too many to keep in uint64")
    return keys[starts], np.add.reduceat(values, starts)
