"""The step API: play a deal one decision at a time.

A :class:`Game` runs the engine's own turn loop (:func:`~sevens.runtime.engine.play_deal`)
inside a greenlet.  The strategies of the seats the caller plays switch back
to the caller with the decision they are asked for, and resume with the
caller's answer, so there is one game loop for simulation, stepping,
environments and the terminal game.  The table is set to ``explicit``: forced
decisions (a single legal card without the right to pass, a pass because
nothing can be played) are asked for too, so a caller never infers a move.
Where the rules have a stock, a player who cannot play takes the action
``DRAW`` (the engine draws as many cards as the rules say, stopping at the first
that fits unless the whole count is drawn first, and plays the card that fits; where
several fit after a whole count, the player is asked which, as a ``"turn"``); where they have covers, the player chooses the card to lay face
down (bots lay their lowest-valued card, as the engine does for them).
Where a penalty's cards are the giver's choice (``which: giver``), the giver takes a
``"give"`` decision for each card: its actions are the cards of its hand (bots give as
the engine's bots do: :func:`~sevens.runtime.mechanics.base.givers_order`).
Where the rules have jokers, putting a joker where card ``c`` goes is the
action ``n_cards + c`` (:meth:`Game.joker_action`), and the holder of ``c``
then takes a ``"redeem"`` decision: play ``c`` onto the joker's place (and
take the joker) or, where the rules allow, decline with ``PASS``.  Where the
rules have trumps, laying the trump of card ``c``'s rank in ``c``'s place is
the action ``n_cards + c`` too (:meth:`Game.trump_action`); a displaced card is
played as itself, onto the trump row.

The record of a finished game (:attr:`Game.record`) is the one
``sevens simulate --record`` writes for the same seed and the same choices.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import greenlet

from sevens.compiler.position import parse_cards
from sevens.runtime.api import DealState, Rules, bits
from sevens.runtime.encoding import places_by_option, rows_by_play
from sevens.runtime.engine import DealResult, play_deal
from sevens.runtime.mechanics.base import Table, givers_order
from sevens.runtime.mechanics.draw import cards_to_draw
from sevens.runtime.mechanics.jokers import JokerTable
from sevens.runtime.mechanics.trumps import TrumpTable
from sevens.runtime.randomness import GameRandom
from sevens.runtime.records import game_record
from sevens.runtime.simulate import check_players
from sevens.runtime.strategies import PASS, Strategy

__all__ = [
    "COVER",
    "DRAW",
    "GIVE",
    "PASS",
    "Decision",
    "Game",
    "IllegalAction",
    "Observation",
    "load_game_rules",
]

#: The action of a player who cannot play and must draw from the stock.
DRAW = -2
#: A covered card in the public history (the card itself is face down).
COVER = -3
#: A card given as a penalty in the public history (only giver and receiver know it).
GIVE = -4


class IllegalAction(ValueError):
    """An action that is not among the legal actions of the pending decision."""


@dataclass(frozen=True)
class Decision:
    """A decision the engine waits for.

    ``legal`` is the bitmask of the cards that may be played (0: the player
    must pass); ``can_pass`` says whether passing is allowed besides them.
    ``kind`` is ``"turn"``, ``"follow-up"`` (an extra card after a play),
    ``"draw"`` (the one action is ``DRAW``), ``"leftover"`` (``legal`` holds the face-up
    leftovers that may be laid before the turn; ``PASS`` lays no more), ``"cover"`` (``legal`` holds
    the cards that may be laid face down: the whole hand), ``"give"`` (``legal``
    holds the cards the giver may give: its whole hand; ``receiver`` gets it) or ``"redeem"``
    (``legal`` is the card a joker now stands for, held by ``seat``; ``can_pass``:
    the rules let them decline);
    ``forced`` is True when there is exactly one legal action.

    With jokers (``first_joker`` is then the rule set's ``n_cards``), ``legal``
    also has bit ``first_joker + c`` set where a joker may be put to stand for
    card ``c``: those are the joker actions, as the engine offers them to bots.
    """

    seat: int
    legal: int
    can_pass: bool
    kind: str
    first_joker: int | None = None
    receiver: int | None = None  # with "give": the seat the card goes to

    @property
    def cards(self) -> int:
        """The mask of the cards that may be played (``legal`` without the joker actions)."""
        if self.first_joker is None:
            return self.legal
        return self.legal & ((1 << self.first_joker) - 1)

    @property
    def joker_spots(self) -> int:
        """The mask of the cards a joker may be put in for (0 without jokers)."""
        return 0 if self.first_joker is None else self.legal >> self.first_joker

    @property
    def forced(self) -> bool:
        return len(self.actions) == 1

    @property
    def actions(self) -> list[int]:
        """The legal actions: card ids, lowest first, then joker actions (``first_joker + c``),
        then ``PASS`` when allowed (or ``DRAW``)."""
        if self.kind == "draw":
            return [DRAW]
        cards = list(bits(self.legal))
        if self.kind in ("cover", "give"):
            return cards
        return [*cards, PASS] if self.can_pass or not cards else cards


@dataclass(frozen=True)
class Observation:
    """What one seat knows: its hand, the public table and the public history.

    Cards are card ids (indexes into ``rule_set.card_codes``); masks are ints
    with bit ``card`` set.  ``history`` holds every decision so far as
    ``(seat, action)`` with ``action`` a card id, ``PASS``, ``DRAW`` or
    ``COVER`` (whose card only its player knows: ``covered``, its own covered
    cards) or ``GIVE`` (a card given as a penalty, known to giver and receiver by their
    hands).  ``kind`` is the kind of the pending decision when it is this
    seat's; ``row_ranks`` the ranks lying in each row (a mask of ranks per row, rows numbered
    as :class:`~sevens.runtime.api.DealState` numbers them); ``newest_row`` the row the latest
    card went to where the order of play chooses the rows (``layout.rows_follow_suit`` false,
    ``layout.one_row_at_a_time``: the table's cards alone do not show the rows), else -1;
    ``stock`` the number of cards left to draw; ``unable_in_a_row`` the
    players in a row, just before this turn, who could not play (``game.unable_in_a_row``,
    what an escalating draw counts).  With jokers,
    ``jokers`` is how many this seat holds, ``joker_spots`` the table cards a
    joker lies on (public), ``hand_sizes`` counts jokers as the cards they
    are, and ``history`` holds joker plays as ``n_cards + card`` and redeems
    as the card redeemed.  With teams, ``partners`` are the other seats of this
    seat's team (empty without teams).
    """

    seat: int
    hand: int
    table: int
    hand_sizes: tuple[int, ...]
    passes: tuple[int, ...]
    chips: tuple[int, ...]
    pot: int
    places: tuple[int, ...]
    to_move: int | None
    legal: int
    can_pass: bool
    history: tuple[tuple[int, int], ...]
    kind: str = "turn"
    covered: int = 0
    stock: int = 0
    jokers: int = 0
    joker_spots: int = 0
    unable_in_a_row: int = 0
    trump_spots: int = 0  # with trumps: the cards in whose place a trump lies (public)
    trump_suit: int = -1  # with trumps: the trump suit
    partners: tuple[int, ...] = ()  # with teams (players.teams): the seats of this seat's team
    leftovers: int = 0  # with deal.leftovers: the face-up leftovers beside the rows (public)
    row_ranks: tuple[int, ...] = ()
    newest_row: int = -1


def load_game_rules(rules: Rules | str | Path) -> Rules:
    """Compiled rules from a rule set id, a rulespec file, or rules already loaded."""
    if isinstance(rules, str | Path):
        from ..loading.registry import load_rules

        return load_rules(str(rules))
    return rules


class Game:
    """One deal, stepped decision by decision.

    ``seed`` seeds the deal's random generator exactly as ``simulate`` seeds
    game ``seed``: the dealer (unless given), the shuffle (unless ``hands`` are
    given), a dealer's named opening card and random penalty transfers come
    from it.  ``hands`` are card-id bitmasks or code strings per seat;
    ``stock`` (with ``hands``) the cards left to draw, card ids or codes in
    drawing order (with ``deal.leftovers``: the cards left face up); ``first`` overrides who takes the first turn; ``jokers`` (with
    ``hands``, for rule sets with jokers) how many jokers each seat holds; ``trump_card``
    (with ``hands``, where the last card dealt names trumps) that card.  Seats in ``bots`` are
    played by those strategies; every other seat waits for :meth:`apply`.
    ``record=False`` skips building the record (searches and environments).
    """

    def __init__(
        self,
        rules: Rules | str | Path,
        players: int = 4,
        seed: int = 0,
        *,
        hands: list[int] | list[str] | None = None,
        stock: list[int] | list[str] | None = None,
        dealer: int | None = None,
        first: int | None = None,
        jokers: list[int] | None = None,
        trump_card: int | str | None = None,
        bots: dict[int, Strategy] | None = None,
        rng: GameRandom | None = None,
        forget_last_card: float = 0.0,
        previous_winner: int | None = None,
        carried_pot: int = 0,
        deal: int = 1,
        record: bool = True,
    ) -> None:
        self.rules = load_game_rules(rules)
        check_players(self.rules, players)
        _check_seed(seed)
        self.players, self.seed, self.deal = players, seed, deal
        self.rng = GameRandom(seed) if rng is None else rng
        if dealer is None:
            dealer = self.rng.below(players)  # as simulate picks game seed's dealer
        _check_seat(dealer, players, "dealer")
        if first is not None:
            _check_seat(first, players, "first")
        if previous_winner is not None:  # seat -1 would lead, and the record would not replay
            _check_seat(previous_winner, players, "previous_winner")
        self.bots = dict(bots or {})
        self.history: list[tuple[int, int]] = []
        self.forced: list[bool] = []  # per history entry: was it the only legal action?
        self.kinds: list[str] = []  # per history entry: the kind of decision
        self.state: DealState | None = None
        self.pending: Decision | None = None
        self.result: DealResult | None = None
        given = None if hands is None else self._given_hands(hands)
        given_jokers = self._given_jokers(jokers, given)
        #: The first joker (or trump) action (``n_cards``) where the rules have jokers (trumps).
        rule_set = self.rules.rule_set
        self.first_joker = rule_set.n_cards if places_by_option(rule_set) else None
        table = Table(
            players,
            [self._seat_strategy(seat) for seat in range(players)],
            dealer=dealer,
            previous_winner=previous_winner,
            carried_pot=carried_pot,
            record=record,
            forget_last_card=forget_last_card,
            hands=given,
            stock=None if stock is None else self._given_stock(stock, given),
            leader=first,
            explicit=True,
            gives_asked=frozenset(range(players)),  # bots among them: as the engine gives
        )
        # a Table that may give jokers, or the last card dealt, with the hands
        self.table = self._table(table, self._given_trump_card(trump_card, given), given_jokers)
        self._loop = greenlet.greenlet(self._run)
        self._resume(None)

    # -- reading the game ------------------------------------------------

    @property
    def rule_set(self) -> Any:
        return self.rules.rule_set

    @property
    def dealer(self) -> int:
        return self.table.dealer

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def current_player(self) -> int | None:
        """The seat whose decision is pending (None once the deal is over)."""
        return None if self.pending is None else self.pending.seat

    def legal_actions(self) -> list[int]:
        """Card ids and/or ``PASS`` the current player may choose ([] once over)."""
        return [] if self.pending is None else self.pending.actions

    def observation(self, seat: int) -> Observation:
        """What ``seat`` knows now."""
        _check_seat(seat, self.players, "seat")
        st = self._state()
        mine = self.pending is not None and self.pending.seat == seat
        return Observation(
            seat=seat,
            hand=st.hands[seat],
            table=st.table,
            hand_sizes=tuple(h.bit_count() + j for h, j in zip(st.hands, st.jokers, strict=True)),
            passes=tuple(st.passes),
            chips=tuple(st.chips),
            pot=st.pot,
            places=tuple(st.places),
            to_move=self.current_player,
            legal=self.pending.legal if mine and self.pending else 0,
            can_pass=bool(mine and self.pending and PASS in self.pending.actions),
            history=self.public_history(),
            kind=self.pending.kind if mine and self.pending else "turn",
            covered=st.covered[seat],
            stock=len(st.stock),
            jokers=st.jokers[seat],
            joker_spots=st.joker_spots,
            unable_in_a_row=st.unable_in_a_row,
            trump_spots=st.trump_spots,
            trump_suit=st.trump_suit,
            partners=self._partners(seat),
            leftovers=st.leftovers,
            row_ranks=tuple(st.row_ranks),
            newest_row=st.last_row if rows_by_play(self.rules.rule_set) else -1,
        )

    def _partners(self, seat: int) -> tuple[int, ...]:
        teams = self.rules.rule_set.teams
        return () if teams is None else teams.partners(seat, self.players)

    def public_history(self) -> tuple[tuple[int, int], ...]:
        """The history as every seat sees it: covered cards are face down (``COVER``), and
        penalty cards pass face down (``GIVE``)."""
        return tuple(
            (seat, _HIDDEN.get(kind, action))
            for (seat, action), kind in zip(self.history, self.kinds, strict=True)
        )

    @property
    def record(self) -> dict[str, Any]:
        """The game record (as ``simulate --record`` writes it); only once the deal is over."""
        if self.result is None or self.result.record is None:
            raise RuntimeError(
                "the deal is not over yet" if self.result is None else "not recorded"
            )
        rule_set = self.rules.rule_set
        return game_record(
            rule_set.id,
            self.players,
            self.seed,
            self.deal,
            self.result,
            rule_set.chips is not None,
            rule_set.points is not None,
            rule_set.teams,
        )

    def card(self, action: int) -> str:
        """The code of a card id, ``"joker 8C"`` for a joker action, or ``"pass"`` /
        ``"draw"`` / ``"cover"``."""
        if action < 0:
            return _ACTION_NAMES[action]
        codes = self.rules.rule_set.card_codes
        if self.first_joker is not None and action >= self.first_joker:
            mechanic = "trump" if self.rules.rule_set.trumps is not None else "joker"
            return f"{mechanic} {codes[action - self.first_joker]}"
        return str(codes[action])

    def joker_action(self, card: int) -> int:
        """The action that puts a joker where card id ``card`` goes (rules with jokers only)."""
        if self.rules.rule_set.wild is None or self.first_joker is None:
            raise IllegalAction(f"{self.rules.rule_set.id} has no jokers")
        return self.first_joker + card

    def trump_action(self, card: int) -> int:
        """The action that lays the trump of card id ``card``'s rank in its place (rules with
        trumps only)."""
        if self.rules.rule_set.trumps is None or self.first_joker is None:
            raise IllegalAction(f"{self.rules.rule_set.id} has no trumps")
        return self.first_joker + card

    # -- acting ------------------------------------------------------------

    def apply(self, action: int | str) -> None:
        """Take the pending decision: a card id, a card code (``7D``, ``7♦``), ``PASS`` or
        ``"pass"``, ``DRAW`` or ``"draw"``; at a cover decision, the card to lay face down;
        a joker action or ``"joker 8C"``; at a redeem decision, the card or ``"redeem"``."""
        if self.pending is None:
            raise IllegalAction("the deal is over")
        chosen = self.parse_action(action)
        if chosen not in self.pending.actions:
            shown = ", ".join(self.card(a) for a in self.pending.actions)
            raise IllegalAction(f"{self.card(chosen)} is not legal now (legal: {shown})")
        self._resume(chosen)

    def parse_action(self, action: int | str) -> int:
        """A card id, a joker action, ``PASS`` or ``DRAW`` from an id or a text."""
        n = self.rules.rule_set.n_cards
        if isinstance(action, int):
            top = n if self.first_joker is None else 2 * n
            if action not in (PASS, DRAW) and not 0 <= action < top:
                raise IllegalAction(f"no card or joker action has id {action}")
            return action
        text = action.strip()
        lowered = text.lower()
        if lowered in ("pass", "draw"):
            return PASS if lowered == "pass" else DRAW
        pending = self.pending
        if lowered == "redeem" and pending is not None and pending.kind == "redeem":
            return pending.legal.bit_length() - 1
        offset = 0
        if lowered.startswith("joker"):  # "joker 8C": a joker where the 8C goes
            offset, text = self.joker_action(0), text[len("joker") :].strip()
        elif lowered.startswith("trump"):  # "trump 9H": the trump of that rank in the 9H's place
            offset, text = self.trump_action(0), text[len("trump") :].strip()
        try:
            matches = [offset + c for c in _card_ids(self.rules, text)]
        except ValueError as error:
            raise IllegalAction(str(error)) from None
        legal = [c for c in matches if pending is not None and pending.legal >> c & 1]
        return (legal or matches)[0]

    # -- the loop in its greenlet -----------------------------------------------

    def _run(self, _: object) -> DealResult:
        return play_deal(self.rules, self.table, self.rng)

    def _resume(self, answer: int | None) -> None:
        """Run the engine until it needs a caller's decision or the deal ends."""
        self._loop.parent = greenlet.getcurrent()  # whoever steps the game gets its requests
        outcome = self._loop.switch(answer)
        if isinstance(outcome, DealResult):
            self.result, self.pending = outcome, None
        else:
            self.state, self.pending = outcome

    def _seat_strategy(self, seat: int) -> Strategy:
        def decide(st: DealState, at: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
            request = self._request(st, at, legal, can_pass)
            bot = self.bots.get(at)
            if bot is None:
                card = self._ask(st, request)
            elif request.kind == "cover":  # as the engine covers for bots
                value = self.rules.rule_set.card_value
                card = min(bits(request.legal), key=lambda c: (value[c], c))
            elif request.kind == "give":  # as the engine gives for bots
                card = givers_order(self.rules, st, at, list(bits(request.legal)))[0]
            elif request.forced:
                card = request.actions[0]
            else:
                card = bot(st, at, legal, can_pass, rng)
            self.state = st
            self.history.append((at, card))
            self.forced.append(request.forced)
            self.kinds.append(request.kind)
            return int(card)

        return decide

    def _ask(self, st: DealState, request: Decision) -> int:
        """Switch to the caller with the request; its answer comes back as the switch's value."""
        caller = self._loop.parent
        assert caller is not None  # the loop greenlet is always started from the caller's
        return int(caller.switch((st, request)))

    def _request(self, st: DealState, seat: int, legal: int, can_pass: bool) -> Decision:
        """The decision the engine asks for.  With no legal card the engine asks for a draw
        when there is a stock to draw from, else a cover when the rules have covers and the
        hand is not empty, else a forced pass: the same tests, in the same order, as its loop.
        Right after a joker play, the holder of its card is asked to redeem it."""
        rule_set = self.rules.rule_set
        if st.giving_to >= 0:  # the engine asks which card to give (``which: giver``)
            return Decision(seat, legal, False, "give", receiver=st.giving_to)
        if legal == 0 and not can_pass:
            if cards_to_draw(self.rules, st, seat):  # the rules' count: 0 is no draw
                return Decision(seat, 0, False, "draw")
            if rule_set.passing.cover and st.hands[seat]:
                return Decision(seat, st.hands[seat], False, "cover")
        if legal and legal & st.leftovers == legal:  # hand cards are never face up
            return Decision(seat, legal, can_pass, "leftover", self.first_joker)
        if self._redeems(st, seat, legal):
            return Decision(seat, legal, can_pass, "redeem", self.first_joker)
        return Decision(seat, legal, can_pass, self._kind(seat), self.first_joker)

    def _redeems(self, st: DealState, seat: int, legal: int) -> bool:
        """Whether this request answers the joker play just made: only its card's holder is
        asked between that play and the next turn (runtime/mechanics/jokers.py: ``place_joker``)."""
        if self.rules.rule_set.wild is None or self.first_joker is None:
            return False
        if not self.history or self.kinds[-1] != "turn":
            return False
        card = self.history[-1][1] - self.first_joker
        return card >= 0 and legal == 1 << card and bool(st.hands[seat] & legal)

    def _kind(self, seat: int) -> str:
        """A decision right after the same seat's play is a follow-up within its turn."""
        if not self.history or self.history[-1][0] != seat or self.history[-1][1] < 0:
            return "turn"
        return "follow-up" if self.kinds[-1] in ("turn", "follow-up") else "turn"

    def _state(self) -> DealState:
        if self.state is None:  # the deal ended before any decision
            raise RuntimeError("the deal ended before any decision")
        return self.state

    def _given_stock(self, stock: list[int] | list[str], hands: list[int] | None) -> list[int]:
        """Validate a given stock (drawing order); returns it as the engine keeps it (drawn
        from the end)."""
        if hands is None:
            raise ValueError("a stock is given only with the hands")
        held = 0
        for mask in hands:
            held |= mask
        cards = [
            card
            for item in stock
            for card in (
                parse_cards(self.rules, item, "stock") if isinstance(item, str) else [item]
            )
        ]
        dealt = sum(1 << c for c in self.rules.rule_set.dealt)
        mask = 0
        for card in cards:
            if not 0 <= card < self.rules.rule_set.n_cards or not dealt >> card & 1:
                raise ValueError(
                    f"the stock holds a card that is not dealt in this rule set: {card}"
                )
            if (held | mask) >> card & 1:
                raise ValueError(f"{self.card(card)} is given twice (in a hand or the stock)")
            mask |= 1 << card
        return cards[::-1]

    def _given_hands(self, hands: list[int] | list[str]) -> list[int]:
        """Validate given hands: one per seat, disjoint, only cards that are dealt."""
        if len(hands) != self.players:
            raise ValueError(f"{len(hands)} hands given for {self.players} players")
        masks: list[int] = []
        taken: list[int] = []  # cards named so far, so a second copy goes to the next hand
        for hand in hands:
            if isinstance(hand, str):
                cards = parse_cards(self.rules, hand, "hands", taken=taken)
                taken.extend(cards)
                masks.append(sum(1 << c for c in cards))
            else:
                masks.append(hand)
        dealt = sum(1 << c for c in self.rules.rule_set.dealt)
        union = 0
        for mask in masks:
            if mask & union:
                raise ValueError("a card is in two hands")
            if mask & ~dealt:
                raise ValueError("a hand holds a card that is not dealt in this rule set")
            union |= mask
        return masks

    def _table(self, table: Table, trump_card: int | None, jokers: list[int] | None) -> Table:
        """The deal's ``table`` with what the hands come with: the last card dealt where it
        names trumps, else the jokers."""
        settings = {f.name: getattr(table, f.name) for f in dataclasses.fields(table)}
        if self.rules.rule_set.trumps is not None:
            return TrumpTable(**settings, trump_card=trump_card)
        return JokerTable(**settings, jokers=jokers)

    def _given_trump_card(self, card: int | str | None, hands: list[int] | None) -> int | None:
        """Validate a given last card dealt: with the hands, where it names trumps."""
        trumps = self.rules.rule_set.trumps
        if card is None:
            if hands is not None and trumps is not None and trumps.suit is None:
                raise ValueError("the last card dealt names trumps: give trump_card with the hands")
            return None
        if trumps is None or trumps.suit is not None:
            raise ValueError(
                f"the last card dealt does not name trumps in {self.rules.rule_set.id}"
            )
        if hands is None:
            raise ValueError("the trump card is given only with the hands")
        if isinstance(card, int):
            if not 0 <= card < self.rules.rule_set.n_cards:
                raise ValueError(f"no card has id {card}")
            return card
        ids = _card_ids(self.rules, card)
        if len(ids) != 1:
            raise ValueError(f"give one trump card, not '{card}'")
        return ids[0]

    def _given_jokers(self, jokers: list[int] | None, hands: list[int] | None) -> list[int] | None:
        """Validate given jokers: with the hands, one count per seat, no more than the deck has."""
        if jokers is None:
            return None
        wild = self.rules.rule_set.wild
        if wild is None:
            raise ValueError(f"{self.rules.rule_set.id} has no jokers")
        if hands is None:
            raise ValueError("jokers are given only with the hands")
        if len(jokers) != self.players or min(jokers) < 0 or sum(jokers) > wild.jokers:
            raise ValueError(
                f"jokers must be {self.players} counts, none negative, {wild.jokers} at most in all"
            )
        return list(jokers)


#: The names of the actions that are not cards.
_ACTION_NAMES = {PASS: "pass", DRAW: "draw", COVER: "cover", GIVE: "give"}
#: What every seat sees of a decision whose card is not public, by its kind.
_HIDDEN = {"cover": COVER, "give": GIVE}


def _check_seat(seat: int, players: int, what: str) -> None:
    if not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"{what} must be a seat between 0 and {players - 1}, not {seat!r}")


