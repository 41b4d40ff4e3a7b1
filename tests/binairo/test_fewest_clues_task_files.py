"""Task files read back by a resumed fewest-clues run can never forge its answer.

A native run (puzzlelab.binairo.fewest_clues_native) resumes from the task
files in its work folder. Whatever lies there under a task's name (cut short,
bytes flipped, another search's, hand written, a field changed and the digest
made to match again, wrong types, huge numbers, lists, nothing at all), the
answer is the true one, nothing raises, and a file not used is said in one
sentence. The true answers come from the search in this process (4x4: 4
clues, 2x2: 1), itself checked against a second method in
tests/binairo/test_binairo_fewest_clues.py.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from puzzlelab import records
from puzzlelab.binairo import fewest_clues, fewest_clues_native, fewest_tasks
from puzzlelab.jobs import finish
from puzzlelab.notation import PuzzleError

SETTINGS = settings(max_examples=120, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
#: The answer's keys that say how it was run, not what it found.
HOW = ("seconds", "estimated_seconds", "engine", "resumed_tasks", "tasks", "ran_tasks",
       "ignored_files")
#: The true fewest clues (docs/binairo.md): what every answer must say.
FEWEST = {2: 1, 4: 4}

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                               max_size=4),
    max_leaves=12)


def _same(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in HOW}


def _true(n: int) -> dict:
    return finish(fewest_clues.fewest_clues_steps(n))


TRUE = {n: _true(n) for n in FEWEST}


@functools.cache
def _good(n: int) -> tuple[Path, bytes, dict]:
    """The name, bytes and result of the single task file of an n x n search.
    Made once per size: the result holds the task's CPU time, so a second run
    writes other bytes, and the examples drawn from them must stay the same for
    the property test to replay and shrink them."""
    grids = fewest_clues.load(n)
    result = fewest_clues.run_task(n, n * n, 0, 1)
    data = records.encode_record(fewest_tasks.KIND, fewest_tasks.FORMAT,
                                 fewest_tasks.task_params(grids, n * n, 0, 1), result)
    return Path(fewest_tasks.task_file(Path("."), n, n * n, 0, 1).name), data, result


def _resigned(n: int, result: object, params: dict | None = None) -> bytes:
    """A file with a matching digest: as if a writer that knew the format had
    written ``result`` (with these params changed)."""
    grids = fewest_clues.load(n)
    return records.encode_record(fewest_tasks.KIND, fewest_tasks.FORMAT,
                                 {**fewest_tasks.task_params(grids, n * n, 0, 1), **(params or {})},
                                 result)


@st.composite
def mutated(draw: st.DrawFn) -> tuple[int, bytes]:
    """A size and the bytes of a task file under that size's task name."""
    n = draw(st.sampled_from(sorted(FEWEST)))
    _, data, result = _good(n)
    how = draw(st.sampled_from(["truncate", "flip", "bytes", "json", "field", "found",
                                "params", "foreign", "huge", "header"]))
    if how == "truncate":
        return n, data[:draw(st.integers(0, len(data) - 1))]
    if how == "flip":
        at = draw(st.integers(0, len(data) - 1))
        return n, data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
    if how == "bytes":
        return n, draw(st.binary(max_size=200))
    if how == "json":  # a bare value, or one behind this file's own header
        value = draw(JSON)
        if draw(st.booleans()):
            return n, _resigned(n, value)
        return n, json.dumps(value).encode()
    if how == "field":  # one field of the result set to anything, or removed
        key = draw(st.sampled_from(sorted(result)))
        changed = dict(result)
        if draw(st.booleans()):
            del changed[key]
        else:
            changed[key] = draw(JSON | st.integers())
        return n, _resigned(n, changed)
    if how == "found":  # the claimed puzzles changed: givens, grids, more entries
        found = [list(pair) for pair in result["found"]]
        at = draw(st.integers(0, len(found) - 1))
        change = draw(st.sampled_from(["givens", "drop clue", "grid", "add", "twice", "swap"]))
        rep, givens = found[at]
        if change == "givens":
            found[at][1] = givens ^ draw(st.integers(1, (1 << (n * n)) - 1))
        elif change == "drop clue":
            found[at][1] = givens & (givens - 1)
        elif change == "grid":
            found[at][0] = rep ^ draw(st.integers(1, (1 << (n * n)) - 1))
        elif change == "add":
            found.append([draw(st.integers(0, 1 << (n * n))), draw(st.integers(0, 1 << 20))])
        elif change == "twice":
            found.insert(at, list(found[at]))
        else:
            found[at], found[-1] = found[-1], found[at]
        return n, _resigned(n, {**result, "found": found})
    if how == "params":  # another search's result under this one's name
        key = draw(st.sampled_from(["n", "bound", "task", "tasks", "classes", "program"]))
        return n, _resigned(n, result, {key: draw(JSON)})
    if how == "foreign":  # a real file of another search, renamed
        other = 2 if n == 4 else 4
        return n, _good(other)[1]
    if how == "huge":
        value = draw(st.sampled_from(["1" * 5000, "9" * 30, "-1", "1e999", "[" * 5000]))
        text = data.decode().replace('"found":[', f'"found":[[{value},1],', 1)
        return n, text.encode()
    header, _, body = data.partition(b"\n")
    head = json.loads(header)
    head[draw(st.sampled_from(sorted(head)))] = draw(JSON)
    return n, json.dumps(head).encode() + b"\n" + body


