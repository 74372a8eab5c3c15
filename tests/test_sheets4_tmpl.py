"""Rule-sheet structure that native readers asked for (issue 9, last structural items): one
way to play said in one sentence, not as a one-item list; the gap rule as a paragraph of its
own; a turn of several cards said once; the mandatory 7 as a sentence after the list; 「色」
for the suits of a four-colour pack."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import render_rulesheet
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.shapes import (
    FREE_FOLLOW,
    GAPS,
    follow_sentence,
    free_follow_sentence,
)
from sevens.compiler.rulesheet.sheet import colour_suits
from sevens.compiler.rulesheet.typography import text_rules

SHEETS = Path(__file__).resolve().parent.parent / "docs" / "rulesheets"
OLD_INTRO = "On your turn you play one card from your hand to the table. You may play:"


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str = "en") -> str:
    return render_rulesheet(rules_of(variant), lang)


def play_section(text: str, lang: str) -> str:
    """The "What may be played" section of a Markdown sheet, without its heading."""
    heading = f"\n## {Lang(lang).gettext('What may be played')}\n"
    assert heading in text
    return text.split(heading, 1)[1].split("\n## ", 1)[0]


def norm(text: str) -> str:
    """Spaces as plain spaces (French sheets set no-break spaces before ':' and ';')."""
    return " ".join(text.split())


def paragraphs(text: str) -> list[str]:
    return [norm(p) for p in text.split("\n\n") if p.strip()]


def bullets(section: str) -> list[str]:
    return [line for line in section.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize("lang", ["en", "de", "ja", "ru", "fr"])
@pytest.mark.parametrize(
    "variant",
    ["shichi-narabe", "shichi-narabe-joker", "shichi-narabe-traditional", "shichi-narabe-tunnel"],
)
def test_one_way_to_play_is_one_sentence_not_a_list(variant: str, lang: str) -> None:
    section = play_section(sheet(variant, lang), lang)
    assert bullets(section) == []
    first = paragraphs(section)[0]
    assert Lang(lang).gettext(OLD_INTRO) not in first


def test_one_way_to_play_reads_as_one_sentence_in_each_language() -> None:
    expected = {
        "en": "On your turn you play one card from your hand to the table: the card of the same "
        "suit next above or below either end of a row already started, laid at that end.",
        "de": "Wenn du dran bist, legst du eine Karte aus deiner Hand auf den Tisch, und zwar die "
        "nächsthöhere oder nächstniedrigere Karte einer Farbe,",
        "ja": "自分の番には、手札から1枚を場に出します。出せるのは、すでに列のあるマークで、",
        "sv": "När det är din tur lägger du ett kort från handen på bordet: nästa kort uppåt",
    }
    for lang, start in expected.items():
        first = paragraphs(play_section(sheet("shichi-narabe", lang), lang))[0]
        assert first.startswith(start), (lang, first)


def test_no_sheet_has_a_one_item_play_list() -> None:
    """Every committed sheet in every language: a play list has two items or more, or none."""
    checked = 0
    for lang in LANGUAGES:
        for path in sorted(SHEETS.glob(f"*.{lang}.md")):
            count = len(bullets(play_section(path.read_text(encoding="utf-8"), lang)))
            assert count != 1, path.name
            checked += 1
    assert checked == 9 * len(list(BUILTIN_DIR.glob("*.yaml")))


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "nl"])
def test_the_gap_rule_is_a_paragraph_of_its_own(lang: str) -> None:
    gaps = norm(Lang(lang).marked(GAPS))
    found = [p for p in paragraphs(play_section(sheet("shichi-narabe", lang), lang)) if gaps in p]
    assert found == [gaps]


@pytest.mark.parametrize("lang", ["en", "de", "sv", "ja", "pt"])
@pytest.mark.parametrize("variant", ["kartendomino", "elfer-raus"])
def test_a_turn_of_several_cards_is_said_once(variant: str, lang: str) -> None:
    tr = Lang(lang)
    section = play_section(sheet(variant, lang), lang)
    assert tr.marked(FREE_FOLLOW["chain"]) not in section  # the later "as many as you like"
    assert tr.gettext(OLD_INTRO) not in section  # "you play one card", contradicted later
    intro = paragraphs(section)[0]
    assert intro == tr.gettext(
        "On your turn you play a card from your hand to the table, and you may then go on "
        "playing more cards, one after another, as long as each of them may be played. "
        "You may play:"
    )
    assert len(bullets(section)) == 2


def test_the_english_chain_intro() -> None:
    intro = paragraphs(play_section(sheet("kartendomino"), "en"))[0]
    assert intro.startswith(
        "On your turn you play a card from your hand to the table, and you may then go on "
        "playing, one card after another"
    )
    # a follow-up of another shape keeps its own sentence after the example
    assert "Whoever plays an ace or a king may immediately play one more card." in sheet(
        "sjuan-traditional"
    )


@pytest.mark.parametrize(
    ("lang", "held"),
    [
        ("en", "If you hold a 7, you must play a 7 before any other card."),
        (
            "es",
            "Pero si tienes un 7 en la mano, tienes que jugar un 7 antes que cualquier otra carta.",
        ),
        ("ru", "Если у вас на руках есть семёрка, вы должны сначала сыграть семёрку"),
        ("de", "Wenn du eine 7 auf der Hand hast, musst du vor jeder anderen Karte eine 7 legen."),
    ],
)
def test_mandatory_seven_is_a_sentence_after_the_list(lang: str, held: str) -> None:
    section = play_section(sheet("mandatory-seven", lang), lang)
    items = bullets(section)
    assert len(items) == 2
    assert not any(held[:20] in item for item in items)
    after = section.split(items[-1], 1)[1]
    assert held in norm(after)
    if lang == "en":  # `sevens diff` and the "what differs" list keep it with the play rule
        differs = sheet("mandatory-seven").split("\n## ", 2)[1]
        assert "You must now play a 7 before any other card whenever you hold one." in differs


def test_a_colour_pack_has_colours_in_japanese() -> None:
    assert colour_suits(rules_of("elfer-raus").spec.deck)
    assert not colour_suits(rules_of("fan-tan").spec.deck)
    assert not colour_suits(rules_of("cinquillo").spec.deck)
    ja = sheet("elfer-raus", "ja")
    assert "マーク" not in ja
    assert "色（色の間に強弱はありません）：" in ja
    assert "各色のカードは、弱い順に次の20種類です：" in ja
    assert "マーク（マークの間に強弱はありません）：" in sheet("fan-tan", "ja")
    html = render_rulesheet(rules_of("elfer-raus"), "ja", "html")
    assert "マーク" not in html
    assert re.search(r"<p>色（色の間に強弱はありません）：</p>", html)
    # where the suit word already means a colour (Farbe), the suit word stays; where the
    # colour word differs in gender (масть → цвет), sentences of their own say it (sheets6)
    assert "Each colour has 20 ranks" in sheet(
        "elfer-raus"
    )  # English says colour (final en reading)
    assert "Farbe" in sheet("elfer-raus", "de")
    assert "цвет" in sheet("elfer-raus", "ru")


@pytest.mark.parametrize("lang", ["en", "de", "ja", "es"])
@pytest.mark.parametrize("variant", ["sevens", "play-or-pay", "sjuan-traditional"])
def test_the_worked_example_closes_the_rules_of_play(variant: str, lang: str) -> None:
    """An extra card's rule is a rule of play: it comes before the example, not after it."""
    rules = rules_of(variant)
    follow, deck = rules.spec.follow_up, rules.spec.deck
    assert follow is not None and rules.follow_when and rules.follow_allow
    said = free_follow_sentence(
        Lang(lang),
        deck,
        rules.follow_when.tree,
        rules.follow_allow.tree,
        follow.optional,
        follow.max,
    ) or follow_sentence(
        Lang(lang), deck, rules.follow_when.tree, rules.follow_allow.tree, follow.optional
    )
    assert said is not None
    said = norm(text_rules(lang)(said))  # typeset as the sheet is
    found = paragraphs(play_section(sheet(variant, lang), lang))
    assert said in found
    assert found.index(said) == len(found) - 2  # the example is the last paragraph


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "sv"])
def test_the_last_card_penalty_says_who_keeps_a_last_card(lang: str) -> None:
    """With no cards given for passing, the "never gives away their last card" rule belongs
    to the last-card penalty, not to the Passing section."""
    text = sheet("last-card", lang)
    keeps = norm(
        Lang(lang).gettext(
            "Whoever has to give cards never gives away their last card; if they have too few, "
            "fewer cards change hands."
        )
    )
    last = paragraphs(play_section(text, lang))[-1]  # the last-card penalty
    assert keeps in last
    passing = text.split(f"\n## {Lang(lang).gettext('Passing')}\n", 1)[1].split("\n## ", 1)[0]
    assert keeps not in norm(passing)
