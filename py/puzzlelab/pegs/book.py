"""The opening books: the good positions with many pegs of a standard game, read from ``data/``.

The files are large (1.28 MB for the English central game): the web page
fetches them only when a solver first needs one (see :mod:`puzzlelab.data_files`).

Also the byte-plane stream format that the books and the count tables
(:mod:`puzzlelab.pegs.count`) share.
"""

from __future__ import annotations

import json
import sys
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from puzzlelab import data_files
from puzzlelab.jobs import Steps, finish
from puzzlelab.pegs.budget import OutOfBudget
from puzzlelab.pegs.shape import Geometry, Move

#: The books' folder, relative to the package root (the site serves it under ``data/``).
BOOK_FOLDER = "pegs/data"
#: Where Python reads the opening books and count tables.
BOOK_DIR = data_files.ROOT / BOOK_FOLDER


def book_file(file_name: str, what: str) -> Path:
    """The path of ``file_name`` (``what`` it is, in words) in :data:`BOOK_DIR`;
    raises :class:`~puzzlelab.data_files.DataMissing` when it is not there (yet)."""
    return data_files.require(BOOK_DIR / file_name, f"{BOOK_FOLDER}/{file_name}", what)


class BookLevel:
    """The sorted normalised keys of one level of an :class:`OpeningBook`.

    An ``array`` of 64-bit keys, searched by bisection: 8 bytes a class, and
    built from the file with a few C-level calls (a set would cost several
    times the memory and, in Pyodide, about 60 ms to build for 230,000 keys).
    """

    __slots__ = ("keys",)

    def __init__(self, keys: array) -> None:
        self.keys = keys

    def __contains__(self, key: object) -> bool:
        keys = self.keys
        at = bisect_left(keys, key)
        return at < len(keys) and keys[at] == key

    def __len__(self) -> int:
        return len(self.keys)

    def __iter__(self) -> Iterator[int]:
        return iter(self.keys)

    @staticmethod
    def encode(keys: Iterable[int]) -> bytes:
        """The byte planes of the sorted ``keys`` (before compression), lowest byte first."""
        return byte_planes(sorted(keys))

    @classmethod
    def decode(cls, planes: bytes, count: int) -> BookLevel:
        """The level whose ``count`` keys :meth:`encode` wrote as ``planes``."""
        return cls(from_byte_planes(planes, count))


