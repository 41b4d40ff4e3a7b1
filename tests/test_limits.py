"""The memory every budget reads (puzzlelab.limits): the least of physical memory,
the address-space and data limits, the cgroup's limit and the page's heap."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from puzzlelab import limits

ROOT = Path(__file__).resolve().parents[1]
GB = 1024**3


def _fake_proc(tmp_path: Path, cgroup: str, status: str = "VmSize:\t 1000 kB\nVmData:\t 500 kB\n"
               ) -> Path:
    proc = tmp_path / "proc"
    proc.mkdir()
    (proc / "cgroup").write_text(cgroup)
    (proc / "status").write_text(status)
    return proc


def test_cgroup_v2_limit_on_an_ancestor(tmp_path, monkeypatch):
    root = tmp_path / "cgroup"
    leaf = root / "box" / "job"
    leaf.mkdir(parents=True)
    (leaf / "memory.max").write_text("max\n")  # no limit here...
    (root / "box" / "memory.max").write_text(f"{GB}\n")  # ...but on the parent
    (root / "box" / "memory.current").write_text(f"{GB // 4}\n")
    monkeypatch.setattr(limits, "_CGROUP_ROOT", root)
    monkeypatch.setattr(limits, "_PROC_SELF", _fake_proc(tmp_path, "0::/box/job\n"))
    monkeypatch.setattr(limits, "_rlimits", lambda: [])
    monkeypatch.setattr(limits, "_physical", lambda: 64 * GB)
    assert limits.memory_limit() == GB
    assert limits.memory_headroom() == GB - GB // 4
    # The share a job's budget takes (each family's budgets are limits.budget).
    assert limits.budget(0.5, float("inf")) == (GB - GB // 4) // 2
    assert limits.budget(1 / 3, GB // 10) == GB // 10


def test_cgroup_v1_limit_and_its_no_limit_value(tmp_path, monkeypatch):
    root = tmp_path / "cgroup"
    folder = root / "memory" / "box"
    folder.mkdir(parents=True)
    (folder / "memory.limit_in_bytes").write_text(f"{2 * GB}\n")
    (folder / "memory.usage_in_bytes").write_text(f"{GB}\n")
    monkeypatch.setattr(limits, "_CGROUP_ROOT", root)
    monkeypatch.setattr(limits, "_PROC_SELF", _fake_proc(tmp_path, "4:memory:/box\n1:cpu:/\n"))
    monkeypatch.setattr(limits, "_rlimits", lambda: [])
    monkeypatch.setattr(limits, "_physical", lambda: 64 * GB)
    assert (limits.memory_limit(), limits.memory_headroom()) == (2 * GB, GB)
    (folder / "memory.limit_in_bytes").write_text("9223372036854771712\n")  # v1's "none"
    assert limits.memory_limit() == 64 * GB


def test_without_any_source_and_in_the_page(tmp_path, monkeypatch):
    monkeypatch.setattr(limits, "_PROC_SELF", tmp_path / "nothing")
    monkeypatch.setattr(limits, "_rlimits", lambda: [])
    monkeypatch.setattr(limits, "_physical", lambda: None)
    assert limits.memory_limit() == limits.UNKNOWN_MEMORY
    monkeypatch.setattr(limits, "IN_PAGE", True)
    assert limits.memory_limit() == limits.memory_headroom() == limits.WASM_HEAP


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")
@pytest.mark.parametrize("which", ["RLIMIT_AS", "RLIMIT_DATA"])
def test_an_rlimit_is_read_in_a_real_process(which):
    """`prlimit --as` / `ulimit -v` (and the data limit) set in the child itself."""
    limit = 300_000_000
    code = (
        "import json, resource\n"
        f"resource.setrlimit(resource.{which}, ({limit}, {limit}))\n"
        "from puzzlelab import limits\n"
        "print(json.dumps([limits.memory_limit(), limits.memory_headroom(),"
        " limits.budget(0.5, float('inf')), limits.budget(1 / 3, float('inf'))]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT / "py")), timeout=60)
    assert done.returncode == 0, done.stderr
    whole, room, half, third = json.loads(done.stdout)
    assert whole == limit
    assert 0 < room < limit  # what the interpreter already holds is taken off
    assert half == room // 2 or abs(half - room // 2) < 5_000_000  # (read a moment later)
    assert third <= limit // 3
