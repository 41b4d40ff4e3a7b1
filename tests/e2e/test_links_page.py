"""No link replaces a game in progress, however it arrives (real Chromium).

For each puzzle, on one page: a fresh load, a hash change (a link typed or
pasted into the address bar), history back and forward, and a link clicked
in the page, each with and without a game in progress. A game in progress
stays saved, with its undo history, until the person changes the board the
link showed; meanwhile "Back to your game" brings it back; a move on the
link's board makes that the saved game (the old one copied aside). Then the
real restore path of each board gets corrupted saved games.
"""

from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest

from main_page import game_id, hash_game, link, note_shown, play, stored, wait_board, wait_game
from page_moves import Board
from puzzle_homes import facts, registry_puzzles

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]


def move_on_other(page, puzzle: str) -> None:
    """One move on the facts' OTHER_GAME."""
    facts(puzzle).move_on_other(page, Board.main(puzzle))
    wait_board(page, puzzle)


def arrive(page, puzzle: str, how: str, game: str) -> None:
    """A link to `game` arriving at the open page: typed into the address bar, or clicked."""
    target = f"#{puzzle}={quote(game, safe='')}"
    if how == "hash":
        page.evaluate("(hash) => { location.hash = hash; }", target)
    else:
        page.evaluate(
            """(hash) => {
              const a = Object.assign(document.createElement('a'), { href: hash });
              a.textContent = 'link';
              a.id = 'in-page-link';
              document.querySelector('.site-footer').append(a);
            }""",
            target,
        )
        page.locator("#in-page-link").click()
        page.evaluate("document.querySelector('#in-page-link').remove()")
    wait_game(page, puzzle, game)


def go(page, puzzle: str, step: str, game: str) -> None:
    """history.back() or forward(), to the entry that names `game`."""
    page.evaluate(f"history.{step}()")
    wait_game(page, puzzle, game)


def undo_through(page, puzzle: str, seen: list[str]) -> None:
    """The board shows seen[-1]; Undo steps back through the rest, Redo forward again."""
    board = page.locator(f"#{puzzle}")
    assert game_id(page, puzzle) == seen[-1]
    for expected in reversed(seen[:-1]):
        board.get_by_role("button", name="Undo").click()
        wait_board(page, puzzle)
        assert game_id(page, puzzle) == expected
    for expected in seen[1:]:
        board.get_by_role("button", name="Redo").click()
        wait_board(page, puzzle)
        assert game_id(page, puzzle) == expected


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_links_never_replace_a_game_in_progress(page, site_url, puzzle):
    game, other = facts(puzzle).GAME, facts(puzzle).OTHER_GAME

    # No game in progress: a fresh load, a hash change, an in-page link and
    # back/forward simply load, and what is shown is saved.
    page.goto(link(site_url, puzzle, game))
    wait_board(page, puzzle)
    assert stored(page, puzzle)["game"] == game
    for how, target in (("hash", other), ("click", game)):
        arrive(page, puzzle, how, target)
        assert stored(page, puzzle)["game"] == target
        assert not note_shown(page)
    go(page, puzzle, "back", other)
    assert stored(page, puzzle)["game"] == other
    go(page, puzzle, "forward", game)
    assert stored(page, puzzle)["game"] == game

    # A game in progress: two moves.
    seen = [game]
    for move in (0, 1):
        play(page, puzzle, move)
        wait_board(page, puzzle)
        seen.append(game_id(page, puzzle))
    progress = stored(page, puzzle)
    assert progress["game"] == seen[-1] and len(progress["history"]) == 2

    # Malformed links in the open page: one sentence each, nothing changes. (A
    # daily link to a puzzle without daily puzzles says so first.)
    deals_dailies = page.evaluate(
        "(id) => typeof window.puzzleLab.boards[id].dailyPuzzle === 'function'", puzzle)
    malformed = {
        f"#{puzzle}=%E0%A4%A": "game ID is not correctly encoded; the board is unchanged.",
        "#sudoku=1": 'The link names an unknown puzzle, "sudoku"; the board is unchanged.',
        f"#{puzzle}={quote(facts(puzzle).BAD_GAME, safe='')}": "could not be loaded (",
        f"#{puzzle}&daily=2026-02-30": 'The daily link\'s date, "2026-02-30", is not a real date'
        if deals_dailies else "has no daily puzzle; the board is unchanged.",
    }
    for count, (target, sentence) in enumerate(malformed.items(), start=1):
        page.evaluate("(hash) => { location.hash = hash; }", target)
        page.wait_for_function(f"document.querySelectorAll('#page-notice p').length === {count}")
        wait_board(page, puzzle)
        assert sentence in page.locator("#page-notice p").last.inner_text()
        assert game_id(page, puzzle) == seen[-1] and hash_game(page, puzzle) == seen[-1]
        assert page.locator(f"#tab-{puzzle}").get_attribute("aria-selected") == "true"
        assert stored(page, puzzle) == progress and not note_shown(page)
    page.locator(".notice-close").click()

    # A link typed into the address bar: its board, the game kept, the way back shown.
    arrive(page, puzzle, "hash", other)
    assert stored(page, puzzle) == progress
    assert note_shown(page)
    # Back: the entry of the saved game, which comes back with its undo history.
    go(page, puzzle, "back", seen[-1])
    assert not note_shown(page)
    assert stored(page, puzzle) == progress
    # Forward: the link's board again, the game still kept.
    go(page, puzzle, "forward", other)
    assert note_shown(page) and stored(page, puzzle) == progress
    # "Back to your game", then its undo history.
    page.get_by_role("button", name="Back to your game").click()
    wait_game(page, puzzle, seen[-1])
    assert not note_shown(page)
    assert hash_game(page, puzzle) == seen[-1]
    undo_through(page, puzzle, seen)
    assert stored(page, puzzle) == progress

    # A link clicked in the page: kept until a move on the link's board...
    arrive(page, puzzle, "click", other)
    assert note_shown(page) and stored(page, puzzle) == progress
    # ...which makes the link's game the saved one, the old one copied aside.
    move_on_other(page, puzzle)
    assert not note_shown(page)
    now = stored(page, puzzle)
    assert now["game"] == game_id(page, puzzle) != other
    assert [e["game"] for e in now["history"]] == [other]
    assert stored(page, puzzle, "aside") == progress

    # A fresh load of a link with a game in progress: the same rule.
    page.goto("about:blank")
    page.goto(link(site_url, puzzle, game))
    wait_board(page, puzzle)
    assert game_id(page, puzzle) == game
    assert note_shown(page) and stored(page, puzzle) == now
    page.get_by_role("button", name="Back to your game").click()
    wait_game(page, puzzle, now["game"])
    undo_through(page, puzzle, [other, now["game"]])
    # A link to the saved game itself (a reload of its address) keeps it whole.
    page.goto("about:blank")
    page.goto(link(site_url, puzzle, now["game"]))
    wait_board(page, puzzle)
    assert not note_shown(page)
    undo_through(page, puzzle, [other, now["game"]])
    assert stored(page, puzzle) == now


