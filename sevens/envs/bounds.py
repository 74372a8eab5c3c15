"""What OpenSpiel is told about a deal of a rule set before it is played: how long it can last,
what a seat can win or lose, and whether the returns always sum to the same amount.

Everything here is derived from the rule set's facts (its :class:`~sevens.runtime.contract.RuleSet`),
never from its id.  The reasoning behind each bound is in the docstrings; the tests check every
built-in rule set against random deals (tests/test_openspiel.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sevens.runtime.contract import PER_SEAT, Amount, MatchWinner, Pick, PotTo, RuleSet
from sevens.runtime.engine import DECISION_LIMIT_PER_CARD


class Returns(Enum):
    """What a seat's return from one deal counts (:func:`~sevens.runtime.encoding.deal_returns`)."""

    POINTS = "points"
    CHIPS = "chips"
    WIN = "win"


def returns_kind(rule_set: RuleSet) -> Returns:
    """The kind of return, as :func:`~sevens.runtime.encoding.deal_returns` chooses it."""
    on_points = rule_set.session.winner in (MatchWinner.HIGHEST_POINTS, MatchWinner.LOWEST_POINTS)
    if on_points and rule_set.points is not None:
        return Returns.POINTS
    return Returns.CHIPS if rule_set.chips is not None else Returns.WIN


def bounded_length(rule_set: RuleSet) -> bool:
    """Whether the rules bound the number of decisions of a deal by themselves.

    Not when a player able to play may pass as often as they like (voluntary passes without a
    pass limit), nor when cards go back into hands (penalty transfers after a pass): a deal can
    then go round without progress, and only the engine's safety limit ends it.  (The "last
    card" penalty never applies in the OpenSpiel game: nobody forgets to announce.)
    """
    passing = rule_set.passing
    endless_passes = passing.voluntary and passing.limit is None
    return not endless_passes and passing.transfer is None and passing.voluntary_transfer is None


def progress_decisions(rule_set: RuleSet) -> int:
    """A bound on the decisions of a deal that are not passes in turn (see :func:`max_decisions`):
    plays, covers, draws, joker plays and redeems, declined follow-ups, face-up leftovers laid."""
    dealt = len(rule_set.dealt)
    progress = 2 * dealt + (2 * rule_set.n_cards if rule_set.wild is not None else 0)
    follow_up = rule_set.follow_up
    laid = dealt if rule_set.deal.leftovers else 0  # each leaves the face-up cards once
    return progress + laid + (dealt if follow_up is not None and follow_up.optional else 0)


def declined_leftovers(rule_set: RuleSet, players: int) -> int:
    """A bound on the face-up leftovers declined in a deal (0 without them): each declined
    leftover decision is followed by its seat's turn, so there are at most as many as turns
    (:func:`turn_decisions`)."""
    return turn_decisions(rule_set, players) if rule_set.deal.leftovers else 0


def turn_decisions(rule_set: RuleSet, players: int) -> int:
    """The bound of :func:`max_decisions` on progress, forced passes and voluntary passes."""
    progress = progress_decisions(rule_set)
    forced = (progress + players + 1) * (players - 1) + 1
    passing = rule_set.passing
    voluntary = (passing.limit or 0) * players if passing.voluntary else 0
    return progress + forced + voluntary


def gifts_per_decision(rule_set: RuleSet, players: int) -> int:
    """The most ``"give"`` decisions one decision can cause: a pass's transfer (from every
    other player at most) or a forgotten last card's, where the giver chooses its cards."""
    passing = rule_set.passing
    rules = (passing.transfer, passing.voluntary_transfer, rule_set.last_card)
    asked = [rule.cards for rule in rules if rule is not None and rule.which is Pick.GIVER]
    return max(asked, default=0) * (players - 1)


def max_decisions(rule_set: RuleSet, players: int) -> int:
    """A bound on the players' decisions in one deal (forced passes, draws and covers included).

    Where :func:`bounded_length` holds: call a decision that moves a card out of a hand or the
    stock *progress*.  Each dealt card leaves a hand at most once (played or laid face down)
    and is drawn at most once; each joker play fills a table place that never empties again
    (at most ``n_cards``), and each is answered by at most one redeem decision; an optional
    follow-up that is declined comes after a play of a dealt card.  So progress
    ``E <= 2 * dealt``, plus ``2 * n_cards`` with jokers, plus ``dealt`` declined follow-ups
    (:func:`progress_decisions`), plus a face-up leftover laid per dealt card.  Forced passes
    in a row stop at a full round (the ``players``-th blocks the deal), and the run starts
    again only after progress or an elimination (at most ``players``), so forced passes are at
    most ``(E + players + 1) * (players - 1) + 1``.  Voluntary passes count towards the pass
    limit: at most ``limit * players``.

    A declined face-up leftover is followed by its seat's turn: at most as many as those
    (:func:`declined_leftovers`).

    Otherwise the bound is the engine's own limit (``DECISION_LIMIT_PER_CARD * n_cards``),
    after which it stops a deal as endless; where givers choose their penalty cards, each of
    those decisions may be followed by the gives it causes (:func:`gifts_per_decision`).
    """
    if not bounded_length(rule_set):
        limit = DECISION_LIMIT_PER_CARD * rule_set.n_cards
        return limit * (1 + gifts_per_decision(rule_set, players))
    return turn_decisions(rule_set, players) + declined_leftovers(rule_set, players)


