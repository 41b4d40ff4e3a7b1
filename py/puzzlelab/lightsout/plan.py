"""Light chasing for any rules: the chase plan of a shape, and solving with it.

For any neighbourhood, edges and number of states, lights visited in reading
order force presses where they can; the presses that cannot be forced
become a few unknowns and the lights that force nothing their equations
(:class:`_Plan`, built once per shape and rules and cached). A board is
solved by chasing its lights twice around the solution of that small system
(:func:`_solve_general`).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.lightsout import gf2, modk
from puzzlelab.lightsout.board import _HEX_DIGITS, Board
from puzzlelab.lightsout.variant import Offsets, Variant


def _reach(cell: int, rows: int, cols: int, offsets: Offsets, wrap: bool) -> list[int]:
    """The cells at ``offsets`` from ``cell`` (with repeats), wrapped or clipped."""
    r, c = divmod(cell, cols)
    cells = []
    for dr, dc in offsets:
        tr, tc = r + dr, c + dc
        if wrap:
            cells.append((tr % rows) * cols + tc % cols)
        elif 0 <= tr < rows and 0 <= tc < cols:
            cells.append(tr * cols + tc)
    return cells


@dataclass
class _Plan:
    """Light chasing for any neighbourhood, edges and modulus, for one shape.

    Lights are visited in reading order. Each light's last press (the one
    furthest along in reading order, at the stencil's first offset) is forced
    to clear it when that press is still undecided and its coefficient is a
    unit; presses that are needed before they are forced become unknowns,
    and lights that cannot force anything become equations. Every press is
    then an affine function of the few unknowns.

    Only that structure is kept per cell (``targets``: the press each light
    forces, or -1 for an equation; ``inverses``), a few bytes per cell. The
    presses' linear forms (one bit or byte per unknown) live only while a
    light still needs them, a few rows at a time, and give the small system
    ``matrix`` (k > 2) or ``elimination`` (k = 2) over the unknowns. A board
    is solved by chasing its lights with the unknowns at 0 (the system's
    right-hand side), then again with the unknowns solved: memory linear in
    the cells, where keeping every press's form took 4.6 GB on a 1000x1000
    3-state board (1,000 unknowns, a byte each, for each of a million presses).
    """

    states: int
    rows: int
    cols: int
    variant: Variant
    variables: int
    targets: array
    inverses: bytearray
    unknowns: list[int]
    equations: list[int]
    elimination: gf2.Elimination | None = None
    matrix: list[list[int]] | None = None
    generators: list | None = None
    expanded: list[int] = field(default_factory=list)
    members: int | None = None

    @property
    def kernel(self) -> list:
        """The quiet patterns' values of the unknowns: bit sets (k = 2) or lists."""
        return finish(self.kernel_steps())

    def kernel_steps(self) -> Steps[list]:
        """:attr:`kernel`, with progress while the system is solved."""
        if self.generators is None:
            assert self.matrix is not None
            zeros = [0] * len(self.matrix)
            solved = yield from modk.solve_steps(self.matrix, zeros, self.variables, self.states)
            self.generators = solved.generators
        return self.generators

    def kernel_size(self) -> int:
        """How many quiet patterns the shape has (the empty one included), once
        per shape. For composite k it is the size of the Z/k-span of the
        kernel's generators, taken over the unknowns (a press pattern is fixed
        by its unknowns): 400 entries rather than 40,000 on a 200x200 torus,
        where the whole boards took 55 s for k = 6."""
        return finish(self.kernel_size_steps())

    def kernel_size_steps(self) -> Steps[int]:
        """:meth:`kernel_size`, with progress."""
        if self.members is None:
            k = self.states
            kernel = yield from self.kernel_steps()
            self.members = (k ** len(kernel) if modk.is_prime(k)
                            else (yield from modk.span_size_steps(kernel, k, self.variables)))
        return self.members

    def quiet(self, count: int | None = None) -> tuple[int, ...]:
        """The first ``count`` quiet patterns (all by default), expanded to whole
        boards on first use, all in one chase (one lane per pattern)."""
        return finish(self.quiet_steps(count))

    def quiet_steps(self, count: int | None = None) -> Steps[tuple[int, ...]]:
        """:meth:`quiet`, with progress."""
        kernel = yield from self.kernel_steps()
        wanted = len(kernel) if count is None else min(count, len(kernel))
        if len(self.expanded) < wanted:
            fresh = kernel[len(self.expanded):wanted]
            self.expanded.extend((yield from _expand_lanes(self, fresh)))
        return tuple(self.expanded[:wanted])


