"""A search bot: determinised Monte Carlo over the compiled engine.

At a decision with a real choice the bot deals the cards it cannot see to
the other players many times over ("determinisations"), each consistent with
what it knows: the cards on the table and in its hand, every player's number
of cards, and the cards a player cannot hold because it passed while they
were playable (a forced pass means no playable card at that moment; the
bot replays the round since its last choice on the public table to know what
was playable at each passer's turn).  In each sampled world it plays every
legal action and finishes the deal with the heuristic's choices for everyone
(computed with masks: :func:`fast_heuristic`), through the engine's own turn
loop; the heuristic's own choice stands unless another action is clearly
better over the same worlds.  The budget is a number of playouts per decision
(deterministic) or a time per decision.

With jokers the actions include joker plays (``n_cards + card``, as the engine
offers them), the playouts run the one turn loop with the joker hooks (runtime/mechanics/jokers.py), and a
sampled world deals the jokers the other players hold among them with the
unseen cards, each player keeping the number of cards and jokers it holds
(public: a joker is held like a card).  Who holds which joker is not tracked
beyond that: a redeemed joker's holder is public, but the bot treats it as
unseen, which costs it information, never lets it see a hidden card.  A card
whose redeem was declined stays with its holder (that is public).
"""

from __future__ import annotations

import itertools
import time
from typing import Any

from sevens.runtime.api import DealState, GameError, Rules, bits
from sevens.runtime.choice import PASS, Strategy
from sevens.runtime.encoding import deal_returns
from sevens.runtime.engine import DealResult, Table, new_turns, score_deal
from sevens.runtime.mechanics.trumps import trump_for
from sevens.runtime.randomness import GameRandom

#: Playouts per decision when no budget is given (docs/strategies.md: strength and time).
DEFAULT_PLAYOUTS = 64
_SLOTS = DealState.__slots__


def copy_state(st: DealState) -> DealState:
    """An independent copy of a deal state (lists copied, ints shared)."""
    new = DealState.__new__(DealState)
    for name in _SLOTS:
        value = getattr(st, name)
        setattr(new, name, list(value) if isinstance(value, list) else value)
    return new


class _Knowledge:
    """What the bot has learnt in the current deal about who cannot hold which cards."""

    def __init__(self, st: DealState, rules: Rules) -> None:
        self.st, self.rules = st, rules
        self.void = [0] * st.n_players  # cards each seat is known not to hold
        self.playable = 0  # cards playable once the bot's previous choice was on the table
        self.after: DealState | None = None  # the public table once that choice was laid
        self.passes = list(st.passes)
        self.table = -1  # the table at the bot's previous decision
        self.stalled = False  # no card was played since then

    def update(self, st: DealState, seat: int, informative: bool, tracked: bool) -> None:
        """Learn from the forced passes since the bot's last choice: a seat that passed held
        no card playable at that moment (see :meth:`_round`)."""
        if informative and tracked and self.playable:
            exact = self._round(st, seat)
            still = self.playable & st.playable & ~st.table
            for other in range(st.n_players):
                if other != seat and st.passes[other] > self.passes[other]:
                    self.void[other] |= still | exact.get(other, 0)
        self.passes = list(st.passes)
        self.playable = st.playable if tracked else 0
        self.after = None
        self.stalled = st.table == self.table
        self.table = st.table

    def chose(self, st: DealState, seat: int, card: int) -> None:
        """Note the bot's choice: the table it leaves is where the next seats' turns start."""
        if not self.playable:
            return
        world = copy_state(st)
        world.hands = [0] * st.n_players  # only public facts: the others' hands are unknown
        n_cards = self.rules.rule_set.n_cards
        if card >= n_cards:  # a joker or a trump: the row grows as if its card were played
            self.rules.lay_out(world, card - n_cards)
        elif card != PASS and st.trump_spots >> card & 1:  # displaced: onto the trump row
            self.rules.lay_out(world, trump_for(self.rules.rule_set, st, card))
        elif card != PASS and not st.joker_spots >> card & 1:  # a redeem leaves the table as it is
            self.rules.play(world, seat, card)
        self.after, self.playable = world, world.playable

    def _round(self, st: DealState, seat: int) -> dict[int, int]:
        """Per seat that passed, the cards certainly playable when it passed.

        When every other seat took exactly one decision since the bot's choice (no follow-up
        cards, nobody out, no cards moved between hands), the cards laid meanwhile were played
        one each by the seats that did not pass, in turn order.  Each order of those cards
        that keeps every play legal is replayed on the public table; a passer lacked the cards
        playable at its turn in every such order.  Otherwise nothing is claimed (empty).
        """
        after, rules = self.after, self.rules
        if after is None or rules.rule_set.follow_up is not None or st.table & ~after.table == 0:
            return {}
        if rules.rule_set.wild is not None or rules.rule_set.trumps is not None:
            return {}  # joker plays, redeems, trumps in others' places: not one card per decision
        following = rules.rule_set.following(st.n_players)
        order = [following[seat]]
        while following[order[-1]] != seat:
            order.append(following[order[-1]])
        passed = {o for o in order if st.passes[o] == self.passes[o] + 1}
        players = [o for o in order if o not in passed]
        laid = list(bits(st.table & ~after.table))
        if len(laid) != len(players) or len(laid) > 4 or any(st.places[o] for o in order):
            return {}
        if any(st.passes[o] not in (self.passes[o], self.passes[o] + 1) for o in order):
            return {}
        found: dict[int, int] | None = None
        for cards in itertools.permutations(laid):
            seen = _replay_round(rules, after, order, passed, cards)
            if seen is not None:
                found = seen if found is None else {o: found[o] & seen[o] for o in found}
        return found or {}


