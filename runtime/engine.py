"""The game loop: deal, turns, passes, chips, end of deal, scoring.

Deliberately thin: every rule comes from the ``Rules`` object (a generated
module or the reference interpreter): its legality, its scoring, and a few
declared mechanics (pass limits and elimination, penalty card transfers, the
"last card" announcement, who leads).  Seats are numbered clockwise; the
player left of the dealer is ``dealer + 1``.  Turns, the deal and the next
dealer follow ``rule_set.direction`` (``RuleSet.following``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .api import DealState, GameError, Rules, bits
from .choice import PASS, Strategy, choose_uniformly
from .contract import Direction, EndWhen, Leader, Pick, Role, RuleSet, Transfer

#: Decisions per card in the deck after which a deal is declared endless.
DECISION_LIMIT_PER_CARD = 200
_ENDLESS = "the deal did not end after {limit} decisions; the rules may never let it end"


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


def deal_hands(rules: Rules, players: int, dealer: int, rng: random.Random) -> list[int]:
    """The hands of :func:`deal_cards` (the stock set aside)."""
    return deal_cards(rules, players, dealer, rng)[0]


def deal_cards(
    rules: Rules, players: int, dealer: int, rng: random.Random
) -> tuple[list[int], list[int]]:
    """Shuffle and deal one card at a time in the direction of play, from the dealer's
    neighbour who plays first (left of the dealer unless play is counter-clockwise): every
    card, or ``deal.hand_size`` each.  Returns the hands and the stock (drawn from its end)."""
    rule_set = rules.rule_set
    deck = list(rule_set.dealt_bits)  # the same permutation as shuffling card ids, bits ready to OR
    rng.shuffle(deck)
    dealt = len(deck) - rule_set.undealt(players)
    hands = [0] * players
    following = rule_set.following(players)
    seat = following[dealer]
    for first in range(players):  # card k goes to the k-th seat (mod players) from the first
        hand = 0
        for bit in deck[first:dealt:players]:
            hand |= bit
        hands[seat] = hand
        seat = following[seat]
    return hands, [bit.bit_length() - 1 for bit in deck[dealt:]]


def choose_leader(rules: Rules, st: DealState, previous_winner: int | None) -> int:
    """Who takes the first turn, as the rule set's ``LEADER`` says."""
    rule_set = rules.rule_set
    leader, following = rule_set.opening.leader, rule_set.following(st.n_players)
    if leader is Leader.HOLDER:
        return _holder(st, st.opening_mask, following)
    if leader is Leader.HOLDER_OF_CARD and rule_set.opening.leader_card is not None:
        return _holder(st, rule_set.deck.copies_of(rule_set.opening.leader_card), following)
    if leader is Leader.HOLDER_OF_LOWEST:
        for card in rule_set.opening.leader_order:
            if any(hand >> card & 1 for hand in st.hands):
                return _holder(st, 1 << card, following)
        # with a stock they may all lie in it: the dealer's neighbour then leads
        return following[st.dealer]
    if leader is Leader.PREVIOUS_WINNER and previous_winner is not None:
        return previous_winner
    return following[st.dealer]


def lay_out_by_holders(rules: Rules, st: DealState) -> None:
    """With ``layout.by_holders``, each player lays the preplaced cards they were dealt."""
    if not rules.rule_set.layout.by_holders:
        return
    for card in rules.rule_set.preplaced_cards:
        for seat in range(st.n_players):
            if st.hands[seat] >> card & 1:
                st.hands[seat] ^= 1 << card
                rules.lay_out(st, card)


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


def _holder(st: DealState, mask: int, following: tuple[int, ...]) -> int:
    """The first player after the dealer (in the direction of play) holding a card of ``mask``
    (packs may repeat it)."""
    seat = st.dealer
    for _ in range(st.n_players):
        seat = following[seat]
        if st.hands[seat] & mask:
            return seat
    raise GameError("nobody holds the opening card")


class _Recorder:
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