@dataclass(frozen=True)
class Utility:
    """The range of one seat's return, and the sum of all seats' returns when it is fixed."""

    low: float
    high: float
    total: float | None  # None: the sum varies from deal to deal
    derived: bool  # False: the range of an amount computed per seat is not derived (see below)


def utility(rule_set: RuleSet, players: int) -> Utility:
    """What a seat can win or lose in one deal, and whether the returns' sum is fixed.

    Win indicators lie in [0, 1] and sum to 1 (a deal always names a winner: a blocked deal is
    scored); with teams each player receives their team's return (``players.teams``).  Chips: see :func:`_chip_utility`.  Points, and chips computed per seat, come
    from an expression of the rulespec, whose range is not derived here: see :func:`_envelope`.
    """
    kind = returns_kind(rule_set)
    teams = rule_set.teams
    size = 1 if teams is None else teams.size
    if kind is Returns.WIN:  # with teams, every player of the winning team gets the 1
        return Utility(0.0, 1.0, float(size), True)
    if kind is Returns.CHIPS:
        seat = _chip_utility(rule_set, players)
    else:
        bound = _envelope(rule_set)
        seat = Utility(-bound, bound, None, False)
    if teams is None:
        return seat
    # each player gets the sum of ``size`` seats' returns, so the range and the total scale
    total = None if seat.total is None else seat.total * size
    return Utility(seat.low * size, seat.high * size, total, seat.derived)


def _chip_utility(rule_set: RuleSet, players: int) -> Utility:
    """Chips won or lost in one deal.

    A seat pays an ante, a chip amount per forced pass (at most once per run of forced passes,
    so at most ``E + players + 1`` times, E as in :func:`max_decisions`), per voluntary pass (at
    most the pass limit) and a payment to the winner.  The winner takes the pot (when it goes
    to the winner) and the payments of the others, so it gains at most what the others lose.
    Chips only move between seats and the pot; when the pot goes to the deal's winner, the
    returns sum to 0.
    """
    chips, passing = rule_set.chips, rule_set.passing
    assert chips is not None
    amounts = (chips.ante, chips.pay_winner, passing.cost, passing.voluntary_cost)
    zero_sum = chips.pot_to is PotTo.WINNER
    if any(amount is PER_SEAT for amount in amounts) or not bounded_length(rule_set):
        bound = _envelope(rule_set)
        return Utility(-bound, (players - 1) * bound, 0.0 if zero_sum else None, False)
    forced_runs = progress_decisions(rule_set) + players + 1
    voluntary = passing.limit or 0 if passing.voluntary else 0
    ante, pay, cost, voluntary_cost = (_constant(a) for a in amounts)
    loss = ante + pay + cost * forced_runs + voluntary_cost * voluntary
    # the winner takes what the others lose; when the pot stays on the table, only the payments
    gain = (players - 1) * (loss if chips.pot_to is PotTo.WINNER else pay)
    return Utility(-float(loss), float(gain), 0.0 if zero_sum else None, True)


def _constant(amount: Amount) -> int:
    """A constant amount (the caller has ruled out amounts computed per seat)."""
    if isinstance(amount, int):
        return amount
    raise ValueError(f"{amount} is not a constant")


def _envelope(rule_set: RuleSet) -> float:
    """A range for an amount a rulespec expression computes per seat (points, chips by hand).

    Such an expression may use anything the condition language offers, so no range follows
    from the rule set's record alone.  This envelope assumes what every built-in's amounts do:
    they count or add up the values of at most all the cards of the deal, a few times over
    (every player's hand, a constant or two).  It is checked against random deals of every
    built-in rule set (tests/test_openspiel.py), not proved.
    """
    values = sum(abs(value) for value in rule_set.card_value)
    return float(4 * (values + rule_set.n_cards) + 100)
