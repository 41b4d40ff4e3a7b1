"""Screenshots of each puzzle's default screen, as a first-time visitor sees it.

Opens a built site (``dist/`` of this checkout, or of any other, e.g. an old
commit built in a ``git worktree``) in headless Chromium and saves, for each
puzzle, the first screen at 1280x800 and 375x740 in the light and the dark
theme, once the board is drawn and the solvers have started:

    .venv/bin/python tools/screenshots.py --name after
    .venv/bin/python tools/screenshots.py --dist ../old/dist --name before

``--blog`` instead saves boards in a long blog post (tests/e2e/test_blog_embeds.py's:
each form of embedding, at the top and screens down), on a light and a dark page.

``--judge`` instead plays each puzzle as a first-time player would (docs/web.md,
"A first-time player's judgement"): its first screen, two moves of the
solution and a *Hint*, then the rest of the game to the win card, saved as
``judge-NAME-PUZZLE-WIDTHxHEIGHT-THEME-{first,hint,win}`` (36 files: keep a
few in the repository).

``--readme`` instead saves README.md's picture, ``docs/screenshot.png``: the
three puzzles side by side, each a board embedded the way the README shows
(``embed.mjs``), at fixed games so that the picture is the same each time.

Where the build has a *Today* button, the Today view is saved too, as
``NAME-today-…``, and the last puzzle's ladder of levels as ``NAME-levels-…``.

Files: ``OUT/NAME-PUZZLE-WIDTHxHEIGHT-THEME.webp`` (default OUT:
docs/screenshots). Desktop shots are scaled to 75% and all are WebP, drawn by
the same Chromium, so that the set kept in the repository stays small;
``--full`` saves full-size PNGs instead, to look at closely.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ("lightsout", "pegs", "binairo")
SIZES = ((1280, 800), (375, 740))
THEMES = ("light", "dark")
CHROMIUMS = ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome")

# A page-side downscale: the PNG drawn on a canvas, read back as WebP.
SHRINK = """async ([png, scale, quality]) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + png;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(image.width * scale);
  canvas.height = Math.round(image.height * scale);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL(quality ? 'image/webp' : 'image/png', quality || undefined).split(',')[1];
}"""

# Drawn and answered: each board idle, and the solvers started (older builds
# without these hooks just get a few seconds).
SETTLED = """async (id) => {
  const lab = window.puzzleLab;
  const board = lab?.boards?.[id];
  if (!board || (board.idle && !board.idle())) return false;
  if (lab.client?.ready) {
    const late = new Promise((resolve) => setTimeout(resolve, 30000));
    await Promise.race([lab.client.ready.catch(() => {}), late]);
  }
  return true;
}"""


def load_build() -> ModuleType:
    """This checkout's ``build.py`` (its local server), loaded as the tests load it."""
    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import load_build_module

    return load_build_module()


def wait_settled(page, puzzle: str) -> None:
    """Wait until `puzzle`'s board is drawn and idle, then for transitions to end."""
    for _ in range(600):
        if page.evaluate(SETTLED, puzzle):
            break
        page.wait_for_timeout(100)
    page.wait_for_timeout(400)


def save_shot(page, stem: Path, full: bool) -> Path:
    """Save what `page` shows as `stem`.png (`full`) or a small `stem`.webp
    (a laptop's shot scaled to 75%); returns the file."""
    import base64

    png = base64.b64encode(page.screenshot()).decode()
    if not full:
        wide = page.viewport_size["width"] > 800
        png = page.evaluate(SHRINK, [png, 0.75 if wide else 1.0, 0.85])
    path = stem.with_name(f"{stem.name}.{'png' if full else 'webp'}")
    path.write_bytes(base64.b64decode(png))
    return path


def launch(playwright: Any, chromium: str) -> Any:
    """A headless Chromium (the machine's own) for the shots."""
    return playwright.chromium.launch(
        executable_path=chromium, headless=True, args=["--no-sandbox", "--disable-gpu"])


def shoot(site: str, out: Path, name: str, chromium: str, full: bool = False) -> list[Path]:
    """Save every puzzle x size x theme of the site at `site`; returns the files.
    `full`: PNG at full size (to look at closely) instead of the small WebP."""

    from playwright.sync_api import sync_playwright

    saved = []
    with sync_playwright() as playwright:
        browser = launch(playwright, chromium)
        for width, height in SIZES:
            for theme in THEMES:
                # A fresh profile each time: the first visit, introduction and
                # all; the narrow size is a phone (touch, so "tap" and no key help).
                phone = width < 640
                shot = f"{width}x{height}-{theme}"  # the files' last words
                context = browser.new_context(
                    viewport={"width": width, "height": height}, color_scheme=theme,
                    service_workers="block", reduced_motion="reduce",
                    has_touch=phone, is_mobile=phone)
                page = context.new_page()
                page.goto(f"{site}#{PUZZLES[0]}")
                for puzzle in PUZZLES:
                    page.locator(f"#tab-{puzzle}").click()
                    wait_settled(page, puzzle)
                    page.evaluate("window.scrollTo(0, 0)")
                    page.wait_for_timeout(150)
                    saved.append(save_shot(page, out / f"{name}-{puzzle}-{shot}", full))
                # The Today view over the last board, where the build has one.
                today = page.locator(f'#{PUZZLES[-1]} button[data-play="today"]')
                if today.count():
                    today.click()
                    page.wait_for_timeout(300)
                    saved.append(save_shot(page, out / f"{name}-today-{shot}", full))
                    # The ladder of the same puzzle, where the build has one: from
                    # the play bar on a laptop, from the Today view on a phone.
                    page.keyboard.press("Escape")
                    page.wait_for_timeout(200)
                    levels = page.locator(f'#{PUZZLES[-1]} button[data-play="levels"]')
                    if levels.count() and levels.is_visible():
                        levels.click()
                    else:
                        today.click()
                        page.locator('[data-today="levels"]').click()
                    page.locator("dialog.levels-view").wait_for(state="visible")
                    page.wait_for_timeout(300)
                    saved.append(save_shot(page, out / f"{name}-levels-{shot}", full))
                context.close()
        browser.close()
    return saved


