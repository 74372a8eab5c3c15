"""Every claim of every built-in rule sheet holds in the engine, and the checker can fail."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import sheet_claims
from sevens.compiler.rulesheet.amounts import Piecewise
from sevens.compiler.rulesheet.claims import Claims, ScoringClaim
from sevens.runtime.contract import Role
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


def _scoring(claims: Claims) -> ScoringClaim:
    assert claims.scoring is not None
    return claims.scoring


def _points_negated(claims: Claims) -> Claims:
    terms = _scoring(claims).terms
    assert terms is not None
    cases = {case: {base: -n for base, n in linear.items()} for case, linear in terms.cases.items()}
    negated = ScoringClaim(terms=Piecewise(terms.kind, cases))
    return dataclasses.replace(claims, scoring=negated)


def _not_doubled(claims: Claims) -> Claims:
    terms = _scoring(claims).terms
    assert terms is not None and terms.multiplier is not None
    return dataclasses.replace(
        claims, scoring=ScoringClaim(terms=Piecewise(terms.kind, terms.cases))
    )


def _doubled_for_the_others_only(claims: Claims) -> Claims:
    terms = _scoring(claims).terms
    assert terms is not None and terms.multiplier is not None
    others = dataclasses.replace(terms.multiplier, scope="others")
    scoring = ScoringClaim(terms=dataclasses.replace(terms, multiplier=others))
    return dataclasses.replace(claims, scoring=scoring)


def _places_counted_from_the_first(claims: Claims) -> Claims:
    assert _scoring(claims).shape == "players-minus-place"
    return dataclasses.replace(claims, scoring=ScoringClaim(shape="one-minus-place"))


def _runs_only(claims: Claims) -> Claims:
    assert claims.follow_up is not None and claims.follow_up.shapes == {"run", "same-rank"}
    follow_up = dataclasses.replace(claims.follow_up, shapes=frozenset({"run"}))
    return dataclasses.replace(claims, follow_up=follow_up)


def _given_by_the_next_player(claims: Claims) -> Claims:
    """The forced pass's card told as coming from the next player, not the previous one."""
    moved = claims.transfers
    assert moved is not None and moved.forced is not None
    assert moved.forced.source is Role.PREVIOUS
    forced = dataclasses.replace(moved.forced, source=Role.NEXT)
    return dataclasses.replace(claims, transfers=dataclasses.replace(moved, forced=forced))


def _false_pass_without_the_lappu(claims: Claims) -> Claims:
    """A pass by choice told without the forced pass's card it also takes."""
    moved = claims.transfers
    assert moved is not None and moved.voluntary_as_forced
    return dataclasses.replace(
        claims, transfers=dataclasses.replace(moved, voluntary_as_forced=False)
    )


def _two_penalty_cards(claims: Claims) -> Claims:
    moved = claims.transfers
    assert moved is not None and moved.voluntary is not None and moved.voluntary.cards == 1
    voluntary = dataclasses.replace(moved.voluntary, cards=2)
    return dataclasses.replace(claims, transfers=dataclasses.replace(moved, voluntary=voluntary))


#: A built-in, a claim made false on purpose, and the kind of failure it must produce.
WRONG = [
    ("penalty-points", _points_negated, "scoring"),
    ("pai-qi-2kk4", _not_doubled, "scoring"),  # the doubling when a player went through
    ("pai-qi-2kk4", _doubled_for_the_others_only, "scoring"),
    ("cinquillo", _points_negated, "scoring"),
    ("shichi-narabe", _places_counted_from_the_first, "scoring"),
    ("fan-tan", _wrong_leader, "leader"),
    ("shichi-narabe-joker", _one_card_short, "hands"),
    ("cinquillo-cabron", _never_blocks, "end"),
    ("voluntary-pass", _passing_allowed, "passing"),
    ("fan-tan", _two_deals, "session"),
    ("crazy-tan", _runs_only, "follow-up"),
    ("ristiseiska", _given_by_the_next_player, "transfers"),
    ("ristiseiska", _false_pass_without_the_lappu, "transfers"),
    ("refusal-penalty", _two_penalty_cards, "transfers"),
]


@pytest.mark.parametrize(("variant", "falsify", "kind"), WRONG)
def test_a_false_claim_is_reported(variant: str, falsify: object, kind: str) -> None:
    analysed = load_rulespec(BUILTIN_DIR / f"{variant}.yaml")
    claims = sheet_claims(analysed)
    assert callable(falsify)
    failures = check_claims(compiled(analysed), falsify(claims), deals=60, matches=4)
    assert kind in {f.kind for f in failures}, failures
    assert check_claims(compiled(analysed), claims, deals=60, matches=4) == []


