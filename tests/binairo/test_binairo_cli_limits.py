"""A limit of a binary puzzle verb in the real command line, to the last digit."""

from __future__ import annotations

from cli_in_process import run_cli


def test_the_boundary_in_a_real_command_line():
    """The issue's case, in the real program: the limit is accepted, the limit plus
    a hair is refused with the word and the limit as they are."""
    grid = "0110/1001/0101/1010"
    code, _, err = run_cli(["binairo", "minimize", grid, "--budget", "600.0000000001"], "")
    assert (code, err) == (2, "error: --budget is 600.0000000001, above the limit of 600 "
                              "seconds.\n")
    code, _, err = run_cli(["binairo", "minimize", grid, "--budget", "600.00000000000000001"], "")
    assert code == 2 and "is 600.00000000000000001, above the limit of 600 seconds" in err
    code, out, err = run_cli(["binairo", "minimize", grid, "--budget", "0.0", "--json"], "")
    assert code == 0 and err == "" and '"clues":' in out
