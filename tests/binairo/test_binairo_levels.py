"""The binary puzzle's levels (binairo/levels.py): each par is the cells to
fill of a puzzle with one solution (brute force up to 6x6), and the ladder
climbs from 4x4 to 14x14 and the sparsest puzzles the search proved."""

from __future__ import annotations

from referees import count_brute

from ladders import shipped_ladder
from puzzlelab import binairo
from puzzlelab.binairo import Grid

DIFFICULTY_ORDER = ("easy", "medium", "hard", "sparsest")


def test_binary_puzzle_par_is_the_cells_to_fill() -> None:
    for level in shipped_ladder("binairo")["levels"]:
        grid = Grid.parse(level["game"])
        empty = sum(grid.cell(r, c) == "." for r in range(grid.rows) for c in range(grid.cols))
        assert empty == level["par"], level
        # One solution: a flawless game fills exactly those cells.
        if grid.rows <= 6:
            assert count_brute(grid) == 1, level
        else:
            assert len(binairo.solutions(grid, 2)) == 1, level


def test_binary_puzzle_climbs_from_4x4_to_14x14_and_the_sparsest() -> None:
    ladder = shipped_ladder("binairo")["levels"]
    steps = [(int(level["label"].split("x")[0]), DIFFICULTY_ORDER.index(level["label"].split()[1]))
             for level in ladder]
    assert steps == sorted(steps) and steps[0][0] == 4 and steps[-1][0] == 14
    sparse = [level for level in ladder if level["label"].endswith("sparsest")]
    assert sparse
    for level in sparse:  # the fewest clues the search proved for its size
        n = Grid.parse(level["game"]).rows
        fewest = binairo.sparse_deals.catalogue(n)[0]
        assert n * n - level["par"] == fewest, level
