"""Two tabs never lose a game: GameStore (web/saved-game.mjs) and the recent
games (web/recent-games.mjs), run in node on one localStorage shared by
pages in tabs, each tab with its own sessionStorage (tests/js/saved_game_driver.mjs).

Random runs of pages opening, reloading, duplicating and closing tabs, each
playing as the page does (a page shows what read() gives, writes it back,
then plays on), check that every game played in every tab is among the
recent games at the end, and that a reload gets the tab's own game back
whoever saved last. A full storage is said in what each write reports: the
recent games it removed and the undo steps it left out are exactly those
missing, and the game on screen is kept or "unsaved" is said.
"""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import run_node
from puzzle_homes import registry_puzzles
from test_saved_game import ROOT, run

PUZZLE = registry_puzzles()[0]  # any puzzle: the store is the same for each
SAVED, RECENT = f"puzzlelab.saved.{PUZZLE}", f"puzzlelab.recent.{PUZZLE}."
HOUR = 3_600_000


def snapshot_of(play_id: str, moves: int, tag: str) -> dict:
    """A game `play_id` after `moves` moves (its game IDs name the tab that played them)."""
    return {"game": f"{tag}-{moves}", "moves": moves,
            "history": [{"game": f"{tag}-{i}", "moves": i} for i in range(moves)],
            "future": [], "playId": play_id}


def recent(storage: dict) -> dict[str, dict]:
    return {key: json.loads(text)["snapshot"] for key, text in storage.items()
            if key.startswith(RECENT)}


def tab_runs(rng: random.Random) -> tuple[list[list[Any]], list[dict]]:
    """Steps of pages in tabs and, per step, what read() must give (or None)."""
    steps: list[list[Any]] = []
    expect: list[Any] = []
    own: dict[str, dict | None] = {}  # tab -> the game its page last wrote
    page_of: dict[str, str] = {}  # open tab -> its page
    shared: list[dict | None] = [None]  # the last game any page wrote
    heads: dict[tuple[str, str], dict] = {}  # (tab, playId) -> its last game played
    count = 0

    def step(*args: Any, read: Any = None) -> None:
        steps.append(list(args))
        expect.append(read)

    def write(tab: str, snap: dict, played: bool = True) -> None:
        step("write", page_of[tab], snap)
        own[tab] = snap
        shared[0] = snap
        if played and snap["moves"] > 0:
            heads[(tab, snap["playId"])] = snap

    def load(tab: str) -> None:
        """A page load in `tab`: it shows what read() gives and writes it back."""
        nonlocal count
        count += 1
        page_of[tab] = f"page{count}"
        step("open", page_of[tab], tab)
        game = own.get(tab) or shared[0]
        step("read", page_of[tab], read=game)
        if game is None:
            game = snapshot_of(f"id{count}", 0, f"{tab}.{count}")
        write(tab, game, played=False)  # shown, not yet played here

    names = iter(f"t{i}" for i in range(100))
    load(next(names))
    for _ in range(rng.randint(4, 18)):
        kind = rng.randrange(10)
        open_tabs = list(page_of)
        tab = rng.choice(open_tabs) if open_tabs else None
        if tab is None or kind == 0:
            load(next(names))  # a new tab, on the shared game
        elif kind <= 5:  # a move
            game = own[tab]
            step_back = {"game": game["game"], "moves": game["moves"]}
            write(tab, {**snapshot_of(game["playId"], game["moves"] + 1, f"{tab}.{count}"),
                        "history": [*game["history"], step_back]})
        elif kind == 6:  # a new game
            count += 1
            write(tab, snapshot_of(f"id{count}", 0, f"{tab}.{count}"))
        elif kind == 7:  # a reload
            load(tab)
        elif kind == 8:  # a tab duplicated with its sessionStorage
            copy = next(names)
            step("copy", copy, tab)
            own[copy] = own[tab]
            load(copy)
        elif len(open_tabs) > 1:  # a tab closed
            step("close", tab)
            del page_of[tab]
            own.pop(tab)
        step("clock", 1_000_000 + len(steps) * 1000)
    return steps, [expect, list(heads.values())]


