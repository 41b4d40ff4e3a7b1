"""A limit of a Lights Out verb in the real command line, given a huge number."""

from __future__ import annotations

from cli_in_process import run_cli


def test_more_digits_than_python_reads_as_an_int_are_one_sentence():
    """More digits than Python turns into an int by default: still a sentence."""
    code, _, err = run_cli(["lightsout", "random", "1" * 4500], "")
    assert code == 2 and err.startswith("error: ROWS is 1111") and "(4,500 characters), above " \
        "the limit of 1000." in err
