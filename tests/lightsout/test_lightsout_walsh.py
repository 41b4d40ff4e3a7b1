"""The all-lit term by weighing every solution with a Walsh-Hadamard transform
(puzzlelab.lightsout.all_lit_walsh): against the walk over every solution, with
and without the symmetries, split into parts, kept and resumed, and refused
where it cannot finish."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from puzzlelab.lightsout import all_lit_walsh
from puzzlelab.lightsout.all_lit import enumerated_term, kernel_dimension_by_gcd
from puzzlelab.lightsout.all_lit_walsh import (
    checked_split,
    merge,
    representatives,
    run_parts,
    walsh_term,
)

TABLE = Path(__file__).resolve().parents[2] / "web" / "puzzles" / "lightsout" / "all-lit.json"


@pytest.fixture
def small_inner(monkeypatch):
    """Hold the inner patterns to ``most`` (the cosets a process made forgotten)."""
    def hold(most: int) -> None:
        monkeypatch.setattr(all_lit_walsh, "MAX_INNER", most)
        all_lit_walsh._cosets.cache_clear()
    yield hold
    all_lit_walsh._cosets.cache_clear()


@pytest.mark.parametrize("n", [n for n in range(1, 36) if 0 < kernel_dimension_by_gcd(n) <= 16])
def test_the_transform_weighs_every_solution_as_the_walk_does(n):
    """The lightest solution and how many tie, by the transform and by the
    Gray-code walk over every solution (code shared: none but the chase)."""
    term = walsh_term(n)
    assert (term.fewest, term.ties) == enumerated_term(n)


@pytest.mark.parametrize("n", [9, 16, 19, 33])
def test_one_coset_per_orbit_of_the_symmetries_gives_the_same_term(n, small_inner):
    """With the inner patterns held small, the outer choices are taken one per
    orbit of the square's symmetries: the orbits cover every coset once, and
    the term and its ties are those of the walk; so are those of parts merged."""
    small_inner(4 if n < 19 else 8)
    presses, outer, inner, symmetric = checked_split(n)
    assert symmetric and outer
    reps, sizes = representatives(n, presses, outer, inner, True)
    assert sizes.sum() == 1 << len(outer) and len(reps) < 1 << len(outer)
    assert set(sizes.tolist()) <= {1, 2, 4, 8}
    expected = enumerated_term(n)
    term = walsh_term(n)
    assert (term.fewest, term.ties, term.cosets) == (*expected, len(reps))
    parts = merge([walsh_term(n, (i, 3)) for i in range(3)])
    assert (parts.fewest, parts.ties) == expected


def test_parts_are_kept_and_a_rerun_reads_them_back(tmp_path, small_inner):
    """A run in parts keeps each as a checked record; run again, none is
    transformed again; an edited part is run again."""
    small_inner(8)
    expected = enumerated_term(19)
    said: list[str] = []
    whole = run_parts(19, 3, 1, tmp_path, said.append)
    assert (whole.fewest, whole.ties) == expected and len(said) == 3
    said.clear()
    assert run_parts(19, 3, 1, tmp_path, said.append) == whole and not said
    (tmp_path / "part-1.json").write_text("edited")
    assert run_parts(19, 3, 1, tmp_path, said.append).fewest == expected[0]
    assert len(said) == 1


def test_more_parts_than_cosets_leave_some_parts_empty_and_the_whole_right(tmp_path):
    # 19x19 has 16 quiet patterns: one coset, so two of three parts have none.
    whole = run_parts(19, 3, 1, tmp_path, lambda _: None)
    assert (whole.fewest, whole.ties, whole.cosets) == (*enumerated_term(19), 1)


def test_the_hadamard_transform_is_the_sum_over_signs():
    """The transform as written (a small product, then butterflies) against
    the definition on random rows."""
    rng = np.random.default_rng(7)
    for bits in (0, 1, 3, 6, 9):
        rows = rng.integers(-5, 6, size=(3, 1 << bits)).astype(np.float32)
        signs = np.array([[(-1) ** (i & j).bit_count() for j in range(1 << bits)]
                          for i in range(1 << bits)])
        expected = rows.astype(np.int64) @ signs
        got = all_lit_walsh._hadamard(rows.copy(), 5 << bits).astype(np.int64)
        assert np.array_equal(got, expected), bits


def test_a_board_beyond_any_transform_is_refused_in_one_sentence():
    with pytest.raises(ValueError, match=r"^The 79x79 board has 64 quiet patterns: .*\.$"):
        walsh_term(79)


@pytest.mark.parametrize("n", [47, 64])
def test_the_shipped_terms_past_the_walk_are_those_the_transform_weighs(n):
    """Kernels of 30 and 28 dimensions, past the walk: the shipped term and its
    ties (proven by the search) are the transform's, in CI."""
    row = next(r for r in json.loads(TABLE.read_text()) if r["n"] == n)
    term = walsh_term(n)
    assert row["proof"] == "search" and "transform" in row["check"]
    assert (term.fewest, term.ties) == (row["fewest"], row["solutions"])


def test_every_shipped_row_says_what_proved_it_and_what_checked_it():
    for row in json.loads(TABLE.read_text()):
        assert row["proof"] in (("search", "transform") if row["proven"] else (None,)), row
        if row["proof"] == "search" and row["kernel_dimension"] <= 32:
            assert "transform" in row["check"], row["n"]


def test_a_share_of_the_61x61_proof_is_weighed_again_in_ci():
    """61x61 (40 quiet patterns) is proven by the transform alone, over 524,800
    cosets in 256 parts (hours): here one 4096th of them is weighed again. None
    is lighter than the shipped term, whose solution clears the board."""
    row = next(r for r in json.loads(TABLE.read_text()) if r["n"] == 61)
    assert row["proof"] == "transform" and row["proven"]
    share = walsh_term(61, (0, 4096))
    assert share.cosets == 129 and share.fewest >= row["fewest"]
    presses = int(row["presses_hex"], 16)
    assert presses.bit_count() == row["fewest"]
    assert all_lit_walsh.pressed(presses, 61) == (1 << 61 * 61) - 1
