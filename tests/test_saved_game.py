"""Saved games as the page reads them (web/saved-game.mjs), fuzzed, with Python as the referee.

Each puzzle's real saved games (played with Python's own moves, with undo
and redo steps) are corrupted in many random ways and read in one ``node``
process (tests/js/saved_game_driver.mjs) by readSavedGame with the rules the
page uses. A read never crashes: it refuses with a reason, or gives a game
whose counts are whole numbers of at least 0 that follow from its history,
whose every counted step is a real move (Python checks each one), made only
of the saved game's own positions. Uncorrupted games come back unchanged.
The store's rule for links is checked on random sequences: a held game is
never replaced before it is copied aside.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path
from typing import Any

import pytest

from puzzle_homes import facts, registry_puzzles
from puzzlelab import api

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tests" / "js" / "saved_game_driver.mjs"


def run(node: str, cases: list[dict]) -> list[Any]:
    done = subprocess.run([node, str(DRIVER)], input=json.dumps(cases), capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def load(puzzle: str, game: str) -> dict | None:
    """Python's state for a game ID, or None when Python rejects it."""
    answer = api.handle(facts(puzzle).load_request(game))
    return answer["result"] if answer["ok"] else None


def canonical(puzzle: str, game: str) -> str | None:
    state = load(puzzle, game)
    return None if state is None else facts(puzzle).game_id(state)


def games_in(given: Any) -> set[str]:
    """Every game ID a (maybe corrupted) snapshot names, where the page may
    look for one: the game, its start, and each undo and redo step."""
    if not isinstance(given, dict):
        return set()
    found = [given.get("game"), given.get("start")]
    for key in ("history", "future"):
        if isinstance(given.get(key), list):
            found.extend(e.get("game") for e in given[key] if isinstance(e, dict))
    return {game for game in found if isinstance(game, str)}


def read_saved(node: str, puzzle: str, givens: list[Any]) -> list[dict]:
    """What the page's readSavedGame makes of each snapshot in ``givens`` with
    the puzzle's rules, in one ``node``: {error} or {result} with each state
    as its game ID ({current, start, history, future, repairs}); {crash} for
    anything thrown that is not a refusal. Each game ID a snapshot names is
    loaded by the request the puzzle's board makes for it."""
    rules = facts(puzzle)
    cases = [{"read": puzzle, "snapshot": json.dumps(given),
              "requests": {game: rules.load_request(game) for game in games_in(given)}}
             for given in givens]
    answers = run(node, cases)
    for answer in answers:
        if "result" in answer:
            read = answer["result"]
            for entry in [read["current"], *read["history"], *read["future"]]:
                entry["game"] = rules.game_id(entry.pop("state"))
            read["start"] = read["start"] and rules.game_id(read["start"])
    return answers


BAD_COUNTS = [-1, -7, 0.5, 2.5, 1e308, "NaN!", "Inf!", "-Inf!", "3", None, True, [], {}, 10**6]
# Offsets that lift a whole history's counts to or past 2**53, where n + 1 == n
# in JavaScript: counted on from there, any two positions would pass as one move.
HUGE_OFFSETS = [2**53 - 2, 2**53, 2**60]


