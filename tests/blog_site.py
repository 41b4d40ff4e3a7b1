"""Blog posts with boards: a blog beside the site, as on GitHub Pages, for the
boot bench and the hosting test, and a long post in a blog's column
(``column_post``) for the tests of boards in posts.

GitHub Pages serves a user site (``https://USER.github.io/blog/post.html``)
and a project site (``https://USER.github.io/puzzle-lab/``) on one origin.
``serve_blog`` builds that layout in a temporary directory (``puzzle-lab``
a link to the build, ``blog/post.html`` a long post with three boards far
apart, pasted from docs/web.md's sub-path snippet) and serves it with
build.py's own server at the root; ``ServedBytes`` counts what that server
sends, by path, as a host's bill would.

Used by ``bench/bench_boot.py`` and ``tests/e2e/test_blog_hosting.py``.
"""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
SUBPATH = "/puzzle-lab/"
SUBPATH_SCRIPT = f'src="{SUBPATH}embed.mjs"'
BLOG_POST = "blog/post.html"


def html_snippets(name: str) -> list[str]:
    """The ```html blocks of a document of the repository that load embed.mjs, in order."""
    blocks = re.findall(r"```html\n(.*?)```", (ROOT / name).read_text(), re.S)
    return [block for block in blocks if "embed.mjs" in block]


# Every board of a page: the <puzzle-lab> elements and the data-puzzlelab divs.
BOARDS = "[data-puzzlelab], puzzle-lab"


def board_count(html: str) -> int:
    """How many boards some HTML asks for (elements and divs)."""
    return html.count("data-puzzlelab=") + html.count("<puzzle-lab ")


def subpath_snippet() -> str:
    """docs/web.md's snippet for a GitHub Pages project site (``src="/puzzle-lab/embed.mjs"``)."""
    found = [block for block in html_snippets("docs/web.md") if SUBPATH_SCRIPT in block]
    if not found:
        raise AssertionError(f"docs/web.md has no html snippet with {SUBPATH_SCRIPT}")
    return found[0]


# Filler for the post: sentences a puzzle blog might hold, so that the page
# is as long as a real post and the boards sit screens apart.
SENTENCES = (
    "Every press toggles a light and its neighbours, so the order of the presses never matters.",
    "A board can be solved by pressing each cell at most once: pressing twice undoes the first.",
    "The binary puzzle asks for rows and columns with as many zeros as ones and no three alike.",
    "Peg solitaire removes one peg per jump, so a solved English board takes thirty-one jumps.",
    "Linear algebra over two elements decides which light patterns can be cleared at all.",
    "A good hint names one step on a shortest way, not the whole way, and leaves the rest to you.",
    "Some positions look hopeless and are not; others look easy and can never be finished.",
    "Try the boards below with a mouse, a finger or the keyboard, and ask for a hint when stuck.",
)


def paragraphs(count: int, start: int) -> str:
    """``count`` paragraphs of five filler sentences each, varied by ``start``."""
    out = []
    for n in range(start, start + count):
        text = " ".join(SENTENCES[(n + k) % len(SENTENCES)] for k in range(5))
        out.append(f"<p>{text}</p>")
    return "\n".join(out)


def blog_post(snippet: str, gap: int = 14) -> str:
    """A long blog post that pastes ``snippet``'s lines verbatim, in order: its
    script tag at the top of the article, then each board after ``gap``
    paragraphs of text (several screens), and text after the last one."""
    script, *boards = snippet.strip().splitlines()
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>Three puzzles to try - a blog</title>",
        "<style>body { max-width: 40em; margin: 2em auto; padding: 0 1em;",
        "  font: 18px/1.6 Georgia, serif; }</style>",
        "</head><body><article>",
        "<h1>Three puzzles to try</h1>",
        script,
        paragraphs(3, 0),
    ]
    for index, board in enumerate(boards):
        parts += [paragraphs(gap, index * 3 + 1), board]
    parts += [paragraphs(gap, 7), "</article></body></html>"]
    return "\n".join(parts) + "\n"


# A blog's column: the width of many themes' post text (GitHub Pages'
# minima, Hugo's PaperMod, WordPress's Twenty Twenty-Four: 650 to 720 px).
COLUMN = 672
# Paragraphs between boards: at 1280x800, each of filler() is about 180 px
# tall in the column, so 14 of them are three screens (more on a phone).
SCREENS_APART = 14


