"""Linear systems over the integers modulo k, for any k >= 2 (not only primes).

Z/kZ is not a field when k is composite, so plain Gaussian elimination does
not apply. By the Chinese remainder theorem Z/kZ is the product of the rings
Z/p^e for the prime powers p^e of k; each of those is a local ring, where an
element is a unit times a power of p. There, pivoting on the entry of
smallest p-valuation (full pivoting) brings any matrix to Smith normal form
``D = U A V`` with ``D`` diagonal (powers of p), ``U``, ``V`` invertible.
Solving and describing all solutions is then read off ``D``, and the answers
of the prime powers are glued back together with the CRT.

Matrices are lists of rows of ints; sizes here are a few hundred at most
(the unknowns left after light chasing), so plain lists are fast enough.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from puzzlelab.jobs import Progress, Steps, due, finish
from puzzlelab.lightsout import gf2_search


def prime_powers(k: int) -> list[tuple[int, int]]:
    """The factorisation of ``k`` as ``[(p, p**e), ...]``."""
    factors = []
    p = 2
    while p * p <= k:
        if k % p == 0:
            q = 1
            while k % p == 0:
                k //= p
                q *= p
            factors.append((p, q))
        p += 1
    if k > 1:
        factors.append((k, k))
    return factors


def _valuation(x: int, p: int, q: int) -> int:
    """The p-adic valuation of ``x`` in Z/q (q = p^e); ``x == 0`` gives e."""
    x %= q
    if x == 0:
        v, power = 0, 1
        while power < q:
            power *= p
            v += 1
        return v
    v = 0
    while x % p == 0:
        x //= p
        v += 1
    return v


@dataclass(frozen=True)
class _LocalSolution:
    particular: list[int] | None
    generators: list[list[int]]


@lru_cache(maxsize=16)
def _mod_table(k: int) -> bytes:
    return bytes(i % k for i in range(256))


def packed_mod(packed: int, k: int) -> int:
    """Reduce every byte of ``packed`` modulo k in one C-level pass.

    Vectors over Z/k (k <= 16) packed one byte per entry can then be scaled
    and added as big ints, with a reduction whenever a byte could pass 255:
    one multiply-add and one ``bytes.translate`` per vector operation
    instead of a Python loop over the entries.
    """
    data = packed.to_bytes((packed.bit_length() + 7) // 8, "little")
    return int.from_bytes(data.translate(_mod_table(k)), "little")


#: Largest prime solved with byte-packed rows (products of two residues fit a byte).
PACKED_PRIME_LIMIT = 13


def _solve_prime(matrix: list[list[int]], rhs: list[int], columns: int, p: int
                 ) -> Steps[_LocalSolution]:
    """Solve ``matrix @ x = rhs`` over the field Z/p by Gauss-Jordan elimination.

    Each row, with its right-hand side as one more entry, is an int holding one
    byte per entry: a row operation is one big-integer multiply-add and one
    bytes.translate that reduces every byte modulo p, instead of a Python loop
    over the entries (about ten times faster on the 200-400 unknowns of big
    boards). The generators are the kernel basis of the free columns.
    """
    rows = [int.from_bytes(bytes([x % p for x in row] + [b % p]), "little")
            for row, b in zip(matrix, rhs, strict=True)]
    pivots: list[int] = []  # pivot column of rows[0], rows[1], ...
    for column in range(columns):
        if due():
            yield Progress(column, columns, "Solving the chase system")
        shift = 8 * column
        r = len(pivots)
        found = next((i for i in range(r, len(rows)) if (rows[i] >> shift) & 255), None)
        if found is None:
            continue
        rows[r], rows[found] = rows[found], rows[r]
        lead = (rows[r] >> shift) & 255
        if lead != 1:
            rows[r] = packed_mod(rows[r] * pow(lead, -1, p), p)
        pivot_row = rows[r]
        for i in range(len(rows)):
            if i != r:
                factor = (rows[i] >> shift) & 255
                if factor:
                    rows[i] = packed_mod(rows[i] + pivot_row * (p - factor), p)
        pivots.append(column)
    rhs_shift = 8 * columns
    if any(row >> rhs_shift for row in rows[len(pivots):]):
        return _LocalSolution(None, [])
    particular = [0] * columns
    for row, column in zip(rows, pivots, strict=False):
        particular[column] = row >> rhs_shift
    pivot_set = set(pivots)
    generators = []
    for free in range(columns):
        if free in pivot_set:
            continue
        vector = [0] * columns
        vector[free] = 1
        for row, column in zip(rows, pivots, strict=False):
            vector[column] = -((row >> (8 * free)) & 255) % p
        generators.append(vector)
    return _LocalSolution(particular, generators)


def row_operations(matrix: list[list[int]], columns: int, p: int) -> int:
    """How many row operations (a multiply-add and a reduction of a whole packed
    row) :func:`_solve_prime` makes eliminating ``matrix`` over Z/p: the cost
    estimates count them on a sample board, as a sparse system (king rules)
    needs a fifth of a dense one's."""
    rows = [int.from_bytes(bytes(x % p for x in row), "little") for row in matrix]
    done, operations = 0, 0
    for column in range(columns):
        shift = 8 * column
        found = next((i for i in range(done, len(rows)) if (rows[i] >> shift) & 255), None)
        if found is None:
            continue
        rows[done], rows[found] = rows[found], rows[done]
        lead = (rows[done] >> shift) & 255
        pivot_row = rows[done] = packed_mod(rows[done] * pow(lead, -1, p), p)
        for i in range(len(rows)):
            factor = (rows[i] >> shift) & 255
            if i != done and factor:
                rows[i] = packed_mod(rows[i] + pivot_row * (p - factor), p)
                operations += 1
        done += 1
    return operations


