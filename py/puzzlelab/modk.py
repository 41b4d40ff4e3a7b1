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

from dataclasses import dataclass


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


def _solve_local(matrix: list[list[int]], rhs: list[int], columns: int, p: int, q: int
                 ) -> _LocalSolution:
    """Solve ``matrix @ x = rhs`` over Z/q, q = p^e, with all solutions' generators."""
    a = [[x % q for x in row] for row in matrix]
    b = [x % q for x in rhs]
    rows = len(a)
    # V starts as the identity; column operations on A are mirrored on V.
    v = [[int(i == j) for j in range(columns)] for i in range(columns)]
    diagonal: list[int] = []
    for step in range(min(rows, columns)):
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
    powers = prime_powers(k)
    locals_ = [(q, _solve_local(matrix, rhs, columns, p, q)) for p, q in powers]
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
    total = 1
    for p, q in prime_powers(k):
        total *= _local_span_size([[x % q for x in g] for g in generators], p, q, columns)
    return total


def _local_span_size(vectors: list[list[int]], p: int, q: int, columns: int) -> int:
    """Size of the Z/q-span of ``vectors`` (rows): the product of q/d_i over the
    Smith diagonal of the matrix whose rows they are."""
    if not vectors:
        return 1
    a = [row[:] for row in vectors]
    size = 1
    rows = len(a)
    for step in range(min(rows, columns)):
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
