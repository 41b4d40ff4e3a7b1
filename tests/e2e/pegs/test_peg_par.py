"""Par on the peg page (issue #26): the shipped catalogue's proven fewest moves said
on a win, its table of single-vacancy problems in the lab (a row plays that
problem), and "Show me the shortest", move by move.

Which boards the catalogue holds is the file's to say (tests/pegs/peg_catalogue_file.py):
the tests take the triangle when it is there, else the file's first board. The
moves a game took are counted here from the jumps played, apart from the page.
"""

from __future__ import annotations

import itertools
from typing import Any
from urllib.parse import quote

import pytest
from peg_catalogue_file import catalogue, players_moves
from test_pegs_page import BOARD, click, open_board, wait_idle

from puzzlelab import api

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

# Every grid the board shows, in order (the jumps are read back from them).
RECORD_GRIDS = """() => {
  const root = document.querySelector('#pegs');
  window.shownGrids = [root.dataset.gameId.split('@')[0]];
  window.playbackNotes = [];
  new MutationObserver(() => {
    const grid = root.dataset.gameId.split('@')[0];
    if (grid !== window.shownGrids.at(-1)) window.shownGrids.push(grid);
  }).observe(root, { attributes: true, attributeFilter: ['data-game-id'] });
  const note = root.querySelector('.solution-note span');
  new MutationObserver(() => window.playbackNotes.push(note.textContent))
    .observe(note, { childList: true, characterData: true, subtree: true });
}"""


