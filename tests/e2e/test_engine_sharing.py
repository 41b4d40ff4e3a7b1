"""One Python engine for every board and tab: a quick request does not wait for a long job.

The engine (web/worker.mjs) steps every job in turn, the least-served first, so
one board's quick answer (a puzzle's ``QUICK_JOB`` in its facts) comes between
two steps of another board's long job (a puzzle's ``LONG_JOB``) running in
another tab (the shared engine) or in another tab of the same page (the
dedicated engine, where SharedWorker is missing). A second long job waits for
the first, and the page says what it waits for, with that job's progress and a
way to cancel it; the long job it was waiting for is stopped, and the waiting
one then finishes with the right answer. Sixty mixed requests of every family
(from each puzzle's facts) from two tabs, some cancelled, beside a long job,
each answer as Python answers them alone; a tab that closes stops its job. A
request cancelled during its last step never answers, in either engine.

The jobs come from the registry: the first puzzle whose facts declare a long
job gives it, and every other puzzle that declares a quick job shows its answer
while that runs. Every check is an ordering (what is on screen when the other
answer arrives), never a time. Python's own answers (api.handle) are the
expected ones; the long one is computed once, beside the browser's work.
"""

from __future__ import annotations

import json
import random
from concurrent import futures
from typing import Any

import pytest

from main_page import link
from page_jobs import LongJob, QuickJob
from puzzle_homes import all_facts, facts, registry_nouns, registry_puzzles
from puzzlelab import api
from puzzlelab.families import family_of

# The shared engine's tests join their worker's kept engine (tests/conftest.py),
# already booted: their tabs are more tabs of that one SharedWorker, as a
# person's are, and the engine's start is not what they test. The dedicated
# engine's test starts its own, in a context of its own.
pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

NO_SHARED_WORKER = "delete globalThis.SharedWorker;"


def long_job() -> tuple[str, LongJob]:
    """The first puzzle whose facts declare a long job, and that job."""
    declared = [(puzzle, facts(puzzle).LONG_JOB) for puzzle in registry_puzzles()
                if facts(puzzle).LONG_JOB is not None]
    assert declared, "no puzzle's facts declare a LONG_JOB: the engine's sharing goes untested"
    return declared[0]


def quick_jobs(besides: str) -> list[tuple[str, QuickJob]]:
    """Every puzzle but ``besides`` whose facts declare a quick job, and its job."""
    declared = [(puzzle, facts(puzzle).QUICK_JOB) for puzzle in registry_puzzles()
                if puzzle != besides and facts(puzzle).QUICK_JOB is not None]
    assert declared, f"no puzzle's facts but {besides}'s declare a QUICK_JOB"
    return declared


_NATIVE = futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="native-answers")
_LATER: dict[str, futures.Future] = {}


def native_later(request: dict) -> futures.Future:
    """Python's native answer to ``request`` (as :func:`native`), worked out in a
    thread while the browser boots and runs, once for the whole module: a long
    job's answer takes seconds natively too."""
    key = json.dumps(request, sort_keys=True)
    if key not in _LATER:
        _LATER[key] = _NATIVE.submit(_native, request)
    return _LATER[key]


def alone() -> None:
    """Wait until no answer is being worked out in the thread: Python's jobs
    share their clocks (a step's report clock, the work clock that time
    budgets read: puzzlelab/jobs.py), so two must never run at once."""
    futures.wait(list(_LATER.values()))


def _native(request: dict) -> dict:
    answer = api.handle(request)
    if answer["ok"]:
        answer["result"].pop("seconds", None)
    return answer


def native(request: dict) -> dict:
    """What Python answers natively, without the fields that vary from run to run."""
    alone()
    return _native(request)


def ready(page: Any, board: str) -> None:
    """Wait until `board` has its first game and Python answers (started at
    once, as a touch of the board would)."""
    page.wait_for_function(
        "window.puzzleLab ? (window.puzzleLab.client.startPython(), true) : false")
    page.wait_for_function(
        f"""['ready', 'solved'].includes(document.querySelector('#{board}')?.dataset.status)
            && document.querySelector('#{board}').dataset.python === 'ready'
            && window.puzzleLab.boards.{board}.idle()""",
        timeout=90_000,
    )


def start_long_job(page: Any, site_url: str, puzzle: str, job: LongJob) -> None:
    """Open the long job's endless game on its puzzle's tab and start it there."""
    page.goto(link(site_url, puzzle, job.endless))
    ready(page, puzzle)
    assert page.locator(f"#{puzzle}").get_attribute("data-game-id") == job.endless
    page.locator(f"#{puzzle}").get_by_role("button", name=job.button).click()
    # Running: its own progress has arrived.
    page.wait_for_function(
        f"document.querySelector({json.dumps(f'#{puzzle} {job.progress}')}).value > 0",
        timeout=60_000)
    become_long(page)


