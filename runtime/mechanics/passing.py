"""Passing: voluntary passes and their cost, the pass limit and elimination beyond it.

The payment for a forced pass and the blocked-round rule live in the turn loop itself
(:meth:`sevens.runtime.turns.Turns.run`), once: every rule set passes.
"""

from __future__ import annotations

from ..api import DealState, bits
from ..contract import RuleSet
from ..mechanics.transfers import Transfers


def may_pass(rule_set: RuleSet, st: DealState, seat: int) -> bool:
    """Whether ``seat``, able to play, may pass anyway.

    Only with voluntary passing, within the pass limit, and never while the
    opening card is still to come: its holder must lay it (seed 000, "muss
    sie … legen"), so a player who can play before the opening is down holds it.
    """
    passing = rule_set.passing
    if not passing.voluntary or not st.opened:
        return False
    return passing.limit is None or st.passes[seat] < passing.limit


class Passing(Transfers):
    """Voluntary passes (their cost and transfer) and elimination beyond the pass limit."""

    def voluntary_pass(self, seat: int) -> None:
        """``seat`` passes although able to play: it counts, costs, and may move cards."""
        st, passing = self.st, self.rules.rule_set.passing
        st.passes[seat] += 1
        cost = passing.voluntary_cost
        if not isinstance(cost, int):
            self.pay_pot(seat, self.rules.voluntary_pass_cost(st, seat))
        elif cost:
            self.pay_pot(seat, cost)
        if passing.voluntary_with_transfer and passing.transfer is not None:
            self.transfer(passing.transfer, seat)  # the pretended pass moves cards as any pass
        transfer = passing.voluntary_transfer
        if transfer is not None:
            self.transfer(transfer, seat)

    def eliminate(self, seat: int) -> bool:
        """A pass beyond the limit: the player's hand goes onto the layout; True if the deal ends."""
        st, rules = self.st, self.rules
        if self.recorder is not None:
            self.recorder.note(eliminated=True)
        for card in bits(st.hands[seat]):
            rules.lay_out(st, card)
        st.hands[seat] = 0
        st.eliminated[seat] = True
        st.places[seat] = -1  # placed at the end, below everyone who finishes
        self.eliminated.append(seat)
        self.active -= 1
        if self.active <= 1:
            self.rank_the_rest()
            if st.winner is None:  # nobody went out: the last player standing wins
                st.winner = st.places.index(1)
            return True
        return False
