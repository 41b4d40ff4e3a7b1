"""The peg solitaire census vectorised with numpy: whole levels at a time.

Same figures as :func:`puzzlelab.pegs.census_steps` (the tests check that
the two engines agree), computed on arrays:

* A level is a sorted ``uint64`` array of normalised positions (one per
  symmetry class) with its two path counters.
* The images of every position under each symmetry in use are a few
  byte-table look-ups (``table[k][(pegs >> 8*k) & 255]`` OR-ed together);
  a child's images are its parent's images XOR the images of the move's
  mask, so normalising a child (the smallest image) costs one XOR and one
  minimum per symmetry.
* The children of a level, from every legal move of every position, are
  merged in one sort of ``child << b | parent`` (``b`` bits hold the
  parent's index): equal children become runs, equal (child, parent) pairs
  sub-runs, so both path counters are sums over runs (``np.add.reduceat``)
  with no hash table. Boards whose keys do not fit 64 bits sort with
  ``np.lexsort`` instead.
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

import time

import numpy as np

from puzzlelab import pegs
from puzzlelab.jobs import Progress, Steps

U64 = np.uint64
TWO64 = 2.0**64
FLOAT_LIMIT = 2.0**88  # below this, (value mod 2^64, float) pins the exact value down


def exact(lo: int, approx: float) -> int:
    """The integer that is ``lo`` modulo 2^64 and within 2^62 of ``approx``."""
    lo = int(lo) % (1 << 64)
    high = round((approx - lo) / TWO64)
    return high * (1 << 64) + lo


class Counter:
    """Exact path counts for the entries of one level (see the module docstring)."""

    __slots__ = ("approx", "lo", "obj")

    def __init__(self, lo=None, approx=None, obj=None) -> None:
        self.lo, self.approx, self.obj = lo, approx, obj

    @classmethod
    def ones(cls, n: int) -> Counter:
        return cls(np.ones(n, dtype=U64), np.ones(n, dtype=np.float64))

    def take(self, index: np.ndarray) -> Counter:
        if self.obj is not None:
            return Counter(obj=self.obj[index])
        return Counter(self.lo[index], self.approx[index])

    def scaled(self, factor: np.ndarray) -> Counter:
        if self.obj is not None:
            return Counter(obj=self.obj * factor.astype(object))
        return Counter(self.lo * factor.astype(U64), self.approx * factor.astype(np.float64))

    def sums(self, starts: np.ndarray) -> Counter:
        """Sums over the runs that begin at ``starts``."""
        if self.obj is not None:
            return Counter(obj=np.add.reduceat(self.obj, starts))
        counter = Counter(np.add.reduceat(self.lo, starts), np.add.reduceat(self.approx, starts))
        if len(counter.approx) and float(counter.approx.max()) >= FLOAT_LIMIT:
            return counter.exact_objects()
        return counter

    def exact_objects(self) -> Counter:
        values = [exact(lo, f) for lo, f in zip(self.lo.tolist(), self.approx.tolist(), strict=True)]
        return Counter(obj=np.array(values, dtype=object))

    def total(self, mask: np.ndarray | None = None) -> int:
        if self.obj is not None:
            values = self.obj if mask is None else self.obj[mask]
            return int(sum(values.tolist()))
        lo = self.lo if mask is None else self.lo[mask]
        approx = self.approx if mask is None else self.approx[mask]
        if len(lo) == 0:
            return 0
        # The sum of the floats is within 2^62 of the true total while it is below 2^88.
        if float(approx.sum()) >= FLOAT_LIMIT:
            return sum(exact(a, b) for a, b in zip(lo.tolist(), approx.tolist(), strict=True))
        return exact(int(lo.sum(dtype=U64)), float(approx.sum()))

    @property
    def nbytes(self) -> int:
        if self.obj is not None:
            return self.obj.nbytes + 40 * len(self.obj)
        return self.lo.nbytes + self.approx.nbytes


class Images:
    """Symmetry images of uint64 positions through byte tables."""

    def __init__(self, geo: pegs.Geometry, syms: tuple[int, ...]) -> None:
        self.nbytes = (geo.size + 7) // 8
        # tables[s, k, v]: image under symmetry s of the byte value v in byte k.
        self.tables = np.array([geo.tables[k] for k in syms], dtype=U64)
        self.count = len(syms)

    def of(self, keys: np.ndarray) -> np.ndarray:
        """``out[s]`` is the image of every key under symmetry ``s``."""
        out = np.zeros((self.count, len(keys)), dtype=U64)
        for k in range(self.nbytes):
            byte = ((keys >> U64(8 * k)) & U64(255)).astype(np.intp)
            for s in range(self.count):
                out[s] |= self.tables[s, k][byte]
        return out


def census_steps(
    board: str,
    start: str | None = None,
    goal: str | None = None,
    max_classes: int | None = None,
) -> Steps[pegs.Census]:
    """The census (the same figures as :func:`puzzlelab.pegs.census_steps`) with numpy."""
    began = time.perf_counter()
    pos, goal_, syms = pegs.census_setup(board, start, goal)
    geo = pos.geo
    images = Images(geo, syms)
    h = images.count
    needs = np.array([m.need for m in geo.moves], dtype=U64)
    masks = np.array([m.mask for m in geo.moves], dtype=U64)
    move_images = images.of(masks)  # (h, moves)
    goal_keys = np.unique(images.of(np.array(sorted(goal_.positions), dtype=U64)).min(axis=0))
    result = pegs.Census(
        board=geo.format(geo.full),
        start=pos.grid,
        goal=goal_.text,
        symmetries=h,
        engine="numpy",
        levels=[],
    )
    keys = images.of(np.array([pos.pegs], dtype=U64)).min(axis=0)
    paths = Counter.ones(1)
    normal = Counter.ones(1)
    stored: list[np.ndarray] = []
    peak = 0
    normal_games = 0
    depth = 0
    total_work = max(1, pos.peg_count - 1)
    while len(keys):
        n = len(keys)
        level = pegs.Level(moves=depth, pegs=pos.peg_count - depth)
        imgs = images.of(keys)
        stab = (imgs == keys).sum(axis=0, dtype=np.int64)
        orbit = h // stab
        level.classes = n
        level.positions = int(orbit.sum())
        level.paths = paths.total()
        level.normal_paths = normal.total()
        is_goal = np.isin(keys, goal_keys)
        if is_goal.any():
            level.solutions = paths.total(is_goal)

        # Children of every legal move: their normalised keys and parent indices.
        children = []
        parents = []
        has_move = np.zeros(n, dtype=bool)
        for i in range(len(needs)):
            idx = np.flatnonzero((keys & masks[i]) == needs[i])
            if len(idx) == 0:
                continue
            has_move[idx] = True
            sub = imgs[:, idx]
            sub ^= move_images[:, i : i + 1]
            children.append(sub.min(axis=0))
            parents.append(idx)
            if i % 16 == 15:
                yield Progress(depth + i / len(needs) * 0.5, total_work,
                               f"Level {depth}: moves of {n:,} positions")
        del imgs
        dead = ~has_move
        if dead.any():
            level.dead_end_classes = int(dead.sum())
            level.dead_ends = int(orbit[dead].sum())
            level.dead_end_paths = paths.total(dead)
            normal_games += normal.total(dead)
        result.levels.append(level)
        stored.append(keys)
        if not children:
            break
        child = np.concatenate(children)
        parent = np.concatenate(parents)
        del children, parents
        edges = len(child)
        yield Progress(depth + 0.6, total_work, f"Level {depth}: merging {len(child):,} moves")
        live = sum(a.nbytes for a in stored) + child.nbytes + parent.nbytes
        live += paths.nbytes + normal.nbytes + orbit.nbytes
        # Sort (child, parent) pairs.
        bits = max(1, int(n - 1).bit_length())
        if geo.size + bits <= 64:
            combined = (child << U64(bits)) | parent.astype(U64)
            del child, parent
            combined.sort()
            live += combined.nbytes
            pair_start = np.flatnonzero(np.diff(combined, prepend=~combined[:1]) != 0)
            pairs = combined[pair_start]
            del combined
            child_of_pair = pairs >> U64(bits)
            parent_of_pair = (pairs & U64((1 << bits) - 1)).astype(np.intp)
            del pairs
        else:
            order = np.lexsort((parent, child))
            child, parent = child[order], parent[order]
            del order
            change = np.ones(len(child), dtype=bool)
            change[1:] = (child[1:] != child[:-1]) | (parent[1:] != parent[:-1])
            pair_start = np.flatnonzero(change)
            child_of_pair = child[pair_start]
            parent_of_pair = parent[pair_start].astype(np.intp)
            del child, parent
        # Moves per (child, parent) pair: the full tree counts each of them.
        multiplicity = np.diff(pair_start, append=edges)
        del pair_start
        child_start = np.flatnonzero(np.diff(child_of_pair, prepend=~child_of_pair[:1]) != 0)
        next_keys = child_of_pair[child_start]
        del child_of_pair
        next_paths = paths.take(parent_of_pair)
        if multiplicity.max() > 1:
            next_paths = next_paths.scaled(multiplicity)
        next_paths = next_paths.sums(child_start)
        next_normal = normal.take(parent_of_pair).sums(child_start)
        live += next_keys.nbytes + next_paths.nbytes + next_normal.nbytes
        peak = max(peak, live)
        del parent_of_pair, multiplicity, child_start
        if max_classes is not None and len(next_keys) > max_classes:
            result.complete = False
            break
        keys, paths, normal = next_keys, next_paths, next_normal
        depth += 1
        yield Progress(depth, total_work, f"Level {depth}: {len(keys):,} positions")
    result.normal_games = normal_games
    if result.complete:
        yield from _backward(geo, images, masks, move_images, goal_keys, stored, result.levels)
    result.seconds = time.perf_counter() - began
    result.peak_bytes = peak
    return result


def _backward(geo, images, masks, move_images, goal_keys, stored, levels) -> Steps[None]:
    """Classes from which the goal is reachable: undo jumps from the goal, level by level."""
    h = images.count
    dst = np.array([1 << m.dst for m in geo.moves], dtype=U64)
    good = np.zeros(0, dtype=U64)
    for depth in range(len(stored) - 1, -1, -1):
        level_keys = stored[depth]
        found = [goal_keys]
        if len(good):
            imgs = images.of(good)
            for i in range(len(masks)):
                idx = np.flatnonzero((good & masks[i]) == dst[i])
                if len(idx):
                    sub = imgs[:, idx]
                    sub ^= move_images[:, i : i + 1]
                    found.append(sub.min(axis=0))
        candidates = np.unique(np.concatenate(found))
        good = candidates[np.isin(candidates, level_keys, assume_unique=True)]
        level = levels[depth]
        level.good_classes = len(good)
        if len(good):
            stab = (images.of(good) == good).sum(axis=0, dtype=np.int64)
            level.good = int((h // stab).sum())
        yield Progress(len(stored) - depth, len(stored), "Backward pass")
