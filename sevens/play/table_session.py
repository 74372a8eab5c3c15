"""A person against bots, deal after deal: the model behind ``sevens play``.

Independent of the screen: :class:`PlaySession` holds the match (its deals,
the running totals), the current :class:`~sevens.envs.game.Game` with bots
in the other seats, the log of every decision (forced ones marked), and undo.
Undo replays the deal from its start with the person's earlier choices: the
bots draw from the deal's generator, restored to its state at the deal's
start, so they repeat their moves.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from sevens.bots import STRATEGIES
from sevens.compiler.errors import SevensError
from sevens.runtime.api import Rules
from sevens.runtime.match import MatchResult, match_winners, target_reached
from sevens.runtime.simulate import check_players

from ..envs.game import PASS, Game, IllegalAction

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


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
    cards_left: int
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


@dataclass
class PlaySession:
    """A match of ``deals`` deals between the person at ``seat`` and bots."""

    rules: Rules
    players: int = 4
    seat: int = 0
    bots: list[str] = field(default_factory=lambda: ["heuristic"])
    seed: int = 0
    deals: int = 1

    def __post_init__(self) -> None:
        check_players(self.rules, self.players)
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or self.seed < 0:
            raise ValueError(f"seed must be a whole number from 0, not {self.seed!r}")
        if not 0 <= self.seat < self.players:
            raise ValueError(f"--seat must be between 0 and {self.players - 1}")
        self.bot_names = bot_seats(self.players, self.seat, self.bots)
        self.rng = random.Random(self.seed)
        self.match = MatchResult(
            chips=[0] * self.players, points=[0] * self.players, deals_won=[0] * self.players
        )
        self.deal_number = 0
        self.dealer = int(self.rng.random() * self.players)
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

    def _start_game(self) -> Game:
        rng = random.Random()
        rng.setstate(self.deal_start)
        bots = {seat: STRATEGIES[name](self.rules) for seat, name in self.bot_names.items()}
        game = Game(
            self.rules,
            self.players,
            self.seed,
            dealer=self.dealer,
            bots=bots,
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
            or target_reached(self.rules.rule_set.session, self.match)
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
        rows = [
            Standing(
                seat,
                result.places[seat],
                result.cards_left[seat],
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
        return match_winners(self.rules.rule_set.session, self.match)

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

    def play_forced(self) -> int:
        """Take the person's forced decisions (shown in the log as forced); how many."""
        taken = 0
        while self.my_turn and self.game.pending is not None and self.game.pending.forced:
            action = self.game.pending.actions[0]
            self.game.apply(action)
            self.choices.append(action)
            taken += 1
        return taken

    def act(self, action: int | str) -> int:
        """The person's decision (a card id, a code or 'pass'); raises IllegalAction."""
        if not self.my_turn:
            raise IllegalAction("it is not your turn")
        if isinstance(action, str):
            action = self.parse(action)
        self.game.apply(action)
        self.choices.append(action)
        return action

    def parse(self, text: str) -> int:
        """A typed card: ``7H``, ``7♥``, ``7h``, ``kn o``, or ``pass`` / ``p``."""
        cleaned = text.strip().replace(" ", "")
        if cleaned.lower() in ("pass", "p", "-"):
            return PASS
        try:
            return self.game.parse_action(cleaned)
        except (IllegalAction, SevensError) as error:
            raise IllegalAction(str(error).splitlines()[0]) from None

    def undo(self) -> bool:
        """Take back the person's last real choice (and the bots' moves after it)."""
        real = [k for k, action in enumerate(self.choices) if not self._was_forced(k)]
        if not real:
            return False
        keep = self.choices[: real[-1]]
        self.choices = []
        self.game = self._start_game()
        for action in keep:
            if not self.my_turn:
                break
            self.game.apply(action)
            self.choices.append(action)
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
        """ "You", or the seat and its bot ("Seat 2 (search)"; short: "2 search")."""
        if seat == self.seat:
            return "You"
        return (
            f"{seat} {self.bot_names[seat]}" if short else f"Seat {seat} ({self.bot_names[seat]})"
        )

    def card_text(self, card: int) -> str:
        """A card's code with its suit symbol (7♥), 'joker 8♣' for a joker action, or 'pass'."""
        if card < 0:  # PASS, DRAW or a face-down COVER
            return self.game.card(card)
        n_cards = self.rules.rule_set.n_cards
        if card >= n_cards:
            return f"joker {self.card_text(card - n_cards)}"
        code = self.rules.rule_set.card_codes[card]
        return code[:-1] + SUIT_SYMBOLS.get(code[-1], code[-1])