# --- corrupted saved games through each board's real restore ----------------------

def corrupted(rng: random.Random, good: dict) -> dict:
    """`good` (a snapshot) with a few random corruptions of its counts, IDs and history."""
    snap = json.loads(json.dumps(good))
    entries = [snap, *snap["history"], *snap["future"]]
    bad_counts = [-1, -7, 0.5, 1e308, float("nan"), "3", None, True, 10**9, -0.0, [], {}]
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(6)
        entry = rng.choice(entries)
        if kind == 0:
            entry["moves"] = rng.choice(bad_counts)
        elif kind == 1:
            entry["moves"] = rng.randint(0, 40)
        elif kind == 2 and snap["history"]:
            rng.shuffle(snap["history"])
        elif kind == 3:
            other = rng.choice(entries)
            entry["game"], other["game"] = other["game"], entry["game"]
        elif kind == 4:
            snap["future"] = [dict(rng.choice(entries))]
        else:
            entry["game"] = entry["game"][: rng.randrange(len(entry["game"]))] or "?"
    return snap


@pytest.mark.parametrize("puzzle", registry_puzzles())
def test_corrupted_saved_games_are_repaired_or_refused_never_shown(page, site_url, puzzle):
    page.goto(link(site_url, puzzle, facts(puzzle).GAME))
    wait_board(page, puzzle)
    for move in (0, 1):
        play(page, puzzle, move)
        wait_board(page, puzzle)
    page.locator(f"#{puzzle}").get_by_role("button", name="Undo").click()  # a redo step too
    wait_board(page, puzzle)
    good = stored(page, puzzle)
    rng = random.Random(f"saved-{puzzle}")
    cases = [corrupted(rng, good) for _ in range(60)]
    # JSON cannot carry NaN: each case goes in as the JS value.
    results = page.evaluate(
        """async ([puzzle, texts]) => {
          const board = window.puzzleLab.boards[puzzle];
          const counter = () => document.querySelector(`#${puzzle} [data-field="moves"]`)
            ?.textContent ?? null;
          const out = [];
          for (const text of texts) {
            const snapshot = JSON.parse(text, (k, v) => (v === "NaN!" ? NaN : v));
            const before = board.snapshot();
            let error = null;
            try { await board.restore(snapshot); } catch (e) { error = String(e.message); }
            out.push({ error, counter: counter(), before, snapshot: board.snapshot() });
          }
          return out;
        }""",
        [puzzle, [json.dumps(c).replace("NaN", '"NaN!"') for c in cases]],
    )
    shown_counts = 0
    for case, result in zip(cases, results, strict=True):
        snap = result["snapshot"]
        entries = [snap, *snap["history"], *snap["future"]]
        for entry in entries:
            moves = entry.get("moves", 0)
            assert type(moves) is int and moves >= 0, (case, snap)
        order = [*snap["history"], snap, *reversed(snap["future"])]
        facts(puzzle).check_history(order, snap)
        if result["counter"] is not None:
            assert int(result["counter"].split(": ")[1]) == snap["moves"] >= 0
            shown_counts += 1
        if result["error"] is not None:
            # Refused: the board keeps the game it had, whole.
            assert snap == result["before"], case
    if facts(puzzle).COUNTER is not None:  # a board with a counter shows it for every game
        assert shown_counts == len(cases)
    assert any(r["error"] for r in results) and any(r["error"] is None for r in results)


