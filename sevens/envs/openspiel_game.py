"""Any rule set as an OpenSpiel game (extra ``sevens[openspiel]``).

``pyspiel.load_game("python_sevens(rules=parliament,players=4)")`` loads a
built-in rule set; :func:`game` takes an id, a rulespec file or compiled rules.
The game is sequential, of imperfect information, with explicit chance: the
deal is a chance node per card (each outcome a card id still to be dealt, or
``n + k`` for the k-th joker where the rules have jokers; the cards going
round from the dealer's neighbour in the direction of play; where the rules
leave a stock, the cards after the hands are the stock in drawing order),
then every decision is a player's, forced passes, draws, covers and redeems
included.  Actions are :mod:`sevens.runtime.encoding`'s (card ids ``0 .. n-1``,
``n`` = pass, then the draw and one cover action per card where the rules
have them); the observation tensor is :mod:`sevens.runtime.encoding`'s; returns are
:func:`~sevens.runtime.encoding.deal_returns` (chips, points or a win).

The few random events of a deal after the shuffle (the opening card a dealer
names, penalty cards taken at random) are drawn from a generator seeded by
the deal itself, so a state is a function of its action history: clones are
rebuilt by replaying it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from sevens.runtime.api import Rules
from sevens.runtime.contract import MatchWinner, RuleSet
from sevens.runtime.encoding import (
    action_count,
    action_index,
    deal_returns,
    encode,
    joker_base,
    observation_size,
    step_action,
)
from sevens.runtime.engine import DECISION_LIMIT_PER_CARD
from sevens.runtime.randomness import GameRandom

from .game import Game, IllegalAction, load_game_rules

SHORT_NAME = "python_sevens"
_MAX_PLAYERS = 10

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Sevens family (sevens rulespecs)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "parliament", "players": 4, "dealer": 0},
)


def utility_bound(rule_set: RuleSet, players: int) -> float:
    """A bound on the absolute value of any seat's return from one deal.

    Win indicators lie in [0, 1].  Chips and points are bounded loosely: every
    decision the deal can last (the engine's limit) may cost each seat up to
    the largest card value (at least 10) per card; a deliberately wide bound
    for algorithms that normalise returns, not a tight one.
    """
    on_points = rule_set.session.winner in (MatchWinner.HIGHEST_POINTS, MatchWinner.LOWEST_POINTS)
    if not on_points and rule_set.chips is None:
        return 1.0
    most = max([abs(v) for v in rule_set.card_value] + [10])
    return float(DECISION_LIMIT_PER_CARD * rule_set.n_cards * players * most)


class SevensGame(pyspiel.Game):
    """One deal of a rule set as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None, rules: Rules | None = None) -> None:
        params = dict(params or {})
        self.rules = (
            rules if rules is not None else load_game_rules(str(params.get("rules", "parliament")))
        )
        self.players = int(params.get("players", 4))
        self.dealer = int(params.get("dealer", 0))
        rule_set = self.rules.rule_set
        jokers = 0 if rule_set.wild is None else rule_set.wild.jokers
        # the jokers are chance outcomes n, n+1, ... after the card ids
        self.n_cards = rule_set.n_cards
        self.deck = [*sorted(rule_set.dealt), *range(self.n_cards, self.n_cards + jokers)]
        self.seats = deal_order(rule_set, self.players, self.dealer)
        if not rule_set.players.min <= self.players <= rule_set.players.max:
            raise ValueError(
                f"{rule_set.id} is played by {rule_set.players.min} to {rule_set.players.max} players"
            )
        bound = utility_bound(rule_set, self.players)
        positive = bound == 1.0
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rule_set),
            max_chance_outcomes=rule_set.n_cards + jokers,
            num_players=self.players,
            min_utility=0.0 if positive else -bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=len(self.deck) + DECISION_LIMIT_PER_CARD * rule_set.n_cards,
        )
        params.update(rules=rule_set.id, players=self.players, dealer=self.dealer)
        super().__init__(_GAME_TYPE, info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> SevensGame:
        return self  # a game is immutable: its states share it

    def new_initial_state(self) -> SevensState:
        return SevensState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SevensObserver:
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SevensObserver(self, perfect_recall)


class SevensState(pyspiel.State):
    """A deal in progress: chance deals card by card, then the step API plays it."""

    def __init__(self, game: SevensGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by deep-copying these attributes.
        self.sevens = game
        self.dealt: list[int] = []  # card ids in the order dealt
        self.deal: _Deal | None = None

    @property
    def rules(self) -> Rules:
        return self.sevens.rules

    @property
    def play(self) -> Game | None:
        return None if self.deal is None else self.deal.game

    # -- whose turn -------------------------------------------------------
    def current_player(self) -> int:
        if self.play is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.play.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert self.play.current_player is not None
        return self.play.current_player

    def is_terminal(self) -> bool:
        return self.play is not None and self.play.is_over

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = set(self.dealt)
        left = [card for card in self.sevens.deck if card not in dealt]
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        if self.play is None or self.play.is_over or player != self.play.current_player:
            return []
        pending, rule_set = self.play.pending, self.rules.rule_set
        assert pending is not None  # the deal is not over
        return sorted(action_index(rule_set, pending.kind, action) for action in pending.actions)

    # -- acting -------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        if self.deal is None:
            if action not in dict(self.chance_outcomes()):  # off the deck, or dealt already
                raise IllegalSpielAction(f"chance outcome {action} is not a card left to deal")
            self.dealt.append(action)
            if len(self.dealt) == len(self.sevens.deck):
                self.deal = _Deal(self.sevens, tuple(self.dealt))
            return
        pending = self.deal.game.pending
        chosen = None if pending is None else step_action(self.rules.rule_set, pending.kind, action)
        if chosen is None:
            raise IllegalSpielAction(f"action {action} is not legal now")
        try:
            self.deal.apply(chosen)
        except IllegalAction as error:  # the step API's refusal, as OpenSpiel's own error
            raise IllegalSpielAction(str(error)) from None

    def _action_to_string(self, player: int, action: int) -> str:
        rule_set = self.rules.rule_set
        codes, n = rule_set.card_codes, rule_set.n_cards
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {codes[action]}" if action < n else f"deal joker {action - n + 1}"
        if action < n:
            return codes[action]
        if action == n:
            return "pass"
        if action >= joker_base(rule_set):
            return f"joker {codes[action - joker_base(rule_set)]}"
        played = step_action(rule_set, "cover", action)
        return "draw" if played is None else f"cover {codes[played]}"

    def returns(self) -> list[float]:
        if self.play is None or self.play.result is None:
            return [0.0] * self.sevens.players
        result = self.play.result
        return deal_returns(self.rules.rule_set, result.chips, result.points, result.winner)

    def __str__(self) -> str:
        codes = self.rules.rule_set.card_codes
        if self.play is None or self.play.state is None:
            return f"dealing: {len(self.dealt)} cards dealt"
        st = self.play.state
        lines = [f"table: {_cards(codes, st.table, st.joker_spots)}"]
        for seat, hand in enumerate(st.hands):
            lines.append(f"seat {seat}: {_cards(codes, hand)}{_jokers(st.jokers[seat])}")
        return "\n".join(lines)


class _Deal:
    """The dealt cards and the decisions since, around the step API's game (which cannot be copied)."""

    def __init__(self, sevens: SevensGame, dealt: tuple[int, ...]) -> None:
        self.sevens, self.dealt = sevens, dealt
        self.moves: list[int] = []
        players, dealer, seats, n = sevens.players, sevens.dealer, sevens.seats, sevens.n_cards
        hands, jokers = [0] * players, [0] * players
        for seat, card in zip(seats, dealt, strict=False):
            if card >= n:
                jokers[seat] += 1
            else:
                hands[seat] |= 1 << card
        stock = [card for card in dealt[len(seats) :] if card < n]  # a joker left over is unused
        rng = GameRandom(_deal_seed(dealt))
        self.game = Game(
            sevens.rules,
            players,
            hands=hands,
            stock=stock,
            dealer=dealer,
            rng=rng,
            record=False,
            jokers=jokers if sevens.rules.rule_set.wild is not None else None,
        )

    def apply(self, action: int) -> None:
        self.game.apply(action)
        self.moves.append(action)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        copy = _Deal(self.sevens, self.dealt)
        for action in self.moves:
            copy.apply(action)
        return copy


class IllegalSpielAction(pyspiel.SpielError, IllegalAction):
    """An illegal action: ``pyspiel.SpielError`` as OpenSpiel's own games raise for one (and
    still the step API's ``IllegalAction``)."""


def deal_order(rule_set: RuleSet, players: int, dealer: int) -> list[int]:
    """The seat that receives each dealt card in turn, as the engine deals (runtime/engine.py:
    ``deal_cards``; with jokers runtime/mechanics/jokers.py: ``deal_with_jokers``, the jokers shuffled in);
    the cards after these form the stock."""
    total = len(rule_set.dealt) + (0 if rule_set.wild is None else rule_set.wild.jokers)
    size = rule_set.deal.size_for(total, players)
    count = total if size is None else min(total, size * players)
    following = rule_set.following(players)
    seats, seat = [], following[dealer]
    for _ in range(count):
        seats.append(seat)
        seat = following[seat]
    return seats


def _deal_seed(dealt: tuple[int, ...]) -> int:
    """A seed that is a function of the deal (the same in every process: no salted hash)."""
    seed = 0
    for card in dealt:
        seed = (seed * 131 + card + 1) % (2**61 - 1)
    return seed


class SevensObserver:
    """Observation tensor (the shared encoding) and strings for one player."""

    def __init__(self, game: SevensGame, perfect_recall: bool) -> None:
        self.rule_set = game.rules.rule_set
        self.perfect_recall = perfect_recall
        size = observation_size(self.rule_set, game.players)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SevensState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.play is None or state.play.state is None:
            for seat, card in zip(state.sevens.seats, state.dealt, strict=False):
                if seat == player:  # what this player has been dealt so far
                    self.tensor[card] = 1.0
            return
        pending = state.play.pending
        kind = pending.kind if pending is not None and pending.seat == player else None
        self.tensor[:] = encode(
            self.rule_set, state.play.state, player, kind == "follow-up", kind == "redeem"
        )

    def string_from(self, state: SevensState, player: int) -> str:
        codes = self.rule_set.card_codes
        seats, n = state.sevens.seats, state.sevens.n_cards
        mine = [
            codes[c] if c < n else "joker"
            for seat, c in zip(seats, state.dealt, strict=False)
            if seat == player
        ]
        if not self.perfect_recall:
            if state.play is None or state.play.state is None:
                return f"p{player} hand: {' '.join(sorted(mine))}"
            st = state.play.state
            hand = _cards(codes, st.hands[player]) + _jokers(st.jokers[player])
            table = _cards(codes, st.table, st.joker_spots)
            sizes = ",".join(
                str(h.bit_count() + j) for h, j in zip(st.hands, st.jokers, strict=True)
            )
            return f"p{player} hand: {hand} | table: {table} | held: {sizes} | pot: {st.pot}"
        if state.play is None or state.play.state is None:
            return f"p{player} dealt: {' '.join(mine)} | moves: "
        play = state.play
        moves = " ".join(f"{seat}:{play.card(a)}" for seat, a in play.public_history())
        view = play.observation(player)  # what it drew and covered is its own knowledge
        hand = _cards(codes, view.hand) + _jokers(view.jokers)
        covered = " ".join(codes[c] for c in range(len(codes)) if view.covered >> c & 1)
        return f"p{player} dealt: {' '.join(mine)} | moves: {moves} | hand: {hand} | covered: {covered}"


def _cards(codes: Any, mask: int, jokers: int = 0) -> str:
    """The cards of ``mask`` as codes, ``*`` after those a joker stands for; ``-`` for none."""
    shown = [
        codes[c] + ("*" if jokers >> c & 1 else "") for c in range(len(codes)) if mask >> c & 1
    ]
    return " ".join(shown) or "-"


def _jokers(count: int) -> str:
    """`` + 1 joker`` (``count`` jokers held), or nothing."""
    return f" + {count} joker{'s' if count > 1 else ''}" if count else ""


def game(rules: Rules | str | Path = "parliament", players: int = 4, dealer: int = 0) -> SevensGame:
    """An OpenSpiel game for any rule set: an id, a rulespec file or compiled rules."""
    loaded = load_game_rules(rules)
    return SevensGame(
        {"rules": loaded.rule_set.id, "players": players, "dealer": dealer}, rules=loaded
    )


pyspiel.register_game(_GAME_TYPE, SevensGame)
