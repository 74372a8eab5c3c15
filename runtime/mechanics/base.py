"""What every deal has: its table, its record, seats that go out and are ranked.

The mechanic modules build on :class:`TurnsBase`; the one turn loop
(:class:`sevens.runtime.turns.Turns`) combines them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..api import DealState, Rules, bits
from ..choice import PASS, Strategy
from ..contract import EndWhen, OverLimit, Pick
from ..randomness import GameRandom

#: Decisions per card in the deck after which a deal is declared endless.
DECISION_LIMIT_PER_CARD = 200


@dataclass
class DealResult:
    """The outcome of one deal (and its record when asked for)."""

    winner: int | None
    chips: list[int]
    points: list[int]
    decisions: int
    passes: int
    pot_left: int
    cards_left: list[int]
    places: list[int]
    record: dict[str, Any] | None = field(default=None, repr=False)


@dataclass
class Table:
    """Per-deal settings that are not rules: seats, dealer, bots, recording."""

    players: int
    strategies: list[Strategy]
    dealer: int = 0
    previous_winner: int | None = None
    carried_pot: int = 0
    record: bool = False
    forget_last_card: float = 0.0  # chance that a bot forgets to announce "last card"
    forgetful: frozenset[int] | None = None  # the seats that may forget (None: every seat)
    hands: list[int] | None = None  # given hands instead of a shuffled deal (the step API)
    stock: list[int] | None = None  # with given hands, the stock (drawn from its end)
    leader: int | None = None  # given first player instead of the rule set's leader
    explicit: bool = False  # ask the strategy for forced decisions too (one legal card, none)
    # the seats whose strategy chooses the cards they give where the giver chooses (``which:
    # giver``: a person, an agent); the others give as the engine's bots do (givers_order)
    gives_asked: frozenset[int] = frozenset()


class Recorder:
    """Collects the decisions of one deal for the game record."""

    def __init__(self, rules: Rules) -> None:
        self.codes = rules.rule_set.card_codes
        self.decisions: list[dict[str, Any]] = []

    def cards(self, mask: int) -> list[str]:
        return [self.codes[c] for c in bits(mask)]

    def cards_in_order(self, cards: list[int]) -> list[str]:
        return [self.codes[c] for c in cards]

    def add(self, seat: int, legal: int, card: int, kind: str) -> None:
        entry: dict[str, Any] = {"seat": seat, "legal": self.cards(legal)}
        entry["action"] = "pass" if card == PASS else "play"
        entry["card"] = None if card == PASS else self.codes[card]
        if kind != "turn":
            entry["kind"] = kind
        self.decisions.append(entry)

    def note(self, **facts: Any) -> None:
        """Add facts (an elimination, a penalty transfer) to the latest decision."""
        self.decisions[-1].update(facts)


def deal_cards(
    rules: Rules, players: int, dealer: int, rng: GameRandom
) -> tuple[list[int], list[int]]:
    """Shuffle and deal one card at a time in the direction of play, from the dealer's
    neighbour who plays first (left of the dealer unless play is counter-clockwise): every
    card, or ``deal.hand_size`` each.  Returns the hands and the stock (drawn from its end)."""
    deck = list(
        rules.rule_set.dealt_bits
    )  # the same permutation as shuffling card ids, bits ready to OR
    rng.shuffle(deck)
    return deal_deck(rules, players, dealer, deck)


def deal_deck(
    rules: Rules, players: int, dealer: int, deck: list[int]
) -> tuple[list[int], list[int]]:
    """Deal the shuffled ``deck`` (card bits) as :func:`deal_cards` does: hands and stock."""
    rule_set = rules.rule_set
    dealt = len(deck) - rule_set.undealt(players)
    hands = [0] * players
    following = rule_set.following(players)
    seat = following[dealer]
    for first in range(players):  # card k goes to the k-th seat (mod players) from the first
        # the bits are different cards', so their sum is their union, added up in C
        hands[seat] = sum(deck[first:dealt:players])
        seat = following[seat]
    return hands, [bit.bit_length() - 1 for bit in deck[dealt:]] if dealt < len(deck) else []


class TurnsBase:
    """The state of one deal's turns that every mechanic reads: seats still in, places."""

    def __init__(
        self,
        rules: Rules,
        st: DealState,
        rng: GameRandom,
        table: Table,
        recorder: Recorder | None,
    ) -> None:
        self.rules, self.st, self.rng, self.table, self.recorder = rules, st, rng, table, recorder
        self.following = rules.rule_set.following(st.n_players)
        self.active = st.n_players  # players still holding cards and not eliminated
        self.finished = 0
        self.eliminated: list[int] = []
        self.extra = 0  # decisions taken within a turn (follow-ups, redeems)

    @staticmethod
    def deal(
        rules: Rules, table: Table, rng: GameRandom
    ) -> tuple[list[int], list[int], list[int] | None]:
        """Hands, stock (drawn from its end) and jokers (none): shuffled and dealt, or the
        table's given hands and stock (the step API)."""
        if table.hands is None:
            return (*deal_cards(rules, table.players, table.dealer, rng), None)
        return list(table.hands), list(table.stock or []), None

    def out(self, seat: int) -> bool:
        """Whether ``seat``, who just played, has nothing left to play."""
        return not self.st.hands[seat]

    def goes_out(self, seat: int) -> bool:
        """``seat`` has no cards left; returns True when the deal ends."""
        st = self.st
        self.finished += 1
        self.active -= 1
        st.places[seat] = self.finished
        if st.winner is None:
            st.winner = seat
        rule_set = self.rules.rule_set
        if rule_set.end_when is EndWhen.FIRST_OUT:
            # where players can be eliminated, they rank below the others, who rank by the
            # fewest cards, in every deal alike; otherwise the others stopped playing unranked
            if rule_set.passing.over_limit is OverLimit.ELIMINATE:
                self.rank_the_rest()
            return True
        if self.active <= self.rules.rule_set.end_when.players_left:
            self.rank_the_rest()
            return True
        return False

    def rank_key(self, seat: int) -> tuple[int, ...]:
        """How players still holding cards rank when the deal ends: fewest cards first."""
        return (self.st.hands[seat].bit_count(), seat)

    def rank_the_rest(self) -> None:
        """Places for everyone still holding cards (:meth:`rank_key`), then the eliminated."""
        st = self.st
        holding = [s for s in range(st.n_players) if not st.places[s]]
        for seat in sorted(holding, key=self.rank_key):
            self.finished += 1
            st.places[seat] = self.finished
        for seat in reversed(self.eliminated):  # the earliest eliminated ranks lowest
            self.finished += 1
            st.places[seat] = self.finished

    def next_seat(self, seat: int) -> int:
        """The next seat to play after ``seat`` (the turn loop inlines this in its hot path)."""
        rule_set, following = self.rules.rule_set, self.following
        seat = following[seat]
        if rule_set.end_when.ranks_everyone or rule_set.passing.over_limit is not None:
            while self.st.places[seat]:
                seat = following[seat]
        return seat

    def can_play(self) -> bool:
        """Whether a player still in holds a legal card.  Cards passed between hands leave the
        table as it is, so once nobody can play, no transfer alone can end the deal."""
        st, legal = self.st, self.rules.legal
        return any(legal(st, seat) for seat in range(st.n_players) if not st.places[seat])

    def codes_of(self, card: int) -> str:
        return self.rules.rule_set.card_codes[card]

    def pick(
        self, cards: list[int], count: int, which: Pick, giver: int | None = None
    ) -> list[int]:
        """``count`` of ``cards`` as ``which`` says (at random, by card value, or as ``giver``
        chooses)."""
        if which is Pick.RANDOM:
            return self.rng.sample(cards, count)
        if which is Pick.GIVER and giver is not None:
            return self.givers_choice(cards, count, giver)
        value = self.rules.rule_set.card_value
        highest = which is Pick.HIGHEST_VALUE
        ordered = sorted(cards, key=lambda c: (value[c], c), reverse=highest)
        return ordered[:count]

    def givers_choice(self, cards: list[int], count: int, giver: int) -> list[int]:
        """The cards a bot at ``giver`` gives (:func:`givers_order`)."""
        return givers_order(self.rules, self.st, giver, cards)[:count]

    def pay_pot(self, seat: int, amount: int) -> None:
        """``seat`` pays ``amount`` chips into the pot."""
        st = self.st
        st.chips[seat] -= amount
        st.pot += amount


def givers_order(rules: Rules, st: DealState, giver: int, cards: list[int]) -> list[int]:
    """The order in which a bot at ``giver`` gives ``cards`` where the giver chooses: first
    those it cannot play now, the highest-valued first (a card left in hand costs its value),
    then the playable ones; ties: the higher card.  The step API and the terminal game give
    their bots' cards in this order too."""
    playable, value = rules.legal(st, giver), rules.rule_set.card_value
    return sorted(cards, key=lambda c: (not playable >> c & 1, value[c], c), reverse=True)