def become_long(page: Any) -> None:
    """Let the job alone run 1.5 s more: the engine then counts it as long (a
    second of steps, LONG_MS in worker.mjs), so that a later long job waits for
    it rather than overtaking it first (as it may while both are short)."""
    page.wait_for_timeout(1500)


def long_job_running(page: Any, puzzle: str, job: LongJob) -> bool:
    """The job is still on: its progress bar shows and its board has not settled."""
    return page.evaluate(
        """([puzzle, progress, note, doneWord]) => {
             const root = document.querySelector('#' + puzzle);
             return !window.puzzleLab.boards[puzzle].idle()
               && !root.querySelector(progress).hidden
               && !root.querySelector(note).textContent.includes(doneWord);
           }""",
        [puzzle, job.progress, job.note, job.done_word])


def open_game(page: Any, puzzle: str, game: str) -> None:
    """Show ``puzzle``'s tab with ``game`` on its board, ready for Python."""
    page.locator(f"#tab-{puzzle}").click()
    ready(page, puzzle)
    page.evaluate("([puzzle, game]) => window.puzzleLab.boards[puzzle].setGame(game)",
                  [puzzle, game])
    ready(page, puzzle)
    assert page.locator(f"#{puzzle}").get_attribute("data-game-id") == game


def quick_answer_while_long(page: Any, puzzle: str, job: QuickJob, expected: dict,
                            running: Any, long_puzzle: str, long: LongJob) -> None:
    """Run ``puzzle``'s quick job on `page` (its game shown) and check that it
    shows Python's answer (``expected``) and came before the long job on
    `running` ended."""
    root = page.locator(f"#{puzzle}")
    root.get_by_role("button", name=job.button).click()
    # Whichever comes first: the quick answer, or the end of the long job (as
    # when the engine answered one request at a time); it must be the answer.
    settled = f"window.puzzleLab.boards.{puzzle}.idle()"
    for _ in range(1500):
        if page.evaluate(settled) or not long_job_running(running, long_puzzle, long):
            break
        page.wait_for_timeout(100)
    assert page.evaluate(settled)
    assert long_job_running(running, long_puzzle, long)
    note = root.locator(job.note).inner_text()
    assert expected["ok"], expected
    assert job.says(expected["result"]) in note, note
    assert job.busy_word not in note


def test_a_quick_answer_and_a_waiting_long_job_across_tabs_of_the_shared_engine(
    page: Any, site_url: str, screenshot_dir: Any
) -> None:
    puzzle, long = long_job()
    quick = quick_jobs(puzzle)
    shown = [native(job.request) for _, job in quick]
    finite = long.request(long.finite)
    expected = native_later(finite)  # after the others: one native job at a time
    start_long_job(page, site_url, puzzle, long)
    other = page.context.new_page()  # the same context: the same SharedWorker
    try:
        other.goto(link(site_url, quick[0][0], quick[0][1].game))
        for (quick_puzzle, job), answer in zip(quick, shown, strict=True):
            open_game(other, quick_puzzle, job.game)
            quick_answer_while_long(other, quick_puzzle, job, answer, page, puzzle, long)
        engines = [p.evaluate("window.puzzleLab.client.ready.then((r) => r.engine)")
                   for p in (page, other)]
        assert engines[0]["shared"] and engines[0] == engines[1]

        # A second long job in the other tab waits for the first and says so.
        open_game(other, puzzle, long.finite)
        other.locator(f"#{puzzle}").get_by_role("button", name=long.button).click()
        wait = other.locator(f"#{puzzle} .engine-wait")
        wait.wait_for(timeout=60_000)
        text = wait.inner_text()
        noun = registry_nouns()[puzzle]
        assert f"Waiting for {long.named} ({noun}) running in another tab or frame" in text
        assert long_job_running(page, puzzle, long)
        other.screenshot(path=str(screenshot_dir / "engine-waiting.png"), full_page=True)
        # Its Cancel stops the first tab's job; that tab says why, and the
        # waiting job runs and finishes right.
        wait.get_by_role("button", name="Cancel it").click()
        page.wait_for_function(f"window.puzzleLab.boards.{puzzle}.idle()", timeout=30_000)
        said = page.locator(f"#{puzzle} {long.note}").inner_text()
        assert "Cancelled from another tab or frame" in said
        other.wait_for_function(f"window.puzzleLab.boards.{puzzle}.idle()", timeout=120_000)
        answer = expected.result()
        assert answer["ok"], answer
        assert long.says(answer["result"]) in other.locator(f"#{puzzle} {long.note}").inner_text()
        assert other.locator(f"#{puzzle} .engine-wait").count() == 0
    finally:
        other.close()


