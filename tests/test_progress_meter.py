"""The page's progress line (web/progress.mjs), run in node on a made-up clock:
work done and a rate after the first second, never a time left for a job
whose units are not equal amounts of work."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import unavailable

MODULE = Path(__file__).resolve().parent.parent / "web" / "progress.mjs"
SCRIPT = """
let now = 0;
globalThis.performance = { now: () => now };
const { ProgressMeter } = await import(process.argv[1]);
const meter = new ProgressMeter("binairo.count", "Counting");
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
const lines = {};
for (const [cmd, mine] of JSON.parse(process.argv[2])) {
  const on = { job: 1, cmd, mine, done: 34, total: 100, message: "Counting" };
  lines[`${cmd} ${mine}`] = waitingText(on, new ProgressMeter(cmd, "Working"));
}
process.stdout.write(JSON.stringify(lines));
"""


def test_the_waiting_line_names_every_command_and_where_it_runs() -> None:
    """Every command the engine knows (a waiting request may wait for any) reads as
    a sentence: the job, its puzzle, where it runs and its progress."""
    from puzzlelab import params

    node = shutil.which("node")
    if node is None:
        unavailable("node is not installed: the waiting line cannot be checked")
    cases = [(cmd, mine) for cmd in [*params.COMMANDS, "ping"] for mine in (True, False)]
    done = subprocess.run(
        [node, "--input-type=module", "-e", WAIT_SCRIPT, MODULE.as_uri(), json.dumps(cases)],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = json.loads(done.stdout)
    families = {"lightsout": "Lights Out", "pegs": "peg solitaire", "binairo": "binary puzzle"}
    for cmd, mine in cases:
        line = lines[f"{cmd} {str(mine).lower()}"]
        family = cmd.split(".")[0]
        where = "on this page" if mine else "in another tab or frame"
        assert re.match(r"Waiting for (a [^aeiou]|an [aeiou])", line), line
        assert f" running {where}: Counting… 34%" in line, line
        assert (f"({families.get(family)})" in line) == (family in families), line
        assert "undefined" not in line and "null" not in line, line
    assert lines["binairo.count false"] == (
        "Waiting for a count (binary puzzle) running in another tab or frame: Counting… 34%")
