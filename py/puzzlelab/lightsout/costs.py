"""What a Lights Out job costs, and refusing up front what cannot finish.

Time and memory are estimated from the shape and rules (the chase plan's
size grows linearly along each side, fitted on small boards), where the job
runs: natively or slower in the page's worker. :func:`check_cost` refuses a
job over the limits in one sentence naming a size that fits.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from puzzlelab import limits
from puzzlelab.jobs import finish
from puzzlelab.lightsout import modk
from puzzlelab.lightsout.plan import _build_plan, _row_chase
from puzzlelab.lightsout.variant import NEIGHBOURHOODS, Variant
from puzzlelab.notation import PuzzleError

#: The gallery's fewest-press searches share this many times one solve's budget.
GALLERY_SEARCHES = 4


#: Whether this runs in the page's worker (Pyodide, WebAssembly) or natively.
IN_PAGE = sys.platform == "emscripten"
#: How much slower the page's worker runs Python than native CPython (2 to 3
#: times in the round trips of bench/bench_lightsout.py).
PAGE_SLOWDOWN = 2.5
#: The most one job may take where it runs; an estimate beyond either is refused.
JOB_SECONDS = 60.0
#: Memory per job at most: the page's worker has one WebAssembly heap (2 GB
#: at most, shared with Pyodide itself).
JOB_MEGABYTES = 1000.0 if IN_PAGE else 2000.0
#: CPU seconds of the fewest-press search at most: it stops at its work budget.
SEARCH_SECONDS = 5.0
#: CPU seconds per cell and quiet pattern of building them and searching them,
#: below :data:`SEARCH_SECONDS` (300x300 and 600x600 tori of 48 and 96 patterns,
#: bench/bench_projections.py).
SEARCH_SECONDS_PER_VALUE = 6e-8
#: (k > 2, solve.py)  Kernel dimension times cells beyond which no fewest-press search runs
#: (the answer is then labelled not proven fewest): it holds every quiet pattern
#: as a list of cell values, and on 1000x1000 boards with 6 to 18 quiet patterns
#: it took 60 to 100 s of CPU for an unproven answer (bench_lightsout.py --big).
MAX_SEARCHED_VALUES = 5_000_000


def job_megabytes() -> float:
    """The memory (MB) a job may plan to use here: :data:`JOB_MEGABYTES`, or
    less where the process may take less (an address-space or container limit,
    read by :func:`limits.budget`), so that a job that cannot fit is refused
    up front in words instead of running out of memory."""
    return limits.budget(0.8, JOB_MEGABYTES * 1e6) / 1e6


@dataclass(frozen=True)
class Cost:
    """A job's estimated time (seconds, where it runs) and peak memory (MB)."""

    seconds: float
    megabytes: float

    @property
    def fits(self) -> bool:
        """Whether the job can finish within :data:`JOB_SECONDS` and :func:`job_megabytes`."""
        return self.seconds <= JOB_SECONDS and self.megabytes <= job_megabytes()

    def __add__(self, other: Cost) -> Cost:
        return Cost(self.seconds + other.seconds, max(self.megabytes, other.megabytes))

    def times(self, factor: float) -> Cost:
        """The time of ``factor`` such jobs run one after another."""
        return Cost(self.seconds * factor, self.megabytes)


@lru_cache(maxsize=32)
def _system_growth(variant: Variant) -> tuple[float, float, float, float, float, float]:
    """Unknowns and equations of a chase plan as ``a + b * rows + c * cols`` each,
    fitted on three small boards: the plan's structure repeats row by row and
    column by column away from the edges, so the fit extrapolates."""
    reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)
    side = 2 * reach + 3
    counts = []
    for rows, cols in ((side, side), (2 * side, side), (side, 2 * side)):
        plan = finish(_build_plan(rows, cols, variant))
        counts.append((plan.variables, len(plan.equations)))
    (v1, e1), (v2, e2), (v3, e3) = counts
    vb, vc, eb, ec = (v2 - v1) / side, (v3 - v1) / side, (e2 - e1) / side, (e3 - e1) / side
    return v1 - (vb + vc) * side, vb, vc, e1 - (eb + ec) * side, eb, ec


