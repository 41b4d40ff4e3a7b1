"""Leaner copies of the page's own ES modules in ``dist/``: comments and
indentation out, every line where it was.

The modules are written to be read (a comment says why, nearly every block
has one), and a phone on a slow network pays for each byte before its first
board: Lighthouse counted about 35 KiB of the first board's JavaScript that
minifying would save (docs/web.md, "Lighthouse, mobile"). This is the least
that gets most of it without a bundler: a small lexer that knows strings,
template literals (with ``${…}`` inside), regular expressions and comments,
drops the comments and collapses each run of spaces to one, and keeps every
line break, so that a line number in an error from ``dist/`` is the line in
``web/``. Names, strings, templates and expressions are copied unchanged.
"""

from __future__ import annotations

from pathlib import Path

# After these words a "/" starts a regular expression, not a division.
_REGEX_AFTER_WORDS = frozenset({
    "await", "case", "delete", "do", "else", "in", "instanceof", "new", "of", "return",
    "throw", "typeof", "void", "yield",
})
_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$")
# Whole folders of someone else's code, already built for shipping.
SKIP_FOLDERS = ("pyodide",)


class MinifyError(ValueError):
    """The source ends inside a string, a template, a comment or a regular expression."""


def _skip_quoted(source: str, start: int, quote: str) -> int:
    """The index just past the string literal that opens at ``start``."""
    at = start + 1
    while at < len(source):
        char = source[at]
        if char == "\\":
            at += 2
            continue
        if char == quote:
            return at + 1
        if char == "\n":
            break
        at += 1
    raise MinifyError(f"unterminated string at offset {start}")


def _skip_template_text(source: str, start: int) -> tuple[int, bool]:
    """From inside a template literal at ``start``: the index past its text and
    whether a ``${`` (True) or the closing backquote (False) ended it."""
    at = start
    while at < len(source):
        char = source[at]
        if char == "\\":
            at += 2
            continue
        if char == "`":
            return at + 1, False
        if char == "$" and source.startswith("${", at):
            return at + 2, True
        at += 1
    raise MinifyError(f"unterminated template literal from offset {start}")


def _skip_regex(source: str, start: int) -> int:
    """The index just past the regular expression literal (and its flags) at ``start``."""
    at = start + 1
    in_class = False
    while at < len(source):
        char = source[at]
        if char == "\\":
            at += 2
            continue
        if char == "\n":
            break
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            at += 1
            while at < len(source) and source[at] in _WORD_CHARS:
                at += 1
            return at
        at += 1
    raise MinifyError(f"unterminated regular expression at offset {start}")


def minify_js(source: str) -> str:
    """``source`` without comments, its runs of blanks one space, every line break kept."""
    out: list[str] = []
    gap = ""  # the blanks and comments since the last token: "" or " " or "\n…"
    previous = ""  # the last token: a word, a punctuator, or "value" (a literal)
    braces: list[str] = []  # "{" for a block or object, "${" for a template's expression
    at = 0

    def emit(token: str, kind: str) -> None:
        nonlocal gap, previous
        if out and gap:
            out.append(gap)
        elif not out and "\n" in gap:
            out.append(gap)  # keep the line numbers of a file that opens with a comment
        out.append(token)
        gap = ""
        previous = kind

    while at < len(source):
        char = source[at]
        if char in " \t\r\n\f\v\u00a0\ufeff":
            if char == "\n":
                gap = gap + "\n" if "\n" in gap else "\n"
            elif not gap:
                gap = " "
            at += 1
        elif source.startswith("//", at):
            end = source.find("\n", at)
            at = len(source) if end < 0 else end
            gap = gap or " "
        elif source.startswith("/*", at):
            end = source.find("*/", at + 2)
            if end < 0:
                raise MinifyError(f"unterminated comment at offset {at}")
            breaks = source.count("\n", at, end)
            kept = gap if "\n" in gap else ""
            gap = kept + "\n" * breaks if breaks else (gap or " ")
            at = end + 2
        elif char in "'\"":
            end = _skip_quoted(source, at, char)
            emit(source[at:end], "value")
            at = end
        elif char == "`":
            end, opened = _skip_template_text(source, at + 1)
            emit(source[at:end], "(" if opened else "value")
            if opened:
                braces.append("${")
            at = end
        elif char == "}" and braces and braces[-1] == "${":
            braces.pop()
            end, opened = _skip_template_text(source, at + 1)
            emit(source[at:end], "(" if opened else "value")
            if opened:
                braces.append("${")
            at = end
        elif char == "/" and (previous == "" or previous in _REGEX_AFTER_WORDS
                              or (previous not in ("value", ")", "]", "}")
                                  and previous[0] not in _WORD_CHARS)):
            end = _skip_regex(source, at)
            emit(source[at:end], "value")
            at = end
        elif char in _WORD_CHARS:
            end = at
            while end < len(source) and source[end] in _WORD_CHARS:
                end += 1
            # a number's exponent or fraction stays whole: 1.5e-3 is words and punctuators alike
            emit(source[at:end], source[at:end])
            at = end
        else:
            if char == "{":
                braces.append("{")
            elif char == "}" and braces:
                braces.pop()
            # "++" and "--" end an operand ("i++ / 2"), so a "/" after them divides
            if source.startswith(("++", "--"), at):
                emit(source[at:at + 2], "value")
                at += 2
                continue
            emit(char, char)
            at += 1
    if braces:
        raise MinifyError("the source ends inside a block or a template's ${…}")
    return "".join(out) + ("\n" if source.endswith("\n") else "")


def minify_modules(dist: Path) -> dict[str, int]:
    """Minify every ``.mjs`` file of ``dist`` in place (Pyodide's left as shipped);
    return the characters before and after."""
    totals = {"before": 0, "after": 0}
    for path in sorted(dist.rglob("*.mjs")):
        if path.relative_to(dist).parts[0] in SKIP_FOLDERS:
            continue
        text = path.read_text(encoding="utf-8")
        try:
            lean = minify_js(text)
        except MinifyError as error:
            raise MinifyError(f"{path.relative_to(dist)}: {error}") from None
        path.write_text(lean, encoding="utf-8")
        totals["before"] += len(text)
        totals["after"] += len(lean)
    return totals
