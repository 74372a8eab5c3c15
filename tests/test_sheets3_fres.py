"""Third native reading of the French and Spanish sheets (issue 9): what the catalogs
could not fix alone, and the wordings that must hold for one card as well as many."""

from __future__ import annotations

from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.diff import PLAY_ADDED, PLAY_DROPPED, TOPICS, _follow_shape
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


def diff_lines(old: str, new: str, lang: str) -> list[str]:
    text = describe_diff(rules_of(old), rules_of(new), lang)
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def topic(lang: str, field: str) -> str:
    return Lang(lang).marked(TOPICS[field])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_empty_point_values_line_when_the_ranks_differ(lang: str) -> None:
    """Fan Tan → Elfer raus!: no rank of the one pack is in the other, so no value changed;
    the diff said "Point values of the cards: ." with nothing after the colon.  (It now gives
    the new values: tests/test_sheets3_denl.py.)"""
    lines = diff_lines("fan-tan", "elfer-raus", lang)
    assert lines  # the ranks, suits … still differ
    values = [line for line in lines if line.startswith(topic(lang, "values"))]
    assert all(len(line) > len(topic(lang, "values")) + 3 for line in values), values


@pytest.mark.parametrize("lang", LANGUAGES)
def test_extra_card_optional_only_where_there_is_an_extra_card(lang: str) -> None:
    """Sevens → Parliament drops the 7♦'s extra card; "optional: none instead of yes" said
    nothing the dropped condition did not.  Back the other way, it is news, told by the sheet's
    own extra-card sentence (tests/test_sheets3_en.py)."""
    dropped = diff_lines("sevens", "parliament", lang)
    added = diff_lines("parliament", "sevens", lang)
    assert not any(line.startswith(topic(lang, "follow_optional")) for line in dropped), dropped
    assert _follow_shape(Lang(lang), rules_of("sevens"))
    assert any("6♦" in line and "8♦" in line for line in added), added  # 7♦, then 6♦ or 8♦


@pytest.mark.parametrize(
    ("lang", "text"),
    [("fr", "vous ne pouvez jouer que 10♣."), ("es", "solo puedes jugar 10♣.")],
)
def test_example_reads_right_for_a_single_card(lang: str, text: str) -> None:
    """Play or Pay's example allows one card: no plural 'the only playable cards are 10♣'."""
    assert text in render_rulesheet(rules_of("play-or-pay"), lang)


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("new", ["parallel-builds"])  # mandatory-seven: test_sheets6_diff.py
def test_play_rule_diff_lines_have_at_most_one_colon(lang: str, new: str) -> None:
    """The play bullets say what a card does without a colon, so a diff line that puts a
    topic ("Cartes jouables :") or "you may now play" before them keeps a single colon."""
    lines = diff_lines("fan-tan", new, lang)
    heads = [Lang(lang).marked(m, rule="").strip() for m in (PLAY_ADDED, PLAY_DROPPED)]
    plays = [line for line in lines if line.startswith((*heads, topic(lang, "legal")))]
    assert plays, lines
    assert all(line.count(":") <= 1 for line in plays), plays
