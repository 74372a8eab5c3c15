"""A person against bots, deal after deal: the model behind ``sevens play``.

Independent of the screen: :class:`PlaySession` holds the match (its deals,
the running totals), the current :class:`~sevens.envs.game.Game` with bots
in the other seats, the log of every decision (forced ones marked), and undo.
Undo replays the deal from its start with the person's earlier choices: the
bots draw from the deal's generator, restored to its state at the deal's
start, so they repeat their moves.

The bots' decisions are taken here, one at a time (:meth:`PlaySession.bot_step`), so
that a screen can show them at a pace a person can follow; ``hold_bots`` leaves them
to the caller, else every call that hands the turn on lets the bots play at once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sevens.bots import STRATEGIES
from sevens.compiler.errors import SevensError
from sevens.runtime.api import Rules, bits
from sevens.runtime.contract import MatchWinner
from sevens.runtime.match import MatchResult, match_winners, target_reached
from sevens.runtime.mechanics.base import givers_order
from sevens.runtime.mechanics.trumps import trump_for
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import check_players

from ..envs.game import COVER, DRAW, GIVE, PASS, Game, IllegalAction
from .card_words import CardWords
from .i18n import Words


@dataclass
class LogLine:
    """One decision as the move log shows it."""

    seat: int
    action: int
    forced: bool
    legal_count: int = 0
    kind: str = "turn"  # the decision's kind: "redeem" for the answer to a joker play


@dataclass
class Standing:
    """A seat's figures for the finished deal and the match so far."""

    seat: int
    place: int
    cards_left: int  # jokers included: a joker held is a card in the hand
    chips: int = 0
    points: int = 0
    total_chips: int = 0
    total_points: int = 0
    deals_won: int = 0


def bot_seats(players: int, seat: int, names: list[str]) -> dict[int, str]:
    """The bot strategy of every seat but the person's, from ``--bots`` names in seat order.

    Fewer names than seats repeat in turn; more names than seats, or an unknown name,
    are refused (a name that would be ignored is a mistake the user should hear of).
    """
    if len(names) > players - 1:
        raise ValueError(f"--bots names {len(names)} strategies for {players - 1} other seats")
    unknown = [name for name in names if name not in STRATEGIES]
    if unknown or not names:
        known = ", ".join(STRATEGIES)
        raise ValueError(f"unknown bot '{unknown[0] if unknown else ''}' (known: {known})")
    others = [s for s in range(players) if s != seat]
    return {s: names[k % len(names)] for k, s in enumerate(others)}


#: Why the workbench cannot deal trumps yet: its page shows a trump's place as a joker's.
TRUMPS_NOT_SHOWN = (
    "the workbench cannot show trumps yet (play.trumps): its table would offer a trump's place"
    " as a joker's. Play it with `sevens play`, watch bots play it with `sevens simulate`, or"
    " play it through the step API (docs/api.md)."
)


#: Why a person cannot play face-up leftovers yet: the tables do not show them.
LEFTOVERS_NOT_SHOWN = (
    "sevens play and the workbench cannot show face-up leftovers yet (deal.leftovers): their"
    " table would offer them as cards of your hand. Watch bots play it with `sevens simulate`, or play it through"
    " the step API (docs/api.md)."
)


def shows(rules: Rules, workbench: bool = False) -> str | None:
    """Why the person's table cannot show ``rules`` (None: it can): ``sevens play``'s, or
    with ``workbench`` the workbench's page, which does not show trumps yet either."""
    if rules.rule_set.deal.leftovers:
        return LEFTOVERS_NOT_SHOWN
    return TRUMPS_NOT_SHOWN if workbench and rules.rule_set.trumps is not None else None


