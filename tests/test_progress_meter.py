"""The page's progress line (web/progress.mjs), run in node on a made-up clock:
work done and a rate after the first second, never a time left for a job
whose units are not equal amounts of work."""

from __future__ import annotations

import json
import math
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import unavailable
from puzzle_homes import registry_nouns

MODULE = Path(__file__).resolve().parent.parent / "web" / "progress.mjs"
SCRIPT = """
let now = 0;
globalThis.performance = { now: () => now };
const { ProgressMeter } = await import(process.argv[1]);
const meter = new ProgressMeter("any.count", "Counting");
const lines = [];
for (const [at, done, message] of JSON.parse(process.argv[2])) {
  now = at;
  lines.push(meter.update({ done, total: 100, message }).text);
}
process.stdout.write(JSON.stringify(lines));
"""


def lines_for(reports: list[tuple[int, int, str]]) -> list[str]:
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: the progress line cannot be checked")
    done = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri(), json.dumps(reports)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_rate_after_the_first_second_and_no_time_left() -> None:
    lines = lines_for([(0, 0, "Counting"), (500, 10, "Counting"),
                       (2000, 40, "Counting, about 3 min left")])
    assert lines[0] == "Counting… 0%"
    assert lines[1] == "Counting… 10%"  # before a second: no rate yet
    assert lines[2] == "Counting… 40% (40 of 100 steps, 20 a second)"


@pytest.mark.parametrize("second_phase", ["Joining", "Counting"])
def test_a_new_phase_or_a_restart_begins_the_rate_again(second_phase: str) -> None:
    lines = lines_for([(0, 0, "Counting"), (2000, 50, "Counting"),
                       (2100, 5, second_phase)])
    assert lines[1].endswith("(50 of 100 steps, 25 a second)")
    assert "a second" not in lines[2]


WAIT_SCRIPT = """
globalThis.performance = { now: () => 0 };
const { ProgressMeter, waitingText } = await import(process.argv[1]);
const { FAMILY_NOUNS } = await import(process.argv[3]);  // the registry, as the page hands it down
const lines = {};
for (const [cmd, mine] of JSON.parse(process.argv[2])) {
  const on = { job: 1, cmd, mine, done: 34, total: 100, message: "Counting" };
  lines[`${cmd} ${mine}`] = waitingText(on, new ProgressMeter(cmd, "Working"), FAMILY_NOUNS);
}
process.stdout.write(JSON.stringify(lines));
"""