#: A house rule whose points are no sum of recognised terms: its sheet shows worked values.
SQUARED = """\
id: squared-penalty
extends: penalty-points
scoring:
  points: "hand.count * hand.count - (3 if player.place == 1 else 0)"
"""


def test_a_worked_table_is_checked_against_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "squared.yaml"
    path.write_text(SQUARED, encoding="utf-8")
    analysed = load_rulespec(path)
    claims = sheet_claims(analysed)
    worked = _scoring(claims).worked
    assert worked is not None
    deal, shown = worked
    assert check_claims(compiled(analysed), claims, deals=20, matches=2) == []
    wrong = ScoringClaim(worked=(deal, (shown[0] + 1, *shown[1:])))
    failures = check_claims(compiled(analysed), dataclasses.replace(claims, scoring=wrong), 20, 2)
    assert [f.kind for f in failures] == ["scoring"], failures


#: Players who cannot play at all are eliminated at once: many deals end with one player left.
ELIMINATING = "id: early-out\nextends: fan-tan\npassing:\n  limit: 0\n  over_limit: eliminate\n"


def test_the_last_player_left_winning_is_claimed_and_checked(tmp_path: Path) -> None:
    """With elimination the last player left wins with cards in hand (a blind reader found the
    sheet silent on it): the claim holds, and a sheet without it fails the winner check."""
    path = tmp_path / "early-out.yaml"
    path.write_text(ELIMINATING, encoding="utf-8")
    analysed = load_rulespec(path)
    claims = sheet_claims(analysed)
    assert claims.winner.last_standing
    assert check_claims(compiled(analysed), claims, deals=60, matches=4) == []
    silent = dataclasses.replace(
        claims, winner=dataclasses.replace(claims.winner, last_standing=False)
    )
    failures = check_claims(compiled(analysed), silent, deals=60, matches=4)
    assert [f.kind for f in failures] == ["winner"], failures


#: Crazy Tan with two packs: a run may come back to the first card's rank with its twin
#: (7♠ 6♠ 7♠) and go on across suits (7♦), so no turn shape may be promised.
TWO_PACK_CRAZY_TAN = (
    "id: two-pack-crazy-tan\nextends: crazy-tan\ndeck:\n  copies: 2\nlayout:\n  rows_per_suit: 2\n"
)


def test_two_packs_promise_no_turn_shape(tmp_path: Path) -> None:
    path = tmp_path / "two-pack-crazy-tan.yaml"
    path.write_text(TWO_PACK_CRAZY_TAN, encoding="utf-8")
    analysed = load_rulespec(path)
    claims = sheet_claims(analysed)
    assert claims.follow_up is not None and claims.follow_up.shapes is None
    assert check_claims(compiled(analysed), claims, deals=120, matches=4) == []
    promised = dataclasses.replace(
        claims,
        follow_up=dataclasses.replace(claims.follow_up, shapes=frozenset({"run", "same-rank"})),
    )
    failures = check_claims(compiled(analysed), promised, deals=120, matches=4)
    assert "follow-up" in {f.kind for f in failures}, failures


#: Trump Fan Tan under a play rule that skips cards (any card beyond a row's end): a trump
#: may take the place of a card its row does not need next, only one that may be played.
SKIPPING_TRUMPS = (
    "id: skipping-trumps\nextends: trump-fan-tan\nplay:\n  legal: '(not row.open and card.rank"
    " == 7) or (row.open and (card.rank > row.top or card.rank < row.bottom))'\n"
)


def test_trumps_under_another_play_rule_promise_no_next_card(tmp_path: Path) -> None:
    path = tmp_path / "skipping-trumps.yaml"
    path.write_text(SKIPPING_TRUMPS, encoding="utf-8")
    analysed = load_rulespec(path)
    claims = sheet_claims(analysed)
    assert claims.trumps is not None and not claims.trumps.next_only
    assert check_claims(compiled(analysed), claims, deals=60, matches=4) == []
    promised = dataclasses.replace(
        claims, trumps=dataclasses.replace(claims.trumps, next_only=True)
    )
    failures = check_claims(compiled(analysed), promised, deals=60, matches=4)
    assert "trumps" in {f.kind for f in failures}, failures
    assert sheet_claims(
        load_rulespec(BUILTIN_DIR / "trump-fan-tan.yaml")
    ).trumps == dataclasses.replace(claims.trumps, next_only=True)
