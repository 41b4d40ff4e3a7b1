"""The one request surface of Puzzle Lab, shared by the web worker and the CLI.

A request is a JSON object ``{"cmd": "family.verb", ...arguments}``. Every
command answers with a JSON-ready dict. A command is either a plain function
(quick answers) or a generator that yields :class:`Progress` now and then and
returns its result; :class:`Job` drives both the same way, so the web worker
can report progress and cancel between steps, and the CLI can run a job to
completion with :func:`handle`.

Responses always have the envelope ``{"ok": true, "result": {...}}`` or
``{"ok": false, "error": "one-line message"}``. Each command's arguments are
described in :mod:`puzzlelab.params` and checked there before it runs, so a
handler reads them without checks of its own.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import time
import traceback
from collections.abc import Callable, Generator
from typing import Any

from puzzlelab import (
    __version__,
    binairo,
    jobs,
    lightsout,
    limits,
    params,
    pegs,
)
from puzzlelab.binairo import count as binairo_count
from puzzlelab.jobs import Progress, Steps, due
from puzzlelab.lightsout import gf2
from puzzlelab.notation import PuzzleError
from puzzlelab.pegs import census as pegs_census
from puzzlelab.pegs import count as pegs_count

Result = dict[str, Any]


Handler = Callable[[Result], "Result | Generator[Progress | None, None, Result]"]
COMMANDS: dict[str, Handler] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of request ``name``."""

    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        return fn

    return register


#: What to try when a job runs out of memory, by command or family.
MEMORY_ADVICE = {
    "lightsout": "a smaller board",
    "binairo": "a smaller grid or one with more cells filled in",
    "pegs": "a position with fewer pegs",
    "pegs.census": "a smaller max_classes (--max-classes), or the numpy engine",
}


def _error(message: str) -> Result:
    return {"type": "result", "ok": False, "error": message}


class Job:
    """One request in progress; :meth:`step` advances it to its next report.

    The web worker calls :meth:`step_json` in a loop, posting each progress
    report and yielding to its event loop in between so that a cancel message
    can arrive; :meth:`cancel` then closes the generator.
    """

    def __init__(self, request: Result) -> None:
        self._generator: Generator[Progress | None, None, Result] | None = None
        self._finished: Result | None = None
        self._last_report = Progress(0, 0, "")
        self._clock = jobs.JobClock()
        if not isinstance(request, dict):
            self._finished = _error("A request must be a JSON object.")
            return
        name = request.get("cmd")
        handler = COMMANDS.get(name) if isinstance(name, str) else None
        if handler is None:
            known = ", ".join(sorted(COMMANDS))
            self._finished = _error(f"Unknown command {name!r}; known commands: {known}.")
            return
        self._handler = handler
        try:
            # Commands registered without a description (tests) get the request as it is.
            self._request = params.check(name, request) if name in params.COMMANDS else request
        except PuzzleError as exc:
            self._finished = _error(str(exc))

    def step(self) -> Result:
        """Run until the next progress report or the final result.

        Returns ``{"type": "progress", "done", "total", "message"}`` or
        ``{"type": "result", "ok": ..., "result" | "error": ...}``.
        """
        if self._finished is not None:
            return self._finished
        # This step's clocks, whatever other jobs' steps ran since the last.
        self._clock.resume()
        try:
            if self._generator is None:
                outcome = self._handler(self._request)
                if not isinstance(outcome, Generator):
                    return self._finish({"type": "result", "ok": True, "result": outcome})
                self._generator = outcome
            report = next(self._generator)
            # A pause (None) from a loop deep inside the job: its last report stands.
            if report is None:
                report = self._last_report
            self._last_report = report
            return {
                "type": "progress",
                "done": report.done,
                "total": report.total,
                "message": report.message,
            }
        except StopIteration as stop:
            return self._finish({"type": "result", "ok": True, "result": stop.value})
        except PuzzleError as exc:
            return self._finish(_error(str(exc)))
        except MemoryError:
            pass  # answered below, once the exception (and the job's frames) let go
        except Exception as exc:  # noqa: BLE001 - a bug must still answer, not hang the page
            traceback.print_exc()
            return self._finish(_error(f"Internal error: {type(exc).__name__}: {exc}"))
        finally:
            self._clock.pause()
        return self._out_of_memory()

    def _out_of_memory(self) -> Result:
        """The answer of a job that ran out of memory: one sentence with what to try.

        The job's generator (and with it what it held) is dropped first, so
        that there is memory again to say so.
        """
        generator, self._generator = self._generator, None
        if generator is not None:
            with contextlib.suppress(Exception):  # closing a failed job must not fail again
                generator.close()
        del generator
        request = getattr(self, "_request", None)
        name = request.get("cmd", "") if isinstance(request, dict) else ""
        advice = MEMORY_ADVICE.get(name) or MEMORY_ADVICE.get(name.split(".")[0], "")
        advice = advice or "a smaller request"
        try:
            message = limits.out_of_memory(advice)
        except MemoryError:  # even reading the limit found no memory: say it without
            message = f"Out of memory: try {advice}, or run it where more memory is allowed."
        return self._finish(_error(message))

    def step_json(self) -> str:
        """:meth:`step`, as a JSON string (one crossing of the Pyodide bridge)."""
        report = self.step()
        try:
            return json.dumps(report, separators=(",", ":"))
        except MemoryError:
            pass  # the answer is too big to write out: say so instead
        del report
        return json.dumps(self._out_of_memory(), separators=(",", ":"))

    def cancel(self) -> None:
        """Stop the job; its next step answers that it was cancelled."""
        if self._generator is not None:
            self._generator.close()
        self._finish(_error("Cancelled."))

    @property
    def finished(self) -> bool:
        """Whether the job has produced its final result."""
        return self._finished is not None

    def _finish(self, result: Result) -> Result:
        self._finished = result
        return result


