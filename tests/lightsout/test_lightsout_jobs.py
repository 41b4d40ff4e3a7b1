"""Lights Out jobs are bounded and cancellable.

Every long command reports progress often enough for Cancel to work within a
second: each test drives ``api.start(request).step()`` on a representative
input and measures the longest gap between two reports in CPU time (the work
done between reports, whatever else shares the machine), then cancels the
job if it is still running. Jobs that cannot finish where they run are
refused up front in one sentence.
"""

from __future__ import annotations

import random
import tracemalloc

import pytest
from lightsout_brute import stencil_of

from job_gaps import longest_gap
from puzzlelab import api, lightsout
from puzzlelab.lightsout import Board, Variant, costs
from puzzlelab.lightsout.plan import _plan

#: The longest CPU time between two progress reports the tests accept: the
#: jobs aim at a report every jobs.REPORT_SECONDS (0.1 s), as every job does.
MAX_GAP_S = 0.5


@pytest.fixture(autouse=True)
def cold_caches() -> None:
    """Each job starts cold, as a first request in the page does: a plan or kernel
    cached by an earlier test would skip the very work whose reports are timed."""
    lightsout.clear_caches()


def test_solving_a_big_k_state_board_reports_progress():
    board = Board(300, 300, 0, Variant(states=3)).press(150, 100)
    gap, result, reports = longest_gap({"cmd": "lightsout.solve", "game": board.game_id,
                                        "press_list": False}, run_for=20)
    assert result is not None and result["ok"], result
    assert gap < MAX_GAP_S, (gap, reports)


def test_the_search_set_up_on_a_k_state_torus_reports_progress():
    # Lightening the quiet patterns of the 100x100 knight torus with 5 states
    # for the fewest-press search went 3.2 s without a report.
    board = Board(100, 100, 0, Variant("knight", True, 5)).press(50, 33)
    gap, _, reports = longest_gap({"cmd": "lightsout.analyse", "game": board.game_id},
                                  run_for=2)
    assert gap < MAX_GAP_S, (gap, reports)


def test_solving_a_k_state_board_of_a_lopsided_stencil_reports_progress():
    # The chase with a stencil that leaves the first row equations, to the result.
    board = Board(300, 300, 0, Variant("0.0.1", False, 3)).press(150, 100)
    gap, result, reports = longest_gap({"cmd": "lightsout.solve", "game": board.game_id,
                                        "press_list": False}, run_for=20)
    assert result is not None and result["ok"] and result["result"]["solvable"], result
    assert gap < MAX_GAP_S, (gap, reports)


@pytest.mark.parametrize("variant", [Variant("king", True, 2), Variant(wrap=True, states=4)])
def test_analysing_a_torus_reports_progress(variant):
    # The 4-state torus has 48 quiet patterns: an unprovable search, annealed.
    board = Board(200, 200, 0, variant).press(3, 4)
    gap, _, reports = longest_gap({"cmd": "lightsout.analyse", "game": board.game_id})
    assert gap < MAX_GAP_S, (gap, reports)


def test_the_long_fewest_press_proof_reports_progress_and_cancels():
    # A random 39x39 board: kernel dimension 32, a proof of minutes with "prove".
    board = lightsout.random_solvable(39, 39, random.Random(3))
    gap, result, reports = longest_gap({"cmd": "lightsout.analyse", "game": board.game_id,
                                        "prove": True}, run_for=1.5)
    assert result is None  # still searching: cancelled
    assert gap < MAX_GAP_S, (gap, reports)


@pytest.mark.parametrize("side", [9, 16, 19, 40])
def test_hard_boards_come_with_progress(side):
    gap, result, _ = longest_gap({"cmd": "lightsout.new", "rows": side, "difficulty": "hard",
                                  "seed": 1, "neighbourhood": "king" if side == 40 else "cross"},
                                 run_for=20)
    assert result is not None and result["ok"], result
    assert gap < MAX_GAP_S


def test_the_gallery_reports_progress_and_cancels():
    game = Board(30, 30, 0, Variant("king")).game_id
    gap, _, reports = longest_gap({"cmd": "lightsout.gallery", "game": game}, run_for=1.5)
    assert gap < MAX_GAP_S, (gap, reports)


def test_hard_levels_have_their_fewest_presses_at_every_offered_size():
    # 9x9, 16x16 and 19x19 have quiet patterns: "hard" is 90% of a random
    # board's fewest presses there, which a share of the cells overshot.
    for side in (9, 16, 19):
        response = api.handle({"cmd": "lightsout.new", "rows": side, "difficulty": "hard",
                               "seed": 2})
        assert response["ok"], response
        board = Board.parse(response["result"]["game"])
        solution = lightsout.solve(board)
        assert solution.proven_fewest and response["result"]["difficulty_exact"]
        easy = lightsout.solve(Board.parse(api.handle(
            {"cmd": "lightsout.new", "rows": side, "difficulty": "easy", "seed": 2}
        )["result"]["game"]))
        assert easy.press_count < solution.press_count


