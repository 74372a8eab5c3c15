"""A sheet says a deal can block wherever simulated play does block (issue 9: "derive what
is reachable from the rules before saying it"). Cinquillo cabrón lets a card skip others,
which stay in hand for ever, and its sheet was silent about the blocked deal."""

from __future__ import annotations

import pytest

from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.rulesheet import render_rulesheet
from sevens.loading.registry import load_rules
from sevens.runtime.simulate import Options, simulate
from tests.conftest import rules_of

BLOCKED = "If players still hold cards but nobody can play any more"
VARIANTS = sorted(path.stem for path in BUILTIN_DIR.glob("*.yaml"))


def blocked_deals(variant: str, games: int = 150) -> int:
    spec = rules_of(variant).spec
    players = min(max(4, spec.players.min), spec.players.max)
    return simulate(load_rules(variant), Options(players=players, games=games)).blocked


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_deal_that_blocks_in_play_is_told(variant: str) -> None:
    if blocked_deals(variant):
        assert BLOCKED in render_rulesheet(rules_of(variant), "en", "md"), variant


def test_cinquillo_cabron_blocks_and_says_so() -> None:
    assert blocked_deals("cinquillo-cabron") > 0
    assert BLOCKED in render_rulesheet(rules_of("cinquillo-cabron"), "en", "md")
    assert BLOCKED not in render_rulesheet(rules_of("cinquillo"), "en", "md")
