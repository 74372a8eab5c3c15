"""The observation encoding shared by the PettingZoo and OpenSpiel environments.

A flat vector of floats in [0, 1], for a rule set of ``n`` cards (card ids,
copies of a double deck counted apart) and ``P`` players, seats listed from
the observer round to its right (observer, left neighbour, ...):

======================  ======  ==============================================
slice                   length  meaning
======================  ======  ==============================================
``[0, n)``              n       1 where the card is in the observer's hand
``[n, 2n)``             n       1 where the card lies on the layout
``[2n, 2n+P)``          P       cards held by each seat / n
``[2n+P, 2n+2P)``       P       passes made by each seat / the pass limit
                                (or / n when passes are unlimited), at most 1
``[2n+2P, 2n+3P)``      P       1 when the seat is out (finished or eliminated)
``2n+3P``               1       chips in the pot / n, at most 1
``2n+3P+1``             1       1 when the decision is a follow-up card
======================  ======  ==============================================

Actions are ``0 .. n-1`` (play that card id) and ``n`` (pass).
"""

from __future__ import annotations

from sevens.runtime.api import DealState
from sevens.runtime.contract import MatchWinner, RuleSet


def observation_size(rule_set: RuleSet, players: int) -> int:
    """Length of the observation vector."""
    return 2 * rule_set.n_cards + 3 * players + 2


def encode(rule_set: RuleSet, st: DealState, seat: int, follow_up: bool) -> list[float]:
    """The observation of ``seat`` in ``st`` (see the module docstring)."""
    n, players = rule_set.n_cards, st.n_players
    vector = [0.0] * observation_size(rule_set, players)
    hand, table = st.hands[seat], st.table
    for card in range(n):
        if hand >> card & 1:
            vector[card] = 1.0
        if table >> card & 1:
            vector[n + card] = 1.0
    limit = rule_set.passing.limit or n
    base = 2 * n
    for k in range(players):
        other = (seat + k) % players
        vector[base + k] = st.hands[other].bit_count() / n
        vector[base + players + k] = min(st.passes[other] / limit, 1.0)
        vector[base + 2 * players + k] = 1.0 if st.places[other] else 0.0
    vector[base + 3 * players] = min(max(st.pot, 0) / n, 1.0)
    vector[base + 3 * players + 1] = 1.0 if follow_up else 0.0
    return vector


def deal_returns(rule_set: RuleSet, chips: list[int], points: list[int], winner: int | None) -> list[float]:
    """What each seat gets from one deal, by what the rule set's session counts.

    Points when the session is won on points (negated when the lowest total
    wins), else the chips won or lost when the rule set has chips, else 1 for
    the deal's winner and 0 for everyone else (nobody, when it is blocked).
    """
    counted = rule_set.session.winner
    if counted is MatchWinner.HIGHEST_POINTS and points:
        return [float(p) for p in points]
    if counted is MatchWinner.LOWEST_POINTS and points:
        return [-float(p) for p in points]
    if rule_set.chips is not None:
        return [float(c) for c in chips]
    return [1.0 if seat == winner else 0.0 for seat in range(len(chips))]
