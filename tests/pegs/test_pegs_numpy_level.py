"""The array primitives of a numpy peg level (puzzlelab.pegs.numpy_level) against plain ones."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from puzzlelab.pegs import census_common, numpy_level  # noqa: E402

WIDE = "/".join(["o" * 20] * 3)  # 60 holes: a vertical jump spans 41 bits


@pytest.mark.parametrize("board", ["english", "french", "diamond", "triangle", WIDE])
def test_jump_tests_on_32_bit_words_agree_with_the_whole_key(board):
    pos, _goal, syms = census_common.census_setup(board, None, "any")
    geo = pos.geo
    engine = numpy_level.LevelEngine(geo, syms)
    if board == WIDE:
        assert engine.window_shifts is None  # the uint64 keys themselves
    elif geo.size > 32:
        assert len(engine.window_shifts) == 2
    rng = np.random.default_rng(geo.size)
    keys = rng.integers(0, geo.full, 20_000, dtype=np.uint64, endpoint=True)
    keys[:3] = [0, geo.full, pos.pegs]
    words = engine.windows(keys)
    for i, move in enumerate(geo.moves):
        mask = np.uint64(move.mask)
        for (word, part, wanted), bits in ((engine.legal_tests[i], move.need),
                                           (engine.undo_tests[i], 1 << move.dst)):
            assert np.array_equal((words[word] & part) == wanted, (keys & mask) == np.uint64(bits))


@pytest.mark.parametrize("vector", [True, False])
def test_sorted_keys_sorts_with_or_without_a_simd_sort(monkeypatch, vector):
    monkeypatch.setattr(numpy_level, "VECTOR_SORT", vector)
    monkeypatch.setattr(numpy_level, "PIECE_MIN", 64)
    rng = np.random.default_rng(5)
    for keys in (rng.integers(0, 2**63, 70_000, dtype=np.uint64),
                 rng.integers(0, 9, 1000, dtype=np.uint64) << np.uint64(50),
                 np.arange(300, dtype=np.uint64)[::-1].copy(), np.zeros(0, dtype=np.uint64)):
        expected = np.sort(keys)
        assert np.array_equal(numpy_level.sorted_keys(keys.copy()), expected)