def test_every_game_of_every_tab_is_kept_and_a_reload_gets_its_own(node):
    rng = random.Random("two tabs")
    runs = [tab_runs(rng) for _ in range(150)]
    answers = run(node, [{"tabs": steps, "quota": None} for steps, _ in runs])
    for (steps, (reads, heads)), states in zip(runs, answers, strict=True):
        for step, read, state in zip(steps, reads, states, strict=True):
            if step[0] == "read":
                assert (state["said"] or {}).get("snapshot") == read, (steps, step)
            if step[0] == "write":  # nothing to say: no storage limit
                assert state["said"] is None or set(k for k, v in state["said"].items() if v) == {
                    "shared"}, (steps, step, state["said"])
        kept = list(recent(states[-1]["storage"]).values())
        for head in heads:
            assert head in kept, (steps, head)


def test_two_tabs_from_one_saved_game_each_keep_their_own(node):
    """The case of the issue, spelled out: two tabs from one saved game, a
    press in each, A saves last and closes; both games are kept, and B's
    reload gets B's game."""
    start = snapshot_of("g", 1, "s")
    a1 = {**snapshot_of("g", 2, "a"), "history": [*start["history"], {"game": "s-1", "moves": 1}]}
    b1 = {**snapshot_of("g", 2, "b"), "history": a1["history"]}
    a2 = {**snapshot_of("g", 3, "a"), "history": [*a1["history"], {"game": "a-2", "moves": 2}]}
    steps = [["open", "a0", "ta"], ["write", "a0", start], ["open", "a", "ta"], ["read", "a"],
             ["write", "a", start], ["open", "b", "tb"], ["read", "b"], ["write", "b", start],
             ["write", "a", a1], ["write", "b", b1], ["write", "a", a2], ["close", "ta"],
             ["open", "b2", "tb"], ["read", "b2"]]
    [states] = run(node, [{"tabs": steps, "quota": None}])
    assert states[3]["said"]["snapshot"] == start and states[6]["said"]["snapshot"] == start
    kept = list(recent(states[-1]["storage"]).values())
    assert a2 in kept and b1 in kept
    # A new tab opens the last game saved.
    assert json.loads(states[-1]["storage"][SAVED])["snapshot"] == a2
    assert states[-1]["said"]["snapshot"] == b1


def full_runs(rng: random.Random) -> list[list[Any]]:
    steps: list[list[Any]] = [["open", "a", "ta"], ["open", "b", "tb"],
                              ["quota", rng.choice([1500, 3000, 6000])]]
    games = {"a": snapshot_of("ga", 0, "a"), "b": snapshot_of("gb", 0, "b")}
    for n in range(rng.randint(3, 25)):
        page = rng.choice("ab")
        game = games[page]
        if rng.random() < 0.15:
            games[page] = game = snapshot_of(f"g{page}{n}", 0, f"{page}{n}")
        moves = game["moves"] + rng.randint(1, 6)
        future = [{"game": f"redo{i}", "moves": moves + i + 1} for i in range(rng.randint(0, 3))]
        played = snapshot_of(game["playId"], moves, f"{page}{game['playId']}")
        games[page] = {**played, "future": future}
        steps.append(["write", page, games[page]])
        steps.append(["clock", 1_000_000 + n * 60_000])
    return steps


def check_write(given: dict, said: dict | None, before: dict, after: dict) -> None:
    """What one write under a limit left, against what it said."""
    said = said or {"dropped": 0, "trimmed": 0, "unsaved": False}
    gone = set(recent(before)) - set(recent(after))
    assert len(gone) == said["dropped"], (given, said, gone)
    if said["unsaved"]:
        assert after.get(SAVED) == before.get(SAVED)
        return
    stored = json.loads(after[SAVED])["snapshot"]
    assert stored["game"] == given["game"] and stored["moves"] == given["moves"]
    steps = len(given["history"]) + len(given["future"])
    assert steps - len(stored["history"]) - len(stored["future"]) == said["trimmed"], (given, said)
    # Redo steps go first; the undo steps kept are the newest, as they were.
    kept = len(stored["history"])
    assert stored["history"] == given["history"][len(given["history"]) - kept:]
    assert stored["future"] in (given["future"], [])
    if stored["future"] == [] and given["future"]:
        assert said["trimmed"] > 0
    assert stored in recent(after).values()