def ask(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def board_name() -> str:
    boards = catalogue()["boards"]
    return "triangle" if "triangle" in boards else next(iter(boards))


def start_grid(name: str, start: list[int]) -> str:
    """The board's grid with only ``start`` empty, as Python writes it."""
    rows = [list(row) for row in catalogue()["boards"][name]["grid"].split("/")]
    rows[start[0]][start[1]] = "."
    return ask({"cmd": "pegs.load", "grid": "/".join("".join(row) for row in rows)})["grid"]


def game_of(name: str, problem: dict) -> tuple[str, str, str]:
    """(grid, goal, game ID) of a catalogue problem; the ID leaves out the board's default goal."""
    grid = start_grid(name, problem["start"])
    finish = problem["finish"]
    goal = "any" if finish is None else f"{finish[0]},{finish[1]}"
    default = ask({"cmd": "pegs.load", "grid": grid})["goal"]
    return grid, goal, grid if goal == default else f"{grid}@{goal}"


def hole(cell: list[int]) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def link_name(problem: dict) -> str:
    finish = problem["finish"]
    where = "with one peg anywhere" if finish is None else f"at {hole(finish)}"
    return f"Play: empty at {hole(problem['start'])}, finish {where}"


def play_by_clicks(page: Any, jumps: list) -> None:
    for src, dst in jumps:
        click(page, *src)
        click(page, *dst)
        wait_idle(page)


def jumps_between(grids: list[str]) -> list:
    """The jumps that turn each grid into the next, read by Python's rules."""
    jumps = []
    for before, after in itertools.pairwise(grids):
        moves = ask({"cmd": "pegs.load", "grid": before})["moves"]
        found = [m for m in moves if ask({"cmd": "pegs.move", "grid": before, "from": m[0],
                                          "to": m[1]})["grid"] == after]
        assert len(found) == 1, (before, after)
        jumps.append(found[0])
    return jumps


def card(page: Any) -> tuple[str, str]:
    card = page.locator(f"{BOARD} .win-card")
    card.wait_for(state="visible")
    return card.locator(".win-title").inner_text(), card.locator(".win-count").inner_text()


def opened(page: Any, site_url: str, game: str) -> Any:
    """The page opened on a link to ``game`` (a game ID), the board idle."""
    page.goto(f"{site_url}#pegs={quote(game)}")
    page.wait_for_function(
        f"document.querySelector('{BOARD}')?.dataset.gameId === {game!r}"
        " && window.puzzleLab.boards.pegs.idle()", timeout=90_000)
    return page.locator(BOARD)


def test_a_row_of_the_table_plays_its_problem_and_a_longer_win_is_said_against_par(page, site_url):
    """The lab's table: one row per problem of the listed starts, counts with
    thousands separators; a row loads its start and goal; the solver's ordinary
    (longer) line, clicked through, is "Solved in X moves; par is Y"."""
    name = board_name()
    entry = catalogue()["boards"][name]
    root = open_board(page, site_url)
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.catalogue === 'shown'")
    # Folded at first (its many links are not Tab stops on the way round the page).
    panel = page.locator(f"{BOARD} details.catalogue")
    assert panel.get_attribute("open") is None
    panel.locator("summary").click()
    page.locator(f'{BOARD} [data-field="catalogue-board"]').select_option(name)
    starts = [c["start"] for c in entry["classes"]] if entry.get("classes") else None
    listed = [p for p in entry["problems"] if starts is None or p["start"] in starts]
    rows = page.locator(f"{BOARD} .catalogue-table tbody tr:not(.catalogue-start)")
    assert rows.count() == len(listed)
    big = next((p for p in listed if int(p["sequences"]) >= 1000), None)
    if big is not None:
        row = rows.filter(has=page.get_by_role("link", name=link_name(big), exact=True))
        assert f"{int(big['sequences']):,}" in row.inner_text()
    # A problem the solver's ordinary line does not win in par.
    for problem in listed:
        if problem["fewest_moves"] is None:
            continue
        grid, goal, game = game_of(name, problem)
        jumps = ask({"cmd": "pegs.solve", "grid": grid, "goal": goal})["moves"]
        if players_moves(jumps) > problem["fewest_moves"]:
            break
    else:
        pytest.skip("the solver's ordinary line wins every listed problem in par")
    page.get_by_role("link", name=link_name(problem), exact=True).click()
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.gameId === {game!r}")
    wait_idle(page)
    goal_words = "one peg anywhere" if goal == "any" else hole(problem["finish"])
    assert goal_words in page.locator(f"{BOARD} .counters").inner_text()
    shown = page.get_by_role("link", name=link_name(problem), exact=True)
    assert shown.get_attribute("aria-current") == "true"
    play_by_clicks(page, jumps)
    assert root.get_attribute("data-status") == "won"
    moves, par = players_moves(jumps), problem["fewest_moves"]
    said = page.locator(f"{BOARD} .message").inner_text()
    assert said == f"Solved in {moves} moves ({len(jumps)} jumps); par is {par}.", said
    title, count = card(page)
    assert count == f"{moves} moves ({len(jumps)} jumps) · par {par}" and title == "Well done!"


def test_the_shipped_shortest_played_by_hand_meets_par(page, site_url):
    """The catalogue's shortest solution of a problem, clicked jump by jump,
    wins in its fewest moves: "par!" and a perfect game on the card."""
    name = board_name()
    problem = next(p for p in catalogue()["boards"][name]["problems"] if p["fewest_moves"])
    _, _, game = game_of(name, problem)
    root = opened(page, site_url, game)
    jumps = problem["shortest"]
    play_by_clicks(page, jumps)
    assert root.get_attribute("data-status") == "won"
    moves = players_moves(jumps)
    assert moves == problem["fewest_moves"]
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.catalogue === 'shown'")
    said = page.locator(f"{BOARD} .message").inner_text()
    assert said == f"Solved in {moves} moves ({len(jumps)} jumps): par!", said
    assert card(page) == ("Perfect game!", f"{moves} moves ({len(jumps)} jumps) · par {moves}")


def test_show_me_the_shortest_from_a_problem_start_plays_it_move_by_move(page, site_url):
    """From the start of a catalogue problem (here one with a finish hole, if any),
    Show me the shortest plays the shipped solution with no Python: move by move,
    to the goal, in the proven fewest moves."""
    name = board_name()
    problems = [p for p in catalogue()["boards"][name]["problems"] if p["fewest_moves"]]
    problem = next((p for p in problems if p["finish"] is not None), problems[0])
    _, _, game = game_of(name, problem)
    root = opened(page, site_url, game)
    page.evaluate(RECORD_GRIDS)
    page.locator(BOARD).get_by_role("button", name="Show me the shortest").click()
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.status === 'won'",
                           timeout=60_000)
    wait_idle(page)
    jumps = jumps_between(page.evaluate("window.shownGrids"))
    fewest = problem["fewest_moves"]
    assert players_moves(jumps) == fewest
    notes = page.evaluate("window.playbackNotes")
    assert f"Playback: move {fewest} of {fewest} (jump {len(jumps)} of {len(jumps)})." in notes
    said = page.locator(f"{BOARD} .message").inner_text()
    assert said == f"Solved in {fewest} moves ({len(jumps)} jumps): par!", said
    assert card(page)[0] == "Finished by the solver"
    assert root.get_attribute("data-status") == "won"


def test_show_me_the_shortest_mid_game_asks_python(page, site_url):
    """One jump into a problem the position is no catalogue start: Python's
    fewest-moves search answers (pegs.solve with fewest_moves), and the page
    plays its answer to the goal, move by move, in the moves it names."""
    name = board_name()
    problem = next(p for p in catalogue()["boards"][name]["problems"] if p["fewest_moves"])
    grid, goal, game = game_of(name, problem)
    first = problem["shortest"][0]
    after = ask({"cmd": "pegs.move", "grid": grid, "goal": goal, "from": first[0], "to": first[1]})
    answer = ask({"cmd": "pegs.solve", "grid": after["grid"], "goal": goal, "fewest_moves": True})
    assert answer["fewest_moves"] is True
    root = opened(page, site_url, game)
    play_by_clicks(page, [first])
    page.evaluate(RECORD_GRIDS)
    page.locator(BOARD).get_by_role("button", name="Show me the shortest").click()
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.status === 'won'",
                           timeout=120_000)
    wait_idle(page)
    jumps = jumps_between(page.evaluate("window.shownGrids"))
    assert players_moves(jumps) == answer["move_count"]
    # The first jump and the proven rest cannot beat the proven fewest of the whole problem.
    assert 1 + answer["move_count"] >= problem["fewest_moves"]
    assert root.get_attribute("data-status") == "won"
