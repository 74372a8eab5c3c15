"""What may be played, follow-ups, and who wins a deal, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_sheet_says

TWO_EXTRA = "id: two-extra\nextends: elfer-raus\nplay: {follow_up: {max: 2}}\n"
SEVENS_TWO_EXTRA = "id: sevens-two-extra\nextends: sevens\nplay: {follow_up: {max: 2}}\n"

CASES = [
    # an extra card may grant another: the sheet says up to how many
    (TWO_EXTRA, "en", "up to two extra cards in one turn", ""),
    (TWO_EXTRA, "de", "bis zu zwei zusätzlichen Karten in einem Zug", ""),
    # after the 7♦ only the 6♦ or 8♦ may follow, which grant nothing: still one card
    (SEVENS_TWO_EXTRA, "en", "or the 8 of diamonds (8♦) as well.", "extra cards in one turn"),
    # Cinquillo cabrón blocks: going out first is not said to be how every deal ends
    ("cinquillo-cabron", "en", "unless play comes to a standstill before that", ""),
    ("cinquillo-cabron", "es", "salvo que el juego se bloquee antes", ""),
    # Pai Qi: the best score wins the deal, not going out first
    ("pai-qi", "en", "the best score", "the first player out wins the deal"),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_play_and_winner_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