def test_what_cannot_finish_is_refused_in_one_sentence(monkeypatch):
    # A knight torus with 5 states at 1000x1000 has about 6,000 unknowns.
    game = Board(1000, 1000, 0, Variant("knight", True, 5)).game_id
    response = api.handle({"cmd": "lightsout.solve", "game": game})
    assert not response["ok"]
    error = response["error"]
    assert "limit of 60 s" in error and "board with these rules fits" in error
    assert error.count(". ") == 0  # one sentence
    # In the page the worker is slower and has less memory: the limit names that.
    monkeypatch.setattr(costs, "IN_PAGE", True)
    assert not lightsout.solve_cost(1000, 1000, Variant(wrap=True, states=3)).fits
    assert costs._native_solve_cost(1000, 1000, Variant(wrap=True, states=3)).fits
    big = Board(1000, 1000, 0, Variant(wrap=True, states=3)).game_id
    error = api.handle({"cmd": "lightsout.solve", "game": big})["error"]
    assert "in the page" in error and "the command line" in error


def _peak_megabytes_of_solving(board: Board) -> tuple[float, int]:
    """The solve's peak of traced allocations (MB) and its kernel dimension."""
    tracemalloc.start()
    try:
        solution = lightsout.solve(board)
        peak = tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()
    return peak, solution.kernel_dimension


@pytest.mark.parametrize("variant", [Variant("king"), Variant(wrap=True)],
                         ids=["king, no quiet pattern", "torus, 32 quiet patterns"])
def test_a_solve_is_projected_from_what_it_builds(variant):
    # Up front only the elimination is priced; the quiet patterns' expansion is
    # added once they are counted, so a board without any is not charged for it.
    # The board is random presses applied to a dark board, so it is solvable
    # and the torus's solve goes on to expand its quiet patterns.
    side = 100
    board = Board(side, side, 0, variant).apply(random.Random(1).getrandbits(side * side))
    peak, dimension = _peak_megabytes_of_solving(board)
    up_front = costs.solve_cost(side, side, variant)
    with_them = costs.quiet_pattern_cost(side, side, variant, dimension)
    # The projections include the interpreter (30 MB); tracemalloc counts the job.
    assert 1 / 1.5 <= (with_them.megabytes - 30) / peak <= 1.5
    if dimension == 0:
        assert with_them == up_front
    else:
        assert with_them.megabytes > up_front.megabytes + 0.5 * peak


def test_quiet_patterns_that_do_not_fit_are_refused_after_elimination(monkeypatch):
    # Room for the elimination but not for the torus's quiet patterns: the solve
    # starts (the up-front check passes) and is refused in one sentence once they
    # are counted; a king board of the same size, with none, is solved.
    side = 100
    torus = Board(side, side, 1, Variant(wrap=True))
    room = costs.solve_cost(side, side, torus.variant).megabytes + 0.1
    monkeypatch.setattr(costs, "job_megabytes", lambda: room)
    response = api.handle({"cmd": "lightsout.solve", "game": torus.game_id})
    assert not response["ok"]
    error = response["error"]
    assert "quiet patterns" in error and f"limit of {room:.0f} MB" in error
    assert error.count(". ") == 0 and error.endswith(".")  # one sentence
    king = Board(side, side, 1, Variant("king"))
    assert api.handle({"cmd": "lightsout.solve", "game": king.game_id})["ok"]


def test_the_dense_baseline_is_bounded_by_its_size():
    board = Board(100, 100, 1)
    response = api.handle({"cmd": "lightsout.solve", "game": board.game_id, "method": "dense"})
    assert not response["ok"] and "6,400 cells" in response["error"]
    assert 'method "chase"' in response["error"]
    small = Board(20, 20, 1)
    assert api.handle({"cmd": "lightsout.solve", "game": small.game_id, "method": "dense"})["ok"]


def test_estimates_follow_the_plan_sizes():
    # The fitted unknowns match the plans actually built.
    for variant in (Variant("king"), Variant(wrap=True, states=3), Variant("knight", True)):
        for rows, cols in ((40, 30), (25, 60)):
            plan = _plan(max(rows, cols), min(rows, cols),
                         variant if rows >= cols else
                         variant.mapped(lambda dr, dc: (dc, dr)))
            assert costs._system_size(rows, cols, variant) == (
                plan.variables, len(plan.equations))


def test_a_small_board_with_new_rules_is_priced_without_counting_sample_eliminations(
        monkeypatch):
    """Pricing a solve counts the row operations of four sample eliminations
    (32x32 to 41x41) only where that can change the answer: a small board
    with rules never seen before is priced at the most there can be, and
    solved; a big one still counts them, and its estimate is at most that most."""
    counted = []
    real = costs._row_operations_per_entry

    def counting(variant: Variant) -> float:
        counted.append(variant)
        return real(variant)

    monkeypatch.setattr(costs, "_row_operations_per_entry", counting)
    new_rules = Variant(stencil_of(0b010_011_001), states=3)
    board = Board.from_values(4, 4, [1, 0, 2, 0] * 4, new_rules)
    solution = lightsout.solve(board)
    assert solution.board == board and not counted
    counted_estimate = costs._native_solve_cost(200, 200, new_rules)
    assert counted == [new_rules]
    monkeypatch.setattr(costs, "_row_operations_per_entry", lambda variant: 1.0)
    most = costs._native_solve_cost(200, 200, new_rules)
    assert counted_estimate.seconds <= most.seconds
