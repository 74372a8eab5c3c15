"""Any rule set as an OpenSpiel game (extra ``sevens[openspiel]``).

``pyspiel.load_game("python_sevens(rules=parliament,players=4)")`` loads a
built-in rule set, ``rules=/path/to/house.yaml`` a rulespec file; :func:`game`
takes an id, a rulespec file or compiled rules.
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
rebuilt by replaying it, and so are serialised and pickled states.  A game is
serialised and pickled as its parameters (the rule set's id or file path,
players, dealer) and loaded again from them; a game made from compiled rules
alone has no such reference and refuses to be pickled or loaded again (say
the id or the file instead).

Bounds, the kind of utility and the game's length come from
:mod:`sevens.envs.bounds`; the information state tensor is the player's dealt
hand, its hand now (and the cards it covered), and the decisions so far, one
row per decision: who took it and which action (a card another seat laid face
down shows only as a cover).
"""

from __future__ import annotations

import pickle
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from sevens.runtime.api import Rules
from sevens.runtime.contract import RuleSet
from sevens.runtime.encoding import (
    action_count,
    action_index,
    asks_gives,
    cover_base,
    deal_returns,
    encode,
    joker_base,
    observation_size,
    step_action,
)
from sevens.runtime.randomness import GameRandom

from .bounds import declined_leftovers, max_decisions, progress_decisions, utility
from .game import Game, IllegalAction, load_game_rules

SHORT_NAME = "python_sevens"
_MAX_PLAYERS = 10

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Sevens family (sevens rulespecs)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,  # the registered default; each game says its own
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=_MAX_PLAYERS,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"rules": "parliament", "players": 4, "dealer": 0},
)


#: The prefix of the ``rules`` parameter of a game made from compiled rules (no id or file to load).
COMPILED = "compiled:"


def _game_type(kind: pyspiel.GameType.Utility) -> pyspiel.GameType:
    """The registered game type with the utility kind of one rule set."""
    fields = [
        "short_name",
        "long_name",
        "dynamics",
        "chance_mode",
        "information",
        "reward_model",
        "max_num_players",
        "min_num_players",
        "provides_information_state_string",
        "provides_information_state_tensor",
        "provides_observation_string",
        "provides_observation_tensor",
        "parameter_specification",
    ]
    values = {name: getattr(_GAME_TYPE, name) for name in fields}
    return pyspiel.GameType(utility=kind, **values)


