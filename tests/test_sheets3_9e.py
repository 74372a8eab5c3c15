"""Readable ``sevens diff`` lines (issue 9, item 5): yes/no settings said as what changed,
ranks as a range, the session cap as a cap, and no line for an ace that cannot move."""

from __future__ import annotations

from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.rulesheet import describe_diff
from sevens.compiler.rulesheet.i18n import LANGUAGES


@cache
def _rules(variant: str) -> AnalysedRules:
    from sevens.compiler.pipeline import load_rulespec

    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


def diff(old: str, new: str, lang: str = "en") -> str:
    return describe_diff(_rules(old), _rules(new), lang)


@pytest.mark.parametrize(
    ("old", "new", "line"),
    [
        (
            "parliament",
            "turn-the-corner",
            "- Rows may now turn the corner: a row may go on past"
            " its highest card to its lowest and the other way round (… Q, K, A, 2, 3 …).\n",
        ),
        ("turn-the-corner", "parliament", "- Rows no longer turn the corner.\n"),
        ("parliament", "voluntary-pass", "- You may now pass even when you could play.\n"),
        ("voluntary-pass", "parliament", "- You may no longer pass when you could play.\n"),
        ("parliament", "ristiseiska", "- The game is no longer played for chips but for points.\n"),
        ("ristiseiska", "parliament", "- The game is now played for chips.\n"),
    ],
)
def test_yes_no_settings_are_sentences(old: str, new: str, line: str) -> None:
    text = diff(old, new)
    assert line in text
    assert "yes instead of" not in text and "no instead of" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_yes_no_values_in_any_language(lang: str) -> None:
    from sevens.compiler.rulesheet.diff import NO, YES
    from sevens.compiler.rulesheet.i18n import Lang

    words = Lang(lang)
    yes, no = words.marked(YES), words.marked(NO)
    for old, new in [
        ("parliament", "turn-the-corner"),
        ("parliament", "voluntary-pass"),
        ("parliament", "ristiseiska"),
        ("ristiseiska", "parliament"),
    ]:
        text = diff(old, new, lang)
        assert f": {yes} " not in text and f": {no} " not in text, (old, new, text)
        assert f"：{yes}" not in text and f"：{no}" not in text, (old, new, text)


def test_ranks_in_a_run_are_a_range() -> None:
    assert "- Ranks: 6 to ace instead of 2 to ace.\n" in diff("fan-tan", "devyatka")
    assert "- Ranks: 1 to 20 instead of 2 to ace.\n" in diff("fan-tan", "elfer-raus")
    assert "от шестёрки до туза" in diff("fan-tan", "devyatka", "ru")
    assert "du 6 à l’as" in diff("fan-tan", "devyatka", "fr")


def test_ranks_with_a_gap_are_runs_around_the_gap() -> None:
    text = diff("sevens", "cinquillo")
    assert (
        "- The ranks are now ace to 7, jack, knight and king (ten cards in each suit) instead of"
        " ace to king.\n" in text
    )


def test_session_cap_is_said_as_a_cap() -> None:
    text = diff("sevens", "cinquillo")
    assert "Deals in a session: 50" not in text
    assert "but after 50 deals at the latest (before: after one deal per player)." in text
    assert "(before: as soon as a player's total reaches 30 points" in diff("cinquillo", "sevens")
    assert "Deals in a session: 50" not in diff("parliament", "ristiseiska")


def test_no_line_for_an_ace_that_has_no_position() -> None:
    assert "Ace: " not in diff("sevens", "cinquillo")
    assert "Ace: " not in diff("cinquillo", "sevens")
    assert "Ace: high instead of low." in diff("dutch-fan-tan", "parliament")
