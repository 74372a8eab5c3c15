"""Items of the sixth native reading (issue 9) that needed code in the sheet: Russian session
counts in their cases, the "you take cards from the player with most cards" penalty, long
example lists, the Spanish pack of 48 cards, the caption where laid-out cards are the starting
cards, and the connective before a compulsory card."""

from __future__ import annotations

import pytest

from sevens.compiler.rulesheet.i18n import LANGUAGES
from tests.test_sheets6 import norm, sheet


def test_russian_session_counts_take_their_cases() -> None:
    """"не больше пяти сдач" (genitive), "выиграет три сдачи" (accusative), not digits."""
    text = norm(sheet("best-of-five", "ru"))
    assert "В партии не больше пяти сдач." in text
    assert "как только кто-нибудь выиграет три сдачи." in text
    assert "5 сдач" not in text and "3 сдачи" not in text


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [("en", "A session has at most five deals."), ("de", "fünf"), ("fr", "cinq"), ("ja", "5")],
)
def test_other_languages_keep_their_session_counts(lang: str, wanted: str) -> None:
    assert wanted in norm(sheet("best-of-five", lang))
