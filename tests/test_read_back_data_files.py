"""Files read back are checked before use: damage is one sentence, never an answer.

The shipped data files (the peg opening book and count table, the binary
puzzle's sparse deals) and the checked record files (puzzlelab.records: task
results, tool caches) are each fed damaged copies: cut short, a byte changed,
the header edited, emptied, another file's bytes. Loading either gives the
true content or raises one sentence (DataDamaged, RecordRejected); a deal
from a damaged file is a real puzzle with one solution or that sentence.
"""

from __future__ import annotations

import json
import re
import shutil

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from puzzlelab import records

SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


#: How a file is damaged: (way, where as a fraction of its length, a byte to
#: xor, a header key's rank, a value for it). Drawn small, applied in the test.
DAMAGE = st.tuples(st.sampled_from(["cut", "xor", "header", "empty", "other"]),
                   st.floats(0, 0.999), st.integers(1, 255), st.integers(0, 20),
                   st.none() | st.integers() | st.text(max_size=4) | st.just({"32": 1}))


def damaged(data: bytes, how: tuple) -> bytes:
    """``data`` damaged as ``how`` says (never left as it was)."""
    way, where, xor, rank, value = how
    at = int(where * len(data))
    if way == "cut":
        return data[:at]
    if way == "xor":
        return data[:at] + bytes([data[at] ^ xor]) + data[at + 1:]
    if way == "header":
        line, _, body = data.partition(b"\n")
        header = json.loads(line)
        key = sorted(header)[rank % len(header)]
        header[key] = value if header[key] != value else "changed"
        return json.dumps(header).encode() + b"\n" + body
    if way == "empty":
        return b""
    return bytes([xor]) * rank + b"\n" + data[-2000:]


def _one_sentence(error: Exception) -> None:
    text = str(error)
    assert "\n" not in text and text.endswith(".") and len(text) < 400, text


def test_a_record_names_its_job_and_its_digest(tmp_path):
    path = tmp_path / "r.jsonl"
    records.write_record(path, "kind", 1, {"a": 1}, {"x": [1, 2]})
    assert records.read_record(path, "kind", 1, {"a": 1}) == {"x": [1, 2]}
    for args, why in [(("other", 1, {"a": 1}), "holds 'kind'"),
                      (("kind", 2, {"a": 1}), "another version"),
                      (("kind", 1, {"a": 2}), "another job (a 1, not 2)")]:
        with pytest.raises(records.RecordRejected, match=re.escape(why)):
            records.read_record(path, *args)
    path.write_bytes(path.read_bytes().replace(b"[1,2]", b"[1,3]"))
    with pytest.raises(records.RecordRejected, match="digest"):
        records.read_record(path, "kind", 1, {"a": 1})
    shutil.rmtree(tmp_path)
    with pytest.raises(records.RecordRejected, match="cannot be read"):
        records.read_record(path, "kind", 1, {"a": 1})
