"""One Python engine for every board and tab: a quick request does not wait for a long job.

The engine (web/worker.mjs) steps every job in turn, the least-served first, so a
Lights Out "Show solution" is answered between two steps of a long binary-puzzle
count running in another tab (the shared engine) or in another tab of the same
page (the dedicated engine, where SharedWorker is missing). A second long job
waits for the first, and the page says what it waits for, with that job's
progress and a way to cancel it; the long job it was waiting for is stopped, and
the waiting one then finishes with the right count. Sixty mixed requests of
every family from two tabs, some cancelled, beside a long count, each answer
as Python answers them alone; a tab that closes stops its count.

Every check is an ordering (what is on screen when the other answer arrives),
never a time.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from puzzlelab import api
from puzzlelab.lightsout import Board, solve

pytestmark = pytest.mark.e2e

LONG_COUNT = "10x10:zzzv"  # the empty 10x10: about a minute in the page
# Two rows and three cells given on a 10x10: 1.3 s natively, several seconds in
# the page, so that it becomes a long job itself (the empty 8x10 took about 1 s
# of steps, too near LONG_MS); two full rows took 6.6 s natively.
SECOND_COUNT = "10x10:01011010011010010110011zzy"
NO_SHARED_WORKER = "delete globalThis.SharedWorker;"


def ready(page: Any, board: str) -> None:
    """Wait until `board` (lightsout, binairo) has its first game and Python
    answers (started at once, as a touch of the board would)."""
    page.wait_for_function(
        "window.puzzleLab ? (window.puzzleLab.client.startPython(), true) : false")
    page.wait_for_function(
        f"""['ready', 'solved'].includes(document.querySelector('#{board}')?.dataset.status)
            && document.querySelector('#{board}').dataset.python === 'ready'
            && window.puzzleLab.boards.{board}.idle()""",
        timeout=90_000,
    )


def start_long_count(page: Any, site_url: str) -> None:
    """Open the empty 10x10 on the binary puzzle tab and start counting it."""
    page.goto(site_url + f"#binairo={LONG_COUNT}")
    ready(page, "binairo")
    assert page.locator("#binairo").get_attribute("data-game-id") == LONG_COUNT
    page.locator("#binairo").get_by_role("button", name="Count solutions").click()
    # Running: its own progress has arrived.
    page.wait_for_function(
        "document.querySelector('#binairo .job-note progress').value > 0", timeout=60_000
    )
    become_long(page)


def become_long(page: Any) -> None:
    """Let the count alone run 1.5 s more: the engine then counts it as long (a
    second of steps, LONG_MS in worker.mjs), so that a later long job waits for
    it rather than overtaking it first (as it may while both are short)."""
    page.wait_for_timeout(1500)


def long_count_running(page: Any) -> bool:
    """The count is still on: its progress bar shows and its board has not settled."""
    return page.evaluate(
        """() => !window.puzzleLab.boards.binairo.idle()
             && !document.querySelector('#binairo .job-note progress').hidden
             && !document.querySelector('#binairo .message').textContent.includes('solutions')"""
    )


def show_solution_while_counting(page: Any, counting: Any) -> None:
    """Show a 5x5 Lights Out solution on `page` and check it is right and came first."""
    root = page.locator("#lightsout")
    ready(page, "lightsout")
    board = Board.parse(root.get_attribute("data-game-id"))
    assert (board.rows, board.cols) == (5, 5)
    root.get_by_role("button", name="Show solution").click()
    # Whichever comes first: the solution, or the end of the count (as when
    # the engine answered one request at a time); it must be the solution.
    solved = "window.puzzleLab.boards.lightsout.idle()"
    for _ in range(1500):
        if page.evaluate(solved) or not long_count_running(counting):
            break
        page.wait_for_timeout(100)
    assert page.evaluate(solved)
    assert long_count_running(counting)
    note = root.locator(".solution-note").inner_text()
    fewest = solve(board)
    assert f"{fewest.press_count} press" in note, note
    assert "Solving" not in note


def expected_count(game: str) -> str:
    return api.handle({"cmd": "binairo.count", "game": game})["result"]["count_text"]


def test_a_quick_answer_and_a_waiting_count_across_tabs_of_the_shared_engine(
    page: Any, site_url: str, screenshot_dir: Any
) -> None:
    start_long_count(page, site_url)
    other = page.context.new_page()  # the same context: the same SharedWorker
    try:
        other.goto(site_url + "#lightsout")
        show_solution_while_counting(other, page)
        engines = [p.evaluate("window.puzzleLab.client.ready.then((r) => r.engine)")
                   for p in (page, other)]
        assert engines[0]["shared"] and engines[0] == engines[1]

        # A second long count in the other tab waits for the first and says so.
        other.locator("#tab-binairo").click()
        ready(other, "binairo")
        other.evaluate(f"window.puzzleLab.boards.binairo.setGame('{SECOND_COUNT}')")
        ready(other, "binairo")
        assert other.locator("#binairo").get_attribute("data-game-id") == SECOND_COUNT
        other.locator("#binairo").get_by_role("button", name="Count solutions").click()
        wait = other.locator("#binairo .engine-wait")
        wait.wait_for(timeout=60_000)
        text = wait.inner_text()
        assert "Waiting for a count (binary puzzle) running in another tab or frame" in text
        assert long_count_running(page)
        other.screenshot(path=str(screenshot_dir / "engine-waiting.png"), full_page=True)
        # Its Cancel stops the first tab's count; that tab says why, and the
        # waiting count runs and finishes right.
        wait.get_by_role("button", name="Cancel it").click()
        page.wait_for_function("window.puzzleLab.boards.binairo.idle()", timeout=30_000)
        said = page.locator("#binairo .message").inner_text()
        assert "Cancelled from another tab or frame" in said
        other.wait_for_function("window.puzzleLab.boards.binairo.idle()", timeout=120_000)
        count = f"{int(expected_count(SECOND_COUNT)):,}"
        assert f"{count} solutions" in other.locator("#binairo .message").inner_text()
        assert other.locator("#binairo .engine-wait").count() == 0
    finally:
        other.close()


# Runs in the page: a long count through the page's client while the board's
# count runs; it reports what it waits for, cancels that and then finishes.
WAIT_THEN_CANCEL = """async (game) => {
  const client = window.puzzleLab.client;
  const waits = [];
  let cancelled = false;
  const count = await client.request({ cmd: "binairo.count", game }, {
    onWait: (on) => {
      waits.push(on && { cmd: on.cmd, mine: on.mine, done: on.done, total: on.total });
      if (on && !cancelled) {
        cancelled = true;
        on.cancel();
      }
    },
  });
  return { count: count.count_text, waits };
}"""


def test_a_quick_answer_and_a_waiting_count_in_one_page_of_the_dedicated_engine(
    page: Any, site_url: str
) -> None:
    page.add_init_script(NO_SHARED_WORKER)
    start_long_count(page, site_url)
    page.locator("#tab-lightsout").click()
    show_solution_while_counting(page, page)
    assert page.evaluate("window.puzzleLab.client.ready.then((r) => r.engine.shared)") is False

    outcome = page.evaluate(WAIT_THEN_CANCEL, SECOND_COUNT)
    assert outcome["count"] == expected_count(SECOND_COUNT)
    # It waited for the board's count (this page's), then ran.
    first, *rest = outcome["waits"]
    assert first["cmd"] == "binairo.count" and first["mine"] is True
    assert rest[-1] is None
    page.locator("#tab-binairo").click()
    page.wait_for_function("window.puzzleLab.boards.binairo.idle()", timeout=30_000)
    message = page.locator("#binairo .message").inner_text()
    assert "Cancelled so that another job of this page could run" in message


# Runs in a page: a long count that records what it waits for (and, to end
# soon, cancels that job if it ever waits).
COUNT_RECORDING_WAITS = """async (game) => {
  const { getClient } = await import("./client.mjs");
  const waits = [];
  const count = await getClient().request({ cmd: "binairo.count", game }, {
    onWait: (on) => {
      waits.push(on && on.cmd);
      on?.cancel();
    },
  });
  return { count: count.count_text, waits };
}"""
# Runs in a page: start the empty 10x10 count and resolve at its first progress.
START_COUNT = """(game) => new Promise((resolve) => {
  import("./client.mjs").then(({ getClient }) => {
    getClient().request({ cmd: "binairo.count", game }, { onProgress: resolve })
      .catch(() => {}).finally(() => { window.countDone = true; });
  });
})"""


def mixed_requests(count: int, seed: int) -> list[dict]:
    """Quick requests of every family, on seeded boards; some of them malformed."""
    rng = random.Random(seed)
    out: list[dict] = []
    for _ in range(count):
        kind = rng.randrange(7)
        if kind < 2:
            size = rng.choice([5, 6, 7, 9])
            game = api.handle({"cmd": "lightsout.new", "rows": size,
                               "seed": rng.randrange(10**6)})["result"]["game"]
            out.append({"cmd": "lightsout.solve", "game": game} if kind == 0
                       else {"cmd": "lightsout.hint", "game": game})
        elif kind < 5:
            game = api.handle({"cmd": "binairo.new", "rows": rng.choice([6, 8]),
                               "seed": rng.randrange(10**6)})["result"]["game"]
            out.append({"cmd": ["binairo.solve", "binairo.hint", "binairo.count"][kind - 2],
                        "game": game})
        elif kind == 5:
            out.append({"cmd": "pegs.status", "grid": ENGLISH})
        else:
            out.append(rng.choice([{"cmd": "lightsout.solve", "game": "5x5:zz"},
                                   {"cmd": "binairo.hint"}, {"cmd": "no.such"}]))
    return out


def native(request: dict) -> dict:
    """What Python answers natively, without the fields that vary from run to run."""
    answer = api.handle(request)
    if answer["ok"]:
        answer["result"].pop("seconds", None)
    return answer


# Runs in a page: send every request at once (cancelling some: at once, or a
# task later), keep the answers in window.answers.
SEND_ALL = """async ([requests, cancelEvery]) => {
  const { getClient } = await import("./client.mjs");
  const client = getClient();
  window.answers = Promise.all(requests.map((request, i) => {
    const controller = new AbortController();
    const answer = client.request(request, { signal: controller.signal }).then(
      (result) => { delete result.seconds; return { ok: true, result }; },
      (error) => ({ ok: false, error: error.message, cancelled: Boolean(error.cancelled) }));
    if (i % cancelEvery === 0) {
      if (i % 2) controller.abort();
      else setTimeout(() => controller.abort());
    }
    return answer;
  }));
}"""
ENGLISH = "--ooo--/--ooo--/ooooooo/ooo.ooo/ooooooo/--ooo--/--ooo--"


def test_many_requests_from_two_tabs_beside_a_long_count_and_a_closed_tab_cancels_it(
    page: Any, site_url: str
) -> None:
    """Jobs that take turns in one Python must not disturb each other: every
    request answers as Python answers it alone (or as cancelled, if it was),
    and all of them before the long count they overtook. Then the tab of that
    count closes, and its count stops: a later long count never waits."""
    page.goto(site_url + "boot-check.html")
    other = page.context.new_page()
    other.goto(site_url + "boot-check.html")
    other.evaluate(START_COUNT, LONG_COUNT)
    become_long(other)
    batches = {tab: mixed_requests(30, seed) for seed, tab in enumerate((page, other))}
    for tab, requests in batches.items():
        tab.evaluate(SEND_ALL, [requests, 5])
    for tab, requests in batches.items():
        answers = tab.evaluate("window.answers")
        for i, (request, answer) in enumerate(zip(requests, answers, strict=True)):
            if answer.get("cancelled"):
                assert i % 5 == 0 and answer == {
                    "ok": False, "error": "Cancelled.", "cancelled": True}
                continue
            expected = native(request)
            if not answer["ok"]:
                answer.pop("cancelled")
            assert answer == expected, request
        assert sum(bool(a.get("cancelled")) for a in answers) >= 3  # the immediate ones
    # The long count is still running: every one of them overtook it.
    assert other.evaluate("window.countDone") is not True

    other.close()
    # Had the closed tab's count gone on, this long count would wait for it.
    outcome = page.evaluate(COUNT_RECORDING_WAITS, SECOND_COUNT)
    assert outcome == {"count": expected_count(SECOND_COUNT), "waits": []}


# Runs in a page: requests that Python answers in their first step, each
# cancelled right after it is sent, so that the cancel reaches the engine only
# after the step that answered; and the same requests left to answer.
CANCEL_AFTER_LAST_STEP = """async (requests) => {
  const { getClient } = await import("./client.mjs");
  const client = getClient();
  await client.ready;
  const outcome = (promise) => promise.then(
    (result) => ({ answered: JSON.stringify(result) }),
    (error) => (error.cancelled ? { cancelled: true } : { error: error.message }));
  const cancelled = [];
  const left = [];
  for (const request of requests) {
    const control = new AbortController();
    const pending = client.request(request, { signal: control.signal });
    control.abort();
    cancelled.push(await outcome(pending));
    left.push(await outcome(client.request(request)));
  }
  return { cancelled, left };
}"""


@pytest.mark.parametrize("shared", [True, False], ids=["shared", "dedicated"])
def test_a_request_cancelled_during_its_last_step_never_answers(page, site_url, shared):
    """Cancel is final: a request whose answer was already on its way when the
    page cancelled it rejects as cancelled, and its answer is dropped."""
    if not shared:
        page.add_init_script(NO_SHARED_WORKER)
    page.goto(site_url + "embed-demo.html")
    requests = [
        {"cmd": "lightsout.solve", "game": "3x3:1ff"},  # an error found in the first step
        {"cmd": "pegs.solve", "grid": "ooo."},  # answers in its first step
        {"cmd": "binairo.solve", "game": "4x4:1b0i1b"},  # so does this one
    ]
    local = [api.handle(request) for request in requests]
    found = page.evaluate(CANCEL_AFTER_LAST_STEP, requests)
    assert found["cancelled"] == [{"cancelled": True}] * len(requests)
    # Left alone, the same requests answer (as Python does natively): what was
    # cancelled had an answer to drop.
    for answer, native in zip(found["left"], local, strict=True):
        assert ("answered" in answer) == native["ok"], (answer, native)
