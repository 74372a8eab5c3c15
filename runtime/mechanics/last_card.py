"""The "last card" announcement (``last_card``): a bot may forget it and pay the penalty."""

from __future__ import annotations

from ..mechanics.transfers import Transfers


class LastCard(Transfers):
    """A player left with one card announces it; forgetting costs the penalty transfer."""

    def announce_last_card(self, seat: int) -> None:
        """A bot forgets to say "last card" with the table's probability; it is always caught."""
        penalty, forgetful = self.rules.rule_set.last_card, self.table.forgetful
        if penalty is None or (forgetful is not None and seat not in forgetful):
            return
        if self.rng.random() < self.table.forget_last_card:
            if self.recorder is not None:
                self.recorder.note(forgot_last_card=True)
            self.transfer(penalty, seat)
