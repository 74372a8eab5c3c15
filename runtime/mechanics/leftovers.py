"""Face-up leftovers (``RuleSet.deal.leftovers``): the cards left after an equal deal.

They lie face up beside the layout (``DealState.leftovers``, a mask of card ids) and
belong to nobody.  On their turn, before playing from hand, a player may lay any of
them that fit, one at a time: each is a decision of its own (kind ``"leftover"``),
offered as the mask of the fitting leftovers with passing allowed, where a pass
means "no more leftovers: on to my hand".  Laying one is not the turn's play: the
player then plays from hand as usual, or passes, and pays, when no card of the
hand fits.  A leftover laid is a card laid, so a round in which one was laid does
not block the deal; a full round in which nobody laid a card, from hand or from the
leftovers, still does (leftovers that fit but that every player declined included).

A leftover is no card of the player's hand: it grants no follow-up and calls for no
"last card"; a suit it completes counts as completed by the player who laid it.

Strategies are asked with the leftovers as the legal cards, so a bot choosing among
the set bits of the mask lays them without knowing of them; it can tell a leftover
decision from a turn by the cards offered not being in its hand.
"""

from __future__ import annotations

from ..api import DealState, Rules
from ..choice import PASS
from ..turns import PAYS, PAYS_AFRESH, Plan, Turns

__all__ = ["LeftoverTurns", "lay_leftover", "leftover_options"]


def leftover_options(rules: Rules, st: DealState, seat: int) -> int:
    """The face-up leftovers ``seat`` may lay now: those the rules would let it play if they
    were in its hand (asked with them added, so conditions that read the hand see them)."""
    leftovers = st.leftovers
    if not leftovers:
        return 0
    hand = st.hands[seat]
    st.hands[seat] = hand | leftovers
    try:
        return rules.legal(st, seat) & leftovers
    finally:
        st.hands[seat] = hand


def lay_leftover(rules: Rules, st: DealState, seat: int, card: int) -> None:
    """``seat`` lays the face-up leftover ``card`` on the layout (through the rules' ``play``,
    as if from its hand, which is left as it was)."""
    bit = 1 << card
    st.leftovers ^= bit
    st.hands[seat] |= bit
    rules.play(st, seat, card)


class LeftoverTurns(Turns):
    """The one turn loop, each turn of which begins with the face-up leftovers."""

    laid = 0  # leftovers laid in the turn being played

    def legal_is_playable(self) -> bool:
        """Never: every turn asks :meth:`options`, which first offers the leftovers."""
        return False

    def plan(self) -> Plan:
        """The loop's plan, with :meth:`no_legal_card` always bound (a leftover laid before a
        pass starts the round afresh)."""
        return super().plan()._replace(hooks=True)

    def options(self, st: DealState, seat: int) -> int:
        """Offer the fitting leftovers first, then the hand's legal cards."""
        self.laid = self.lay_leftovers(seat) if st.leftovers else 0
        return self.hand_options(st, seat)

    def hand_options(self, st: DealState, seat: int) -> int:
        """The options of ``seat``'s hand once it is done with the leftovers."""
        return self.rules.legal(st, seat)

    def lay_leftovers(self, seat: int) -> int:
        """Ask ``seat`` for leftovers to lay, one at a time, until it declines or none fits;
        returns how many it laid."""
        rules, st, rng = self.rules, self.st, self.rng
        strategy, laid = self.table.strategies[seat], 0
        while True:
            fitting = leftover_options(rules, st, seat)
            if not fitting:
                return laid
            card = strategy(st, seat, fitting, True, rng)
            if self.recorder is not None:
                self.recorder.add(seat, fitting, card, "leftover")
            self.extra += 1
            if card == PASS:
                return laid
            lay_leftover(rules, st, seat, card)
            laid += 1
            if rules.rule_set.events:  # a leftover may complete a suit: its player did
                self.note_completed_suit(seat, card)

    def no_legal_card(self, seat: int) -> int:
        """A pass after leftovers were laid this turn is paid for, but it starts the blocked
        round afresh: a card was laid."""
        came_to = super().no_legal_card(seat)
        if came_to == PAYS and self.laid:
            return PAYS_AFRESH
        return came_to