def _replay_round(
    rules: Rules, after: DealState, order: list[int], passed: set[int], cards: tuple[int, ...]
) -> dict[int, int] | None:
    """The playable cards at each passer's turn when the non-passers laid ``cards`` in turn
    order; None when one of those plays would not have been legal."""
    world = copy_state(after)
    playable_at: dict[int, int] = {}
    laid = iter(cards)
    for other in order:
        if other in passed:
            playable_at[other] = world.playable & ~world.table
            continue
        card = next(laid)
        if not world.playable >> card & 1:
            return None
        world.hands[other] |= 1 << card  # the public copy holds no hands: give it the card
        rules.play(world, other, card)
    return playable_at


def sample_hands(
    st: DealState, seat: int, unseen: int, void: list[int], rng: GameRandom
) -> list[int] | None:
    """Deal the ``unseen`` cards to the other seats, their sizes kept, avoiding known voids."""
    others = [s for s in range(st.n_players) if s != seat and st.hands[s]]
    hands = list(st.hands)
    pool = list(bits(unseen))
    rng.shuffle(pool)
    # The most constrained seats choose first, so a consistent deal is rarely missed.
    order = sorted(others, key=lambda s: -(void[s] & unseen).bit_count())
    for other in order:
        need = st.hands[other].bit_count()
        chosen = [c for c in pool if not void[other] >> c & 1][:need]
        if len(chosen) < need:
            return None
        taken = set(chosen)
        pool = [c for c in pool if c not in taken]
        hands[other] = sum(1 << c for c in chosen)
    return hands


def sample_with_jokers(
    st: DealState, seat: int, unseen: int, void: list[int], rng: GameRandom
) -> tuple[list[int], list[int]] | None:
    """:func:`sample_hands` for rule sets with jokers: the unseen cards and the jokers the
    others hold (their total is public: the cards and jokers they hold, less the unseen cards)
    dealt to the other seats, each keeping its number of cards plus jokers; a card a joker
    stands for stays with its holder (they declined to redeem it, in public)."""
    others = [s for s in range(st.n_players) if s != seat and (st.hands[s] or st.jokers[s])]
    hands, jokers = list(st.hands), list(st.jokers)
    pool = [*bits(unseen), *[-1] * sum(st.jokers[s] for s in others)]  # -1: a joker
    rng.shuffle(pool)
    for other in sorted(others, key=lambda s: -(void[s] & unseen).bit_count()):
        kept = st.hands[other] & st.joker_spots
        need = st.hands[other].bit_count() + st.jokers[other] - kept.bit_count()
        chosen = [c for c in pool if c < 0 or not void[other] >> c & 1][:need]
        if len(chosen) < need:
            return None
        taken = set(chosen)
        pool = [c for c in pool if c not in taken or c < 0]
        for _ in range(chosen.count(-1)):
            pool.remove(-1)
        hands[other] = kept | sum(1 << c for c in chosen if c >= 0)
        jokers[other] = chosen.count(-1)
    return hands, jokers