# Runs in the page: a long job through the page's client while the board's
# long job runs; it reports what it waits for, cancels that and then finishes.
WAIT_THEN_CANCEL = """async (request) => {
  const client = window.puzzleLab.client;
  const waits = [];
  let cancelled = false;
  const result = await client.request(request, {
    onWait: (on) => {
      waits.push(on && { cmd: on.cmd, mine: on.mine, done: on.done, total: on.total });
      if (on && !cancelled) {
        cancelled = true;
        on.cancel();
      }
    },
  });
  delete result.seconds;
  return { result, waits };
}"""


@pytest.mark.shared_engine(False)
def test_a_quick_answer_a_waiting_long_job_and_a_final_cancel_in_one_page_of_the_dedicated_engine(
    page: Any, site_url: str
) -> None:
    puzzle, long = long_job()
    quick = quick_jobs(puzzle)
    shown = [native(job.request) for _, job in quick]
    finite = long.request(long.finite)
    expected = native_later(finite)  # after the others: one native job at a time
    page.add_init_script(NO_SHARED_WORKER)
    start_long_job(page, site_url, puzzle, long)
    for (quick_puzzle, job), answer in zip(quick, shown, strict=True):
        open_game(page, quick_puzzle, job.game)
        quick_answer_while_long(page, quick_puzzle, job, answer, page, puzzle, long)
    assert page.evaluate("window.puzzleLab.client.ready.then((r) => r.engine.shared)") is False

    outcome = page.evaluate(WAIT_THEN_CANCEL, finite)
    assert {"ok": True, "result": outcome["result"]} == expected.result()
    # It waited for the board's job (this page's), then ran.
    first, *rest = outcome["waits"]
    assert first["cmd"] == finite["cmd"] and first["mine"] is True
    assert rest[-1] is None
    page.locator(f"#tab-{puzzle}").click()
    page.wait_for_function(f"window.puzzleLab.boards.{puzzle}.idle()", timeout=30_000)
    message = page.locator(f"#{puzzle} {long.note}").inner_text()
    assert "Cancelled so that another job of this page could run" in message
    # In this engine too, a request cancelled during its last step never
    # answers (check_cancel_is_final, below; tested here to boot it once).
    check_cancel_is_final(page)


# Runs in a page: a long job that records what it waits for (and, to end
# soon, cancels that job if it ever waits).
JOB_RECORDING_WAITS = """async (request) => {
  const { getClient } = await import("./client.mjs");
  const waits = [];
  const result = await getClient().request(request, {
    onWait: (on) => {
      waits.push(on && on.cmd);
      on?.cancel();
    },
  });
  delete result.seconds;
  return { result, waits };
}"""
# Runs in a page: start the endless long job and resolve at its first progress.
START_JOB = """(request) => new Promise((resolve) => {
  import("./client.mjs").then(({ getClient }) => {
    getClient().request(request, { onProgress: resolve })
      .catch(() => {}).finally(() => { window.jobDone = true; });
  });
})"""
# Runs in a page: which of the requests the page's own rules (or its shipped
# answers) would answer without Python.
ANSWERED_LOCALLY = """async (requests) => {
  const { answerLocally } = await import("./rules/index.mjs");
  return requests.filter((request) => answerLocally(request) !== null);
}"""


def engine_requests() -> list[dict]:
    """Requests of every family that Python alone answers, each in a moment
    (each puzzle's facts): those the page's rules leave to Python, a hint after
    a move, a game ID the rules reject, and each of their commands with its
    arguments left out, which Python refuses."""
    known: list[dict] = []
    for f in all_facts():
        known += [*f.PYTHON_ONLY_REQUESTS, f.load_request(f.BAD_GAME)]
        if f.HINT_AFTER_A_MOVE is not None:
            known.append(f.HINT_AFTER_A_MOVE)
    bare = [{"cmd": cmd} for cmd in sorted({request["cmd"] for request in known})]
    return known + [request for request in bare if not native(request)["ok"]]