# --- embeds ------------------------------------------------------------------------

STORED = """() => JSON.stringify(Object.keys(localStorage)
  .filter((key) => key.startsWith('puzzlelab.')).sort()
  .map((key) => [key, localStorage.getItem(key)]))"""


def embedded_ready(page, element_id: str) -> str:
    """Bring an embedded board into view (it draws as it comes near the screen),
    wait until it has answered every action; its game ID."""
    page.locator(f"#{element_id}").scroll_into_view_if_needed()
    page.wait_for_function(
        """(id) => {
          const board = window.PuzzleLab?.boardOf(document.getElementById(id));
          return board?.idle() && board.gameId;
        }""",
        arg=element_id,
        timeout=90_000,
    )
    return page.locator(f"#{element_id}").get_attribute("data-game-id")


def test_no_embed_attribute_touches_a_saved_game(page, site_url):
    """Embeds of the same origin (data-game, data-size, data-variant, a bad data-game, moves
    on them) neither read nor write the page's saved games."""
    puzzles = registry_puzzles()
    for puzzle in puzzles:
        page.goto(link(site_url, puzzle, facts(puzzle).GAME))
        wait_board(page, puzzle)
        play(page, puzzle, 0)
        wait_board(page, puzzle)
    before = page.evaluate(STORED)
    page.goto(site_url + "embed-demo.html")
    boards = []
    for puzzle in puzzles:  # each puzzle's other attributes, and a board to play
        boards += [[f"attributes-{puzzle}", puzzle, facts(puzzle).EMBED_ATTRIBUTES],
                   [f"played-{puzzle}", puzzle, {"game": facts(puzzle).GAME}]]
    page.evaluate(
        """(boards) => {
          for (const [id, puzzle, attributes] of boards) {
            const element = document.createElement('div');
            element.id = id;
            element.dataset.puzzlelab = puzzle;
            Object.assign(element.dataset, attributes);
            document.body.append(element);
          }
          return window.PuzzleLab.mountAll();
        }""",
        boards,
    )
    for puzzle in puzzles:
        embedded_ready(page, f"attributes-{puzzle}")
        played = f"played-{puzzle}"
        start = embedded_ready(page, played)
        facts(puzzle).play(
            page, Board(f"#{played}", f"PuzzleLab.mount(document.getElementById('{played}'))"), 0)
        page.wait_for_function(
            "([id, start]) => document.getElementById(id).dataset.gameId !== start",
            arg=[played, start])
    page.wait_for_function(
        "[...document.querySelectorAll('[data-puzzlelab]')]"
        ".every((e) => window.PuzzleLab.boardOf(e)?.idle() && e.dataset.gameId)", timeout=90_000)
    assert page.evaluate(STORED) == before
    for puzzle in puzzles:
        page.goto(f"{site_url}#{puzzle}")
        wait_board(page, puzzle)
        saved = json.loads(dict(json.loads(before))[f"puzzlelab.saved.{puzzle}"])["snapshot"]
        saved.pop("clock", None)  # as stored() leaves it out
        assert stored(page, puzzle) == saved
