"""Positions taken from game records: what ``sevens legal`` is checked against.

A record (docs/architecture.md, Game records) lists the hands as dealt and every
decision.  Replaying the decisions gives, before each ordinary turn, the cards on
the table and the hand and jokers of the player to move, with what the engine
offered them then.
"""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from sevens.compiler.errors import SevensError
from sevens.runtime.api import Rules
from sevens.runtime.simulate import Options, simulate

from .legal import Position, position_decisions


@dataclass
class RecordedPosition:
    """The position before one ordinary turn of a recorded deal, and the decision taken."""

    variant: str
    players: int
    table: list[str]  # in the order the cards came onto the table
    hand: list[str]
    jokers: int
    opening: str | None  # the card the dealer named, where the dealer names one
    decision: dict[str, Any]
    unable_in_a_row: int = 0  # the players just before who could not play (game.unable_in_a_row)
    trump_card: str | None = None  # the last card dealt, where it named trumps
    in_place_of: tuple[str, ...] = ()  # the cards in whose place a trump lies
    leftovers: tuple[str, ...] = ()  # the face-up leftovers still beside the rows


def recorded_positions(record: dict[str, Any], preplaced: set[str]) -> Iterator[RecordedPosition]:
    """Every ordinary turn of one recorded deal, as a position.  ``preplaced`` are the codes
    of the cards laid out by their holders (``layout.preplaced_by: holders``), which the
    record's hands still hold as dealt."""
    hands = [[c for c in hand if c not in preplaced] for hand in record["hands"]]
    table = list(record["layout_start"])
    jokers = list(record.get("jokers") or [0] * record["players"])
    displaced: list[str] = []  # the cards in whose place a trump was laid
    leftovers = list(record.get("leftovers", []))  # face up, until someone lays them
    unable = 0
    for decision in record["decisions"]:
        seat = decision["seat"]
        if "kind" not in decision:
            yield RecordedPosition(
                record["variant"],
                record["players"],
                list(table),
                list(hands[seat]),
                jokers[seat],
                record.get("opening_card"),
                decision,
                unable,
                record.get("trump_card"),
                tuple(displaced),
                tuple(leftovers),
            )
            unable = unable + 1 if _could_not_play(decision) else 0
        if decision.get("kind") == "leftover":  # a face-up card laid: nobody's hand changes
            if decision["action"] == "play":
                leftovers.remove(decision["card"])
                table.append(decision["card"])
            continue
        _replay(decision, hands, table, jokers)
        if decision["action"] == "trump":
            displaced.append(decision["in_place_of"])


def _could_not_play(decision: dict[str, Any]) -> bool:
    """A turn that leaves the player stuck: a pass without a legal card (after any draw),
    or a card laid face down."""
    return decision["action"] == "cover" or (decision["action"] == "pass" and not decision["legal"])


def _replay(
    decision: dict[str, Any], hands: list[list[str]], table: list[str], jokers: list[int]
) -> None:
    """Carry one recorded decision out on the hands, the table and the jokers."""
    seat, card, action = decision["seat"], decision["card"], decision["action"]
    hands[seat] += decision.get("drawn", [])
    if action in ("play", "trump"):  # a trump lies in another card's place, on the table
        hands[seat].remove(card)
        table.append(card)
    elif action == "joker":
        jokers[seat] -= 1
        table.append(card)
    elif action == "redeem":
        hands[seat].remove(card)
        jokers[seat] += 1
    elif action == "cover":
        hands[seat].remove(decision["covered"])
    if decision.get("eliminated"):
        table += hands[seat]
        hands[seat] = []
        jokers[seat] = 0
    # a pass may move cards twice: its own ``transfer``, then the moves from each other player
    moves = ([decision["transfer"]] if "transfer" in decision else []) + decision.get(
        "transfers", []
    )
    for move in moves:
        for moved in move["cards"]:
            hands[move["from"]].remove(moved)
            hands[move["to"]].append(moved)


def recorded_games(rules: Rules, players: int, games: int, seed: int) -> list[dict[str, Any]]:
    """The records of ``games`` random deals (``sevens simulate --record``)."""
    out = io.StringIO()
    simulate(rules, Options(players=players, games=games, seed=seed), record=out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def holders_cards(rules: Rules) -> set[str]:
    """The codes of the cards their holders lay out after the deal (still in recorded hands)."""
    rule_set = rules.rule_set
    if not rule_set.layout.by_holders:
        return set()
    return {rule_set.card_codes[c] for c in rule_set.preplaced_cards}


def answer_problem(rules: Rules, position: RecordedPosition, rng: random.Random) -> str | None:
    """What is wrong with ``sevens legal``'s answer to a recorded position, its table cards
    shuffled, or None: it must not refuse it, and must offer what the engine offered."""
    table = list(position.table)
    if not order_chooses_rows(rules):  # where it does, the table is given in play order
        rest = table[1:] if first_card_starts(rules) else table  # the first card chose the start
        rng.shuffle(rest)
        table = table[:1] + rest if first_card_starts(rules) else rest
    asked = Position(" ".join(table), " ".join(position.hand), position.players)
    asked.jokers, asked.opening = position.jokers, position.opening
    asked.unable_in_a_row = position.unable_in_a_row
    asked.trump_card = position.trump_card
    asked.in_place_of = " ".join(position.in_place_of) or None
    asked.leftovers = " ".join(position.leftovers) or None
    try:
        answer = position_decisions(rules, asked)
    except SevensError as error:
        return f"refused: {error}"
    decision = position.decision
    if "drawn" in decision or decision["action"] == "cover":
        expected = "draw" if "drawn" in decision else "cover"
        if answer.legal or answer.cannot_play != expected:
            return f"expected no legal card and '{expected}', got {answer.as_json()}"
        drawn = len(decision.get("drawn", []))
        if answer.draw_most is not None and drawn > answer.draw_most:
            return f"{drawn} cards drawn, but the answer says at most {answer.draw_most}"
        return None
    if sorted(answer.legal) != sorted(decision["legal"]):
        return f"legal {answer.legal}, the engine offered {decision['legal']}"
    if sorted(answer.joker) != sorted(decision.get("joker", [])):
        return f"joker {answer.joker}, the engine offered {decision.get('joker', [])}"
    trumps = sorted(t["in_place_of"] for t in answer.trump)
    if trumps != sorted(decision.get("trump", [])):
        return f"trump in place of {trumps}, the engine offered {decision.get('trump', [])}"
    if decision["action"] == "pass" and decision["legal"] and not answer.can_pass:
        return "the player passed while able to play, but the answer says they may not"
    return None


def order_chooses_rows(rules: Rules) -> bool:
    """Whether the order of play chooses a card's row (``layout.rows_follow_suit`` false,
    ``layout.one_row_at_a_time``): one set of table cards may then lie in different rows, and
    ``sevens legal`` lays them in the order given (it searches another only when that order
    cannot be played)."""
    layout = rules.rule_set.layout
    return layout.one_row_at_a_time or not layout.rows_follow_suit


def first_card_starts(rules: Rules) -> bool:
    """Whether the first card played chooses where every row starts: a set of table cards
    may then be reached from several starts, and ``sevens legal`` takes the card listed
    first as the first played."""
    layout = rules.rule_set.layout
    return layout.start_rank is None and not layout.start_per_row
