"""Moves made in the page as a person makes them, for the puzzles' facts
(tests/<id>/facts.py): a click on a cell of a board's canvas, by its grid or
by the board's own ``cellCentre``. Names no puzzle."""

from __future__ import annotations

from typing import Any


def click_grid_cell(locator: Any, page: Any, row: int, col: int, cells: int) -> None:
    """Click the centre of cell (row, col) of the first canvas in ``locator``,
    taken as ``cells`` equal cells each way."""
    canvas = locator.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    x, y = (col + 0.5) * box["width"] / cells, (row + 0.5) * box["height"] / cells
    page.mouse.click(box["x"] + x, box["y"] + y)


def click_centres(page: Any, board_js: str, cells: list[tuple[int, int]]) -> None:
    """Click the centre of each cell in turn, as ``board_js`` (a JavaScript
    expression, perhaps a promise, for the board) places it (``cellCentre``)."""
    for row, col in cells:
        centre = page.evaluate(
            f"async ([r, c]) => (await ({board_js})).cellCentre(r, c)", [row, col])
        page.mouse.click(*centre)


class Board:
    """A board on a page: the CSS selector of its element and a JavaScript
    expression for the board object (a promise is fine)."""

    def __init__(self, selector: str, js: str) -> None:
        self.selector = selector
        self.js = js

    @classmethod
    def main(cls, puzzle: str) -> Board:
        """``puzzle``'s board on the main page."""
        return cls(f"#{puzzle}", f"window.puzzleLab.boards.{puzzle}")

    @classmethod
    def demo(cls, puzzle: str) -> Board:
        """``puzzle``'s board on the embed demo page (id ``demo-<puzzle>``)."""
        return cls(f"#demo-{puzzle}",
                   f"PuzzleLab.mount(document.getElementById('demo-{puzzle}'))")


def click_canvas(page: Any, puzzle: str, where: str, button: str = "left") -> None:
    """Click ``puzzle``'s canvas on the main page at ``where`` (JavaScript giving
    [x, y] in the canvas, from ``board``): Playwright brings it into view first,
    so that the click lands on a phone-sized window."""
    x, y = page.evaluate(
        f"(() => {{ const board = window.puzzleLab.boards.{puzzle}; return {where}; }})()")
    page.locator(f"#{puzzle} .board-area canvas").click(position={"x": x, "y": y}, button=button)


def grid_at(row: int, col: int) -> str:
    """A GridCanvas cell's centre in its canvas (for click_canvas)."""
    return (f"[({col} + 0.5) * board.grid.canvas.clientWidth / board.grid.cols,"
            f" ({row} + 0.5) * board.grid.canvas.clientHeight / board.grid.rows]")
