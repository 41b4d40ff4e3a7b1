"""Board shapes: the two lattices, holes, jumps and the symmetries of a board.

A :class:`Geometry` is shared by every position on one hole set
(:func:`geometry` caches it): its holes in reading order, the jumps between
them as bit masks (:class:`Move`) and the rotations and reflections that map
the holes onto themselves, applied to a position one byte at a time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

from puzzlelab.notation import PuzzleError

MAX_HOLES = 64
PEG, HOLE, NONE = "o", ".", "-"
GRID_MEANING = "o for a peg, . for an empty hole and - for no hole"

SQUARE, TRIANGLE = "square", "triangular"
DIRECTIONS = {
    SQUARE: ((0, 1), (0, -1), (1, 0), (-1, 0)),
    TRIANGLE: ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1)),
}


def _square_maps() -> list[tuple[int, int, int, int]]:
    # (a, b, c, d): (r, c) -> (a*r + b*c, c*r + d*c); the 8 elements of D4.
    return [
        (1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0),
        (1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0),
    ]  # fmt: skip


def _triangle_maps() -> list[tuple[int, int, int, int]]:
    # Rotation by 60 degrees: (r, c) -> (c, c - r); mirror: (r, c) -> (r, r - c).
    rotate = (0, 1, -1, 1)
    mirror = (1, 0, 1, -1)

    def compose(f: tuple[int, ...], g: tuple[int, ...]) -> tuple[int, int, int, int]:
        # f after g
        a, b, c, d = f
        e, f2, g2, h = g
        return (a * e + b * g2, a * f2 + b * h, c * e + d * g2, c * f2 + d * h)

    maps = []
    current = (1, 0, 0, 1)
    for _ in range(6):
        maps.append(current)
        current = compose(rotate, current)
    return maps + [compose(m, mirror) for m in maps]


LINEAR_MAPS = {SQUARE: _square_maps(), TRIANGLE: _triangle_maps()}


@dataclass(frozen=True)
class Move:
    """A jump: the peg in hole ``src`` jumps over ``over`` into ``dst`` (hole numbers)."""

    src: int
    over: int
    dst: int
    need: int  # bits that must hold pegs: src | over
    mask: int  # src | over | dst; legal iff pegs & mask == need; played by pegs ^ mask


class Geometry:
    """A board shape: its holes, moves and symmetries (shared by every position on it)."""

    def __init__(self, lattice: str, holes: tuple[tuple[int, int], ...]) -> None:
        self.lattice = lattice
        self.holes = holes
        self.size = len(holes)
        self.rows = max(r for r, _ in holes) + 1
        self.cols = max(c for _, c in holes) + 1  # the grid as written (no cropping)
        self.index = {cell: i for i, cell in enumerate(holes)}
        self.full = (1 << self.size) - 1
        moves = []
        for i, (r, c) in enumerate(holes):
            for dr, dc in DIRECTIONS[lattice]:
                over = self.index.get((r + dr, c + dc))
                dst = self.index.get((r + 2 * dr, c + 2 * dc))
                if over is not None and dst is not None:
                    need = (1 << i) | (1 << over)
                    moves.append(Move(i, over, dst, need, need | (1 << dst)))
        self.moves = tuple(moves)
        self.symmetries = self._symmetries()

    def _symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The permutations of hole numbers that rotate or reflect the board onto itself."""
        found = []
        cells = set(self.holes)
        low = min(self.holes)
        for a, b, c, d in LINEAR_MAPS[self.lattice]:
            image = [(a * r + b * col, c * r + d * col) for r, col in self.holes]
            shift_r, shift_c = low[0] - min(image)[0], low[1] - min(image)[1]
            image = [(r + shift_r, col + shift_c) for r, col in image]
            if set(image) == cells:
                perm = tuple(self.index[cell] for cell in image)
                if perm not in found:
                    found.append(perm)
        return tuple(found)

    # --- text -------------------------------------------------------------

    def format(self, pegs: int) -> str:
        """The grid text of a position (see the notation in :mod:`puzzlelab.pegs`)."""
        rows = [[NONE] * self.cols for _ in range(self.rows)]
        for i, (r, c) in enumerate(self.holes):
            rows[r][c] = PEG if pegs >> i & 1 else HOLE
        lines = ["".join(row) for row in rows]
        if self.lattice == SQUARE:
            return "/".join(lines)
        lines = [line.rstrip(NONE) or NONE for line in lines]
        prefix = "t:" if len({len(line) for line in lines}) == 1 else ""
        return prefix + "/".join(lines)

    @cached_property
    def centre(self) -> int | None:
        """The hole every symmetry fixes, when the board has one (English, French, ...)."""
        fixed = [i for i in range(self.size) if all(p[i] == i for p in self.symmetries)]
        return fixed[0] if len(fixed) == 1 and len(self.symmetries) > 1 else None

    def hole(self, text: str) -> int:
        """The hole number of ``r,c`` (zero-based) or ``centre``."""
        cleaned = text.strip().lower()
        if cleaned in ("centre", "center", "c"):
            if self.centre is None:
                raise PuzzleError("This board has no centre hole; name a hole as row,col.")
            return self.centre
        match = re.fullmatch(r"\(?\s*(\d+)\s*[, ]\s*(\d+)\s*\)?", cleaned)
        if not match:
            raise PuzzleError(
                f"Not a hole: {text[:40]!r}. Name a hole by its zero-based row and column, "
                "e.g. 3,3, or say centre."
            )
        cell = (int(match[1]), int(match[2]))
        if cell not in self.index:
            raise PuzzleError(f"There is no hole at row {cell[0]}, column {cell[1]}.")
        return self.index[cell]

    def hole_name(self, hole: int) -> str:
        r, c = self.holes[hole]
        return f"{r},{c}"

    # --- symmetry ---------------------------------------------------------

    def subgroup(self, *sets: Iterable[int]) -> tuple[int, ...]:
        """Indices of the symmetries that map each given set of positions onto itself."""
        frozen = [frozenset(s) for s in sets]
        keep = []
        for k in range(len(self.symmetries)):
            if all({self.image(k, p) for p in s} == s for s in frozen):
                keep.append(k)
        return tuple(keep)

    @cached_property
    def tables(self) -> list[list[list[int]]]:
        """``tables[k][byte][value]``: the image under symmetry ``k`` of ``value << 8*byte``."""
        out = []
        for perm in self.symmetries:
            per_byte = []
            for byte in range(0, self.size, 8):
                table = []
                for value in range(256):
                    image = 0
                    for bit in range(8):
                        if value >> bit & 1 and byte + bit < self.size:
                            image |= 1 << perm[byte + bit]
                    table.append(image)
                per_byte.append(table)
            out.append(per_byte)
        return out

    def image(self, k: int, pegs: int) -> int:
        """Position ``pegs`` under symmetry ``k`` (one look-up per byte)."""
        out = 0
        for table in self.tables[k]:
            out |= table[pegs & 255]
            pegs >>= 8
        return out


@lru_cache(maxsize=64)
def geometry(lattice: str, holes: tuple[tuple[int, int], ...]) -> Geometry:
    """The shared :class:`Geometry` of a hole set (cached: moves and tables are built once)."""
    return Geometry(lattice, holes)


def symmetry_images(pegs: int, tables: list[list[list[int]]]) -> tuple[int, ...]:
    """The images of ``pegs`` under each symmetry, given as its per-byte tables:
    one table look-up per byte of the position instead of one per hole."""
    out = []
    for byte_tables in tables:
        image, rest = 0, pegs
        for table in byte_tables:
            image |= table[rest & 255]
            rest >>= 8
        out.append(image)
    return tuple(out)
