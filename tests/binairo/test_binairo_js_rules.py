"""The binary puzzle's own checks of the page's rules, beside the differential test
of test_js_rules.py: the cycle of a click."""

from __future__ import annotations

from rules_differential import answers_in_js


def test_a_click_cycles_empty_0_1(node: str) -> None:
    calls = [
        {"call": "binairo.nextValue", "args": [value, back]}
        for back in (False, True)
        for value in ".01"
    ]
    answers = [answer["result"] for answer in answers_in_js(node, calls)]
    assert answers == ["0", "1", ".", "1", ".", "0"]
