"""Third native reading of the Russian and Japanese sheets (issue 9): what a catalog
alone cannot give — Russian number words in the case of their sentence, and a diff
without an empty "point values" line."""

from __future__ import annotations

import re
from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.i18n import LANGUAGES, counted


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str) -> str:
    return render_rulesheet(rules_of(variant), lang)


@pytest.mark.parametrize(
    ("n", "noun", "word"),
    [
        (1, "chip", "одну"),  # "кладёт в банк одну фишку": accusative
        (1, "amount", "одна"),  # "Цена паса: одна фишка"
        (2, "pack", "две"),
        (1, "joker", "один"),
        (1, "rank", "одно"),
        (4, "player", "четырёх"),  # "компанией из четырёх человек": genitive
        (1, "time", "одного"),
        (13, "rank", "13"),
        (1, "deal", "1"),  # deals stand in several cases: digits
        (3, "point", "3"),
    ],
)
def test_russian_number_words_take_their_sentences_case(n: int, noun: str, word: str) -> None:
    count = counted("ru", n, noun)
    assert str(count) == word and count == n


def test_russian_counts_in_sentences() -> None:
    assert "За каждый пас игрок кладёт в банк одну фишку." in sheet("parliament", "ru")
    assert "Для этого вместе перемешивают две колоды." in sheet("double-deck", "ru")
    assert "не больше трёх раз" in sheet("shichi-narabe", "ru")
    assert "Обычная колода из 52 карт и один джокер." in sheet("shichi-narabe-joker", "ru")
    elfer = sheet("elfer-raus", "ru")
    assert "должно остаться хотя бы 20 карт" in elfer and "самое большее три;" in elfer
    refusal = sheet("refusal-penalty", "ru")
    assert "каждый из остальных игроков отдаёт вам наугад одну карту из своей руки" in refusal


def test_russian_ranks_are_nouns_where_rows_end() -> None:
    devyatka = sheet("devyatka", "ru").replace("\xa0", " ")  # no-break spaces before dashes
    assert "(младшая — шестёрка, старшая — туз)" in devyatka
    assert "младшая карта в ней — шестёрка" in devyatka
    assert "есть семёрка, вы должны сначала сыграть семёрку" in sheet("mandatory-seven", "ru")


def test_russian_winner_values_name_a_person() -> None:
    text = describe_diff(rules_of("parliament"), rules_of("penalty-points"), "ru")
    assert (
        "Теперь партию выигрывает тот, у кого наименьшая сумма очков, "
        "а не тот, кто взял больше всего банков." in text
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_empty_point_values_line(lang: str) -> None:
    """Elfer raus! has other ranks than Fan Tan: no rank keeps its code with a new value."""
    text = describe_diff(rules_of("fan-tan"), rules_of("elfer-raus"), lang)
    assert not re.search(r"[:：]\s*[.。]$", text, re.MULTILINE), text


def test_japanese_joker_value_is_polite() -> None:
    text = describe_diff(rules_of("shichi-narabe"), rules_of("shichi-narabe-joker"), "ja")
    lines = [x[2:] for x in text.splitlines() if x.startswith("- ")]
    assert lines[0] == "ジョーカーを1枚加えて遊ぶようになります。" and len(lines) > 2
    parts = [p for x in lines for p in x.replace("）", "").rstrip("。").split("。")]
    assert all(p.endswith(("ます", "ません", "です")) for p in parts), lines


JA_SHEETS = ["sevens", "shichi-narabe", "shichi-narabe-joker", "elfer-raus", "cinquillo", "pai-qi"]


@pytest.mark.parametrize("variant", JA_SHEETS)
def test_japanese_prose_has_no_latin_words_or_spaces(variant: str) -> None:
    """Outside code blocks, sources and the table, Latin letters are card codes only, and
    no space stands between two Japanese characters."""
    prose = [
        line
        for line in re.sub(r"```.*?```", "", sheet(variant, "ja"), flags=re.DOTALL).splitlines()
        if not line.startswith(("- 『", "> ", "|"))
    ]
    for line in prose:
        assert not re.search(r"[A-Za-z]{2,}", line), line
        assert not re.search(r"[^\x00-\x7f] [^\x00-\x7f–]", line.lstrip("- ♣♦♥♠")), line


def test_russian_numbered_cards_above_ten_are_declined_as_cards() -> None:
    elfer = sheet("elfer-raus", "ru")
    assert "- карту 11 того цвета, ряд которого ещё не начат" in elfer
    assert "к карте 11 прикладывают карту 12 или карту 10." in elfer
