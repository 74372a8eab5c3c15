"""The shape of ``sevens diff``'s lines in every language: no topic without a value, no
optional extra card without one, at most one colon in a play line.

These hold for every language, so they are checked line by line rather than as phrases
(the phrases are in ``test_diff_phrases.py``).
"""

from __future__ import annotations

import pytest

from sevens.compiler.rulesheet import describe_diff
from sevens.compiler.rulesheet.diff import PLAY_ADDED, PLAY_DROPPED, TOPICS, _follow_shape
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from tests.conftest import rules_of


def raw_diff_lines(old: str, new: str, lang: str) -> list[str]:
    """The bullets of the diff as printed (typography's spaces kept)."""
    text = describe_diff(rules_of(old), rules_of(new), lang)
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


def topic(lang: str, field: str) -> str:
    return Lang(lang).marked(TOPICS[field])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_empty_point_values_line_when_the_ranks_differ(lang: str) -> None:
    """Fan Tan → Elfer raus!: no rank of the one pack is in the other, so no value changed;
    the diff said "Point values of the cards: ." with nothing after the colon."""
    lines = raw_diff_lines("fan-tan", "elfer-raus", lang)
    assert lines  # the ranks, suits … still differ
    values = [line for line in lines if line.startswith(topic(lang, "values"))]
    assert all(len(line) > len(topic(lang, "values")) + 3 for line in values), values


@pytest.mark.parametrize("lang", LANGUAGES)
def test_extra_card_optional_only_where_there_is_an_extra_card(lang: str) -> None:
    """Sevens → Parliament drops the 7♦'s extra card; "optional: none instead of yes" said
    nothing the dropped condition did not.  Back the other way, it is news, told by the sheet's
    own extra-card sentence."""
    dropped = raw_diff_lines("sevens", "parliament", lang)
    added = raw_diff_lines("parliament", "sevens", lang)
    assert not any(line.startswith(topic(lang, "follow_optional")) for line in dropped), dropped
    assert _follow_shape(Lang(lang), rules_of("sevens"))
    assert any("6♦" in line and "8♦" in line for line in added), added  # 7♦, then 6♦ or 8♦


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("new", ["parallel-builds"])  # mandatory-seven: test_sheets6_diff.py
def test_play_rule_diff_lines_have_at_most_one_colon(lang: str, new: str) -> None:
    """The play bullets say what a card does without a colon, so a diff line that puts a
    topic ("Cartes jouables :") or "you may now play" before them keeps a single colon."""
    lines = raw_diff_lines("fan-tan", new, lang)
    heads = [Lang(lang).marked(m, rule="").strip() for m in (PLAY_ADDED, PLAY_DROPPED)]
    plays = [line for line in lines if line.startswith((*heads, topic(lang, "legal")))]
    assert plays, lines
    assert all(line.count(":") <= 1 for line in plays), plays
