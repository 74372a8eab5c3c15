"""Drawing from the stock (``passing.draw``): a player who cannot play draws until a card fits."""

from __future__ import annotations

from ..choice import PASS
from ..mechanics.base import TurnsBase


class Drawing(TurnsBase):
    """Draws from the stock, which the deal keeps in ``st.stock`` (drawn from its end)."""

    def draw(self, seat: int, most: int | None) -> int:
        """A player who cannot play draws from the stock until a card fits (at most ``most``);
        returns that card, to be played, or ``PASS``.  The record notes the cards drawn."""
        st, rules = self.st, self.rules
        drawn: list[int] = []
        legal = 0
        while st.stock and (most is None or len(drawn) < most):
            card = st.stock.pop()
            drawn.append(card)
            st.hands[seat] |= 1 << card
            legal = rules.legal(st, seat) & (1 << card)
            if legal:
                break
        if self.recorder is not None:
            self.recorder.add(seat, legal, legal.bit_length() - 1 if legal else PASS, "turn")
            self.recorder.note(drawn=self.recorder.cards_in_order(drawn))
        return legal.bit_length() - 1 if legal else PASS
