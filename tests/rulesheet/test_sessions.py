"""How long a session is, as the sheets say it; a child's sheet never says both.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_sheet_says

FIVE_DEALS = "id: five-deals\nextends: dutch-fan-tan\nsession: {deals: 5}\n"

CASES = [
    # the child fixes the number the parent left open: only the child's number is said
    (FIVE_DEALS, "en", "A session has five deals.", "Agree beforehand how many deals"),
    (FIVE_DEALS, "fr", "", "Convenez à l’avance du nombre de donnes"),
    # a child that keeps the parent's number keeps it open, as its sources do
    ("winner-scores", "en", "Agree beforehand how many deals make up a session", ""),
    # a falling total ends the session at or below the target
    ("ristiseiska", "en", "total falls to −100 points or below.", ""),
    ("ristiseiska-bga", "en", "total falls to −100 points or below.", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_session_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
