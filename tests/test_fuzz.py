"""Fuzz every API command and every CLI verb with malformed arguments.

Property: no input ends in a traceback or "Internal error". An API request
answers ``{"ok": true, ...}`` or ``{"ok": false, "error": one line}``; a CLI
run exits 0, or exits 2 with one line on standard error. Values are drawn
from every JSON type (lists, objects, floats, booleans, null, huge integers,
long strings) and from words such as Unicode digits and grids that begin
with '-'. Numbers inside the ranges are kept small so that each example
answers at once; the ranges themselves are fuzzed with huge values.
"""

from __future__ import annotations

import math
import re
import time
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli_in_process import run_cli
from puzzle_homes import facts
from puzzlelab import api, arguments, params
from puzzlelab.cli import VERBS
from puzzlelab.families import family_of
from puzzlelab.notation import PuzzleError
from puzzlelab.terminal import Verb, option

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Seconds a job may keep reporting progress before the fuzz stops it (a valid
#: long job is not what is tested here, only that it answers).
JOB_SECONDS = 2.0

GRID_CHARS = "01./-ox:;k=x2\n "
WORDS = (
    "²", "٣", "\uff11\uff12", "-5", "0", "-0", "1001", "1e3", "5.0", "nan", "inf", "", " ",
    "-", "--",
    "@/nonexistent", "@/", "@", "-5x5:0", "--ooo--/--oXo--", "english", "triangle", "1,1",
    "-1,-1", "3.3", "centre", "any", "x" * 5000, "999999999999999999999999", "5x5:fff",
    "6x6:zj", "101/010", "10/01", "t:o/oo", "\x00", "\udcff", "easy", "hard", "king",
    "--json", "--each", "-h", "600.0000000001", "1e99999999999999999999", "Infinity", "-0.0",
    "2.5", "1e3", "+7", "5.",
)

huge_ints = st.one_of(st.integers(min_value=10**9), st.integers(max_value=-(10**9)),
                      st.just(2**63), st.just(10**400))
small_ints = st.integers(min_value=-3, max_value=12)
grids = st.text(alphabet=GRID_CHARS, max_size=40)
json_scalars = st.one_of(
    st.none(), st.booleans(), small_ints, huge_ints,
    st.floats(allow_nan=True, allow_infinity=True), grids, st.sampled_from(WORDS),
    st.text(max_size=12),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3),
                            st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6,
)


def _value_for(arg: params.Arg) -> st.SearchStrategy:
    """Mostly values of any JSON type; now and then one of the argument's own kind."""
    own: st.SearchStrategy
    if arg.kind == "bool":
        own = st.booleans()
    elif arg.kind in ("int", "number", "level"):
        own = st.one_of(small_ints, huge_ints, st.sampled_from(arg.choices or ("x",)))
    elif arg.kind == "cell":
        own = st.lists(st.one_of(small_ints, huge_ints), min_size=0, max_size=3)
    else:
        own = st.one_of(grids, st.sampled_from(arg.choices or WORDS), st.just("1" * 300_000))
    return st.one_of(json_values, own)


@st.composite
def requests(draw: st.DrawFn, command: str) -> dict:
    request: dict = {"cmd": command}
    for arg in params.COMMANDS[command]:
        if draw(st.integers(0, 4)):  # mostly present, sometimes missing
            request[arg.name] = draw(_value_for(arg))
    if draw(st.booleans()):
        request[draw(st.text(max_size=6))] = draw(json_values)  # an undescribed key
    return request


def answer(request: dict) -> dict:
    """Run a request, stopping a job that is still working after JOB_SECONDS."""
    job = api.start(request)
    began = time.monotonic()
    while True:
        report = job.step()
        if report["type"] == "result":
            return report
        if time.monotonic() - began > JOB_SECONDS:
            job.cancel()
            return job.step()


def check_answer(request: dict, report: dict) -> None:
    assert report["ok"] in (True, False), report
    if not report["ok"]:
        error = report["error"]
        assert isinstance(error, str) and error and "\n" not in error, (request, error)
        assert not error.startswith("Internal error"), (request, error)


def test_every_command_is_described():
    assert set(params.COMMANDS) == set(api.COMMANDS)