def judge_shots(site: str, out: Path, name: str, chromium: str) -> list[Path]:
    """Play each puzzle x size x theme from a fresh profile: the first screen,
    two moves of its solution and a Hint, then the rest to the win card
    (the moves are the end-to-end tests' own: each puzzle's facts' winning_moves)."""
    from playwright.sync_api import sync_playwright

    sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]
    from puzzle_homes import add_homes_to_path, facts  # the tests' helpers, as pytest finds them

    add_homes_to_path()
    from test_first_game import wait_board, wait_idle

    saved = []
    with sync_playwright() as playwright:
        browser = launch(playwright, chromium)
        for width, height in SIZES:
            for theme in THEMES:
                for puzzle in PUZZLES:
                    phone = width < 640
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, color_scheme=theme,
                        service_workers="block", has_touch=phone, is_mobile=phone)
                    page = context.new_page()
                    page.goto(f"{site}#{puzzle}")
                    stem = out / f"judge-{name}-{puzzle}-{width}x{height}-{theme}"
                    wait_board(page, puzzle)
                    saved.append(save_shot(page, stem.with_name(f"{stem.name}-first"), False))
                    moves = facts(puzzle).winning_moves(page)
                    for move in moves[:2]:
                        move()
                    page.locator(f"#{puzzle} [data-action='hint']:visible").first.click()
                    page.wait_for_function(
                        f"document.querySelector('#{puzzle}').dataset.python === 'ready'",
                        timeout=120_000)
                    wait_idle(page, puzzle)
                    page.wait_for_timeout(800)  # the hint's words and marks
                    saved.append(save_shot(page, stem.with_name(f"{stem.name}-hint"), False))
                    # The rest of the same winning line (the hint makes no move).
                    for move in moves[2:]:
                        move()
                    wait_idle(page, puzzle)
                    page.wait_for_timeout(1400)  # the win's motion, then the card
                    saved.append(save_shot(page, stem.with_name(f"{stem.name}-win"), False))
                    context.close()
        browser.close()
    return saved


