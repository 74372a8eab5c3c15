"""Every claim of the sheets of generated house rules holds in the engine.

Overlays come from :func:`tests.overlays.overlays` (any drawn key of the schema, on any
built-in parent, with the keys a drawn key needs).  At least :data:`CHECKED` of them are
checked on every run (``SEVENS_OVERLAYS`` sets how many are drawn); overlays that
validation refuses are counted, and at most a few may be, so that a generator making
refused overlays fails instead of passing.  ``scripts/check_overlays.py`` runs the same
check on many more.  Each wrong claim such a run found is a row of :data:`FOUND`.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from tests.overlays import CHECKED as CHECKED_OUTCOME
from tests.overlays import check_overlay, overlays

OVERLAYS = int(os.environ.get("SEVENS_OVERLAYS", "2080"))
#: Overlays that must be checked on a run with the default number drawn (about 97 % of
#: the drawn ones pass validation).
CHECKED = 2000
#: The share of drawn overlays that must be checked whatever the number drawn.
CHECKED_SHARE = 0.93
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
        outcome, failures = check_overlay(parent, overlay, tmp_path, DEALS, MATCHES)
        tally[outcome] += 1
        assert not failures, f"{overlay}: " + "; ".join(map(str, failures))

    claims_hold()
    print(dict(tally))
    assert tally[CHECKED_OUTCOME] >= OVERLAYS * CHECKED_SHARE, dict(tally)
    if OVERLAYS >= 2080:
        assert tally[CHECKED_OUTCOME] >= CHECKED, dict(tally)


#: House rules on which a long run (``scripts/check_overlays.py``) found a false claim,
#: fixed in the claims since: the parent and the overlay.
FOUND: list[tuple[str, dict[str, Any]]] = [
    # two jokers: once every card is down a joker still held has nowhere to go, so a deal
    # can block although the parent's never does
    ("pip-scoring", {"deck": {"jokers": 2}, "players": {"min": 2}}),
    # the fives are laid out before play, so no card ever starts a row: "a 7 starts the row
    # of its suit" was said (and probed on a table the game never has)
    (
        "cinquillo-fives",
        {
            "play": {
                "legal": "(not row.open and card.rank == 7) or (row.open and"
                " (card.rank == row.high + 1 or card.rank == row.low - 1))"
            }
        },
    ),
    # two packs: the worked table counted one pack's cards on the table, the engine both
    (
        "card-domino-stock",
        {
            "layout": {"rows_per_suit": 2},
            "deck": {"ace": "low", "copies": 2},
            "scoring": {"points": "player.passes + table.count // 10"},
        },
    ),
]


@pytest.mark.parametrize(("parent", "overlay"), FOUND)
def test_a_false_claim_found_by_a_long_run_stays_fixed(
    parent: str, overlay: dict[str, Any], tmp_path: Path
) -> None:
    full = {"id": "generated-house-rule", "extends": parent, **overlay}
    outcome, failures = check_overlay(parent, full, tmp_path, deals=60, matches=4)
    assert outcome == CHECKED_OUTCOME
    assert not failures, "; ".join(map(str, failures))
