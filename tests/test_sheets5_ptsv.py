"""Fifth native reading of the Portuguese and Swedish sheets (issue 9): the catalog edits
it made, pinned on the rendered sheets so a catalog regression shows up here."""

from __future__ import annotations

from functools import cache

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str) -> str:
    return render_rulesheet(rules_of(variant), lang)


def test_pt_voluntary_pass_says_having_a_card_to_play() -> None:
    text = sheet("shichi-narabe", "pt")
    assert "Na sua vez, você pode passar mesmo tendo carta para jogar." in text
    assert "mesmo que possa jogar" not in text


def test_pt_elfer_raus_draw_rule_does_not_repeat_itself() -> None:
    text = sheet("elfer-raus", "pt")
    assert (
        "até tirar uma que sirva, mas no máximo três. Se tirar uma carta que sirva, tem que jogá-la na hora;"
        in text
    )
    assert "possa ser jogada deve ser jogada" not in text


def test_sv_play_item_names_the_end_it_is_laid_at() -> None:
    for variant in ("shichi-narabe", "kartendomino", "elfer-raus", "sevens"):
        text = sheet(variant, "sv")
        assert (
            "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg"
            in text
        )
        assert "i den änden av raden" not in text


def test_sv_elfer_raus_leader_sentence_has_a_verb_in_both_halves() -> None:
    text = sheet("elfer-raus", "sv")
    assert (
        "Den som har elvan i den färg som står först i listan ovan börjar; har ingen det kortet, "
        "börjar den som har elvan i nästa färg, och så vidare."
    ) in text


@cache
def diff(first: str, second: str, lang: str) -> str:
    return describe_diff(rules_of(first), rules_of(second), lang)


def test_pt_and_sv_diff_lines_of_the_fifth_reading() -> None:
    assert "Agora, quem não pode jogar pode comprar até três cartas do monte." in diff(
        "fan-tan", "elfer-raus", "pt"
    )
    assert "Den som inte kan spela får nu dra högst tre kort från talongen." in diff(
        "fan-tan", "elfer-raus", "sv"
    )
    assert "O baralho agora também tem os 8 e os 9 de cada naipe" in diff(
        "cinquillo", "seises", "pt"
    )


def test_pt_diff_topics_read_as_a_brazilian_rule_sheet() -> None:
    assert "- Custo de cada passe: uma ficha." in sheet("fan-tan-chips", "pt")
    assert "- Custo do passe voluntário: três fichas." in sheet("caught-holding", "pt")
    assert "- Agora o ideal é jogar com três jogadores (antes, 4–6)." in sheet("devyatka", "pt")