def _unconstrained(st: DealState, seat: int, unseen: int, rng: GameRandom) -> list[int]:
    """The sizes-only deal, when the known voids cannot all be honoured (a penalty transfer moved cards)."""
    return sample_hands(st, seat, unseen, [0] * st.n_players, rng) or list(st.hands)


class SearchBot:
    """The strategy object; call it like any strategy."""

    def __init__(
        self,
        rules: Rules,
        playouts: int = DEFAULT_PLAYOUTS,
        seconds: float | None = None,
        shaping: float = 0.1,
        confidence: float = 1.0,
    ) -> None:
        self.rules, self.playouts, self.seconds = rules, max(1, playouts), seconds
        self.shaping, self.confidence = shaping, confidence
        self.rollout = fast_heuristic(rules)
        rule_set = rules.rule_set
        self.dealt = sum(1 << c for c in rule_set.dealt)
        self.knowledge: _Knowledge | None = None
        self.offered_leftovers = False  # the decision being searched offers face-up leftovers
        self.informative = not rule_set.passing.voluntary  # only forced passes tell anything
        self.decision_seconds: list[float] = []  # wall-clock time of each real choice (measurement)
        self.decision_cpu: list[float] = []  # processor time of each real choice (measurement)

    def __call__(
        self, st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom
    ) -> int:
        knowledge = self._knowledge(st, seat)
        # face-up leftovers offered before a turn (deal.leftovers): never cards of the hand
        self.offered_leftovers = legal != 0 and legal & st.leftovers == legal
        # A voluntary pass when nobody has played since one's last turn could go round forever.
        withhold = can_pass and not (knowledge.stalled and legal)
        actions = [*bits(legal), PASS] if withhold else list(bits(legal))
        if len(actions) <= 1:
            choice = actions[0] if actions else PASS
        elif can_pass and not self.rules.rule_set.passing.voluntary:  # an optional follow-up
            choice = self.rollout(st, seat, legal, can_pass, rng)
        else:
            started, cpu = time.perf_counter(), time.process_time()
            choice = self._search(st, seat, actions, knowledge, GameRandom(rng.draw()))
            self.decision_seconds.append(time.perf_counter() - started)
            self.decision_cpu.append(time.process_time() - cpu)
        knowledge.chose(st, seat, choice)
        return choice

    def _knowledge(self, st: DealState, seat: int) -> _Knowledge:
        if self.knowledge is None or self.knowledge.st is not st:
            self.knowledge = _Knowledge(st, self.rules)
        self.knowledge.update(
            st, seat, self.informative, self.rules.legal_is_playable and st.opened
        )
        return self.knowledge

    def _search(
        self,
        st: DealState,
        seat: int,
        actions: list[int],
        knowledge: _Knowledge,
        rng: GameRandom,
    ) -> int:
        unseen = self.dealt & ~st.table & ~st.hands[seat] & ~st.leftovers  # leftovers: face up
        if self.rules.rule_set.wild is not None:
            unseen &= ~st.joker_spots  # a declined card is held by whoever declined, in public
        if self.rules.rule_set.trumps is not None:
            unseen = _unseen_with_trumps(self.rules, st, seat, unseen)
        # The heuristic's choice is the default; another action replaces it only when its paired
        # advantage over the same sampled worlds is clear (mean > z standard errors), since a
        # handful of worlds is noisy and the heuristic is a good player.
        preferred = self.rollout(st, seat, sum(1 << a for a in actions if a != PASS), False, rng)
        base = actions.index(preferred) if preferred in actions else 0
        gain = [0.0] * len(actions)
        square = [0.0] * len(actions)
        rounds = 0
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        budget_rounds = max(2, self.playouts // len(actions))
        while True:
            started = time.perf_counter()
            hands, jokers = self._sample(st, seat, unseen, knowledge, rng)
            values = [self._playout(st, seat, hands, jokers, action, rng) for action in actions]
            for index, value in enumerate(values):  # the same world for every action
                diff = value - values[base]
                gain[index] += diff
                square[index] += diff * diff
            rounds += 1
            if deadline is not None:
                # Stop when another world would end past the deadline (a world takes about as
                # long as the last one), not once past it: the time is a budget, not a minimum.
                now = time.perf_counter()
                if now + (now - started) > deadline and rounds >= 2:
                    break
            elif rounds >= budget_rounds:
                break
        return actions[self._pick(gain, square, rounds, base)]

    def _sample(
        self, st: DealState, seat: int, unseen: int, knowledge: _Knowledge, rng: GameRandom
    ) -> tuple[list[int], list[int]]:
        """One world: the others' hands (and jokers), consistent with what the bot knows."""
        if self.rules.rule_set.wild is None:
            hands = sample_hands(st, seat, unseen, knowledge.void, rng)
            return hands or _unconstrained(st, seat, unseen, rng), st.jokers
        blank = [0] * st.n_players
        world = sample_with_jokers(st, seat, unseen, knowledge.void, rng)
        world = world or sample_with_jokers(st, seat, unseen, blank, rng)
        if world is None:  # cards outside every hand (a deal that leaves cards out)
            raise GameError("the search bot cannot deal the unseen cards and jokers")
        return world

    def _pick(self, gain: list[float], square: list[float], rounds: int, base: int) -> int:
        """The action with the best mean gain over the default, if that gain is clear."""
        best = max(range(len(gain)), key=lambda i: (gain[i], -i))
        mean = gain[best] / rounds
        variance = max(square[best] / rounds - mean * mean, 0.0)
        error = (variance / max(rounds - 1, 1)) ** 0.5
        return best if mean > 0 and mean > self.confidence * error else base

    def _playout(
        self,
        st: DealState,
        seat: int,
        hands: list[int],
        jokers: list[int],
        action: int,
        rng: GameRandom,
    ) -> float:
        """Finish the deal in one sampled world after ``action``; the seat's value of the outcome."""
        world = copy_state(st)
        world.hands, world.jokers = list(hands), list(jokers)
        first = [True]
        rollout = self.rollout
        # the turn starts again from its leftovers: those the seat declined it declines again
        at_turn = not self.offered_leftovers

        def mine(s: DealState, at: int, legal: int, can_pass: bool, r: GameRandom) -> int:
            if first[0] and at_turn and legal and legal & s.leftovers == legal:
                return PASS
            if first[0]:
                first[0] = False
                return action
            return rollout(s, at, legal, can_pass, r)

        strategies: list[Strategy] = [rollout] * st.n_players
        strategies[seat] = mine
        table = Table(st.n_players, strategies, dealer=st.dealer)
        result = _continue(self.rules, world, table, rng, seat)
        returns = deal_returns(self.rules.rule_set, result.chips, result.points, result.winner)
        won = 1.0 if result.winner == seat else 0.0
        # The rule set's returns, a win, and (shaping) holding fewer cards than the others at the
        # end: a denser signal than the win alone when only a few worlds are sampled.
        left = result.cards_left
        ahead = (sum(left) - left[seat]) / (len(left) - 1) - left[seat]
        return returns[seat] + won + self.shaping * ahead


def _unseen_with_trumps(rules: Rules, st: DealState, seat: int, unseen: int) -> int:
    """``unseen`` where trumps lie in others' places: such a trump is on the table though its
    bit is not, and the card it displaced is still in a hand (unless played to the trump row)
    though its place's bit is set."""
    for spot in bits(st.trump_spots):
        trump = trump_for(rules.rule_set, st, spot)
        if not st.table >> trump & 1:  # the displaced card has not reached the trump row
            unseen = unseen & ~(1 << trump) | (1 << spot) & ~st.hands[seat]
    return unseen


def _continue(rules: Rules, st: DealState, table: Table, rng: GameRandom, seat: int) -> DealResult:
    """Play the deal on from ``seat``'s decision with the engine's turn loop (the joker loop
    where the rules have jokers), and score it."""
    turns = new_turns(rules, st, rng, table)
    turns.finished = sum(1 for place in st.places if place > 0)
    turns.active = sum(1 for s in range(st.n_players) if not st.places[s])
    turns.eliminated = [s for s in range(st.n_players) if st.eliminated[s]]
    decisions, passes = turns.run(seat)
    return score_deal(rules, st, decisions, passes)


def fast_heuristic(rules: Rules) -> Strategy:
    """The ``heuristic`` strategy's choices, computed with bitmasks (the playouts' policy).

    The heuristic scores each legal card by twice the number of its player's cards of the
    same suit beyond it, less one for opening a row when other plays exist, and keeps the
    first best card.  Here the cards beyond are one mask look-up and a bit count instead of
    a walk through the hand; tests/test_search.py checks both choose alike.
    """
    rule_set = rules.rule_set
    suit_of, rank_of, per_suit = rule_set.suit_of, rule_set.rank_of, rule_set.layout.rows_per_suit
    cards = range(rule_set.n_cards)
    higher = [_same_suit(rule_set.n_cards, suit_of, rank_of, c, 1) for c in cards]
    lower = [_same_suit(rule_set.n_cards, suit_of, rank_of, c, -1) for c in cards]
    first_row = [suit_of[c] * per_suit for c in cards]
    if rule_set.wild is not None or rule_set.trumps is not None:  # options n_cards + card
        return _fast_joker_heuristic(rule_set.n_cards, rank_of, higher, lower, first_row)

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        hand, row_start = st.hands[seat], st.row_start
        crowded = legal & (legal - 1) != 0
        # face-up leftovers (cards outside the hand): laid only when one scores above 0
        best, best_score = PASS, (0 if legal & ~hand else -(10**9))
        while legal:
            low = legal & -legal
            legal ^= low
            card = low.bit_length() - 1
            rank, start = rank_of[card], row_start[first_row[card]]
            beyond = higher[card] if rank >= start else lower[card]
            value = 2 * (hand & beyond).bit_count() - (rank == start and crowded)
            if value > best_score:
                best, best_score = card, value
        return best

    return choose


def _fast_joker_heuristic(
    n_cards: int, rank_of: Any, higher: list[int], lower: list[int], first_row: list[int]
) -> Strategy:
    """:func:`fast_heuristic` where options from ``n_cards`` up are joker plays: a joker is
    scored as the card it stands for, plus one, as the ``heuristic`` strategy scores it."""

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        hand, row_start = st.hands[seat], st.row_start
        crowded = legal & (legal - 1) != 0
        best, best_score = PASS, -(10**9)
        while legal:
            low = legal & -legal
            legal ^= low
            option = low.bit_length() - 1
            joker = option >= n_cards
            card = option - n_cards if joker else option
            rank, start = rank_of[card], row_start[first_row[card]]
            beyond = higher[card] if rank >= start else lower[card]
            value = 2 * (hand & beyond).bit_count() - (rank == start and crowded) + joker
            if value > best_score:
                best, best_score = option, value
        return best

    return choose


def _same_suit(n_cards: int, suit_of: Any, rank_of: Any, card: int, direction: int) -> int:
    """The cards of ``card``'s suit ranked above it (direction 1) or below it (-1)."""
    mask = 0
    for other in range(n_cards):
        if suit_of[other] == suit_of[card] and (rank_of[other] - rank_of[card]) * direction > 0:
            mask |= 1 << other
    return mask


def search_strategy(
    rules: Rules, playouts: int = DEFAULT_PLAYOUTS, seconds: float | None = None
) -> Strategy:
    """The search bot as a strategy (``--strategy search``)."""
    return SearchBot(rules, playouts, seconds)
