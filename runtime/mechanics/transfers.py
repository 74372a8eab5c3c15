"""Penalty cards passed between hands (``passing.transfer``, the last-card penalty)."""

from __future__ import annotations

from ..api import DealState, GameError, bits
from ..contract import Direction, Pick, Role, Transfer
from ..mechanics.base import TurnsBase
from ..randomness import GameRandom


class Transfers(TurnsBase):
    """Moves cards from one hand to another as a :class:`Transfer` rule says."""

    def transfer(self, rule: Transfer, offender: int) -> int:
        """Move penalty cards between hands as the rule says (from each other player with
        ``others``; the record lists those moves under ``transfers``).  Returns the cards moved."""
        if rule.source is not Role.OTHERS:
            return self.move(rule, self.who(rule.source, offender), self.who(rule.target, offender))
        st, receiver, moved = self.st, self.who(rule.target, offender), 0
        for k in range(1, st.n_players):
            giver = (offender + k) % st.n_players
            if not st.places[giver]:
                moved += self.move(rule, giver, receiver, many=True)
        return moved

    def pass_transfer(self, rule: Transfer, seat: int) -> bool:
        """The transfer after a forced pass; True when it unblocks someone (a new round)."""
        return bool(self.transfer(rule, seat)) and self.can_play()

    def move(
        self, rule: Transfer, giver: int | None, receiver: int | None, many: bool = False
    ) -> int:
        """Move ``rule.cards`` cards from ``giver`` to ``receiver``, note it in the record, and
        return how many moved."""
        st = self.st
        if giver is None or receiver is None or giver == receiver:
            return 0
        cards = list(bits(st.hands[giver]))
        count = min(rule.cards, len(cards) - 1)  # never the giver's last card
        if count <= 0:
            return 0
        if rule.which is Pick.GIVER and giver in self.table.gives_asked:
            mask = self.ask_giver(giver, receiver, count)
        else:
            mask = sum(1 << c for c in self.pick(cards, count, rule.which, giver))
            st.hands[giver] ^= mask
            st.hands[receiver] |= mask
        if self.recorder is not None:
            moved_note = {"from": giver, "to": receiver, "cards": self.recorder.cards(mask)}
            # a decision notes one ``transfer``; any later move (each other player's, or the
            # penalty after a pass by choice that moved a forced pass's cards) in ``transfers``
            if many or "transfer" in self.recorder.decisions[-1]:
                self.recorder.decisions[-1].setdefault("transfers", []).append(moved_note)
            else:
                self.recorder.note(transfer=moved_note)
        return count

    def ask_giver(self, giver: int, receiver: int, count: int) -> int:
        """The giver's own choice, asked one card at a time of its strategy (the step API
        asks the person or agent at that seat; ``st.giving_to`` names the receiver meanwhile);
        each card moves as it is chosen.  Returns the mask of the cards given."""
        st, strategy, given = self.st, self.table.strategies[giver], 0
        st.giving_to = receiver
        try:
            for _ in range(count):
                card = strategy(st, giver, st.hands[giver], False, self.rng)
                if not st.hands[giver] >> card & 1:
                    raise GameError(f"seat {giver} cannot give a card it does not hold: {card}")
                st.hands[giver] ^= 1 << card
                st.hands[receiver] |= 1 << card
                given |= 1 << card
        finally:
            st.giving_to = -1
        return given

    def who(self, role: Role, offender: int) -> int | None:
        """The seat playing ``role`` relative to the offender, among players still in."""
        if role is Role.SELF:
            return offender
        st = self.st
        others = [(offender + k) % st.n_players for k in range(1, st.n_players)]  # left first
        others = [s for s in others if not st.places[s]]
        if not others:
            return None
        if role in (Role.NEXT, Role.PREVIOUS):
            clockwise = self.rules.rule_set.direction is Direction.CLOCKWISE
            role = Role.LEFT if (role is Role.NEXT) == clockwise else Role.RIGHT
        if role is Role.LEFT:
            return others[0]
        if role is Role.RIGHT:
            return others[-1]
        return most_cards(st, others, self.rng)


def most_cards(st: DealState, others: list[int], rng: GameRandom) -> int:
    """The other player holding most cards; on a tie one of the tied players at random (one
    draw, only on a tie), as any fixed seat would hand that seat the penalty's cards: "the
    nearest to the left" gave the offender's left neighbour 6 points more wins in
    ``sevens-overlook`` (tests/test_penalties.py)."""
    most = max(st.hands[s].bit_count() for s in others)
    tied = [s for s in others if st.hands[s].bit_count() == most]  # left first
    return tied[0] if len(tied) == 1 else tied[rng.below(len(tied))]
