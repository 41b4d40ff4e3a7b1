"""The shipped rectangle table (web/puzzles/binairo/grid-counts.json and its plain
b-file grid-counts.txt) re-verified from scratch at small sizes, as CI runs it:
tools/binairo_grid_counts.py --verify counts every shape up to 6 cells a side
again by the row search and by meeting in the middle over halves of rows and
of columns, both settings, and reads the b-file back against the JSON."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

from puzzlelab.binairo import Grid
from puzzlelab.binairo.count import _meet_cost_steps
from puzzlelab.jobs import finish

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "binairo_grid_counts.py"


def _tool():
    spec = importlib.util.spec_from_file_location("binairo_grid_counts", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_shipped_table_is_counted_again_by_two_methods() -> None:
    tool = _tool()
    assert tool.verify(6, tool.OUT) == []


def test_every_count_names_at_least_two_agreeing_methods_or_says_why_not() -> None:
    entries = json.loads(_tool().OUT.read_text(encoding="utf-8"))["entries"]
    for e in (e for e in entries if "methods" in e):
        counted = [m for m in e["methods"] if "count" in m]
        assert all(m["count"] == e["count"] for m in counted)
        if e["count"] is not None and len(counted) < 2:
            assert e["rows"] == 2 or "one method only" in e["note"], e
        for m in counted:
            assert m["seconds"] >= 0 and m["peak_mb"] > 0


def test_a_changed_count_is_caught(tmp_path: Path) -> None:
    tool = _tool()
    entries = json.loads(tool.OUT.read_text(encoding="utf-8"))["entries"]
    changed = [dict(e, count=str(int(e["count"]) + 1)) if (e["rows"], e["cols"]) == (4, 4)
               else e for e in entries]
    out = tmp_path / "grid-counts.json"
    tool.write(changed, out)
    assert any("4x4" in fault for fault in tool.verify(4, out))
    assert tool.main(["--verify", "4", "--out", str(out)]) == 1  # and the command says so
    # The b-file cannot drift from the JSON unseen either.
    tool.write(entries, out)
    out.with_suffix(".txt").write_text("2 2 3 2\n", encoding="utf-8")
    assert tool.verify(4, out) == ["the b-file does not match the JSON"]


def test_a_meet_over_the_memory_limit_runs_in_parts_that_add_up() -> None:
    # A limit between half and all of the 6x8 meet's planned memory: it runs
    # as two tasks in their own processes, whose counts add up to the table's.
    tool = _tool()
    _, memory = finish(_meet_cost_steps(Grid.empty(6, 8), random.Random(1), 200, True))
    split = tool.measure(6, 8, True, "meet, halves of rows", 60.0, 0.6 * memory, parts=2)
    assert split["count"] == "51744" and len(split["parts"]) == 2
    assert sum(int(p["count"]) for p in split["parts"]) == 51_744
    assert all(int(p["count"]) > 0 for p in split["parts"])
    assert split["peak_mb"] == max(p["peak_mb"] for p in split["parts"])
    # Without parts the same limit leaves the count out, with its projection.
    assert "projected_mb" in tool.measure(6, 8, True, "meet, halves of rows", 60.0,
                                          0.6 * memory)


def test_parts_and_memory_that_are_not_above_zero_are_refused(tmp_path: Path, capsys) -> None:
    tool = _tool()
    out = tmp_path / "counts.json"
    for option, value in (("--parts", "0"), ("--parts", "-2"), ("--parts", "two"),
                          ("--memory", "0"), ("--memory", "nan"), ("--memory", "-1")):
        try:
            tool.main(["--out", str(out), "--shapes", "2x2", option, value])
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(f"{option} {value} was taken")
        assert "not a number above zero" in capsys.readouterr().err
    assert not out.exists()


def test_a_meet_without_the_rule_is_tried_past_its_plan_and_held_to_the_limit(monkeypatch):
    # Without the rule the meet's plan is only an upper bound: over the budget
    # and the memory limit by its plan, it is tried anyway, and either counts...
    tool = _tool()
    tried = tool.measure(6, 8, False, "meet, halves of rows", 1e-4, 1.0)
    assert tried["count"] == "229798" and tried["peak_mb"] > 0
    # ...or is stopped by the kernel at the limit, and says so with its plan.
    monkeypatch.setattr(tool, "_ADDRESS_SLACK", 60_000_000)
    stopped = tool.measure(8, 10, False, "meet, halves of rows", 1e-4, 1.0)
    assert "count" not in stopped and "ran out of" in stopped["note"]
    assert stopped["projected_mb"] > 0
    # With the rule the plan is an estimate, and one over the limits is not run.
    assert "count" not in tool.measure(6, 8, True, "meet, halves of rows", 1e-4, 1.0)


def test_free_only_and_rule_only_together_are_refused(tmp_path: Path, capsys) -> None:
    tool = _tool()
    out = tmp_path / "counts.json"
    try:
        tool.main(["--out", str(out), "--shapes", "2x2", "--rule-only", "--free-only"])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("both settings left out were taken")
    assert "leave nothing to count" in capsys.readouterr().err and not out.exists()
    assert tool.main(["--out", str(out), "--shapes", "2x4", "--free-only"]) == 0
    entries = json.loads(out.read_text(encoding="utf-8"))["entries"]
    assert [(e["rows"], e["cols"], e["distinct"], e["count"]) for e in entries] == [
        (2, 4, False, "6")]