#: Per cell of a row: the light's terms as (press offset in cells, coefficient),
#: the offset of the press it may force (None: off the board) and its coefficient.
_Pattern = tuple[tuple[tuple[int, int], ...], int | None, int]


@lru_cache(maxsize=8)
def _row_patterns(rows: int, cols: int, variant: Variant) -> Callable[[int], list[_Pattern]]:
    """``patterns(r)``: the :data:`_Pattern` of every light of row r. Rows and
    columns further than the stencil's reach from an edge share one pattern,
    so a big board has a few dozen distinct ones and a chase loops over
    tuples instead of clipping a stencil per cell."""
    k, wrap = variant.states, variant.wrap
    mirrored = tuple((-dr, -dc) for dr, dc in variant.offsets)  # presses reaching a light
    first_dr, first_dc = min(variant.offsets)
    reach = max(max(abs(dr), abs(dc)) for dr, dc in variant.offsets)

    def band(index: int, length: int) -> int:
        # The same key for every index far from both edges.
        if index < reach:
            return index
        return index - length if index >= length - reach else reach

    def pattern(r: int, c: int) -> _Pattern:
        light = r * cols + c
        counts: dict[int, int] = {}
        for press in _reach(light, rows, cols, mirrored, wrap):
            counts[press] = counts.get(press, 0) + 1
        tr, tc = r - first_dr, c - first_dc
        if wrap:
            target: int | None = (tr % rows) * cols + tc % cols
        else:
            target = tr * cols + tc if 0 <= tr < rows and 0 <= tc < cols else None
        terms = tuple((p - light, n % k) for p, n in counts.items() if n % k)
        coefficient = counts.get(target, 0) % k if target is not None else 0
        return terms, None if target is None else target - light, coefficient

    by_band: dict[int, list[_Pattern]] = {}

    def patterns(r: int) -> list[_Pattern]:
        key = band(r, rows)
        if key not in by_band:
            shared: dict[int, _Pattern] = {}
            row = []
            for c in range(cols):
                ckey = band(c, cols)
                if ckey not in shared:
                    shared[ckey] = pattern(r, c)
                row.append(shared[ckey])
            by_band[key] = row
        return by_band[key]

    return patterns


def _last_light_rows(rows: int, variant: Variant) -> list[list[int]]:
    """Per light row r, the press rows that no light after row r reaches: their
    forms can be dropped once row r is chased."""
    freed: list[list[int]] = [[] for _ in range(rows)]
    for press_row in range(rows):
        reached = [press_row + dr for dr, _ in variant.offsets]
        reached = [r % rows for r in reached] if variant.wrap else [
            r for r in reached if 0 <= r < rows]
        if reached:
            freed[max(reached)].append(press_row)
    return freed


