"""Sessions: a match of several deals, as the rule set's ``SESSION`` says.

The dealer rotates in the direction of play after each deal (to the left
unless play is counter-clockwise); the winner of a deal can lead the next (``LEADER == "previous-winner"``); a pot left by a blocked deal is
carried into the next one.  The match ends after its number of deals or as
soon as a cumulative total reaches the target, and its winner is decided by
the session's rule and tiebreak.  With teams (``RuleSet.teams``) the totals,
the target and the winner are the teams': a team's total is the sum of its
members', and the match is won by every member of the best team.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .api import Rules
from .contract import MatchWinner, Session, Teams, Tiebreak
from .engine import DealResult, Table, play_deal
from .randomness import GameRandom


@dataclass
class MatchResult:
    """The outcome of a match: its deals, totals and winner(s)."""

    deals: list[DealResult] = field(default_factory=list)
    chips: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    deals_won: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)


def number_of_deals(rules: Rules, players: int, deals: int | None) -> int:
    """Deals in a match: the explicit count, else the session's (default: one per player)."""
    if deals is not None:
        return deals
    return rules.rule_set.session.deals or players


def play_match(rules: Rules, table: Table, rng: GameRandom, deals: int) -> MatchResult:
    """Play up to ``deals`` deals (fewer if a target is reached) and decide the winner."""
    session = rules.rule_set.session
    players = table.players
    result = MatchResult(chips=[0] * players, points=[0] * players, deals_won=[0] * players)
    table.dealer = rng.below(players)
    following = rules.rule_set.following(players)
    for _ in range(deals):
        deal = play_deal(rules, table, rng)
        result.deals.append(deal)
        _add_up(result, deal)
        table.previous_winner = deal.winner
        table.carried_pot = deal.pot_left
        table.dealer = following[table.dealer]  # the deal passes in the direction of play
        if target_reached(session, result, rules.rule_set.teams):
            break
    result.winners = match_winners(session, result, rules.rule_set.teams)
    return result


def _add_up(result: MatchResult, deal: DealResult) -> None:
    for seat in range(len(result.chips)):
        result.chips[seat] += deal.chips[seat]
        if deal.points:
            result.points[seat] += deal.points[seat]
    if deal.winner is not None:
        result.deals_won[deal.winner] += 1


def _sides(result: MatchResult, teams: Teams | None) -> MatchResult:
    """The totals of whoever competes: the seats, or with teams the teams (cards left in the
    last deal summed per team too)."""
    if teams is None:
        return result
    players = len(result.chips)
    last = result.deals[-1] if result.deals else None
    if last is not None:
        last = replace(last, cards_left=teams.sums(last.cards_left, players))
    return MatchResult(
        deals=[] if last is None else [last],
        chips=teams.sums(result.chips, players),
        points=teams.sums(result.points, players),
        deals_won=teams.sums(result.deals_won, players),
    )


def target_reached(session: Session, result: MatchResult, teams: Teams | None = None) -> bool:
    """Whether a seat's (with teams, a team's) running total has reached the session's target."""
    sides = _sides(result, teams)
    chips, points, deals = session.target_chips, session.target_points, session.target_deals
    if chips is not None and max(sides.chips) >= chips:
        return True
    if deals is not None and max(sides.deals_won) >= deals:
        return True
    if points is not None:
        return bool(max(sides.points) >= points if points >= 0 else min(sides.points) <= points)
    return False


def _match_scores(winner: MatchWinner, result: MatchResult) -> list[int]:
    """What each seat's match standing is measured by (higher is better)."""
    if winner is MatchWinner.MOST_CHIPS:
        return result.chips
    if winner is MatchWinner.HIGHEST_POINTS:
        return result.points
    if winner is MatchWinner.LOWEST_POINTS:
        return [-p for p in result.points]
    return result.deals_won  # MOST_POTS and MOST_DEALS: a pot is won with the deal


def match_winners(session: Session, result: MatchResult, teams: Teams | None = None) -> list[int]:
    """The seats that win the match (several on an unbroken tie; with teams, every member of
    the winning team or teams)."""
    sides = _sides(result, teams)
    scores = _match_scores(session.winner, sides)
    best = max(scores)
    tied = [side for side, score in enumerate(scores) if score == best]
    if len(tied) > 1 and session.tiebreak is Tiebreak.FEWEST_CARDS_LAST_DEAL:
        left = sides.deals[-1].cards_left
        fewest = min(left[s] for s in tied)
        tied = [s for s in tied if left[s] == fewest]
    if teams is None:
        return tied
    players = len(result.chips)
    return sorted(seat for team in tied for seat in teams.members(team, players))
