"""What the lab needs to know about a rule set, read in one place.

The fields of a rule set's record (``rules.rule_set``: chips, points, player
range…) are read here and nowhere else in the lab, so a change in how rules
publish them touches this one function.
"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.runtime.api import Rules
from sevens.runtime.contract import Teams


@dataclass(frozen=True)
class RuleFacts:
    """The facts about a rule set that the lab's measures depend on."""

    id: str
    has_chips: bool
    has_points: bool
    min_players: int
    max_players: int
    voluntary_pass: bool  # a player may pass while able to play (so withholding is possible)
    n_rows: int
    deck: tuple[int, ...]  # the dealt cards, in the order the shuffle starts from
    teams: Teams | None = None  # fixed partnerships: the lab adds per-team figures


def rule_facts(rules: Rules) -> RuleFacts:
    """The lab's facts about ``rules`` (from its :class:`~sevens.runtime.contract.RuleSet`)."""
    rule_set = rules.rule_set
    return RuleFacts(
        id=rule_set.id,
        has_chips=rule_set.chips is not None,
        has_points=rule_set.points is not None,
        min_players=rule_set.players.min,
        max_players=rule_set.players.max,
        voluntary_pass=rule_set.passing.voluntary,
        n_rows=rule_set.n_rows,
        deck=tuple(rule_set.dealt),
        teams=rule_set.teams,
    )