def test_a_full_storage_says_what_it_cost_and_keeps_the_rest(node):
    rng = random.Random("full storage")
    runs = [full_runs(rng) for _ in range(120)]
    answers = run(node, [{"tabs": steps, "quota": None} for steps in runs])
    outcomes = {"dropped": 0, "trimmed": 0, "unsaved": 0}
    for steps, states in zip(runs, answers, strict=True):
        for i, step in enumerate(steps):
            if step[0] != "write":
                continue
            said = states[i]["said"]
            check_write(step[2], said, states[i - 1]["storage"], states[i]["storage"])
            for kind in outcomes:
                outcomes[kind] += bool(said and said[kind])
    assert all(outcomes.values()), outcomes  # every rung of the ladder was reached


def test_storage_that_takes_nothing_loses_nothing(node):
    """Every write refused (storage full to the last byte): "unsaved", and no
    recent game is dropped."""
    played = snapshot_of("g1", 3, "a")
    steps = [["open", "a", "ta"], ["write", "a", played], ["quota", "none"],
             ["write", "a", snapshot_of("g2", 2, "b")], ["read", "a"]]
    [states] = run(node, [{"tabs": steps, "quota": None}])
    assert states[3]["said"] == {"shared": False, "dropped": 0, "trimmed": 0, "unsaved": True}
    assert states[3]["storage"] == states[2]["storage"]
    assert list(recent(states[3]["storage"]).values()) == [played]
    # The tab's own copy (its own quota) still has the game on screen: a reload gets it.
    assert states[4]["said"]["snapshot"] == snapshot_of("g2", 2, "b")


def test_recent_games_of_the_last_hour_are_all_kept_older_ones_ten(node):
    steps: list[list[Any]] = [["open", "a", "ta"]]
    times = []
    for n in range(40):  # a game every 6 minutes for 4 hours
        at = 1_000_000 + n * 360_000
        times.append(at)
        steps += [["clock", at], ["write", "a", snapshot_of(f"g{n}", 1, f"n{n}")]]
    [states] = run(node, [{"tabs": steps, "quota": None}])
    for n, at in enumerate(times):
        kept = {snap["playId"] for snap in recent(states[2 + 2 * n]["storage"]).values()}
        within = {f"g{i}" for i, t in enumerate(times[: n + 1]) if at - t <= HOUR}
        assert within <= kept, n
        assert len(kept - within) == min(n + 1 - len(within), max(0, 10 - len(within))), n


def test_what_a_save_reports_is_said_in_one_sentence(node):
    """The save line's words (web/recent-list.mjs) for each report, counts in words that agree."""
    script = """
    const { writeReportText } = await import(process.argv[1]);
    const none = { shared: false, dropped: 0, trimmed: 0, unsaved: false };
    const cases = [{ shared: true }, { dropped: 1 }, { dropped: 3 }, { trimmed: 1 }, { trimmed: 6 },
      { dropped: 2, trimmed: 5 }, { unsaved: true, dropped: 2 }, {}];
    const said = cases.map((c) => writeReportText("Lights Out", { ...none, ...c }));
    process.stdout.write(JSON.stringify(said));
    """
    said = run_node(node, script, str(ROOT / "web" / "recent-list.mjs"))
    assert said == [
        "Lights Out is also open in another tab: each tab keeps its own game.",
        "Storage is full: Lights Out was saved with the oldest recent game removed.",
        "Storage is full: Lights Out was saved with the 3 oldest recent games removed.",
        "Storage is full: Lights Out was saved with its oldest undo step left out.",
        "Storage is full: Lights Out was saved with its 6 oldest undo steps left out.",
        "Storage is full: Lights Out was saved with the 2 oldest recent games removed and its 5"
        " oldest undo steps left out.",
        "Storage is full: Lights Out could not be saved here; the game plays on.",
        "",
    ]