class SevensGame(pyspiel.Game):
    """One deal of a rule set as an OpenSpiel game.

    ``params``: ``rules`` (a built-in id or a rulespec file's path), ``players``, ``dealer``.
    ``rules`` given as compiled rules take the place of the parameter (see :func:`game`).
    """

    def __init__(self, params: dict[str, Any] | None = None, rules: Rules | None = None) -> None:
        params = dict(params or {})
        reference = str(params.get("rules", "parliament"))
        self.rules = rules if rules is not None else _rules_of(reference)
        self.players = int(params.get("players", 4))
        self.dealer = int(params.get("dealer", 0))
        rule_set = self.rules.rule_set
        jokers = 0 if rule_set.wild is None else rule_set.wild.jokers
        # the jokers are chance outcomes n, n+1, ... after the card ids
        self.n_cards = rule_set.n_cards
        self.deck = [*sorted(rule_set.dealt), *range(self.n_cards, self.n_cards + jokers)]
        if not rule_set.players.min <= self.players <= rule_set.players.max:
            raise ValueError(
                f"{rule_set.id} is played by {rule_set.players.min} to {rule_set.players.max} players"
            )
        self.seats = deal_order(rule_set, self.players, self.dealer)
        #: The most decisions a deal can take (sevens.envs.bounds.max_decisions).
        self.max_decisions = max_decisions(rule_set, self.players)
        returns = utility(rule_set, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(rule_set),
            max_chance_outcomes=rule_set.n_cards + jokers,
            num_players=self.players,
            min_utility=returns.low,
            max_utility=returns.high,
            utility_sum=returns.total,
            max_game_length=len(self.deck) + self.max_decisions,
        )
        params.update(rules=reference, players=self.players, dealer=self.dealer)
        super().__init__(_game_type(_utility_kind(returns.total)), info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> SevensGame:
        return self  # a game is immutable: its states share it

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        """Pickled as its parameters (the rules' id or file, players, dealer), never its module."""
        params = self.get_parameters()
        if str(params["rules"]).startswith(COMPILED):
            raise pickle.PicklingError(_NOT_RELOADABLE.format(rules=params["rules"]))
        return (_game_from_parameters, (params,))

    def new_initial_state(self) -> SevensState:
        return SevensState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SevensObserver:
        """The observer: with ``perfect_recall`` the information state (string and tensor),
        without it the observation (the shared encoding and a string of what is seen now)."""
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return SevensObserver(self, perfect_recall)


_NOT_RELOADABLE = (
    "this game was made from compiled rules ({rules}), so it cannot be loaded again from its "
    "parameters: make it from the rule set's id or rulespec file (sevens.envs.openspiel_game.game"
    "('house.yaml') or rules=<path> in pyspiel.load_game) to pickle or serialise it"
)


def _game_from_parameters(params: dict[str, Any]) -> SevensGame:
    """A pickled game, loaded again from its parameters."""
    return SevensGame(params)


def _utility_kind(total: float | None) -> pyspiel.GameType.Utility:
    """Zero-sum, constant-sum or general-sum, from the returns' fixed sum (None: it varies)."""
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


def _rules_of(reference: str) -> Rules:
    """The compiled rules of a ``rules`` parameter: a built-in id or a rulespec file."""
    if reference.startswith(COMPILED):
        raise ValueError(_NOT_RELOADABLE.format(rules=reference))
    path = Path(reference)
    if path.is_file():  # a changed file is loaded afresh
        stat = path.stat()
        return _loaded(str(path.resolve()), stat.st_mtime_ns, stat.st_size)
    return _loaded(reference, 0, 0)


@cache
def _loaded(reference: str, mtime: int, size: int) -> Rules:
    """Rules loaded once per reference (and file version): a deserialised state loads its game."""
    return load_game_rules(reference)


class SevensState(pyspiel.State):
    """A deal in progress: chance deals card by card, then the step API plays it.

    Its Python attributes (which OpenSpiel deep-copies for a clone and pickles to serialise a
    state) are the cards dealt and the decisions since, and a cache of the running deal that
    is never copied or pickled: the deal is rebuilt from those two lists when first needed.
    """

    def __init__(self, game: SevensGame) -> None:
        super().__init__(game)
        self.dealt: list[int] = []  # card ids in the order dealt
        self.moves: list[int] = []  # the step API's actions since the deal
        self.running = _Running()

    @property
    def sevens(self) -> SevensGame:
        """The game, with its compiled rules."""
        game = self.get_game()
        assert isinstance(game, SevensGame)
        return game

    @property
    def rules(self) -> Rules:
        return self.sevens.rules

    @property
    def deal(self) -> _Deal | None:
        """The deal being played (None while dealing), rebuilt from the history if need be."""
        running = self.running.deal
        if running is not None:  # OpenSpiel asks for it several times a step: kept at hand
            return running
        sevens = self.sevens
        if len(self.dealt) < len(sevens.deck):
            return None
        running = self.running.deal = _Deal(sevens, tuple(self.dealt))
        for action in self.moves:
            running.game.apply(action)
        return running

    @property
    def play(self) -> Game | None:
        deal = self.deal
        return None if deal is None else deal.game

    # -- whose turn -------------------------------------------------------
    def current_player(self) -> int:
        play = self.play
        if play is None:
            return int(pyspiel.PlayerId.CHANCE)
        if play.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        assert play.current_player is not None
        return play.current_player

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
        deal = self.deal
        if deal is None:
            if action not in dict(self.chance_outcomes()):  # off the deck, or dealt already
                raise IllegalSpielAction(f"chance outcome {action} is not a card left to deal")
            self.dealt.append(action)
            return
        pending = deal.game.pending
        chosen = None if pending is None else step_action(self.rules.rule_set, pending.kind, action)
        if chosen is None:
            raise IllegalSpielAction(f"action {action} is not legal now")
        try:
            deal.game.apply(chosen)
        except IllegalAction as error:  # the step API's refusal, as OpenSpiel's own error
            raise IllegalSpielAction(str(error)) from None
        self.moves.append(chosen)

    def _action_to_string(self, player: int, action: int) -> str:
        rule_set = self.rules.rule_set
        codes, n = rule_set.card_codes, rule_set.n_cards
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {_copy(codes, action)}" if action < n else f"deal joker {action - n + 1}"
        if action < n:
            return _copy(codes, action)
        if action == n:
            return "pass"
        if action >= joker_base(rule_set):  # a joker, or a trump laid in that card's place
            mechanic = "trump" if rule_set.trumps is not None else "joker"
            return f"{mechanic} {codes[action - joker_base(rule_set)]}"
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
        if st.leftovers:  # the face-up leftovers (deal.leftovers)
            lines.append(f"face up: {_cards(codes, st.leftovers)}")
        for seat, hand in enumerate(st.hands):
            lines.append(f"seat {seat}: {_cards(codes, hand)}{_jokers(st.jokers[seat])}")
        return "\n".join(lines)


class _Running:
    """The cache of a state's running deal: a clone or an unpickled state starts without one
    (its deal is rebuilt from the history), since the step API's game cannot be copied."""

    def __init__(self) -> None:
        self.deal: _Deal | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Running:
        return _Running()

    def __reduce__(self) -> tuple[type[_Running], tuple[()]]:
        return (_Running, ())


class _Deal:
    """The step API's game for the dealt cards."""

    def __init__(self, sevens: SevensGame, dealt: tuple[int, ...]) -> None:
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
            trump_card=_last_dealt(sevens.rules.rule_set, dealt[: len(seats)]),
        )


