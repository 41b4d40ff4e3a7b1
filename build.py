#!/usr/bin/env python3
"""Set up, build, serve and test Puzzle Lab (standard library only).

Subcommands::

    python3 build.py setup                # .venv with the dev tools, node_modules
    python3 build.py build                # assemble the static site in dist/
    python3 build.py serve [--port N] [--dir DIR] [--prefix /sub/path/]
    python3 build.py start                # setup, build, serve
    python3 build.py test [PYTEST ARGS]   # setup, build, ruff, pytest
    python3 build.py test --quick         # the same with the quick tier only

``dist/`` is the whole deployable site: the pages from ``web/``, the Pyodide
core from the ``pyodide`` npm package, micropip, our own pure wheel and, under
``data/``, the package's large data files, fetched only when a solver needs one. Every
URL in it is relative, so it works from any sub-path (e.g. GitHub Pages).

``build``, ``start`` and ``test`` take ``--vendor-numpy`` (or the environment
variable ``PUZZLELAB_VENDOR_NUMPY=1``): also copy Pyodide's numpy wheel into
``dist/pyodide/``, downloaded once from the Pyodide package index (or from
``$PUZZLELAB_PYODIDE_INDEX``) into ``.cache/numpy/``. When that fails the build
goes on without it and the page fetches numpy from the CDN when it needs it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# The jobs live in buildtools/, next to this file (also when the tests load it by path).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from buildtools import shipped, vendor
from buildtools.common import DIST, ROOT, env_flag
from buildtools.serve import SiteServer, serve, serve_in_thread
from buildtools.setup import NODE_MIN_MAJOR, node_major, setup
from buildtools.shipped import (
    DAILY_DAYS_AHEAD,
    DAILY_FIRST,
    DAILY_REQUESTS,
    FIRST_DEALS,
    FIRST_REQUESTS,
    daily_seed,
    first_hint_requests,
    params_modules,
    write_daily_deals,
    write_first_boards,
)
from buildtools.site import build, precompress, stamp_service_worker
from buildtools.testing import test
from buildtools.vendor import (
    MICROPIP_VERSION,
    PYODIDE_INDEX_ENV,
    VENDOR_NUMPY_ENV,
    vendor_numpy,
)
from buildtools.wheel import build_wheel, data_files, project_metadata

# What the tests and the benches use of the build, by these names.
__all__ = [
    "DAILY_DAYS_AHEAD", "DAILY_FIRST", "DAILY_REQUESTS", "DIST", "FIRST_DEALS", "FIRST_REQUESTS",
    "MICROPIP_VERSION", "NODE_MIN_MAJOR", "PYODIDE_INDEX_ENV", "ROOT",
    "VENDOR_NUMPY_ENV", "SiteServer", "build", "build_wheel", "daily_seed", "data_files",
    "first_hint_requests", "main", "node_major", "params_modules", "precompress",
    "project_metadata", "serve_in_thread", "shipped", "stamp_service_worker", "vendor",
    "vendor_numpy", "write_daily_deals", "write_first_boards",
]


def main(argv: list[str] | None = None) -> int:
    """Parse the command line and run one subcommand."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("setup", help="create .venv and node_modules when needed")
    commands.add_parser("params", help="write the argument descriptions from "
                        "py/puzzlelab/params.py (web/rules/core-params.mjs and each "
                        "puzzle's params.mjs)")
    builders = [commands.add_parser("build", help="assemble dist/")]
    for name in ("serve", "start"):
        sub = commands.add_parser(
            name, help="serve dist/" if name == "serve" else "setup, build and serve"
        )
        sub.add_argument("--port", type=int, default=8000)
        sub.add_argument("--host", default="127.0.0.1")
        sub.add_argument("--prefix", default="/", help="URL path to mount the site at")
        sub.add_argument("--dir", type=Path, default=DIST, help="directory to serve")
        if name == "start":
            builders.append(sub)
    tester = commands.add_parser(
        "test", help="setup, build, ruff and pytest (extra args go to pytest)")
    tester.add_argument("--quick", action="store_true",
                        help="only the quick tier: every puzzle's core, the page's boot, play, "
                        "undo, save and link (pytest -m quick)")
    builders.append(tester)
    for sub in builders:
        sub.add_argument(
            "--vendor-numpy",
            action="store_true",
            help="also put Pyodide's numpy wheel into dist/pyodide/ (downloaded once into "
            f".cache/numpy/; a failed download only prints a notice); {VENDOR_NUMPY_ENV}=1 "
            "does the same",
        )
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.command == "params":
        shipped.write_params_modules()
        return 0
    if args.command in ("setup", "start", "test"):
        setup()
    if args.command in ("build", "start", "test"):
        build(with_numpy=args.vendor_numpy or env_flag(VENDOR_NUMPY_ENV))
    if args.command in ("serve", "start"):
        serve(args.dir.resolve(), args.host, args.port, args.prefix)
    if args.command == "test":
        return test(extra, quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
