"""Python's memory snapshot: saved only once a visitor used Python (not when it
only started), a second visit starts Python from the snapshot the first one
saved, and a snapshot that cannot be used falls back to the plain start."""

from __future__ import annotations

from typing import Any

import pytest

from puzzle_homes import all_facts
from puzzlelab import api

pytestmark = pytest.mark.e2e

READY = "window.puzzleLab.client.ready"
SNAPSHOT_SIZE = """caches.open('python-snapshots').then((cache) => cache.keys()
  .then(([key]) => key && cache.match(key)).then((saved) => saved?.arrayBuffer())
  .then((bytes) => bytes?.byteLength ?? 0))"""
#: What the page's engine answers for a request: its result, or its error's words.
ASK = """(request) => window.puzzleLab.client.request(request)
  .then((result) => ({ok: true, result}), (error) => ({ok: false, error: error.message}))"""
#: Keys of an answer that are measured, not computed: left out of a comparison.
MEASURED = {"seconds", "ms", "elapsed", "bootMs"}


def wait_saved(page: Any, larger_than: int = 0) -> None:
    """Wait until the snapshot is in its cache (and bigger than ``larger_than`` bytes)."""
    for _ in range(120):
        if page.evaluate(SNAPSHOT_SIZE) > larger_than:
            return
        page.wait_for_timeout(500)
    raise AssertionError("no Python snapshot was saved within a minute")


def visit(page: Any, site_url: str) -> dict:
    """Open the main page afresh; Python's ready message."""
    page.goto("about:blank")
    page.goto(site_url)
    return page.evaluate(READY)


def computed(answer: Any) -> Any:
    """``answer`` without its measured times."""
    if isinstance(answer, dict):
        return {key: computed(value) for key, value in answer.items() if key not in MEASURED}
    if isinstance(answer, list):
        return [computed(value) for value in answer]
    return answer


def deal(page: Any) -> Any:
    """A random deal made by Python (each puzzle's facts' DEAL_REQUEST): the
    engine used, and its answer."""
    request = next(f.DEAL_REQUEST for f in all_facts() if f.DEAL_REQUEST)
    answer = page.evaluate(ASK, request)
    assert answer["ok"], answer
    return answer["result"]


def probes() -> list[dict]:
    """Requests only Python answers, from every puzzle: its rules' leftovers
    and the ones that read the package's data files."""
    return [request for f in all_facts() for request in (*f.PYTHON_ONLY_REQUESTS,
                                                          *f.DATA_REQUESTS)]


def test_a_second_visit_starts_python_from_the_snapshot_of_the_first(
    page: Any, site_url: str
) -> None:
    first = visit(page, site_url)
    assert first["started"] == "plain"
    # Started but not used (as the page's idle start leaves it): nothing is
    # stored. It used to be saved within a second of "ready".
    page.wait_for_timeout(3000)
    assert page.evaluate(SNAPSHOT_SIZE) == 0
    deal(page)  # used now
    wait_saved(page)
    deals = []
    for _ in range(2):
        again = visit(page, site_url)
        assert again["started"] == "snapshot"
        deals.append(deal(page))
    # Each start from the snapshot draws its own random numbers.
    assert deals[0] != deals[1]
    # Every puzzle's engine answers as Python does here, the package's data
    # files included (the snapshot holds memory, not files).
    for request in probes():
        assert computed(page.evaluate(ASK, request)) == computed(api.handle(request)), request
    print(f"Python ready: {first['bootMs']} ms plain, {again['bootMs']} ms from the snapshot")


def test_a_snapshot_that_cannot_be_used_falls_back_to_the_plain_start(
    page: Any, site_url: str
) -> None:
    visit(page, site_url)
    deal(page)
    wait_saved(page)
    page.evaluate(
        """async () => {
          const cache = await caches.open('python-snapshots');
          const [key] = await cache.keys();
          const junk = new Uint8Array(1000).fill(7);
          await cache.put(key, new Response(junk, { headers: { 'x-snapshot-length': '1000' } }));
        }"""
    )
    again = visit(page, site_url)
    assert again["started"] == "plain"
    assert deal(page)
    # A good snapshot replaces the broken one.
    wait_saved(page, larger_than=1000)