# README.md's picture: one board of each puzzle, as embedded boards. The games
# are fixed (a Lights Out board, the English peg board after two jumps, a 6x6
# binary puzzle from `binairo generate 6 --seed 3`) so the picture is stable.
README_BOARDS = (
    ("lightsout", "5x5:1f8c4a0"),
    ("pegs", None),
    ("binairo", "6x6:0a0b0c1d0e1d0d1c0a"),
)
README_PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Puzzle Lab</title><style>
body { margin: 0; padding: 24px; font-family: system-ui, sans-serif; background: #f6f5f1; }
main { display: grid; grid-template-columns: repeat(3, 1fr); gap: 24px; align-items: start; }
</style></head><body><main>BOARDS</main>
<script type="module" src="embed.mjs"></script></body></html>"""


def readme_picture(site: str, path: Path, chromium: str) -> Path:
    """Save the README's picture of the three puzzles to `path` (PNG, 1280 wide)."""
    from playwright.sync_api import sync_playwright

    boards = "".join(
        f'<div data-puzzlelab="{puzzle}"' + (f' data-game="{game}"' if game else "") + "></div>"
        for puzzle, game in README_BOARDS)
    address = site + "readme-picture.html"
    with sync_playwright() as playwright:
        browser = launch(playwright, chromium)
        page = browser.new_page(viewport={"width": 1280, "height": 600}, reduced_motion="reduce")
        page.route(address, lambda route: route.fulfill(
            content_type="text/html", body=README_PAGE.replace("BOARDS", boards)))
        page.goto(address)
        page.wait_for_function(
            """() => [...document.querySelectorAll('[data-puzzlelab]')]
                 .every((el) => el.dataset.gameId)""",
            timeout=60_000)
        # Two jumps on the peg board, so that it shows a game under way.
        for move in ((3, 5, 3, 3), (5, 4, 3, 4)):
            page.evaluate(
                """async ([r0, c0, r1, c1]) => {
                  const element = document.querySelector('[data-puzzlelab=pegs]');
                  const board = await PuzzleLab.mount(element);
                  for (const [r, c] of [[r0, c0], [r1, c1]]) {
                    const [x, y] = board.cellCentre(r, c);
                    document.elementFromPoint(x, y).dispatchEvent(new PointerEvent('pointerdown',
                      {clientX: x, clientY: y, bubbles: true, isPrimary: true, button: 0}));
                    document.elementFromPoint(x, y).dispatchEvent(new PointerEvent('pointerup',
                      {clientX: x, clientY: y, bubbles: true, isPrimary: true, button: 0}));
                  }
                }""", list(move))
            page.wait_for_timeout(300)
        # Once Python is up, so that no board shows the start-up line.
        page.wait_for_function(
            """() => [...document.querySelectorAll('[data-puzzlelab]')].every(
                 (el) => PuzzleLab.boardOf(el)?.idle() && !/starting/.test(el.innerText))""",
            timeout=120_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(path), full_page=True)
        browser.close()
    return path


def open_html(page, address: str, html: str) -> None:
    """Open `html` in `page` as the page at `address` (of the site's origin)."""
    page.route(address, lambda route: route.fulfill(content_type="text/html", body=html))
    page.goto(address)


def save_view(page, path: Path) -> Path:
    """Save the window's view to `path` as WebP (a wide window scaled to 75%)."""
    return save_shot(page, path.with_suffix(""), full=False)


def blog_shots(site: str, out: Path, chromium: str) -> list[Path]:
    """Save the long post of tests/e2e/test_blog_embeds.py (three groups of
    boards, one per form, at the top, three and six screens down) as a reader
    sees it, at each size and on a light and a dark page: the first screen
    (``top``) and the screen around the second group's first board
    (``below``), after scrolling down the post. WebP, desktop at 75%."""
    from playwright.sync_api import sync_playwright

    from blog_site import SNIPPETS_JS, embeds_post, registry_ids

    saved = []
    with sync_playwright() as playwright:
        browser = launch(playwright, chromium)
        for width, height in SIZES:
            for theme in THEMES:
                phone = width < 640
                context = browser.new_context(
                    viewport={"width": width, "height": height}, color_scheme=theme,
                    service_workers="block", reduced_motion="reduce",
                    has_touch=phone, is_mobile=phone)
                page = context.new_page()
                open_html(page, f"{site}snippets.html", "<!doctype html><title>snippets</title>")
                post = embeds_post(page.evaluate(SNIPPETS_JS, [registry_ids(), theme]),
                                   dark=theme == "dark")
                open_html(page, f"{site}post.html", post)
                page.wait_for_timeout(2000)

                saved.append(save_view(page, out / f"blog-top-{width}x{height}-{theme}.webp"))
                # Down the post as a reader goes, to the second group's first board.
                target = page.locator("puzzle-lab").nth(1)
                for _ in range(60):
                    page.mouse.wheel(0, height // 2)
                    page.wait_for_timeout(150)
                    if target.bounding_box()["y"] < height * 0.5:
                        break
                target.evaluate("(el) => { el.scrollIntoView({block: 'start'}); "
                                "scrollBy(0, -60); }")
                page.wait_for_function("(el) => el.dataset.gameId", arg=target.element_handle())
                page.wait_for_timeout(800)
                saved.append(save_view(page, out / f"blog-below-{width}x{height}-{theme}.webp"))
                context.close()
        browser.close()
    return saved


def main() -> None:
    """Parse the arguments, serve the site, save the screenshots and list them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="the built site")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--name", default="after", help="the files' first word (before, after)")
    parser.add_argument("--full", action="store_true", help="full-size PNGs instead of small WebPs")
    parser.add_argument("--readme", action="store_true",
                        help="save README.md's picture (docs/screenshot.png) instead")
    parser.add_argument("--blog", action="store_true",
                        help="save boards in a long blog post (blog-*.webp) instead")
    parser.add_argument("--judge", action="store_true",
                        help="play each puzzle to its win, saving judge-*.webp, instead")
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        parser.error(f"{args.dist} holds no built site: run `python3 build.py build` there")
    chromium = next((found for c in CHROMIUMS if (found := shutil.which(c))), None)
    if chromium is None:
        parser.error("no Chromium found (Debian: apt-get install chromium)")
    args.out.mkdir(parents=True, exist_ok=True)
    server = load_build().serve_in_thread(args.dist.resolve(), "/")
    try:
        if args.readme:
            files = [readme_picture(server.url, ROOT / "docs" / "screenshot.png", chromium)]
        elif args.blog:
            files = blog_shots(server.url, args.out, chromium)
        elif args.judge:
            files = judge_shots(server.url, args.out, args.name, chromium)
        else:
            files = shoot(server.url, args.out, args.name, chromium, args.full)
    finally:
        server.shutdown()
        server.server_close()
    for path in files:
        print(f"{path.stat().st_size / 1024:6.1f} KB  {path}")
    print(f"{sum(p.stat().st_size for p in files) / 1024:6.1f} KB in {len(files)} files")


if __name__ == "__main__":
    main()
