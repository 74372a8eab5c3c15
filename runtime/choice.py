"""What a strategy is: the callable the game loop asks for a card, and passing.

The loop (:mod:`.engine`, :mod:`.wild`) needs only these definitions; the bots
themselves and their registry by name are :mod:`.strategies`, which builds on
the loop (the search bot plays deals out), so keeping the two apart keeps the
imports pointing one way.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .api import DealState

#: The action of a seat that plays no card this turn.
PASS = -1

Strategy = Callable[[DealState, int, int, bool, random.Random], int]


def choose_uniformly(
    st: DealState, seat: int, legal: int, can_pass: bool, rng: random.Random
) -> int:
    """Uniform among the legal actions (each legal card, and passing when allowed).

    The engine's turn loop inlines the choice among several cards when every seat uses
    this function (it is the simulation's hot path); the two must draw from ``rng`` alike.
    """
    count = legal.bit_count()
    if can_pass:
        choice = int(rng.random() * (count + 1))
        if choice == count:
            return PASS
    elif count > 1:
        choice = int(rng.random() * count)
    else:
        return legal.bit_length() - 1
    while choice:  # drop the lowest set bit ``choice`` times: the simulation's hot path
        legal &= legal - 1
        choice -= 1
    return (legal & -legal).bit_length() - 1