def column_post(boards: list[str], *, dark: bool = False, head: str = "") -> str:
    """A long post in a 672 px column (16 px margins on a phone), light or
    ``dark`` (its own colours, whatever the reader's system theme), with
    ``boards`` (HTML, pasted verbatim) at the top, then three and six screens
    down, then text after the last; ``head`` goes in the page's head (a
    script tag). More boards than three: the rest follow, three screens apart."""
    colours = ("background: #16181d; color: #e4e4e4;" if dark
               else "background: #fffdf8; color: #222;")
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>Puzzles in a long post - a blog</title>",
        f"<style>body {{ margin: 0; {colours} font: 18px/1.6 Georgia, serif; }}",
        f"  article {{ max-width: {COLUMN}px; margin: 2em auto; padding: 0 16px; }}",
        f"  article a {{ color: {'#8ab4ff' if dark else '#1a4fb0'}; }}</style>",
        head,
        "</head><body><article>",
        "<h1>Puzzles in a long post</h1>",
        paragraphs(1, 0),
    ]
    for index, board in enumerate(boards):
        if index:
            parts.append(paragraphs(SCREENS_APART, index * 3 + 1))
        parts.append(board)
    parts += [paragraphs(SCREENS_APART, 7), "</article></body></html>"]
    return "\n".join(parts) + "\n"


def registry_ids() -> list[str]:
    """The puzzles of the page's registry (web/puzzles/index.mjs), in its order."""
    text = (ROOT / "web" / "puzzles" / "index.mjs").read_text()
    return re.findall(r'^    id: "([a-z]+)",$', text, re.M)


FORMS = ("element", "div", "iframe")
# Each form's markup for a puzzle, as the Embed dialog writes it
# (web/embed-snippets.mjs, run in a page of the site), and the div form as
# docs/web.md writes it; the iframe in the host page's theme.
SNIPPETS_JS = """async ([puzzles, theme]) => {
  const snippets = new URL("embed-snippets.mjs", location.href);
  const { elementSnippet, frameSnippet } = await import(snippets);
  const site = new URL("./", location.href).href;
  return Object.fromEntries(puzzles.map((puzzle) => [puzzle, {
    element: elementSnippet(site, puzzle),
    div: `<div data-puzzlelab="${puzzle}" style="min-height: 700px"></div>`,
    iframe: frameSnippet(site, puzzle, null, { theme, title: puzzle }),
  }]));
}"""


def embeds_post(snippets: dict[str, dict[str, str]], *, dark: bool) -> str:
    """A long post (``column_post``) with a group of three boards at the top,
    three screens down, six screens down (and one more group three screens
    further for each puzzle past three): each group one board of each form,
    the puzzles turning round, so that every puzzle comes in every form.
    ``snippets`` is SNIPPETS_JS's answer."""
    puzzles = list(snippets)
    groups = []
    for place in range(max(3, len(puzzles))):
        boards = [snippets[puzzles[(place + index) % len(puzzles)]][form]
                  for index, form in enumerate(FORMS)]
        groups.append(f"\n{paragraphs(1, place)}\n".join(boards))
    return column_post(groups, dark=dark)


class ServedBytes:
    """Counts the body bytes a build.py ``SiteServer`` sends, as they are
    written (a 304 sends none; a response cut off counts what went out):
    ``total`` and ``by_path`` (the URL path of each response)."""

    def __init__(self, server: Any) -> None:
        self.total = 0
        self.by_path: Counter[str] = Counter()
        self._lock = threading.Lock()
        made = server.RequestHandlerClass  # functools.partial(SiteHandler, directory=...)
        assert isinstance(made, functools.partial), "SiteServer's handler is no longer a partial"
        counter = self

        class Counted(made.func):  # type: ignore[misc, name-defined]
            def copyfile(self, source: Any, target: Any) -> None:
                path = urlsplit(self.path).path
                while chunk := source.read(64 * 1024):
                    target.write(chunk)
                    counter.add(path, len(chunk))

        server.RequestHandlerClass = functools.partial(Counted, *made.args, **made.keywords)

    def add(self, path: str, size: int) -> None:
        """Count ``size`` bytes sent for ``path`` (the server's threads call it)."""
        with self._lock:
            self.total += size
            self.by_path[path] += size

    def since(self, mark: Counter[str]) -> Counter[str]:
        """The bytes by path sent after ``mark`` (a copy of ``by_path`` taken earlier)."""
        with self._lock:
            return self.by_path - mark

    def mark(self) -> Counter[str]:
        """A copy of ``by_path`` now, for ``since``."""
        with self._lock:
            return Counter(self.by_path)


def write_blog_root(root: Path, dist: Path) -> None:
    """Lay out ``root`` as a GitHub Pages user and project site: ``puzzle-lab``
    a link to ``dist``, ``blog/post.html`` the post with the sub-path snippet."""
    (root / SUBPATH.strip("/")).symlink_to(dist.resolve(), target_is_directory=True)
    post = root / BLOG_POST
    post.parent.mkdir(parents=True, exist_ok=True)
    post.write_text(blog_post(subpath_snippet()))


def serve_blog(build: ModuleType, root: Path, dist: Path) -> tuple[Any, ServedBytes]:
    """Write the layout into ``root`` and serve it at ``/`` from a thread, its
    bytes counted; the site is at ``server.url + "puzzle-lab/"``, the post at
    ``server.url + "blog/post.html"``. Call ``shutdown()`` and ``server_close()``."""
    write_blog_root(root, dist)
    server = build.serve_in_thread(root, "/")
    return server, ServedBytes(server)
