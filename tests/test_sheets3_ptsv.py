"""Third native reading of the Portuguese and Swedish sheets (issue 9): what the catalog
edits promise and the small code changes they needed."""

from __future__ import annotations

import re
from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from tests.conftest import CARD_LETTERS


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str) -> str:
    return render_rulesheet(rules_of(variant), lang)


def test_diff_has_no_empty_point_values_line() -> None:
    # Elfer raus! shares no rank with Fan Tan: no value of a common rank changed
    for lang in ("en", "pt", "sv"):
        text = describe_diff(rules_of("fan-tan"), rules_of("elfer-raus"), lang)
        assert not re.search(r":\s*\.\s*$", text, re.M), text
    text = describe_diff(rules_of("dutch-fan-tan"), rules_of("pip-scoring"), "sv")
    assert (
        "Kortens poängvärden: esset 15 i stället för 1, knekten 11" in text
    )  # real changes still shown


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("pt", ("Vm", "Am", "Vd", "Az")), ("sv", ("R", "Gu", "Gr", "B"))],
)
def test_colour_suits_have_distinct_native_codes(lang: str, letters: tuple[str, ...]) -> None:
    text = sheet("elfer-raus", lang)
    listed = re.findall(r"^- (\S+) \w+$", text.split("## ", 3)[2], re.M)
    assert tuple(listed) == letters
    assert len(set(listed)) == 4
    assert all(f"[11{code}]" in text for code in letters)


@pytest.mark.parametrize("word", ["11Gu", "10Vm", "5O", "Kn"])
def test_two_letter_colour_codes_are_not_spelling_errors(word: str) -> None:
    assert CARD_LETTERS.match(word)


@pytest.mark.parametrize("word", ["Guld", "10Gul", "färst"])
def test_words_are_not_card_codes(word: str) -> None:
    assert not CARD_LETTERS.match(word)


@pytest.mark.parametrize(
    ("lang", "phrase"),
    [
        ("sv", "Har du en sjua på handen måste du nu spela en sjua"),
        ("pt", "Se você tiver um 7 na mão, agora tem que jogar um 7"),
    ],
)
def test_compulsory_rank_takes_its_noun_form(lang: str, phrase: str) -> None:
    assert phrase in sheet("mandatory-seven", lang)


def test_swedish_and_portuguese_double_rows_are_stated_once() -> None:
    sv, pt = sheet("double-deck", "sv"), sheet("double-deck", "pt")
    assert "Varje färg läggs i två rader på bordet (sammanlagt åtta)" in sv
    assert "flera rader" not in sv
    assert "Cada naipe é disposto em duas fileiras na mesa (oito ao todo)" in pt
    assert "várias fileiras" not in pt


def test_portuguese_is_brazilian_ter_que() -> None:
    texts = [sheet(v, "pt") for v in ("ristiseiska-bga", "refusal-penalty", "last-card")]
    assert not any(re.search(r"\b(tem|teve|tiver) de\b", t) for t in texts)