def _last_dealt(rule_set: RuleSet, dealt: tuple[int, ...]) -> int | None:
    """The last card dealt to a seat, where it names trumps (else None)."""
    trumps = rule_set.trumps
    return dealt[-1] if trumps is not None and trumps.suit is None and dealt else None


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
    """Tensors and strings for one player: the information state (``perfect_recall``, see
    :func:`information_state_size`) or the observation (the shared encoding)."""

    def __init__(self, game: SevensGame, perfect_recall: bool) -> None:
        self.rule_set = game.rules.rule_set
        self.perfect_recall = perfect_recall
        if perfect_recall:
            size = information_state_size(self.rule_set, game.players)
        else:
            size = observation_size(self.rule_set, game.players)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"info_state" if perfect_recall else "observation": self.tensor}

    def set_from(self, state: SevensState, player: int) -> None:
        self.tensor.fill(0.0)
        if self.perfect_recall:
            _write_information_state(self.tensor, state, player)
            return
        if state.play is None or state.play.state is None:
            for seat, card in zip(state.sevens.seats, state.dealt, strict=False):
                if seat == player and card < self.rule_set.n_cards:  # dealt to it so far
                    self.tensor[card] = 1.0
            return
        pending = state.play.pending
        kind = pending.kind if pending is not None and pending.seat == player else None
        self.tensor[:] = encode(
            self.rule_set,
            state.play.state,
            player,
            kind == "follow-up",
            kind == "redeem",
            kind == "give",
            kind == "leftover",
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
            face_up = f" | face up: {_cards(codes, st.leftovers)}" if st.leftovers else ""
            trumps = _trumps_text(state)
            return (
                f"p{player} hand: {hand} | table: {table} | held: {sizes} | pot: {st.pot}"
                f"{trumps}{face_up}"
            )
        if state.play is None or state.play.state is None:
            return f"p{player} dealt: {' '.join(mine)}{_trumps_text(state)} | moves: "
        play = state.play
        moves = " ".join(f"{seat}:{play.card(a)}" for seat, a in play.public_history())
        view = play.observation(player)  # what it drew and covered is its own knowledge
        hand = _cards(codes, view.hand) + _jokers(view.jokers)
        covered = " ".join(codes[c] for c in range(len(codes)) if view.covered >> c & 1)
        face_up = f" | face up: {_cards(codes, view.leftovers)}" if view.leftovers else ""
        return (
            f"p{player} dealt: {' '.join(mine)}{_trumps_text(state)} | moves: {moves}"
            f" | hand: {hand} | covered: {covered}{face_up}"
        )


def information_state_size(rule_set: RuleSet, players: int) -> int:
    """Length of the information state tensor.

    ==========================  =====================================================
    part                        meaning
    ==========================  =====================================================
    n (+1 with jokers)          1 where the card was dealt to the player (its jokers /
                                the deck's jokers)
    n (+1 with jokers)          1 where the card is in its hand now (jokers likewise)
    n (with covers)             1 where it laid the card face down
    suits + n (with trumps)     the trump suit (one-hot, once it is known) and, where
                                the last card dealt names trumps, that card (one-hot):
                                both are shown to every player at the deal
    rows, one per decision      the passes since the previous row's decision / n;
    but a pass in turn          where givers choose penalty cards, the cards given
    or a give                   since then / n; the seat that decided (one-hot, P); the action
    (at most ``E`` rows)        (one-hot, ``action_count + 1``: the last is a card
                                another seat laid face down)
    1                           the passes since the last row / n
    1 (where givers choose)     the cards given since the last row / n
    ==========================  =====================================================

    Passes go round the table in order, so the number of passes between two other
    decisions says who passed: the rows hold the whole public history, and with the hands
    what the player itself knows (perfect recall).  Who gives a penalty card, and when,
    follows from the passes and the hand sizes; the card is known to its giver and receiver
    by their hands.  ``E`` is :func:`progress_events`.
    """
    n, wild = rule_set.n_cards, rule_set.wild is not None
    own = 2 * (n + wild) + (n if rule_set.passing.cover else 0) + _trumps_size(rule_set)
    trailing = 1 + asks_gives(rule_set)
    return own + _rows(rule_set, players) * _row_size(rule_set, players) + trailing


def _rows(rule_set: RuleSet, players: int) -> int:
    """The rows of the information state: every decision but a pass in turn takes one (a
    declined face-up leftover too)."""
    return progress_decisions(rule_set) + declined_leftovers(rule_set, players)


def _trumps_text(state: SevensState) -> str:
    """`` | trumps: H, named by 5H`` where the rules have trumps and the suit is known."""
    rule_set, seats = state.rules.rule_set, len(state.sevens.seats)
    trumps = rule_set.trumps
    if trumps is None:
        return ""
    card = _last_dealt(rule_set, tuple(state.dealt[:seats])) if len(state.dealt) >= seats else None
    suit = rule_set.suit_of[card] if card is not None else trumps.suit
    if suit is None:
        return ""
    named = f", named by {rule_set.card_codes[card]}" if card is not None else ""
    return f" | trumps: {rule_set.deck.suit_codes[suit]}{named}"


def _trumps_size(rule_set: RuleSet) -> int:
    """The trump part of the information state: the trump suit and the card naming it."""
    return 0 if rule_set.trumps is None else rule_set.deck.n_suits + rule_set.n_cards


def _write_trumps(tensor: Any, state: SevensState, at: int) -> None:
    """The trump suit and the last card dealt where it names trumps, from ``at``: public
    facts of the deal, known once the deal is complete (a fixed suit from the start)."""
    rule_set, seats = state.rules.rule_set, len(state.sevens.seats)
    trumps = rule_set.trumps
    assert trumps is not None
    suit = trumps.suit
    if len(state.dealt) >= seats:
        card = _last_dealt(rule_set, tuple(state.dealt[:seats]))
        if card is not None:
            suit = rule_set.suit_of[card]
            tensor[at + rule_set.deck.n_suits + card] = 1.0
    if suit is not None:
        tensor[at + suit] = 1.0


def _row_size(rule_set: RuleSet, players: int) -> int:
    return 1 + asks_gives(rule_set) + players + action_count(rule_set) + 1


def _write_information_state(tensor: Any, state: SevensState, player: int) -> None:
    """Fill ``tensor`` (zeroed) with the information state of ``player`` (see
    :func:`information_state_size`)."""
    rule_set, sevens = state.rules.rule_set, state.sevens
    n, wild = rule_set.n_cards, rule_set.wild
    jokers = 0 if wild is None else wild.jokers
    part = n + (wild is not None)
    for seat, card in zip(sevens.seats, state.dealt, strict=False):
        if seat == player:
            tensor[min(card, n)] += 1.0 if card < n else 1.0 / jokers
    at = 2 * part + (n if rule_set.passing.cover else 0)
    if rule_set.trumps is not None:
        _write_trumps(tensor, state, at)
        at += _trumps_size(rule_set)
    play = state.play
    if play is None or play.state is None:
        return
    view = play.observation(player)
    for card in range(n):
        tensor[part + card] = view.hand >> card & 1
        if rule_set.passing.cover:
            tensor[2 * part + card] = view.covered >> card & 1
    if wild is not None:
        tensor[part + n] = view.jokers / jokers
    row, passes, gives = _row_size(rule_set, sevens.players), 0, 0
    limit = at + _rows(rule_set, sevens.players) * row
    hidden = action_count(rule_set)
    seats = 1 + asks_gives(rule_set)  # where the seat's one-hot begins in a row
    for (seat, action), kind in zip(play.history, play.kinds, strict=True):
        if action == -1 and kind == "turn":  # a pass: counted, its seat follows from the order
            passes += 1
            continue
        if kind == "give":  # counted: who gives follows from the passes, the card is in hands
            gives += 1
            continue
        if at + row > limit:
            raise AssertionError("more decisions than the information state holds")
        tensor[at] = passes / n
        if seats > 1:
            tensor[at + 1] = gives / n
        tensor[at + seats + seat] = 1.0
        if kind == "cover":
            index = cover_base(rule_set) + action if seat == player else hidden
        else:
            index = action_index(rule_set, kind, action)
        tensor[at + seats + sevens.players + index] = 1.0
        at, passes, gives = at + row, 0, 0
    tensor[limit] = passes / n
    if seats > 1:
        tensor[limit + 1] = gives / n


def _copy(codes: Any, card: int) -> str:
    """A card's code, with ``#2`` for the second copy of a double deck (action strings are unique)."""
    copy = codes[:card].count(codes[card])
    return codes[card] + (f"#{copy + 1}" if copy else "")


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
    """An OpenSpiel game for any rule set: an id, a rulespec file or compiled rules.

    A game of an id or a file carries that reference in its parameters, so it is pickled,
    serialised and loaded again from them.  Compiled rules have no reference: their game's
    ``rules`` parameter is ``compiled:<id>``, and pickling or loading it again is refused
    with a message that says so.
    """
    if isinstance(rules, str | Path):
        reference = str(rules)
        path = Path(reference)
        if path.is_file():  # a file's absolute path, so a game loaded elsewhere finds it
            reference = str(path.resolve())
        return SevensGame({"rules": reference, "players": players, "dealer": dealer})
    return SevensGame(
        {"rules": COMPILED + rules.rule_set.id, "players": players, "dealer": dealer}, rules=rules
    )


pyspiel.register_game(_GAME_TYPE, SevensGame)