def start(request: Result) -> Job:
    """Start a job for ``request``; call :meth:`Job.step` until it finishes."""
    return Job(request)


def start_json(text: str) -> Job:
    """Start a job from a JSON request text (what the web worker sends)."""
    try:
        request = json.loads(text)
    except json.JSONDecodeError as exc:
        return _failed(f"The request is not valid JSON: {exc}.")
    except RecursionError:
        return _failed("The request is not valid JSON: it nests too deeply.")
    except ValueError:  # an integer of more digits than Python converts
        return _failed("The request has a number too long to read.")
    except MemoryError:
        return _failed(limits.out_of_memory("a shorter request"))
    return Job(request)


def _failed(message: str) -> Job:
    job = Job({})
    job._finish(_error(message))
    return job


def handle(
    request: Result, on_progress: Callable[[Result], None] | None = None
) -> Result:
    """Run ``request`` to completion and return its response envelope."""
    job = Job(request)
    while True:
        report = job.step()
        if report["type"] == "result":
            report = dict(report)
            del report["type"]
            return report
        if on_progress is not None:
            on_progress(report)


@command("ping")
def _ping(request: Result) -> Result:
    """Answer with the package version: a cheap end-to-end check of the bridge."""
    return {"version": __version__}


@command("describe")
def _describe(request: Result) -> Result:
    """Every command's arguments: name, kind, range, default (see :mod:`puzzlelab.params`)."""
    return params.describe()


# --- Lights Out -------------------------------------------------------------


def _lightsout_variant(request: Result, base: lightsout.Variant | None = None
                       ) -> lightsout.Variant:
    """The rules named in the request (``neighbourhood``, ``wrap``, ``states``),
    each defaulting to ``base`` (the game ID's rules) or to the classic game."""
    base = base or lightsout.CLASSIC
    return lightsout.Variant(
        request.get("neighbourhood", base.neighbourhood),
        request.get("wrap", base.wrap),
        request.get("states", base.states),
    )


def _lightsout_state(board: lightsout.Board) -> Result:
    return {
        "game": board.game_id,
        "rows": board.rows,
        "cols": board.cols,
        "grid": board.grid,
        "lit": board.lit,
        "solved": board.lit == 0,
        "variant": board.variant.describe(),
    }


def _lightsout_board(request: Result) -> lightsout.Board:
    text = request["game"]
    if not any(key in request for key in ("neighbourhood", "wrap", "states")):
        return lightsout.Board.parse(text)
    return lightsout.Board.parse(text, _lightsout_variant(request, lightsout.written_variant(text)))


