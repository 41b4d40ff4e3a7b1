"""The machinery of the differential test of the page's rules (test_js_rules.py).

Python is the definition of the rules and the one voice for errors: a
:class:`Recorder` runs requests through ``api.handle`` and keeps each with its
answer; :meth:`Recorder.compare` asks the page's rules the same requests, in
one ``node`` process (tests/js/rules_driver.mjs), as the page's client asks
``answerLocally`` before it sends a request to Python. Each puzzle's facts
(tests/<id>/facts.py) feed it games, bad requests and odd text; this module
names no puzzle.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

from puzzle_homes import all_facts
from puzzlelab import api

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "tests" / "js" / "rules_driver.mjs"

Request = dict[str, Any]


def answers_in_js(node: str, requests: list[Request], web: Path | None = None) -> list[Any]:
    """The envelopes of ``requests`` from the page's rules, in one node process
    (those of the page in ``web``, by default web/ itself)."""
    done = subprocess.run(
        [node, str(DRIVER), *([str(web)] if web else [])],
        input=json.dumps(requests),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@cache
def local_commands() -> frozenset[str]:
    """The requests the page's rules answer themselves when Python accepts them:
    every puzzle's ``LOCAL_COMMANDS``."""
    return frozenset(cmd for facts in all_facts() for cmd in facts.LOCAL_COMMANDS)


#: Text the page's rules read (web/rules/common.mjs, isPlainText); other text is Python's.
PLAIN_TEXT = re.compile(r"[\t\n\r\x20-\x7e]*")


def page_must_answer(request: Request, answer: dict) -> bool:
    """Whether the page must answer ``request`` without Python: a move, game ID
    or load Python accepts, of a command the rules cover, in plain text."""
    return (
        answer["ok"]
        and request["cmd"] in local_commands()
        and all(PLAIN_TEXT.fullmatch(v) for v in request.values() if isinstance(v, str))
    )


class Recorder:
    """Runs requests through Python, keeping each with its answer for the comparison."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self.answers: list[dict] = []

    def __call__(self, request: Request) -> dict:
        answer = api.handle(request)
        assert "Internal error" not in answer.get("error", ""), (request, answer)
        self.requests.append(request)
        self.answers.append(answer)
        return answer

    def compare(self, node: str) -> int:
        """Every answer the page gives equals Python's; a request it leaves
        (null) is one Python answers, and not one the page must answer
        (page_must_answer). The first failures are shown; returns how many
        requests the page answered."""
        js = answers_in_js(node, self.requests)
        assert len(js) == len(self.requests)
        wrong = [
            (r, p, j) for r, p, j in zip(self.requests, self.answers, js, strict=True)
            if (j is not None and p != j) or (j is None and page_must_answer(r, p))
        ]
        shown = "\n".join(
            f"request {json.dumps(r)}\n  python {json.dumps(p)}\n  js     {json.dumps(j)}"
            for r, p, j in wrong[:4]
        )
        assert not wrong, f"{len(wrong)} of {len(js)} answers differ or are left:\n{shown}"
        assert all(j is None or j["ok"] for j in js), "the page words no refusal: Python does"
        return sum(j is not None for j in js)

    def count(self, cmd: str, ok: bool | None = None) -> int:
        return sum(
            1
            for r, a in zip(self.requests, self.answers, strict=True)
            if r["cmd"] == cmd and (ok is None or a["ok"] is ok)
        )


#: Characters that test the notations' edges: the puzzles' own symbols, quotes
#: and backslashes (quoted in messages), white space of every kind (stripped or
#: not), digits of other scripts (Python reads them), controls and format
#: characters (escaped in messages), and a character beyond 16 bits.
ODD = (
    "01o.-/xt:;=nkwrap@,()2 9af\n\t\r\"'\\"
    "\u00a0\u2003\u3000\u0085\x1c\x0b\x0c\ufeff\u200b\x00\x7f\u00e9\u0301"
    "\uff15\u0665\u09e7\U0001d7d8\u00b2\U0001f600"
)


def odd_text(rng: random.Random, base: str) -> str:
    """``base`` with a few characters replaced or inserted from :data:`ODD`."""
    chars = list(base)
    for _ in range(rng.choice((1, 1, 2))):
        position = rng.randint(0, len(chars))
        if chars and rng.random() < 0.5:
            chars[min(position, len(chars) - 1)] = rng.choice(ODD)
        else:
            chars.insert(position, rng.choice(ODD))
    return "".join(chars)
