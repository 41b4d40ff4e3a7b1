"""Draw Puzzle Lab's icons into web/icons/: a 3x3 Lights Out board after one press.

Run once after changing the design: ``python3 tools/make_icons.py``. The PNGs
(192 and 512 px, for the web app manifest) are written with the standard
library; the tiles keep within the middle 80 %, so the same files serve as
maskable icons.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parent.parent / "web" / "icons"
BACKGROUND = (0x1D, 0x23, 0x30)
LIT = (0xFF, 0xC5, 0x3D)
DARK = (0x3A, 0x43, 0x53)
# The centre press of Lights Out: the cell and its four neighbours are lit.
PATTERN = ("010", "111", "010")
BOARD = 0.62  # the board's share of the icon's side
GAP = 0.08  # the gap between tiles, as a share of a tile's pitch


def tile_boxes(size: float) -> list[tuple[float, float, float, float, bool]]:
    """Each tile as (left, top, right, bottom, lit) in an icon of side ``size``."""
    pitch = size * BOARD / 3
    origin = (size - 3 * pitch) / 2
    inset = pitch * GAP / 2
    return [
        (origin + c * pitch + inset, origin + r * pitch + inset,
         origin + (c + 1) * pitch - inset, origin + (r + 1) * pitch - inset, PATTERN[r][c] == "1")
        for r in range(3)
        for c in range(3)
    ]


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` x ``size`` pixels."""
    boxes = tile_boxes(size)
    rows = []
    for y in range(size):
        row = bytearray(b"\x00")  # filter type: none
        for x in range(size):
            colour = BACKGROUND
            for left, top, right, bottom, lit in boxes:
                if left <= x + 0.5 < right and top <= y + 0.5 < bottom:
                    colour = LIT if lit else DARK
                    break
            row += bytes(colour)
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b""))


def hex_colour(rgb: tuple[int, int, int]) -> str:
    """``(29, 35, 48)`` as ``#1d2330``."""
    return "#" + bytes(rgb).hex()


def svg() -> str:
    """The icon as SVG (the page's favicon)."""
    hexed = hex_colour
    tiles = "".join(
        f'<rect x="{left:g}" y="{top:g}" width="{right - left:g}" height="{bottom - top:g}" '
        f'rx="2" fill="{hexed(LIT if lit else DARK)}"/>'
        for left, top, right, bottom, lit in tile_boxes(64)
    )
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">'
            f'<rect width="64" height="64" rx="12" fill="{hexed(BACKGROUND)}"/>{tiles}</svg>\n')


def main() -> None:
    """Write icon.svg, icon-192.png and icon-512.png."""
    ICONS.mkdir(exist_ok=True)
    (ICONS / "icon.svg").write_text(svg())
    for size in (192, 512):
        (ICONS / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
