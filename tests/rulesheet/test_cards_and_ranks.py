"""The cards and ranks in play, and how a row starts, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not (HTML rows check the HTML sheet).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import assert_sheet_says, rule_sheet

NO_KINGS_OR_ACES = (
    "id: no-kings-or-aces\nextends: parliament\ndeck: {remove: [KC, KD, KH, KS, AC, AD, AH, AS]}\n"
)

CASES = [
    # ranks removed from every suit are not listed, and rows end at the queen
    (NO_KINGS_OR_ACES, "en", "md", "Each suit has eleven ranks", "from 2 to ace"),
    (NO_KINGS_OR_ACES, "en", "md", "from 2 to queen", "The ace is high"),
    # the house rule's summary says the cards taken out as a sentence, not "…; previously none"
    (
        NO_KINGS_OR_ACES,
        "en",
        "md",
        "These cards are now taken out of the pack: the king of clubs (K♣)",
        "previously none",
    ),
    (
        NO_KINGS_OR_ACES,
        "de",
        "md",
        "Diese Karten werden jetzt aus dem Spiel genommen",
        "bisher keine",
    ),
    # two rows per suit: a 7 starts a row while its suit still has one free
    (
        "double-deck",
        "fr",
        "md",
        "un 7 d’une couleur qui a encore une rangée à ouvrir",
        "un 7 d’une couleur qui n’a pas encore de rangée",
    ),
    (
        "double-deck",
        "es",
        "md",
        "un 7 de un palo que aún tenga una fila por empezar",
        "un 7 de un palo cuya fila aún no se haya empezado",
    ),
    (
        "double-deck",
        "pt",
        "md",
        "um 7 de um naipe que ainda tenha uma fileira por abrir",
        "um 7 de um naipe ainda sem fileira na mesa",
    ),
    (
        "double-deck",
        "en",
        "md",
        "any 7 of a suit that still has a row not started",
        "any 7, to start the row of its suit",
    ),
    # the HTML picture marks the starting cards but draws no brackets
    ("cinquillo", "fr", "html", "(les cartes de départ sont signalées)", "crochets"),
    ("cinquillo", "es", "html", "(se señalan las cartas iniciales)", "corchetes"),
    # every suit colour class the sheet uses has a style
    ("elfer-raus", "de", "html", ".yellow {", ""),
    ("double-deck", "pt", "md", "Cada baralho tem 13 cartas de cada naipe", ""),
    # a pack of four colours speaks of colours, a French-suited pack of suits
    ("elfer-raus", "en", "md", "Colours (all of equal rank):", ""),
    ("elfer-raus", "en", "md", "Each colour has 20 ranks, from lowest to highest:", ""),
    (
        "elfer-raus",
        "en",
        "md",
        "Each colour is built up in its own row on the table, starting from the 11 of that colour.",
        "",
    ),
    ("fan-tan", "en", "md", "Suits (all of equal rank):", ""),
]


@pytest.mark.parametrize(("source", "lang", "fmt", "expected", "forbidden"), CASES)
def test_card_and_rank_sentences(
    source: str, lang: str, fmt: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path, fmt)


def test_a_colour_pack_never_speaks_of_suits(tmp_path: Path) -> None:
    """Elfer raus!'s numbered cards in four colours: an English player calls them colours."""
    text = rule_sheet("elfer-raus", "en", tmp_path)
    assert not re.search(r"\bsuits?\b", text, re.IGNORECASE), re.findall(r".{30}suit.{30}", text)
