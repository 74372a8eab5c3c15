"""Every claim of every built-in rule sheet holds in the engine, and the checker can fail."""

from __future__ import annotations

import dataclasses

import pytest

from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import sheet_claims
from sevens.compiler.rulesheet.claims import Claims
from sevens.sheetcheck import check_claims, check_file, compiled
from tests.conftest import BUILTIN_IDS


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_every_claim_of_a_built_in_sheet_holds(variant: str) -> None:
    failures = check_file(BUILTIN_DIR / f"{variant}.yaml", deals=120, matches=8)
    assert not failures, "\n".join(map(str, failures))


def _wrong_leader(claims: Claims) -> Claims:
    return dataclasses.replace(claims, leader=dataclasses.replace(claims.leader, side="right"))


def _one_card_short(claims: Claims) -> Claims:
    dealt = claims.hands.dealt
    assert dealt is not None
    return dataclasses.replace(claims, hands=dataclasses.replace(claims.hands, dealt=dealt - 1))


def _never_blocks(claims: Claims) -> Claims:
    return dataclasses.replace(claims, end=dataclasses.replace(claims.end, can_block=False))


def _passing_allowed(claims: Claims) -> Claims:
    passing = dataclasses.replace(claims.passing, voluntary=True, before_opening=True)
    return dataclasses.replace(claims, passing=passing)


def _two_deals(claims: Claims) -> Claims:
    assert claims.session is not None
    session = dataclasses.replace(claims.session, deals=2, agreed=False)
    return dataclasses.replace(claims, session=session)


#: A built-in, a claim made false on purpose, and the kind of failure it must produce.
WRONG = [
    ("fan-tan", _wrong_leader, "leader"),
    ("shichi-narabe-joker", _one_card_short, "hands"),
    ("cinquillo-cabron", _never_blocks, "end"),
    ("voluntary-pass", _passing_allowed, "passing"),
    ("fan-tan", _two_deals, "session"),
]


@pytest.mark.parametrize(("variant", "falsify", "kind"), WRONG)
def test_a_false_claim_is_reported(variant: str, falsify: object, kind: str) -> None:
    analysed = load_rulespec(BUILTIN_DIR / f"{variant}.yaml")
    claims = sheet_claims(analysed)
    assert callable(falsify)
    failures = check_claims(compiled(analysed), falsify(claims), deals=60, matches=4)
    assert kind in {f.kind for f in failures}, failures
    assert check_claims(compiled(analysed), claims, deals=60, matches=4) == []
