"""The Today view's record and words (web/daily-record.mjs, web/today-text.mjs),
run in node: a daily started, then done with its result; a daily won after
its day kept but counted for neither the streak nor the days played; the
day's text to share made of the date, the results against par and the
streak, never of a board."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import run_node
from puzzle_homes import registry_puzzles

WEB = Path(__file__).resolve().parent.parent / "web"
SCRIPT = """
const record = await import(process.argv[1]);
const words = await import(process.argv[2]);
const ALL = JSON.parse(process.argv[3]); // the registry's puzzles
const [A, B] = ALL;
const store = new Map();
const storage = {
  getItem: (k) => store.get(k) ?? null,
  setItem: (k, v) => store.set(k, String(v)),
};
const on = (date) => new Date(`${date}T12:00:00Z`);
const out = {};
const day = "2026-11-24";
record.noteDailyStarted(A, day, { storage });
out.started = record.dailyResults(day, { storage });
const win = { count: 9, unit: "presses", best: null, bestLabel: "fewest", ms: 83_000, hints: 0,
  solver: false };
out.doneRecord = record.noteDailyResult(A, day, win, { today: on(day), storage });
// The best arrives later: filled in; a second win of the day does not replace the first.
record.noteDailyResult(A, day, { ...win, best: 7 }, { today: on(day), storage });
const again = { ...win, count: 7, best: 7 };
record.noteDailyResult(A, day, again, { today: on(day), storage });
record.noteDailyStarted(A, day, { storage }); // a move after the win: still done
out.done = record.dailyResults(day, { storage });
// Yesterday's daily, won today: kept, late, and counted for nothing.
out.lateRecord = record.noteDailyResult(B, "2026-11-23",
  { count: 20, unit: "moves", best: 18, bestLabel: "par", ms: 4000, hints: 2, solver: false },
  { today: on(day), storage });
out.late = record.dailyResults("2026-11-23", { storage });
out.days = record.daysRecord(ALL, { today: on(day), storage });
store.set("puzzlelab.dailyResults", "not json");
out.unreadable = record.dailyResults(day, { storage });
const strange = { [day]: { [B]: { status: "won?" }, [ALL.at(-1)]: 3 } };
store.set("puzzlelab.dailyResults", JSON.stringify(strange));
out.strange = record.dailyResults(day, { storage });
out.status = [words.statusWords(undefined), words.statusWords({ status: "started" }),
  words.statusWords(out.done[A]), words.statusWords(out.late[B])];
// Entries carrying a board (as a careless caller might pass): the text never shows it.
const entry = (extra) => ({ status: "done", count: 12, unit: "changes", best: 12, bestLabel: "par",
  ms: 125_000, hints: 0, solver: false, game: "8x8:1..0....1", grid: [[1, 0], [0, 1]], ...extra });
out.share = words.dayShareText({
  date: day,
  rows: [{ title: "Lights Out", entry: out.done[A] },
         { title: "Peg solitaire", entry: entry({ count: 20, unit: "moves", best: 18, hints: 1 }) },
         { title: "Binary puzzle", entry: entry({ best: null, solver: true }) }],
  record: { streak: 3, played: 5 },
  link: "https://example.org/puzzlelab/",
});
out.firstVisit = words.recordWords({ streak: 0, played: 0 });
process.stdout.write(JSON.stringify(out));
"""


def run(node: str) -> dict:
    return run_node(node, SCRIPT, str(WEB / "daily-record.mjs"), str(WEB / "today-text.mjs"),
                    json.dumps(registry_puzzles()))


def test_a_daily_goes_from_started_to_done_and_a_late_one_counts_for_nothing(node: str) -> None:
    out = run(node)
    first, second = registry_puzzles()[:2]
    assert out["started"] == {first: {"status": "started"}}
    assert out["doneRecord"] == {"streak": 1, "played": 1}
    assert out["done"][first] == {"status": "done", "count": 9, "unit": "presses", "best": 7,
                                        "bestLabel": "fewest", "ms": 83_000, "hints": 0,
                                        "solver": False, "late": False}
    assert out["late"][second]["late"] is True
    assert out["lateRecord"] == {"streak": 0, "played": 0}
    assert out["days"] == {"streak": 1, "played": 1}
    assert out["firstVisit"] == "No daily puzzle finished yet: a streak starts with one."
    assert out["unreadable"] == {}
    assert out["strange"] == {}
    assert out["status"] == ["Not started", "In progress",
                             "Done: 9 presses · fewest 7, 1 min 23 s, no help",
                             "Done late: 20 moves · par 18, 4 s, 2 hints"]


def test_the_day_text_says_results_against_par_and_the_streak_and_no_board(node: str) -> None:
    text = run(node)["share"]
    assert text.split("\n") == [
        "Puzzle Lab, daily puzzles of 2026-11-24",
        "Lights Out: 9 presses · fewest 7, 1 min 23 s, no help",
        "Peg solitaire: 20 moves · par 18, 2 min 05 s, 1 hint",
        "Binary puzzle: 12 changes, 2 min 05 s, the solver played",
        "Streak: 3 days in a row · 5 days played",
        "https://example.org/puzzlelab/",
    ]
    # No game ID, grid or run of cells: nothing a friend could copy the answer from.
    assert "8x8" not in text and not re.search(r"[01.]{4,}|\[\[", text)


def test_the_puzzles_with_a_today_row_are_those_that_deal_a_daily(build_py) -> None:
    """The registry's `daily: true` (a Today row and button) names exactly the
    puzzles whose board deals a daily puzzle, among them every one whose
    deals the build ships."""
    registry = (WEB / "puzzles" / "index.mjs").read_text(encoding="utf-8")
    ids = re.findall(r'^\s{4}id: "([a-z]+)",', registry, re.MULTILINE)
    daily = re.findall(r'^\s{4}id: "([a-z]+)",\n\s{4}daily: true,', registry, re.MULTILINE)
    boards = {puzzle: (WEB / "puzzles" / puzzle / "board.mjs").read_text(encoding="utf-8")
              for puzzle in ids}
    deals = {puzzle for puzzle, board in boards.items() if "dailyPuzzle(" in board}
    assert daily and set(daily) == deals
    assert set(build_py.DAILY_REQUESTS) <= set(daily)