def _solve_prime_power(matrix: list[list[int]], rhs: list[int], columns: int, p: int, q: int
                       ) -> Steps[_LocalSolution]:
    """Solve ``matrix @ x = rhs`` over Z/q, q = p^e > p, on rows packed a byte per
    entry as :func:`_solve_prime` does (the list-based Smith form took 80 ns per
    entry operation, about 100 s for 1,000 unknowns).

    Row echelon form with pivots taken in order of p-adic valuation: all units
    first, then entries p * unit, and so on, so each pivot p^v divides every
    entry left below it and in its own row. Rows are only cleared below their
    pivot; back-substitution then reads every solution off the echelon rows:
    row r says ``p^v (x_j + sum a'_c x_c) = b``, so ``x_j = b / p^v - sum a'_c x_c
    + t p^(e-v)`` for any t modulo p^v. The generators (one per free column,
    order q, one per pivot with v > 0, order p^v) are the columns of that
    parametrisation, which is one to one: a direct sum, as
    :func:`min_weight_search` needs. All lanes (the particular solution and
    each generator) are substituted together, a byte each in one int.
    """
    exponent = round(math.log(q, p))
    rows = [int.from_bytes(bytes([x % q for x in row] + [b % q]), "little")
            for row, b in zip(matrix, rhs, strict=True)]
    # Per valuation v: bytes mapping an entry to 1 when its valuation is exactly v.
    exact = [bytes(int(x % q != 0 and _valuation(x, p, q) == v) for x in range(256))
             for v in range(exponent)]
    pivots: list[tuple[int, int]] = []  # (column, valuation) of rows[0], rows[1], ...
    for v in range(exponent):
        power = p**v
        while True:
            if due():
                yield Progress(len(pivots), columns, "Solving the chase system")
            top = len(pivots)
            found = None
            for i in range(top, len(rows)):
                column = rows[i].to_bytes(columns + 1, "little")[:columns].translate(
                    exact[v]).find(1)
                if column >= 0:
                    found = (i, column)
                    break
            if found is None:
                break
            i, column = found
            rows[top], rows[i] = rows[i], rows[top]
            shift = 8 * column
            unit = ((rows[top] >> shift) & 255) // power
            rows[top] = packed_mod(rows[top] * pow(unit, -1, q), q)  # pivot is now p^v
            pivot_row = rows[top]
            for r in range(top + 1, len(rows)):
                entry = (rows[r] >> shift) & 255
                if entry:
                    rows[r] = packed_mod(rows[r] + pivot_row * (q - entry // power), q)
            pivots.append((column, v))
    rank = len(pivots)
    if any(row >> (8 * columns) for row in rows[rank:]):
        return _LocalSolution(None, [])
    for row, (_, v) in zip(rows, pivots, strict=False):
        if (row >> (8 * columns)) % p**v:
            return _LocalSolution(None, [])
    pivot_columns = {column for column, _ in pivots}
    free = [c for c in range(columns) if c not in pivot_columns]
    lifted = [r for r, (_, v) in enumerate(pivots) if v > 0]
    lanes = 1 + len(free) + len(lifted)  # lane 0: the particular solution
    values = [0] * columns  # per column: its value in every lane, a byte each
    for lane, column in enumerate(free, 1):
        values[column] = 1 << (8 * lane)
    lane_of = {r: lane for lane, r in enumerate(lifted, 1 + len(free))}
    batch = max(1, (255 - (q - 1)) // ((q - 1) ** 2))
    for r in range(rank - 1, -1, -1):
        if due():
            yield Progress(rank - r, rank, "Reading off the solutions")
        column, v = pivots[r]
        data = rows[r].to_bytes(columns + 1, "little")
        power = p**v
        total = (data[columns] // power) % q  # lane 0
        if r in lane_of:
            total += (q // power) << (8 * lane_of[r])
        pending = 1
        for c, entry in enumerate(data[:columns]):
            if entry and c != column:
                total += (q - entry // power) * values[c]
                pending += 1
                if pending >= batch:
                    total, pending = packed_mod(total, q), 0
        values[column] = packed_mod(total, q)
    table = [value.to_bytes(lanes, "little") for value in values]
    particular = [entry[0] for entry in table]
    generators = [[entry[lane] for entry in table] for lane in range(1, lanes)]
    return _LocalSolution(particular, generators)


def _solve_local(matrix: list[list[int]], rhs: list[int], columns: int, p: int, q: int
                 ) -> Steps[_LocalSolution]:
    """Solve ``matrix @ x = rhs`` over Z/q, q = p^e, with all solutions' generators."""
    if q == p <= PACKED_PRIME_LIMIT:
        return (yield from _solve_prime(matrix, rhs, columns, p))
    if p < q <= PACKED_PRIME_LIMIT:
        return (yield from _solve_prime_power(matrix, rhs, columns, p, q))
    a = [[x % q for x in row] for row in matrix]
    b = [x % q for x in rhs]
    rows = len(a)
    # V starts as the identity; column operations on A are mirrored on V.
    v = [[int(i == j) for j in range(columns)] for i in range(columns)]
    diagonal: list[int] = []
    for step in range(min(rows, columns)):
        if due():
            yield Progress(step, min(rows, columns), "Solving the chase system")
        best = None
        for i in range(step, rows):
            for j in range(step, columns):
                if a[i][j]:
                    val = _valuation(a[i][j], p, q)
                    if best is None or val < best[0]:
                        best = (val, i, j)
                        if val == 0:
                            break
            if best is not None and best[0] == 0:
                break
        if best is None:
            break
        _, i, j = best
        a[step], a[i] = a[i], a[step]
        b[step], b[i] = b[i], b[step]
        for row in a:
            row[step], row[j] = row[j], row[step]
        for row in v:
            row[step], row[j] = row[j], row[step]
        pivot = a[step][step]
        power = p ** _valuation(pivot, p, q)
        # Scale the pivot row by the unit's inverse so the pivot is exactly p^v.
        unit_inverse = pow(pivot // power, -1, q)
        a[step] = [x * unit_inverse % q for x in a[step]]
        b[step] = b[step] * unit_inverse % q
        # Every other entry of the pivot's row and column is a multiple of
        # ``power`` (it has no smaller valuation), so it can be cleared.
        for i in range(rows):
            if i != step and a[i][step]:
                factor = a[i][step] // power
                a[i] = [(x - factor * y) % q for x, y in zip(a[i], a[step], strict=True)]
                b[i] = (b[i] - factor * b[step]) % q
        for j in range(step + 1, columns):
            if a[step][j]:
                factor = a[step][j] // power
                for row in a:
                    row[j] = (row[j] - factor * row[step]) % q
                for row in v:
                    row[j] = (row[j] - factor * row[step]) % q
        diagonal.append(power)
    rank = len(diagonal)
    # D y = b' with y = V^-1 x: y_i = b'_i / d_i, defined modulo q / d_i.
    if any(b[i] for i in range(rank, rows)):
        return _LocalSolution(None, [])
    y = []
    for i, d in enumerate(diagonal):
        if b[i] % d:
            return _LocalSolution(None, [])
        y.append(b[i] // d)
    y += [0] * (columns - rank)
    particular = [sum(v[r][c] * y[c] for c in range(columns)) % q for r in range(columns)]
    generators = []
    for c in range(columns):
        step = q // diagonal[c] if c < rank else 1
        if step == q:
            continue  # d_c is a unit: y_c is fixed
        generators.append([v[r][c] * step % q for r in range(columns)])
    return _LocalSolution(particular, generators)


@dataclass(frozen=True)
class ModSolution:
    """All solutions of a system over Z/k: ``particular`` plus the module spanned
    by ``generators`` (None when the system has no solution)."""

    modulus: int
    particular: list[int] | None
    generators: list[list[int]]

    @property
    def solvable(self) -> bool:
        """Whether the system has a solution."""
        return self.particular is not None


def _crt(parts: list[tuple[int, list[int]]], k: int) -> list[int]:
    """Glue vectors given modulo each prime power ``q`` into one vector modulo k."""
    length = len(parts[0][1])
    result = [0] * length
    for q, vector in parts:
        rest = k // q
        lift = rest * pow(rest, -1, q)  # 1 modulo q, 0 modulo the other prime powers
        for i, x in enumerate(vector):
            result[i] = (result[i] + x * lift) % k
    return result


def solve(matrix: list[list[int]], rhs: list[int], columns: int, k: int) -> ModSolution:
    """Solve ``matrix @ x = rhs`` over Z/k; the generators span all solutions of
    the homogeneous system (a generating set, not always a basis)."""
    return finish(solve_steps(matrix, rhs, columns, k))


def solve_steps(matrix: list[list[int]], rhs: list[int], columns: int, k: int
                ) -> Steps[ModSolution]:
    """:func:`solve` with progress reports at least every :data:`puzzlelab.jobs.REPORT_SECONDS`."""
    powers = prime_powers(k)
    locals_ = []
    for p, q in powers:
        local = yield from _solve_local(matrix, rhs, columns, p, q)
        locals_.append((q, local))
    if any(local.particular is None for _, local in locals_):
        return ModSolution(k, None, [])
    particular = _crt([(q, local.particular) for q, local in locals_], k)
    generators = []
    for q, local in locals_:
        for generator in local.generators:
            # Embed: this generator modulo q, zero modulo the other prime powers.
            others = [(q2, [0] * columns) for q2, _ in locals_ if q2 != q]
            generators.append(_crt([(q, generator), *others], k))
    return ModSolution(k, particular, generators)


def span_size(generators: list[list[int]], k: int, columns: int) -> int:
    """The number of distinct vectors in the Z/k-span of ``generators``."""
    return finish(span_size_steps(generators, k, columns))


def span_size_steps(generators: list[list[int]], k: int, columns: int) -> Steps[int]:
    """:func:`span_size`, with progress (a second for 36 generators of 1,200
    entries, a 600x600 torus with 6 states)."""
    total = 1
    for p, q in prime_powers(k):
        total *= yield from _local_span_size([[x % q for x in g] for g in generators], p, q,
                                             columns)
    return total


def _local_span_size(vectors: list[list[int]], p: int, q: int, columns: int) -> Steps[int]:
    """Size of the Z/q-span of ``vectors`` (rows): the product of q/d_i over the
    Smith diagonal of the matrix whose rows they are."""
    if not vectors:
        return 1
    a = [row[:] for row in vectors]
    size = 1
    rows = len(a)
    for step in range(min(rows, columns)):
        if due():
            yield Progress(step, min(rows, columns), "Counting the quiet patterns")
        best = None
        for i in range(step, rows):
            for j in range(step, columns):
                if a[i][j] % q:
                    val = _valuation(a[i][j], p, q)
                    if best is None or val < best[0]:
                        best = (val, i, j)
        if best is None:
            break
        val, i, j = best
        a[step], a[i] = a[i], a[step]
        for row in a:
            row[step], row[j] = row[j], row[step]
        pivot = a[step][step] % q
        power = p**val
        unit_inverse = pow(pivot // power, -1, q)
        for i in range(step + 1, rows):
            if a[i][step] % q:
                factor = (a[i][step] // power) * unit_inverse % q
                a[i] = [(x - factor * y) % q for x, y in zip(a[i], a[step], strict=True)]
        size *= q // power
    return size


def min_weight_search(
    base: list[int], generators: list[list[int]], k: int, work_budget: int
) -> Steps[tuple[list[int], bool, int | None]]:
    """The member of ``base`` + the Z/k-span of ``generators`` with the least
    sum of entries (each entry taken in 0..k-1), with progress.

    Exact method: exhaustive enumeration. Generator ``g`` of additive order
    ``m`` takes the coefficients 0..m-1 in odometer order; when a digit wraps
    from m-1 to 0, adding ``g`` once more is right, since ``m g = 0``. So every
    step adds one generator (1 + 1/(m-1) additions on average) to a packed
    vector (:class:`_Packed`, a few big-int operations for all cells at once).
    The generators of :func:`solve` are a basis of a direct sum of cyclic
    groups (columns of the Smith transform, one per diagonal entry), so each
    member is met exactly once and the count of lightest members is exact.

    For prime k, where the generators can be made to share few cells, the
    exact separator search of :func:`puzzlelab.lightsout.gf2_search.min_weight_search` is
    used instead when cheaper (:func:`_separated`).

    Returns ``(entries, True, ties)`` when ``work_budget`` covers the
    enumeration (see :func:`enumeration_cost`), else ``(entries, False,
    None)``: a light member found by annealing (:func:`puzzlelab.lightsout.gf2_search.anneal`,
    moves adding a multiple of a generator), not proven lightest.
    """
    packing = _Packed(k, len(base))
    orders, packed = yield from _orders_and_packed(generators, packing)
    total = math.prod(orders)
    plain = enumeration_cost(total, len(base), k)
    plan = yield from _separable(orders, packed, packing)
    if plan is not None and plan.cost < min(plain, work_budget + 1):
        best, ties = yield from _separated(packing.pack(base), plan, packing)
        return packing.unpack(best), True, ties
    if plain > work_budget:
        moves = []
        for g, order in zip(packed, orders, strict=True):
            if due():
                yield Progress(len(moves), len(packed), "Preparing the fewest-press search")
            moves.extend(_multiples(g, order, packing))
        words = max(1, len(base) * packing.width // 64)
        # About as long as the on/off annealing; a step costs a few more big-int operations.
        # At least 1000 steps, but fewer past 10,000 words: a step on a million
        # cells takes milliseconds, and the first 1000 took 60 s of CPU there.
        floor = min(1000, max(100, 10_000_000 // words))
        steps = max(floor, min(250_000, 2_500_000 // words, 1000 * len(moves)))
        light = yield from gf2_search.anneal(packing.pack(base), moves, packing.add, packing.weight,
                                      steps)
        return packing.unpack(light), False, None
    current = packing.pack(base)
    best, best_weight, ties = current, packing.weight(current), 1
    digits = [0] * len(orders)
    add, weight = packing.add, packing.weight
    for step in range(1, total):
        i = 0
        while True:
            current = add(current, packed[i])
            digits[i] += 1
            if digits[i] < orders[i]:
                break
            digits[i] = 0
            i += 1
        w = weight(current)
        if w <= best_weight:
            if w < best_weight:
                best, best_weight, ties = current, w, 1
            else:
                ties += 1
        if not step & 31 and due():
            yield Progress(step, total, "Searching the solutions for the fewest presses")
    return packing.unpack(best), True, ties


def _multiples(packed: int, order: int, packing: _Packed) -> list[int]:
    """``c * packed`` for c = 1 .. order - 1."""
    out, current = [], packed
    for _ in range(order - 1):
        out.append(current)
        current = packing.add(current, packed)
    return out


def search_cost(generators: list[list[int]], k: int, cells: int) -> int:
    """Work units of the exact search of :func:`min_weight_search` (the cheaper
    method); it runs when this fits the work budget."""
    packing = _Packed(k, cells)
    orders, packed = finish(_orders_and_packed(generators, packing))
    plain = enumeration_cost(math.prod(orders), cells, k)
    plan = finish(_separable(orders, packed, packing))
    return plain if plan is None else min(plain, plan.cost)


def _orders_and_packed(generators: list[list[int]], packing: _Packed
                       ) -> Steps[tuple[list[int], list[int]]]:
    """The additive orders of the nonzero generators, and the generators packed
    (with progress: packing a million cells takes a tenth of a second)."""
    orders, packed = [], []
    for generator in generators:
        if due():
            yield Progress(len(packed), len(generators), "Preparing the fewest-press search")
        order = packing.k // math.gcd(packing.k, *generator)
        if order > 1:
            orders.append(order)
            packed.append(packing.pack(generator))
    return orders, packed


def _separable(orders: list[int], packed: list[int], packing: _Packed
               ) -> Steps[_Separation | None]:
    """The separator plan, for prime k (a vector space, so the lightening keeps
    a basis) and enough generators for it to matter."""
    if len(packed) <= 6 or not is_prime(packing.k):
        return None
    return (yield from _separation_steps(tuple(packed), packing.k, packing.length))


def enumeration_cost(members: int, cells: int, k: int) -> int:
    """Work units of :func:`min_weight_search` over ``members`` vectors, in the
    units of :func:`puzzlelab.lightsout.gf2.exhaustive_cost` (each step costs about
    eight big-int operations on ``cells`` fields)."""
    bits = cells * _Packed(k, 0).width
    return members * 8 * (16 + bits // 64)


class _Packed:
    """Vectors over Z/k packed in one int, ``width`` bits per entry (SWAR).

    ``width`` leaves room for the sum of two residues, so two packed vectors
    add without carries between entries; the entries that reached k are then
    found all at once (adding ``half - k`` sets an entry's top bit exactly
    when it is at least k) and k is taken off them.
    """

    def __init__(self, k: int, length: int) -> None:
        self.k = k
        self.width = (k - 1).bit_length() + 1
        self.half = 1 << (self.width - 1)  # >= k, so no entry borrows or overflows
        self.length = length
        # As text: a sum of shifted ints is quadratic (4 s for 250,000 cells).
        self.ones = int(("0" * (self.width - 1) + "1") * length or "0", 2)
        self.bias = (self.half - k) * self.ones
        self.fields = [format(v, f"0{self.width}b") for v in range(k)]

    def pack(self, values: list[int]) -> int:
        """The packed form of ``values`` (each reduced modulo k)."""
        fields, k = self.fields, self.k
        return int("".join([fields[v % k] for v in reversed(values)]) or "0", 2)

    def unpack(self, packed: int) -> list[int]:
        """The entries of a packed vector, in order."""
        text = format(packed, f"0{self.width * self.length}b")
        w = self.width
        return [int(text[i - w : i], 2) for i in range(len(text), 0, -w)]

    def add(self, a: int, b: int) -> int:
        """``a + b`` entry by entry, modulo k."""
        total = a + b
        reached = ((total + self.bias) >> (self.width - 1)) & self.ones
        return total - reached * self.k

    def support(self, packed: int) -> int:
        """The nonzero entries: bit ``width * i`` set where entry i is not 0."""
        spread = packed
        for shift in range(1, self.width - 1):
            spread |= packed >> shift
        return spread & self.ones

    def weight(self, packed: int) -> int:
        """The sum of the entries."""
        return sum(
            (packed & (self.ones << bit)).bit_count() << bit for bit in range(self.width - 1)
        )


def is_prime(k: int) -> bool:
    """Whether ``k`` is a prime (Z/k is then a field)."""
    return k > 1 and all(k % p for p in range(2, math.isqrt(k) + 1))


@dataclass(frozen=True)
class _Separation:
    """Packed generators over Z/k (k prime) split as in
    :func:`puzzlelab.lightsout.gf2_search.separate_steps`: a separator, and groups whose cells
    (``masks``, whole fields) no other group touches."""

    separator: tuple[int, ...]
    groups: tuple[tuple[int, ...], ...]
    masks: tuple[int, ...]
    cost: int


#: The latest separations, by generators and modulus (a dict keeps insertion order).
_SEPARATIONS: dict[tuple[tuple[int, ...], int, int], _Separation] = {}
SEPARATIONS_KEPT = 8


def _separation(packed: tuple[int, ...], k: int, length: int) -> _Separation:
    """:func:`_separation_steps` run to its end."""
    return finish(_separation_steps(packed, k, length))


_separation.cache_clear = _SEPARATIONS.clear  # type: ignore[attr-defined]  # as for lru_cache


def _separation_steps(packed: tuple[int, ...], k: int, length: int) -> Steps[_Separation]:
    """Lighten the generators (fewest nonzero cells), then separate them; kept
    per generators, with progress (seconds on a 200x200 knight torus)."""
    key = (packed, k, length)
    if key not in _SEPARATIONS:
        _SEPARATIONS[key] = yield from _plan_separation(packed, k, length)
        while len(_SEPARATIONS) > SEPARATIONS_KEPT:
            del _SEPARATIONS[next(iter(_SEPARATIONS))]
    return _SEPARATIONS[key]


def _plan_separation(packed: tuple[int, ...], k: int, length: int) -> Steps[_Separation]:
    packing = _Packed(k, length)
    lighter = yield from _lighten_steps(list(packed), packing)
    supports = [packing.support(g) for g in lighter]
    # Each member costs about a dozen packed operations on the whole width, in Python.
    separator, groups, cost = yield from gf2_search.separate_steps(supports, k, 16, sweep_divisor=1)
    field = (1 << packing.width) - 1
    masks = []
    for group in groups:
        mask = 0
        for i in group:
            mask |= supports[i]
        masks.append(mask * field)
    return _Separation(tuple(lighter[i] for i in separator),
                       tuple(tuple(lighter[i] for i in g) for g in groups), tuple(masks), cost)


def _lighten_steps(vectors: list[int], packing: _Packed) -> Steps[list[int]]:
    """Replace a generator by its sum with a multiple of another while that has
    fewer nonzero cells (an invertible change of basis for k prime). With
    progress: a pass over a hundred generators of 40,000 cells took seconds."""
    def multiples(v: int) -> list[int]:
        found = [v]
        while len(found) < packing.k - 1:
            found.append(packing.add(found[-1], v))
        return found

    supports = [packing.support(v) for v in vectors]
    sizes = [support.bit_count() for support in supports]
    changed = True
    while changed:
        changed = False
        for i in range(len(vectors)):
            for j in range(len(vectors)):
                if due():
                    yield Progress(i, len(vectors), "Preparing the fewest-press search")
                if i == j or not supports[i] & supports[j]:
                    continue
                for multiple in multiples(vectors[j]):
                    candidate = packing.add(vectors[i], multiple)
                    support = packing.support(candidate)
                    if support.bit_count() < sizes[i]:
                        vectors[i], supports[i], changed = candidate, support, True
                        sizes[i] = support.bit_count()
    return vectors


def _separated(base: int, plan: _Separation, packing: _Packed) -> Steps[tuple[int, int]]:
    """Exact minimum over ``base`` + the span, enumerating only the separator
    (odometer order) and minimising each group on its own cells; as
    :func:`puzzlelab.lightsout.gf2_search._separated`, over Z/k."""
    add, weight = packing.add, packing.weight
    tables = []
    for group in plan.groups:
        table = [0]
        for vector in group:
            step = [0]
            while len(step) < packing.k:
                step.append(add(step[-1], vector))
            table = [add(member, s) for member in table for s in step]
        tables.append(table)
    outside = packing.ones * ((1 << packing.width) - 1)
    for mask in plan.masks:
        outside &= ~mask
    # Look at the clock about every thousand table members swept: often
    # enough even when the groups are big, rarely enough to cost nothing.
    largest = max(len(t) for t in tables)
    report_mask = (1 << max(0, 10 - largest.bit_length())) - 1
    touched_by = [[g for g, m in enumerate(plan.masks) if m & v] for v in plan.separator]
    minima = [0] * len(tables)
    counts = [1] * len(tables)

    def settle(current: int, group: int) -> None:
        own = current & plan.masks[group]
        weights = [weight(add(own, t)) for t in tables[group]]
        lightest = min(weights)
        minima[group], counts[group] = lightest, weights.count(lightest)

    current = base
    for group in range(len(tables)):
        settle(current, group)
    best, best_weight, ties = base, weight(current & outside) + sum(minima) + 1, 0
    digits = [0] * len(plan.separator)
    total = packing.k ** len(plan.separator)
    for step in range(total):
        i = 0
        while step:  # the odometer as in min_weight_search, groups settled on the way
            current = add(current, plan.separator[i])
            for group in touched_by[i]:
                settle(current, group)
            digits[i] += 1
            if digits[i] < packing.k:
                break
            digits[i] = 0
            i += 1
        w = weight(current & outside) + sum(minima)
        if w <= best_weight:
            found = math.prod(counts)
            if w < best_weight:
                best_weight, ties, best = w, found, current
                for group, table in enumerate(tables):
                    own = current & plan.masks[group]
                    best = add(best, min(table, key=lambda t, o=own: weight(add(o, t))))
            else:
                ties += found
        if not step & report_mask and due():
            yield Progress(step, total, "Searching the solutions for the fewest presses")
    return best, ties
