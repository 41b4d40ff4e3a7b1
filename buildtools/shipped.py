"""The answers the build computes once with Python, from each family's declaration.

Each family of ``py/puzzlelab`` may declare in its ``shipped`` module what the
page should show without waiting for Python (``puzzlelab.families.shipped``
says what each name means): its first deals and their first hints, written
into ``dist/rules/first-boards.mjs``, and its daily puzzle's request, whose
deals for a window of dates go into ``dist/daily-deals.json``. This module
names no family: a new one ships its answers by declaring them.

``WRITERS`` lists the steps the build runs, each ``write(dist)``: a new kind
of build-time data is one more function and one more entry there.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

from buildtools.common import WEB, fail, package_importable

with package_importable():
    from puzzlelab import families


def declarations() -> dict[str, ModuleType]:
    """Each family's ``shipped`` module, in the registry's order (families without one left out)."""
    with package_importable():
        found = {family: families.shipped(family) for family in families.FAMILIES}
    return {family: module for family, module in found.items() if module is not None}


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Python's result for ``request``; the build stops when Python refuses it."""
    with package_importable():
        from puzzlelab import api
    response = api.handle(dict(request))
    if not response["ok"]:
        fail(f"build: Python refused the request {request}: {response['error']}")
    return response["result"]


# --- first boards ----------------------------------------------------------------

# Per family, the deal requests a first visit picks one of at random (returning
# visitors get their saved game); the page's boards read them from first-boards.mjs.
FIRST_DEALS: dict[str, tuple[dict[str, Any], ...]] = {
    family: tuple(module.FIRST_DEALS)
    for family, module in declarations().items() if getattr(module, "FIRST_DEALS", ())
}
# The requests the page makes for its default boards that the JavaScript rules
# cannot answer (a generated puzzle): the build answers them once with Python.
FIRST_REQUESTS = tuple(request for deals in FIRST_DEALS.values() for request in deals)


def first_hint_requests() -> list[dict[str, Any]]:
    """The hints a person may ask before any move on a first board (#35), from
    every family's ``first_hints``. Shipped with the boards, so the first hint
    of a visit shows at once even while Python is still starting; a hint after
    a move, or on any other board, goes to Python."""
    return [request for module in declarations().values() if hasattr(module, "first_hints")
            for request in module.first_hints(answer)]


def write_first_boards(dist: Path) -> None:
    """Write Python's answers to FIRST_REQUESTS and to the first hints on those
    boards (first_hint_requests) into ``dist/rules/first-boards.mjs``.

    The page answers these without waiting for Python (web/rules/index.mjs),
    so its default boards are drawn at once and their first hint shows at
    once; FIRST_DEALS goes with them (the requests a first visit picks from,
    per puzzle).
    """
    answers = {
        json.dumps(request, sort_keys=True, separators=(",", ":")): answer(request)
        for request in (*FIRST_REQUESTS, *first_hint_requests())
    }
    target = dist / "rules" / "first-boards.mjs"
    header = target.read_text().split("export const")[0]
    deals = {family: list(requests) for family, requests in FIRST_DEALS.items()}
    target.write_text(
        f"{header}export const FIRST_BOARDS = {json.dumps(answers, indent=1)};\n"
        f"export const FIRST_DEALS = {json.dumps(deals, indent=1)};\n"
    )


# --- the daily puzzles -----------------------------------------------------------

# Per family, its daily puzzle's dealing request without the seed, which is the
# date as a number (20261124), and the request whose answer the page's rules
# give for a game ID. The page uses a shipped deal only when its own request is
# this one (web/daily-deals.mjs), so a changed board falls back to Python,
# never to a stale puzzle. A family whose rules module deals its daily itself
# declares none.
DAILY_REQUESTS: dict[str, tuple[dict[str, Any], str]] = {
    family: module.DAILY
    for family, module in declarations().items() if getattr(module, "DAILY", None)
}
# The shipped window: from the first daily puzzle to this many days past the
# build, so that a site left unbuilt for a year still deals at once.
DAILY_FIRST = date(2026, 11, 1)
DAILY_DAYS_AHEAD = 400
DAILY_DEALS_FILE = "daily-deals.json"


def daily_seed(day: date) -> int:
    """The seed of ``day``'s daily puzzle, as the page counts it: 2026-11-24 -> 20261124."""
    return int(day.strftime("%Y%m%d"))


