"""Fourth native reading of the Portuguese and Swedish sheets (issue 9): the Swedish
in-sentence form of "Holländsk Fan Tan" and what the Brazilian catalog edits promise."""

from __future__ import annotations

from functools import cache

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.typography import text_rules


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str) -> str:
    return render_rulesheet(rules_of(variant), lang)


def test_swedish_nationality_adjective_is_small_inside_a_sentence() -> None:
    rule = text_rules("sv")
    assert rule("en regional variant av Holländsk Fan Tan.") == (
        "en regional variant av holländsk Fan Tan."
    )
    # a title, a sentence's start and a name in quotes keep the capital
    assert rule("Holländsk Fan Tan är ett kortspel.") == "Holländsk Fan Tan är ett kortspel."
    assert rule("# Holländsk Fan Tan: vilken sjua som helst öppnar") == (
        "# Holländsk Fan Tan: vilken sjua som helst öppnar"
    )
    assert (
        rule("Jämfört med ”Holländsk Fan Tan” ändrar") == "Jämfört med ”Holländsk Fan Tan” ändrar"
    )
    assert text_rules("de")("mit Holländsk Fan Tan") == "mit Holländsk Fan Tan"  # Swedish only


def test_swedish_sheets_name_the_dutch_game_in_small_letters_mid_sentence() -> None:
    text = sheet("sjuan", "sv")
    assert "## Skillnader mot holländsk Fan Tan" in text
    assert "nära besläktat med holländsk Fan Tan." in text
    assert "Holländsk" not in text
    house = sheet("caught-holding", "sv")
    assert house.startswith("# Holländsk Fan Tan: ")
    assert "Det här är en husregel för holländsk Fan Tan;" in house
    assert "# Holländsk Fan Tan\n" in sheet("dutch-fan-tan", "sv")


def test_swedish_rank_run_in_a_diff_takes_the_definite_forms() -> None:
    text = describe_diff(rules_of("devyatka"), rules_of("domino"), "sv")
    assert "Valörer: från tvåan till esset i stället för från sexan till esset." in text


def test_brazilian_quotes_and_words() -> None:
    text = sheet("parliament", "pt")
    assert "- “Parliament – Como Jogar”" in text and "«" not in text
    assert "por vontade própria" in sheet("shichi-narabe", "pt")
    corner = sheet("turn-the-corner", "pt")
    assert corner.startswith("# Parliament: as fileiras dão a volta\n")
    assert "esquina" not in corner
    assert "Cada baralho tem 13 cartas de cada naipe" in sheet("double-deck", "pt")


def test_portuguese_diff_says_e_nao_without_a_stranded_preposition() -> None:
    text = describe_diff(rules_of("devyatka"), rules_of("domino"), "pt")
    assert "Cartas de cada naipe: do 2 ao ás, e não do 6 ao ás." in text
    assert "em vez de do" not in text
    assert text.startswith("Em comparação com “Deviatka”, “Dominó” muda estas regras:")
