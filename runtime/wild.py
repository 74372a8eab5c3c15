"""Jokers, under the name they had before :mod:`sevens.runtime.mechanics.jokers`.

:class:`WildTurns` is :class:`~sevens.runtime.mechanics.jokers.JokerTurns`: jokers run the
one turn loop of :mod:`sevens.runtime.turns`.
"""

from __future__ import annotations

from .mechanics.jokers import JokerTable, JokerTurns, deal_with_jokers, joker_options

__all__ = ["JokerTable", "JokerTurns", "WildTurns", "deal_with_jokers", "joker_options"]

WildTurns = JokerTurns
