"""Drawing from the stock (``passing.draw``): a player who cannot play draws, then plays a card
that fits if one came.

How many cards is the rule set's ``Draw.most``: a constant, None (one at a time until a card
fits or the stock is empty) or ``PER_SEAT``, a count the rules work out when the player cannot
play (``Rules.draw_most``; an escalating draw reads ``game.unable_in_a_row``).  ``Draw.stop``
says whether the drawing stops at the first card that fits (which must be played) or goes on
to the whole count, after which the player plays one of the cards that fit, if any.
"""

from __future__ import annotations

from ..api import DealState, Rules
from ..choice import PASS
from ..contract import PER_SEAT, DrawStop
from ..mechanics.base import TurnsBase

#: What :func:`cards_to_draw` answers for "one at a time until a card fits".
UNTIL_ONE_FITS = -1


def cards_to_draw(rules: Rules, st: DealState, seat: int) -> int:
    """How many cards ``seat``, unable to play, must draw now: 0 for none (no draw rule, an
    empty stock, or a count of 0 or less), :data:`UNTIL_ONE_FITS`, or a count."""
    return draw_count(rules, st, seat) if st.stock else 0


def draw_count(rules: Rules, st: DealState, seat: int) -> int:
    """What the rule set's count says for ``seat`` now, whatever the stock holds: 0 (no draw
    rule, or a count of 0 or less), :data:`UNTIL_ONE_FITS`, or a count."""
    draw = rules.rule_set.draw
    if draw is None:
        return 0
    if draw.most is None:
        return UNTIL_ONE_FITS
    most = rules.draw_most(st, seat) if draw.most is PER_SEAT else draw.most
    assert isinstance(most, int)
    return max(most, 0)


class Drawing(TurnsBase):
    """Draws from the stock, which the deal keeps in ``st.stock`` (drawn from its end)."""

    def draw(self, seat: int, most: int) -> int:
        """``seat`` draws up to ``most`` cards (:data:`UNTIL_ONE_FITS`: no limit); returns the
        card to be played, or ``PASS``.  The record notes the cards drawn."""
        st, rules = self.st, self.rules
        draw = rules.rule_set.draw
        first_fit = draw is None or draw.stop is DrawStop.FIRST_FIT
        drawn: list[int] = []
        legal = 0
        while st.stock and (most < 0 or len(drawn) < most):
            card = st.stock.pop()
            drawn.append(card)
            st.hands[seat] |= 1 << card
            if first_fit:
                legal = rules.legal(st, seat) & (1 << card)
                if legal:
                    break
        if not first_fit:  # the whole count drawn: any card that fits now may be played
            legal = rules.legal(st, seat)
        card = self.drawn_card_played(seat, legal)
        if self.recorder is not None:
            self.recorder.add(seat, legal, card, "turn")
            self.recorder.note(drawn=self.recorder.cards_in_order(drawn))
        return card

    def drawn_card_played(self, seat: int, legal: int) -> int:
        """The card played after a draw: the one that fits (played at once, as the drawn card
        of a first-fit draw), or the player's choice among several; ``PASS`` when none fits."""
        if not legal:
            return PASS
        if legal & (legal - 1):
            return self.table.strategies[seat](self.st, seat, legal, False, self.rng)
        return legal.bit_length() - 1
