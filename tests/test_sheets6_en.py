"""Sixth native reading of the English sheets (issue 9): the 29 variant sheets read in full.

Devyatka's stakes are a pot, as the sheet's own scoring says, not a "bank"; an equal-hands
deal goes "as far as the cards will go evenly"; a cry that ends in "!" takes no full stop; a
points total "falls to −100 or below"; the ace line of a diff says "Ace: low instead of high"
rather than naming the ace three times; and a chip target is the number of chips needed to
end the session (it need not end it early: a session may have no other length).
"""

from __future__ import annotations

from sevens.compiler.rulesheet import render_rulesheet
from tests.conftest import rules_of


def _sheet(variant: str) -> str:
    return " ".join(render_rulesheet(rules_of(variant), "en").split())


def test_devyatka_for_chips_speaks_of_a_pot() -> None:
    text = _sheet("devyatka-traditional")
    assert text.startswith("# Devyatka for chips ")
    assert "everyone antes a chip to the pot, each pass costs a chip" in text
    assert "bank" not in text and "fine" not in text


def test_an_equal_deal_goes_as_far_as_the_cards_go_evenly() -> None:
    assert (
        "starting with the player on their left, as far as they will go evenly, so that every"
        " player has the same number of cards."
    ) in _sheet("card-domino-stock")


def test_the_last_card_cry_has_no_second_full_stop() -> None:
    text = _sheet("last-card")
    assert "you must announce “Last card!” If you forget, you are penalised:" in text
    assert "!”." not in text


def test_a_falling_total_ends_the_session_at_or_below_the_target() -> None:
    for variant in ("ristiseiska", "ristiseiska-bga"):
        assert "total falls to −100 points or below." in _sheet(variant)


def test_diff_lines_for_the_ace_and_a_chip_target() -> None:
    assert "- Ace: low instead of high." in _sheet("ace-low")
    assert "Position of the ace" not in _sheet("ace-low")
    for variant, count in (("fan-tan-chips", 30), ("parliament-target", 10)):
        text = _sheet(variant)
        assert f"- Chips needed to end the session: to be agreed, for example {count}." in text
        assert "end the session early" not in text


def test_descriptions_say_what_the_rules_do() -> None:
    assert "so the cards skipped over are stuck in their holders' hands" in _sheet(
        "cinquillo-cabron"
    )
    assert "so fewer passes have to be paid for at the start" in _sheet("dutch-any-seven")
    play_on = _sheet("parliament-play-on")
    assert "each place after the first costs one point more than the one before" in play_on
    assert "each place scores penalty points" not in play_on
