"""Peg solitaire: its own cases of tests/test_read_back_data_files.py, moved here from it
(that module's subject: Files read back are checked before use: damage is one sentence,
never an answer)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from puzzlelab import data_files, pegs, records
from puzzlelab.data_files import DataDamaged
from puzzlelab.pegs import count as pegs_count
from test_read_back_data_files import DAMAGE, SETTINGS, _one_sentence, damaged

BOOK = pegs.BOOK_DIR / pegs.BOOKS["english"]


COUNTS = pegs.BOOK_DIR / pegs_count.COUNT_TABLES["english"]


@SETTINGS
@given(book=st.booleans(), how=DAMAGE)
def test_a_damaged_opening_book_or_count_table_is_one_sentence(tmp_path_factory, book, how):
    folder = tmp_path_factory.mktemp("book")
    which = BOOK if book else COUNTS
    path = folder / which.name
    path.write_bytes(damaged(which.read_bytes(), how))
    with pytest.raises(DataDamaged) as caught:
        if which == BOOK:
            book = pegs.OpeningBook.load(path)
            for level in book.levels:
                book.levels[level]
        else:
            table = pegs_count.CountTable.load(path, pegs.opening_book("english"))
            for level in table.streams:
                table.counts(level)
    _one_sentence(caught.value)
    assert which.name in str(caught.value) or "level" in str(caught.value)


def test_the_shipped_book_and_table_pass_their_own_checks():
    book = pegs.OpeningBook.load(BOOK)
    table = pegs_count.CountTable.load(COUNTS, book)
    assert book.header["digest"] == data_files.file_digest(
        book.header, BOOK.read_bytes().partition(b"\n")[2])
    assert len(book.levels[32]) == 1 and table.counts(32)[0] > 0


def test_the_catalogue_tools_cache_is_checked_before_use(tmp_path, monkeypatch, capsys):
    """tools/peg_catalogue.py --cache: a cache file is used only when it is
    this problem's, whole and of the right form; otherwise said and recomputed."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "peg_catalogue_tool", Path(__file__).resolve().parents[2] / "tools" / "peg_catalogue.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    monkeypatch.setattr(tool, "CACHE", tmp_path)
    start = pegs.standard_start("triangle")
    calls = []

    def compute() -> int:
        calls.append(1)
        return 7

    def cached() -> object:
        return tool.cached("counts", start, "all", compute, tool._count_value)

    assert cached() == 7 and cached() == 7 and len(calls) == 1  # kept, then read back
    (path,) = tmp_path.iterdir()
    good = path.read_bytes()
    for bad in (good[:-3], good.replace(b"7", b"8"), b"7\n", b"",
                records.encode_record(tool.CACHE_KIND, tool.CACHE_FORMAT,
                                      json.loads(good.partition(b"\n")[0])["params"], -1),
                records.encode_record(tool.CACHE_KIND, tool.CACHE_FORMAT,
                                      {"kind": "counts", "board": "english"}, 7)):
        path.write_bytes(bad)
        calls.clear()
        assert cached() == 7 and calls == [1]
        said = capsys.readouterr().out
        assert said.count("\n") == 1 and "computed again: " in said