def test_the_waiting_line_names_every_command_and_where_it_runs(node: str) -> None:
    """Every command the engine knows (a waiting request may wait for any) reads as
    a sentence: the job, its puzzle, where it runs and its progress."""
    from puzzlelab import params

    cases = [(cmd, mine) for cmd in [*params.COMMANDS, "ping"] for mine in (True, False)]
    done = subprocess.run(
        [node, "--input-type=module", "-e", WAIT_SCRIPT, MODULE.as_uri(), json.dumps(cases),
         (MODULE.parent / "puzzles" / "index.mjs").as_uri()],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = json.loads(done.stdout)
    families = registry_nouns()
    for cmd, mine in cases:
        line = lines[f"{cmd} {str(mine).lower()}"]
        family = cmd.split(".")[0]
        where = "on this page" if mine else "in another tab or frame"
        assert re.match(r"Waiting for (a [^aeiou]|an [aeiou])", line), line
        assert f" running {where}: Counting… 34%" in line, line
        assert (f"({families.get(family)})" in line) == (family in families), line
        assert "undefined" not in line and "null" not in line, line
    counts = [cmd for cmd in params.COMMANDS if cmd.endswith(".count")]
    assert counts
    for cmd in counts:
        assert lines[f"{cmd} false"] == (
            f"Waiting for a count ({families[cmd.split('.')[0]]}) running in another tab or "
            "frame: Counting… 34%")


# --- every line agrees with its numbers -------------------------------------

PROPERTY_SCRIPT = """
let now = 0;
globalThis.performance = { now: () => now };
const { ProgressMeter } = await import(process.argv[1]);
const out = [];
for (const sequence of JSON.parse(process.argv[2])) {
  const meter = new ProgressMeter("any.count", "Counting");
  out.push(sequence.map(([at, done, total, message]) => {
    now = at;
    return meter.update({ done, total, message });
  }));
}
process.stdout.write(JSON.stringify(out));
"""

LINE = re.compile(r"^(?P<label>.*?)… ?(?:(?P<percent>\d+)%)?"
                  r"(?: \((?P<done>[\d,]+) of (?P<total>[\d,]+) steps,"
                  r" (?P<rate>[\d.,e+]+) a second\))?$")


def random_sequences(seed: int, count: int) -> list[list[tuple[int, float, float, str]]]:
    """Report sequences as jobs send them: whole steps of a total, shares of 1,
    unknown totals, restarts, phases, and odd values (done past the total)."""
    rng = random.Random(seed)
    sequences = []
    for _ in range(count):
        kind = rng.choice(["steps", "share", "unknown", "one", "odd"])
        total = {"steps": rng.choice([2, 3, 7, 40, 100, 12345]), "share": 1.0, "unknown": 0,
                 "one": 1, "odd": rng.choice([0.5, 3, 1e-9, -1])}[kind]
        at, done, sequence = 0, 0.0, []
        for _ in range(rng.randrange(1, 12)):
            at += rng.choice([0, 50, 250, 900, 1500, 4000])
            if kind == "steps":
                done = min(total, done + rng.randrange(0, 5)) if rng.random() < 0.9 else 0
            elif kind == "share":
                done = min(1.0, done + rng.random() / 10)
            elif kind == "one":
                done = rng.choice([0, 0.033, 0.08, 0.5, 1])
            else:
                done = rng.choice([0, 1, 2.5, 7, 100, -3])
            sequence.append((at, done, total, rng.choice(["Counting", "Joining", ""])))
        sequences.append(sequence)
    return sequences


def test_every_line_agrees_with_its_report(node: str) -> None:
    """For random report sequences: a percentage only with a total, equal to the
    share done rounded down; "N of M steps" only for whole steps within the
    total, never "of 1 steps", and agreeing with the percentage; a rate only
    beside steps."""
    sequences = random_sequences(11, 400)
    done = subprocess.run(
        [node, "--input-type=module", "-e", PROPERTY_SCRIPT, MODULE.as_uri(),
         json.dumps(sequences)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    seen_steps = seen_share = 0
    for sequence, lines in zip(sequences, json.loads(done.stdout), strict=True):
        for (_, d, total, _), line in zip(sequence, lines, strict=True):
            text, fraction = line["text"], line["fraction"]
            match = LINE.match(text)
            assert match, text
            if total > 0 and d >= 0:
                share = min(1.0, d / total)
                assert fraction == pytest.approx(share), (d, total, line)
                assert match["percent"] is not None and int(match["percent"]) == math.floor(
                    100 * share + 1e-9), (d, total, text)
            else:
                assert fraction is None and match["percent"] is None, (d, total, text)
            if match["done"] is not None:
                shown_done = int(match["done"].replace(",", ""))
                shown_total = int(match["total"].replace(",", ""))
                assert float(d).is_integer() and float(total).is_integer(), (d, total, text)
                assert (shown_done, shown_total) == (d, total), text
                assert shown_total >= 2 and 0 <= shown_done <= shown_total, text
                assert int(match["percent"]) == 100 * shown_done // shown_total, text
                seen_steps += 1
            elif match["percent"] is not None and not float(d).is_integer():
                seen_share += 1
            assert " of 1 steps" not in text
    assert seen_steps and seen_share  # both kinds of line were checked


@pytest.mark.parametrize(("done", "total", "expected"), [
    (0.08, 1.0, "Counting… 8%"),  # a share: no "0 of 1 steps"
    (0.033, 1, "Counting… 3%"),
    (1, 1, "Counting… 100%"),
    (120, 100, "Counting… 100%"),  # past the total: no "120 of 100 steps"
    (5, 0, "Counting…"),  # no total: no percentage
])
def test_a_share_or_an_odd_total_is_a_percentage_only(done, total, expected) -> None:
    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: the progress line cannot be checked")
    sequences = [[(0, 0, total, "Counting"), (2000, done, total, "Counting")]]
    run = subprocess.run(
        [node, "--input-type=module", "-e", PROPERTY_SCRIPT, MODULE.as_uri(),
         json.dumps(sequences)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)[0][1]["text"] == expected


# --- a cancelled job never reaches the board ----------------------------------

CLIENT = MODULE.parent / "client.mjs"
CANCEL_SCRIPT = """
// The page's own client, its engine a stand-in worker that answers when the
// test says so, whatever was cancelled (the engine may finish the step that
// runs when Cancel comes).
let engine;
globalThis.Worker = class {
  constructor() { engine = this; this.sent = []; }
  postMessage(message) { this.sent.push(message); }
  terminate() {}
};
delete globalThis.SharedWorker;
const { PuzzleLabClient } = await import(process.argv[1]);
const client = new PuzzleLabClient({ workerUrl: "worker.mjs" });
client.startPython();
const answer = (data) => engine.onmessage({ data });
const out = [];
for (const events of JSON.parse(process.argv[2])) {
  const controller = new AbortController();
  const seen = [];
  const onProgress = (r) => seen.push(r.done);
  const settled = client.request({ cmd: "x" }, { signal: controller.signal, onProgress })
    .then((result) => ({ result }),
          (error) => ({ error: error.message, cancelled: Boolean(error.cancelled) }));
  const { id } = engine.sent.filter((m) => m.type === "request").at(-1);
  for (const [kind, value] of events) {
    if (kind === "progress") answer({ type: "progress", id, done: value, total: 10 });
    else if (kind === "abort") controller.abort();
    else if (kind === "result") answer({ type: "result", id, ok: true, result: value });
    else answer({ type: "result", id, ok: false, error: value });
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const cancels = engine.sent.filter((m) => m.type === "cancel" && m.id === id).length;
  out.push({ seen, cancels, ...(await settled) });
}
process.stdout.write(JSON.stringify(out));
process.exit(0);
"""


def test_a_result_or_report_after_cancel_is_never_applied(node: str) -> None:
    """Every order of reports, Cancel and the engine's answer, through the
    page's client (client.request, which every board's job goes through):
    after Cancel no report is passed on and the promise rejects as cancelled,
    even when the engine's result comes afterwards, and the engine is told to
    stop; before Cancel the result is the answer."""
    rng = random.Random(5)
    cases = []
    for _ in range(300):
        events = [["progress", n] for n in range(rng.randrange(0, 4))]
        events.insert(rng.randrange(len(events) + 1), ["abort", None])
        end = rng.choice([["result", "new game"], ["error", "Boom."]])
        events.insert(rng.randrange(len(events) + 1), end)
        events += [["progress", 99]] * rng.randrange(0, 2)
        cases.append(events)
    run = subprocess.run(
        [node, "--input-type=module", "-e", CANCEL_SCRIPT, CLIENT.as_uri(), json.dumps(cases)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert run.returncode == 0, run.stderr
    for events, outcome in zip(cases, json.loads(run.stdout), strict=True):
        kinds = [kind for kind, _ in events]
        cut = kinds.index("abort")
        ended = next(i for i, kind in enumerate(kinds) if kind in ("result", "error"))
        before = [value for kind, value in events[:min(cut, ended)] if kind == "progress"]
        assert outcome["seen"] == before, (events, outcome)
        assert outcome["cancels"] == (cut < ended), (events, outcome)  # the engine told once
        if cut < ended:
            assert outcome.get("cancelled") and "result" not in outcome, (events, outcome)
        elif events[ended][0] == "result":
            assert outcome["result"] == events[ended][1], (events, outcome)
        else:
            assert outcome["error"] == "Boom." and not outcome["cancelled"], (events, outcome)
