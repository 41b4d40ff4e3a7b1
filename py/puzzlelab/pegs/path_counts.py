"""Exact path counters of a numpy level (:class:`Counts`).

Path counts pass 2^64 (the English board has 577,116,156,815,309,849,672
complete games), so a counter is two arrays: its exact value modulo 2^64
(``uint64`` arithmetic wraps) and a ``float64`` approximation; together
they give the exact integer while it stays below 2^88, far more than the
relative error of the float sums needs (see :func:`exact`). If a level's
counts pass that bound, the counters switch to Python ints in ``object``
arrays (exact at any size, slower). While no sum can reach 2^64 the float
columns are left out (*narrow* counters).
"""

from __future__ import annotations

import numpy as np

from puzzlelab.jobs import Steps, due, finish
from puzzlelab.pegs.numpy_level import U64, joined_steps

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


def _exact_sum(lo: np.ndarray) -> int:
    """The exact sum of uint64 values (halves of 32 bits cannot wrap below 2^32 entries)."""
    high = int((lo >> U64(32)).sum(dtype=U64))
    low = int((lo & U64(0xFFFFFFFF)).sum(dtype=U64))
    return (high << 32) + low


OBJECT_SLICE = 1 << 18  # exact counters (Python ints) summed between two looks at the clock


class Counts:
    """The path counters of the entries of one level, exact (see the module docstring).

    ``cols`` holds two arrays per counter: its values modulo 2^64 (uint64) and
    their float64 approximation. The census keeps two counters (the full tree,
    then the normalised tree), a count one. (Separate columns: numpy gathers
    four 1-d arrays faster than one array of 32-byte rows.) While no sum can
    reach 2^64 the counters are *narrow*: the float columns are None and the
    uint64 values are exact, which halves the gathers and sums of a level (see
    :meth:`widened_for`). ``obj`` holds Python ints instead, shape (n,
    counters), once the values pass :data:`FLOAT_LIMIT`.
    """

    __slots__ = ("_pairs", "cols", "obj")

    def __init__(self, cols: list | None = None, obj: np.ndarray | None = None):
        self.cols, self.obj = cols, obj
        self._pairs: np.ndarray | None = None

    @classmethod
    def ones(cls, n: int, counters: int = 2) -> Counts:
        """``counters`` counters of ``n`` entries, each 1."""
        return cls([np.ones(n, dtype=U64) if k % 2 == 0 else None for k in range(2 * counters)])

    @property
    def counters(self) -> int:
        """How many counters each entry has."""
        return self.obj.shape[1] if self.obj is not None else len(self.cols) // 2

    def __len__(self) -> int:
        return len(self.obj) if self.obj is not None else len(self.cols[0])

    @property
    def narrow(self) -> bool:
        return self.obj is None and self.cols[1] is None

    def widened_for(self, fan_in: int) -> Counts:
        """Counts that can be summed ``fan_in`` at a time without losing the exact values."""
        if not self.narrow or len(self.cols[0]) == 0:
            return self
        largest = max(int(col.max()) for col in self.cols[0::2])
        return self if largest * fan_in < NARROW_LIMIT else self._wide()

    def take(self, index: np.ndarray) -> Counts:
        if self.obj is not None:
            return Counts(obj=self.obj[index])
        if self.narrow and self.counters == 2:
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

    @classmethod
    def _of_pairs(cls, pairs: np.ndarray) -> Counts:
        """Narrow counts of two counters held side by side (``pairs``, complex128 items)."""
        both = pairs.view(U64).reshape(-1, 2)
        counts = cls([both[:, 0], None, both[:, 1], None])
        counts._pairs = pairs
        return counts

    def pair_steps(self) -> Steps[None]:
        """Build the pairs :meth:`take` gathers from (narrow counts), in slices with a
        pause when a report is due: on a level of millions it is a large copy."""
        if not self.narrow or self.counters != 2 or self._pairs is not None:
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
        if self.narrow and self.counters == 2:
            # Summed straight into the side-by-side pairs that :meth:`take` gathers from,
            # so the next level needs no copy into pairs (:meth:`pair_steps`).
            pairs = np.empty((len(starts), 2), dtype=U64)
            np.add.reduceat(self.cols[0], starts, out=pairs[:, 0])
            np.add.reduceat(self.cols[2], starts, out=pairs[:, 1])
            return Counts._of_pairs(pairs.view(np.complex128).reshape(-1))
        result = Counts([None if col is None else np.add.reduceat(col, starts)
                         for col in self.cols])
        if result.narrow or not len(starts):
            return result
        if max(float(col.max()) for col in result.cols[1::2]) >= FLOAT_LIMIT:
            return result.exact_objects()
        return result

    def _wide(self) -> Counts:
        """The same counts with their float columns (a no-op unless narrow)."""
        if not self.narrow:
            return self
        cols = []
        for lo in self.cols[0::2]:
            cols += [lo, lo.astype(np.float64)]
        return Counts(cols)

    def exact_objects(self) -> Counts:
        """The same counts as Python ints (exact at any size)."""
        if self.obj is not None:
            return self
        if self.narrow:
            values = [lo.tolist() for lo in self.cols[0::2]]
        else:
            values = [
                [exact(a, b) for a, b in zip(lo.tolist(), approx.tolist(), strict=True)]
                for lo, approx in zip(self.cols[0::2], self.cols[1::2], strict=True)
            ]
        obj = np.empty((len(self.cols[0]), len(values)), dtype=object)
        for k, column in enumerate(values):
            obj[:, k] = column
        return Counts(obj=obj)

    def values(self, which: int = 0) -> list[int]:
        """Counter ``which`` of every entry, as exact ints."""
        return [int(v) for v in self.exact_objects().obj[:, which].tolist()]

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
        if parts and all(c._pairs is not None for c in parts):  # narrow, two counters side by side
            return cls._of_pairs((yield from joined_steps([c._pairs for c in parts])))
        if any(not c.narrow for c in parts):
            parts = [c._wide() for c in parts]
        cols = []
        for k in range(len(parts[0].cols)):
            cols.append(None if parts[0].cols[k] is None
                        else (yield from joined_steps([c.cols[k] for c in parts])))
        return cls(cols)

    def total(self, which: int, mask: np.ndarray | None = None) -> int:
        """The exact sum of counter ``which`` (the census: 0 the full tree, 1 the
        normalised tree), over ``mask``."""
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