def _lightsout_cells(packed: int | None, board: lightsout.Board) -> list[list[int]] | None:
    """A packed cell set as [row, col] pairs, with the weight for k > 2."""
    if packed is None:
        return None
    if board.states == 2:
        return [list(cell) for cell in lightsout.cells_of(packed, board.cols)]
    values = lightsout.Board(board.rows, board.cols, packed, board.variant).values()
    return [[i // board.cols, i % board.cols, v] for i, v in enumerate(values) if v]


def _pattern_grid(packed: int, board: lightsout.Board) -> str:
    return lightsout.Board(board.rows, board.cols, packed, board.variant).grid


@command("lightsout.new")
def _lightsout_new(request: Result) -> Steps[Result]:
    """A new board: random and solvable unless ``random`` is false (then all dark);
    ``difficulty`` (easy, medium, hard or a press count) sets its fewest presses."""
    rows = request["rows"]
    cols = request.get("cols", rows)
    lightsout.check_shape(rows, cols)
    variant = _lightsout_variant(request)
    rng = random.Random(request.get("seed"))
    difficulty = request.get("difficulty")
    exact = None
    if not request["random"]:
        board = lightsout.Board(rows, cols, 0, variant)
    elif difficulty is not None:
        lightsout.check_cost("Grading", rows, cols, variant, lightsout.generator_cost)
        board, exact = yield from lightsout.graded_board_steps(rows, cols, difficulty, rng,
                                                               variant)
    else:
        board = lightsout.random_solvable(rows, cols, rng, variant)
    state = _lightsout_state(board)
    if exact is not None:
        state["difficulty_exact"] = exact
    return state


@command("lightsout.load")
def _lightsout_load(request: Result) -> Result:
    """Parse a game ID or plain grid (optionally under other rules) into its state."""
    return _lightsout_state(_lightsout_board(request))


@command("lightsout.press")
def _lightsout_press(request: Result) -> Result:
    """Press one cell: every cell of its neighbourhood changes state."""
    board = _lightsout_board(request)
    return _lightsout_state(board.press(request["row"], request["col"]))


#: ``"prove": true`` gives the fewest-press search this many times its usual
#: budget: minutes rather than seconds, for a person who asked and can cancel
#: (a random 39x39 board, kernel dimension 32, proves in about a minute natively).
PROVE_EFFORT = 32


#: Solutions that only the long search proved, by game ID (the few latest):
#: the page's solve, hint and "apply the solution" on that board then give the
#: proven answer at once instead of the quick search's.
_PROVEN: dict[str, lightsout.Solution] = {}
PROVEN_KEPT = 8


def _lightsout_solution(request: Result) -> Steps[lightsout.Solution]:
    board = _lightsout_board(request)
    method = request["method"]
    effort = PROVE_EFFORT if request["prove"] else 1
    if method == "chase":
        known = _PROVEN.get(board.game_id)
        if known is not None:
            return known
        lightsout.check_cost("Solving", board.rows, board.cols, board.variant,
                             lightsout.solve_cost)
        solution = yield from lightsout.solve_steps(
            board, work_budget=effort * gf2.DEFAULT_WORK_BUDGET)
        if effort > 1 and solution.proven_fewest:
            _PROVEN[board.game_id] = solution
            while len(_PROVEN) > PROVEN_KEPT:
                del _PROVEN[next(iter(_PROVEN))]  # the oldest (dicts keep their order)
        return solution
    if method == "dense":
        if not board.variant.is_classic:
            raise PuzzleError("The dense baseline solves classic boards only.")
        return lightsout.solve_dense(board)
    raise PuzzleError(f"Unknown method {method!r}; use chase or dense.")


@command("lightsout.solve")
def _lightsout_solve(request: Result) -> Steps[Result]:
    """Solve exactly: fewest presses (or a labelled solution), or why there is none.

    ``method`` is ``"chase"`` (default, fast) or ``"dense"`` (elimination over
    all cells, the slow baseline the benchmarks compare against). ``prove``
    gives the fewest-press search :data:`PROVE_EFFORT` times its budget.
    """
    solution = yield from _lightsout_solution(request)
    board = solution.board
    # A million-cell board has a third of a million presses: as [row, col]
    # pairs that is 5 MB of JSON to build and parse, as a grid 1 MB.
    listed = request["press_list"]
    return {
        "game": board.game_id,
        "solvable": solution.solvable,
        "presses": [list(cell) for cell in solution.press_cells()] if listed else None,
        "press_grid": solution.press_grid,
        "press_count": solution.press_count,
        "proven_fewest": solution.proven_fewest,
        "kernel_dimension": solution.kernel_dimension,
        "explanation": solution.explain(),
        "conflict": _lightsout_cells(solution.conflict, board),
    }


@command("lightsout.analyse")
def _lightsout_analyse(request: Result) -> Steps[Result]:
    """Rank, kernel, how many boards are solvable, the quiet patterns, and the
    fewest presses with how many solutions reach it."""
    solution = yield from _lightsout_solution(request)
    board = solution.board
    k, size = board.states, board.size
    kernel_size = solution.kernel_size or 1
    prime = all(k % p for p in range(2, k))
    # For prime k the counts are powers of k; keep them as powers when the
    # decimal form would run to thousands of digits.
    dimension = solution.kernel_dimension
    kernel_power = (k, dimension) if prime else None
    solvable_power = (k, size - dimension) if prime else None
    fewest_solutions = solution.fewest_solutions
    # Up to 64 quiet patterns of a million cells each: drawn with reports between.
    patterns = []
    for q in solution.quiet_patterns:
        if due():
            yield Progress(len(patterns), len(solution.quiet_patterns),
                           "Building the quiet patterns")
        patterns.append(_pattern_grid(q, board))
    return {
        "game": board.game_id,
        "rows": board.rows,
        "cols": board.cols,
        "states": k,
        "rank": size - solution.kernel_dimension if prime else None,
        "kernel_dimension": solution.kernel_dimension,
        **_count("quiet_count", kernel_size, kernel_power),
        **_power_count("solvable_boards", k, size, kernel_size, solvable_power),
        **_power_count("all_boards", k, size, 1, (k, size)),
        "quiet_patterns": patterns,
        "quiet_patterns_shown": len(solution.quiet_patterns),
        "solvable": solution.solvable,
        "fewest_press_count": solution.press_count if solution.proven_fewest else None,
        "press_count": solution.press_count,
        "proven_fewest": solution.proven_fewest,
        # Whether "prove" could still change the answer: a search ran, but not the long one.
        "provable": (not solution.proven_fewest and not request["prove"]
                     and 0 < dimension <= lightsout.MAX_SEARCHED_KERNEL),
        "fewest_solutions": fewest_solutions,
        "fewest_solutions_text": None if fewest_solutions is None else str(fewest_solutions),
        "explanation": solution.explain(),
        "conflict": _lightsout_cells(solution.conflict, board),
        "conflict_grid": None
        if solution.conflict is None
        else _pattern_grid(solution.conflict, board),
    }


_MAX_DIGITS = 1000


def _count(name: str, value: int, power: tuple[int, int] | None) -> Result:
    """An exact count as ``name`` (a JSON integer, or None when it has more than
    a thousand digits) and ``name_text`` for people (the power form for those)."""
    if value.bit_length() <= _MAX_DIGITS * 3:  # under about 900 decimal digits
        return {name: value, f"{name}_text": str(value)}
    base, exponent = power if power else (2, value.bit_length() - 1)
    text = f"{base}^{exponent}" if power else f"about 2^{exponent}"
    return {name: None, f"{name}_text": text}


def _power_count(name: str, base: int, exponent: int, divisor: int,
                 power: tuple[int, int] | None) -> Result:
    """:func:`_count` of ``base**exponent // divisor``, not computed when it is
    far too long to show: on a million cells 5**1000000 takes a tenth of a
    second natively, in one indivisible operation (no report can come between)."""
    bits = exponent * math.log2(base) - math.log2(divisor)
    if bits < _MAX_DIGITS * 3 + 64:  # near the bound: exactly, as _count decides
        return _count(name, base**exponent // divisor, power)
    text = f"{power[0]}^{power[1]}" if power else f"about 2^{math.floor(bits)}"
    return {name: None, f"{name}_text": text}


@command("lightsout.gallery")
def _lightsout_gallery(request: Result) -> Steps[Result]:
    """For each cell, how to solve the board with only that light on."""
    board = _lightsout_board(request)
    cells = yield from lightsout.gallery_steps(board.rows, board.cols, board.variant)
    return {"rows": board.rows, "cols": board.cols, "cells": cells}


@command("lightsout.hint")
def _lightsout_hint(request: Result) -> Steps[Result]:
    """One press that lies on a fewest-presses solution."""
    solution = yield from _lightsout_solution(request)
    cells = solution.press_cells()
    return {
        "game": solution.board.game_id,
        "press": list(cells[0]) if cells else None,
        "proven_fewest": solution.proven_fewest,
        "explanation": solution.explain(),
    }


@command("lightsout.solution_board")
def _lightsout_solution_board(request: Result) -> Steps[Result]:
    """The board whose lights are the presses of its solution ("apply the
    solution to the solution", as the Enlight seed asks)."""
    solution = yield from _lightsout_solution(request)
    if solution.presses is None:
        raise PuzzleError(solution.explain())
    board = solution.board
    return _lightsout_state(lightsout.Board(board.rows, board.cols, solution.presses,
                                            board.variant))


# --- Binary puzzle ------------------------------------------------------------


def _binairo_grid(request: Result) -> binairo.Grid:
    return binairo.Grid.parse(request["game"])


def _binairo_state(grid: binairo.Grid) -> Result:
    ones, zeros = grid.ones, grid.zeros
    cones = binairo.transpose(ones, grid.cols)
    czeros = binairo.transpose(zeros, grid.cols)
    bad = binairo.errors(grid)
    complete = grid.filled == grid.rows * grid.cols
    return {
        "game": grid.game_id,
        "rows": grid.rows,
        "cols": grid.cols,
        "grid": grid.grid,
        "givens": grid.givens_grid,
        "clues": grid.clue_count,
        "filled": grid.filled,
        "errors": [list(cell) for cell in bad],
        "solved": complete and not bad,
        "row_counts": [[z.bit_count(), o.bit_count()] for o, z in zip(ones, zeros, strict=True)],
        "col_counts": [[z.bit_count(), o.bit_count()] for o, z in zip(cones, czeros, strict=True)],
    }


@command("binairo.load")
def _binairo_load(request: Result) -> Result:
    """Parse a game ID or plain grid (0, 1, . rows joined by '/') into the canonical state."""
    return _binairo_state(_binairo_grid(request))


@command("binairo.empty")
def _binairo_empty(request: Result) -> Result:
    """The empty grid of a size (``rows``, ``cols``), e.g. to count its solutions."""
    rows = request["rows"]
    return _binairo_state(binairo.Grid.empty(rows, request.get("cols", rows)))


@command("binairo.set")
def _binairo_set(request: Result) -> Result:
    """Set the player's digit at (row, col) to ``value``: "0", "1" or "." (clear)."""
    grid = _binairo_grid(request)
    return _binairo_state(grid.with_entry(request["row"], request["col"], request["value"]))


#: The hardest puzzle the generator makes of the small shapes (sides in either
#: order); from 4x6 up it makes all three. Every good 2x2 puzzle is easy (all
#: are checked); hard 4x4 puzzles exist but are rare, and the generator's clue
#: removal does not reach them (tests/test_api.py::test_the_small_shapes_ceilings_are_true).
GENERATED_UP_TO = {(2, 2): ("easy", "every 2x2 puzzle is solved by the easy rules alone"),
                   (4, 4): ("medium", "hard 4x4 puzzles are rare and the generator does "
                                      "not make them")}


def binairo_new_refusal(rows: int, cols: int, difficulty: str) -> str | None:
    """Why a puzzle of this shape and difficulty cannot be made, or None: decided
    up front, from the shape alone, never by trying."""
    for count, length, name in ((rows, cols, "rows"), (cols, rows, "columns")):
        valid = len(binairo.valid_lines(length))
        if count > valid:
            # Lines must all differ, and only so many lines of that length are valid.
            return (f"A {cols}x{rows} grid has no solution: its {count} {name} must all "
                    f"differ, and only {valid} lines of {length} cells keep the rules.")
    ceiling = GENERATED_UP_TO.get((min(rows, cols), max(rows, cols)))
    if ceiling is None:
        return None
    hardest, why = ceiling
    order = binairo.DIFFICULTIES
    if order.index(difficulty) <= order.index(hardest):
        return None
    larger = "4x4" if difficulty == "medium" else "4x6"
    return (f"A {cols}x{rows} puzzle is at most {hardest} here ({why}): try {larger} or "
            f"larger for a {difficulty} one.")


@command("binairo.new")
def _binairo_new(request: Result) -> Steps[Result]:
    """A good puzzle of ``difficulty`` (easy, medium, hard), reproducible from ``seed``.

    A shape and difficulty that cannot be had is refused up front; a puzzle
    that came out easier than asked is refused too, never given instead.
    """
    rows = request["rows"]
    cols = request.get("cols", rows)
    difficulty = request["difficulty"]
    binairo.check_shape(rows, cols)
    refusal = binairo_new_refusal(rows, cols, difficulty)
    if refusal is not None:
        raise PuzzleError(refusal)
    seed = request.get("seed")
    if seed is None:
        seed = random.randrange(1_000_000)
    puzzle, rating = yield from binairo.generate_steps(rows, cols, difficulty, seed)
    if rating.difficulty != difficulty:
        raise PuzzleError(f"No {difficulty} {cols}x{rows} puzzle came from seed {seed} (the "
                          f"nearest was {rating.difficulty}): try another seed.")
    return {
        **_binairo_state(puzzle),
        "seed": seed,
        "difficulty": rating.difficulty,
        "needs_search": rating.needs_search,
        "rule_cells": rating.steps,
    }


@command("binairo.solve")
def _binairo_solve(request: Result) -> Steps[Result]:
    """Solve the givens: ``solutions`` is 0, 1 or 2 (several); two differing ones when several.

    Also says whether the player's entries agree with the (first) solution and,
    for a good puzzle, its difficulty.
    """
    grid = _binairo_grid(request)
    # Stepwise, like every binary puzzle command that searches: a 16x16
    # search can take a while in the page, which may cancel between steps.
    found = yield from binairo.solutions_steps(grid.puzzle(), 2)
    result: Result = {
        "game": grid.game_id,
        "solutions": len(found),
        "verdict": ("none", "one", "several")[len(found)],
        "solution": binairo.rows_text(found[0], grid.cols) if found else None,
        "second": binairo.rows_text(found[1], grid.cols) if len(found) > 1 else None,
        "difficulty": None,
        "needs_search": None,
    }
    if found:
        result["solved_game"] = grid.with_entries(
            found[0], [~o & grid.full for o in found[0]]
        ).game_id
        ones, zeros = grid.entry_ones, grid.entry_zeros
        result["wrong_entries"] = [
            [r, c]
            for r in range(grid.rows)
            for c in range(grid.cols)
            if (ones[r] & ~found[0][r] | zeros[r] & found[0][r]) >> c & 1
        ]
    if len(found) == 1:
        rating = yield from binairo.rate_steps(grid.puzzle())
        result["difficulty"] = rating.difficulty
        result["needs_search"] = rating.needs_search
    return result


@command("binairo.hint")
def _binairo_hint(request: Result) -> Steps[Result]:
    """The next deduction a person could make, naming the rule and the proving cells.

    When the grid breaks a rule, or the player's entries lead nowhere, the hint
    says so instead and names the cells at fault.
    """
    grid = _binairo_grid(request)
    bad = binairo.errors(grid)
    if bad:
        return {"game": grid.game_id, "rule": "mistake", "level": None, "cells": [],
                "proof": [list(c) for c in bad],
                "text": "The highlighted cells break a rule: fix them first."}
    if not (yield from binairo.solutions_steps(grid, 1)):
        found = yield from binairo.solutions_steps(grid.puzzle(), 2)
        wrong = []
        if len(found) == 1:
            wrong = [[r, c] for r in range(grid.rows) for c in range(grid.cols)
                     if (grid.entry_ones[r] & ~found[0][r] | grid.entry_zeros[r] & found[0][r])
                     >> c & 1]
        return {"game": grid.game_id, "rule": "mistake", "level": None, "cells": [],
                "proof": wrong,
                "text": "No solution fits the digits entered so far"
                + (": the highlighted entries are wrong." if wrong else ".")}
    step = yield from binairo.next_deduction_steps(grid.ones, grid.zeros, grid.rows, grid.cols)
    if step is None:
        filled = grid.filled == grid.rows * grid.cols
        return {"game": grid.game_id, "rule": None, "level": None, "cells": [], "proof": [],
                "text": "The grid is full." if filled else
                "No single rule applies here: the puzzle needs trial and error (use Solve)."}
    return {
        "game": grid.game_id,
        "rule": step.rule,
        "level": step.level,
        "cells": [list(cell) for cell in step.cells],
        "proof": [list(cell) for cell in step.proof],
        "text": step.text,
    }


@command("binairo.count")
def _binairo_count(request: Result) -> Steps[Result]:
    """The exact number of solutions of the grid (givens and entries); with progress.

    The method is chosen by estimates (``method`` in the answer); a count that
    cannot finish where it runs is refused up front with the reason.
    """
    grid = _binairo_grid(request)
    started = time.perf_counter()
    plan = yield from binairo_count.plan_steps(binairo.Grid.from_masks(grid.rows, grid.cols,
                                                                       grid.ones, grid.zeros))
    total = yield from binairo_count.count_steps(grid, planned=plan)
    return {
        "game": grid.game_id,
        "count": total,
        "count_text": str(total),
        "seconds": round(time.perf_counter() - started, 3),
        "method": plan.text,
    }


@command("binairo.minimize")
def _binairo_minimize(request: Result) -> Steps[Result]:
    """Remove clues while the puzzle stays good, until none can go.

    From a good puzzle, or from a complete solution. ``budget`` (seconds, 0 by
    default) keeps trying random removal orders and returns the fewest clues found.
    """
    grid = _binairo_grid(request)
    seed, budget = request["seed"], request["budget"]
    # The player's digits count as clues: a solved grid can be reduced to a puzzle.
    start = binairo.Grid.from_masks(grid.rows, grid.cols, grid.ones, grid.zeros)
    before = start.clue_count
    best, tries = yield from binairo.fewest_clues_steps(start, seed, float(budget))
    return {
        **_binairo_state(best),
        "clues_before": before,
        "tries": tries,
        "difficulty": (yield from binairo.rate_steps(best)).difficulty,
    }


# --- Peg solitaire -----------------------------------------------------------
#
# Every command takes ``grid`` (a position, see :mod:`puzzlelab.pegs`) and an
# optional ``goal`` (``any``, ``centre``, ``r,c`` or a pattern grid), except
# ``pegs.boards`` and ``pegs.census`` (``board``, ``start``, ``goal``).
# Counts are exact integers in the JSON answers.

#: Positions searched for the verdict after a move, beams included.
VERDICT_BUDGET = params.spec("pegs.status", "budget").default


def _pegs_position(request: Result) -> tuple[pegs.Position, pegs.Goal]:
    position = pegs.Position.parse(request["grid"])
    return position, pegs.parse_goal(position.geo, request.get("goal"))


def _pegs_cells(geo: pegs.Geometry, positions: frozenset[int]) -> list[list[int]]:
    if len(positions) != 1:
        return []
    (only,) = positions
    return [list(geo.holes[i]) for i in range(geo.size) if only >> i & 1]


def _pegs_state(position: pegs.Position, goal: pegs.Goal) -> Result:
    geo = position.geo
    moves = position.legal_moves()
    won = position.pegs in goal.positions
    return {
        "grid": position.grid,
        "lattice": geo.lattice,
        "rows": geo.rows,
        "cols": geo.cols,
        "holes": geo.size,
        "pegs": position.peg_count,
        "board": pegs.board_name(geo),
        "centre": None if geo.centre is None else list(geo.holes[geo.centre]),
        "goal": goal.text,
        "goal_text": goal.describe(geo),
        "goal_cells": _pegs_cells(geo, goal.positions),
        "moves": [position.move_cells(m) for m in moves],
        "won": won,
        "stuck": not moves and not won,
    }


def _pegs_verdict(position: pegs.Position, goal: pegs.Goal, budget: int | None) -> Steps[Result]:
    """Whether the goal can still be reached: won, reachable, dead or unknown (budget spent).

    Stepwise, so that the page can stop it: a move stops the verdict of the
    position it leaves (an undecided one searches for seconds in the page).
    """
    if position.pegs in goal.positions:
        return {"verdict": "won", "reason": "The goal is reached."}
    if position.peg_count <= goal.pegs:
        return {"verdict": "dead", "reason": "Too few pegs are left for the goal."}
    if not pegs.goal_class_possible(position.geo, position.pegs, goal):
        return {
            "verdict": "dead",
            "reason": "This position is in another position class than the goal: "
            "no sequence of jumps can reach it.",
        }
    search = pegs.solver(position.geo, goal)
    try:
        reachable = yield from search.decide_steps(position.pegs, budget)
    except pegs.OutOfBudget:
        return {"verdict": "unknown", "reason": "Not decided within the quick search budget."}
    if not reachable:
        return {"verdict": "dead", "reason": "The goal can no longer be reached."}
    return {"verdict": "reachable", "reason": "The goal can still be reached."}


@command("pegs.boards")
def _pegs_boards(request: Result) -> Result:
    """The named boards, each with its usual game's start (``grid``) and ``goal``
    (``default`` or a hole ``r,c``: see :func:`pegs.classic_game`)."""
    boards = []
    for name in pegs.BOARDS:
        start, goal = pegs.classic_game(name)
        boards.append({"name": name, "title": pegs.BOARD_TITLES[name], "grid": start.grid,
                       "goal": goal})
    return {"boards": boards}


@command("pegs.load")
def _pegs_load(request: Result) -> Result:
    """Parse a grid (or a board name) and goal into the canonical state with its legal moves."""
    return _pegs_state(*_pegs_position(request))


@command("pegs.move")
def _pegs_move(request: Result) -> Result:
    """Play one jump ``from`` -> ``to`` (``[row, col]`` pairs)."""
    position, goal = _pegs_position(request)
    move = position.find_move(tuple(request["from"]), tuple(request["to"]))
    return _pegs_state(position.play(move), goal)


@command("pegs.status")
def _pegs_status(request: Result) -> Steps[Result]:
    """The state and the dead-end verdict (a quick search with a budget of positions)."""
    position, goal = _pegs_position(request)
    budget = request["budget"]
    verdict = yield from _pegs_verdict(position, goal, budget)
    if verdict["verdict"] == "reachable":
        # The game's first search builds the goal table (English: 0.1 s natively,
        # up to 0.27 s in the page). Build it here, with the status of a game's
        # first position, which the book answers at once, not after a later move.
        pegs.solver(position.geo, goal).table  # noqa: B018
    return {**_pegs_state(position, goal), **verdict}


@command("pegs.hint")
def _pegs_hint(request: Result) -> Steps[Result]:
    """One next move that keeps the goal reachable (``move`` null when there is none)."""
    position, goal = _pegs_position(request)
    path = yield from _pegs_search(position, goal)
    return {"move": path[0] if path else None, "solvable": path is not None}


def _pegs_search(position: pegs.Position, goal: pegs.Goal) -> Steps[list | None]:
    if position.pegs in goal.positions:
        return []
    if not pegs.goal_class_possible(position.geo, position.pegs, goal):
        return None
    path = yield from pegs.solver(position.geo, goal).solve_steps(position.pegs)
    return None if path is None else [position.move_cells(m) for m in path]


@command("pegs.solve")
def _pegs_solve(request: Result) -> Steps[Result]:
    """A winning move list: ``moves`` as ``[[from_row, from_col], [to_row, to_col]]`` pairs."""
    position, goal = _pegs_position(request)
    path = yield from _pegs_search(position, goal)
    return {
        "grid": position.grid,
        "goal": goal.text,
        "solvable": path is not None,
        "moves": path or [],
    }


@command("pegs.count")
def _pegs_count(request: Result) -> Steps[Result]:
    """The exact number of winning move sequences from the position."""
    position, goal = _pegs_position(request)
    began = time.perf_counter()
    yield Progress(0, 0, "Preparing")  # a board's first solver takes a moment to set up
    solutions = yield from pegs_count.count_steps(pegs.solver(position.geo, goal), position.pegs)
    return {"grid": position.grid, "goal": goal.text, "solutions": solutions,
            "seconds": round(time.perf_counter() - began, 3)}


@command("pegs.census")
def _pegs_census(request: Result) -> Steps[Result]:
    """The census of a board: levels, totals, solutions (exact integers), time, memory.

    ``engine`` is ``auto`` (numpy when it can be imported), ``numpy`` or
    ``python``; ``max_classes`` stops the walk when a level passes that many
    positions up to symmetry (the answer then has ``complete`` false).
    """
    board, start, goal = request["board"], request.get("start"), request.get("goal")
    engine, max_classes = request["engine"], request.get("max_classes")
    # The page caps the pure engine so that it finishes; numpy runs uncapped.
    pure_max_classes = request.get("pure_max_classes", max_classes)
    chosen = pegs_census.choose_engine(engine, request.get("numpy_error"))
    note = chosen.note
    if chosen.name == "numpy":
        result = yield from chosen.steps(board, start, goal, max_classes)
    else:
        result = yield from chosen.steps(board, start, goal, pure_max_classes)
        if not result.complete and pure_max_classes != max_classes:
            note += (
                f" It stopped where a level passed {pure_max_classes:,} positions up to symmetry:"
                " the full census of this board needs the numpy engine."
            )
    if result.stopped:
        note += " " + result.stopped
    return {**result.as_dict(), "note": note.strip()}
