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
    # cards laid out before play are a list joined with "and", each with its article
    ("cinquillo-fives", "es", "el cinco de oros", ""),
    ("cinquillo-fives", "es", " y el cinco de ", ""),
    ("shichi-narabe", "fr", "qui ne sont pas distribuées : le 7 de trèfle (7♣)", ""),
    ("shichi-narabe", "fr", " et le 7 de pique (7♠).", ""),
    ("shichi-narabe-traditional", "de", "Platz in den Reihen auf den Tisch: die Kreuz-7 (7♣)", ""),
    ("shichi-narabe-traditional", "de", " und die Pik-7 (7♠).", ""),
    (
        "shichi-narabe",
        "en",
        "are not dealt: the 7 of clubs (7♣), the 7 of diamonds (7♦), the 7 of hearts (7♥)"
        " and the 7 of spades (7♠).",
        "",
    ),
    # a stock left after the deal, in Russian words
    ("elfer-raus", "ru", "должно остаться хотя бы 20 карт", ""),
    # hands capped by deal.hand_size beside the stock: never "as far as they will go"
    (
        "elfer-raus",
        "en",
        "until every player has the same number of cards, at most 20 cards each.",
        "as far as they will go evenly",
    ),
    ("elfer-raus", "ru", "пока у всех не будет поровну карт, но не больше 20 карт на каждого.", ""),
    ("elfer-raus", "ja", "1人あたりの枚数は最大20枚です。", "配れるだけ配ります"),
    # the hand size of each player count said as words, not as a "(players: cards each)" key
    (
        "elfer-raus",
        "en",
        "the fewer cards each is dealt: 20 cards each with 2 or 3 players, 15 cards each with 4"
        " players, 12 cards each with 5 players and 10 cards each with 6 players.",
        "(players: cards each)",
    ),
    ("elfer-raus", "de", "je 20 Karten bei 2 oder 3 Spielern, je 15 Karten bei 4 Spielern", ""),
    ("elfer-raus", "ru", "по 20 карт при 2 или 3 игроках, по 15 карт при 4 игроках", ""),
    # a colour pack's leader is named by the colour listed first
    ("elfer-raus", "es", "Empieza quien tiene el 11 del primer color de la lista de arriba", ""),
    ("elfer-raus", "pt", "Começa quem tem o 11 da primeira cor da lista acima", ""),
    ("elfer-raus", "ru", "карта 11 первого цвета из списка выше", ""),
    # the lowest diamond, in the Russian genitive
    (
        "lowest-diamond",
        "ru",
        "Первым ходит тот, у кого самая младшая карта бубен.",
        "масти «бубны»",
    ),
    ("lowest-diamond", "en", "the lowest card in diamonds", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_deal_and_lead_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