@SETTINGS
@given(case=mutated())
def test_no_task_file_changes_the_answer(tmp_path_factory, case):
    n, data = case
    work = tmp_path_factory.mktemp("work")
    name = _good(n)[0]
    (work / name).write_bytes(data)
    answer = finish(fewest_clues_native.run_steps(n, None, str(work), 1, None))
    assert answer["clues"] == FEWEST[n]
    assert _same(answer) == _same(TRUE[n])
    if answer["resumed_tasks"]:  # used only when it holds the true result
        assert answer["ignored_files"] == []
    else:
        (line,) = answer["ignored_files"]
        assert line.startswith("Task 1 of 1 runs again: ") and line.endswith(".")
        assert "\n" not in line
    # The task ran again and its true result took the file's place.
    again = finish(fewest_clues_native.run_steps(n, None, str(work), 1, None))
    assert again["resumed_tasks"] == 1 and again["ignored_files"] == []
    assert _same(again) == _same(TRUE[n])


def test_the_hand_written_file_of_the_issue_is_not_used(tmp_path):
    """Issue 34's repro: another search's result, under the name of the 4x4
    task, made the answer 0 clues; now it is said and run again."""
    for text in ('{"n":4,"bound":16,"task":0,"tasks":1,"found":[[1,0]]}', "[]",
                 '{"n":4,"bound":16,"task":0,"tasks":1}',
                 '{"n":4,"bound":16,"task":0,"tasks":1,"found":"x"}'):
        fewest_tasks.task_file(tmp_path, 4, 16, 0, 1).write_text(text)
        answer = finish(fewest_clues_native.run_steps(4, None, str(tmp_path), 1, None))
        assert answer["clues"] == 4 and answer["resumed_tasks"] == 0
        assert len(answer["ignored_files"]) == 1


@pytest.mark.parametrize("change, why", [
    (lambda found: found.__setitem__(0, [found[0][0], found[0][1] | 1 << 15 | 1 << 14]),
     "not the class's fewest"),
    (lambda found: found.__setitem__(0, [found[0][0], 0]), "one solution"),
    (lambda found: found.__setitem__(0, [found[0][0] + 1, found[0][1]]), "not a class"),
    (lambda found: found.insert(0, found[0]), "twice"),
])
def test_each_claim_is_checked_again(tmp_path, change, why):
    """A file whose digest matches (its writer knew the format) is still
    checked: each puzzle it claims must be its grid's only solution, minimal,
    of a class of this task, listed once."""
    _, _, result = _good(4)
    found = [list(pair) for pair in result["found"]]
    change(found)
    fewest_tasks.task_file(tmp_path, 4, 16, 0, 1).write_bytes(
        _resigned(4, {**result, "found": found}))
    answer = finish(fewest_clues_native.run_steps(4, None, str(tmp_path), 1, None))
    assert answer["clues"] == 4
    (line,) = answer["ignored_files"]
    assert why in line


def test_the_cli_says_which_file_it_did_not_use(tmp_path, capsys):
    from puzzlelab.cli import main

    fewest_tasks.task_file(tmp_path, 4, 16, 0, 1).write_text("[]")
    assert main(["binairo", "fewest-clues", "4", "--work", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Task 1 of 1 runs again: ") and "no record header" in out[0]
    assert "puzzle with one solution: 4," in out[1]


def test_a_task_name_taken_by_a_folder_is_one_sentence(tmp_path):
    """A folder under a task's name can be neither read nor replaced: the run
    says so and stops; nothing else in the folder is touched."""
    taken = fewest_tasks.task_file(tmp_path, 4, 16, 0, 1)
    (taken / "inside").mkdir(parents=True)
    with pytest.raises(PuzzleError, match=r"^Task 1 of 1 could not be kept as .*: make room"):
        finish(fewest_clues_native.run_steps(4, None, str(tmp_path), 1, None))
    assert (taken / "inside").is_dir() and sorted(tmp_path.iterdir()) == [taken]
