"""Play one deal in the terminal against bots, line by line (``sevens play --plain``).

The texts are the game's (the ``sevens-play`` catalog, nine languages) and the cards are
written as on the full screen (:class:`~sevens.play.card_words.CardWords`); a person may
type a card in English codes or in the language's letters, and ``pass``, ``joker`` and
``redeem`` in English or in the language.
"""

from __future__ import annotations

from collections.abc import Callable

import click

from sevens.bots import STRATEGIES
from sevens.runtime.api import DealState, GameError, Rules, bits
from sevens.runtime.arith import decimal_text
from sevens.runtime.engine import DealResult, Table, play_deal
from sevens.runtime.mechanics.base import givers_order
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import check_players
from sevens.runtime.strategies import PASS, Strategy

from .card_words import CardWords
from .i18n import Words
from .table_session import bot_seats

#: Wrong answers in a row after which ``sevens play`` gives up instead of asking forever.
MAX_WRONG_ANSWERS = 20


class PlainScreen:
    """The person's side of a plain deal: what is printed and what is asked, in one language."""

    def __init__(self, rules: Rules, words: Words) -> None:
        self.rules, self.words = rules, words
        self.cards = CardWords(rules, words)
        _ = words.gettext
        self.pass_words = {"PASS", _("pass").upper()}
        self.trumps = rules.rule_set.trumps is not None
        #: The word before a card that puts a joker (or, with trumps, a trump) in its place.
        self.joker_words = {"TRUMP"} if self.trumps else {"JOKER", _("Joker").upper()}
        self.redeem_words = {"REDEEM", _("redeem").upper()}

    def table_text(self, st: DealState) -> str:
        """The layout, one line per suit, jokers marked ``*``."""
        suit_of = self.rules.rule_set.suit_of
        lines = [self.words.gettext("Table") + ":"]
        for suit in sorted(set(suit_of)):
            on_table = sum(
                1 << c for c in range(len(suit_of)) if st.table >> c & 1 and suit_of[c] == suit
            )
            lines.append("  " + self.cards.cards_text(on_table, st.joker_spots | st.trump_spots))
        if st.joker_spots:
            lines.append("  (" + self.words.gettext("* a joker stands there") + ")")
        _ = self.words.gettext
        if st.trump_spots:
            note = _("* a trump lies there")
            lines.append("  (" + note + ")")
        if st.trump_suit >= 0:
            code = self.rules.rule_set.deck.suit_codes[st.trump_suit]
            lines.append(_("trumps %(suit)s") % {"suit": self.cards.suit_text(code)})
        return "\n".join(lines)

    def choose(self, st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        """The person's decision: shows the position, asks until the answer is legal."""
        if st.giving_to >= 0:  # a penalty card the giver chooses (``which: giver``)
            return self._give(st, seat, legal)
        if legal & st.joker_spots:  # a turn's legal cards never lie under a joker: a redeem
            return self._redeem(legal, can_pass)
        n_cards = self.rules.rule_set.n_cards
        cards, spots = legal & ((1 << n_cards) - 1), legal >> n_cards
        click.echo("\n" + self.table_text(st))
        click.echo(self._hand_text(st, seat))
        click.echo(self._legal_text(cards, spots, can_pass))
        default = self._default(cards, spots)
        _ = self.words.gettext
        for _try in range(MAX_WRONG_ANSWERS):
            answer = _said(click.prompt(_("Your play"), default=default))
            if answer in self.pass_words and (can_pass or not legal):
                return PASS
            joker = next((w for w in self.joker_words if answer.startswith(w)), None)
            if spots and joker is not None:
                spot = self._joker_spot(spots, answer.removeprefix(joker).strip())
                if spot is not None:
                    return n_cards + spot
                continue
            card = self.cards.card_in(cards, answer)
            if card is not None:
                return card
            click.echo(_("Not a legal play; type one of the legal cards."))
        raise GameError(self._gave_up())

    def _give(self, st: DealState, seat: int, hand: int) -> int:
        """The card the person gives to the player who takes one from them."""
        _ = self.words.gettext
        click.echo("\n" + self.table_text(st))
        click.echo(self._hand_text(st, seat))
        player = _("Seat %(seat)d") % {"seat": st.giving_to}
        click.echo(
            _("%(player)s takes a card from you: choose the card you give.") % {"player": player}
        )
        suggested = givers_order(self.rules, st, seat, list(bits(hand)))[0]  # as a bot gives
        default = self.cards.card_text(suggested)
        for _try in range(MAX_WRONG_ANSWERS):
            card = self.cards.card_in(hand, _said(click.prompt(_("Card to give"), default=default)))
            if card is not None:
                return card
            click.echo(_("That card is not in your hand; type one of your cards."))
        raise GameError(self._gave_up())

    def _hand_text(self, st: DealState, seat: int) -> str:
        words = self.words
        text = words.gettext("Your cards: %(cards)s") % {
            "cards": self.cards.cards_text(st.hands[seat])
        }
        held = st.jokers[seat]
        if held:
            text += " + " + words.ngettext("%(n)d joker", "%(n)d jokers", held) % {"n": held}
        return text

    def _legal_text(self, cards: int, spots: int, can_pass: bool) -> str:
        _ = self.words.gettext
        text = _("You may play: %(cards)s") % {"cards": self.cards.cards_text(cards)}
        if can_pass:
            text += "  " + _("(or pass)")
        if spots and self.trumps:
            text += "\n" + _(
                "A trump of the same rank may take the place of: %(cards)s (type trump and the card)"
            ) % {"cards": self.cards.cards_text(spots)}
        elif spots:
            text += "\n" + _(
                "A joker may go where these go: %(cards)s (type joker and the card)"
            ) % {"cards": self.cards.cards_text(spots)}
        return text

    def _default(self, cards: int, spots: int) -> str:
        """What Enter alone answers: the first legal card, else the joker, else pass."""
        if cards:
            return self.cards.card_text((cards & -cards).bit_length() - 1)
        if spots:
            first = self.cards.card_text((spots & -spots).bit_length() - 1)
            return f"trump {first}" if self.trumps else self.words.gettext("Joker")
        return self.words.gettext("pass")

    def _joker_spot(self, spots: int, typed: str) -> int | None:
        """Where the joker goes: the card typed after 'joker', else asked for."""
        _ = self.words.gettext
        shown = self.cards.cards_text(spots)
        if not typed:
            first = self.cards.card_text((spots & -spots).bit_length() - 1)
            if self.trumps:
                where = _("The trump goes where? (%(cards)s)")
            else:
                where = _("The joker goes where? (%(cards)s)")
            typed = _said(click.prompt(where % {"cards": shown}, default=first))
        spot = self.cards.card_in(spots, typed)
        if spot is None and self.trumps:
            click.echo(
                _("A trump cannot go there; it may take the place of: %(cards)s") % {"cards": shown}
            )
        elif spot is None:
            click.echo(
                _("A joker cannot go there; it may go where these go: %(cards)s") % {"cards": shown}
            )
        return spot

    def _redeem(self, legal: int, can_pass: bool) -> int:
        """The holder of a card a joker stands for plays it and takes the joker (or may decline)."""
        card = legal.bit_length() - 1
        if not can_pass:  # not asked by the engine when the rules force it; kept for callers
            return card
        _ = self.words.gettext
        shown = self.cards.card_text(card)
        question = _(
            "A joker stands for your %(card)s: redeem it (play it, take the joker) or pass?"
        ) % {"card": shown}
        for _try in range(MAX_WRONG_ANSWERS):
            answer = _said(click.prompt(question, default=_("redeem")))
            if answer in self.redeem_words or self.cards.card_in(legal, answer) == card:
                return card
            if answer in self.pass_words:
                return PASS
        raise GameError(self._gave_up())

    def _gave_up(self) -> str:
        return self.words.gettext("No legal answer after %(n)d tries: the deal is abandoned.") % {
            "n": MAX_WRONG_ANSWERS
        }

    def result_text(self, result: DealResult, seat: int) -> str:
        """The end of the deal: who won, the cards left, the chips and points."""
        words = self.words
        _ = words.gettext
        who = _("nobody (blocked)") if result.winner is None else self._name(result.winner, seat)
        lines = [_("The deal is over. Winner: %(who)s.") % {"who": who}]
        left = ", ".join(f"{self._name(s, seat)} {n}" for s, n in enumerate(result.cards_left))
        lines.append(_("Cards left: %(counts)s") % {"counts": left})
        amounts: list[tuple[str, list[int] | None]] = [
            (_("Chips: %(amounts)s"), result.chips if self.rules.rule_set.chips else None),
            (_("Points: %(amounts)s"), result.points if self.rules.rule_set.points else None),
        ]
        for message, values in amounts:
            if values is not None:
                shown = ", ".join(
                    f"{self._name(s, seat)} {decimal_text(v)}" for s, v in enumerate(values)
                )
                lines.append(message % {"amounts": shown})
        return "\n".join(lines)

    def _name(self, who: int, seat: int) -> str:
        _ = self.words.gettext
        return _("You") if who == seat else _("Seat %(seat)d") % {"seat": who}


def human_strategy(rules: Rules, lang: str = "en") -> Strategy:
    """The person at the terminal as a strategy: asks for a card code (or pass, a joker)."""
    return PlainScreen(rules, Words(lang)).choose


def _said(answer: str) -> str:
    """An answer compared without case or surrounding spaces."""
    return answer.strip().upper()


def play_interactive(
    rules: Rules, players: int, seed: int, seat: int, bots: list[str], lang: str = "en"
) -> None:
    """One deal with a human at ``seat`` and the named bots elsewhere (see :func:`bot_seats`),
    spoken in ``lang``."""
    check_players(rules, players)
    if not 0 <= seat < players:
        raise click.BadParameter(f"--seat must be between 0 and {players - 1}")
    try:
        names = bot_seats(players, seat, bots)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    screen = PlainScreen(rules, Words(lang))
    person: Callable[[Rules], Strategy] = lambda _rules: screen.choose  # noqa: E731
    strategies = [
        person(rules) if s == seat else STRATEGIES[names[s]](rules) for s in range(players)
    ]
    # the person chooses the cards they give where the giver chooses; the bots give as ever
    table = Table(players, strategies, dealer=seed % players, gives_asked=frozenset({seat}))
    try:
        result = play_deal(rules, table, GameRandom(seed))
    except click.Abort as abort:
        if not isinstance(abort.__context__, EOFError):
            raise  # Ctrl-C: click's own "Aborted!"
        # the input ran out (a closed stdin, a script's last line): not an error
        click.echo("\n" + screen.words.gettext("No more input: the deal is left unfinished."))
        return
    click.echo("\n" + screen.result_text(result, seat))
