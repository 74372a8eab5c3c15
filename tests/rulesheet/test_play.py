"""What may be played, follow-ups, and who wins a deal, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.rulesheet.example import example_position
from tests.conftest import assert_sheet_says, rules_of

TWO_EXTRA = "id: two-extra\nextends: elfer-raus\nplay: {follow_up: {max: 2}}\n"
SEVENS_TWO_EXTRA = "id: sevens-two-extra\nextends: sevens\nplay: {follow_up: {max: 2}}\n"

CASES = [
    # an extra card may grant another: the sheet says up to how many
    (TWO_EXTRA, "en", "up to two extra cards in one turn", ""),
    (TWO_EXTRA, "de", "bis zu zwei zusätzlichen Karten in einem Zug", ""),
    # after the 7♦ only the 6♦ or 8♦ may follow, which grant nothing: still one card
    (SEVENS_TWO_EXTRA, "en", "or the 8 of diamonds (8♦) as well.", "extra cards in one turn"),
    # Cinquillo cabrón plays on until the rows are closed or play stands still (catalogue
    # §7): going out first is not said to win the deal
    (
        "cinquillo-cabron",
        "en",
        "until every hand is empty or nobody can play any more",
        "first to get rid of all their cards wins",
    ),
    (
        "cinquillo-cabron",
        "es",
        "hasta que todas las manos estén vacías o nadie pueda jugar más",
        "",
    ),
    # Pai Qi: the best score wins the deal, not going out first
    ("pai-qi", "en", "the best score", "the first player out wins the deal"),
    # the fives are laid out before play: no card starts a row, whatever the play rule says
    (
        "cinquillo-fives",
        "en",
        "to the table: the card of the same suit next above or below",
        "any 5, to start the row of its suit",
    ),
    ("cinquillo-fives", "de", "", "eine 5 einer Farbe, die noch keine Reihe hat"),
    # Swedish: the play item names the end a card is laid at
    (
        "shichi-narabe",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    (
        "kartendomino",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    (
        "elfer-raus",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    (
        "sevens",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    # a worked example that allows one card says so in the singular
    ("play-or-pay", "fr", "vous ne pouvez jouer que 10♣.", ""),
    ("play-or-pay", "es", "solo puedes jugar 10♣.", ""),
    ("elfer-raus", "en", "any 11, to start the row of its colour;", ""),
    ("fan-tan", "en", "any 7, to start the row of its suit;", ""),
    # a turn of several cards says "more" only once
    (
        "kartendomino",
        "en",
        "and you may then go on playing, one card after another, as long as each card"
        " may be played.",
        "go on playing more cards",
    ),
    (
        "elfer-raus",
        "en",
        "and you may then go on playing, one card after another, as long as each card"
        " may be played.",
        "go on playing more cards",
    ),
    # under a compulsory card the worked example also says what a hand without it may play
    (
        "badam-satti-compulsory",
        "en",
        "Example: with 6♥–8♥ and 7♠ on the table, you may play only 7♣ or 7♦. If you hold none"
        " of them, you may play only 5♥, 9♥, 6♠ or 8♠.",
        "",
    ),
    ("badam-satti", "en", "", "If you hold none of them"),
    # two packs in one row per suit: each card lies there twice, said under the picture
    ("parallel-builds", "en", "Each card lies twice in its row, the two copies side by side", ""),
    ("double-deck", "en", "", "Each card lies twice in its row, the two copies side by side"),
    ("parallel-builds", "de", "zweimal in ihrer Reihe", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_play_and_winner_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)


def test_the_worked_example_says_what_a_hand_without_the_compulsory_cards_may_play() -> None:
    """A hand holding every card still out must play a compulsory 7: the example's second
    sentence names other cards, and only where a card is compulsory."""
    position = example_position(rules_of("badam-satti-compulsory"))
    assert position.otherwise and not set(position.otherwise) & set(position.legal)
    assert example_position(rules_of("badam-satti")).otherwise == ()
