"""The games' generator (sevens.runtime.randomness) is the scheme of docs/randomness.md.

The block computation is checked against splitmix64 written out one output at a time, so
a slip in the lanes' arithmetic cannot pass; the native kernels are checked against the
same generator in tests/test_native.py.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.runtime.randomness import BLOCK, GAMMA, GameRandom, mix64

MASK64 = (1 << 64) - 1


def written_out(seed: int, draws: int) -> list[int]:
    """The first ``draws`` 32-bit draws of the scheme, one splitmix64 output at a time."""
    state, found = seed & MASK64, []
    while len(found) < draws:
        state = (state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        found += [z & 0xFFFFFFFF, z >> 32]  # low half first
    return found[:draws]


def test_the_first_output_of_seed_0_is_splitmix64s() -> None:
    assert mix64(GAMMA) == 0xE220A8397B1DCDAF  # splitmix64's first output from state 0
    rng = GameRandom(0)
    assert (rng.draw(), rng.draw()) == (0x7B1DCDAF, 0xE220A839)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1))
def test_blocks_of_draws_are_the_outputs_one_at_a_time(seed: int) -> None:
    rng = GameRandom(seed)
    count = 2 * BLOCK * 2 + 3  # across two block boundaries, ending on a low half
    assert [rng.draw() for _ in range(count)] == written_out(seed, count)


@pytest.mark.parametrize("taken", [0, 1, 2, 2 * BLOCK - 1, 2 * BLOCK, 2 * BLOCK + 1, 301])
def test_a_saved_state_goes_on_with_the_same_draws(taken: int) -> None:
    rng = GameRandom(12345)
    for _ in range(taken):
        rng.draw()
    state = rng.getstate()
    copy, later = GameRandom(7), rng.fork()
    copy.setstate(state)
    expected = written_out(12345, taken + 50)[taken:]
    assert [copy.draw() for _ in range(50)] == expected
    assert [later.draw() for _ in range(50)] == expected
    assert [rng.draw() for _ in range(50)] == expected  # fork did not move it


def test_below_random_shuffle_and_sample_use_the_draws_as_documented() -> None:
    draws = written_out(99, 200)
    rng = GameRandom(99)
    assert [rng.below(n) for n in (1, 4, 52, 2**32)] == [
        draws[0] * 1 >> 32,
        draws[1] * 4 >> 32,
        draws[2] * 52 >> 32,
        draws[3],
    ]
    assert rng.random() == draws[4] / 2**32
    deck = list(range(10))
    rng.shuffle(deck)
    expected = list(range(10))
    for k, i in enumerate(range(9, 0, -1)):
        j = draws[5 + k] * (i + 1) >> 32
        expected[i], expected[j] = expected[j], expected[i]
    assert deck == expected and sorted(deck) == list(range(10))
    picked = rng.sample(["a", "b", "c", "d", "e"], 3)
    pool = ["a", "b", "c", "d", "e"]
    for i in range(3):
        j = i + (draws[14 + i] * (5 - i) >> 32)
        pool[i], pool[j] = pool[j], pool[i]
    assert picked == pool[:3] and len(set(picked)) == 3
    with pytest.raises(ValueError, match="cannot pick 6 of 5"):
        rng.sample(pool, 6)


def test_neighbouring_seeds_deal_differently() -> None:
    decks = []
    for seed in range(50):
        deck = list(range(52))
        GameRandom(seed).shuffle(deck)
        decks.append(tuple(deck))
    assert len(set(decks)) == 50


def test_a_block_read_from_memory_is_the_outputs_split_one_by_one() -> None:
    """The fast reading of a block (its outputs' bytes as 32-bit words) and the reading a
    big-endian machine takes (each output split in Python) give the same draws."""
    from array import array

    from sevens.runtime.randomness import BLOCK, GAMMA, MASK64, block_of_draws, halves, mix64

    for state in (0, 1, 2**63, MASK64, 987654321):
        outputs = array("Q", [mix64((state + k * GAMMA) & MASK64) for k in range(1, BLOCK + 1)])
        assert block_of_draws(state) == halves(outputs)