def _system_size(rows: int, cols: int, variant: Variant) -> tuple[int, int]:
    """Estimated unknowns and equations of the plan :func:`solve.solve` uses (it chases
    along the longer side)."""
    if cols > rows:
        rows, cols, variant = cols, rows, variant.transposed()
    if variant.is_classic:
        return cols, cols
    va, vb, vc, ea, eb, ec = _system_growth(variant)
    size = rows * cols
    unknowns = min(size, max(1, round(va + vb * rows + vc * cols)))
    return unknowns, min(size, max(0, round(ea + eb * rows + ec * cols)))


def _system_bytes(rows: int, cols: int, variant: Variant) -> float:
    """The system's bytes while it is eliminated: for 2 states three copies of
    its rows as bit sets, one of which stays after; for k states the plan's
    list of values (a pointer each, kept) and three rows packed a byte an entry
    (the forms, and the elimination's working copies). 11 bytes an entry
    matched the 400x400 to 1000x1000 king boards with 3 states (48 to 111 MB,
    bench/bench_projections.py)."""
    unknowns, equations = _system_size(rows, cols, variant)
    if variant.states == 2:
        return equations * unknowns / 8 * 3
    return equations * unknowns * (8 + 3)


def _working_bytes(rows: int, cols: int, variant: Variant) -> float:
    """The part of :func:`_system_bytes` freed once the system is eliminated:
    two of three bit sets (2 states), or the three packed copies (k states)."""
    system = _system_bytes(rows, cols, variant)
    return system * 2 / 3 if variant.states == 2 else system * 3 / 11


#: Sides of the square sample boards whose k-state elimination is counted: one
#: size alone can come out nearly diagonal or with a large kernel (the cross
#: with 3 states does 0.17 to 0.61 row operations an entry from 32x32 to 41x41).
DENSITY_SAMPLES = (32, 33, 40, 41)
#: The fewest row operations per entry an estimate assumes (the king's count):
#: sparser counts vary too much with the size to extrapolate (a full 5x5
#: stencil's 0.04 to 0.06 on the samples, 0.09 at 120x120).
ROW_OPERATIONS_FLOOR = 0.2
#: Below this many seconds of elimination at the most row operations there
#: can be (one per entry), the estimate takes that most rather than counting
#: them on :data:`DENSITY_SAMPLES` boards, which alone takes longer.
CALIBRATE_ABOVE_SECONDS = 0.1


@lru_cache(maxsize=32)
def _row_operations_per_entry(variant: Variant) -> float:
    """Row operations of a k-state elimination per equation and unknown, the most
    over :data:`DENSITY_SAMPLES` boards with these rules and at least
    :data:`ROW_OPERATIONS_FLOOR`: about 2/3 for a dense system over Z/3, 0.2
    for the king's, whose chase system stays sparse (a few entries a row)
    while it is eliminated."""
    fractions = []
    for side in DENSITY_SAMPLES:
        plan = finish(_build_plan(side, side, variant))
        unknowns, equations = plan.variables, len(plan.matrix or ())
        if unknowns and equations:
            operations = max(modk.row_operations(plan.matrix, unknowns, p)
                             for p, _ in modk.prime_powers(variant.states))
            fractions.append(operations / (unknowns * equations))
    return max([ROW_OPERATIONS_FLOOR, *fractions])


def _where(cost: Cost) -> Cost:
    return Cost(cost.seconds * PAGE_SLOWDOWN, cost.megabytes) if IN_PAGE else cost


