"""``sevens diff`` between packs of different kinds (Sevens → Cinquillo): the ranks each suit
now has, counted, with the short run of court cards named one by one ("jack, knight and king",
not "jack to king", which hid the knight) — issue 9."""

from __future__ import annotations

import re

import pytest

from sevens.compiler.rulesheet.cards import rank_name
from sevens.compiler.rulesheet.diff import TOPICS
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from tests.conftest import diff_lines as lines
from tests.conftest import rules_of


def test_the_english_line() -> None:
    assert (
        "The ranks are now ace to 7, jack, knight and king (ten cards in each suit) instead of ace to king."
        in lines("sevens", "cinquillo")
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_court_card_is_named_and_no_topic_line_is_left(lang: str) -> None:
    deck = rules_of("cinquillo").spec.deck
    courts = [rank_name(Lang(lang), deck, i) for i in range(len(deck.ranks) - 3, len(deck.ranks))]
    found = [x for x in lines("sevens", "cinquillo", lang) if all(c in x for c in courts)]
    assert len(found) == 1, (lang, courts)
    topic = Lang(lang).marked(TOPICS["ranks"])
    assert not [
        x for x in lines("sevens", "cinquillo", lang) if re.match(re.escape(topic) + r"\s*[:：]", x)
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_packs_and_rows_are_sentences_not_bare_numbers(lang: str) -> None:
    """Double-deck Parliament: "Number of packs: 2 instead of 1." and "Rows per suit: 2
    instead of 1." became sentences with the pack's size; back to one pack likewise."""
    there = lines("parliament", "double-deck", lang)
    back = lines("double-deck", "parliament", lang)
    for topic in (TOPICS["copies"], TOPICS["rows"]):
        said = Lang(lang).marked(topic)
        assert not [x for x in there + back if x.startswith(said)], (lang, said)
    assert [x for x in there if "104" in x] and [x for x in back if "52" in x]
    assert len(there) == len(back) == 3


def test_the_english_pack_and_row_lines() -> None:
    assert lines("parliament", "double-deck") == [
        "The game is now played with two packs shuffled together, 104 cards in all.",
        "Number of players: 7–12 instead of 3–8.",
        "Each suit is now built up in two rows on the table.",
    ]
    assert "The game is now played with a single pack of 52 cards." in lines(
        "double-deck", "parliament"
    )
    assert "Each suit is now built up in a single row on the table." in lines(
        "double-deck", "parliament"
    )
