"""What ``sevens diff`` says, and the differences a house rule's sheet lists, as phrases.

Each diff row: the old and the new built-in, a language, a phrase the diff must say (``^``:
how it begins) and one it must not.  Each sheet row: a built-in whose sheet lists its
differences from its parent, a language, and the same two phrases.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import assert_diff_says, assert_sheet_says

DIFF_CASES = [
    # Swedish rank runs take the definite forms
    (
        "devyatka",
        "domino",
        "sv",
        "Valörer: från tvåan till esset i stället för från sexan till esset.",
        "",
    ),
    # Portuguese says "e não" without a stranded preposition, and names the games in quotes
    (
        "devyatka",
        "domino",
        "pt",
        "Cartas de cada naipe: do 2 ao ás, e não do 6 ao ás.",
        "em vez de do",
    ),
    ("devyatka", "domino", "pt", "^Em comparação com “Deviatka”, “Dominó” muda estas regras:", ""),
    # the draw from the stock, and a pack that gains ranks
    (
        "fan-tan",
        "elfer-raus",
        "pt",
        "Agora, quem não pode jogar pode comprar até três cartas do monte.",
        "",
    ),
    (
        "fan-tan",
        "elfer-raus",
        "sv",
        "Den som inte kan spela får nu dra högst tre kort från talongen.",
        "",
    ),
    ("cinquillo", "seises", "pt", "O baralho agora também tem os 8 e os 9 de cada naipe", ""),
]

SHEET_CASES = [
    ("fan-tan-chips", "pt", "- Custo de cada passe: uma ficha.", ""),
    ("caught-holding", "pt", "- Custo do passe voluntário: três fichas.", ""),
    ("devyatka", "pt", "- Agora o ideal é jogar com três jogadores (antes, 4–6).", ""),
    # the ace's line names it once; a chip target is what ends the session, not "early"
    ("ace-low", "en", "- Ace: low instead of high.", "Position of the ace"),
    (
        "fan-tan-chips",
        "en",
        "- Chips needed to end the session: to be agreed, for example 30.",
        "end the session early",
    ),
    (
        "parliament-target",
        "en",
        "- Chips needed to end the session: to be agreed, for example 10.",
        "end the session early",
    ),
]


@pytest.mark.parametrize(("old", "new", "lang", "expected", "forbidden"), DIFF_CASES)
def test_diff_phrases(old: str, new: str, lang: str, expected: str, forbidden: str) -> None:
    assert_diff_says(old, new, lang, expected, forbidden)


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), SHEET_CASES)
def test_differences_listed_on_a_house_rule_sheet(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)
