"""The random numbers of a game: splitmix64 from the game's seed, the same in both backends.

Every random decision of a game (the dealer, the shuffle, a bot's choice, a
forgotten "last card", a random penalty card, the dealer's named opening card)
draws from one generator per game, seeded with the game's seed (the run's seed
plus the game's index, as recorded).  The scheme is written out in
``docs/randomness.md``; the native kernels (:mod:`sevens.runtime.native.kernels`)
implement the same generator and the same ways of using it, so a seed names
the same game in the Python engine and natively.

* The generator is splitmix64: a 64-bit state that starts at the seed and
  grows by :data:`GAMMA` before each output; the output is :func:`mix64` of it.
* A draw is 32 bits: each output gives two, its low half first, then its high half.
* A number below ``n`` (:meth:`GameRandom.below`) is a draw times ``n``, shifted
  right by 32 (``n`` from 1 to 2**32).
* A probability (:meth:`GameRandom.random`) is a draw over 2**32.
* A shuffle is Fisher–Yates from the last place down: place ``i`` swaps with
  ``below(i + 1)``; a random pick of ``k`` cards swaps place ``i`` (from the first)
  with ``i + below(n - i)`` and takes the first ``k``.

Outputs are made in blocks: the state after ``k`` outputs is ``seed + k * GAMMA``,
so a block is one computation over many lanes of one Python integer
(:func:`block_of_draws`), and a draw costs a C-level ``next`` on that block.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Iterator, MutableSequence, Sequence
from itertools import chain
from operator import length_hint
from typing import TypeVar

__all__ = ["GAMMA", "MIX1", "MIX2", "GameRandom", "block_of_draws", "halves", "mix64"]

Item = TypeVar("Item")

#: splitmix64's constants: the state's step (the golden ratio in 64 bits) and the mixer's.
GAMMA = 0x9E3779B97F4A7C15
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
_BIG_ENDIAN = sys.byteorder == "big"
#: Outputs computed at once (twice as many draws); a 4-player deal of Parliament draws about 80.
BLOCK = 48
#: Each draw of a block has a lane of 128 bits in one integer: 64 for the draw, 64 of room
#: for a product by a 64-bit constant, so that no lane overflows into the next.
LANE = 128


def mix64(z: int) -> int:
    """splitmix64's output function of a state (a bijection of 64-bit numbers)."""
    z = ((z ^ (z >> 30)) * MIX1) & MASK64
    z = ((z ^ (z >> 27)) * MIX2) & MASK64
    return z ^ (z >> 31)


def _lanes(count: int, value: int) -> int:
    """``value`` in each of ``count`` lanes."""
    return sum(value << (LANE * k) for k in range(count))


_ONES = _lanes(BLOCK, 1)
_MASKS = _lanes(BLOCK, MASK64)
_STEPS = sum(((k + 1) * GAMMA) << (LANE * k) for k in range(BLOCK))  # GAMMA, 2 GAMMA, …


def block_of_draws(state: int) -> list[int]:
    """The draws of the next :data:`BLOCK` outputs of a generator in ``state``, the outputs
    being ``mix64(state + k * GAMMA)`` for k = 1 … BLOCK.  Each step of :func:`mix64` is done
    on every lane of one integer at once (a lane's shifted-out bits land in the room of its
    neighbour, and the masks clear them); the draws are each lane's two low 32-bit words."""
    z = (state * _ONES + _STEPS) & _MASKS
    z = ((z ^ (z >> 30)) & _MASKS) * MIX1 & _MASKS
    z = ((z ^ (z >> 27)) & _MASKS) * MIX2 & _MASKS
    z ^= z >> 31  # the bits shifted into a lane's room are never read
    lanes = array("Q", z.to_bytes(LANE // 8 * BLOCK, "little"))  # 2 words a lane, low first
    if _BIG_ENDIAN:
        lanes.byteswap()  # the lanes' words as numbers, as a little-endian machine reads them
        return halves(lanes[0::2])
    # each output's bytes, little-endian, read as two 32-bit words: its low half, then its
    # high half (a third of the instructions of splitting the outputs one by one)
    return array("I", lanes[0::2].tobytes()).tolist()


def halves(outputs: Iterable[int]) -> list[int]:
    """The draws of 64-bit ``outputs`` split one by one: each one's low 32 bits, then its high
    32 bits (what :func:`block_of_draws` reads from memory where the byte order allows)."""
    return list(chain.from_iterable((out & MASK32, out >> 32) for out in outputs))


def _draws(cell: list[int | Iterator[int]]) -> Iterator[Iterator[int]]:
    """Blocks of draws for ``chain``; ``cell`` holds the state after the last block and the
    block being drawn from (no reference to the generator itself, so no reference cycle)."""
    while True:
        state = cell[0]
        assert isinstance(state, int)
        block = iter(block_of_draws(state))
        cell[0], cell[1] = (state + BLOCK * GAMMA) & MASK64, block
        yield block


class GameRandom:
    """The generator of one game (see the module's description of the scheme).

    ``draw()`` is the next 32-bit draw; it is a C-level callable, as the turn loop draws
    from it on its hot path.  ``getstate``/``setstate`` save and restore the position.
    """

    __slots__ = ("_cell", "draw")

    def __init__(self, seed: int) -> None:
        self.setstate((seed, 0))

    def setstate(self, state: tuple[int, int]) -> None:
        """Go on from ``state``, what :meth:`getstate` returned (a seed is ``(seed, 0)``)."""
        position, half = state
        self._cell: list[int | Iterator[int]] = [position & MASK64, iter(())]
        self.draw = chain.from_iterable(_draws(self._cell)).__next__
        if half:  # the low half of the next output was drawn already
            self.draw()

    def getstate(self) -> tuple[int, int]:
        """Where the generator is: the state before its next output, and how many draws of
        that output (0 or 1) were taken."""
        state, block = self._cell
        assert isinstance(state, int)
        left = length_hint(block)  # draws left in the block, two an output
        return (state - (left + 1) // 2 * GAMMA) & MASK64, left % 2

    def below(self, n: int) -> int:
        """A whole number from 0 to ``n - 1`` (``n`` from 1 to 2**32)."""
        return self.draw() * n >> 32

    def random(self) -> float:
        """A probability: a multiple of 2**-32 in [0, 1)."""
        return self.draw() * 2.0**-32

    def shuffle(self, items: MutableSequence[Item]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates from the last place down)."""
        draw = self.draw
        for i in range(len(items) - 1, 0, -1):
            j = draw() * (i + 1) >> 32
            items[i], items[j] = items[j], items[i]

    def sample(self, population: Sequence[Item], k: int) -> list[Item]:
        """``k`` different items of ``population`` at random, in the order picked."""
        pool, draw = list(population), self.draw
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"cannot pick {k} of {n}")
        for i in range(k):
            j = i + (draw() * (n - i) >> 32)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def fork(self) -> GameRandom:
        """A copy at the same position, drawing on its own (this one is not moved)."""
        copy = GameRandom(0)
        copy.setstate(self.getstate())
        return copy