def daily_deal(kind: str, day: date) -> dict[str, object]:
    """Python's daily deal of ``kind`` for ``day``, as shipped: its game ID and extras.

    The extras are the fields of the deal that loading its game ID does not
    give back the same (the difficulty, the seed...): the page merges them
    into its rules' answer for the game ID, which is then Python's deal.
    """
    with package_importable():
        from puzzlelab import api

    request, load = DAILY_REQUESTS[kind]
    dealt = api.handle({**request, "seed": daily_seed(day)})
    if not dealt["ok"]:
        fail(f"build: Python refused the daily request of {kind} for {day}: {dealt['error']}")
    state = dealt["result"]
    loaded = api.handle({"cmd": load, "game": state["game"]})
    if not loaded["ok"] or set(loaded["result"]) - set(state):
        fail(f"build: the daily game of {kind} for {day} does not load back as dealt")
    again = loaded["result"]
    return {"game": state["game"]} | {
        key: value for key, value in state.items() if key != "game" and again.get(key) != value
    }


def daily_deals(first: date, last: date) -> dict[str, object]:
    """Every daily deal from ``first`` to ``last`` (both included), per puzzle and date."""
    days = [first + timedelta(days=n) for n in range((last - first).days + 1)]
    tables: dict[str, object] = {"first": first.isoformat(), "last": last.isoformat()}
    for kind, (request, load) in DAILY_REQUESTS.items():
        tables[kind] = {
            "request": request,
            "load": load,
            "deals": {day.isoformat(): daily_deal(kind, day) for day in days},
        }
    return tables


def write_daily_deals(dist: Path, today: date | None = None) -> Path:
    """Write ``dist/daily-deals.json``: the daily puzzles of the shipped window.

    The page fetches it only when a daily puzzle is asked for, and shows that
    day's deal at once, without Python; a date outside the window is dealt by
    Python as before.
    """
    today = today or datetime.now(UTC).date()
    tables = daily_deals(DAILY_FIRST, today + timedelta(days=DAILY_DAYS_AHEAD))
    target = dist / DAILY_DEALS_FILE
    target.write_text(json.dumps(tables, separators=(",", ":")) + "\n")
    return target


# --- the page's argument descriptions ---------------------------------------------

#: The core's argument descriptions (requests of no family): web/rules/params.mjs
#: joins them with each puzzle's own, web/puzzles/<id>/params.mjs.
CORE_PARAMS_MODULE = WEB / "rules" / "core-params.mjs"


def params_modules() -> dict[Path, str]:
    """Every generated file of argument descriptions and its text, from Python:
    the core's (web/rules/core-params.mjs) and each family's, in its own home
    (web/puzzles/<id>/params.mjs, exported by its rules module as ARGUMENTS).

    The page's JavaScript rules answer only requests that fit these (the rest go
    to Python, which words the refusal), so one description serves the API, the
    command line and the page. ``python3 build.py params`` writes them; a test
    checks the committed copies are current.
    """
    with package_importable():
        from puzzlelab import families, params
    kept = ("name", "kind", "required", "low", "high", "choices", "max_chars")
    described = {command: [{key: arg[key] for key in kept if key in arg} for arg in args]
                 for command, args in params.describe()["commands"].items()}
    owner = {command: families.family_of(command) for command in described}
    modules = {CORE_PARAMS_MODULE: ("the core's requests", None)}
    modules.update({WEB / "puzzles" / family / "params.mjs": (f"the {family} requests", family)
                    for family in families.FAMILIES})
    out = {}
    for path, (whose, family) in modules.items():
        mine = {command: args for command, args in described.items() if owner[command] == family}
        text = json.dumps(mine, separators=(",", ":"), sort_keys=True).replace('],"', '],\n "')
        out[path] = (
            f"// The arguments of {whose} (names, kinds, ranges), as\n"
            "// py/puzzlelab/params.py describes them. Generated by `python3 build.py params`;\n"
            "// do not edit (tests/test_js_rules.py checks it is current).\n"
            f"export const ARGUMENTS = {text};\n"
        )
    return out


def write_params_modules() -> list[Path]:
    """Write every file of :func:`params_modules`; the paths written."""
    written = []
    for path, text in params_modules().items():
        path.parent.mkdir(parents=True, exist_ok=True)  # a new puzzle's web home
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


# The build-time data steps of `build`, in order, each `write(dist)`.
def write_levels(dist: Path) -> Path:
    """Write ``dist/levels.json``: every family's ladder of levels (py/puzzlelab/levels.py)."""
    with package_importable():
        from puzzlelab import levels

        return levels.write(dist / levels.LEVELS_FILE)


WRITERS: tuple[Callable[[Path], object], ...] = (
    write_first_boards, write_daily_deals, write_levels)
