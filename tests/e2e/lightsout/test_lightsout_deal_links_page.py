"""A board dealt from a seed is shared as its deal when its game ID is too
long for a link: a 1000×1000 Lights Out board's share link is short, and
opening it deals the same board again through Python. A deal link the page
cannot read, or Python refuses, is one sentence and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = [pytest.mark.e2e, pytest.mark.shared_engine]

SHARE_LINK = """async () => {
  const { shareLink } = await import(new URL("share-links.mjs", location.href).href);
  return shareLink("lightsout", window.puzzleLab.boards.lightsout);
}"""


def wait_ready(page: Any, timeout: int = 120_000) -> None:
    page.wait_for_function(
        "window.puzzleLab.boards.lightsout?.idle()"
        " && document.querySelector('#lightsout').dataset.python === 'ready'",
        timeout=timeout,
    )


def start_id(page: Any) -> str:
    return page.evaluate("window.puzzleLab.boards.lightsout.startGameId()")


def notices(page: Any) -> list[str]:
    return page.locator("#page-notice p").all_inner_texts()


def deal_random(page, side: int) -> None:
    """New random board of side x side, through the lab's size fields."""
    page.evaluate("""(side) => {
      const root = document.querySelector('#lightsout');
      root.querySelector('[data-field="rows"]').value = String(side);
      root.querySelector('[data-field="cols"]').value = String(side);
      root.querySelector('[data-action="random"]').click();
    }""", side)


def test_a_big_random_board_is_shared_as_its_deal(page, site_url, browser):
    page.goto(f"{site_url}#lightsout")
    wait_ready(page)
    deal_random(page, 1000)
    page.wait_for_function("(document.querySelector('#lightsout').dataset.gameId || '')"
                           ".startsWith('1000x1000:')", timeout=120_000)
    wait_ready(page)
    start = start_id(page)
    assert len(start) > 200_000
    link = page.evaluate(SHARE_LINK)
    assert len(link) < 200, link
    assert "#lightsout&deal=1000x1000." in link and ".seed-" in link

    # A friend opens it: Python deals the same board.
    context = browser.new_context(viewport={"width": 1000, "height": 800}, service_workers="block")
    try:
        other = context.new_page()
        other.goto(link)
        other.wait_for_function("(document.querySelector('#lightsout').dataset.gameId || '')"
                                ".startsWith('1000x1000:')", timeout=120_000)
        wait_ready(other)
        assert start_id(other) == start
        assert other.evaluate("window.puzzleLab.boards.lightsout.origin") == "link"
        assert other.evaluate(SHARE_LINK) == link  # and shares it the same way
        assert notices(other) == []
    finally:
        context.close()

    # A small board keeps its game ID in the link.
    deal_random(page, 6)
    page.wait_for_function("document.querySelector('#lightsout').dataset.gameId.startsWith('6x6:')")
    wait_ready(page)
    assert page.evaluate(SHARE_LINK).endswith(f"#lightsout={start_id(page).replace(':', '%3A')}")


BAD_DEALS = [
    ("garbage", "The link's deal, \"garbage\", does not start with a size like 1000x1000; "
                "the board is unchanged."),
    ("5x5.random-true",
     "The link's deal, \"5x5.random-true\", has no seed; the board is unchanged."),
    ("5x5.random-true.seed-3.states-12", "The link's deal could not be made ("),
]


def test_a_bad_deal_link_is_one_sentence_and_changes_nothing(page, site_url):
    page.goto(f"{site_url}#lightsout")
    wait_ready(page)
    before = page.locator("#lightsout").get_attribute("data-game-id")
    # Each arrives at the open page in turn, as a link pasted into its address bar.
    for count, (deal, sentence) in enumerate(BAD_DEALS, start=1):
        page.evaluate(f"location.hash = '#lightsout&deal={deal}'")
        page.wait_for_function(f"document.querySelectorAll('#page-notice p').length === {count}")
        wait_ready(page)
        said = notices(page)[-1]
        assert said.startswith(sentence) or said.startswith(f"Lights Out: {sentence}"), said
        assert said.endswith("the board is unchanged.")
        assert page.locator("#lightsout").get_attribute("data-game-id") == before


def test_a_bad_deal_link_on_a_fresh_page_shows_the_default_board(page, site_url):
    page.goto(f"{site_url}#lightsout&deal=12x12.seed-1.colour-red")
    page.wait_for_function("document.querySelector('#lightsout')?.dataset.gameId")
    assert notices(page) == ['The link\'s deal, "12x12.seed-1.colour-red", has an unknown field '
                             '"colour"; the default board is shown.']
    assert page.locator("#lightsout").get_attribute("data-game-id").startswith("5x5:")
