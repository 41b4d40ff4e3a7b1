"""Progress on the ladders (web/levels.mjs, run under node by
tests/js/levels_driver.mjs as the page runs it): wins from two tabs on one
storage are all kept, each level with its better result; merging is a union
in any order; an exported file imports back into an empty browser and into
a full one without losing anything; a malformed or foreign file, of any
kind, is refused in one sentence and changes nothing; an unreadable stored
record is set aside, not written over."""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

from puzzle_homes import registry_puzzles

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tests" / "js" / "levels_driver.mjs"
KEY = "puzzlelab.levels"
PUZZLES = registry_puzzles()
# Two of them, as opaque keys of the progress record.
SOME, OTHER = PUZZLES[-1], PUZZLES[0]


def run(node: str, cases: list[dict]) -> list[list[dict]]:
    done = subprocess.run([node, str(DRIVER)], input=json.dumps(cases), capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    for steps in answers:
        for step in steps:
            assert not (isinstance(step["said"], dict) and "crash" in step["said"]), step
    return answers


def result(rng: random.Random) -> dict:
    par = rng.randint(1, 9)
    return {"count": par + rng.choice([0, 0, 1, 3]), "par": par, "hints": rng.choice([0, 0, 1, 2])}


def rank(r: dict) -> tuple[int, int, int]:
    """How good a result is, smaller better, as the tests see it: no hints first, then fewer."""
    return (r["hints"] > 0, r["count"], r["hints"])


def best_of(wins: list[tuple[str, str, dict]]) -> dict:
    best: dict[str, dict[str, dict]] = {}
    for puzzle, game, r in wins:
        kept = best.setdefault(puzzle, {}).get(game)
        if kept is None or rank(r) < rank(kept):
            best[puzzle][game] = r
    return best


def test_wins_from_two_tabs_are_all_kept_with_the_better_result(node: str) -> None:
    rng = random.Random(35)
    cases, expected = [], []
    for _ in range(40):
        # Two tabs on one storage, their wins interleaved in any order.
        wins = [(rng.choice(PUZZLES), f"g{rng.randint(1, 6)}", result(rng))
                for _ in range(rng.randint(1, 12))]
        cases.append({"puzzles": PUZZLES, "steps": [["record", *win] for win in wins] + [["read"]]})
        expected.append(best_of(wins))
    for steps, best in zip(run(node, cases), expected, strict=True):
        assert all(step["said"] is True for step in steps[:-1])
        assert steps[-1]["said"] == best


def test_merging_is_a_union_in_any_order(node: str) -> None:
    rng = random.Random(7)
    cases = []
    sides = []
    for _ in range(30):
        a = [(rng.choice(PUZZLES), f"g{rng.randint(1, 5)}", result(rng)) for _ in range(5)]
        b = [(rng.choice(PUZZLES), f"g{rng.randint(1, 5)}", result(rng)) for _ in range(5)]
        pa, pb = best_of(a), best_of(b)
        sides.append(best_of(a + b))
        cases.append({"puzzles": PUZZLES, "steps": [["merge", pa, pb], ["merge", pb, pa]]})
    for (ab, ba), union in zip(run(node, cases), sides, strict=True):
        assert ab["said"] == ba["said"] == union


def test_an_export_imports_back_and_an_import_never_loses(node: str) -> None:
    rng = random.Random(3)
    here = [(p, f"g{i}", result(rng)) for i, p in enumerate(PUZZLES * 2)]
    there = [(p, f"g{i}", result(rng)) for i, p in enumerate(PUZZLES * 3)]
    (exported,) = run(node, [{"puzzles": PUZZLES, "steps": [["record", *w] for w in there]
                              + [["export"]]}])
    text = exported[-1]["said"]
    assert json.loads(text)["progress"] == best_of(there)
    answers = run(node, [
        {"puzzles": PUZZLES, "steps": [["import", text], ["read"]]},
        {"puzzles": PUZZLES,
         "steps": [["record", *w] for w in here] + [["import", text], ["read"]]},
    ])
    empty, full = answers
    assert empty[0]["said"] == {"added": len(best_of(there)[SOME]) * len(PUZZLES), "improved": 0}
    assert empty[-1]["said"] == best_of(there)
    assert full[-1]["said"] == best_of(here + there)  # nothing of here lost, the better kept


def junk_files(rng: random.Random) -> list[str]:
    """Files that are not progress files: not JSON, other JSON, damaged fields, foreign puzzles."""
    good = {"kind": "puzzlelab-levels", "version": 1,
            "progress": {SOME: {"g1": {"count": 3, "par": 3, "hints": 0}}}}
    files = ["", "not json", "{", "[]", "null", "42", '"text"', json.dumps({"kind": "x"}),
             json.dumps({**good, "version": 2}), json.dumps({**good, "kind": "puzzlelab-saved"}),
             json.dumps({**good, "progress": []}), json.dumps({**good, "progress": None}),
             json.dumps({**good, "progress": {"chess": {}}}),
             json.dumps({**good, "progress": {SOME: []}}),
             json.dumps({**good, "progress": {SOME: {"g": None}}}),
             json.dumps({**good, "progress": {SOME: {"": {"count": 1, "par": 1, "hints": 0}}}}),
             json.dumps({**good, "progress": {SOME: {"g": {"count": 1, "par": 0, "hints": 0}}}}),
             "x" * 2_000_001]
    for _ in range(60):
        entry: dict[str, Any] = {"count": 3, "par": 3, "hints": 0}
        field = rng.choice(list(entry))
        entry[field] = rng.choice([-1, 1.5, "3", None, [], {}, 10**9, True])
        files.append(json.dumps({**good, "progress": {SOME: {"g1": entry}}}))
    for _ in range(20):  # a good file cut short
        text = json.dumps(good)
        files.append(text[:rng.randint(0, len(text) - 2)])
    return files


def test_a_file_that_is_not_a_progress_file_changes_nothing(node: str) -> None:
    rng = random.Random(11)
    stored = {KEY: json.dumps({OTHER: {"g9": {"count": 5, "par": 4, "hints": 0}}})}
    files = junk_files(rng)
    cases = [{"puzzles": PUZZLES, "storage": stored, "steps": [["import", text]]} for text in files]
    for text, (step,) in zip(files, run(node, cases), strict=True):
        said = step["said"]
        assert isinstance(said, dict) and "refused" in said, (text[:80], said)
        sentence = said["refused"]
        assert sentence.startswith("That file is not a Puzzle Lab levels file (")
        assert sentence.endswith("; your progress is unchanged.") and "\n" not in sentence
        assert step["storage"] == stored, text[:80]


def test_a_full_storage_refuses_in_a_sentence_and_an_unreadable_record_is_set_aside(
        node: str) -> None:
    win = ["record", SOME, "g1", {"count": 3, "par": 3, "hints": 0}]
    good = json.dumps({"kind": "puzzlelab-levels", "version": 1,
                       "progress": {SOME: {"g2": {"count": 3, "par": 3, "hints": 0}}}})
    full, damaged = run(node, [
        {"puzzles": PUZZLES, "steps": [["full"], win, ["import", good]]},
        {"puzzles": PUZZLES, "storage": {KEY: "{broken"}, "steps": [win]},
    ])
    assert full[1]["said"] is False and full[1]["storage"] == {}
    assert "would not store" in full[2]["said"]["refused"] and full[2]["storage"] == {}
    (step,) = damaged
    assert step["storage"][f"{KEY}.unreadable"] == "{broken"
    assert json.loads(step["storage"][KEY]) == {SOME: {"g1": win[3]}}


def test_a_level_opens_when_the_one_before_is_won(node: str) -> None:
    ladder = {"unit": "moves", "levels": [{"game": f"g{i}", "par": i + 1, "label": "x"}
                                          for i in range(5)]}
    won = {"g0": {"count": 1, "par": 1, "hints": 0}, "g3": {"count": 9, "par": 4, "hints": 1}}
    ((step,),) = run(node, [{"puzzles": PUZZLES, "steps": [["ladder", ladder, won]]}])
    assert [level["open"] for level in step["said"]] == [True, True, False, True, True]
    assert [level["number"] for level in step["said"]] == [1, 2, 3, 4, 5]
    assert step["said"][3]["result"] == won["g3"]
