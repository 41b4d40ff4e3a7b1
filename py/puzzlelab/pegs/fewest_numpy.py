"""The fewest-moves search's layers with numpy (:mod:`puzzlelab.pegs.fewest`).

The same search as :class:`puzzlelab.pegs.fewest_sides.PythonSide`, a chunk of
parents at a time over arrays: a chain is a set of states (position, hole
of the moving peg) advanced one jump at a time for all of them at once
(per jump direction, a table look-up by hole gives the bits to test and to
flip); every state's position is a child. Children are normalised through digit tables (the
least image under the symmetries), made unique by sorting, tested against
the classes seen (a sorted array, by binary search) and against the
pagoda functions, one at a time on what is left.

Each side keeps its classes as a sorted uint64 array with a uint8 depth
beside each: 9 bytes a class, against about 120 in the pure Python dict.
"""

from __future__ import annotations

import numpy as np

from puzzlelab.jobs import Steps, due
from puzzlelab.pegs.fewest_sides import Context, Report, Side
from puzzlelab.pegs.numpy_level import sorted_unique
from puzzlelab.pegs.pruning import Pagodas

U64 = np.uint64
#: Parents expanded per chunk: their chain states (a few million at most on
#: the usual boards) stay within tens of MB, and a chunk takes well under 0.1 s.
CHUNK = 1 << 13
#: Chain states are deduplicated (on position and hole) only past this many in a
#: chunk: two chains rarely meet in one state, and sorting every step took a
#: third of a layer's time; the bound keeps a chunk's memory in check where they do.
DEDUPE_STATES_PAST = 1 << 20
#: Keys a layer's merge sorts between two reports (about 0.1 s natively).
MERGE_RANGE = 1 << 20
#: Positions up to this many holes leave 6 bits for the moving peg's hole in
#: one uint64 sort key; larger boards sort the pairs.
PACKED_STATE_HOLES = 58