@pytest.mark.parametrize("command", sorted(params.COMMANDS))
@settings(SETTINGS, max_examples=30)
@given(data=st.data())
def test_api_commands_answer_malformed_requests_with_one_sentence(command, data):
    request = data.draw(requests(command))
    check_answer(request, answer(request))


@pytest.mark.parametrize("command", sorted(params.COMMANDS))
def test_every_argument_with_every_kind_of_value(command, tmp_path, monkeypatch):
    """Each argument in turn given each kind of JSON value, the required others valid."""
    monkeypatch.chdir(tmp_path)  # a text taken as a work folder lands here
    base = {"cmd": command}
    family = family_of(command)  # "describe" and "ping" belong to none
    valid = facts(family).VALID_ARGUMENTS if family else {}
    for arg in params.COMMANDS[command]:
        if arg.required:
            assert arg.name in valid, f"declare a valid {arg.name} in the family's facts.py"
            base[arg.name] = valid[arg.name]
    for arg in params.COMMANDS[command]:
        for value in (None, True, False, 0, -1, 7, 10**9, -(10**9), 2**63, 10**400, 0.5,
                      float("nan"), float("inf"), -float("inf"), "", "x", "²", "-1,-1",
                      "1" * 10_000, [], [1], [1, 2], [True, 1], [10**400, 0], {}, {"a": 1}):
            request = {**base, arg.name: value}
            check_answer(request, answer(request))


@SETTINGS
@given(value=json_values)
def test_a_request_that_is_not_an_object(value):
    check_answer(value, answer(value))


@SETTINGS
@given(text=st.one_of(st.text(max_size=30), st.just('{"cmd": "ping", "x": ' + "9" * 5000 + "}"),
                      st.just("[" * 100_000 + "]" * 100_000)))
def test_request_texts_that_are_not_json(text):
    report = api.start_json(text).step()
    check_answer(text, report)


# --- the command line --------------------------------------------------------------


word = st.one_of(st.sampled_from(WORDS), grids, st.text(max_size=10),
                 small_ints.map(str), huge_ints.map(str))


@st.composite
def command_lines(draw: st.DrawFn, verb: Verb) -> list[str]:
    argv = [verb.family, verb.name]
    for _ in range(draw(st.integers(0, 3))):
        argv.append(draw(word))
    for name in draw(st.lists(st.sampled_from(verb.options or ("json",)), max_size=3)):
        arg = params.spec(verb.command, name) if name in verb.options else None
        argv.append(option(name))
        if arg is not None and arg.kind != "bool":
            argv.append(draw(word))
    if draw(st.booleans()):
        argv.append("--json")
    return argv


@pytest.mark.parametrize("verb", VERBS, ids=lambda verb: f"{verb.family}-{verb.name}")
@settings(SETTINGS, max_examples=25)
@given(data=st.data(), stdin=st.one_of(grids, st.sampled_from(WORDS)))
def test_cli_verbs_answer_malformed_words_with_one_line(verb, data, stdin):
    argv = data.draw(command_lines(verb))
    # Verbs that may start a long valid job get small words only by the
    # strategies above; the family's facts make the rest quick (a census cut
    # short, a search on a small board).
    argv = facts(verb.family).tame_command_line(argv)
    code, _, err = run_cli(argv, stdin)
    assert "Traceback" not in err and "Internal error" not in err, (argv, err)
    if code == 2:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (argv, err)
    else:
        assert code == 0 and err == "", (argv, code, err)


# --- numbers: read exactly, refused with the word as given and the real limit ----------

#: Each distinct numeric argument (kind and range) of the commands.
NUMERIC_ARGS = list({(arg.kind, arg.low, arg.high, arg.choices, arg.unit): arg
                     for args in params.COMMANDS.values() for arg in args
                     if arg.kind in ("int", "number", "level")}.values())
_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _near_bounds(arg: params.Arg) -> st.SearchStrategy[str]:
    """Words at and just past each bound, written the ways people write numbers."""
    words = []
    for bound in (arg.low, arg.high):
        b = int(bound)
        for k in (1, 10, 20, 30):
            words += [f"{b}.{'0' * k}1", f"{b - 1}.{'9' * k}", f"{b}.{'0' * k}"]
        words += [str(b), str(b + 1), str(b - 1), f"{b}e0", f"{b}0e-1", f"{b}.", f"+{b}",
                  f"{b}.5", f"{b - 1}.5"]
    return st.sampled_from(words)


