"""Third native reading of the German and Dutch sheets (issue 9): what the catalogs alone
could not give, and catalog choices that must not slip back."""

from __future__ import annotations

from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.typography import typeset

MUST = "You must play if you can."
MUST_ONLY = (
    "You must play if you can. Only when none of your cards may be played do you pass; "
    "passing while able to play is not allowed."
)
EMPTY_STOCK = "Once the stock is empty, you pass when you cannot play."


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def paragraphs(variant: str, lang: str) -> list[str]:
    return render_rulesheet(rules_of(variant), lang).split("\n\n")


def said(lang: str, message: str) -> str:
    """``message`` as the sheet of ``lang`` prints it (translated and typeset)."""
    return typeset(Lang(lang).gettext(message), lang, "md")


@pytest.mark.parametrize("variant", ["elfer-raus", "card-domino-stock"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_comes_before_the_pass(variant: str, lang: str) -> None:
    """Where the rule set draws from the stock, the pass section opens with the draw: no
    'you pass only when you cannot play' before the sheet has said that you draw first."""
    text = "\n\n".join(paragraphs(variant, lang))
    assert said(lang, MUST_ONLY) not in text
    opening = [p for p in paragraphs(variant, lang) if p.startswith(said(lang, MUST))]
    assert len(opening) == 1
    assert said(lang, EMPTY_STOCK) in opening[0]  # the draw is told in that same paragraph


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sheets_without_a_stock_keep_the_pass_sentence(lang: str) -> None:
    assert said(lang, MUST_ONLY) in "\n\n".join(paragraphs("sevens", lang))
    assert not any(said(lang, EMPTY_STOCK) in p for p in paragraphs("sevens", lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_diff_never_prints_an_empty_value_list(lang: str) -> None:
    """fan-tan → elfer-raus changes every rank, so no rank in common changed its point
    value; the diff then leaves the values line out instead of printing 'Card values: .'."""
    text = describe_diff(rules_of("fan-tan"), rules_of("elfer-raus"), lang)
    assert ": ." not in text and ":\u00a0." not in text and "：。" not in text
    assert "20 = 20" not in text  # no "1 = 1, 2 = 2, …" noise either


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("de", "- Jetzt gibt es eine Eröffnungskarte: die Karo-9 (9♦)."),
        ("nl", "- Er is nu een openingskaart: de negen van ruiten (9♦)."),
        ("en", "- There is now an opening card: the 9 of diamonds (9♦)."),
    ],
)
def test_an_opening_card_where_there_was_none(lang: str, line: str) -> None:
    """devyatka names an opening card where fan-tan has none: not 'Karo-9 statt keine',
    which German cannot decline, but the new card and what there was before."""
    assert any(line in p.split("\n") for p in paragraphs("devyatka", lang))


@pytest.mark.parametrize(
    ("lang", "leader", "formula"),
    [
        ("de", "der Spieler mit der 11 der zuerst genannten Farbe", "für die gilt"),
        ("nl", "de speler met de 11 van de kleur die als eerste genoemd is", "waarvoor geldt"),
        ("en", "the player holding the 11 of the colour listed first", "for which"),
    ],
)
def test_the_diff_names_the_elfer_raus_leader_as_the_sheet_does(
    lang: str, leader: str, formula: str
) -> None:
    """Not 'the player holding the lowest of the cards for which the rank is 11'."""
    text = describe_diff(rules_of("fan-tan"), rules_of("elfer-raus"), lang)
    assert leader in text
    assert formula not in text
