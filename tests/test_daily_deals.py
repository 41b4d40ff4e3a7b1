"""The daily deals the build ships (daily-deals.json) are Python's: for a
sample of dates (the window's first and last, today, 30 at random), the game
the page rebuilds from a shipped deal (its rules' answer for the game ID, with
the deal's other fields put back) is exactly a fresh Python deal of that day."""

from __future__ import annotations

import json
import random
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from puzzlelab import api


@pytest.fixture(scope="module")
def shipped(build_py: ModuleType, dist_dir: Path) -> dict[str, Any]:
    """The deals file the built site ships (the test run builds it first)."""
    return json.loads((dist_dir / build_py.shipped.DAILY_DEALS_FILE).read_text())


def handle(request: dict[str, Any]) -> dict[str, Any]:
    answer = api.handle(dict(request))
    assert answer["ok"], answer
    return answer["result"]


def sample_dates(first: date, last: date) -> list[date]:
    today = datetime.now(UTC).date()
    span = (last - first).days
    picked = random.Random(20261124).sample(range(1, span), 30)
    return [first, last, today, *(first + timedelta(days=n) for n in picked)]


def test_the_window_runs_from_the_first_daily_to_a_year_ahead(shipped, build_py):
    first, last = date.fromisoformat(shipped["first"]), date.fromisoformat(shipped["last"])
    today = datetime.now(UTC).date()
    assert first == build_py.DAILY_FIRST
    assert last == today + timedelta(days=build_py.DAILY_DAYS_AHEAD)
    days = {(first + timedelta(days=n)).isoformat() for n in range((last - first).days + 1)}
    for kind in build_py.DAILY_REQUESTS:
        assert set(shipped[kind]["deals"]) == days


def test_shipped_deals_are_pythons(shipped, build_py):
    for kind in build_py.DAILY_REQUESTS:
        check_deals_are_pythons(shipped, build_py, kind)


def check_deals_are_pythons(shipped, build_py, kind):
    """Sampled days of ``kind``'s shipped deals are what Python deals from the date."""
    table = shipped[kind]
    assert table["request"] == build_py.DAILY_REQUESTS[kind][0]
    assert "seed" not in table["request"]  # the date gives it
    first, last = date.fromisoformat(shipped["first"]), date.fromisoformat(shipped["last"])
    for day in sample_dates(first, last):
        fresh = handle({**table["request"], "seed": int(day.strftime("%Y%m%d"))})
        deal = table["deals"][day.isoformat()]
        extras = {key: value for key, value in deal.items() if key != "game"}
        rebuilt = handle({"cmd": table["load"], "game": deal["game"]}) | extras
        assert rebuilt == fresh, day


def test_deals_differ_from_day_to_day(shipped, build_py):
    assert build_py.DAILY_REQUESTS
    for kind in build_py.DAILY_REQUESTS:
        games = [deal["game"] for deal in shipped[kind]["deals"].values()]
        assert len(set(games)) > 0.9 * len(games)


def test_the_seed_is_the_date(build_py):
    assert build_py.daily_seed(date(2026, 11, 24)) == 20261124
    assert build_py.daily_seed(date(2027, 1, 5)) == 20270105
