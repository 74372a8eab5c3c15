"""Fifth native reading of the English sheets (issue 9): the four-colour pack, the named
opening card and the several-card turn.

Elfer raus! is played with numbered cards in four colours; an English player calls them
colours, not suits, so its sheet says "colour" throughout, while a French-suited pack keeps
"suit". Kartendomino's dealer names one of the jacks; the sheet says so once, without a
second sentence repeating that the named card goes first.
"""

from __future__ import annotations

import re

from sevens.compiler.rulesheet import render_rulesheet

from .test_rulesheet import rules_of


def _sheet(variant: str) -> str:
    return " ".join(render_rulesheet(rules_of(variant), "en").split())


def test_the_colour_pack_speaks_of_colours() -> None:
    elfer = _sheet("elfer-raus")
    assert "Colours (all of equal rank):" in elfer
    assert "Each colour has 20 ranks, from lowest to highest:" in elfer
    assert (
        "Each colour is built up in its own row on the table, starting from the 11 of that colour."
    ) in elfer
    assert "the player holding the 11 of the first colour listed above" in elfer
    assert "any 11, to start the row of its colour;" in elfer
    assert not re.search(r"\bsuits?\b", elfer, re.IGNORECASE), re.findall(r".{30}suit.{30}", elfer)
    # a French-suited pack keeps its suits
    assert "Suits (all of equal rank):" in _sheet("fan-tan")
    assert "any 7, to start the row of its suit;" in _sheet("fan-tan")


def test_the_named_opening_card_is_said_once() -> None:
    kartendomino = _sheet("kartendomino")
    assert (
        "At the start of each deal, the dealer names the opening card, choosing from the jack"
        " of clubs (J♣), the jack of diamonds (J♦), the jack of hearts (J♥) or the jack of"
        " spades (J♠). Whoever holds that card begins by playing it."
    ) in kartendomino
    assert "named card" not in kartendomino


def test_a_turn_of_several_cards_says_more_only_once() -> None:
    for variant in ("kartendomino", "elfer-raus"):
        text = _sheet(variant)
        assert (
            "and you may then go on playing, one card after another, as long as each card"
            " may be played."
        ) in text, variant
        assert "go on playing more cards" not in text, variant
