"""``sevens diff`` between packs of different kinds (Sevens → Cinquillo): the ranks each suit
now has, counted, with the short run of court cards named one by one ("jack, knight and king",
not "jack to king", which hid the knight) — issue 9."""

from __future__ import annotations

import re

import pytest

from sevens.compiler.rulesheet.cards import rank_name
from sevens.compiler.rulesheet.diff import TOPICS
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from tests.test_sheets4_diff import lines
from tests.test_sheets6 import rules_of


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
    assert not [x for x in lines("sevens", "cinquillo", lang) if re.match(re.escape(topic) + r"\s*[:：]", x)]
