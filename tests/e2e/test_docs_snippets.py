"""The embed snippets in README.md and docs/web.md work as a reader pastes them.

Each snippet is put, unchanged, in a page of the site's origin on the server
`npm start` runs (the site at the root); then, with the sub-path put in front
of `src` as the docs say, on a server that mounts the site under
`/puzzle-lab/`. Every `<puzzle-lab>` and `data-puzzlelab` element must
become a board. docs/web.md's Jekyll post (Markdown), Hugo shortcode and
WordPress iframe go, as a blog would turn them into HTML, into a long post
on the sub-path server.
"""

from __future__ import annotations

import re

import pytest

from blog_site import BOARDS, ROOT, board_count, column_post, html_snippets
from puzzle_homes import registry_puzzles

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
    return boards_shown(page, board_count(snippet))


def boards_shown(page, wanted: int) -> list[str]:
    """Bring each board of the page into view (each draws as it comes near)
    until `wanted` of them show a game; their game IDs."""
    for _ in range(3):  # a board drawn above may push the next one further down
        for element in page.locator(BOARDS).all():
            element.scroll_into_view_if_needed()
    page.wait_for_function(
        """([selector, wanted]) => {
          const found = [...document.querySelectorAll(selector)];
          return found.length === wanted && found.every((el) => el.dataset.gameId);
        }""",
        arg=[BOARDS, wanted],
        timeout=60_000,
    )
    return page.eval_on_selector_all(BOARDS, "(els) => els.map((el) => el.dataset.gameId)")


@pytest.mark.parametrize("source", SOURCES)
def test_snippet_as_written_works_on_the_npm_start_server(page, site_url, source):
    snippet = first_html_snippet(source)
    assert 'src="/embed.mjs"' in snippet
    games = boards_of(page, site_url, snippet)
    assert games[0] == given_game(snippet)  # the data-game of the first board, as given
    assert all(games)


def test_snippet_with_the_sub_path_in_front_works_under_it(page, subpath_site_url):
    snippet = first_html_snippet("README.md")
    snippet = snippet.replace('src="/embed.mjs"', 'src="/puzzle-lab/embed.mjs"')
    assert boards_of(page, subpath_site_url, snippet)[0] == given_game(snippet)


def given_game(text: str) -> str:
    """The game ID the first board of a snippet is given (its data-game, or a
    custom element's game)."""
    found = re.search(r'\b(?:data-)?game="([^"]+)"', text)
    assert found, "the snippet gives its first board a game"
    return found.group(1)


def fenced(name: str, language: str) -> list[str]:
    """The ```language blocks of a document of the repository, in order."""
    return re.findall(rf"```{language}\n(.*?)```", (ROOT / name).read_text(), re.S)


# The elements kramdown takes as the start of an HTML block (passed through
# as it is); a block that starts with any other tag is a paragraph of text.
BLOCK_ELEMENTS = ("div", "script", "iframe", "p", "figure", "section", "details", "table", "pre")


def kramdown_html(markdown: str) -> str:
    """What kramdown (GitHub Pages' Markdown) makes of a post of plain
    paragraphs and HTML blocks: the front matter goes (Jekyll reads it), an
    HTML block of a block element passes through unchanged, every other
    block becomes a paragraph."""
    body = re.sub(r"\A---\n.*?\n---\n", "", markdown, flags=re.S)
    html = []
    for block in re.split(r"\n\s*\n", body.strip()):
        tag = re.match(r"<([a-z][a-z0-9-]*)", block)
        html.append(block if tag and tag.group(1) in BLOCK_ELEMENTS else f"<p>{block}</p>")
    return "\n".join(html)


def serve_post(page, site: str, html: str) -> None:
    """Open `html` as a post at the root of the server of `site` (its origin)."""
    post = re.sub(r"(//[^/]+/).*", r"\1", site) + "my-post.html"
    page.route(post, lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    page.goto(post)


def test_jekyll_markdown_post_as_kramdown_renders_it(page, subpath_site_url):
    (markdown,) = fenced("docs/web.md", "markdown")
    assert 'src="/puzzle-lab/embed.mjs"' in markdown
    html = kramdown_html(markdown)
    serve_post(page, subpath_site_url, column_post([html]))
    games = boards_shown(page, board_count(html))
    assert games[0] == given_game(markdown) and all(games)


def hugo_shortcode(template: str, params: dict[str, str]) -> str:
    """The shortcode's output for `params`: Hugo's `{{ .Get "x" }}` and
    `{{ with .Get "x" }}…{{ . }}…{{ end }}`, the only actions it uses."""
    def given(match: re.Match[str]) -> str:
        value = params.get(match.group(1))
        return match.group(2).replace("{{ . }}", value) if value else ""

    out = re.sub(r'\{\{ with \.Get "(\w+)" \}\}(.*?)\{\{ end \}\}', given, template)
    out = re.sub(r'\{\{ \.Get "(\w+)" \}\}', lambda match: params[match.group(1)], out)
    assert "{{" not in out, out
    return out


def test_hugo_shortcode_and_wordpress_iframe(page, subpath_site_url):
    (template,) = fenced("docs/web.md", "go-html-template")
    # The shortcode with the docs' example board and game, and with another
    # puzzle and no game (a deal of its own).
    puzzle, game = re.search(r'data-puzzlelab="(\w+)" data-game="([^"]+)"',
                             (ROOT / "docs/web.md").read_text()).groups()
    other = next(p for p in registry_puzzles() if p != puzzle)
    shortcodes = [hugo_shortcode(template, {"puzzle": puzzle, "game": game}),
                  hugo_shortcode(template, {"puzzle": other})]
    (iframe,) = [block for block in fenced("docs/web.md", "html") if "embed.html" in block]
    origin = re.sub(r"(//[^/]+)/.*", r"\1", subpath_site_url)
    iframe = iframe.replace("https://USER.github.io/puzzle-lab/", subpath_site_url)
    iframe = iframe.replace("https://USER.github.io", origin)
    serve_post(page, subpath_site_url, column_post([*shortcodes, iframe]))
    games = boards_shown(page, 2)
    assert games[0] == game and re.fullmatch(r"\S+", games[1])
    # The frame: its board in the theme the snippet names, its height fitted.
    frame = page.locator("iframe")
    frame.scroll_into_view_if_needed()
    inner = page.frame_locator("iframe").locator("#board[data-game-id]")
    inner.wait_for(timeout=60_000)
    assert inner.get_attribute("data-scheme") == "dark"
    # Its height fits the board once the reader has scrolled on (a frame in
    # full view keeps its room: the text under it stays where it is).
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("document.querySelector('iframe').height !== '700'", timeout=10_000)
    frame.scroll_into_view_if_needed()
    box = inner.bounding_box()
    # The frame's page: the board and 4 px all round.
    assert abs(frame.bounding_box()["height"] - (box["height"] + 8)) <= 2
