"""Rule-sheet wording that native readers asked for and no catalog edit could give (issue 9):
two rows per suit, cards laid out before play, card and rank names with their articles, a
session capped at a number of deals."""

from __future__ import annotations

from functools import cache

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.i18n import Lang
from sevens.compiler.rulesheet.sentences import sentence


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str = "en") -> str:
    return " ".join(render_rulesheet(rules_of(variant), lang).split())


@cache
def diff(old: str, new: str, lang: str = "en") -> str:
    return " ".join(describe_diff(rules_of(old), rules_of(new), lang).split())


def test_two_rows_per_suit_read_as_two() -> None:
    en = sheet("double-deck")
    assert "and so on" not in en
    assert "the other copy opens its second row" in en
    assert "ainsi de suite" not in sheet("double-deck", "fr")
    assert "l’autre exemplaire ouvre la seconde" in sheet("double-deck", "fr")
    assert "y así sucesivamente" not in sheet("double-deck", "es")


def test_cards_laid_before_the_deal_are_a_list_with_and() -> None:
    es = sheet("cinquillo-fives", "es")
    assert "el cinco de oros (5O)" in es or "el cinco de oros" in es
    assert " y el cinco de " in es
    fr = sheet("shichi-narabe", "fr")
    assert "qui ne sont pas distribuées : le 7 de trèfle (7♣)" in fr
    assert " et le 7 de pique (7♠)." in fr
    de = sheet("shichi-narabe-traditional", "de")
    assert "Platz in den Reihen auf den Tisch: die Kreuz-7 (7♣)" in de
    assert " und die Pik-7 (7♠)." in de


def test_cards_in_conditions_carry_their_article() -> None:
    rules = rules_of("sevens")
    assert rules.follow_when is not None
    when, deck = rules.follow_when.tree, rules.spec.deck  # card == 7D
    assert sentence(Lang("fr"), deck, when) == "la carte est le 7 de carreau (7♦)"
    assert sentence(Lang("es"), deck, when) == "la carta es el siete de diamantes (7♦)"
    assert sentence(Lang("en"), deck, when) == "the card is the 7 of diamonds (7♦)"
    # German keeps the bare name: its diff lines say "statt Karo-7", where "statt die" is wrong
    assert sentence(Lang("de"), deck, when) == "die Karte ist Karo-7 (7♦)"
    assert "antes era el cinco de oros." in diff("cinquillo", "cinquillo-fives", "es")


def test_point_value_changes_name_the_ranks() -> None:
    assert "the ace counts 15 instead of 1" in diff("sevens", "pip-scoring")
    assert "l’as vaut 15 au lieu de 1, le valet vaut 11" in diff("sevens", "pip-scoring", "fr")
    assert "el as vale 15 en lugar de 1" in diff("sevens", "pip-scoring", "es")
    assert "das Ass zählt 15 statt 1" in diff("sevens", "pip-scoring", "de")
    assert "A 15 instead of 1" not in sheet("pip-scoring")


def test_target_score_is_the_end_and_the_deal_cap_a_fallback() -> None:
    en = sheet("cinquillo")
    assert "ends early" not in en
    target = en.index("The session ends as soon as a player's total reaches 30 points.")
    cap = (
        "Agree beforehand how many deals to play at most in case nobody gets there, for example 50."
    )
    assert en.index(cap) > target
    assert "avant son terme" not in sheet("cinquillo", "fr")
    assert "termina antes" not in sheet("cinquillo", "es")
    assert "falls to −100 points or below. Agree beforehand how many deals" in sheet("ristiseiska")
