"""Cards named in running text as players say them: a Spanish-suited card by its name
("el cinco de oros"), never followed by a code such as "(5O)"; French-suited cards keep
their sign ("(7♦)"), which every reader knows.

Each row: a rulespec, a language, a phrase, and whether the sheet must contain it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.rulesheet.cards import noun_forms
from tests.conftest import CARD_LETTERS, check_phrase

PHRASES = [
    ("cinquillo", "es", "Empieza quien tiene el cinco de oros y pone esa carta", True),
    ("cinquillo", "es", "(5O)", False),
    ("cinquillo", "en", "The player holding the 5 of oros takes the first turn", True),
    ("cinquillo", "en", "(5O)", False),
    ("cinquillo", "fr", "(5D)", False),
    ("cinquillo", "ru", "у кого пятёрка монет, и начинает", True),
    ("seises", "es", "el seis de oros y pone", True),
    ("seises", "de", "(6O)", False),
    ("parliament", "en", "the 7 of diamonds (7♦)", True),  # French suits keep their sign
]


@pytest.mark.parametrize(
    ("rulespec", "lang", "phrase", "present"),
    PHRASES,
    ids=[f"{n}-{row[1]}-{'has' if row[3] else 'lacks'}" for n, row in enumerate(PHRASES)],
)
def test_card_name_phrase(
    rulespec: str, lang: str, phrase: str, present: bool, tmp_path: Path
) -> None:
    check_phrase(tmp_path, rulespec, lang, phrase, present)


def test_english_indefinite_articles() -> None:
    assert noun_forms("en", "8")["acc_indef"] == "an 8"
    assert noun_forms("en", "ace")["nom_indef"] == "an ace"
    assert noun_forms("en", "11")["nom_indef"] == "an 11"
    assert noun_forms("en", "jack")["nom_indef"] == "a jack"
    assert noun_forms("en", "7 of clubs")["dat_def"] == "the 7 of clubs"


@pytest.mark.parametrize("word", ["11Gu", "10Vm", "5O", "Kn"])
def test_two_letter_colour_codes_are_card_letters_for_the_spelling_gate(word: str) -> None:
    assert CARD_LETTERS.match(word)


@pytest.mark.parametrize("word", ["Guld", "10Gul", "färst"])
def test_words_are_not_card_letters(word: str) -> None:
    assert not CARD_LETTERS.match(word)
