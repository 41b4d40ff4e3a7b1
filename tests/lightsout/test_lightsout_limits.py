"""Lights Out: its own cases of tests/test_limits.py, moved here from it (that module's
subject: The memory every budget reads (puzzlelab.limits): the least of physical memory,
the address-space and data limits, the cgroup's limit and the page's heap)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from test_limits import ROOT


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_AS as on Linux")
def test_a_lights_out_job_is_refused_in_words_under_an_address_space_limit():
    """Lights Out's per-job memory reads the same limit: a big solve that fits
    the machine but not a 250 MB address space is refused in words, naming the
    limit, instead of running out of memory: here once elimination has counted
    the torus's quiet patterns (its elimination alone fits), whose building
    would not fit."""
    limit = 250_000_000
    code = (
        "import json, resource\n"
        "from puzzlelab import api, lightsout\n"
        "game = lightsout.Board(1000, 1000, 0, lightsout.Variant(wrap=True)).press(3, 3).game_id\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))\n"
        "answer = api.handle({'cmd': 'lightsout.analyse', 'game': game})\n"
        "print(json.dumps(answer))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(ROOT / "py")), timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert not answer["ok"]
    # (The room left is read when the job is planned; it moves with what is in use.)
    found = re.search(r"needs? about (\d+) MB here, over the limit of (\d+) MB for one job",
                      answer["error"])
    assert found, answer["error"]
    need, allowed = map(int, found.groups())
    assert 0 < allowed < limit / 1e6 and allowed < need  # the machine has far more
    assert "64 quiet patterns" in answer["error"] and "smaller board fits" in answer["error"]