def play_deal(rules: Rules, table: Table, rng: random.Random) -> DealResult:
    """Play one deal to its end and score it."""
    if rules.rule_set.wild is not None:  # jokers have their own deal and turn loop, chosen per deal
        from .wild import play_wild_deal  # it builds on this module

        return play_wild_deal(rules, table, rng)
    players, dealer = table.players, table.dealer
    if table.hands is None:
        hands, stock = deal_cards(rules, players, dealer, rng)
    else:  # given hands (the step API), and the stock if one is given
        hands, stock = list(table.hands), list(table.stock or [])
    st = DealState(players, dealer, hands, rules.rule_set.n_rows)
    st.stock = list(stock)  # drawn from its end
    dealt = list(st.hands) if table.record else []
    rules.setup(st)  # lays out pre-placed cards and collects the antes
    st.pot += table.carried_pot
    opening_card = name_opening_card(rules, st, rng)
    seat = table.leader  # given (the step API), else chosen from the hands as dealt
    if seat is None:
        seat = choose_leader(rules, st, table.previous_winner)
    lay_out_by_holders(rules, st)
    layout_start = st.table
    recorder = _Recorder(rules) if table.record else None
    decisions, passes = _Turns(rules, st, rng, table, recorder).run(seat)
    result = _score(rules, st, decisions, passes)
    if recorder is not None:
        result.record = {
            "dealer": dealer,
            "hands": [recorder.cards(h) for h in dealt],
            "layout_start": recorder.cards(layout_start),
            "decisions": recorder.decisions,
        }
        if opening_card is not None:
            result.record["opening_card"] = rules.rule_set.card_codes[opening_card]
        if stock:
            result.record["stock"] = recorder.cards_in_order(stock[::-1])  # in drawing order
    return result


def name_opening_card(rules: Rules, st: DealState, rng: random.Random) -> int | None:
    """When the dealer names the opening card, a bot dealer picks one at random."""
    choices = rules.rule_set.opening_choices
    if not choices:
        return None
    mask = choices[int(rng.random() * len(choices))]
    st.opening_mask = mask
    st.opened = False
    return (mask & -mask).bit_length() - 1


