"""Every claim of the sheets of generated house rules holds in the engine.

Overlays come from :func:`tests.overlays.overlays` (any drawn key of the schema, on any
built-in parent).  ``SEVENS_OVERLAYS`` sets how many (2,000 by default); overlays that
validation refuses are counted, and at least 40 % must be checked, so that a generator
making only refused overlays fails instead of passing.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from sevens.compiler.errors import SevensError
from sevens.compiler.rulesheet.claims import claims_of
from sevens.runtime.api import GameError
from sevens.sheetcheck import check_claims, compiled
from tests.overlays import load_overlay, overlays, parent_claims

OVERLAYS = int(os.environ.get("SEVENS_OVERLAYS", "2000"))
#: About half the drawn overlays are refused by validation (values that fit the schema
#: but not each other; 965 of 2,000 were checked): at least this share must be checked.
CHECKED_SHARE = 0.4
#: Deals and matches played per overlay: few, since the overlays are many.
DEALS, MATCHES = 6, 1


def test_every_claim_of_a_generated_house_rule_holds(tmp_path: Path) -> None:
    tally: Counter[str] = Counter()

    @settings(
        max_examples=OVERLAYS,
        deadline=None,
        database=None,
        derandomize=True,  # the same overlays on every run: CI never fails by luck
        suppress_health_check=list(HealthCheck),
    )
    @given(overlays())
    def claims_hold(drawn: tuple[str, dict[str, object]]) -> None:
        parent, overlay = drawn
        try:
            analysed = load_overlay(parent, overlay, tmp_path)
            rules = compiled(analysed)
        except SevensError:
            tally["refused by validation"] += 1
            return
        claims = claims_of(analysed, parent_claims(parent))
        try:
            failures = check_claims(rules, claims, DEALS, MATCHES)
        except GameError:
            tally["not playable"] += 1  # no player count deals it, or a deal never ends
            return
        tally["checked"] += 1
        assert not failures, f"{overlay}: " + "; ".join(map(str, failures))

    claims_hold()
    print(dict(tally))
    assert tally["checked"] >= OVERLAYS * CHECKED_SHARE, dict(tally)
