"""The embed snippets in README.md and docs/web.md work as a reader pastes them.

Each snippet is put, unchanged, in a page of the site's origin on the server
`npm start` runs (the site at the root); then, with the sub-path put in front
of `src` as the docs say, on a server that mounts the site under
`/puzzle-lab/`. Every `data-puzzlelab` element must become a board.
"""

from __future__ import annotations

import pytest

from blog_site import html_snippets

pytestmark = pytest.mark.e2e

SOURCES = ("README.md", "docs/web.md")


def first_html_snippet(name: str) -> str:
    """The first ```html block of a document that loads embed.mjs (docs/web.md's
    GitHub Pages one, later, is test_blog_hosting.py's)."""
    snippets = html_snippets(name)
    assert snippets, f"{name} has no embed snippet"
    return snippets[0]


def boards_of(page, site: str, snippet: str) -> list[str]:
    """Serve `snippet` as a blog post of the site's origin; the game IDs its boards show."""
    post = site + "my-blog-post.html"
    html = f"<!doctype html><html><head><title>A post</title></head><body>{snippet}</body></html>"
    page.route(post, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.goto(post)
    wanted = snippet.count("data-puzzlelab=")
    page.wait_for_function(
        """(wanted) => {
          const found = [...document.querySelectorAll('[data-puzzlelab]')];
          return found.length === wanted && found.every((el) => el.dataset.gameId);
        }""",
        arg=wanted,
        timeout=60_000,
    )
    return page.eval_on_selector_all(
        "[data-puzzlelab]", "(els) => els.map((el) => el.dataset.gameId)")


@pytest.mark.parametrize("source", SOURCES)
def test_snippet_as_written_works_on_the_npm_start_server(page, site_url, source):
    snippet = first_html_snippet(source)
    assert 'src="/embed.mjs"' in snippet
    games = boards_of(page, site_url, snippet)
    assert games[0] == "5x5:1f8c4a0"  # the data-game of the first board, as given
    assert all(games)


def test_snippet_with_the_sub_path_in_front_works_under_it(page, subpath_site_url):
    snippet = first_html_snippet("README.md")
    snippet = snippet.replace('src="/embed.mjs"', 'src="/puzzle-lab/embed.mjs"')
    assert boards_of(page, subpath_site_url, snippet)[0] == "5x5:1f8c4a0"