class _Forms:
    """The live linear forms of the presses during :func:`_plan`: per cell, or per
    row as one int of fixed-width fields (cell c at field c), whichever way
    they were made; each way is built from the other on demand."""

    def __init__(self, cols: int, k: int) -> None:
        self.cols, self.k = cols, k
        self.cells: dict[int, int] = {}
        self.rows: dict[int, tuple[int, int]] = {}  # press row -> (packed, field bytes)

    def field_bytes(self, variables: int) -> int:
        """Bytes per form: a bit per unknown (k = 2, rounded up) or a byte."""
        return (variables + 7) // 8 if self.k == 2 else max(1, variables)

    def get(self, press: int) -> int:
        """The form of one press."""
        form = self.cells.get(press)
        if form is None:
            self._split(press // self.cols)
            form = self.cells[press]
        return form

    def _split(self, row: int) -> None:
        packed, width = self.rows.pop(row)
        data = packed.to_bytes(width * self.cols, "little")
        base = row * self.cols
        for c in range(self.cols):
            self.cells[base + c] = int.from_bytes(data[c * width:(c + 1) * width], "little")

    def row(self, row: int, width: int) -> int:
        """The forms of a whole press row packed ``width`` bytes a field."""
        stored = self.rows.get(row)
        if stored is not None and stored[1] == width:
            return stored[0]
        if stored is not None:
            self._split(row)
        base = row * self.cols
        packed = int.from_bytes(b"".join(
            [self.cells.pop(base + c).to_bytes(width, "little") for c in range(self.cols)]),
            "little")
        self.rows[row] = (packed, width)
        return packed

    def drop(self, row: int) -> None:
        """Forget a press row that no later light reaches."""
        self.rows.pop(row, None)
        for press in range(row * self.cols, (row + 1) * self.cols):
            self.cells.pop(press, None)


def _shift_row(packed: int, cells: int, width: int, cols: int, wrap: bool) -> int:
    """``packed`` (a row of ``width``-byte fields) moved ``cells`` fields along:
    wrapped round on a torus, else what passes an edge is lost."""
    bits, full = 8 * width * cols, (1 << (8 * width * cols)) - 1
    if wrap:
        cells %= cols
        return ((packed << (8 * width * cells)) | (packed >> (bits - 8 * width * cells))) & full
    if cells >= 0:
        return (packed << (8 * width * cells)) & full
    return packed >> (-8 * width * cells)


def _row_chase(variant: Variant, rows: int, cols: int) -> tuple[tuple[int, int], ...] | None:
    """The offsets of a whole-row step of :func:`_plan`, or None when the rules
    have none: the stencil's first row (the presses furthest along) must be a
    single cell, so no light of a row needs another's forced press, and on
    walls it must lie in the centre column; the board must be wider and
    taller than the stencil so that no press is counted twice. The step
    applies to light rows whose forced press row is on the board: with walls
    and a stencil whose first row lies below the centre, the first light rows
    force nothing (no press reaches them from above) and are chased cell by
    cell, as equations."""
    offsets = variant.offsets
    first_dr, first_dc = min(offsets)
    reach = max(max(abs(dr), abs(dc)) for dr, dc in offsets)
    if sum(dr == first_dr for dr, _ in offsets) != 1 or rows <= 2 * reach or cols <= 2 * reach:
        return None
    if not variant.wrap and first_dc != 0:
        return None
    return tuple(o for o in offsets if o != (first_dr, first_dc))


#: The latest plans, by shape and rules (a dict keeps insertion order).
_PLANS: dict[tuple[int, int, Variant], _Plan] = {}
PLANS_KEPT = 8


def _plan(rows: int, cols: int, variant: Variant) -> _Plan:
    """The chase plan of a shape under some rules (cached)."""
    return finish(_plan_steps(rows, cols, variant))


_plan.cache_clear = _PLANS.clear  # type: ignore[attr-defined]  # as for lru_cache


def _plan_steps(rows: int, cols: int, variant: Variant) -> Steps[_Plan]:
    """:func:`_plan`, with progress reports while it is built."""
    key = (rows, cols, variant)
    if key in _PLANS:
        return _PLANS[key]
    plan = yield from _build_plan(rows, cols, variant)
    _PLANS[key] = plan
    while len(_PLANS) > PLANS_KEPT:
        del _PLANS[next(iter(_PLANS))]
    return plan


def _build_plan(rows: int, cols: int, variant: Variant) -> Steps[_Plan]:
    k, wrap = variant.states, variant.wrap
    size = rows * cols
    patterns = _row_patterns(rows, cols, variant)
    freed = _last_light_rows(rows, variant)
    targets = array("i", [-1]) * size
    inverses = bytearray(size)
    decided = bytearray(size)
    forms = _Forms(cols, k)
    unknowns: list[int] = []
    equations: list[int] = []
    system: list[int] = []
    step = 1 if k == 2 else 8
    whole_rows = _row_chase(variant, rows, cols)
    first_dr, first_dc = min(variant.offsets)
    batch = max(1, (255 - (k - 1)) // ((k - 1) ** 2))

    def unknown(press: int) -> None:
        forms.cells[press] = 1 << (step * len(unknowns))
        decided[press] = 1
        unknowns.append(press)

    def whole_row(r: int) -> bool:
        """Force the next press row from light row r at once, when every press
        its lights need is known and the forced row is not: a few big-int
        operations on whole rows instead of one per cell. Not when that row
        is off the board (walls, a stencil whose first row lies below the
        centre): its lights are then equations, which only the cell-by-cell
        step records."""
        target_row = r - first_dr
        if wrap:
            target_row %= rows
        if whole_rows is None or not 0 <= target_row < rows or decided.find(
                1, target_row * cols, (target_row + 1) * cols) >= 0:
            return False
        sources = []
        for dr, dc in whole_rows:
            press_row = r - dr
            if wrap:
                press_row %= rows
            elif not 0 <= press_row < rows:
                continue
            if decided.find(0, press_row * cols, (press_row + 1) * cols) >= 0:
                return False
            sources.append((press_row, dc))
        width = forms.field_bytes(len(unknowns))
        total, pending = 0, 0
        for press_row, dc in sources:
            moved = _shift_row(forms.row(press_row, width), dc, width, cols, wrap)
            if k == 2:
                total ^= moved
            else:
                total += moved
                pending += 1
                if pending == batch:
                    total, pending = modk.packed_mod(total, k), 0
        if k > 2:
            total = modk.packed_mod(modk.packed_mod(total, k) * (k - 1), k)  # minus the sum
        forms.rows[target_row] = (_shift_row(total, -first_dc, width, cols, wrap), width)
        base = target_row * cols
        decided[base:base + cols] = b"\x01" * cols
        light = r * cols
        targets[light:light + cols] = array(
            "i", [base + (c - first_dc) % cols for c in range(cols)])
        inverses[light:light + cols] = b"\x01" * cols
        return True

    for r in range(rows):
        if due():
            yield Progress(r, rows, "Chasing the lights")
        light = r * cols
        if whole_row(r):
            light += cols
        else:
            for terms, target_offset, coefficient in patterns(r):
                target = -1 if target_offset is None else light + target_offset
                for offset, _ in terms:
                    if not decided[light + offset] and light + offset != target:
                        unknown(light + offset)
                if target >= 0 and not decided[target] and math.gcd(coefficient, k) == 1:
                    inverse = pow(coefficient, -1, k)
                    forms.cells[target] = _combine(
                        [(forms.get(light + o), -n * inverse % k)
                         for o, n in terms if light + o != target], k)
                    decided[target] = 1
                    targets[light] = target
                    inverses[light] = inverse
                else:
                    if target >= 0 and not decided[target]:
                        unknown(target)
                    equations.append(light)
                    system.append(_combine([(forms.get(light + o), n) for o, n in terms], k))
                light += 1
        for press_row in freed[r]:
            forms.drop(press_row)
    # Presses no light decided reach no light: each a quiet pattern on its own.
    # Found by bytearray.find, in C (a loop over a million cells took 40 ms).
    press = decided.find(0)
    while press >= 0:
        decided[press] = 1
        unknowns.append(press)
        press = decided.find(0, press + 1)
    variables = len(unknowns)
    plan = _Plan(k, rows, cols, variant, variables, targets, inverses, unknowns, equations)
    if k == 2:
        plan.elimination = yield from gf2.eliminate_steps(system, variables)
        plan.generators = plan.elimination.kernel()
    else:
        plan.matrix = [list(row.to_bytes(variables, "little")) for row in system]
        # The kernel comes with the first board's solve: one elimination, not two.
    return plan


def _chase_plan(plan: _Plan, lights: list[int] | None, unknowns: list[int], lanes: int
                ) -> Steps[tuple[list[int], list[int]]]:
    """Every press, and what each equation light keeps, given the unknowns' values.

    With ``lanes`` = 1 values are numbers modulo k and ``lights`` the board's
    cell states. With more lanes (and no lights) each value packs one chase
    per lane, a bit each (k = 2) or a byte each, so one pass expands many
    quiet patterns. A light's forced press is still 0 when the light is
    reached, so summing all of its terms is the same as summing the others.
    """
    k, cols = plan.states, plan.cols
    patterns = _row_patterns(plan.rows, cols, plan.variant)
    targets, inverses = plan.targets, plan.inverses
    presses = [0] * (plan.rows * cols)
    for press, value in zip(plan.unknowns, unknowns, strict=True):
        presses[press] = value
    residuals = []
    packed = k > 2 and lanes > 1
    batch = max(1, (255 - (k - 1)) // ((k - 1) ** 2)) if packed else 0
    for r in range(plan.rows):
        if due():
            yield Progress(r, plan.rows, "Chasing the lights")
        light = r * cols
        for terms, _, _ in patterns(r):
            total = lights[light] if lights is not None else 0
            if k == 2:
                for offset, _ in terms:
                    total ^= presses[light + offset]
            elif packed:
                pending = 0
                for offset, coefficient in terms:
                    total += coefficient * presses[light + offset]
                    pending += 1
                    if pending == batch:
                        total, pending = modk.packed_mod(total, k), 0
                total = modk.packed_mod(total, k)
            else:
                for offset, coefficient in terms:
                    total += coefficient * presses[light + offset]
                total %= k
            target = targets[light]
            if target >= 0:
                if k == 2:
                    presses[target] = total
                elif packed:
                    presses[target] = modk.packed_mod(total * (-inverses[light] % k), k)
                else:
                    presses[target] = -total * inverses[light] % k
            else:
                residuals.append(total)
            light += 1
    return presses, residuals


def _expand_lanes(plan: _Plan, vectors: list) -> Steps[list[int]]:
    """The whole-board press patterns (packed like lights) of unknowns' values
    ``vectors`` (kernel vectors), one lane each in a single chase."""
    if not vectors:
        return []
    k, count, size = plan.states, len(vectors), plan.rows * plan.cols
    if k == 2:
        lanes = [sum(((v >> i) & 1) << j for j, v in enumerate(vectors))
                 for i in range(plan.variables)]
    else:
        lanes = [sum((v[i] % k) << (8 * j) for j, v in enumerate(vectors))
                 for i in range(plan.variables)]
    # One lane is a plain chase modulo k (packing would cost a reduction per cell).
    presses, _ = yield from _chase_plan(plan, None, lanes, count)
    # A million cells of 64 lanes take about a second to spread and slice: in
    # pieces, with progress between them.
    message, piece = "Building the quiet patterns", 1 << 16
    boards = []
    if k == 2:
        # Each cell's lanes as text, lane j at column count-1-j: slicing reads one lane.
        texts = []
        for start in range(0, size, piece):
            if due():
                yield Progress(start, size, message)
            texts.append("".join([format(v, f"0{count}b") for v in presses[start:start + piece]]))
        text = "".join(texts)
        for j in range(count):
            if due():
                yield Progress(j, count, message)
            lane = text[count - 1 - j::count]
            boards.append(int(lane[::-1], 2) if size else 0)
        return boards
    chunks = []
    for start in range(0, size, piece):
        if due():
            yield Progress(start, size, message)
        chunks.append(b"".join([v.to_bytes(count, "little") for v in presses[start:start + piece]]))
    data = b"".join(chunks)
    digits = bytes.maketrans(bytes(range(16)), _HEX_DIGITS.encode())
    for j in range(count):
        if due():
            yield Progress(j, count, message)
        lane = data[j::count].translate(digits)
        boards.append(int(lane[::-1], 16) if size else 0)
    return boards


def _combine(terms: list[tuple[int, int]], k: int) -> int:
    """Sum of ``coefficient * form``: XOR of bit sets for k = 2; for k > 2 the forms
    are packed one byte per variable (see :func:`modk.packed_mod`)."""
    total = 0
    if k == 2:
        for form, coefficient in terms:
            if coefficient & 1:
                total ^= form
        return total
    # Bytes hold values below k; adding up to ``batch`` products (each at most
    # (k-1)^2) keeps every byte below 256, so no carry crosses into the next.
    batch = max(1, (255 - (k - 1)) // ((k - 1) ** 2))
    pending = 0
    for form, coefficient in terms:
        if coefficient:
            total += form * coefficient
            pending += 1
            if pending == batch:
                total, pending = modk.packed_mod(total, k), 0
    return modk.packed_mod(total, k) if pending else total


def _solve_general(board: Board) -> Steps[tuple[int | None, _Plan]]:
    plan = yield from _plan_steps(board.rows, board.cols, board.variant)
    k = board.states
    values = board.values()
    _, left = yield from _chase_plan(plan, values, [0] * plan.variables, 1)
    rhs = [-x % k for x in left]
    if k == 2:
        assert plan.elimination is not None
        solved = plan.elimination.solve(sum(bit << i for i, bit in enumerate(rhs)))
        unknowns = None if solved is None else [(solved >> i) & 1 for i in range(plan.variables)]
    else:
        assert plan.matrix is not None
        solved = yield from modk.solve_steps(plan.matrix, rhs, plan.variables, k)
        if plan.generators is None and solved.particular is not None:
            plan.generators = solved.generators  # (an unsolvable system gives none)
        unknowns = solved.particular
    if unknowns is None:
        return None, plan
    presses, _ = yield from _chase_plan(plan, values, unknowns, 1)
    return Board.from_values(board.rows, board.cols, presses, board.variant).lights, plan
