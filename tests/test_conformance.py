"""Conformance cases (tests/conformance/<id>/*.yaml) run on compiled and interpreted rules.

Each case is data taken from the rule texts (the seeds): a position and the
expected legal plays, a play and the expected follow-up cards, or the hands at
the end of a deal and the expected chips and points.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from compiler.position import ASKING_SEAT, build_position, parse_cards
from runtime.api import DealState, Rules
from tests.conftest import BUILTIN_IDS, compiled, reference

CONFORMANCE = Path(__file__).parent / "conformance"


def _cases(kind: str) -> list[Any]:
    params = []
    for folder in sorted(CONFORMANCE.iterdir()):
        path = folder / f"{kind}.yaml"
        if path.exists():
            for case in yaml.safe_load(path.read_text(encoding="utf-8")):
                params.append(pytest.param(folder.name, case, id=f"{folder.name}:{case['name']}"))
    return params


def _codes(rules: Rules, mask: int) -> set[str]:
    return {rules.CARD_CODES[c] for c in range(rules.N_CARDS) if mask >> c & 1}


def _engines(variant: str) -> list[Rules]:
    return [compiled(variant), reference(variant)]  # type: ignore[list-item]


def test_every_builtin_rulespec_has_conformance_cases() -> None:
    assert {p.name for p in CONFORMANCE.iterdir() if any(p.glob("*.yaml"))} == set(BUILTIN_IDS)


@pytest.mark.parametrize(("variant", "case"), _cases("legal"))
def test_legal_plays(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        table = parse_cards(rules, case["table"], "table")
        st = build_position(rules, table, parse_cards(rules, case["hand"], "hand"))
        assert _codes(rules, rules.legal(st, ASKING_SEAT)) == set(case["legal"].split()), type(
            rules
        )


@pytest.mark.parametrize(("variant", "case"), _cases("follow_up"))
def test_follow_up_cards(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        table = parse_cards(rules, case["table"], "table")
        st = build_position(rules, table, parse_cards(rules, case["hand"], "hand"))
        last = parse_cards(rules, case["last"], "last")[0]
        assert _codes(rules, rules.follow_up(st, ASKING_SEAT, last)) == set(
            case["follow_up"].split()
        )


def _dealt_state(rules: Rules, sizes: list[int]) -> DealState:
    """A state whose hands have the given sizes (for antes), then set up."""
    cards = iter(rules.DEALT)
    hands = [sum(1 << next(cards) for _ in range(size)) for size in sizes]
    st = DealState(len(sizes), len(sizes) - 1, hands, rules.N_ROWS)
    rules.setup(st)
    return st


@pytest.mark.parametrize(("variant", "case"), _cases("score"))
def test_scoring(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        hands = [sum(1 << c for c in parse_cards(rules, h, "hand")) for h in case["hands"]]
        st = _dealt_state(rules, case.get("dealt") or [h.bit_count() for h in hands])
        st.hands = hands
        for seat, count in enumerate(case["passes"]):
            for _ in range(count):
                st.passes[seat] += 1
                cost = rules.pass_cost(st, seat)
                st.chips[seat] -= cost
                st.pot += cost
        st.winner = case["winner"]
        points = rules.settle(st)
        if "chips" in case:
            assert st.chips == case["chips"]
            assert sum(st.chips) == -st.pot  # chips are conserved
        if "points" in case:
            assert points == case["points"]
