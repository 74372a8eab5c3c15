"""``sevens legal``: the legal plays of a position given as text."""

from __future__ import annotations

from sevens.compiler.position import ASKING_SEAT, build_position, parse_cards
from sevens.runtime.api import Rules
from sevens.runtime.engine import may_pass


def legal_cards(rules: Rules, table_text: str, hand_text: str) -> tuple[list[str], bool]:
    """The codes of the legal plays of the player holding ``hand_text``, and whether they may
    pass (always when nothing is legal; otherwise as the rule set's voluntary passing allows)."""
    table = parse_cards(rules, table_text, "--table")
    hand = parse_cards(rules, hand_text, "--hand", taken=table)
    st = build_position(rules, table, hand, reachable=True)
    mask = rules.legal(st, ASKING_SEAT)
    codes = [rules.rule_set.card_codes[c] for c in range(rules.rule_set.n_cards) if mask >> c & 1]
    return codes, not mask or may_pass(rules.rule_set, st, ASKING_SEAT)