class Arrays:
    """A context's tables as arrays: symmetry digits, jumps by direction, pagodas."""

    def __init__(self, ctx: Context, forward: bool) -> None:
        geo = ctx.geo
        self.size = geo.size
        self.digit = ctx.DIGIT
        self.images = np.array(ctx.digits, dtype=U64)  # (symmetries, parts, 2^digit)
        self.parts = self.images.shape[1]
        widest = max(len(j) for j in ctx.jumps)
        # Per direction slot k and hole: the bits a jump from the hole tests, what
        # they must hold (never matched where the hole has no k-th jump), its flip
        # and landing.
        self.test = np.zeros((widest, geo.size), dtype=U64)
        self.need = np.ones((widest, geo.size), dtype=U64)
        self.flip = np.zeros((widest, geo.size), dtype=U64)
        self.land = np.zeros((widest, geo.size), dtype=np.uint8)
        for hole, jumps in enumerate(ctx.jumps):
            for k, (both, over, flip, dst) in enumerate(jumps):
                self.test[k, hole] = both
                self.need[k, hole] = over if forward else 0
                self.flip[k, hole] = flip
                self.land[k, hole] = dst
        # The first jump of a chain, by jump: what the three holes must hold.
        self.first = [(U64(m.mask), U64(m.need if forward else 1 << m.src), m.dst)
                      for m in geo.moves]
        pagodas = ctx.forward_pagodas if forward else ctx.backward_pagodas
        self.complement = U64(0 if forward else geo.full)
        self.pagodas = self._pagoda_tables(pagodas)

    def _pagoda_tables(self, pagodas: Pagodas) -> list[tuple[np.ndarray, U64, U64]]:
        """The pagodas four to a uint64 word, packed as :class:`Pagodas` packs them
        (a field of ``BIAS`` plus the sum under a guard bit): per word, the packed
        sums of each digit's patterns, the guard bits and the packed thresholds."""
        step = pagodas.WIDTH + 1
        per_word = 64 // step
        holes = np.arange(self.size)
        values = np.arange(1 << self.digit)
        out = []
        for first in range(0, len(pagodas.weights), per_word):
            fields = range(first, min(first + per_word, len(pagodas.weights)))
            weight = np.zeros(self.size, dtype=np.int64)  # a hole's packed weights
            for slot, k in enumerate(fields):
                weight += np.array(pagodas.weights[k], dtype=np.int64) << (slot * step)
            table = np.zeros((self.parts, 1 << self.digit), dtype=np.int64)
            for p in range(self.parts):
                for bit in range(self.digit):
                    hole = p * self.digit + bit
                    if hole < self.size:
                        table[p] += np.where(values >> bit & 1, weight[holes[hole]], 0)
            table[0] += sum(pagodas.BIAS << (slot * step) for slot in range(len(fields)))
            guard = sum(1 << (slot * step + pagodas.WIDTH) for slot in range(len(fields)))
            threshold = sum(((pagodas.threshold >> (k * step)) & ((1 << step) - 1))
                            << (slot * step) for slot, k in enumerate(fields))
            out.append((table.astype(U64), U64(guard), U64(threshold)))
        return out

    def norm(self, keys: np.ndarray) -> np.ndarray:
        """The class of each position: its least image."""
        mask = U64((1 << self.digit) - 1)
        digits = [((keys >> U64(self.digit * p)) & mask).astype(np.intp)
                  for p in range(self.parts)]
        best = None
        for tables in self.images:
            image = tables[0][digits[0]]
            for p in range(1, self.parts):
                image |= tables[p][digits[p]]
            best = image if best is None else np.minimum(best, image)
        return best if best is not None else keys

    def hopeful(self, keys: np.ndarray) -> np.ndarray:
        """The classes no pagoda proves off every solution (see ``Context.hopeless``):
        a field below its threshold borrows its guard bit."""
        if not self.pagodas or len(keys) == 0:
            return keys
        mask = U64((1 << self.digit) - 1)
        pegs = keys ^ self.complement
        digits = [((pegs >> U64(self.digit * p)) & mask).astype(np.intp)
                  for p in range(self.parts)]
        for table, guard, threshold in self.pagodas:
            total = table[0][digits[0]]
            for p in range(1, self.parts):
                total += table[p][digits[p]]
            keep = (((total | guard) - threshold) & guard) == guard
            if not keep.all():
                keys = keys[keep]
                digits = [d[keep] for d in digits]
        return keys

    def children(self, parents: np.ndarray) -> np.ndarray:
        """Every position one move (un-move) from a parent, with repeats."""
        states_q, states_at = [], []
        for mask, need, dst in self.first:
            moved = parents[(parents & mask) == need]
            if len(moved):
                states_q.append(moved ^ mask)
                states_at.append(np.full(len(moved), dst, dtype=np.uint8))
        if not states_q:
            return np.zeros(0, dtype=U64)
        q, at = np.concatenate(states_q), np.concatenate(states_at)
        if len(q) > DEDUPE_STATES_PAST:
            q, at = _unique_states(q, at)
        out = [q]
        while len(q):
            next_q, next_at = [], []
            for k in range(len(self.test)):
                test = self.test[k][at]
                legal = (q & test) == self.need[k][at]
                if legal.any():
                    where = at[legal]
                    next_q.append(q[legal] ^ self.flip[k][where])
                    next_at.append(self.land[k][where])
            if not next_q:
                break
            q, at = np.concatenate(next_q), np.concatenate(next_at)
            if len(q) > DEDUPE_STATES_PAST:
                q, at = _unique_states(q, at)
            out.append(q)
        return np.concatenate(out)