def mixed_requests(count: int, seed: int) -> list[dict]:
    """Quick requests of every family: random deals of each puzzle's own (seeded),
    and :func:`engine_requests`; some of them malformed."""
    rng = random.Random(seed)
    deals = [f.DEAL_REQUEST for f in all_facts() if f.DEAL_REQUEST is not None]
    known = engine_requests()
    out: list[dict] = []
    for _ in range(count):
        kind = rng.randrange(7)
        if kind < 3 and deals:
            out.append({**rng.choice(deals), "seed": rng.randrange(10**6)})
        elif kind < 6:
            out.append(rng.choice(known))
        else:
            out.append({"cmd": "no.such"})
    return out


def same_answer(request: dict, answer: dict) -> dict:
    """An answer as two are compared: as its puzzle's facts say (any winning
    line of a solve is the right answer, whichever a shared memo steered to)."""
    cmd = request.get("cmd")
    if not answer["ok"] or not isinstance(cmd, str) or "." not in cmd:
        return answer
    family = family_of(cmd)
    return {**answer, "result": facts(family).same_answer_form(request, answer["result"])}


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


def test_many_requests_from_two_tabs_beside_a_long_job_and_a_closed_tab_cancels_it(
    page: Any, site_url: str
) -> None:
    """Jobs that take turns in one Python must not disturb each other: every
    request answers as Python answers it alone (or as cancelled, if it was),
    and all of them before the long job they overtook. Then the tab of that
    job closes, and its job stops: a later long job never waits."""
    _, long = long_job()
    mixed = [mixed_requests(30, seed) for seed in (0, 1)]
    natives = [[native(request) for request in requests] for requests in mixed]
    finite = long.request(long.finite)
    expected_finite = native_later(finite)  # after the others: one native job at a time
    page.goto(site_url + "boot-check.html")
    other = page.context.new_page()
    other.goto(site_url + "boot-check.html")
    other.evaluate(START_JOB, long.request(long.endless))
    become_long(other)
    batches = dict(zip((page, other), mixed, strict=True))
    families = {family_of(r["cmd"]) for rs in batches.values() for r in rs
                if r["cmd"] != "no.such"}
    assert families == set(registry_puzzles())
    assert page.evaluate(ANSWERED_LOCALLY, [r for rs in batches.values() for r in rs]) == []
    for tab, requests in batches.items():
        tab.evaluate(SEND_ALL, [requests, 5])
    for (tab, requests), expected_answers in zip(batches.items(), natives, strict=True):
        answers = tab.evaluate("window.answers")
        for i, (request, answer, expected) in enumerate(
                zip(requests, answers, expected_answers, strict=True)):
            if answer.get("cancelled"):
                assert i % 5 == 0 and answer == {
                    "ok": False, "error": "Cancelled.", "cancelled": True}
                continue
            if not answer["ok"]:
                answer.pop("cancelled")
            assert same_answer(request, answer) == same_answer(request, expected), request
        assert sum(bool(a.get("cancelled")) for a in answers) >= 3  # the immediate ones
    # The long job is still running: every one of them overtook it.
    assert other.evaluate("window.jobDone") is not True

    other.close()
    # Had the closed tab's job gone on, this long job would wait for it.
    outcome = page.evaluate(JOB_RECORDING_WAITS, finite)
    assert outcome == {"result": expected_finite.result()["result"], "waits": []}


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


def answered_in_first_step(request: dict) -> bool:
    """Whether Python answers ``request`` (or refuses it) in its job's first step."""
    alone()
    return api.start(request).step()["type"] == "result"


def check_cancel_is_final(page: Any) -> None:
    """Cancel is final: a request whose answer was already on its way when the
    page cancelled it rejects as cancelled, and its answer is dropped. The
    requests: of every family's that Python alone answers, those it answers
    (or refuses) in their first step."""
    requests = [r for r in engine_requests() if answered_in_first_step(r)]
    assert {family_of(request["cmd"]) for request in requests} == set(registry_puzzles())
    local = [native(request) for request in requests]
    assert {answer["ok"] for answer in local} == {True, False}, requests
    assert page.evaluate(ANSWERED_LOCALLY, requests) == []
    found = page.evaluate(CANCEL_AFTER_LAST_STEP, requests)
    assert found["cancelled"] == [{"cancelled": True}] * len(requests)
    # Left alone, the same requests answer (as Python does natively): what was
    # cancelled had an answer to drop.
    for answer, native_answer in zip(found["left"], local, strict=True):
        assert ("answered" in answer) == native_answer["ok"], (answer, native_answer)


def test_a_request_cancelled_during_its_last_step_never_answers(page: Any, site_url: str) -> None:
    """In the shared engine, from an embedded board's page; the dedicated
    engine's test above checks the same in its own page (one boot for both)."""
    page.goto(site_url + "embed-demo.html")
    check_cancel_is_final(page)
