"""Third native reading, English (issue 9): one point said as "one point" in every language,
and the English sheets' articles, lists and wording that the catalog alone cannot give."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.cards import noun_forms
from sevens.compiler.rulesheet.i18n import LANGUAGES

#: A house rule on Cinquillo whose winner gets a bonus of 1 and whose session ends at a total of
#: ``{target}`` points: every amount is one, so a sentence written only for plurals shows.
ONE_POINT = """\
id: one-point
kind: house-rule
extends: cinquillo
name:
  en: Cinquillo for one point
scoring:
  points: "1 + sum(p.hand.count for p in others) if player.is_winner else -hand.count"
session:
  deals: 50
  target: {{points: {target}}}
  winner: highest-points
"""

#: The bonus sentence and the end of the session, as each language must say them for 1 and −1.
ONE_POINT_SENTENCES = {
    "de": (
        "Der Gewinner bekommt einen Punkt und dazu",
        "insgesamt 1 Punkt erreicht hat.",
        "auf −1 fällt.",
    ),
    "en": (
        "The winner scores one point plus one point",
        "total reaches 1 point.",
        "total falls to −1 point or below.",
    ),
    "es": ("El ganador se apunta un punto más un punto", "llegue a 1.", "baje a −1."),
    "fr": ("Le gagnant marque un point, plus un point", "atteint 1 point.", "descend à −1 point."),
    "ja": ("勝者は1点に加えて", "1点に達したら", "−1点まで下がったら"),
    "nl": (
        "De winnaar krijgt één punt plus één punt",
        "in totaal 1 punt heeft.",
        "tot −1 is gedaald.",
    ),
    "pt": ("O vencedor marca um ponto, mais um ponto", "chegar a 1.", "cair para −1."),
    "ru": ("Победитель получает 1 очко и ещё по очку", "достигнет 1.", "опустится до −1."),
    "sv": ("Vinnaren får en poäng plus en poäng", "poängsumma når 1.", "sjunker till −1."),
}
#: Plural words that must not follow a count of one ("one points", "einen Punkte").
WRONG_PLURALS = (
    "one points",
    "1 points",
    "einen Punkte",
    "un puntos",
    "un points",
    "1 points",
    "één punten",
    "um pontos",
    "ett poäng",
)


@cache
def one_point_sheet(tmp_dir: Path, lang: str, target: int) -> str:
    path = tmp_dir / f"one-point{target}.yaml"
    path.write_text(ONE_POINT.format(target=target), encoding="utf-8")
    return render_rulesheet(load_rulespec(path), lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_point_is_singular_in_every_lang(tmp_path: Path, lang: str) -> None:
    bonus, reaches, falls = ONE_POINT_SENTENCES[lang]
    up = one_point_sheet(tmp_path, lang, 1)
    down = one_point_sheet(tmp_path, lang, -1)
    assert bonus in up and reaches in up
    assert bonus in down and falls in down
    for wrong in WRONG_PLURALS:
        assert wrong not in up and wrong not in down


def test_larger_amounts_stay_plural(tmp_path: Path) -> None:
    path = tmp_path / "three.yaml"
    path.write_text(ONE_POINT.format(target=-3).replace('"1 + sum', '"3 + sum'), encoding="utf-8")
    rules = load_rulespec(path)
    assert "The winner scores three points plus one point" in render_rulesheet(rules, "en")
    assert "total falls to −3 points or below." in render_rulesheet(rules, "en")
    assert "descend à −3 points." in render_rulesheet(rules, "fr")
    assert "Der Gewinner bekommt drei Punkte und dazu" in render_rulesheet(rules, "de")


@cache
def builtin(variant: str, lang: str = "en") -> str:
    rules: AnalysedRules = load_rulespec(BUILTIN_DIR / f"{variant}.yaml")
    return render_rulesheet(rules, lang)


def test_english_card_lists_keep_their_articles() -> None:
    assert (
        "may immediately play the 6 of diamonds (6♦) or the 8 of diamonds (8♦) as well."
        in builtin("sevens")
    )
    assert (
        "the dealer names the opening card, choosing from the jack of clubs (J♣), the jack of "
        "diamonds (J♦), the jack of hearts (J♥) or the jack of spades (J♠)."
        in builtin("kartendomino")
    )
    assert (
        "are not dealt: the 7 of clubs (7♣), the 7 of diamonds (7♦), the 7 of hearts (7♥) "
        "and the 7 of spades (7♠)." in builtin("shichi-narabe")
    )


def test_english_example_joins_rows_with_and_and_cards_with_or() -> None:
    assert (
        "Example: with 6♦–8♦ and 7♥ on the table, you may play only 7♣, 5♦, 9♦, 6♥, 8♥ or 7♠."
        in builtin("parliament")
    )
    assert "with 6♣–8♣, 7♦, 7♥ and 7♠ on the table" in builtin("shichi-narabe")
    assert "you may play only 7♥ or 7♠." in builtin("mandatory-seven")


def test_other_languages_keep_their_own_example_lists() -> None:
    """The and/or lists are offered to the catalogs, not forced on them."""
    assert "Dann darfst du nur 7♣, 5♦, 9♦, 6♥, 8♥ oder 7♠ legen." in builtin("parliament", "de")
    # pt takes the lists too, joined with its own words ("e", "ou")
    assert "com 6♦–8♦ e 7♥ na mesa, você só pode jogar 7♣, 5♦, 9♦, 6♥, 8♥ ou 7♠." in builtin(
        "parliament", "pt"
    )


def test_a_colon_sentence_stays_with_what_it_introduces_in_print() -> None:
    html = render_rulesheet(load_rulespec(BUILTIN_DIR / "elfer-raus.yaml"), "en", "html")
    assert "p:has(+ svg.layout, + table.values" in html and "break-after: avoid" in html


def test_english_indefinite_articles() -> None:
    assert noun_forms("en", "8")["acc_indef"] == "an 8"
    assert noun_forms("en", "ace")["nom_indef"] == "an ace"
    assert noun_forms("en", "11")["nom_indef"] == "an 11"
    assert noun_forms("en", "jack")["nom_indef"] == "a jack"
    assert noun_forms("en", "7 of clubs")["dat_def"] == "the 7 of clubs"


def test_diff_has_no_empty_point_values_line() -> None:
    fan_tan = load_rulespec(BUILTIN_DIR / "fan-tan.yaml")
    elfer = load_rulespec(BUILTIN_DIR / "elfer-raus.yaml")
    text = describe_diff(fan_tan, elfer, "en")
    assert "Ranks: 1 to 20" in text
    assert "Point values of the cards: ." not in text and "Point values" not in text
    assert "said in the same words" not in text


def test_diff_names_the_values_of_new_picture_cards() -> None:
    """A pack of other ranks whose new cards do not count their number: their values are
    said (Cinquillo's Spanish pack to Badam Satti's French one), not "said in the same
    words as before"."""
    cinquillo = load_rulespec(BUILTIN_DIR / "cinquillo.yaml")
    badam = load_rulespec(BUILTIN_DIR / "badam-satti.yaml")
    text = describe_diff(cinquillo, badam, "en")
    assert "- Point values of the cards: A = 1, J = 11, Q = 12 and K = 13." in text
    assert "said in the same words" not in text


def test_diff_says_an_extra_card_as_the_sheet_does() -> None:
    def diff(old: str, new: str) -> str:
        return describe_diff(
            load_rulespec(BUILTIN_DIR / f"{old}.yaml"),
            load_rulespec(BUILTIN_DIR / f"{new}.yaml"),
            "en",
        )

    kartendomino = diff("fan-tan", "kartendomino")
    assert "- On your turn you may play as many cards as you like" in kartendomino
    assert "An extra card may follow when" not in kartendomino
    assert "The extra card is optional" not in kartendomino
    assert "- Whoever completes a row must immediately start a new one" in diff(
        "parliament", "play-or-pay"
    )
    assert "- Whoever plays an ace or a king may immediately play one more card." in diff(
        "parliament", "ristiseiska"
    )