def corrupt(snapshot: dict, rng: random.Random, others: list[str]) -> Any:
    """`snapshot` with one to three random corruptions (some of its shape);
    `others` are game IDs of the puzzle's other saved games."""
    snap = json.loads(json.dumps(snapshot))
    for _ in range(rng.randint(1, 3)):
        entries = [snap, *snap["history"], *snap["future"]]
        entry = rng.choice(entries)
        kind = rng.randrange(12)
        if kind == 0:
            entry["moves"] = rng.choice(BAD_COUNTS)
        elif kind == 1:
            entry["moves"] = rng.randint(0, 12)
        elif kind == 2:
            rng.shuffle(snap["history"])
        elif kind == 3:
            other = rng.choice(entries)
            entry["game"], other["game"] = other["game"], entry["game"]
        elif kind == 4:
            copied = rng.choice(entries)
            snap[rng.choice(["history", "future"])].append(
                {key: copied[key] for key in ("game", "moves") if key in copied})
        elif kind == 5:
            entry["game"] = entry["game"][: rng.randrange(len(entry["game"]) + 1)]
        elif kind == 6:
            entry.pop("moves", None)
        elif kind == 7:
            snap["start"] = rng.choice([None, 7, "", entry["game"], snap["game"]])
        elif kind == 8:
            victim = rng.choice([snap, rng.choice(entries)])
            victim[rng.choice(["game", "history", "future"])] = rng.choice([None, 3, "x", [], {}])
            return snap  # the shape is broken: nothing more to corrupt
        elif kind == 9:
            offset = rng.choice(HUGE_OFFSETS)
            for each in entries:
                count = each.get("moves")
                each["moves"] = (count if type(count) is int else 0) + offset
        elif kind == 10:  # a step of another saved game: another start, maybe another size
            entry["game"] = rng.choice(others)
        else:
            return rng.choice([None, [], "text", 5, {"game": snap["game"]}])
    return snap


def check(puzzle: str, given: Any, answer: dict, corrupted: bool) -> None:
    assert "crash" not in answer, (given, answer)
    if "error" in answer:
        assert corrupted, (given, answer)
        assert answer["error"], given
        return
    rules = facts(puzzle)
    read = answer["result"]
    if not corrupted:
        assert read["repairs"] == [], (given, read)
    own = {canonical(puzzle, e["game"]) for e in [given, *given["history"], *given["future"]]}
    if isinstance(given.get("start"), str):
        own.add(canonical(puzzle, given["start"]))
    order = [*read["history"], read["current"], *reversed(read["future"])]
    assert read["current"]["game"] == canonical(puzzle, given["game"]), (given, read)
    for step, entry in enumerate(order):
        assert entry["game"] in own, (given, read)  # nothing made up
        moves = entry["moves"]
        assert type(moves) is int and moves >= 0, (given, read)
        if step:
            before = order[step - 1]
            assert moves in (0, before["moves"] + 1), (given, read)
            if moves == before["moves"] + 1 and before["game"] != entry["game"]:
                # A counted step is one real move, tried in Python over every move.
                assert rules.one_move(before["game"], entry["game"]), (given, read)
    rules.check_history(order, {**given, "start": read["start"] or read["current"]["game"]})
    if not corrupted:
        def strip(e: dict) -> dict:
            return {"game": e["game"], "moves": e.get("moves", 0)}
        assert [strip(e) for e in order] == [
            strip({**e, "game": canonical(puzzle, e["game"])})
            for e in [*given["history"], given, *reversed(given["future"])]]


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_corrupted_saved_games_are_refused_or_repaired(node, puzzle):
    rng = random.Random(f"saved-game-{puzzle}")
    cases: list[tuple[Any, bool]] = []
    goods = [facts(puzzle).random_saved_game(rng) for _ in range(40)]
    others = [game for good in goods for game in games_in(good)]
    for good in goods:
        cases.append((good, False))
        cases.extend((corrupt(good, rng, others), True) for _ in range(8))
    answers = read_saved(node, puzzle, [given for given, _ in cases])
    outcomes = {"refused": 0, "repaired": 0, "whole": 0}
    for (given, corrupted), answer in zip(cases, answers, strict=True):
        if "error" in answer:
            outcomes["refused"] += 1
            continue
        check(puzzle, given, answer, corrupted)
        outcomes["repaired" if answer["result"]["repairs"] else "whole"] += 1
    # The corruptions reach every outcome: the test exercises refusals and repairs.
    assert all(outcomes.values()), outcomes


