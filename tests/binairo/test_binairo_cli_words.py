"""The binary puzzle: its own cases of tests/test_cli_words.py, moved here from it (that
module's subject: The command line takes any words: every verb, every option, every
path)."""

from __future__ import annotations

from test_cli_words import run


def test_a_folder_that_cannot_be_written_is_refused_before_anything_runs(tmp_path, monkeypatch):
    """A folder on a read-only file system (or, for anyone but root, without
    write permission) is refused up front, for the folder itself and for one
    to be made in it; ``os.access`` says so, here made to say it."""
    from puzzlelab import folders

    (tmp_path / "here").mkdir()
    monkeypatch.setattr(folders.os, "access", lambda path, mode: False)
    for target, said in (("here", "cannot be written: it is "),
                         ("here/a/b", "cannot be made: 'here' is ")):
        code, out, err = run(["binairo", "fewest-clues", "4", "--work", target], tmp_path)
        assert code == 2 and out == "" and said in err and err.count("\n") == 1, err
    assert [p.name for p in tmp_path.rglob("*")] == ["here"]