def _check_seed(seed: int) -> None:
    """Seeds are whole numbers from 0: ``Random(-n)`` deals as ``Random(n)``, so a negative
    seed would repeat another game's deal under a name no record can be replayed from."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed must be a whole number from 0, not {seed!r}")


def _card_ids(rules: Rules, text: str) -> list[int]:
    """Every copy of the card a code names (``7D``, ``7♦``, ``7d``)."""
    from sevens.compiler.errors import SevensError

    try:
        card = parse_cards(rules, text, "card")
    except SevensError as error:
        raise ValueError(str(error)) from None
    if len(card) != 1:
        raise ValueError(f"one card, please: {text!r}")
    code = rules.rule_set.card_codes[card[0]]
    return [c for c, other in enumerate(rules.rule_set.card_codes) if other == code]


def replay(
    rules: Rules | str | Path,
    record: dict[str, Any],
    strategy: Strategy | None = None,
    forget_last_card: float = 0.1,
) -> Game:
    """Replay a ``simulate --record`` record through the step API; returns the finished game.

    Each recorded action is applied in turn.  Strategies that draw from the
    deal's generator (``random``, ``withhold``) must be given as ``strategy``:
    it is consulted at every real choice so the generator stays in step with
    the recorded run (its choice must be the recorded one), as the later
    random events (a forgotten "last card", random penalty cards) depend on it.
    ``forget_last_card`` is the simulation's chance (``simulate``'s default).
    """
    if record["deal"] != 1:
        raise ValueError("only single deals replay alone (a match's later deals follow its first)")
    game = Game(rules, record["players"], record["seed"], forget_last_card=forget_last_card)
    decisions = record["decisions"]
    at = 0  # the recorded decision being replayed
    while game.pending is not None:
        if game.pending.kind == "give":  # a record lists gives as moves of its decision
            game.apply(_recorded_gift(game, decisions[at - 1]))
            continue
        if at >= len(decisions):
            raise IllegalAction("the record ends before the deal does")
        entry = decisions[at]
        _apply_recorded(game, _recorded_action(game, entry), strategy, at)
        if "drawn" in entry and _chooses_after_draw(game, entry):
            # the whole count drawn, several cards fit: the player's choice, in the same decision
            _apply_recorded(game, game.parse_action(entry["card"]), strategy, at)
        at += 1
    return game


def _recorded_gift(game: Game, entry: dict[str, Any]) -> int:
    """The card a giver gave after the recorded decision ``entry`` (a pass), in the order the
    record lists the cards it moved: the gives taken since that decision say which."""
    since = len(game.kinds) - 1 - max(k for k, kind in enumerate(game.kinds) if kind != "give")
    # a pass by choice may move cards twice (passing.voluntary_with_transfer): in record order
    notes = ([entry["transfer"]] if "transfer" in entry else []) + entry.get("transfers", [])
    moved = [code for note in notes for code in note["cards"]]
    if since >= len(moved):
        raise IllegalAction("the record gives fewer cards than the deal asks for")
    return game.parse_action(moved[since])


def _apply_recorded(game: Game, action: int, strategy: Strategy | None, at: int) -> None:
    """Apply one recorded action, first asking ``strategy`` (when given) at a real choice so
    that the deal's generator stays in step with the recorded run."""
    pending = game.pending
    assert pending is not None
    chooses = not pending.forced and pending.kind != "cover"  # bots do not choose covers
    if strategy is not None and chooses and game.state is not None:
        chosen = strategy(game.state, pending.seat, pending.legal, pending.can_pass, game.rng)
        if game.card(chosen) != game.card(action):
            raise IllegalAction(
                f"decision {at + 1}: the strategy chose "
                f"{game.card(chosen)}, the record {game.card(action)}"
            )
        action = chosen
    game.apply(action)


def _chooses_after_draw(game: Game, entry: dict[str, Any]) -> bool:
    """Whether the player who just drew is now asked which drawn card to play: the record
    plays a card that is still in their hand (``passing.draw.stop: never``)."""
    if entry["card"] is None or game.pending is None or game.state is None:
        return False
    card = game.parse_action(entry["card"])
    pending, hand = game.pending, game.state.hands[entry["seat"]]
    return pending.kind != "give" and pending.seat == entry["seat"] and bool(hand >> card & 1)


def _recorded_action(game: Game, entry: dict[str, Any]) -> int:
    """The step API's action for one decision of a record."""
    if "drawn" in entry:
        return DRAW
    if entry["action"] == "cover":
        return game.parse_action(entry["covered"])
    if entry["action"] == "joker":
        return game.parse_action(f"joker {entry['card']}")
    if entry["action"] == "trump":  # the trump laid in place of another suit's card
        return game.parse_action(f"trump {entry['in_place_of']}")
    return PASS if entry["action"] == "pass" else game.parse_action(entry["card"])