# The store keeps snapshots whole and never reads their game IDs, so its tests
# play the registry's first puzzle (as the driver does) with IDs standing for any.
STORE_PUZZLE = registry_puzzles()[0]
PROGRESS = {"game": "game-after-a-move", "moves": 1,
            "history": [{"game": "first-game", "moves": 0}], "future": []}
FRESH = {"game": "first-game", "moves": 0, "history": [], "future": []}
KEY, ASIDE = f"puzzlelab.saved.{STORE_PUZZLE}", f"puzzlelab.aside.{STORE_PUZZLE}"


def test_the_store_holds_a_game_in_progress_until_the_board_changes(node):
    link = {"game": "linked-game", "moves": 0, "history": [], "future": []}
    played_on = {**link, "game": "linked-game-after-a-move", "moves": 1, "history": [link]}
    steps = run(node, [{"store": [
        ["write", PROGRESS], ["holdFor"], ["maySave", "link", link], ["maySave", "link", link],
        ["maySave", "link", played_on]]}])[0]
    assert steps[1]["said"] is True
    assert steps[2]["said"] is False and steps[3]["said"] is False
    assert json.loads(steps[3]["storage"][KEY])["snapshot"] == PROGRESS
    assert steps[4]["said"] is True
    assert json.loads(steps[4]["storage"][KEY])["snapshot"] == played_on
    assert json.loads(steps[4]["storage"][ASIDE])["snapshot"] == PROGRESS
    # No game in progress: the link's board is saved at once, nothing set aside.
    steps = run(node, [{"store": [["write", FRESH], ["holdFor"], ["maySave", "link", link]]}])[0]
    assert steps[1]["said"] is False and steps[2]["said"] is True
    assert ASIDE not in steps[2]["storage"]
    # Unreadable data is held too, and copied aside before it is replaced.
    steps = run(node, [{"store": [["corrupt", "{bad"], ["holdFor"], ["maySave", "new", link],
                                  ["maySave", "new", played_on]]}])[0]
    assert steps[2]["storage"][KEY] == "{bad" and steps[3]["storage"][ASIDE] == "{bad"


def stored_game(state: dict) -> Any:
    """The stored game's snapshot (its text when it is not JSON): a save of the
    same game again, stamped anew, leaves it as it was."""
    text = state["storage"].get(KEY)
    try:
        return json.loads(text)["snapshot"]
    except (TypeError, ValueError, KeyError):
        return text


def test_the_store_never_replaces_a_held_game_before_setting_it_aside(node):
    rng = random.Random("store")
    pool = [PROGRESS, FRESH, {**PROGRESS, "game": "linked-game"},
            {"game": "linked-game-after-a-move", "moves": 1, "history": [FRESH], "future": []}]
    runs = []
    for _ in range(200):
        steps: list[list[Any]] = [["write", rng.choice(pool)]]
        for _ in range(rng.randint(1, 12)):
            kind = rng.randrange(4)
            if kind == 0:
                steps.append(["holdFor"])
            elif kind == 1:
                steps.append(["corrupt", "{bad"])
            else:
                steps.append(["maySave", rng.choice(["link", "new", "saved"]), rng.choice(pool)])
        runs.append(steps)
    answers = run(node, [{"store": steps} for steps in runs])
    for steps, states in zip(runs, answers, strict=True):
        for i in range(1, len(steps)):
            before, after = states[i - 1], states[i]
            step = steps[i]
            if step[0] == "holdFor" or stored_game(after) == stored_game(before):
                continue
            if step[0] == "corrupt":
                continue
            # The stored game changed by a save: either it was not held, or the
            # held game is now aside, or the stored game itself was on screen.
            if before["held"] and step[1] != "saved":
                assert after["storage"].get(ASIDE) == before["storage"].get(KEY), (steps, i)
            # A hold never lets the first board shown over it be saved.
            if before["held"] and step[1] != "saved" and steps[i - 1][0] == "holdFor":
                pytest.fail(f"the first board over a held game was saved: {steps[: i + 1]}")