@dataclass
class PlaySession:
    """A match of ``deals`` deals between the person at ``seat`` and bots."""

    rules: Rules
    players: int = 4
    seat: int = 0
    bots: list[str] = field(default_factory=lambda: ["heuristic"])
    seed: int = 0
    deals: int = 1
    lang: str = "en"
    hold_bots: bool = False  # the caller steps the bots (bot_step), e.g. to pace them

    def __post_init__(self) -> None:
        self.words = Words(self.lang)
        self.cards = CardWords(self.rules, self.words)
        check_players(self.rules, self.players)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed must be a whole number from 0, not {self.seed!r}")
        if not 0 <= self.seat < self.players:
            raise ValueError(f"--seat must be between 0 and {self.players - 1}")
        self.bot_names = bot_seats(self.players, self.seat, self.bots)
        self.rng = GameRandom(self.seed)
        self.match = MatchResult(
            chips=[0] * self.players, points=[0] * self.players, deals_won=[0] * self.players
        )
        self.deal_number = 0
        self.dealer = self.rng.below(self.players)
        self.previous_winner: int | None = None
        self.carried_pot = 0
        self.game: Game
        self.choices: list[int] = []  # the person's decisions in this deal, forced ones included
        self.new_deal()

    # -- deals ------------------------------------------------------------------

    def new_deal(self) -> None:
        """Deal the next hand of the match."""
        self.deal_number += 1
        self.deal_start = self.rng.getstate()
        self.choices = []
        self.game = self._start_game()
        self._bots_unless_held()

    def _start_game(self) -> Game:
        rng = GameRandom(0)
        rng.setstate(self.deal_start)
        self.strategies = {
            seat: STRATEGIES[name](self.rules) for seat, name in self.bot_names.items()
        }
        game = Game(  # no bots in the game: every decision comes back here (see bot_step)
            self.rules,
            self.players,
            self.seed,
            dealer=self.dealer,
            rng=rng,
            previous_winner=self.previous_winner,
            carried_pot=self.carried_pot,
            deal=self.deal_number,
        )
        self._live_rng = rng
        return game

    @property
    def deal_over(self) -> bool:
        return self.game.is_over

    @property
    def match_over(self) -> bool:
        return self.deal_over and (
            self.deal_number >= self.deals
            or target_reached(self.rules.rule_set.session, self.match, self.rules.rule_set.teams)
        )

    def finish_deal(self) -> list[Standing]:
        """Add the finished deal to the match totals (once) and return the standings."""
        result = self.game.result
        assert result is not None
        if len(self.match.deals) < self.deal_number:
            self.match.deals.append(result)
            for seat in range(self.players):
                self.match.chips[seat] += result.chips[seat]
                if result.points:
                    self.match.points[seat] += result.points[seat]
            if result.winner is not None:
                self.match.deals_won[result.winner] += 1
        return self.standings()

    def standings(self) -> list[Standing]:
        result = self.game.result
        assert result is not None
        state = self.game.state
        jokers = state.jokers if state is not None else [0] * self.players
        rows = [
            Standing(
                seat,
                result.places[seat],
                result.cards_left[seat] + jokers[seat],
                result.chips[seat],
                result.points[seat] if result.points else 0,
                self.match.chips[seat],
                self.match.points[seat],
                self.match.deals_won[seat],
            )
            for seat in range(self.players)
        ]
        # Placed seats first, then those still holding cards (fewest first), the eliminated last.
        return sorted(
            rows, key=lambda r: (r.place <= 0, r.place < 0, r.place, r.cards_left, r.seat)
        )

    def match_winners(self) -> list[int]:
        """The seats that win the match (several on an unbroken tie; with teams, a team's)."""
        return match_winners(self.rules.rule_set.session, self.match, self.rules.rule_set.teams)

    def match_scores(self) -> list[int]:
        """What the match is decided on, per seat: chips, points, or deals (pots) won."""
        winner = self.rules.rule_set.session.winner
        if winner is MatchWinner.MOST_CHIPS:
            return self.match.chips
        if winner in (MatchWinner.HIGHEST_POINTS, MatchWinner.LOWEST_POINTS):
            return self.match.points
        return self.match.deals_won

    def next_deal(self) -> None:
        """After a finished deal that is not the match's last: the dealer moves left."""
        self.finish_deal()
        result = self.game.result
        assert result is not None
        self.rng.setstate(self._live_rng.getstate())  # the match's generator goes on from this deal
        self.previous_winner, self.carried_pot = result.winner, result.pot_left
        self.dealer = (self.dealer + 1) % self.players
        self.new_deal()

    # -- the person's decisions ---------------------------------------------------------

    @property
    def my_turn(self) -> bool:
        return self.game.current_player == self.seat

    @property
    def bot_to_move(self) -> bool:
        """Whether a bot's decision is next."""
        return self.game.pending is not None and self.game.current_player in self.bot_names

    def bot_step(self) -> bool:
        """Take the next bot's decision, as the engine would for it; False if none is due.

        Covers are laid as the engine lays them for bots (the lowest-valued card), penalty
        cards given as the engine's bots give them (:func:`givers_order`), forced
        decisions are taken, and the others asked of the seat's strategy with the deal's
        generator, so a replay of the deal repeats them.
        """
        pending, game = self.game.pending, self.game
        if pending is None or pending.seat not in self.bot_names or game.state is None:
            return False
        if pending.kind == "cover":
            value = self.rules.rule_set.card_value
            action = min(bits(pending.legal), key=lambda c: (value[c], c))
        elif pending.kind == "give":  # the engine's bots choose the card they give
            action = givers_order(self.rules, game.state, pending.seat, list(bits(pending.legal)))[
                0
            ]
        elif pending.forced:
            action = pending.actions[0]
        else:
            bot = self.strategies[pending.seat]
            action = bot(game.state, pending.seat, pending.legal, pending.can_pass, game.rng)
        game.apply(action)
        return True

    def run_bots(self) -> int:
        """Let the bots play until the person's turn or the deal's end; how many decisions."""
        steps = 0
        while self.bot_step():
            steps += 1
        return steps

    def _bots_unless_held(self) -> None:
        if not self.hold_bots:
            self.run_bots()

    def play_forced(self) -> int:
        """Take the person's forced decisions (shown in the log as forced); how many."""
        taken = 0
        while self.my_turn and self.game.pending is not None and self.game.pending.forced:
            action = self.game.pending.actions[0]
            self.game.apply(action)
            self.choices.append(action)
            taken += 1
            self._bots_unless_held()
        return taken

    def act(self, action: int | str) -> int:
        """The person's decision (a card id, a code or 'pass'); raises IllegalAction."""
        if not self.my_turn:
            raise IllegalAction("it is not your turn")
        if isinstance(action, str):
            action = self.parse(action)
        self.game.apply(action)
        self.choices.append(action)
        self._bots_unless_held()
        return action

    def parse(self, text: str) -> int:
        """A typed card: ``7H``, ``7♥``, ``7h``, ``kn o``, or ``pass`` / ``p``."""
        cleaned = text.strip().replace(" ", "")
        if cleaned.lower() in ("pass", "p", "-", self.words.gettext("pass").lower()):
            return PASS
        try:
            return self.game.parse_action(cleaned)
        except (IllegalAction, SevensError) as error:
            local = self._from_local_letter(cleaned)
            if local is None:
                raise IllegalAction(str(error).splitlines()[0]) from None
            return local

    def _from_local_letter(self, typed: str) -> int | None:
        """A card typed with this language's corner letter (German ``DH``, ``D♥``; after
        ``joker`` or ``trump``, that action), if any."""
        prefix = next((w for w in ("joker", "trump") if typed.lower().startswith(w)), "")
        body = typed[len(prefix) :]
        for size in (2, 1):
            code = self.words.rank_code(body[:size]) if len(body) > size else None
            if code is not None:
                try:
                    card = self.game.parse_action(code + body[size:])
                except (IllegalAction, SevensError):
                    return None
                if prefix == "joker":
                    return self.game.joker_action(card)
                return self.game.trump_action(card) if prefix == "trump" else card
        return None

    def undo(self) -> bool:
        """Take back the person's last real choice (and the bots' moves after it)."""
        real = [k for k, action in enumerate(self.choices) if not self._was_forced(k)]
        if not real:
            return False
        keep = self.choices[: real[-1]]
        self.choices = []
        self.game = self._start_game()
        self.run_bots()
        for action in keep:
            if not self.my_turn:
                break
            self.game.apply(action)
            self.choices.append(action)
            self.run_bots()
        return True

    def _was_forced(self, index: int) -> bool:
        mine = [k for k, (seat, _) in enumerate(self.game.history) if seat == self.seat]
        return index < len(mine) and self.game.forced[mine[index]]

    # -- what the screen shows ---------------------------------------------------------

    def log(self) -> list[LogLine]:
        return [
            LogLine(seat, action, forced, kind=kind)
            # public: a covered card is shown face down, as "cover"
            for (seat, action), forced, kind in zip(
                self.game.public_history(), self.game.forced, self.game.kinds, strict=True
            )
        ]

    def name(self, seat: int, short: bool = False) -> str:
        """ "You", or the seat ("Seat 2"); not short, with its bot ("Seat 2 (search)")."""
        words = self.words
        if seat == self.seat:
            return words.gettext("You")
        if short:
            return words.gettext("Seat %(seat)d") % {"seat": seat}
        return words.gettext("Seat %(seat)d (%(bot)s)") % {
            "seat": seat,
            "bot": self.bot_names[seat],
        }

    @property
    def french_suits(self) -> bool:
        """Whether the pack's suits are clubs, diamonds, hearts and spades (shown as signs)."""
        return self.cards.french_suits

    def suit_text(self, suit_code: str) -> str:
        """A suit as shown: its sign in a French-suited pack, else its code letter."""
        return self.cards.suit_text(suit_code)

    def rank_text(self, rank_code: str) -> str:
        """A rank as shown: a court card's letter in the game's language (German ``D``)."""
        return self.cards.rank_text(rank_code)

    def trump_text(self, place: int) -> str:
        """A trump laid in card ``place``'s place, as "9♠→9♥" (the trump, then its place)."""
        state = self.game.state
        assert state is not None and state.trump_suit >= 0
        trump = trump_for(self.rules.rule_set, state, place)
        return f"{self.cards.card_text(trump)}→{self.cards.card_text(place)}"

    def card_text(self, card: int) -> str:
        """A card's code with its suit symbol (7♥), 'joker 8♣' for a joker action, '9♠→9♥' for
        a trump laid in another card's place, or 'pass'."""
        words = self.words
        if card == PASS:
            return words.gettext("pass")
        if card == DRAW:
            return words.gettext("draw")
        if card == COVER:  # a card laid face down, as the others see it
            return words.gettext("a card face down")
        if card == GIVE:  # a penalty card passed face down, as the others see it
            return words.gettext("gives a card")
        n_cards = self.rules.rule_set.n_cards
        if card >= n_cards and self.rules.rule_set.trumps is not None:
            return self.trump_text(card - n_cards)
        if card >= n_cards:
            return words.gettext("joker %(card)s") % {"card": self.card_text(card - n_cards)}
        return self.cards.card_text(card)
