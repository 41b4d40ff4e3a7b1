"""The command line takes any words: every verb, every option, every path.

Property: whatever word an option or a positional is given -- one that looks
like an option ('--', '-', '-x', '--json'), empty, whitespace, huge, Unicode,
a NUL -- and whatever path a path option names (a file, a folder, missing, a
path under a file, a place that cannot be written, a name too long), the
command exits 0, or exits 2 with one line on standard error; never a
traceback. A refusal changes nothing on disk, and no run changes anything
outside its own temporary folder.

The verbs, their options and which of them take paths come from the command
line's own registry (:data:`puzzlelab.cli.VERBS` and the argument
descriptions), so a new verb or option is fuzzed without a word here. Runs
are in this process (``cli.main``), and each job is stopped after
:data:`JOB_SECONDS` (a valid long job is not what is tested here, only that
every word is answered).
"""

from __future__ import annotations

import contextlib
import importlib
import io
import os
import re
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzle_homes import facts
from puzzlelab import api
from puzzlelab.cli import _VERB_PARSERS, VERBS, build_parser, main
from puzzlelab.terminal import GRID_ARGUMENTS, Verb, option

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = settings(max_examples=25, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
#: Seconds a job may run before the test stops it (its answer then is this error).
JOB_SECONDS = 0.5
STOPPED = "Stopped by the test: past its time."

#: A small valid value of each positional argument, by name, so that the other
#: words of a command line are reached; a family's own (its facts'
#: CLI_VALUES) come first.
VALID = {"grid": "oo.", "board": "oo.", "rows": "3", "cols": "3", "size": "4"}


def valid_word(verb: Verb, name: str) -> str:
    """A small valid value of the positional ``name`` of ``verb``."""
    return facts(verb.family).CLI_VALUES.get(name, VALID.get(name, ""))


def connecting_modules() -> list[ModuleType]:
    """The package's modules that wait for a cluster (a ``CONNECT_SECONDS``)."""
    package = ROOT / "py" / "puzzlelab"
    names = [".".join(("puzzlelab", *path.relative_to(package).with_suffix("").parts))
             for path in sorted(package.rglob("*.py"))
             if re.search(r"^CONNECT_SECONDS = ", path.read_text(encoding="utf-8"), re.M)]
    return [importlib.import_module(name) for name in names]

#: Words an option's value may be that look like something else.
OPTION_LIKE = ("--", "-", "-x", "--x", "---", "--json", "--each", "--help", "-h", "--version",
               "--work", "--dask", "--goal", "-5", "-0.5", "-1,-1", "--=", "=", "-=--", "",
               " ", "\t", "\n", "  --  ", "@", "@-", "\x00", "a\x00b", "²", "\udcff", "é",
               "\u202e", "x" * 100_000, "9" * 5_000, "local ", "@@", "--ooo--/--o.o--")

#: The kinds of path a path option is fuzzed with, made in each example's folder.
PATH_KINDS = ("missing", "missing-deep", "file", "empty-file", "folder", "under-file",
              "dotdot-under-file", "too-long", "too-long-deep", "locked", "locked-under",
              "relative-new", "device", "proc", "nul", "empty")


def _folder_option(verb: Verb, name: str) -> bool:
    return name in verb.options and verb.arg(name).folder


def _path_word(kind: str, root: Path) -> str:
    """A path of ``kind`` under ``root`` (made by :func:`_fixtures`)."""
    return {
        "missing": str(root / "missing"),
        "missing-deep": str(root / "missing" / "a" / "b"),
        "file": str(root / "file.txt"),
        "empty-file": str(root / "empty.txt"),
        "folder": str(root / "folder"),
        "under-file": str(root / "file.txt" / "sub"),
        "dotdot-under-file": str(root / "file.txt" / ".."),
        "too-long": str(root / ("x" * 300)),
        "too-long-deep": str(root / "new" / ("y" * 300) / "z"),
        "locked": str(root / "locked"),  # (no write permission; root writes there all the same)
        "locked-under": str(root / "locked" / "sub"),
        "relative-new": "relative/work",  # (the runs' working folder is the example's folder)
        "device": os.devnull,
        "proc": "/proc/puzzlelab-no-such-folder/work",
        "nul": str(root / "a\x00b"),
        "empty": "",
    }[kind]


def _fixtures(root: Path, content: str) -> None:
    (root / "file.txt").write_text(content, encoding="utf-8", errors="surrogateescape")
    (root / "empty.txt").write_text("")
    (root / "folder").mkdir()
    (root / "folder" / "inside.txt").write_text("kept\n")
    (root / "locked").mkdir()
    (root / "locked").chmod(0o555)


def _snapshot(root: Path) -> dict[str, tuple[int, int, bytes]]:
    """Every entry under ``root``: its mode, size and (for a file) content."""
    seen = {}
    for path in sorted(root.rglob("*")):
        status = path.lstat()
        is_file = path.is_file() and not path.is_symlink()
        seen[str(path.relative_to(root))] = (status.st_mode, status.st_size if is_file else 0,
                                             path.read_bytes() if is_file else b"")
    return seen


def _outside() -> dict[str, object]:
    """What a run could change outside its folder: the package's and the
    tests' files, and the home folder (a stand-in: the default work folder is there)."""
    return {
        "checkout": sorted(str(p.relative_to(ROOT)) for folder in ("py", "tests")
                           for p in (ROOT / folder).rglob("*") if "__pycache__" not in p.parts),
        "home": sorted(str(p) for p in Path.home().rglob("*")),
    }


def _deadline_handle(request, on_progress=None, raise_bugs=False):
    """:func:`api.handle`, stopping a job still running after :data:`JOB_SECONDS`."""
    job = api.Job(request, raise_bugs)
    began = time.monotonic()
    while True:
        report = job.step()
        if report["type"] == "result":
            return {key: value for key, value in report.items() if key != "type"}
        assert report["type"] == "progress", report  # (natively every data file is there)
        if time.monotonic() - began > JOB_SECONDS:
            job.cancel()
            return {"ok": False, "error": STOPPED}


@pytest.fixture(scope="module", autouse=True)
def _quick_jobs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Jobs cut short, a Dask address that answers nobody given up at once, and
    nothing changed outside the runs' folders by the whole module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(tmp_path_factory.mktemp("home")))
        patch.setattr(api, "handle", _deadline_handle)
        for module in connecting_modules():
            patch.setattr(module, "CONNECT_SECONDS", 0.2)
        before = _outside()
        yield
        assert _outside() == before


def run(argv: list[str], root: Path, stdin: str = "") -> tuple[int, str, str]:
    """``cli.main(argv)`` in ``root``: (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    saved_stdin, saved_cwd = sys.stdin, os.getcwd()
    sys.stdin = io.StringIO(stdin)
    os.chdir(root)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = saved_stdin
        os.chdir(saved_cwd)
    return code, out.getvalue(), err.getvalue()


def check(argv: list[str], root: Path, stdin: str = "") -> int:
    """Run ``argv`` in ``root`` and check the property; returns the exit code."""
    before = _snapshot(root)
    code, _, err = run(argv, root, stdin)
    shown = [word[:60] for word in argv]
    assert "Traceback" not in err and "Internal error" not in err, (shown, err)
    assert code in (0, 2), (shown, code, err)
    after = _snapshot(root)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (shown, err)
    else:
        assert err == "", (shown, err)
    work = [argv[i + 1] for i, word in enumerate(argv[:-1]) if word == "--work"]
    work += [word.split("=", 1)[1] for word in argv if word.startswith("--work=")]
    if code == 2 and STOPPED not in err and not work:
        assert after == before, (shown, err, set(after) ^ set(before))  # a refusal changes nothing
    else:
        # An answer, a job the test stopped midway, or a search refused after
        # its tasks ran ("raise the bound"): only what a run keeps may appear,
        # the folder it was told to work in (and those above it) and files in it.
        for name in set(after) - set(before):
            new = Path(root, name)
            assert any(new.is_relative_to(Path(root, w)) or Path(root, w).is_relative_to(new)
                       for w in work if w), (shown, name)
        assert {name: after[name] for name in before} == before, shown
    return code


# --- one word after each option ---------------------------------------------------


def _value_options(verb: Verb) -> list[str]:
    """The verb's options that take a value, from its parser's own description."""
    names = [option(name) for name in verb.options if verb.arg(name).kind != "bool"]
    return names + [name for name, settings in verb.words
                    if name.startswith("--") and settings.get("action") != "store_true"]


def _positionals(verb: Verb) -> list[str]:
    """The verb's positional words: its arguments', then its own (``SIZE``)."""
    return [*verb.positionals, *(name for name, _ in verb.words if not name.startswith("-"))]


def _base(verb: Verb) -> list[str]:
    words = [verb.family, verb.name]
    for name in _positionals(verb):
        word = valid_word(verb, name)
        assert word, f"{verb.family} {verb.name}: no valid value for {name} (CLI_VALUES)"
        words.append(word)
    return words


def test_every_positional_has_a_valid_value_and_each_base_command_runs(tmp_path):
    for verb in VERBS:
        if check(_base(verb), tmp_path) != 0:  # the refusal's sentence, asked again
            pytest.fail(f"{verb.family} {verb.name}: {run(_base(verb), tmp_path)[2]}")


@pytest.mark.parametrize("verb", VERBS, ids=lambda verb: f"{verb.family}-{verb.name}")
def test_an_option_given_a_dash_or_two_as_its_value(verb, tmp_path):
    """The issue's three: ``--goal --``, ``--neighbourhood --``, ``--dask --``, on every
    option of every verb, both as two words and as ``--option=--``."""
    for name in _value_options(verb):
        for value in ("--", "-", "-x", "--json"):
            check([*_base(verb), name, value], tmp_path)
            check([*_base(verb), f"{name}={value}"], tmp_path)
            check([verb.family, verb.name, name, value, *_base(verb)[2:]], tmp_path)


def test_an_abbreviated_option_takes_its_value_as_the_whole_name_does(tmp_path):
    """argparse reads an unambiguous start of an option's name as the option
    (``--go`` for ``--goal``): its value is the next word all the same."""
    build_parser()
    for verb in VERBS:
        names = [name for action in _VERB_PARSERS[verb.family, verb.name]._actions
                 for name in action.option_strings]
        for name in _value_options(verb):
            short = next((name[:size] for size in range(3, len(name))
                          if sum(other.startswith(name[:size]) for other in names) == 1), None)
            if short is None:  # (--work begins --workers: it has no shorter name)
                continue
            for value in ("--", "-1", "any"):
                whole = run([*_base(verb), name, value], tmp_path)
                for argv in ([*_base(verb), short, value], [*_base(verb), f"{short}={value}"]):
                    code, out, err = run(argv, tmp_path)
                    # (The answers themselves may differ: a random deal, the time taken.)
                    assert (code, err) == whole[::2], (argv, err, whole)
                    assert bool(out) == bool(whole[1]), argv


def test_negative_numbers_are_still_values(tmp_path):
    """A value that rightly begins with '-' is read as one: a refusal about the
    number (below the minimum), not a word taken for an option."""
    for verb in VERBS:
        for name in verb.options:
            arg = verb.arg(name)
            if arg.kind in ("int", "number") and arg.low is not None:
                code, _, err = run([*_base(verb), option(name), "-1"], tmp_path)
                assert code == 2 and f"{option(name)} is -1, below the minimum" in err, err
                if arg.low <= -1:  # (none so far; when one comes, it must take -1)
                    assert code == 0


# --- every path option with every kind of path -------------------------------------


def _path_arguments(verb: Verb) -> list[str]:
    """How the verb takes a path: its folder options, and its grid as @PATH."""
    found = [option(name) for name in verb.options if _folder_option(verb, name)]
    if verb.takes_grid:
        found.append("@")
    return found


PATH_VERBS = [verb for verb in VERBS if _path_arguments(verb)]


def test_the_registry_has_path_options():
    assert any(_folder_option(verb, name) for verb in VERBS for name in verb.options)
    assert all(verb.positionals[0] in GRID_ARGUMENTS for verb in VERBS if verb.takes_grid)


@pytest.mark.parametrize("verb", PATH_VERBS, ids=lambda verb: f"{verb.family}-{verb.name}")
def test_every_kind_of_path(verb, tmp_path):
    grid = _base(verb)[2] if verb.takes_grid else ""
    for how in _path_arguments(verb):
        for kind in PATH_KINDS:
            with tempfile.TemporaryDirectory(dir=tmp_path) as folder:
                root = Path(folder)
                _fixtures(root, grid + "\n")
                path = _path_word(kind, root)
                if how == "@":
                    argv = [verb.family, verb.name, "@" + path, *_base(verb)[3:]]
                else:
                    argv = [*_base(verb), how, path]
                before = _snapshot(root)
                code = check(argv, root)
                if code == 2:
                    assert _snapshot(root) == before, (kind, argv)  # refused: nothing made
                # What is not a folder or a file to read is never taken as one.
                if kind in ("under-file", "dotdot-under-file", "too-long", "too-long-deep",
                            "proc", "nul", "empty", "missing", "missing-deep", "folder",
                            "locked") and how == "@":
                    assert code == 2, (kind, argv)
                if kind in ("file", "empty-file", "under-file", "dotdot-under-file", "device",
                            "too-long", "too-long-deep", "proc", "nul", "empty") and how != "@":
                    assert code == 2, (kind, argv)
                (root / "locked").chmod(0o755)  # (so that the folder can be removed)


# --- any words, anywhere ------------------------------------------------------------------


def _words(verb: Verb, name: str, root: Path) -> st.SearchStrategy[str]:
    """Values of argument ``name``: its own valid ones, words that look like
    options, paths of every kind, and any text at all."""
    paths = st.sampled_from(PATH_KINDS).map(lambda kind: _path_word(kind, root))
    own: list[str] = []
    if name in verb.options:
        arg = verb.arg(name)
        own = [*arg.choices, *(["1", "2"] if arg.kind in ("int", "number", "level") else [])]
    elif valid_word(verb, name):
        own = [valid_word(verb, name)]
    any_text = st.text(max_size=20)
    if name in _positionals(verb) and name not in GRID_ARGUMENTS:
        # Sizes: no digits but the valid small one's (a long search is not what is fuzzed).
        any_text = any_text.filter(lambda word: not re.search("[0-9]", word))
    strategies = [st.sampled_from(OPTION_LIKE), paths, any_text]
    if own:
        strategies.insert(0, st.sampled_from(own))
    if name in GRID_ARGUMENTS:
        strategies.append(paths.map(lambda path: "@" + path))
    return st.one_of(strategies)


@st.composite
def command_lines(draw: st.DrawFn, verb: Verb, root: Path) -> list[str]:
    # Groups of words: a positional, an option and its value (kept together, so
    # that a numeric value never becomes a size).
    groups = [[draw(_words(verb, name, root))] for name in _positionals(verb)
              if draw(st.integers(0, 5))]  # (now and then one left out)
    names = [*verb.options, *(name for name, _ in verb.words if name.startswith("--")),
             "json", *(["each"] if verb.takes_grid else [])]
    for name in draw(st.lists(st.sampled_from(names), max_size=4)):
        flag = name if name.startswith("--") else option(name)
        takes_value = (name in verb.options and verb.arg(name).kind != "bool") or (
            flag in _value_options(verb) and name not in verb.options)
        if not takes_value:
            groups.append([flag])
            continue
        value = draw(_words(verb, name, root))
        if name == "dask" and value.strip() == "local":
            value = "127.0.0.1:1"  # (a local cluster takes seconds to start: tested elsewhere)
        groups.append([f"{flag}={value}"] if draw(st.booleans()) else [flag, value])
    if draw(st.booleans()):  # options first, or mixed in
        groups = draw(st.permutations(groups))
    return [verb.family, verb.name, *(word for group in groups for word in group)]


@pytest.mark.parametrize("verb", VERBS, ids=lambda verb: f"{verb.family}-{verb.name}")
@SETTINGS
@given(data=st.data(), content=st.text(max_size=30), stdin=st.text(max_size=30))
def test_any_words_get_an_answer_or_one_sentence(verb, data, content, stdin):
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        _fixtures(root, content)
        try:
            argv = data.draw(command_lines(verb, root))
            check(argv, root, stdin)
        finally:
            (root / "locked").chmod(0o755)
