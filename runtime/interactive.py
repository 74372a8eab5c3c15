"""Play one deal in the terminal against bots (``sevens play``)."""

from __future__ import annotations

import random

import click

from sevens.runtime.api import DealState, Rules, bits
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.simulate import check_players
from sevens.runtime.strategies import PASS, STRATEGIES, Strategy


def _show(rules: Rules, mask: int) -> str:
    return " ".join(rules.CARD_CODES[c] for c in bits(mask)) or "-"


def _rows(rules: Rules, st: DealState) -> str:
    lines = []
    for suit in sorted(set(rules.SUIT_OF)):
        on_table = sum(1 << c for c in bits(st.table) if rules.SUIT_OF[c] == suit)
        lines.append("  " + _show(rules, on_table))
    return "\n".join(lines)


def human_strategy(rules: Rules) -> Strategy:
    """Ask the person at the terminal for a card code (or 'pass')."""

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: random.Random) -> int:
        click.echo(f"\nTable:\n{_rows(rules, st)}")
        click.echo(f"Your hand: {_show(rules, st.hands[seat])}")
        click.echo(f"Legal: {_show(rules, legal)}" + ("  (or 'pass')" if can_pass else ""))
        while True:
            answer = (
                click.prompt(
                    "Your play", default=rules.CARD_CODES[(legal & -legal).bit_length() - 1]
                )
                .strip()
                .upper()
            )
            if answer == "PASS" and can_pass:
                return PASS
            for card in bits(legal):
                if rules.CARD_CODES[card] == answer:
                    return card
            click.echo("Not a legal play; type one of the legal cards.")

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
    if rules.HAS_CHIPS:
        click.echo(f"Chips: {result.chips}")
    if rules.HAS_POINTS:
        click.echo(f"Points: {result.points}")
