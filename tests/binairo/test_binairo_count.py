"""Counting binary-puzzle solutions: both exact methods against brute force, OEIS
A253316, the plan's refusals, and the progress reports of every long command."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referees import count_brute, partial

from job_gaps import longest_gap
from puzzlelab import binairo, jobs
from puzzlelab.binairo import Grid, count_join
from puzzlelab.binairo import count as binairo_count
from puzzlelab.binairo.count import count
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

SETTINGS = settings(max_examples=25, deadline=None)
FEWER = settings(max_examples=12, deadline=None)  # for tests that count each grid many ways
A253316 = {2: 2, 4: 72, 6: 4140, 8: 4_111_116, 10: 48_183_195_384}


def mirrored(v: int, cols: int) -> int:
    return int(format(v, f"0{cols}b")[::-1], 2)


@pytest.mark.parametrize("side", [2, 4, 6, 8])
def test_empty_grid_counts_are_a253316(side):
    assert count(Grid.empty(side, side)) == A253316[side]


@pytest.mark.parametrize("side", [4, 6])
def test_both_methods_give_a253316(side):
    grid = Grid.empty(side, side)
    assert count(grid, "search") == count(grid, "meet") == A253316[side]


@pytest.mark.slow  # two long counts: in the full run, started first
def test_empty_8x10_and_10x8_by_meeting_in_the_middle():
    # Independent of each other: the halves are 5 rows of 8 columns, then 4 rows of 10.
    assert count(Grid.empty(8, 10), "meet") == 201_005_480
    assert count(Grid.empty(10, 8), "meet") == 201_005_480


def test_rectangles_agree_between_methods_and_with_brute_force():
    for rows, cols in ((4, 6), (6, 4), (4, 8), (8, 4), (2, 4), (4, 2), (6, 2), (2, 6)):
        grid = Grid.empty(rows, cols)
        assert count(grid) == count_brute(grid) == count(grid, "search")
    assert count(Grid.empty(6, 8), "meet") == count(Grid.empty(8, 6), "search") == 51_744


@pytest.mark.slow  # the headline count, about 21 s of CPU: in the full run, started first
def test_empty_10x10_is_a253316():
    """The headline figure (about 21 s of CPU, bench/bench_count10.py), in every run."""
    assert count(Grid.empty(10, 10)) == A253316[10]


@SETTINGS
@given(st.sampled_from([(4, 4), (6, 6), (4, 6), (6, 4)]), st.integers(0, 10**6),
       st.floats(0.0, 0.6), st.sampled_from([None, "search", "meet"]))
def test_count_equals_brute_force(shape, seed, keep, method):
    grid = partial(*shape, random.Random(seed), keep)
    assert count(grid, method) == count_brute(grid)


@SETTINGS
@given(st.sampled_from([(8, 8), (8, 6), (6, 10), (10, 8), (10, 10), (12, 12)]),
       st.integers(0, 10**6), st.floats(0.4, 0.7))
def test_the_two_methods_agree_on_partly_filled_grids(shape, seed, keep):
    grid = partial(*shape, random.Random(seed), keep)
    turned = binairo_count._transposed(grid)
    assert count(grid, "search") == count(grid, "meet") == count(turned, "meet")


@SETTINGS
@given(st.sampled_from([(4, 4), (6, 6), (6, 8)]), st.integers(0, 10**6), st.floats(0.2, 0.6))
def test_mirror_symmetric_givens_equal_brute_force(shape, seed, keep):
    rows, cols = shape
    grid = partial(rows, cols, random.Random(seed), keep)
    ones = [o | mirrored(o, cols) for o in grid.ones]
    zeros = [z | mirrored(z, cols) for z in grid.zeros]
    clash = [o & z for o, z in zip(ones, zeros, strict=True)]
    grid = Grid.from_masks(rows, cols, [o & ~c for o, c in zip(ones, clash, strict=True)],
                           [z & ~c for z, c in zip(zeros, clash, strict=True)])
    assert count(grid) == count_brute(grid)


@FEWER
@given(st.sampled_from([(4, 4), (6, 6), (4, 6), (6, 4), (6, 8), (8, 6)]), st.integers(0, 10**6),
       st.sampled_from([0.0, 0.2, 0.4]), st.booleans(), st.integers(2, 5))
def test_a_meet_split_into_parts_adds_up_to_the_whole(shape, seed, keep, distinct, parts):
    # Empty grids (keep 0: the symmetric meet) and partly filled ones, both
    # settings; the row search is the independent count.
    grid = partial(*shape, random.Random(seed), keep)
    shares = [count(grid, "meet", distinct, part=(i, parts)) for i in range(parts)]
    assert sum(shares) == count(grid, "search", distinct)


def test_each_part_of_a_split_meet_holds_a_share_of_the_halves():
    # The classes are dealt out evenly enough that no part of four holds more
    # than a third of the halves (a quarter would be even) once there are
    # 600 classes or so (the empty 8x8's 152 are too few to deal evenly).
    grid = Grid.empty(10, 8)
    whole = finish(binairo_count._halves_steps(binairo_count._Oriented(grid),
                                               binairo_count.Ticker(), 0.0, 1.0, True))
    sizes = [sum(len(keys) for sums, keys in whole.classes.items()
                 if binairo_count.in_part(sums, (i, 4))) for i in range(4)]
    assert sum(sizes) == whole.entries
    assert max(sizes) < whole.entries / 3, sizes


def test_a_part_without_the_rule_makes_only_its_share_of_the_last_layer():
    # Without the rule the halves are layers of states; a part drops the other
    # parts' classes as the last (largest) layer is made: its ends at the seam
    # are the whole's in its classes, and it holds far less at its peak.
    import tracemalloc

    from puzzlelab.binairo.count_layers import layered_halves_steps

    grid = binairo_count._Oriented(Grid.empty(6, 10), False)

    def halves(wanted=None, traced=False):
        if traced:
            tracemalloc.start()
        try:
            made = finish(layered_halves_steps(grid, binairo_count.Ticker(), 0.0, 1.0,
                                               None, wanted))
            return made, tracemalloc.get_traced_memory()[1] if traced else None
        finally:
            tracemalloc.stop()

    whole, whole_peak = halves(traced=True)
    total = sum(len(group[0][2]) for group in whole.values())
    sizes = []
    for i in range(4):
        mine, peak = halves(lambda sums, i=i: binairo_count.in_part(sums, (i, 4)), i == 0)
        assert mine == {s: g for s, g in whole.items() if binairo_count.in_part(s, (i, 4))}
        assert i or peak < whole_peak / 2, (peak, whole_peak)
        sizes.append(sum(len(group[0][2]) for group in mine.values()))
    assert sum(sizes) == total and max(sizes) < total / 3, sizes


@FEWER
@given(st.sampled_from([((4, 6), 0.0), ((6, 6), 0.0), ((6, 8), 0.0), ((8, 6), 0.0),
                        ((6, 8), 0.3), ((8, 8), 0.3), ((8, 8), 0.5)]),
       st.integers(0, 10**6), st.booleans())
def test_a_class_too_big_for_a_bitset_per_pair_gives_the_same_count(shape_keep, seed, distinct):
    # With no room for the bitsets, the join files its bottoms by first row and
    # by y and builds each fit from the two halves of the columns (the empty
    # 8x14's largest class needs that); the row search is the referee. (Not
    # the empty 8x8: its row search alone takes some 27 s.)
    shape, keep = shape_keep
    grid = partial(*shape, random.Random(seed), keep)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(count_join, "JOIN_BYTES", 0)
        assert count(grid, "meet", distinct) == count(grid, "search", distinct)


def test_a_part_is_a_share_of_a_meet_only():
    for method, part in ((None, (0, 2)), ("search", (0, 2)), ("meet", (2, 2)), ("meet", (-1, 2))):
        with pytest.raises(ValueError):
            count(Grid.empty(4, 4), method, part=part)


def test_one_given_halves_the_empty_count():
    # Complementing every digit maps the solutions with a 1 there onto those with a 0.
    grid = Grid.from_masks(8, 8, [1 << 3] + [0] * 7, [0] * 8)
    assert count(grid, "meet") == A253316[8] // 2


def test_generated_puzzle_with_clues_removed_agrees_with_brute_force():
    rng = random.Random(5)
    puzzle, _ = finish(binairo.generate_steps(6, 6, "easy", 5))
    ones, zeros = list(puzzle.given_ones), list(puzzle.given_zeros)
    for _ in range(4):
        r = rng.randrange(6)
        ones[r] &= ~(1 << rng.randrange(6))
    grid = Grid.from_masks(6, 6, ones, zeros)
    assert count(grid) == count_brute(grid) >= 1


def test_an_empty_16x16_and_12x12_are_refused_up_front():
    for side in (12, 16):
        started = time.process_time()
        with pytest.raises(PuzzleError, match="limit") as caught:
            count(Grid.empty(side, side))
        assert time.process_time() - started < 5  # refused from the estimate, not by trying
        assert "Fill in more cells" in str(caught.value)


def test_the_ticker_shows_time_left_only_when_steady():
    ticker = binairo_count.Ticker()
    ticker.started -= 10
    assert "left" not in ticker.report(0.5).message  # one reading is not yet an estimate
    for _ in range(6):
        message = ticker.report(0.5).message
    assert "left" in message
    wild = binairo_count.Ticker()
    wild.started -= 10
    for done in (0.9, 0.1, 0.9, 0.1, 0.9, 0.1, 0.9):
        message = wild.report(done).message
    assert "left" not in message


@pytest.mark.parametrize("request_", [
    {"cmd": "binairo.count", "game": "8x8:zzl"},  # empty 8x8: meeting in the middle
    # A 16x16 with clues removed (14,260 solutions).
    {"cmd": "binairo.count", "game": "16x16:b0b1i1d00b1a1c1c0a0f1c00f11c0f0a11c0b0a00g1e1a1g1b1g00b"
                                     "1e0c1c1n0b00a1c1100b0i1h00c0f0k0b1e0b00e1b0i0g00c11b"},
])
def test_counts_report_progress_often(request_):
    gap, answer, _ = longest_gap(request_)
    assert answer["ok"], answer
    assert gap <= 0.5


def test_the_row_search_reports_progress_often():
    gap = 0.0
    steps = binairo_count.count_steps(partial(10, 10, random.Random(3), 0.3), "search")
    last = time.process_time()
    for _ in steps:
        now = time.process_time()
        gap, last = max(gap, now - last), now
    assert gap <= 0.5


@pytest.mark.parametrize("request_", [
    {"cmd": "binairo.new", "rows": 12, "difficulty": "hard", "seed": 1},
    {"cmd": "binairo.minimize", "seed": 1, "budget": 1},
])
def test_generate_and_minimize_report_progress_often(request_):
    if request_["cmd"] == "binairo.minimize":
        solution = binairo.random_solution(12, 12, random.Random(2))
        full = Grid.from_masks(12, 12, solution, [~o & 0xFFF for o in solution])
        request_ = {**request_, "game": full.game_id}
    gap, answer, _ = longest_gap(request_)
    assert answer["ok"], answer
    assert gap <= 0.5


@pytest.mark.parametrize("budget", [0.0, 60.0])
def test_a_row_search_tried_before_meeting_in_the_middle_gives_the_same_count(
        monkeypatch, budget):
    """The trial of the row search either finishes (a large budget) or hands over to
    the meet (none); the count is the same, and progress never goes back."""
    monkeypatch.setattr(jobs, "REPORT_SECONDS", 0.0)  # a report every 256 steps
    rng = random.Random(5)
    grid = partial(8, 8, rng, 0.25)
    planned = binairo_count.plan(grid)
    trial = binairo_count.Plan("meet", planned.grid, 1.0 + budget, 50e6, trial=planned.grid,
                               trial_seconds=budget)
    steps = binairo_count.count_steps(grid, planned=trial)
    last = 0.0
    messages = []
    while True:
        try:
            report = next(steps)
        except StopIteration as stop:
            total = stop.value
            break
        assert report.done >= last
        last = report.done
        messages.append(report.message)
    assert total == count_brute(grid)
    # With no budget the search stops at its first report, and the meet counts.
    assert any("searching row by row" in m for m in messages) == (budget > 0)
    assert any("joining the halves" in m for m in messages) == (budget == 0.0)
