"""The rules of a Lights Out game: which cells a press reaches, edges, states.

A :class:`Variant` names a neighbourhood (cross, king, diagonal, knight or a
drawn stencil), whether opposite edges join (a torus) and how many states a
light has; it reads and writes the options part of a game ID.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from puzzlelab.notation import PuzzleError, sized_pattern

MAX_STATES = 9
MAX_STENCIL_SIDE = 9


_GAME_ID = sized_pattern("[0-9a-fA-F]*", options=True)  # COLSxROWS[;options]:HEX

Offsets = tuple[tuple[int, int], ...]

#: The named neighbourhoods: the cells a press changes, relative to the pressed cell.
NEIGHBOURHOODS: dict[str, Offsets] = {
    "cross": ((-1, 0), (0, -1), (0, 0), (0, 1), (1, 0)),
    "king": tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)),
    "diagonal": ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    "knight": (
        (0, 0),
        *((dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)),
    ),
}


def parse_stencil(text: str) -> Offsets:
    """Offsets of a stencil drawn as odd-sized rows of 0/1 joined by '.' or '/',
    its centre being the pressed cell (``010.111.010`` is the cross)."""
    rows = text.replace(".", "/").split("/")
    height, width = len(rows), len(rows[0]) if rows else 0
    if (
        height % 2 == 0 or width % 2 == 0 or height > MAX_STENCIL_SIDE
        or width > MAX_STENCIL_SIDE or any(len(r) != width for r in rows)
        or any(ch not in "01" for r in rows for ch in r)
    ):
        raise PuzzleError(
            f"Not a neighbourhood: {text[:40]!r}. Use cross, king, diagonal, knight, or "
            f"a stencil of odd-sized rows of 0/1 (at most {MAX_STENCIL_SIDE}) joined by '.', "
            "centred on the pressed cell, e.g. 010.111.010."
        )
    offsets = tuple(
        (r - height // 2, c - width // 2)
        for r, row in enumerate(rows)
        for c, ch in enumerate(row)
        if ch == "1"
    )
    if not offsets:
        raise PuzzleError("A neighbourhood stencil needs at least one cell.")
    return offsets


def stencil_text(offsets: Offsets) -> str:
    """The stencil drawing of ``offsets`` (inverse of :func:`parse_stencil`)."""
    radius = max(max(abs(dr), abs(dc)) for dr, dc in offsets)
    cells = set(offsets)
    side = range(-radius, radius + 1)
    return ".".join("".join("1" if (r, c) in cells else "0" for c in side) for r in side)


@dataclass(frozen=True)
class Variant:
    """The rules of a Lights Out game: neighbourhood, edges and number of states.

    ``neighbourhood`` is a name from :data:`NEIGHBOURHOODS` or a stencil
    drawing; ``wrap`` joins opposite edges (a torus); with ``states`` = k each
    light has k states and a press adds 1 modulo k to every cell it reaches.
    """

    neighbourhood: str = "cross"
    wrap: bool = False
    states: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.states, int) or not 2 <= self.states <= MAX_STATES:
            raise PuzzleError(f"The number of states must be 2 to {MAX_STATES}.")
        if self.neighbourhood not in NEIGHBOURHOODS:
            offsets = tuple(sorted(parse_stencil(self.neighbourhood)))
            named = [n for n, o in NEIGHBOURHOODS.items() if tuple(sorted(o)) == offsets]
            canonical = named[0] if named else stencil_text(offsets)
            object.__setattr__(self, "neighbourhood", canonical)

    @property
    def offsets(self) -> Offsets:
        """The (row, column) offsets a press reaches."""
        return NEIGHBOURHOODS.get(self.neighbourhood) or parse_stencil(self.neighbourhood)

    @property
    def is_classic(self) -> bool:
        """The cross, walls, on/off: the case with the fastest solver."""
        return self == CLASSIC

    @property
    def options(self) -> str:
        """The variant part of a game ID (empty for the classic game)."""
        parts = ["wrap"] if self.wrap else []
        if self.neighbourhood != "cross":
            parts.append(f"n={self.neighbourhood}")
        if self.states != 2:
            parts.append(f"k={self.states}")
        return "".join(f";{part}" for part in parts)

    def mapped(self, transform: Callable[[int, int], tuple[int, int]]) -> Variant:
        """This variant with every stencil offset moved by ``transform``."""
        offsets = tuple(transform(dr, dc) for dr, dc in self.offsets)
        return Variant(stencil_text(offsets), self.wrap, self.states)

    def transposed(self) -> Variant:
        """The rules of the transposed board: every offset mirrored in the main diagonal."""
        return _moved(self, _transpose)

    def half_turned(self) -> Variant:
        """These rules turned half a turn: every offset negated."""
        return _moved(self, _half_turn)

    def describe(self) -> dict[str, object]:
        """The variant as plain data (for the page)."""
        return {
            "neighbourhood": self.neighbourhood,
            "stencil": [list(o) for o in self.offsets],
            "wrap": self.wrap,
            "states": self.states,
        }

    @classmethod
    def from_options(cls, text: str) -> Variant:
        """Parse the ``;wrap;n=...;k=...`` part of a game ID."""
        wrap, neighbourhood, states = False, "cross", 2
        for part in filter(None, text.split(";")):
            if part == "wrap":
                wrap = True
            elif part.startswith("n="):
                neighbourhood = part[2:]
            elif part.startswith("k=") and part[2:].isascii() and part[2:].isdigit():
                states = int(part[2:])
            else:
                raise PuzzleError(
                    f"Unknown game ID option {part!r}; options are wrap, n=NEIGHBOURHOOD, k=STATES."
                )
        return cls(neighbourhood, wrap, states)


def _transpose(dr: int, dc: int) -> tuple[int, int]:
    return dc, dr


def _half_turn(dr: int, dc: int) -> tuple[int, int]:
    return -dr, -dc


# A solve transposes its board's rules several times (each a stencil drawn and
# parsed again), which was most of a small board's solve: variants are frozen,
# so each moved variant is made once.
@lru_cache(maxsize=1024)
def _moved(variant: Variant, transform: Callable[[int, int], tuple[int, int]]) -> Variant:
    return variant.mapped(transform)


CLASSIC = Variant()


def written_variant(text: str) -> Variant:
    """The rules a game ID names (the classic game for a plain grid)."""
    match = _GAME_ID.fullmatch(text.strip()) if isinstance(text, str) else None
    return Variant.from_options(match[3]) if match else CLASSIC
