"""The binary puzzle's fewest clues in the page (issue #27): the lab's "Fewest
clues" table and its search run here, the "How many grids" tables, and the
"fewest clues" deal.

The tables are the shipped files (web/puzzles/binairo/fewest-clues.json and
grid-counts.json, as the build copies them; tests/binairo/test_binairo_sparse_deals.py
and tests/binairo/test_binairo_count_rules.py check their figures against the search
and the counter). Every puzzle the page hands out is
checked natively: by the solver (exactly one solution) and by the counter.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from test_binairo_page import BOARD, current, message, open_board, wait_idle

from conftest import DIST, ROOT, run_node
from puzzlelab import api
from puzzlelab.binairo import Grid, solver

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

TABLES = DIST / "puzzles" / "binairo"


def ask(request: dict) -> dict:
    response = api.handle(request)
    assert response["ok"], response
    return response["result"]


def shipped_table(name: str) -> Any:
    """A table file as the build ships it (written by tools/binairo_fewest.py and
    tools/binairo_grid_counts.py)."""
    return json.loads((TABLES / name).read_text())


def fetched(page_log: Any, name: str) -> bool:
    return any(url.split("?")[0].endswith(f"/{name}") for _, url in page_log.responses)


def open_panel(page: Any, title: str, state: str) -> Any:
    """Unfold a lab panel by its summary and wait until its table is drawn."""
    panel = page.locator(f"{BOARD} details.bin-lab", has=page.locator("summary", has_text=title))
    panel.locator("summary").click()
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.{state} === 'shown'",
                           timeout=30_000)
    return panel


def proof_state(page: Any) -> str | None:
    return page.evaluate(f"document.querySelector('{BOARD}').dataset.fewestProof ?? null")


def assert_one_solution(puzzle: str, clues: int) -> Grid:
    """The puzzle has ``clues`` givens and one solution, by the solver and by the counter."""
    grid = Grid.parse(puzzle)
    assert grid.clue_count == clues
    assert len(solver.solutions(grid, limit=2)) == 1
    assert ask({"cmd": "binairo.count", "game": grid.game_id})["count_text"] == "1"
    return grid


def test_the_table_is_fetched_on_opening_and_the_4x4_proof_agrees(
        page, page_log, site_url, screenshot_dir):
    table = shipped_table("fewest-clues.json")
    root = open_board(page, site_url)
    # The lab is open, its panels folded: nothing of the tables is downloaded yet.
    assert not fetched(page_log, "fewest-clues.json") and not fetched(page_log, "grid-counts.json")
    panel = open_panel(page, "Fewest clues", "fewestTable")
    # Every size of the file, with the file's figures.
    for entry in table["sizes"]:
        row = panel.locator(f".fewest-table tr[data-size='{entry['size']}']")
        cells = row.locator("td").all_inner_texts()
        if entry.get("clues") is not None:
            assert cells[0] == str(entry["clues"])
        if entry.get("grids_at_minimum") is not None:
            assert cells[1].startswith(f"{entry['grids_at_minimum']:,}")
        if entry.get("classes") is not None:
            assert cells[2].startswith(f"{entry['classes']:,}")
        if entry.get("grids") is not None:
            assert f"({entry['grids']:,})" in cells[2]
        if entry.get("puzzle"):
            link = row.get_by_role("link", name=f"Play the {entry['size']}×{entry['size']} example")
            assert Grid.parse(link.get_attribute("data-game")).grid == entry["puzzle"]
    for far in table.get("out_of_reach", []):
        assert far["why"] in panel.locator(".fewest-by-clues").inner_text()
        if far.get("lower") is not None:
            # Proven bounds: the interval, and the upper bound's puzzle to play.
            row = panel.locator(f".fewest-table tr[data-size='{far['size']}']")
            interval = f"{far['lower']}\u2013{far['upper']}"
            assert row.locator(".fewest-clues").inner_text() == interval
            link = row.get_by_role("link", name=f"Play the {far['size']}×{far['size']} puzzle "
                                                f"with {far['upper']} clues")
            assert link.get_attribute("data-game") == Grid.parse(far["puzzle"]).game_id
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "binairo-fewest-table.png"), full_page=True)

    # The search, run here for 4x4.
    panel.locator("[data-field='fewest-size']").select_option("4")
    panel.get_by_role("button", name="Run the search").click()
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.fewestProof === 'done'",
                           timeout=60_000)
    result = panel.locator(".fewest-result")
    assert "fewer than 4 clues" in result.inner_text()
    row4 = next((e for e in table["sizes"] if e["size"] == 4), None)
    agrees = page.evaluate(f"document.querySelector('{BOARD}').dataset.fewestAgrees")
    assert agrees == ("no-row" if row4 is None else "yes"), result.inner_text()
    if row4 is not None:
        assert row4["clues"] == 4
    link = result.get_by_role("link", name="Play this 4×4 puzzle")
    example = assert_one_solution(link.get_attribute("data-game"), 4)

    # Play: the puzzle becomes the game, through the page's link.
    link.click()
    shown = f"document.querySelector('{BOARD}').dataset.gameId === {json.dumps(example.game_id)}"
    page.wait_for_function(shown, timeout=30_000)
    wait_idle(page)
    assert current(root) == example
    assert page.evaluate("decodeURIComponent(location.hash)") == f"#binairo={example.game_id}"


def test_the_6x6_search_shows_progress_and_cancel_stops_it_within_a_second(
        page, site_url, screenshot_dir):
    open_board(page, site_url)
    panel = page.locator(f"{BOARD} details.fewest-panel")
    panel.locator("summary").click()
    panel.locator("[data-field='fewest-size']").select_option("6")
    panel.get_by_role("button", name="Run the search").click()
    page.wait_for_function(
        f"document.querySelector('{BOARD} .fewest-progress').value > 0", timeout=60_000)
    assert panel.locator(".fewest-progress").is_visible()
    assert "classes" in panel.locator(".fewest-status").inner_text()
    page.screenshot(path=str(screenshot_dir / "binairo-fewest-progress.png"), full_page=True)
    cancel = panel.get_by_role("button", name="Cancel")
    clicked = time.monotonic()
    cancel.click()
    page.wait_for_function(f"document.querySelector('{BOARD}').dataset.fewestProof === 'cancelled'",
                           timeout=5_000)
    # The engine is free again: a request sent now is answered within the
    # second (it runs between two steps of a job still going, so this bounds
    # how long the stopped search could hold the engine).
    page.evaluate("window.puzzleLab.client.request({cmd: 'ping'})")
    assert time.monotonic() - clicked < 1.0
    assert panel.locator(".fewest-status").inner_text() == "Cancelled."
    assert not panel.locator(".fewest-progress").is_visible() and not cancel.is_visible()
    # And it stopped, not only went quiet: a new long search waits for no other.
    waits = page.evaluate("""async () => {
      const waits = [];
      const stop = new AbortController();
      const job = window.puzzleLab.client.request({cmd: 'binairo.fewest_clues', size: 6},
        {signal: stop.signal, onWait: (info) => waits.push(info)}).catch(() => null);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      stop.abort();
      await job;
      return waits.filter(Boolean);
    }""")
    assert waits == []


@pytest.mark.parametrize("n", [6, 8])
def test_a_fewest_clues_deal(page, site_url, n):
    # The size's minimum from the shipped table (tests/binairo/test_binairo_sparse_deals.py
    # checks it against the search on 6x6 and the data files on both sizes).
    fewest = next(row["clues"] for row in shipped_table("fewest-clues.json")["sizes"]
                  if row["size"] == n)
    root = open_board(page, site_url)
    page.get_by_label("Size").select_option(label=f"{n}×{n}")
    page.get_by_label("Difficulty").select_option("fewest")
    page.get_by_label("Seed").fill("7")
    page.get_by_role("button", name="Generate", exact=True).click()
    wait_idle(page)
    grid = current(root)
    assert (grid.rows, grid.cols) == (n, n)
    assert fewest <= grid.clue_count <= fewest + 2
    assert_one_solution(grid.givens_grid, grid.clue_count)
    said = message(page)
    assert (f"with {grid.clue_count} digits given; "
            f"no {n}×{n} puzzle can have fewer than {fewest}.") in said
    # The seed deals it again: the same puzzle, as Python deals it.
    again = ask({"cmd": "binairo.new", "rows": n, "cols": n, "difficulty": "fewest", "seed": 7})
    assert Grid.parse(again["game"]) == grid


def test_the_grid_count_tables_show_the_files_figures(page, page_log, site_url, screenshot_dir):
    data = shipped_table("grid-counts.json")
    open_board(page, site_url)
    assert not fetched(page_log, "grid-counts.json")
    panel = open_panel(page, "How many grids", "countsTable")
    entries = data["entries"] if isinstance(data, dict) else data
    shown = 0
    for entry in entries:
        if not (isinstance(entry.get("rows"), int) and isinstance(entry.get("cols"), int)
                and isinstance(entry.get("distinct"), bool)):
            continue
        box = panel.locator(f".counts-table[data-distinct='{str(entry['distinct']).lower()}']")
        cell = box.locator(f"td[data-rows='{entry['rows']}'][data-cols='{entry['cols']}']")
        text = cell.inner_text()
        if isinstance(entry.get("count"), str) and entry["count"].isdigit():
            assert text.startswith(f"{int(entry['count']):,}"), (entry, text)
            assert text.endswith("new") == (not entry.get("source")), (entry, text)
            shown += 1
        else:
            assert text == "not counted"
    assert shown
    notes = panel.locator(".counts-notes").inner_text()
    for source in {e["source"] for e in entries if e.get("source")}:
        assert source in notes
    panel.scroll_into_view_if_needed()
    page.screenshot(path=str(screenshot_dir / "binairo-grid-counts.png"), full_page=True)


READ_TABLES = """
const { readFewestTable, readGridCounts } = await import(process.argv[1]);
const fewest = readFewestTable(JSON.parse(process.argv[2]));
const counts = readGridCounts(JSON.parse(process.argv[3]));
const empty = [readFewestTable(null), readGridCounts("junk")];
console.log(JSON.stringify({ fewest, counts, empty }));
"""


def test_the_tables_are_read_defensively(node):
    """Entries the page cannot use are left out or shown as missing, never guessed."""
    fewest = {"sizes": [
        {"size": 6, "clues": 5, "puzzle": "...1.1/.....1/0...../....../....../....0.",
         "classes": 321, "by_clues": {"5": 21, "x": 3, "6": -1}, "seconds": 2.1},
        {"size": "8", "clues": 7}, {"size": 4, "clues": "4", "puzzle": "0000/junk"}, None],
        "out_of_reach": [{"size": 10, "why": "too big"}, {"size": 12}, {"size": 6, "why": "dup"}]}
    counts = {"entries": [
        {"rows": 4, "cols": 6, "distinct": True, "count": "96", "seconds": 0.1, "source": "OEIS X",
         "methods": [{"method": "row search", "count": "96", "seconds": 0.1, "peak_mb": 20},
                     {"method": "meet, halves of rows", "count": "96", "seconds": 0.3,
                      "peak_mb": 21, "parts": [{"count": "40"}, {"count": "56"}]},
                     {"method": "meet, halves of columns", "projected_seconds": 9}]},
        {"rows": 4, "cols": 4, "distinct": False, "count": 90},
        {"rows": 6, "cols": 6, "distinct": True, "count": "4e3", "note": "why not"},
        {"rows": 2, "cols": 2, "count": "2"},
        {"rows": -2, "cols": 2, "distinct": True, "count": "2"}]}
    module = (ROOT / "web" / "puzzles" / "binairo" / "lab-tables.mjs").as_uri()
    read = run_node(node, READ_TABLES, module, json.dumps(fewest), json.dumps(counts))
    four, six = read["fewest"]["sizes"]
    assert (four["size"], four["clues"], four["puzzle"]) == (4, None, None)
    assert (six["clues"], six["classes"], six["atMinimum"]) == (5, 321, None)
    assert six["byClues"] == [[5, 21]]
    assert six["gameId"] == Grid.parse(six["puzzle"]).game_id
    assert read["fewest"]["outOfReach"] == [{"size": 10, "why": "too big", "lower": None,
                                             "upper": None, "puzzle": None, "gameId": None}]
    assert [(e["rows"], e["cols"], e["distinct"], e["count"], e["source"], e["note"])
            for e in read["counts"]["entries"]] == [
        (4, 6, True, "96", "OEIS X", None), (4, 4, False, "90", None, None),
        (6, 6, True, None, None, "why not")]
    assert read["counts"]["entries"][0]["methods"] == (
        "row search 0.1 s, 20 MB; meet, halves of rows 0.3 s, 21 MB"
        " (in 2 parts: their time, the largest's memory)")
    assert read["empty"] == [{"sizes": [], "outOfReach": []}, {"entries": []}]