class _Turns:
    """The turn loop of one deal, with the declared mechanics of the rules."""

    def __init__(
        self,
        rules: Rules,
        st: DealState,
        rng: random.Random,
        table: Table,
        recorder: _Recorder | None,
    ) -> None:
        self.rules, self.st, self.rng, self.table, self.recorder = rules, st, rng, table, recorder
        self.active = st.n_players  # players still holding cards and not eliminated
        self.finished = 0
        self.eliminated: list[int] = []

    def plain(self) -> bool:
        """Whether the deal can take :meth:`run_plain`: no mechanic beyond playing a card and
        paying for a forced pass, legality read from ``playable``, and nothing to record or ask."""
        rules, rule_set = self.rules, self.rules.rule_set
        passing = rule_set.passing
        return (
            rules.legal_is_playable
            and self.recorder is None
            and not self.table.explicit
            and not passing.voluntary
            and not passing.cover
            and passing.transfer is None
            and passing.over_limit is None
            and rule_set.draw is None
            and rule_set.follow_up is None
            and rule_set.last_card is None
            and not rule_set.events
        )

    def run_plain(self, seat: int) -> tuple[int, int]:
        """:meth:`run` for the rule sets :meth:`plain` accepts: the same turns, decisions and
        draws from ``rng``, with the tests for absent mechanics left out of the hot loop."""
        rules, st, rng = self.rules, self.st, self.rng
        strategies, hands, play, legal_moves = (
            self.table.strategies,
            st.hands,
            rules.play,
            rules.legal,
        )
        rule_set = rules.rule_set
        following = rule_set.following(st.n_players)
        uniform = strategies.count(choose_uniformly) == len(strategies)
        random = rng.random
        constant_cost = rule_set.passing.cost if isinstance(rule_set.passing.cost, int) else None
        pass_cost, skip_out = rules.pass_cost, rule_set.end_when is EndWhen.ALL_OUT
        passes = stuck = 0
        for decisions in range(1, DECISION_LIMIT_PER_CARD * rule_set.n_cards + 1):
            legal = hands[seat] & st.playable if st.opened else legal_moves(st, seat)
            if legal:
                stuck = 0
                if not legal & (legal - 1):  # one legal card: there is no choice to ask for
                    card = legal.bit_length() - 1
                elif uniform:  # as choose_uniformly draws it
                    choice = int(random() * legal.bit_count())
                    while choice:
                        legal &= legal - 1
                        choice -= 1
                    card = (legal & -legal).bit_length() - 1
                else:
                    card = strategies[seat](st, seat, legal, False, rng)
                play(st, seat, card)
                if not hands[seat] and self.goes_out(seat):
                    return decisions, passes
            else:
                passes += 1
                stuck += 1
                st.passes[seat] += 1
                st.last_passer = seat
                cost = pass_cost(st, seat) if constant_cost is None else constant_cost
                if cost:
                    st.chips[seat] -= cost
                    st.pot += cost
                if stuck >= self.active:  # a full round in which nobody could play
                    if skip_out:
                        self.rank_the_rest()
                    return decisions, passes
            seat = following[seat]
            if skip_out:
                while st.places[seat]:
                    seat = following[seat]
        raise GameError(_ENDLESS.format(limit=DECISION_LIMIT_PER_CARD * rule_set.n_cards))

    def run(self, seat: int) -> tuple[int, int]:
        """Play turns from ``seat``; returns (decisions, passes).  Sets ``st.winner``."""
        if self.plain():
            return self.run_plain(seat)
        rules, st, rng, recorder = self.rules, self.st, self.rng, self.recorder
        strategies, hands = self.table.strategies, st.hands
        following = rules.rule_set.following(st.n_players)
        legal_moves, play, rule_set = rules.legal, rules.play, rules.rule_set
        passing = rule_set.passing
        voluntary, has_follow_up, fast = (
            passing.voluntary,
            rule_set.follow_up is not None,
            rules.legal_is_playable,
        )
        pass_limit, last_card, over_limit = passing.limit, rule_set.last_card, passing.over_limit
        # what a forced pass may lead to, read once: the pass branch runs every few decisions
        limited = pass_limit is not None and over_limit is not None
        draw_rule, cover, transfer = rule_set.draw, passing.cover, passing.transfer
        constant_cost = passing.cost if isinstance(passing.cost, int) else None
        pass_cost = rules.pass_cost
        explicit = self.table.explicit
        # every seat random: the choice among several cards is made here, not by a call
        uniform = strategies.count(choose_uniformly) == len(strategies) and not explicit
        random = rng.random
        unlimited = pass_limit is None
        skip_out = rule_set.end_when is EndWhen.ALL_OUT or over_limit is not None
        limit = DECISION_LIMIT_PER_CARD * rule_set.n_cards
        # Mechanics most rule sets lack are tested once per play, not per decision.
        # Plays after which something may happen: a follow-up trigger, or any play with "last card".
        after_play = rules.follow_trigger_cards if has_follow_up else 0
        if last_card is not None or rule_set.events:
            after_play = (1 << rule_set.n_cards) - 1
        extra = passes = stuck = 0  # extra: follow-up decisions taken within a turn
        for decisions in range(1, limit + 1):
            # Once the opening card is down, legality is the hand masked by the
            # playable set the rules keep up to date (the Rules contract).
            legal = hands[seat] & st.playable if fast and st.opened else legal_moves(st, seat)
            if legal:
                # may_pass, inlined: voluntary passing, the opening card down, within the limit
                can_pass = voluntary and st.opened and (unlimited or st.passes[seat] < pass_limit)  # type: ignore[operator]
                if uniform:  # choose_uniformly, inlined: the same draws from rng
                    count = legal.bit_count()
                    if can_pass:
                        choice = int(random() * (count + 1))
                    else:
                        choice = int(random() * count) if count > 1 else 0
                    if choice == count:  # only when passing is allowed
                        card = PASS
                    else:
                        rest = legal
                        while choice:
                            rest &= rest - 1
                            choice -= 1
                        card = (rest & -rest).bit_length() - 1
                elif can_pass or legal & (legal - 1) or explicit:
                    card = strategies[seat](st, seat, legal, can_pass, rng)
                else:  # one legal card and no right to pass: there is no choice to ask for
                    card = legal.bit_length() - 1
                if recorder is not None:
                    recorder.add(seat, legal, card, "turn")
                if card != PASS:
                    stuck = 0
                    play(st, seat, card)
                    if after_play >> card & 1:
                        extra += self.after_play(seat, card)
                    if not hands[seat] and self.goes_out(seat):
                        return decisions + extra, passes
                else:  # a voluntary pass: someone could play, so the deal is not blocked
                    stuck = 0
                    passes += 1
                    self.voluntary_pass(seat)
            else:
                if draw_rule is not None and st.stock:
                    stuck = 0  # the hand changes: the round proves nothing yet
                    if explicit:  # the caller takes the draw as its decision
                        strategies[seat](st, seat, 0, False, rng)
                    card = self.draw(seat, draw_rule.most)
                    if card != PASS:  # a drawn card fits and must be played
                        play(st, seat, card)
                        if after_play >> card & 1:
                            extra += self.after_play(seat, card)
                        if not hands[seat] and self.goes_out(seat):
                            return decisions + extra, passes
                        seat = self.next_seat(seat)
                        continue
                elif cover and hands[seat]:
                    stuck = 0  # a card left the hand: the round proves nothing yet
                    # the caller chooses the card to lay face down; bots lay their lowest-valued
                    self.cover(seat, strategies[seat](st, seat, 0, False, rng) if explicit else PASS)
                    if not hands[seat] and self.goes_out(seat):
                        return decisions + extra, passes
                    seat = self.next_seat(seat)
                    continue
                else:
                    if explicit:  # the caller acknowledges the forced pass
                        strategies[seat](st, seat, 0, False, rng)
                    if recorder is not None:
                        recorder.add(seat, 0, PASS, "turn")
                passes += 1
                if limited and st.passes[seat] >= pass_limit:  # type: ignore[operator]
                    if self.eliminate(seat):
                        return decisions + extra, passes
                    stuck = 0
                else:
                    stuck += 1
                    st.passes[seat] += 1
                    st.last_passer = seat
                    cost = pass_cost(st, seat) if constant_cost is None else constant_cost
                    if cost:
                        st.chips[seat] -= cost
                        st.pot += cost
                    if transfer is not None and self.transfer(transfer, seat) and self.can_play():
                        stuck = 0  # the passer got a card that unblocks someone: a new round
                    if stuck >= self.active:  # a full round in which nobody could play
                        if skip_out:
                            self.rank_the_rest()
                        return decisions + extra, passes
            seat = following[seat]
            if skip_out:
                while st.places[seat]:
                    seat = following[seat]
        raise GameError(_ENDLESS.format(limit=limit))

    def next_seat(self, seat: int) -> int:
        """The next seat to play after ``seat`` (the turn loops inline this in their hot path)."""
        rule_set = self.rules.rule_set
        following = rule_set.following(self.st.n_players)
        seat = following[seat]
        if rule_set.end_when is EndWhen.ALL_OUT or rule_set.passing.over_limit is not None:
            while self.st.places[seat]:
                seat = following[seat]
        return seat

    def can_play(self) -> bool:
        """Whether a player still in holds a legal card.  Cards passed between hands leave the
        table as it is, so once nobody can play, no transfer alone can end the deal."""
        st, legal = self.st, self.rules.legal
        return any(legal(st, seat) for seat in range(st.n_players) if not st.places[seat])

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

    def codes_of(self, card: int) -> str:
        return self.rules.rule_set.card_codes[card]

    def after_play(self, seat: int, card: int) -> int:
        """Events, follow-up cards and the "last card" announcement; returns extra decisions."""
        rule_set, st = self.rules.rule_set, self.st
        if rule_set.events:
            suit_cards = rule_set.suit_cards[rule_set.suit_of[card]]
            if st.table & suit_cards == suit_cards:  # this card completed its suit
                st.completed.append(seat)
        if not st.hands[seat]:
            return 0
        taken = self.follow_ups(seat, card) if rule_set.follow_up is not None else 0
        hand = self.st.hands[seat]
        if hand and hand & (hand - 1) == 0 and rule_set.last_card is not None:
            self.announce_last_card(seat)
        return taken

    def follow_ups(self, seat: int, card: int) -> int:
        """Extra cards the same player may add at once; returns the decisions taken."""
        rules, st = self.rules, self.st
        taken = 0
        follow_up = rules.rule_set.follow_up
        assert follow_up is not None
        optional, most = follow_up.optional, follow_up.max
        extra = rules.follow_up(st, seat, card)
        while extra and st.hands[seat] and (most is None or taken < most):
            taken += 1
            card = self.table.strategies[seat](st, seat, extra, optional, self.rng)
            if self.recorder is not None:
                self.recorder.add(seat, extra, card, "follow-up")
            if card == PASS:
                break
            rules.play(st, seat, card)
            extra = rules.follow_up(st, seat, card)
        return taken

    def goes_out(self, seat: int) -> bool:
        """``seat`` has no cards left; returns True when the deal ends."""
        st = self.st
        self.finished += 1
        self.active -= 1
        st.places[seat] = self.finished
        if st.winner is None:
            st.winner = seat
        if self.rules.rule_set.end_when is EndWhen.FIRST_OUT:
            if self.eliminated:  # those knocked out still rank below the others
                self.rank_the_rest()
            return True  # otherwise the others are not ranked: they stopped playing
        if self.active <= 1:
            self.rank_the_rest()
            return True
        return False

    def rank_the_rest(self) -> None:
        """Places for everyone still holding cards (fewest first), then the eliminated."""
        st = self.st
        holding = [s for s in range(st.n_players) if not st.places[s]]
        for seat in sorted(holding, key=lambda s: (st.hands[s].bit_count(), s)):
            self.finished += 1
            st.places[seat] = self.finished
        for seat in reversed(self.eliminated):  # the earliest eliminated ranks lowest
            self.finished += 1
            st.places[seat] = self.finished

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

    def voluntary_pass(self, seat: int) -> None:
        st, passing = self.st, self.rules.rule_set.passing
        st.passes[seat] += 1
        cost = passing.voluntary_cost
        _pay_pot(
            st, seat, cost if isinstance(cost, int) else self.rules.voluntary_pass_cost(st, seat)
        )
        transfer = passing.voluntary_transfer
        if transfer is not None:
            self.transfer(transfer, seat)

    def announce_last_card(self, seat: int) -> None:
        """A bot forgets to say "last card" with the table's probability; it is always caught."""
        penalty, forgetful = self.rules.rule_set.last_card, self.table.forgetful
        if penalty is None or (forgetful is not None and seat not in forgetful):
            return
        if self.rng.random() < self.table.forget_last_card:
            if self.recorder is not None:
                self.recorder.note(forgot_last_card=True)
            self.transfer(penalty, seat)

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
        moved = self.pick(cards, count, rule.which)
        mask = sum(1 << c for c in moved)
        st.hands[giver] ^= mask
        st.hands[receiver] |= mask
        if self.recorder is not None:
            moved_note = {"from": giver, "to": receiver, "cards": self.recorder.cards(mask)}
            if many:
                self.recorder.decisions[-1].setdefault("transfers", []).append(moved_note)
            else:
                self.recorder.note(transfer=moved_note)
        return count

    def pick(self, cards: list[int], count: int, which: Pick) -> list[int]:
        if which is Pick.RANDOM:
            return self.rng.sample(cards, count)
        value = self.rules.rule_set.card_value
        highest = which is Pick.HIGHEST_VALUE
        ordered = sorted(cards, key=lambda c: (value[c], c), reverse=highest)
        return ordered[:count]

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
        choose = _ROLE_CHOICE[role]
        return choose(st, others)