def _unique_states(q: np.ndarray, at: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct (position, hole) pairs."""
    if len(q) < 2:
        return q, at
    if int(at.max()) < 64 and int(q.max()).bit_length() <= PACKED_STATE_HOLES:
        packed = sorted_unique((q << U64(6)) | at.astype(U64))
        return packed >> U64(6), (packed & U64(63)).astype(np.uint8)
    order = np.lexsort((at, q))
    q, at = q[order], at[order]
    keep = np.ones(len(q), dtype=bool)
    keep[1:] = (q[1:] != q[:-1]) | (at[1:] != at[:-1])
    return q[keep], at[keep]


def _members(keys: np.ndarray, sorted_set: np.ndarray) -> np.ndarray:
    """Which keys are in the sorted array."""
    if len(sorted_set) == 0:
        return np.zeros(len(keys), dtype=bool)
    at = np.searchsorted(sorted_set, keys)
    at[at == len(sorted_set)] = 0
    return sorted_set[at] == keys


class NumpySide(Side):
    """One end of the search over arrays (the interface of ``PythonSide``)."""

    engine = "numpy"

    def __init__(self, ctx: Context, roots, forward: bool) -> None:
        self.ctx = ctx
        self.forward = forward
        self.arrays = Arrays(ctx, forward)
        keys = self.arrays.hopeful(sorted_unique(np.array(sorted(roots), dtype=U64)))
        self.seen = keys
        self.depths = np.zeros(len(keys), dtype=np.uint8)
        self.frontier = keys
        self.sizes = [len(keys)]

    def depth(self, key: int) -> int | None:
        """The class's distance in moves from this end, if seen."""
        at = int(np.searchsorted(self.seen, U64(key)))
        if at < len(self.seen) and int(self.seen[at]) == key:
            return int(self.depths[at])
        return None

    def expand_steps(self, other: NumpySide | None, report: Report) -> Steps[int | None]:
        """Build the next layer; stop at (and return) the first class ``other`` holds."""
        arrays = self.arrays
        depth = len(self.sizes)
        found: list[np.ndarray] = []
        count = 0
        for begin in range(0, len(self.frontier), CHUNK):
            keys = sorted_unique(arrays.norm(arrays.children(self.frontier[begin:begin + CHUNK])))
            keys = arrays.hopeful(keys[~_members(keys, self.seen)])
            if other is not None:
                met = keys[_members(keys, other.seen)]
                if len(met):
                    self._add(keys, depth)
                    return int(met[0])
            found.append(keys)
            count += len(keys)
            if due():
                yield report(self, min(begin + CHUNK, len(self.frontier)), count)
        layer = yield from self._merge_steps(found, depth, report)
        self.frontier = layer
        self.sizes.append(len(layer))
        return None

    def _add(self, layer: np.ndarray, depth: int) -> None:
        """Merge a sorted layer into the classes seen."""
        at = np.searchsorted(self.seen, layer)
        self.seen = np.insert(self.seen, at, layer)
        self.depths = np.insert(self.depths, at, np.uint8(depth))

    def _merge_steps(self, found: list[np.ndarray], depth: int,
                     report: Report) -> Steps[np.ndarray]:
        """The new layer (the union of the chunks' sorted keys), merged into the classes
        seen one key range at a time, with a report between ranges: sorting a whole
        layer of tens of millions at once took seconds without one, past a Cancel.

        Memory is what bounds the search, so no array is held twice longer than it
        must be: the chunks' keys (``found``, repeats included) are let go once
        the layer is made of them, and the classes seen are merged into one array
        allocated once, not into pieces joined afterwards (that held the classes
        seen three times over at the end of each layer: the old array, the pieces
        and the joined copy). See :func:`puzzlelab.pegs.fewest.layer_peak_bytes`."""
        total = sum(len(keys) for keys in found)
        ranges = max(1, -(-total // MERGE_RANGE))
        # Range bounds at quantiles of a sample of the keys (their spread is uneven).
        sample = np.sort(np.concatenate(
            [keys[::max(1, len(keys) * ranges // 4096)] for keys in found]
            or [np.zeros(0, dtype=U64)]))
        picks = (np.arange(1, ranges) * len(sample)) // ranges
        bounds = np.unique(sample[picks]) if len(sample) else np.zeros(0, dtype=U64)
        found_cuts = [np.concatenate(([0], np.searchsorted(keys, bounds), [len(keys)]))
                      for keys in found]
        parts = []
        for r in range(len(bounds) + 1):
            parts.append(sorted_unique(np.concatenate(
                [keys[cuts[r]:cuts[r + 1]] for keys, cuts in zip(found, found_cuts, strict=True)]
                or [np.zeros(0, dtype=U64)])))
            if due():
                yield report(self, len(self.frontier), total)
        found.clear()  # (the caller's list: its chunks go now)
        layer = np.concatenate(parts)
        part_cuts = np.cumsum([0] + [len(part) for part in parts])
        del parts
        seen_cuts = np.concatenate(([0], np.searchsorted(self.seen, bounds), [len(self.seen)]))
        seen = np.empty(len(self.seen) + len(layer), dtype=U64)
        depths = np.empty(len(seen), dtype=np.uint8)
        out = 0
        for r in range(len(bounds) + 1):
            old = self.seen[seen_cuts[r]:seen_cuts[r + 1]]
            part = layer[part_cuts[r]:part_cuts[r + 1]]
            merged = len(old) + len(part)
            # Where each new class lands among the old ones of its range.
            new_at = np.searchsorted(old, part) + np.arange(len(part))
            is_old = np.ones(merged, dtype=bool)
            is_old[new_at] = False
            seen[out:out + merged][new_at] = part
            seen[out:out + merged][is_old] = old
            depths[out:out + merged][new_at] = depth
            depths[out:out + merged][is_old] = self.depths[seen_cuts[r]:seen_cuts[r + 1]]
            out += merged
            if due():
                yield report(self, len(self.frontier), total)
        self.seen, self.depths = seen, depths
        return layer
