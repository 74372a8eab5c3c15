"""When passing is allowed, forced, limited or penalised, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_sheet_says

LIMIT_FORCED = "id: limited-fan-tan\nextends: fan-tan\npassing: {limit: 3}\n"
LIMIT_VOLUNTARY = "id: limited-passing\nextends: voluntary-pass\npassing: {limit: 3}\n"
VOLUNTARY_NO_OPENING_CARD = "id: free-fan-tan\nextends: fan-tan\npassing: {voluntary: true}\n"

CASES = [
    # a limit without elimination binds only passes by choice; forced passes go on
    (LIMIT_FORCED, "en", "", "at most three times"),
    (LIMIT_FORCED, "de", "", "höchstens dreimal"),
    (LIMIT_VOLUNTARY, "en", "counting the passes you had to make", "at most three times"),
    (LIMIT_VOLUNTARY, "sv", "de tvingade passen medräknade", "högst tre gånger"),
    # nobody may pass by choice before the opening card is down
    (
        "voluntary-pass",
        "pt",
        "Depois que a carta de abertura estiver na mesa, você pode passar",
        "Na sua vez, você pode passar mesmo tendo carta para jogar.",
    ),
    (
        "voluntary-pass",
        "en",
        "Once the opening card is on the table, you may pass",
        "Passing is possible",
    ),
    # without an opening card, passing by choice is allowed from the first turn
    (
        VOLUNTARY_NO_OPENING_CARD,
        "en",
        "You may pass on your turn even if you have a playable card.",
        "Once the opening card is on the table",
    ),
    # Ristiseiska punishes a pass made with a playable card: it is not called allowed
    (
        "ristiseiska",
        "en",
        "Passing when you could play is penalised",
        "You may pass on your turn even if you have a playable card.",
    ),
    (
        "ristiseiska",
        "de",
        "Wer passt, obwohl er legen könnte, wird bestraft",
        "Du darfst in deinem Zug auch dann passen",
    ),
    # Brazilian: passing by choice "tendo carta para jogar"; the draw said once
    (
        "shichi-narabe",
        "pt",
        "Na sua vez, você pode passar mesmo tendo carta para jogar.",
        "mesmo que possa jogar",
    ),
    (
        "elfer-raus",
        "pt",
        "até tirar uma que sirva, mas no máximo três. Se tirar uma carta que sirva, tem que"
        " jogá-la na hora;",
        "possa ser jogada deve ser jogada",
    ),
    ("shichi-narabe", "pt", "por vontade própria", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_passing_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
