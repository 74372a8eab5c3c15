"""Who deals, who leads and how many cards are dealt, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_sheet_says

COUNTER_CLOCKWISE = "id: ccw-fan-tan\nextends: fan-tan\nplay: {direction: counter-clockwise}\n"
COUNTER_CLOCKWISE_WINNER = (
    "id: ccw-dutch\nextends: dutch-fan-tan\nplay: {direction: counter-clockwise}\n"
)

CASES = [
    # counter-clockwise play: the engine starts with the dealer's right neighbour
    (
        COUNTER_CLOCKWISE,
        "en",
        "The player to the dealer's right takes the first turn.",
        "The player to the dealer's left takes the first turn.",
    ),
    (
        COUNTER_CLOCKWISE,
        "de",
        "Der rechte Nachbar des Gebers beginnt.",
        "Der linke Nachbar des Gebers beginnt.",
    ),
    (
        COUNTER_CLOCKWISE,
        "ja",
        "配り手の右隣の人が最初の手番です。",
        "配り手の左隣の人が最初の手番です。",
    ),
    (
        COUNTER_CLOCKWISE_WINNER,
        "en",
        "In the first deal, the player to the dealer's right takes the first turn",
        "the player to the dealer's left takes the first turn",
    ),
    # the joker is dealt too: 48 cards and one joker make 49
    ("shichi-narabe-joker", "en", "deals out all 49 cards", "all 48 cards"),
    ("shichi-narabe-joker", "ja", "裏向きで49枚すべて配ります", "48枚すべて"),
    # Swedish: both halves of Elfer raus!'s leader sentence have a verb
    (
        "elfer-raus",
        "sv",
        "Den som har elvan i den färg som står först i listan ovan börjar; har ingen det kortet,"
        " börjar den som har elvan i nästa färg, och så vidare.",
        "",
    ),
    ("elfer-raus", "en", "the player holding the 11 of the first colour listed above", ""),
    # Kartendomino's named opening card is said once
    (
        "kartendomino",
        "en",
        "At the start of each deal, the dealer names the opening card, choosing from the jack"
        " of clubs (J♣), the jack of diamonds (J♦), the jack of hearts (J♥) or the jack of"
        " spades (J♠). Whoever holds that card begins by playing it.",
        "named card",
    ),
    # an equal-hands deal goes as far as the cards go evenly
    (
        "card-domino-stock",
        "en",
        "starting with the player on their left, as far as they will go evenly, so that every"
        " player has the same number of cards.",
        "",
    ),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_deal_and_lead_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
