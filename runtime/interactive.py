"""Play one deal in the terminal against bots (``sevens play``)."""

from __future__ import annotations

import random

import click

from sevens.runtime.api import DealState, GameError, Rules, bits
from sevens.runtime.arith import amounts_text
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.simulate import check_players
from sevens.runtime.strategies import PASS, STRATEGIES, Strategy


def _show(rules: Rules, mask: int) -> str:
    return " ".join(rules.rule_set.card_codes[c] for c in bits(mask)) or "-"


def _rows(rules: Rules, st: DealState) -> str:
    lines = []
    for suit in sorted(set(rules.rule_set.suit_of)):
        on_table = sum(1 << c for c in bits(st.table) if rules.rule_set.suit_of[c] == suit)
        lines.append("  " + _show(rules, on_table))
    return "\n".join(lines)


#: Wrong answers in a row after which ``sevens play`` gives up instead of asking forever.
MAX_WRONG_ANSWERS = 20
_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}


def _normalised(code: str) -> str:
    """A card code as typed or shown, compared without case and with symbols as letters."""
    code = code.strip().upper()
    return code[:-1] + _SYMBOLS.get(code[-1:], code[-1:]) if code else code


def human_strategy(rules: Rules) -> Strategy:
    """Ask the person at the terminal for a card code (or 'pass')."""

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: random.Random) -> int:
        click.echo(f"\nTable:\n{_rows(rules, st)}")
        click.echo(f"Your hand: {_show(rules, st.hands[seat])}")
        click.echo(f"Legal: {_show(rules, legal)}" + ("  (or 'pass')" if can_pass else ""))
        default = rules.rule_set.card_codes[(legal & -legal).bit_length() - 1] if legal else "pass"
        for _ in range(MAX_WRONG_ANSWERS):
            answer = _normalised(click.prompt("Your play", default=default))
            if answer == "PASS" and (can_pass or not legal):
                return PASS
            for card in bits(legal):
                if _normalised(rules.rule_set.card_codes[card]) == answer:
                    return card
            click.echo("Not a legal play; type one of the legal cards.")
        raise GameError(f"no legal play after {MAX_WRONG_ANSWERS} tries; the deal is abandoned")

    return choose


def play_interactive(rules: Rules, players: int, seed: int, seat: int, strategy: str) -> None:
    """One deal with a human at ``seat`` and bots elsewhere."""
    check_players(rules, players)
    if not 0 <= seat < players:
        raise click.BadParameter(f"--seat must be between 0 and {players - 1}")
    bots = STRATEGIES.get(strategy)
    if bots is None:
        raise click.BadParameter(f"unknown strategy '{strategy}'")
    strategies = [human_strategy(rules) if s == seat else bots(rules) for s in range(players)]
    table = Table(players, strategies, dealer=seed % players)
    result = play_deal(rules, table, random.Random(seed))
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
