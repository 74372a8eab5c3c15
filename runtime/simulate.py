"""Simulate many independent deals with bot strategies and summarise them.

Game ``g`` of a run with seed ``S`` uses its own generator seeded with
``S + g`` (recorded as the game's ``seed``), so any recorded game can be
replayed alone with ``--seed <its seed> --games 1``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import IO, Any

from runtime.api import GameError, Rules
from runtime.engine import play_deal
from runtime.records import game_record, write_record
from runtime.strategies import STRATEGIES


@dataclass
class Summary:
    """Aggregate figures of a simulation run."""

    variant: str
    players: int
    games: int
    seed: int
    strategy: str
    seconds: float = 0.0
    games_per_second: float = 0.0
    wins: list[int] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    blocked: int = 0
    mean_decisions: float = 0.0
    mean_passes: float = 0.0
    mean_chips: list[float] | None = None
    mean_points: list[float] | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def check_players(rules: Rules, players: int) -> None:
    """Reject a player count the rule set does not allow."""
    if not rules.MIN_PLAYERS <= players <= rules.MAX_PLAYERS:
        raise GameError(
            f"{rules.ID} is played by {rules.MIN_PLAYERS} to {rules.MAX_PLAYERS} players, not {players}"
        )


def simulate(
    rules: Rules,
    players: int,
    games: int,
    seed: int,
    strategy: str = "random",
    record: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``games`` independent deals and return their summary."""
    check_players(rules, players)
    strategies = [STRATEGIES[strategy](rules) for _ in range(players)]
    summary = Summary(rules.ID, players, games, seed, strategy, wins=[0] * players)
    chips = [0] * players
    points = [0] * players
    decisions = passes = 0
    started = time.perf_counter()
    for game in range(games):
        rng = random.Random(seed + game)
        dealer = int(rng.random() * players)
        result = play_deal(
            rules, players, rng, strategies, dealer=dealer, record=record is not None
        )
        decisions += result.decisions
        passes += result.passes
        if result.winner is None:
            summary.blocked += 1
        else:
            summary.wins[result.winner] += 1
        for seat in range(players):
            chips[seat] += result.chips[seat]
            if result.points:
                points[seat] += result.points[seat]
        if record is not None:
            write_record(
                record,
                game_record(
                    rules.ID, players, seed + game, 1, result, rules.HAS_CHIPS, rules.HAS_POINTS
                ),
            )
        if progress is not None and game % 64 == 63:
            progress(game + 1)
    summary.seconds = time.perf_counter() - started
    _finish(summary, rules, games, decisions, passes, chips, points)
    return summary


def _finish(
    summary: Summary,
    rules: Rules,
    games: int,
    decisions: int,
    passes: int,
    chips: list[int],
    points: list[int],
) -> None:
    n = max(games, 1)
    summary.games_per_second = games / summary.seconds if summary.seconds > 0 else 0.0
    summary.win_share = [w / n for w in summary.wins]
    summary.mean_decisions = decisions / n
    summary.mean_passes = passes / n
    summary.mean_chips = [c / n for c in chips] if rules.HAS_CHIPS else None
    summary.mean_points = [p / n for p in points] if rules.HAS_POINTS else None
