"""How many play, as the sheets say it: a range where the rulespec allows several counts,
one number (never "4 to 4") where it allows one, and no "best with" beside a fixed count.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_sheet_says

FIXED_PAIRS = (
    "id: four-in-pairs\nextends: cinquillo-parejas\nplayers: {min: 4, max: 4, best: null}\n"
)
#: Fan Tan for chips, best with 4–6, narrowed to 4–6: the advice is the whole range.
BEST_IS_THE_RANGE = (
    "id: pairs-pot\nextends: fan-tan-chips\nplayers: {min: 4, max: 6, teams: {size: 2}}\n"
)
FIXED_FOUR = "id: four-only\nextends: fan-tan\nplayers: {min: 4, max: 4, best: null}\n"

CASES = [
    # "Best with 4–6 players" under "4 to 6 players" advises nothing (a blind reader)
    (BEST_IS_THE_RANGE, "en", "4 to 6 players, an even number, playing in pairs.", "Best with"),
    ("pai-qi-2kk4", "en", "played by 4 players with 52 cards.", "4 to 4"),
    ("pai-qi-2kk4", "en", "4 players, each playing for themselves.", "Best with"),
    ("pai-qi-2kk4", "de", "gespielt wird zu 4 Spielern mit 52 Karten.", "4 bis 4"),
    ("pai-qi-2kk4", "es", "Juegan 4 jugadores, con 52 cartas.", "de 4 a 4"),
    ("pai-qi-2kk4", "fr", "on y joue à 4 joueurs, avec 52 cartes.", "de 4 à 4"),
    ("pai-qi-2kk4", "ja", "4人で、52枚のカードを使います。", "4〜4"),
    ("pai-qi-2kk4", "nl", "4 spelers; elke speler speelt voor zichzelf.", "4 tot 4"),
    ("pai-qi-2kk4", "pt", "joga-se com 4 jogadores e 52 cartas.", "com 4 a 4"),
    ("pai-qi-2kk4", "ru", "Играют 4 человека, каждый сам за себя.", "от 4 до 4"),
    ("pai-qi-2kk4", "sv", "4 spelare; alla spelar för sig själva.", "4–4"),
    (FIXED_FOUR, "en", "played by 4 players with 52 cards.", "4 to 4"),
    (FIXED_FOUR, "ru", "в неё играют 4 человека", "от 4 до 4"),
    (FIXED_PAIRS, "en", "4 players, playing in pairs. Partners sit opposite each other", "4 to 4"),
    (FIXED_PAIRS, "ru", "Играют 4 человека парами.", "от 4 до 4"),
    (FIXED_PAIRS, "ja", "4人で、2人ずつのペアを組んで遊びます。", "4〜4"),
    ("cinquillo-parejas", "en", "4 to 6 players, an even number, playing in pairs.", ""),
    # a range stays a range
    ("fan-tan", "en", "3 to 8 players, each playing for themselves.", ""),
    ("fan-tan", "de", "3 bis 8 Spieler; jeder spielt für sich.", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_player_count_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
