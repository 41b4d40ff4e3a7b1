"""The binary puzzle: its own cases of tests/test_read_back_data_files.py, moved here from
it (that module's subject: Files read back are checked before use: damage is one
sentence, never an answer)."""

from __future__ import annotations

import pytest

from puzzlelab import api, data_files
from puzzlelab.binairo import Grid, solver, sparse_deals
from test_read_back_data_files import (
    _claim_fewer,
    _deal_folder,
    _fake_minimum,
    _flip_givens,
    _remade,
)


@pytest.mark.parametrize("n", sparse_deals.SIZES)
@pytest.mark.parametrize("change", [_flip_givens, _claim_fewer, _fake_minimum, None])
def test_a_deal_from_a_damaged_file_is_a_real_puzzle_or_one_sentence(tmp_path, monkeypatch,
                                                                     n, change):
    fewest = sparse_deals.catalogue(n)[0]
    original = (data_files.ROOT / sparse_deals.file_name(n)).read_bytes()
    data = original[:len(original) // 2] if change is None else _remade(n, change)
    _deal_folder(tmp_path, n, data, monkeypatch)
    try:
        for seed in range(40):  # a seed that deals the changed class is among them
            reply = api.handle({"cmd": "binairo.new", "rows": n, "difficulty": "fewest",
                                "seed": seed})
            if not reply["ok"]:
                assert reply["error"].startswith(f"The data file {sparse_deals.file_name(n)} "
                                                 "is damaged")
                assert "\n" not in reply["error"]
                return
            answer = reply["result"]
            puzzle = Grid.parse(answer["game"])
            assert len(solver.solutions(puzzle, 2)) == 1
            assert answer["fewest_possible"] == fewest
        # (only the first class's givens were changed: some seeds may miss it)
        assert change is _flip_givens
    finally:
        sparse_deals.catalogue.cache_clear()
