"""What a decision is: a card id or ``PASS``, chosen by a :data:`Strategy`.

The turn loop (runtime/turns.py) and the bots (runtime/strategies.py, and the search bot
of the application layer, sevens/bots/search.py) all need these names; keeping them here
lets the loop import no bot.
"""

from __future__ import annotations

from collections.abc import Callable

from .api import DealState
from .randomness import GameRandom

PASS = -1

Strategy = Callable[[DealState, int, int, bool, GameRandom], int]


def choose_uniformly(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
    """Uniform among the legal actions (each legal card, and passing when allowed).

    The engine's turn loop inlines the choice among several cards when every seat uses
    this function (it is the simulation's hot path); the two must draw from ``rng`` alike.
    """
    count = legal.bit_count()
    if can_pass:
        choice = rng.below(count + 1)
        if choice == count:
            return PASS
    elif count > 1:
        choice = rng.below(count)
    else:
        return legal.bit_length() - 1
    while choice:  # inlined pick_uniform: this is the simulation's hot path
        legal &= legal - 1
        choice -= 1
    return (legal & -legal).bit_length() - 1
