"""One game's observations, and exact tallies of many games.

A game is a deal (or, in a session experiment, a match) played from its own
seed exactly as ``sevens simulate`` plays game ``g``: a generator seeded with
``seed + g`` first picks the dealer, then deals and plays.  What the lab
measures of a game is a flat mapping of names to integers (:func:`observe_deal`,
:func:`observe_match`); a :class:`Tally` keeps integer moments and histograms
of them, so tallies of chunks merge exactly in any order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sevens.bots import STRATEGIES
from sevens.runtime.api import DealState, Rules
from sevens.runtime.engine import (
    DealResult,
    Table,
    choose_leader,
    deal_hands,
    name_opening_card,
    play_deal,
)
from sevens.runtime.match import MatchResult, number_of_deals, play_match
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import Strategy

from .facts import RuleFacts
from .stats import Moments

Observation = dict[str, int]

#: Observations whose whole distribution is kept (for quantiles and plots).
HISTOGRAMS = ("decisions", "passes", "deals")


@dataclass(frozen=True)
class Experiment:
    """Who sits where, and whether a game is one deal or a match.

    Either every seat has its strategy in ``seats``, or one *focus* seat
    (seat ``g % players`` in game ``g``, so every seat takes its turn) plays
    ``focus`` and the others play ``others``: the focus seat's edge over the
    others measures that strategy (skill, or a penalised behaviour).
    """

    name: str
    games: int
    seats: tuple[str, ...] = ()
    focus: str | None = None
    others: str | None = None
    session: bool = False
    leader: bool = False  # find who leads each deal (costs a replay of the deal's set-up)

    def strategies(self, game: int, players: int) -> tuple[tuple[str, ...], int | None]:
        """The strategy of each seat in game ``game``, and the focus seat (if any)."""
        if self.focus is None or self.others is None:
            return self.seats, None
        seat = game % players
        return tuple(self.focus if s == seat else self.others for s in range(players)), seat


@dataclass
class Tally:
    """Exact sums of the observations of many games."""

    games: int = 0
    moments: dict[str, Moments] = field(default_factory=dict)
    histograms: dict[str, dict[int, int]] = field(default_factory=dict)

    def add(self, obs: Observation) -> None:
        self.games += 1
        for key, value in obs.items():
            moments = self.moments.get(key)
            if moments is None:
                moments = self.moments[key] = Moments()
            moments.add(value)
        for key in HISTOGRAMS:
            if key in obs:
                counts = self.histograms.setdefault(key, {})
                counts[obs[key]] = counts.get(obs[key], 0) + 1
        for key in ("chips", "points"):  # the distribution pooled over seats
            if f"{key} 0" in obs:
                counts = self.histograms.setdefault(key, {})
                for seat in range(obs["players"]):
                    value = obs[f"{key} {seat}"]
                    counts[value] = counts.get(value, 0) + 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        for key, moments in other.moments.items():
            self.moments.setdefault(key, Moments()).merge(moments)
        for key, counts in other.histograms.items():
            mine = self.histograms.setdefault(key, {})
            for value, count in counts.items():
                mine[value] = mine.get(value, 0) + count

    def get(self, key: str) -> Moments:
        return self.moments.get(key, Moments())


@dataclass
class Paired:
    """Exact sums of per-game differences (side A minus side B) of common observations."""

    moments: dict[str, Moments] = field(default_factory=dict)

    def add(self, a: Observation, b: Observation) -> None:
        for key, value in a.items():
            if key in b:
                moments = self.moments.get(key)
                if moments is None:
                    moments = self.moments[key] = Moments()
                moments.add(value - b[key])

    def merge(self, other: Paired) -> None:
        for key, moments in other.moments.items():
            self.moments.setdefault(key, Moments()).merge(moments)


class Player:
    """Plays the games of one rule set, reusing its strategies."""

    def __init__(self, rules: Rules, facts: RuleFacts, players: int, forget: float) -> None:
        self.rules, self.facts, self.players, self.forget = rules, facts, players, forget
        self.bots: dict[str, Strategy] = {}
        self.match_deals = number_of_deals(rules, players, None)

    def bot(self, name: str) -> Strategy:
        if name not in self.bots:
            self.bots[name] = STRATEGIES[name](self.rules)
        return self.bots[name]

    def game(
        self, experiment: Experiment, game: int, seed: int, record: bool = False
    ) -> tuple[Observation, DealResult | None]:
        """Play game ``game`` of ``experiment`` from ``seed``; its observation (and deal)."""
        names, focus = experiment.strategies(game, self.players)
        table = Table(
            self.players,
            [self.bot(name) for name in names],
            record=record,
            forget_last_card=self.forget,
        )
        rng = GameRandom(seed)
        if experiment.session:
            match = play_match(self.rules, table, rng, self.match_deals)
            return observe_match(match, focus, self.facts), None
        table.dealer = rng.below(self.players)
        leader = leader_of(self.rules, self.facts, table, rng) if experiment.leader else None
        deal = play_deal(self.rules, table, rng)
        return observe_deal(deal, table.dealer, leader, focus, self.facts), deal


def leader_of(rules: Rules, facts: RuleFacts, table: Table, rng: GameRandom) -> int:
    """Who will lead the deal about to be played from ``rng``, without disturbing ``rng``.

    ``DealResult`` does not say who led.  Rather than recording every decision
    (about twice as slow), a copy of the generator replays the deal's set-up
    with the engine's own functions (deal, lay out, name the opening card,
    choose the leader).  tests/test_lab.py checks it against the record's
    first decision, so a change in the engine's set-up cannot go unnoticed.
    """
    probe = rng.fork()
    hands = deal_hands(rules, table.players, table.dealer, probe)
    st = DealState(table.players, table.dealer, hands, facts.n_rows)
    rules.setup(st)
    name_opening_card(rules, st, probe)
    return choose_leader(rules, st, table.previous_winner)


def _per_seat(obs: Observation, key: str, values: list[int], focus: int | None) -> None:
    for seat, value in enumerate(values):
        obs[f"{key} {seat}"] = value
    if focus is not None:  # (n-1) x (focus - mean of the others): an integer
        n = len(values)
        obs[f"focus {key}"] = (n - 1) * values[focus] - (sum(values) - values[focus])


def _after_focus(obs: Observation, wins: list[int], focus: int | None) -> None:
    """Who gains from the focus seat's play: for the seat ``k`` places after it (its left
    neighbour is ``k = 1``), its win and its edge over the other non-focus seats.

    The edge is ``(n-2) x (win_k - mean of the other non-focus seats' wins)``, an integer;
    a penalty that hands the game to one neighbour shows as a real edge there.
    """
    n = len(wins)
    if focus is None or n < 3:
        return
    bystanders = sum(wins) - wins[focus]
    for k in range(1, n):
        won = wins[(focus + k) % n]
        obs[f"after focus {k}"] = won
        obs[f"after focus edge {k}"] = (n - 2) * won - (bystanders - won)


def observe_deal(
    deal: DealResult, dealer: int, leader: int | None, focus: int | None, facts: RuleFacts
) -> Observation:
    """The integers the lab measures of one deal."""
    players = len(deal.chips)
    wins = [int(deal.winner == seat) for seat in range(players)]
    obs: Observation = {"players": players, "blocked": int(deal.winner is None)}
    _per_seat(obs, "win", wins, focus)
    if focus is not None:
        obs["focus won"] = wins[focus]
    _after_focus(obs, wins, focus)
    for k in range(players):  # position k: k seats left of the dealer's left
        obs[f"position {k}"] = wins[(dealer + 1 + k) % players]
    if leader is not None:
        obs["leader win"] = wins[leader]
        obs["leader edge"] = (players - 1) * wins[leader] - (sum(wins) - wins[leader])
    obs["decisions"], obs["passes"] = deal.decisions, deal.passes
    if facts.has_chips:
        _per_seat(obs, "chips", deal.chips, focus)
    if facts.has_points:
        _per_seat(obs, "points", deal.points, focus)
    _per_team(obs, wins, deal.chips, deal.points, facts)
    return obs


def _per_team(
    obs: Observation, wins: list[int], chips: list[int], points: list[int], facts: RuleFacts
) -> None:
    """With teams, each team's win (its players' wins: a team wins as one) and its chips and
    points (its players' sums): ``team win t``, ``team chips t``, ``team points t``."""
    teams = facts.teams
    if teams is None:
        return
    players = len(wins)
    for team in range(teams.count(players)):
        members = teams.members(team, players)
        obs[f"team win {team}"] = int(any(wins[s] for s in members))
        if facts.has_chips:
            obs[f"team chips {team}"] = sum(chips[s] for s in members)
        if facts.has_points:
            obs[f"team points {team}"] = sum(points[s] for s in members)


def observe_match(match: MatchResult, focus: int | None, facts: RuleFacts) -> Observation:
    """The integers the lab measures of one match (a shared win is counted as shared)."""
    players = len(match.chips)
    sole = _sole_winners(match.winners, players, facts)
    wins = [int(seat in sole) for seat in range(players)]
    obs: Observation = {"players": players, "shared": int(not sole), "deals": len(match.deals)}
    _per_seat(obs, "win", wins, focus)
    if focus is not None:
        obs["focus won"] = wins[focus]
    _after_focus(obs, wins, focus)
    obs["blocked"] = sum(deal.winner is None for deal in match.deals)
    if facts.has_chips:
        _per_seat(obs, "chips", match.chips, focus)
    if facts.has_points:
        _per_seat(obs, "points", match.points, focus)
    _per_team(obs, wins, match.chips, match.points, facts)
    return obs


def _sole_winners(winners: list[int], players: int, facts: RuleFacts) -> tuple[int, ...]:
    """The seats that won a match alone (empty: a shared win): one seat, or with teams the
    players of one team."""
    teams = facts.teams
    if teams is None:
        return tuple(winners) if len(winners) == 1 else ()
    team = teams.team_of(winners[0], players) if winners else 0
    members = teams.members(team, players)
    return members if tuple(winners) == members else ()


def plan(
    seats: tuple[str, ...], games: int, facts: list[RuleFacts], match_deals: list[float]
) -> list[Experiment]:
    """The experiments of an analysis: the table asked for, skill, penalty, session.

    * ``main``: every seat as asked (``--strategy`` or ``--seats``);
    * ``skill``: one ``heuristic`` seat among ``random-play`` ones;
    * ``penalty`` (rule sets that let a player pass while able to play): one
      ``withhold`` seat, which passes on purpose, among ``heuristic`` ones;
    * ``session``: matches as the rule set's session says, with the main
      table's strategies, as many matches as make about ``games`` deals
      (``match_deals``: a match's length, estimated where a target ends it).
    """
    experiments = [
        Experiment("main", games, seats=seats, leader=True),
        Experiment("skill", games, focus="heuristic", others="random-play"),
    ]
    if any(f.voluntary_pass for f in facts):
        experiments.append(Experiment("penalty", games, focus="withhold", others="heuristic"))
    matches = max(1, round(games / max(match_deals)))
    experiments.append(Experiment("session", matches, seats=seats, session=True))
    return experiments
