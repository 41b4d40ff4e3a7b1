"""The daily streak (web/daily-record.mjs), run in node: the finished dates
per puzzle, the days in a row ending today or yesterday, the days played."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import run_node
from puzzle_homes import registry_puzzles

MODULE = Path(__file__).resolve().parent.parent / "web" / "daily-record.mjs"
SCRIPT = """
const { recordDaily, dailyRecord, dailyRecordText } = await import(process.argv[1]);
const [A, B] = JSON.parse(process.argv[2]); // two puzzles of the registry
const store = new Map();
const storage = {
  getItem: (k) => store.get(k) ?? null,
  setItem: (k, v) => store.set(k, String(v)),
};
const on = (date) => new Date(`${date}T12:00:00Z`);
const out = {};
out.none = dailyRecord(A, { today: on("2026-11-25"), storage });
recordDaily(A, "2026-11-22", { today: on("2026-11-22"), storage });
recordDaily(A, "2026-11-23", { today: on("2026-11-23"), storage });
out.twice = recordDaily(A, "2026-11-24", { today: on("2026-11-24"), storage });
out.again = recordDaily(A, "2026-11-24", { today: on("2026-11-24"), storage });
out.nextDay = dailyRecord(A, { today: on("2026-11-25"), storage });
out.broken = dailyRecord(A, { today: on("2026-11-26"), storage });
out.otherPuzzle = dailyRecord(B, { today: on("2026-11-24"), storage });
out.gap = recordDaily(A, "2026-11-26", { today: on("2026-11-26"), storage });
out.text = [dailyRecordText(out.twice), dailyRecordText({ streak: 1, played: 1 }),
  dailyRecordText(out.none)];
store.set("puzzlelab.daily", "not json");
out.unreadable = dailyRecord(A, { today: on("2026-11-26"), storage });
out.noStorage = recordDaily(B, "2026-11-26", { today: on("2026-11-26"), storage: null });
process.stdout.write(JSON.stringify(out));
"""


def run(node: str) -> dict:
    return run_node(node, SCRIPT, str(MODULE), json.dumps(registry_puzzles()[:2]))


def test_streak_counts_days_in_a_row_ending_today_or_yesterday(node: str) -> None:
    out = run(node)
    assert out["none"] == {"streak": 0, "played": 0}
    assert out["twice"] == {"streak": 3, "played": 3}
    assert out["again"] == {"streak": 3, "played": 3}  # the same day counts once
    assert out["nextDay"] == {"streak": 3, "played": 3}  # yesterday's still counts
    assert out["broken"] == {"streak": 0, "played": 3}
    assert out["gap"] == {"streak": 1, "played": 4}


def test_each_puzzle_keeps_its_own_record_and_bad_storage_is_none(node: str) -> None:
    out = run(node)
    assert out["otherPuzzle"] == {"streak": 0, "played": 0}
    assert out["unreadable"] == {"streak": 0, "played": 0}
    assert out["noStorage"] == {"streak": 0, "played": 0}
    assert out["text"] == ["Daily streak: 3 days in a row · 3 days played",
                           "Daily streak: 1 day in a row · 1 day played", ""]
