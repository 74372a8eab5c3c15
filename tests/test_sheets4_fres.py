"""Fourth native reading of the French and Spanish sheets (issue 9): the Spanish "o"/"y"
that must become "u"/"e" before a sound babel's list patterns do not know about."""

from __future__ import annotations

import pytest

from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import render_rulesheet
from sevens.compiler.rulesheet.i18n import Lang


@pytest.mark.parametrize(
    ("items", "text"),
    [
        (["6♠", "8♠"], "6♠ u 8♠"),  # "seis u ocho"
        (["10R", "11V", "11Z"], "10R, 11V u 11Z"),  # "once"
        (["siete", "ocho"], "siete u ocho"),
        (["6♠", "7♠"], "6♠ o 7♠"),
        (["9♠", "110"], "9♠ o 110"),  # "ciento diez"
    ],
)
def test_spanish_or_before_an_o_sound(items: list[str], text: str) -> None:
    assert Lang("es").join_or(items) == text


@pytest.mark.parametrize(
    ("items", "text"),
    [
        (["copas", "iglesias"], "copas e iglesias"),
        (["agua", "hielo"], "agua y hielo"),
        (["6♦–8♦", "7♥"], "6♦–8♦ y 7♥"),
    ],
)
def test_spanish_and_before_an_i_sound(items: list[str], text: str) -> None:
    assert Lang("es").join_and(items) == text


def test_other_languages_keep_their_conjunction() -> None:
    assert Lang("fr").join_or(["6♠", "8♠"]) == "6♠ ou 8♠"
    assert Lang("pt").join_or(["6♠", "8♠"]) == "6♠ ou 8♠"


def test_spanish_example_says_u_before_an_eight() -> None:
    """Sjuan's example ends on 8♠: "solo puedes jugar …, 6♠ u 8♠", as one says "seis u ocho"."""
    text = render_rulesheet(load_rulespec(BUILTIN_DIR / "sjuan.yaml"), "es")
    assert "6♠ u 8♠." in text
    assert "6♠ o 8♠" not in text


def sheet(variant: str, lang: str) -> str:
    return render_rulesheet(load_rulespec(BUILTIN_DIR / f"{variant}.yaml"), lang)


def test_french_deniers_are_written_d() -> None:
    """ "5O" (oros) read as nothing on a French sheet; "5D" is "5 de deniers", and the Spanish
    pack has no dame to mistake the D for.  Coupes, épées and bâtons keep C, E and B."""
    text = sheet("cinquillo", "fr")
    assert "le 5 de deniers commence" in text and "(5D)" not in text
    assert "- D deniers" in text
    assert "5O" not in text and "[5D]" in text


@pytest.mark.parametrize("lang", ["es", "pt", "en"])
def test_other_languages_keep_the_oros_letter(lang: str) -> None:
    assert "[5O]" in sheet("cinquillo", lang)  # the picture of the rows
