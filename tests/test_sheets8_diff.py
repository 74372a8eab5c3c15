"""``sevens diff``, the last code items of the sixth native reading (issue 9): the payment to
the winner said as a change (not the sheet's "In addition" sentence), the end of the deal as
a sentence of its own, and the ranks' topic that follows the new pack's kind."""

from __future__ import annotations

import pytest

from sevens.compiler.rulesheet import diff
from sevens.compiler.rulesheet.diff import RANKS_OF_COLOURS, TOPICS
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.shapes import PAY_SHAPES
from sevens.runtime.contract import EndWhen
from tests.conftest import diff_lines as lines

#: The sheet's connective that opens the payment sentence, per language.
IN_ADDITION = {
    "en": "In addition",
    "de": "Außerdem",
    "es": "Además",
    "fr": "De plus",
    "ja": "さらに",
    "nl": "Bovendien",
    "pt": "Além disso",
    "ru": "Кроме того",
    "sv": "Dessutom",
}


def test_every_payment_shape_has_a_diff_sentence() -> None:
    assert getattr(diff, "PAY_NOW_SHAPES", {}).keys() == PAY_SHAPES.keys()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "Each other player now pays the winner one chip for each card still in their hand."),
        ("ja", "ほかの人は、手札に残ったカード1枚につきチップ1枚を勝者に払うようになります。"),
        (
            "de",
            "Jeder andere Spieler zahlt dem Gewinner jetzt einen Chip für jede Karte, die er"
            " noch auf der Hand hat.",
        ),
    ],
)
def test_the_payment_to_the_winner_reads_as_a_change(lang: str, line: str) -> None:
    assert line in lines("fan-tan", "fan-tan-chips", lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_diff_line_opens_with_in_addition(lang: str) -> None:
    found = lines("fan-tan", "fan-tan-chips", lang)
    assert not [x for x in found if x.startswith(IN_ADDITION[lang])]
    # the sheet's own sentence keeps its connective after the pot's sentence
    assert Lang(lang).marked(PAY_SHAPES["hand.count"]).startswith(IN_ADDITION[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_the_deal_is_a_sentence_both_ways(lang: str) -> None:
    topic = Lang(lang).marked(TOPICS["end"])
    on = lines("parliament", "parliament-play-on", lang)
    back = lines("parliament-play-on", "parliament", lang)
    changed = getattr(diff, "END_CHANGED", {})
    assert Lang(lang).marked(changed[EndWhen.ALL_OUT]) in on
    assert Lang(lang).marked(changed[EndWhen.FIRST_OUT]) in back
    assert not [x for x in on + back if x.startswith(topic + ":")]


def test_the_end_of_the_deal_in_english_and_german() -> None:
    assert (
        "The deal now goes on until only one player still holds cards (previously it ended when"
        " the first player went out)." in lines("parliament", "parliament-play-on")
    )
    assert (
        "Die Runde geht jetzt weiter, bis nur noch ein Spieler Karten hat (bisher endete sie, sobald"
        " der erste Spieler keine Karten mehr hatte)."
        in lines("parliament", "parliament-play-on", "de")
    )


@pytest.mark.parametrize("new", ["fan-tan", "sevens"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ranks_topic_follows_the_new_pack(new: str, lang: str) -> None:
    """From a colour pack to a suited one the ranks' topic is the suited one, and back."""
    suited = Lang(lang).marked(TOPICS["ranks"])
    coloured = Lang(lang).marked(RANKS_OF_COLOURS)
    assert [x for x in lines("elfer-raus", new, lang) if x.startswith(suited)]
    assert [x for x in lines(new, "elfer-raus", lang) if x.startswith(coloured)]
    if suited != coloured:  # es, pt: "de cada palo/naipe" against "de cada color/cor"
        assert not [x for x in lines("elfer-raus", new, lang) if x.startswith(coloured)]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("pt", "Cartas de cada naipe: do 2 ao ás, e não do 1 ao 20."),
        ("es", "Cartas de cada palo: del 2 al as; antes, del 1 al 20."),
        ("en", "Ranks: 2 to ace instead of 1 to 20."),
    ],
)
def test_the_ranks_line_towards_a_suited_pack(lang: str, line: str) -> None:
    assert line in lines("elfer-raus", "fan-tan", lang)