number_words = st.one_of(
    st.integers(-(10**25), 10**25).map(str),
    st.builds(lambda m, e: f"{m}e{e}", st.integers(-999, 999), st.integers(-30, 30)),
    st.builds(lambda i, f: f"{i}.{f}", st.integers(-10**6, 10**6), st.integers(0, 10**12)),
    st.sampled_from(["-0", "+0", "-0.0", "0.0", ".5", "5.", "1e3", "1E3", "inf", "-inf", "nan",
                     "Infinity", "NaN", "²", "٣", "\uff11", "1_000", "0x10", " 5 ", "5 ", "",
                     "1e", ".", "+", "--1", "1e400", "9" * 50, "1e99999999999999999999",
                     "-1e-99999999999999999999", "1" * 200]),
)


@pytest.mark.parametrize("arg", NUMERIC_ARGS, ids=lambda arg: f"{arg.name}-{arg.kind}")
@settings(SETTINGS, max_examples=150)
@given(data=st.data())
def test_numeric_words_are_judged_exactly_and_refusals_quote_them(arg, data):
    """Accepted iff the exact value is in range (and whole where it must be); a
    refusal quotes the word as given and, when out of range, names the bound it
    passes exactly. The oracle reads the word with Fraction, not with Decimal."""
    text = data.draw(st.one_of(_near_bounds(arg), number_words))
    label = "--" + arg.name
    word = text.strip()
    try:
        value = params.from_text(arg, text, label)
        message = None
    except PuzzleError as exc:
        message = str(exc)
    if arg.kind == "level" and word.lower() in arg.choices:
        assert value == word.lower()
        return
    exact = None
    if _PLAIN_NUMBER.fullmatch(word):
        exponent = re.search(r"[eE]([+-]?[0-9]+)$", word)
        exact = None if exponent and abs(int(exponent.group(1))) > 400 else Fraction(word)
    if exact is None and not _PLAIN_NUMBER.fullmatch(word):  # not a number at all
        assert message is not None and message.startswith(f"{label} must be "), (text, message)
        assert arguments._shown_text(text) in message
        return
    if exact is None:  # an exponent beyond any range: its sign says which side
        huge = not word.split("e")[1].lstrip("+").startswith("-") and \
            word.lstrip("+-").strip("0.e") != ""
        assert message is not None and text in message, (text, message)
        if huge:
            side = "above the limit of" if not word.startswith("-") else "below the minimum of"
            assert side in message
        return
    whole_needed = arg.kind in ("int", "level")
    in_range = arg.low <= exact <= arg.high
    if message is None:
        assert in_range and (exact.denominator == 1 or not whole_needed), (text, value)
        if whole_needed:
            assert value == exact and isinstance(value, int)
        else:
            assert (arg.low <= value <= arg.high and value == float(exact)) or value == exact
        return
    if whole_needed and exact.denominator != 1:
        assert message.endswith("is not a whole number."), message
        assert text[:37] in message, (text, message)
        return
    assert (text if len(text) <= 60 else text[:40]) in message, (text, message)
    if exact > arg.high:
        assert message == f"{label} is {text}, above the limit of {arg._limit(arg.high)}." or \
            (len(text) > 60 and "above the limit of" in message), message
    else:
        assert exact < arg.low, (text, message)
        assert message == f"{label} is {text}, below the minimum of {arg._limit(arg.low)}." or \
            (len(text) > 60 and "below the minimum of" in message), message


@pytest.mark.parametrize("arg", [a for a in NUMERIC_ARGS if a.kind == "number"],
                         ids=lambda arg: arg.name)
@SETTINGS
@given(value=st.one_of(st.floats(), st.sampled_from([600.0000000001, 600.0, 599.9999999999999,
                                                      -0.0, 5e-324, -5e-324])))
def test_json_numbers_are_judged_exactly_and_quoted_exactly(arg, value):
    """A JSON number in a request: accepted iff finite and in range; a refusal
    shows it as Python reads it back (repr), so never a rounded, false figure."""
    try:
        params.check_value(arg, value)
        message = None
    except PuzzleError as exc:
        message = str(exc)
    if math.isfinite(value) and arg.low <= value <= arg.high:
        assert message is None
        return
    assert message is not None
    if math.isfinite(value):
        assert f"is {value!r}, " in message, message
