"""Game records: one JSON object per game, one per line (JSON Lines).

This format is an interface other tools read; keep its keys stable.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import IO, Any

from .arith import record_number
from .contract import Teams
from .engine import DealResult

RECORD_KEYS = (
    "variant",
    "players",
    "seed",
    "deal",
    "dealer",
    "hands",
    "layout_start",
    "decisions",
    "winner",
    "result",
)


def game_record(
    variant: str,
    players: int,
    seed: int,
    deal: int,
    result: DealResult,
    has_chips: bool,
    has_points: bool,
    teams: Teams | None = None,
) -> dict[str, Any]:
    """The record of one deal, with the keys in :data:`RECORD_KEYS` order (``teams``, only
    for rule sets with teams, comes last)."""
    assert result.record is not None
    outcome: dict[str, Any] = {}
    if has_chips:
        outcome["chips"] = result.chips
    if has_points:
        outcome["points"] = result.points
    outcome["cards_left"] = result.cards_left
    outcome["places"] = result.places
    return {
        "variant": variant,
        "players": players,
        "seed": seed,
        "deal": deal,
        "dealer": result.record["dealer"],
        "hands": result.record["hands"],
        "layout_start": result.record["layout_start"],
        "decisions": result.record["decisions"],
        "winner": result.winner,
        "result": outcome,
        **(
            {"opening_card": result.record["opening_card"]}
            if "opening_card" in result.record
            else {}
        ),
        **{key: result.record[key] for key in ("stock", "leftovers") if key in result.record},
        **({"jokers": result.record["jokers"]} if "jokers" in result.record else {}),
        **{key: result.record[key] for key in ("trumps", "trump_card") if key in result.record},
        **({} if teams is None else {"teams": team_facts(teams, players, result, outcome)}),
    }


def team_facts(
    teams: Teams, players: int, result: DealResult, outcome: dict[str, Any]
) -> dict[str, Any]:
    """The ``teams`` key: each team's seats, the team that won the deal (``None``: blocked)
    and, where the deal scores them, each team's chips and points (its members' sums)."""
    facts: dict[str, Any] = {
        "seats": [list(teams.members(team, players)) for team in range(teams.count(players))],
        "winner": None if result.winner is None else teams.team_of(result.winner, players),
    }
    for key in ("chips", "points"):
        if key in outcome:
            facts[key] = teams.sums(outcome[key], players)
    return facts


def write_record(stream: IO[str], record: dict[str, Any]) -> None:
    """Append one record as a line of JSON."""
    stream.write(json.dumps(record, ensure_ascii=False, separators=(",", ":"), default=_exact))
    stream.write("\n")


def _exact(value: object) -> int | float | str:
    """JSON for the one non-JSON value a record holds: an amount with decimals, written exactly."""
    if isinstance(value, Fraction):
        return record_number(value)
    raise TypeError(f"a game record cannot hold {type(value).__name__}")
