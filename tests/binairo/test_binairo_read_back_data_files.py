"""The binary puzzle: its own cases of tests/test_read_back_data_files.py, moved here from
it (that module's subject: Files read back are checked before use: damage is one
sentence, never an answer)."""

from __future__ import annotations

import json
import zlib
from pathlib import Path

import pytest

from puzzlelab import api, data_files
from puzzlelab.binairo import Grid, solver, sparse_deals


def _deal_folder(tmp_path: Path, n: int, data: bytes, monkeypatch) -> None:
    """A package root whose sparse deals for ``n`` are ``data``."""
    target = tmp_path / sparse_deals.file_name(n)
    target.parent.mkdir(parents=True)
    target.write_bytes(data)
    monkeypatch.setattr(data_files, "ROOT", tmp_path)
    sparse_deals.catalogue.cache_clear()


def _remade(n: int, change) -> bytes:
    """The deals file decompressed, changed by ``change(lines)``, compressed
    again: its checksum then matches, so only the checks of its content see it."""
    lines = zlib.decompress((data_files.ROOT / sparse_deals.file_name(n)).read_bytes()
                            ).decode().splitlines()
    change(lines)
    return zlib.compress(("\n".join(lines) + "\n").encode())


def _flip_givens(lines: list[str]) -> None:
    grid, givens = lines[1].split()
    lines[1] = f"{grid} {int(givens, 16) & (int(givens, 16) - 1):x}"  # one clue fewer


def _claim_fewer(lines: list[str]) -> None:
    header = json.loads(lines[0])
    lines[0] = json.dumps({**header, "fewest": header["fewest"] - 1})


def _fake_minimum(lines: list[str]) -> None:
    """A class at the minimum with one clue taken away, claimed as a new minimum."""
    header = json.loads(lines[0])
    grid, givens = next((g, int(m, 16)) for g, m in (line.split() for line in lines[1:])
                        if int(m, 16).bit_count() == header["fewest"])
    kept = [line for line in lines[1:] if int(line.split()[1], 16).bit_count()
            <= header["fewest"] + 1]  # (within two of the claimed minimum)
    lines[:] = [json.dumps({**header, "fewest": header["fewest"] - 1,
                            "classes": len(kept) + 1}), *kept, f"{grid} {givens & (givens - 1):x}"]


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
