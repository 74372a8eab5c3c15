"""Simulate many independent deals (or matches) with bot strategies and summarise them.

Game ``g`` of a run with seed ``S`` uses its own generator seeded with
``S + g`` (recorded as the game's ``seed``), so any recorded game can be
replayed alone with ``--seed <its seed> --games 1``.  With ``deals`` set, a
game is a match of that many deals (see :mod:`runtime.match`); win figures
are then match wins, decisions and passes are per deal, and chips and points
are totals per match.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from types import FrameType
from typing import IO, Any

from .api import GameError, Rules
from .contract import Teams, player_count_problem
from .engine import DealResult, Table, play_deal
from .match import play_match
from .randomness import GameRandom
from .records import game_record, write_record
from .strategies import STRATEGIES


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
    wins: list[float] = field(default_factory=list)
    win_share: list[float] = field(default_factory=list)
    blocked: int = 0
    mean_decisions: float = 0.0
    mean_passes: float = 0.0
    mean_chips: list[float] | None = None
    mean_points: list[float] | None = None
    deals_per_game: float = 1.0
    planned: int = 0  # games asked for; ``games`` is how many were played
    partial: bool = False  # interrupted (Ctrl-C) before all planned games were played
    # with teams only: games won per team (a match shared by teams is split) and their share
    team_wins: list[float] | None = None
    team_win_share: list[float] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The summary as plain data; the team keys only where the players form teams."""
        data = asdict(self)
        if self.team_wins is None:
            del data["team_wins"], data["team_win_share"]
        return data


def add_team_wins(summary: Summary, teams: Teams | None, winners: list[int]) -> None:
    """Count a game's win for the teams of ``winners`` (a shared win is split)."""
    if teams is None or not winners:
        return
    players = summary.players
    if summary.team_wins is None:
        summary.team_wins = [0.0] * teams.count(players)
    won = sorted({teams.team_of(seat, players) for seat in winners})
    for team in won:
        summary.team_wins[team] += 1 / len(won)


def check_players(rules: Rules, players: int) -> None:
    """Reject a player count the rule set does not allow, or cannot be played by."""
    rule_set = rules.rule_set
    allowed = rule_set.players
    if not allowed.min <= players <= allowed.max:
        raise GameError(
            f"{rule_set.id} is played by {allowed.min} to {allowed.max} players, not {players}"
        )
    problem = player_count_problem(rule_set, players)
    if problem is not None:
        raise GameError(f"{rule_set.id}: {problem.message}; {problem.advice_for_play}")


@dataclass
class Options:
    """What to simulate besides the rules."""

    players: int = 4
    games: int = 1000
    seed: int = 0
    strategy: str = "random"
    deals: int | None = None  # None: independent deals; N: matches of N deals
    forget_last_card: float = 0.1


def simulate(
    rules: Rules,
    options: Options,
    record: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``options.games`` independent deals (or matches) and summarise them."""
    check_players(rules, options.players)
    if options.strategy not in STRATEGIES:
        raise GameError(f"unknown strategy '{options.strategy}' (known: {', '.join(STRATEGIES)})")
    players = options.players
    strategies = [STRATEGIES[options.strategy](rules) for _ in range(players)]
    table = Table(
        players, strategies, record=record is not None, forget_last_card=options.forget_last_card
    )
    summary = Summary(
        rules.rule_set.id,
        players,
        options.games,
        options.seed,
        options.strategy,
        wins=[0.0] * players,
    )
    teams = rules.rule_set.teams
    if teams is not None:
        summary.team_wins = [0.0] * teams.count(players)
    summary.planned = options.games
    totals = _Totals(players)
    started = time.perf_counter()
    with _stop_on_ctrl_c() as stop:
        for game in range(options.games):
            if stop.requested:
                summary.games, summary.partial = game, True
                break
            _play_game(rules, options, table, totals, summary, record, game)
            if progress is not None and game % 64 == 63:
                progress(game + 1)
    played = summary.games
    summary.seconds = time.perf_counter() - started
    summary.deals_per_game = totals.deals / max(played, 1)
    _finish(summary, rules, played, totals.decisions, totals.passes, totals.chips, totals.points)
    return summary


class _StopRequest:
    """Set by Ctrl-C; the run stops before its next game, so every game counted is whole."""

    requested = False

    def request(self, signum: int, frame: FrameType | None) -> None:
        self.requested = True


@contextmanager
def _stop_on_ctrl_c() -> Iterator[_StopRequest]:
    """Ctrl-C ends the run after the game under way (the main thread only; elsewhere it
    raises as usual), and the previous handler comes back afterwards."""
    stop = _StopRequest()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, stop.request)
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)


def _play_game(
    rules: Rules,
    options: Options,
    table: Table,
    totals: _Totals,
    summary: Summary,
    record: IO[str] | None,
    game: int,
) -> None:
    """Play game number ``game`` (a deal or a match), add it to the sums, record it."""
    players = options.players
    rng = GameRandom(options.seed + game)
    if options.deals is None:
        table.dealer = rng.below(players)
        deals = [play_deal(rules, table, rng)]
        winners = [] if deals[0].winner is None else [deals[0].winner]
    else:
        match = play_match(rules, table, rng, options.deals)
        deals, winners = match.deals, match.winners
        table.previous_winner, table.carried_pot = None, 0
    totals.add(summary, deals, winners)
    add_team_wins(summary, rules.rule_set.teams, winners)
    if record is not None:
        for number, deal in enumerate(deals, start=1):
            line = game_record(
                rules.rule_set.id,
                players,
                options.seed + game,
                number,
                deal,
                rules.rule_set.chips is not None,
                rules.rule_set.points is not None,
                rules.rule_set.teams,
            )
            write_record(record, line)


class _Totals:
    """Running sums over the simulated games."""

    def __init__(self, players: int) -> None:
        self.chips = [0] * players
        self.points = [0] * players
        self.decisions = self.passes = self.deals = 0

    def add(self, summary: Summary, deals: list[DealResult], winners: list[int]) -> None:
        for deal in deals:
            self.deals += 1
            self.decisions += deal.decisions
            self.passes += deal.passes
            if deal.winner is None:
                summary.blocked += 1
            for seat, chips in enumerate(deal.chips):
                self.chips[seat] += chips
            for seat, points in enumerate(deal.points):
                self.points[seat] += points
        for seat in winners:  # a shared match win is split between the winners
            summary.wins[seat] += 1 / len(winners)


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
    if summary.team_wins is not None:
        summary.team_win_share = [w / n for w in summary.team_wins]
    per_game = summary.deals_per_game or 1.0  # no games: no deals to divide by
    summary.mean_decisions = decisions / n / per_game
    summary.mean_passes = passes / n / per_game
    summary.mean_chips = [_mean(c, n) for c in chips] if rules.rule_set.chips is not None else None
    summary.mean_points = (
        [_mean(p, n) for p in points] if rules.rule_set.points is not None else None
    )


def _mean(total: int, count: int) -> float:
    """``total / count`` as a float, clamped to the largest finite float rather than failing."""
    try:
        return float(total / count)  # amounts with decimals are exact fractions until here
    except OverflowError:
        return sys.float_info.max if total > 0 else -sys.float_info.max
