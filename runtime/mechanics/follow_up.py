"""What may happen after a play: suit events, follow-up cards, the "last card" call."""

from __future__ import annotations

from ..choice import PASS
from ..mechanics.last_card import LastCard


class FollowUps(LastCard):
    """Events, follow-up cards (``play.follow_up``) and the "last card" announcement."""

    def after_play(self, seat: int, card: int) -> int:
        """Events, follow-up cards and the "last card" announcement; returns extra decisions."""
        rule_set, st = self.rules.rule_set, self.st
        if rule_set.events:
            self.note_completed_suit(seat, card)
        if not st.hands[seat]:
            return 0
        taken = self.follow_ups(seat, card) if rule_set.follow_up is not None else 0
        hand = self.st.hands[seat]
        if hand and hand & (hand - 1) == 0 and rule_set.last_card is not None:
            self.announce_last_card(seat)
        return taken

    def note_completed_suit(self, seat: int, card: int) -> None:
        """The event ``player.completed`` reads: ``seat`` completed ``card``'s suit with it."""
        rule_set, st = self.rules.rule_set, self.st
        suit_cards = rule_set.suit_cards[rule_set.suit_of[card]]
        if st.table & suit_cards == suit_cards:
            st.completed.append(seat)

    def after_play_cards(self) -> int:
        """The cards after whose play :meth:`after_play` has something to do, as a mask."""
        rules, rule_set = self.rules, self.rules.rule_set
        after = rules.follow_trigger_cards if rule_set.follow_up is not None else 0
        if rule_set.last_card is not None or rule_set.events:
            after = (1 << rule_set.n_cards) - 1
        return after

    def follow_ups(self, seat: int, card: int) -> int:
        """Extra cards the same player may add at once after ``card``, the turn's first;
        returns the decisions taken."""
        rules, st = self.rules, self.st
        taken = 0
        follow_up = rules.rule_set.follow_up
        assert follow_up is not None
        optional, most = follow_up.optional, follow_up.max
        first = card  # play.follow_up.allow may compare each extra card with it
        extra = rules.follow_up(st, seat, card, first)
        while extra and st.hands[seat] and (most is None or taken < most):
            taken += 1
            card = self.table.strategies[seat](st, seat, extra, optional, self.rng)
            if self.recorder is not None:
                self.recorder.add(seat, extra, card, "follow-up")
            if card == PASS:
                break
            rules.play(st, seat, card)
            extra = rules.follow_up(st, seat, card, first)
        return taken
