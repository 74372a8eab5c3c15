"""What the lab needs to know about a rule set, read in one place.

The rule constants of a compiled rule set (``HAS_CHIPS``, ``MIN_PLAYERS``…)
are read here and nowhere else in the lab, so a change in how rules publish
them touches this one function.
"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.runtime.api import Rules


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


def rule_facts(rules: Rules) -> RuleFacts:
    """The lab's facts about ``rules``."""
    return RuleFacts(
        id=rules.ID,
        has_chips=bool(rules.HAS_CHIPS),
        has_points=bool(rules.HAS_POINTS),
        min_players=rules.MIN_PLAYERS,
        max_players=rules.MAX_PLAYERS,
        voluntary_pass=bool(rules.VOLUNTARY_PASS),
        n_rows=rules.N_ROWS,
        deck=tuple(rules.DEALT),
    )