def byte_planes(values: list[int]) -> bytes:
    """``values`` (below 2^64) as byte planes: the lowest byte of every value,
    then the next byte of every value, and so on, as many planes as the largest
    needs (the high planes of small values are runs of zeros that zlib packs well)."""
    width = max(1, (max(values, default=0).bit_length() + 7) // 8)
    if width > 8:
        raise ValueError("values must fit in 64 bits")
    records = b"".join(value.to_bytes(8, "little") for value in values)
    return b"".join(records[j::8] for j in range(width))


def from_byte_planes(planes: bytes, count: int) -> array:
    """The ``count`` values that :func:`byte_planes` wrote as ``planes``, as an ``array('Q')``."""
    width, rest = divmod(len(planes), count) if count else (0, len(planes))
    if rest or width > 8:
        raise ValueError(f"{len(planes)} bytes are not byte planes of {count} values")
    # Interleave the planes into little-endian 8-byte records: one slice
    # assignment a plane, then the array takes the bytes as they are.
    records = bytearray(8 * count)
    for j in range(width):
        records[j::8] = planes[j * count:(j + 1) * count]
    values = array("Q")
    values.frombytes(records)
    if sys.byteorder == "big":
        values.byteswap()
    return values


class BookLevels(Mapping[int, BookLevel]):
    """The levels of an :class:`OpeningBook` by peg count, each decoded on first use."""

    def __init__(self, streams: dict[int, tuple[bytes, int]]) -> None:
        self.streams = streams  # peg count -> (zlib stream, number of keys)
        self.decoded: dict[int, BookLevel] = {}

    def __getitem__(self, pegs: int) -> BookLevel:
        level = self.decoded.get(pegs)
        if level is None:
            stream, count = self.streams[pegs]
            level = self.decoded[pegs] = BookLevel.decode(decompressed(stream, pegs), count)
        return level

    def __iter__(self) -> Iterator[int]:
        return iter(self.streams)

    def __len__(self) -> int:
        return len(self.streams)


def read_level_streams(path: Path) -> tuple[dict, dict[int, tuple[bytes, int]]]:
    """A file of one JSON header line and then one stream per peg count (the
    opening book, the count table): the header, and per peg count its bytes and
    the number of entries the header gives. The header's digest must be the
    body's and its sizes must add up (else
    :class:`~puzzlelab.data_files.DataDamaged`)."""
    name = f"{BOOK_FOLDER}/{path.name}"
    header, body = data_files.header_and_body(path, name)
    levels, sizes = header.get("levels"), header.get("bytes")
    if (not isinstance(levels, dict) or not isinstance(sizes, dict) or set(levels) != set(sizes)
            or not all(isinstance(v, int) and v >= 0 for v in (*levels.values(), *sizes.values()))
            or not all(key.isdigit() for key in levels) or sum(sizes.values()) != len(body)
            or not isinstance(header.get("min_pegs"), int)
            or not all(isinstance(header.get(key), str) for key in ("goal", "start"))):
        raise data_files.DataDamaged(name, "its header does not describe its levels")
    streams: dict[int, tuple[bytes, int]] = {}
    at = 0
    for pegs_text, count in levels.items():
        size = sizes[pegs_text]
        streams[int(pegs_text)] = (body[at:at + size], count)
        at += size
    return header, streams


def decompressed(stream: bytes, pegs: int) -> bytes:
    """A level's zlib stream, decompressed (its file's digest was checked, so a
    failure here is a writer's fault, said in one sentence all the same)."""
    try:
        return zlib.decompress(stream)
    except zlib.error as error:
        raise data_files.DataDamaged(f"level {pegs} of a peg data file", str(error)) from error


def with_digest(header: dict, body: bytes) -> bytes:
    """A level-streams file's bytes: the header (with the body's digest) and the body."""
    header = {k: v for k, v in header.items() if k != "digest"}
    digest = data_files.file_digest(header, body)
    return json.dumps({**header, "digest": digest}).encode() + b"\n" + body


class BookSearch(Protocol):
    """What an opening book asks of a solver (:class:`puzzlelab.pegs.search.Solver`,
    which imports this module) to decide a position: its symmetry images and
    its searches from the position's complement."""

    geo: Geometry
    BEAM_WIDTH: int

    def images(self, pegs: int) -> tuple[int, ...]: ...

    def solve_steps(self, pegs: int, budget: int | None = None) -> Steps[list[Move] | None]: ...

    def beam_steps(self, pegs: int, width: int | None = None) -> Steps[list[Move] | None]: ...

    def solve(self, pegs: int) -> list[Move] | None: ...


class OpeningBook:
    """The good positions with many pegs of one standard game, from its census.

    A dead end high in the game tree (19 pegs, say) is costly to prove by
    search: every line below it must be walked. The census's backward pass
    knows, level by level, which positions reachable from the start can
    still reach the goal; the book keeps them for the levels with at least
    ``min_pegs`` pegs (17 pegs and up for the English central game: 839,536
    classes, 1.28 MB). A position with that many pegs is then decided by one
    look-up, provided it is reachable from the book's start at all. That is
    checked by duality: jumps undone from a position are jumps played on its
    complement, so the position is reachable from the start exactly when its
    complement (here at most 16 pegs) can reach the start's complement, which
    is the goal itself in a central game; for a reachable position it can, and
    :meth:`complement_is_good` finds the line quickly. ``min_pegs`` must be
    more than half the holes, so that the complement is below the book and
    its search does not come back to it.

    File format: one line of JSON (board, start, goal, min_pegs, and per peg
    count, highest first, the number of classes in ``levels`` and the length
    of the level's zlib stream in ``bytes``), then those streams in that
    order. A stream holds the sorted normalised keys of its level as byte
    planes: the lowest byte of every key, then the next byte of every key,
    and so on, as many planes as the largest key needs. A level is
    decompressed and decoded when a position with that many pegs is first
    asked: the planes go into an ``array`` by slicing, with no Python loop
    per key (under 6 ms natively and in Pyodide for 230,230 classes, where
    differences in LEB128, about 15% smaller, took 0.2 s in Pyodide).
    """

    def __init__(self, header: dict, levels: Mapping[int, BookLevel]) -> None:
        self.header = header
        self.goal_text = header["goal"]
        self.min_pegs = int(header["min_pegs"])
        self.levels = levels

    @classmethod
    def load(cls, path: Path) -> OpeningBook:
        """The book in ``path``; its levels are decoded as they are first asked."""
        header, streams = read_level_streams(path)
        return cls(header, BookLevels(streams))

    @staticmethod
    def encode(header: dict, levels: Mapping[int, Iterable[int]]) -> bytes:
        """The file's bytes for ``levels`` (normalised keys per peg count)."""
        order = sorted(levels, reverse=True)
        keys = {n: sorted(levels[n]) for n in order}
        streams = {n: zlib.compress(BookLevel.encode(keys[n]), 9) for n in order}
        header = {**{k: v for k, v in header.items() if k != "digest"},
                  "levels": {str(n): len(keys[n]) for n in order},
                  "bytes": {str(n): len(streams[n]) for n in order}}
        return with_digest(header, b"".join(streams[n] for n in order))

    def decide(self, solver: BookSearch, pegs: int) -> bool | None:
        """Whether the goal is reachable from ``pegs``, or None where the book cannot tell."""
        left = pegs.bit_count()
        level = self.levels.get(left)
        if level is None:
            return None
        if min(solver.images(pegs)) in level:
            return True
        # Not in the book: dead if the position is reachable from the start,
        # that is if its complement can reach the goal.
        return False if self.complement_is_good(solver, solver.geo.full ^ pegs) else None

    # Positions the first, quick search from a complement may visit.
    QUICK_BUDGET = 100
    # Widths of the beams tried next, as multiples of the solver's.
    BEAM_WIDTHS = (1, 8)

    def complement_is_good(self, solver: BookSearch, complement: int) -> bool:
        """Whether the goal is reachable from ``complement``, which is good
        exactly when the position it complements is reachable from the start.

        Most are: a quick search finds most lines, a beam most of the rest, a
        wider beam nearly all, and the full search settles what is left. From
        the complements of the 9,311 dead positions with 17 to 19 pegs along
        3,200 random games, this took at most about 40 ms natively; a plain
        search alone, which may wander into dead subtrees first, 60 ms and more.
        """
        try:
            return finish(solver.solve_steps(complement, self.QUICK_BUDGET)) is not None
        except OutOfBudget:
            pass
        for times in self.BEAM_WIDTHS:
            if finish(solver.beam_steps(complement, times * solver.BEAM_WIDTH)) is not None:
                return True
        return solver.solve(complement) is not None


#: Opening books by board name: the standard games whose census is shipped.
BOOKS = {"english": "english-central.book"}


@lru_cache(maxsize=4)
def opening_book(board: str) -> OpeningBook | None:
    """The opening book of a standard board's standard game, if one ships (loaded once).

    Raises :class:`~puzzlelab.data_files.DataMissing` when its file is absent;
    ``lru_cache`` keeps no failure, so a call after the file arrives loads it.
    """
    name = BOOKS.get(board)
    return None if name is None else OpeningBook.load(book_file(name, "the peg opening book"))
