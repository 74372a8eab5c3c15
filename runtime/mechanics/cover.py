"""Covers (``passing.cover``): a player who cannot play lays a card face down instead."""

from __future__ import annotations

from ..api import bits
from ..choice import PASS
from ..contract import Pick
from ..mechanics.base import TurnsBase


class Covering(TurnsBase):
    """Cards laid face down, which ``st.covered`` keeps for the scoring."""

    def cover(self, seat: int, card: int = PASS) -> None:
        """A player who cannot play lays ``card`` face down (``PASS``: their lowest-valued card)."""
        st = self.st
        if card == PASS:
            card = self.pick(list(bits(st.hands[seat])), 1, Pick.LOWEST_VALUE)[0]
        st.hands[seat] ^= 1 << card
        st.covered[seat] |= 1 << card
        if self.recorder is not None:
            self.recorder.add(seat, 0, PASS, "turn")
            self.recorder.note(action="cover", covered=self.codes_of(card))