def _native_solve_cost(rows: int, cols: int, variant: Variant, boards: int = 1) -> Cost:
    """The native cost of the first solve of a shape and ``boards - 1`` more:
    the constants are CPU seconds per operation measured on this solver
    (bench/bench_lightsout.py, the "estimate" column, compares them). A single
    solve leaves out the fewest-press search and the quiet patterns' memory,
    which :func:`quiet_pattern_cost` adds once elimination has counted them."""
    size, k = rows * cols, variant.states
    if variant.is_classic:
        # Classic: a chase of whole rows and one system of min(rows, cols) unknowns.
        side = min(rows, cols)
        seconds = size * 0.1e-6 + side**3 / 64 * 0.5e-9 + boards * size * 0.15e-6
        return Cost(seconds, 30 + size * 10e-6)  # 38 MB at 1000x1000 (bench_projections)
    unknowns, equations = _system_size(rows, cols, variant)
    terms = len(variant.offsets)
    form_bytes = unknowns / 8 if k == 2 else unknowns
    whole_rows = _row_chase(variant, max(rows, cols), min(rows, cols)) is not None
    # Per cell and stencil term: a big-int operation on a form (XOR is cheaper
    # than a multiply-add and reduction), and the loop, unless whole rows go at once.
    # Fitted to the CPU seconds of bench_lightsout.py --big (0.85 to 1.13 of them
    # with the search; the former constants, 1.8 times these, matched wall seconds
    # on a busy machine).
    byte = 0.55e-9 if k == 2 else 1.65e-9
    build = size * terms * (byte * form_bytes + (0.03e-6 if whole_rows else 0.22e-6))
    if k > 2 and not whole_rows:
        # Cell by cell, unknowns join as the chase goes (a column's each row),
        # so the forms are shorter on average than the whole system: fitted
        # on king boards with 3 states, 300x300 to 1000x1000 (CPU seconds of
        # the plan alone; diagonal and knight rules within 0.9 to 1.0).
        build = size * terms * (0.4e-6 + 0.5e-9 * unknowns)
    chase = size * terms * 0.055e-6 + size * 0.28e-6  # a numeric chase, and the board's values
    if k == 2:
        eliminate = unknowns * equations * (form_bytes * 0.28e-9 + 22e-9)
        per_board = 0.0
    else:
        # Byte-packed rows up to q = 13 (modk.PACKED_PRIME_LIMIT), lists above.
        # A packed row operation costs 4.2e-9 s a byte (2.8e-9 an entry at the
        # 2/3 of a dense system, fitted on the cross); how many there are per
        # entry is counted on sample boards: a fifth for king rules.
        def eliminate_seconds(operations: float) -> float:
            return sum((4.2e-9 * operations if q <= modk.PACKED_PRIME_LIMIT else 44e-9)
                       * unknowns * equations * unknowns for _, q in modk.prime_powers(k))

        # A row operation for every entry is the most there can be; counting
        # them on the sample boards costs a tenth of a second natively (and
        # ten times that in the page) for each new set of rules, so it is done
        # only when the difference can matter.
        eliminate = eliminate_seconds(1.0)
        if eliminate > CALIBRATE_ABOVE_SECONDS:
            eliminate = eliminate_seconds(_row_operations_per_entry(variant))
        per_board = eliminate  # a k-state solve eliminates again for its right-hand side
    search = 0.0  # a single solve's search is priced once its quiet patterns are counted
    if boards > 1:  # the gallery: its searches share GALLERY_SEARCHES budgets
        search = GALLERY_SEARCHES * SEARCH_SECONDS / boards
    seconds = build + eliminate + 3 * chase + search + (boards - 1) * (
        per_board + 2 * chase + search)
    reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)
    window = (2 * reach + 3) * max(rows, cols) * form_bytes * 3
    system = _system_bytes(rows, cols, variant)
    # Per cell: the plan and three lists. The quiet patterns' expansion is not
    # counted here: how many there are is known only once the system is
    # eliminated, and :func:`check_expansion` prices it then.
    per_cell = 6 + 3 * 8
    return Cost(seconds, 30 + (window + system + size * per_cell) / 1e6)


def quiet_pattern_cost(rows: int, cols: int, variant: Variant, count: int,
                       search: bool = True) -> Cost:
    """The native cost of a solve once elimination has found its quiet patterns,
    ``count`` of them to build: the up-front time and the fewest-press search's
    (with ``search``); the memory of the elimination or, once its working copies
    are gone, of the patterns' expansion (and a k-state search's lists)."""
    base, cells = _native_solve_cost(rows, cols, variant), rows * cols
    seconds = min(SEARCH_SECONDS, SEARCH_SECONDS_PER_VALUE * cells * count) if search else 0.0
    # The elimination's working copies are gone by the time the patterns are built.
    eliminated = 0.0 if variant.is_classic else _working_bytes(rows, cols, variant) / 1e6
    megabytes = max(base.megabytes,
                    base.megabytes - eliminated + expansion_megabytes(cells, variant.states, count))
    if search and variant.states > 2 and count * cells <= MAX_SEARCHED_VALUES:
        megabytes += count * cells * 8 / 1e6  # a list entry per cell and pattern
    return Cost(base.seconds + seconds, megabytes)


