"""A sheet says a deal can block wherever simulated play does block (issue 9: "derive what
is reachable from the rules before saying it"). Cinquillo cabrón lets a card skip others,
which stay in hand for ever, and its sheet was silent about the blocked deal."""

from __future__ import annotations

from pathlib import Path

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


#: House rules the long overlay run found saying that a deal cannot block, while it does:
#: the tunnel without wrap (an end that reaches the last rank closes the other), and
#: starting cards laid out by their holders while some stay in a stock.
BLOCKING_HOUSE_RULES = {
    "tunnel-without-wrap": "extends: shichi-narabe-tunnel\nlayout: {wrap: false}\n"
    "play: {follow_up: {max: unlimited, when: 'true', allow: 'true'}}\n"
    "passing: {over_limit: eliminate}\n",
    "holders-lay-out-with-a-stock": "extends: shichi-narabe-traditional\n"
    "opening: {leader: left-of-dealer}\npassing: {draw: {most: until-playable}}\n"
    "deal: {hand_size: 5}\n",
}


@pytest.mark.parametrize("name", sorted(BLOCKING_HOUSE_RULES))
def test_a_house_rule_whose_deals_block_is_not_said_to_never_block(
    name: str, tmp_path: Path
) -> None:
    from sevens.compiler.pipeline import load_rulespec
    from sevens.compiler.rulesheet.claims import claims_of

    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\n{BLOCKING_HOUSE_RULES[name]}", encoding="utf-8")
    rules = load_rulespec(path)
    played = simulate(load_rules(str(path)), Options(players=4, games=40, seed=0))
    assert played.blocked > 0  # the games do block
    assert claims_of(rules).end.can_block
    assert BLOCKED in render_rulesheet(rules, "en", "md")


@pytest.mark.parametrize("variant", ["pai-qi", "pai-qi-zhanlong", "pai-qi-2kk4"])
def test_with_covers_a_deal_never_blocks_and_the_sheet_does_not_say_it_may(variant: str) -> None:
    """A player who cannot play lays a card face down, so some hand always shrinks: 斩龙's
    dead suits leave nobody stuck (a blind reader found the sheet saying such a deal ends
    unscored, which the engine never does)."""
    assert blocked_deals(variant) == 0
    assert BLOCKED not in render_rulesheet(rules_of(variant), "en", "md")
