"""The fewest presses of the all-lit n x n board, every solution weighed by a
Walsh-Hadamard transform (``puzzlelab.lightsout.all_lit_walsh``), in parts
that run on a pool of processes and are kept as they finish.

    PYTHONPATH=py python3 tools/lightsout_walsh.py N [--parts 256] [--processes 2] [--work DIR]

Each part is one share of the cosets to transform (every ``parts``-th
representative); a finished part is a checked record file in ``--work``
(``build/walsh-N`` by default), so a run cut short starts again from the
parts still missing, and parts may run on other machines (copy their files
in). When every part is there it prints the fewest presses, how many
solutions have that many, and one of them as hex bits ``r * n + c``, as
JSON. On a cluster each part is one call of ``walsh_term(n, (i, parts))``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

# One BLAS thread a process: the parts are the parallelism.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from puzzlelab.lightsout.all_lit_walsh import run_parts  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the missing parts, then print the whole as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--parts", type=int, default=256)
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--work", type=Path, help="where finished parts are kept")
    words = parser.parse_args(argv)
    if words.n < 1 or words.parts < 1:
        parser.error("n and --parts must be at least 1")
    whole = run_parts(words.n, words.parts, words.processes,
                      words.work or ROOT / "build" / f"walsh-{words.n}")
    print(json.dumps({"n": whole.n, "fewest": whole.fewest, "solutions": whole.ties,
                      "cosets": whole.cosets, "cpu_seconds": whole.seconds,
                      "parts": words.parts, "presses_hex": format(whole.presses, "x")}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