def expansion_megabytes(cells: int, states: int, count: int) -> float:
    """The memory (MB) that expanding ``count`` quiet patterns over ``cells`` cells
    adds (plan._expand_lanes): a lane int per cell (``count`` bits, or bytes for k
    states), the text or bytes the lanes are sliced from twice over while joined,
    and the finished patterns."""
    if count <= 0:
        return 0.0
    lane_bits = count if states == 2 else 8 * count
    lane_int = 8 + 28 + 4 * -(-lane_bits // 30)
    pattern_bytes = count / 8 if states == 2 else count / 2
    return cells * (lane_int + 2 * count + pattern_bytes) / 1e6


def check_quiet_patterns(rows: int, cols: int, variant: Variant, count: int,
                         search: bool = True) -> None:
    """Refuse in one sentence, once elimination has counted the quiet patterns, a
    solve whose ``count`` patterns to build (and search) would not fit here."""
    cost = _where(quiet_pattern_cost(rows, cols, variant, count, search))
    if cost.fits:
        return
    where = "in the page" if IN_PAGE else "here"
    over_time = cost.seconds > JOB_SECONDS
    need = f"about {cost.seconds:.0f} s" if over_time else f"about {cost.megabytes:.0f} MB"
    limit = f"{JOB_SECONDS:.0f} s" if over_time else f"{job_megabytes():.0f} MB"
    raise PuzzleError(
        f"This {_shape_name(rows, cols, variant)} has {count} quiet patterns to build, "
        f"which need {need} {where}, over the limit of {limit} for one job; "
        "a smaller board fits.")


def solve_cost(rows: int, cols: int, variant: Variant) -> Cost:
    """The estimated cost of :func:`solve.solve` on a board of this shape and rules,
    where this runs (natively, or slower in the page's worker)."""
    return _where(_native_solve_cost(rows, cols, variant))


def gallery_cost(rows: int, cols: int, variant: Variant) -> Cost:
    """The estimated cost of :func:`gallery.gallery_steps`: a solve per cell."""
    return _where(_native_solve_cost(rows, cols, variant, rows * cols))


def _shape_name(rows: int, cols: int, variant: Variant) -> str:
    rules = [variant.neighbourhood if variant.neighbourhood in NEIGHBOURHOODS
             else f"stencil {variant.neighbourhood}"]
    if variant.wrap:
        rules.append("wrap")
    if variant.states != 2:
        rules.append(f"{variant.states} states")
    return f"{cols}x{rows} board ({', '.join(rules)})"


def _article(number: str) -> str:
    """"an" before a number said with a vowel first (8, 11, 18, 80, 800 ...), else "a"."""
    digits = number.split("x")[0]
    return "an" if digits.startswith("8") or digits in ("11", "18") else "a"


def check_cost(what: str, rows: int, cols: int, variant: Variant,
               estimate: Callable[[int, int, Variant], Cost]) -> None:
    """Refuse up front, in one sentence naming the limit and what would fit
    instead, a job whose ``estimate`` does not fit where this runs."""
    cost = estimate(rows, cols, variant)
    if cost.fits:
        return
    where = "in the page" if IN_PAGE else "here"
    limit = (f"{JOB_SECONDS:.0f} s" if cost.seconds > JOB_SECONDS
             else f"{job_megabytes():.0f} MB")
    need = (f"about {cost.seconds:.0f} s" if cost.seconds > JOB_SECONDS
            else f"about {cost.megabytes:.0f} MB")
    smaller = None
    for tenth in range(9, 0, -1):
        r, c = max(1, rows * tenth // 10), max(1, cols * tenth // 10)
        if estimate(r, c, variant).fits:
            smaller = f"{c}x{r}"
            break
    instead = (f"{_article(smaller)} {smaller} board with these rules fits" if smaller
               else "a smaller board fits")
    if IN_PAGE and _native_solve_cost(rows, cols, variant).fits and estimate is solve_cost:
        instead += ", and the command line (python3 -m puzzlelab) solves this one natively"
    raise PuzzleError(
        f"{what} {_article(str(cols))} {_shape_name(rows, cols, variant)} needs {need} {where}, "
        "over the "
        f"limit of {limit} for one job; {instead}.")
