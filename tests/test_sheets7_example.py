"""The worked example under a compulsory card (Badam Satti with the compulsory 7): a hand
that holds every card still out must play a 7, so the example also says what a hand
without those 7s may play, as mandatory-seven's does (issue 9, native readers de/nl/fr/es/ru)."""

from __future__ import annotations

from sevens.compiler.rulesheet.example import example_position
from tests.conftest import builtin_sheet as sheet
from tests.conftest import rules_of


def test_a_compulsory_card_gives_the_example_its_second_sentence() -> None:
    position = example_position(rules_of("badam-satti-compulsory"))
    assert position.otherwise and not set(position.otherwise) & set(position.legal)
    assert (
        "Example: with 6♥–8♥ and 7♠ on the table, you may play only 7♣ or 7♦. If you hold none"
        " of them, you may play only 5♥, 9♥, 6♠ or 8♠." in sheet("badam-satti-compulsory", "en")
    )


def test_without_a_compulsory_card_the_example_has_one_sentence() -> None:
    assert example_position(rules_of("badam-satti")).otherwise == ()
    assert "If you hold none of them" not in sheet("badam-satti", "en")


def test_twins_in_one_row_are_said_under_the_picture() -> None:
    """Two packs with one row per suit (parallel builds): the picture draws 13 cards a row
    where 26 lie, so the sheet says each card lies there twice; two rows per suit do not."""
    twice = "Each card lies twice in its row, the two copies side by side"
    assert twice in sheet("parallel-builds", "en")
    assert twice not in sheet("double-deck", "en")
    assert "zweimal in ihrer Reihe" in sheet("parallel-builds", "de")
