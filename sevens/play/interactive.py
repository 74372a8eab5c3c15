"""Play one deal in the terminal against bots, line by line (``sevens play --plain``)."""

from __future__ import annotations

import click

from sevens.bots import STRATEGIES
from sevens.runtime.api import DealState, GameError, Rules, bits
from sevens.runtime.arith import amounts_text
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import check_players
from sevens.runtime.strategies import PASS, Strategy

from .table_session import bot_seats


def _show(rules: Rules, mask: int, marked: int = 0) -> str:
    """Card codes, ``*`` after those a joker stands for (``marked``); ``-`` for none."""
    codes = rules.rule_set.card_codes
    return " ".join(codes[c] + ("*" if marked >> c & 1 else "") for c in bits(mask)) or "-"


def _rows(rules: Rules, st: DealState) -> str:
    lines = []
    for suit in sorted(set(rules.rule_set.suit_of)):
        on_table = sum(1 << c for c in bits(st.table) if rules.rule_set.suit_of[c] == suit)
        lines.append("  " + _show(rules, on_table, st.joker_spots))
    if st.joker_spots:
        lines.append("  (* a joker lies there, standing for that card)")
    return "\n".join(lines)


#: Wrong answers in a row after which ``sevens play`` gives up instead of asking forever.
MAX_WRONG_ANSWERS = 20
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def _normalised(code: str) -> str:
    """A card code as typed or shown, compared without case and with symbols as letters."""
    code = code.strip().upper()
    return code[:-1] + _SYMBOLS.get(code[-1:], code[-1:]) if code else code


def _matching(rules: Rules, mask: int, answer: str) -> int | None:
    """The card of ``mask`` whose code is ``answer`` (normalised), if any."""
    for card in bits(mask):
        if _normalised(rules.rule_set.card_codes[card]) == answer:
            return card
    return None


def human_strategy(rules: Rules) -> Strategy:
    """Ask the person at the terminal for a card code (or 'pass'; with jokers, 'joker 8C')."""
    n_cards = rules.rule_set.n_cards

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        if legal & st.joker_spots:  # a turn's legal cards never lie under a joker: a redeem
            return _redeem(rules, legal, can_pass)
        cards, spots = legal & ((1 << n_cards) - 1), legal >> n_cards
        click.echo(f"\nTable:\n{_rows(rules, st)}")
        held = st.jokers[seat]
        jokers = f" + {held} joker{'s' if held != 1 else ''}" if held else ""
        click.echo(f"Your hand: {_show(rules, st.hands[seat])}{jokers}")
        click.echo(f"Legal: {_show(rules, cards)}" + ("  (or 'pass')" if can_pass else ""))
        if spots:
            click.echo(
                f"A joker may go where these go: {_show(rules, spots)}  ('joker' and the card)"
            )
        default = rules.rule_set.card_codes[(cards & -cards).bit_length() - 1] if cards else "pass"
        if not cards and spots:
            default = "joker"
        for _ in range(MAX_WRONG_ANSWERS):
            answer = _normalised(click.prompt("Your play", default=default))
            if answer == "PASS" and (can_pass or not legal):
                return PASS
            if spots and answer.startswith("JOKER"):
                spot = _joker_spot(rules, spots, answer.removeprefix("JOKER").strip())
                if spot is not None:
                    return n_cards + spot
                continue
            card = _matching(rules, cards, answer)
            if card is not None:
                return card
            click.echo("Not a legal play; type one of the legal cards.")
        raise GameError(f"no legal play after {MAX_WRONG_ANSWERS} tries; the deal is abandoned")

    return choose


def _joker_spot(rules: Rules, spots: int, answer: str) -> int | None:
    """Where the joker goes: the card typed after 'joker', else asked for."""
    if not answer:
        first = rules.rule_set.card_codes[(spots & -spots).bit_length() - 1]
        answer = _normalised(
            click.prompt(f"The joker goes where? ({_show(rules, spots)})", default=first)
        )
    spot = _matching(rules, spots, answer)
    if spot is None:
        click.echo(f"A joker cannot go there; it may go where these go: {_show(rules, spots)}")
    return spot


def _redeem(rules: Rules, legal: int, can_pass: bool) -> int:
    """The holder of a card a joker stands for plays it and takes the joker (or may decline)."""
    card = legal.bit_length() - 1
    code = rules.rule_set.card_codes[card]
    if not can_pass:  # not asked by the engine when the rules force it; kept for callers that ask
        return card
    question = f"A joker stands for your {code}: redeem it (play it, take the joker) or pass?"
    for _ in range(MAX_WRONG_ANSWERS):
        answer = _normalised(click.prompt(question, default="redeem"))
        if answer in ("REDEEM", _normalised(code)):
            return card
        if answer == "PASS":
            return PASS
    raise GameError(f"no answer after {MAX_WRONG_ANSWERS} tries; the deal is abandoned")


def play_interactive(rules: Rules, players: int, seed: int, seat: int, bots: list[str]) -> None:
    """One deal with a human at ``seat`` and the named bots elsewhere (see :func:`bot_seats`)."""
    check_players(rules, players)
    if not 0 <= seat < players:
        raise click.BadParameter(f"--seat must be between 0 and {players - 1}")
    try:
        names = bot_seats(players, seat, bots)
    except ValueError as error:
        raise click.BadParameter(str(error)) from None
    strategies = [
        human_strategy(rules) if s == seat else STRATEGIES[names[s]](rules) for s in range(players)
    ]
    table = Table(players, strategies, dealer=seed % players)
    try:
        result = play_deal(rules, table, GameRandom(seed))
    except click.Abort as abort:
        if not isinstance(abort.__context__, EOFError):
            raise  # Ctrl-C: click's own "Aborted!"
        # the input ran out (a closed stdin, a script's last line): not an error
        click.echo("\nNo more input: the deal is left unfinished.")
        return
    who = (
        "nobody (blocked)"
        if result.winner is None
        else ("you" if result.winner == seat else f"seat {result.winner}")
    )
    click.echo(f"\nThe deal is over: winner {who}. Cards left per seat: {result.cards_left}")
    if rules.rule_set.chips is not None:
        click.echo(f"Chips: {amounts_text(result.chips)}")
    if rules.rule_set.points is not None:
        click.echo(f"Points: {amounts_text(result.points)}")