def _most_cards(st: DealState, others: list[int]) -> int:
    """The other player holding most cards, the nearest to the left on a tie."""
    return max(others, key=lambda s: (st.hands[s].bit_count(), -others.index(s)))


#: How each role other than ``self`` picks among the other players still in (left first).
_ROLE_CHOICE: dict[Role, Callable[[DealState, list[int]], int]] = {
    Role.LEFT: lambda st, others: others[0],
    Role.RIGHT: lambda st, others: others[-1],
    Role.MOST_CARDS: _most_cards,
}


def _pay_pot(st: DealState, seat: int, amount: int) -> None:
    st.chips[seat] -= amount
    st.pot += amount


def _score(rules: Rules, st: DealState, decisions: int, passes: int) -> DealResult:
    points = rules.settle(st)
    if rules.rule_set.passing.cover and points:
        st.winner = best_score(points, st.places)
    cards_left = [hand.bit_count() for hand in st.hands]
    return DealResult(
        st.winner, list(st.chips), points, decisions, passes, st.pot, cards_left, list(st.places)
    )


def best_score(points: list[int], places: list[int]) -> int:
    """The winner of a deal with covers: the most points, on a tie the one who finished first.

    Where a player who cannot play lays a card face down, every turn takes a card from a
    hand, so the order in which hands empty follows the seating from the leader and says
    nothing about the play (the leader would win every deal): the face-down cards decide.
    Chips paid to the winner, and ``player.is_winner`` in points, still read who finished
    first: settling comes before the points are known."""
    ranked = [places[s] if places[s] > 0 else len(places) + 1 for s in range(len(points))]
    return max(range(len(points)), key=lambda s: (points[s], -ranked[s], -s))
