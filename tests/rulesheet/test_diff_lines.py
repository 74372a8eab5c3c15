"""The shape of ``sevens diff``'s lines in every language: no topic without a value, no
optional extra card without one, at most one colon in a play line.

These hold for every language, so they are checked line by line rather than as phrases
(the phrases are in ``test_diff_phrases.py``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sevens.compiler.rulesheet import describe_diff
from sevens.compiler.rulesheet.cards import rank_name
from sevens.compiler.rulesheet.diff import (
    CHANGED,
    DRAW_ALL_FIRST,
    END_CHANGED,
    FROM_NONE,
    NO,
    PAY_NOW_SHAPES,
    PLAY_ADDED,
    PLAY_DROPPED,
    PLAY_IN_PAIRS,
    RANKS_OF_COLOURS,
    SCORES_FOLLOW,
    TEAMS_DROPPED,
    TOPICS,
    YES,
    _follow_shape,
)
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.shapes import PAY_SHAPES
from sevens.compiler.rulesheet.typography import typeset
from sevens.runtime.contract import EndWhen
from tests.conftest import diff_lines, diff_pairs, rules_of


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
@pytest.mark.parametrize(
    "new", ["parallel-builds"]
)  # mandatory-seven: test_only_the_compulsory_seven_is_new
def test_play_rule_diff_lines_have_at_most_one_colon(lang: str, new: str) -> None:
    """The play bullets say what a card does without a colon, so a diff line that puts a
    topic ("Cartes jouables :") or "you may now play" before them keeps a single colon."""
    lines = raw_diff_lines("fan-tan", new, lang)
    heads = [Lang(lang).marked(m, rule="").strip() for m in (PLAY_ADDED, PLAY_DROPPED)]
    plays = [line for line in lines if line.startswith((*heads, topic(lang, "legal")))]
    assert plays, lines
    assert all(line.count(":") <= 1 for line in plays), plays


# -- no yes/no values, no empty values, no formula lines -----------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_yes_no_values_in_any_language(lang: str) -> None:
    """A yes/no setting is said as what changed ("Rows may now turn the corner"), never
    "Topic: yes instead of no"."""
    words = Lang(lang)
    yes, no = words.marked(YES), words.marked(NO)
    for old, new in [
        ("parliament", "turn-the-corner"),
        ("parliament", "voluntary-pass"),
        ("parliament", "ristiseiska"),
        ("ristiseiska", "parliament"),
    ]:
        text = describe_diff(rules_of(old), rules_of(new), lang)
        assert f": {yes} " not in text and f": {no} " not in text, (old, new, text)
        assert f"：{yes}" not in text and f"：{no}" not in text, (old, new, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_diff_never_prints_an_empty_value_list(lang: str) -> None:
    """fan-tan → elfer-raus changes every rank, so no rank in common changed its point
    value; the diff leaves the values line out instead of printing 'Card values: .', and
    prints no "1 = 1, 2 = 2, …" noise either."""
    text = describe_diff(rules_of("fan-tan"), rules_of("elfer-raus"), lang)
    assert ": ." not in text and ":\u00a0." not in text and "：。" not in text
    assert not re.search(r"[:：]\s*[.。]\s*$", text, re.MULTILINE), text
    assert "20 = 20" not in text


def _frame(text: str, lang: str) -> re.Pattern[str]:
    """A pattern for a filled frame, typeset as the diff prints it, whose placeholders
    ``ANY`` match anything."""
    plain = typeset(text, lang, "md").replace("\u00a0", " ").replace("\u202f", " ")
    return re.compile(re.escape(plain).replace("ANY", ".*"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_formula_lines_in_any_pair(lang: str) -> None:
    """Every rulespec against its parent and the cross pairs: no "dropped — previously",
    no "instead of none" / "previously none", and no sentence line (one not led by a topic)
    with two colons."""
    language = Lang(lang)
    none = language.pgettext("value", "none")
    topics = tuple(language.marked(t) for t in TOPICS.values())
    with_none = [
        _frame(language.marked(CHANGED, topic="ANY", new="ANY", old=none), lang),
        _frame(language.marked(CHANGED, topic="ANY", new=none, old="ANY"), lang),
        _frame(language.marked(FROM_NONE, topic="ANY", new="ANY", old=none), lang),
    ]
    for old, new in diff_pairs():
        for line in diff_lines(old, new, lang):
            assert "dropped" not in line and "previously:" not in line, (old, new, line)
            if line.startswith(topics):  # "topic: X instead of none", "…; previously none"
                assert not any(p.fullmatch(line) for p in with_none), (old, new, line)
            else:
                assert line.count(":") + line.count("：") <= 1, (old, new, line)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_topic_line_ends_in_a_bare_number(lang: str) -> None:
    """No "Topic: 3." nor "Topic: 3 instead of 4–6." for the draw limit or best player count
    (every pair the readers read)."""
    for old, new in diff_pairs():
        for line in diff_lines(old, new, lang):
            assert not re.search(r"[:：]\s*\d+[.。]$", line), (old, new, line)
    said = [Lang(lang).marked(t) for t in (TOPICS["draw"], TOPICS["best"])]
    for old, new in [("fan-tan", "elfer-raus"), ("fan-tan", "devyatka")]:
        found = diff_lines(old, new, lang)
        assert not [x for x in found for t in said if re.match(re.escape(t) + r"\s*[:：]", x)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_frame_names_a_base_game_or_doubles_its_colon(lang: str) -> None:
    """Devyatka is not Domino's parent: no "in the base game" frame with a second colon."""
    said = diff_lines("devyatka", "domino", lang) + diff_lines("cinquillo", "seises", lang)
    assert not [x for x in said if x.count(":") + x.count("：") > 1 and "→" not in x], said


# -- a change said in one sentence, not as topic lines --------------------------------------


def _led_by(lines: list[str], lang: str, *fields: str) -> list[str]:
    """The lines that begin with the topic of one of ``fields``."""
    topics = tuple(Lang(lang).marked(TOPICS[field]) for field in fields)
    return [line for line in lines if line.startswith(topics)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_deal_is_one_sentence(lang: str) -> None:
    """Fan Tan → Elfer raus: not "equal hands, at least 20 cards left as a stock instead of
    all cards, no stock" under the deal's topic (the sentence: test_diff_phrases.py)."""
    said = diff_lines("fan-tan", "elfer-raus", lang)
    assert said and not _led_by(said, lang, "deal"), said


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("sevens", "cinquillo"),
        ("cinquillo", "sevens"),
        ("parliament", "best-of-five"),
        ("badam-satti", "ristiseiska"),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_session_end_has_no_topic_lines(old: str, new: str, lang: str) -> None:
    said = diff_lines(old, new, lang)
    assert said and not _led_by(said, lang, "deals", "target_points", "target_deals"), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_domino_has_no_play_lines(lang: str) -> None:
    """The starting rank becoming the first card's rank is one change, not a starting-rank
    line and three play lines."""
    language = Lang(lang)
    heads = [language.marked(m, rule="").strip() for m in (PLAY_ADDED, PLAY_DROPPED)]
    heads += [language.marked(TOPICS[f]) for f in ("legal", "start")]
    said = diff_lines("devyatka", "domino", lang)
    assert said and not [x for x in said if x.startswith(tuple(heads))], said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_only_the_compulsory_seven_is_new(lang: str) -> None:
    """The build rule of Mandatory 7 is Fan Tan's: no line under the play topic."""
    said = diff_lines("parliament", "mandatory-seven", lang)
    topic = Lang(lang).marked(("topic", "What may be played"))
    assert said and not [x for x in said if x.startswith(topic)], said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compulsory_seven_dropped_is_one_sentence(lang: str) -> None:
    said = diff_lines("mandatory-seven", "fan-tan", lang)
    english = "You no longer have to play a 7 before any other card when you hold one."
    assert len(said) == 1, said
    assert (said[0] == english) == (lang == "en"), said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_chips_line_comes_before_ante_and_pass_cost(lang: str) -> None:
    for old, new in [("devyatka", "devyatka-traditional"), ("fan-tan", "fan-tan-chips")]:
        en = diff_lines(old, new)
        chips = en.index("The game is now played for chips.")
        ante = next(i for i, line in enumerate(en) if line.startswith("Ante:"))
        cost = next(i for i, line in enumerate(en) if line.startswith("Cost of a pass:"))
        assert chips < ante < cost
        assert len(diff_lines(old, new, lang)) == len(en)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ace_line_for_a_pack_without_an_ace(lang: str) -> None:
    assert not any(line.startswith("Ace: ") for line in diff_lines("sevens", "elfer-raus"))
    assert len(diff_lines("sevens", "elfer-raus", lang)) == len(diff_lines("sevens", "elfer-raus"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_session_winner_is_a_sentence(lang: str) -> None:
    for old, new in [("fan-tan", "fan-tan-chips"), ("parliament", "best-of-five")]:
        said = diff_lines(old, new, lang)
        assert said and not _led_by(said, lang, "session_winner"), (old, new, said)


# -- ranks, packs and colours ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "lang"),
    [
        ("cinquillo", "seises", "en"),
        ("cinquillo", "seises", "de"),
        ("cinquillo", "seises", "nl"),
        ("cinquillo", "seises", "ru"),
        ("seises", "cinquillo", "fr"),
    ],
)
def test_ranks_added_or_removed_are_not_a_list_against_a_list(
    old: str, new: str, lang: str
) -> None:
    said = diff_lines(old, new, lang)
    topic = Lang(lang).marked(("topic", "Ranks"))
    assert said and not [x for x in said if x.startswith(topic)], said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_court_card_is_named_and_no_topic_line_is_left(lang: str) -> None:
    """Sevens → Cinquillo: the short run of court cards named one by one ("jack, knight and
    king", not "jack to king", which hid the knight)."""
    deck = rules_of("cinquillo").spec.deck
    courts = [rank_name(Lang(lang), deck, i) for i in range(len(deck.ranks) - 3, len(deck.ranks))]
    found = [x for x in diff_lines("sevens", "cinquillo", lang) if all(c in x for c in courts)]
    assert len(found) == 1, (lang, courts)
    topic = Lang(lang).marked(TOPICS["ranks"])
    assert not [
        x
        for x in diff_lines("sevens", "cinquillo", lang)
        if re.match(re.escape(topic) + r"\s*[:：]", x)
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_packs_and_rows_are_sentences_not_bare_numbers(lang: str) -> None:
    """Double-deck Parliament: "Number of packs: 2 instead of 1." and "Rows per suit: 2
    instead of 1." became sentences with the pack's size; back to one pack likewise."""
    there = diff_lines("parliament", "double-deck", lang)
    back = diff_lines("double-deck", "parliament", lang)
    for field in ("copies", "rows"):
        said = Lang(lang).marked(TOPICS[field])
        assert not [x for x in there + back if x.startswith(said)], (lang, said)
    assert [x for x in there if "104" in x] and [x for x in back if "52" in x]
    assert len(there) == len(back) == 3


def test_the_english_pack_and_row_lines() -> None:
    assert diff_lines("parliament", "double-deck") == [
        "The game is now played with two packs shuffled together, 104 cards in all.",
        "Number of players: 7–12 instead of 3–8.",
        "Each suit is now built up in two rows on the table.",
    ]
    back = diff_lines("double-deck", "parliament")
    assert "The game is now played with a single pack of 52 cards." in back
    assert "Each suit is now built up in a single row on the table." in back


#: The suit words a player of a colour pack would not use for its colours, per language.
SUIT_WORDS = {"en": "suit", "es": "palo", "pt": "naipe", "ru": "маст", "ja": "マーク"}
#: How the line of the colour pack begins, per language.
COLOUR_PACK = {
    "en": "The pack now has four colours (red, yellow, green and blue) instead of the four suits",
    "es": "La baraja tiene ahora cuatro colores (rojo, amarillo, verde y azul) en lugar de",
    "pt": "O baralho tem agora quatro cores",
    "ru": "Вместо четырёх мастей",
    "ja": "マーク（クラブ、ダイヤ、ハート、スペード）の代わりに、赤、黄、緑、青の4色を使います。",
}
#: Elfer raus!'s leader, named by the colour listed first.
COLOUR_LEADER = {
    "en": "of the colour listed first",
    "es": "del primer color",
    "pt": "da primeira cor",
    "ru": "первого по списку цвета",
    "ja": "最初の色の11",
}


@pytest.mark.parametrize("old", ["fan-tan", "sevens"])
@pytest.mark.parametrize("lang", sorted(SUIT_WORDS))
def test_a_colour_pack_is_said_in_colours(old: str, lang: str) -> None:
    """The suits line names colours against suits; no other line calls the colours suits."""
    found = diff_lines(old, "elfer-raus", lang)
    [pack] = [x for x in found if SUIT_WORDS[lang] in x.lower()]
    assert pack.startswith(COLOUR_PACK[lang])
    assert [x for x in found if COLOUR_LEADER[lang] in x]
    # a pack of suits keeps its suit words
    assert any(SUIT_WORDS[lang] in x.lower() for x in diff_lines(old, "cinquillo", lang))


@pytest.mark.parametrize("new", ["fan-tan", "sevens"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_ranks_topic_follows_the_new_pack(new: str, lang: str) -> None:
    """From a colour pack to a suited one the ranks' topic is the suited one, and back."""
    suited = Lang(lang).marked(TOPICS["ranks"])
    coloured = Lang(lang).marked(RANKS_OF_COLOURS)
    assert [x for x in diff_lines("elfer-raus", new, lang) if x.startswith(suited)]
    assert [x for x in diff_lines(new, "elfer-raus", lang) if x.startswith(coloured)]
    if suited != coloured:  # es, pt: "de cada palo/naipe" against "de cada color/cor"
        assert not [x for x in diff_lines("elfer-raus", new, lang) if x.startswith(coloured)]


# -- jokers, payments and the end of the deal -----------------------------------------------

#: The joker rules of Shichi Narabe with a joker, a sentence each, as the sheet says them.
JOKERS = {
    "en": [
        "There is now one joker in the pack.",
        "On your turn you may put a joker, instead of a card, into any place where a card may"
        " be played now. The joker stands for that card: the row goes on from it as if the card"
        " lay there.",
        "Whoever holds the card the joker stands for must immediately play it in the joker's"
        " place and take the joker into their hand.",
        "You may not go out on a joker: it can never be your last card.",
        "Whoever still holds a joker when the deal ends ranks below every player who holds none.",
    ],
    "de": [
        "Jetzt ist ein Joker im Spiel.",
        "Statt einer Karte darfst du in deinem Zug einen Joker an jede Stelle legen, an die"
        " gerade eine Karte passt. Der Joker steht für diese Karte: Die Reihe geht an ihm"
        " weiter, als läge die Karte dort.",
        "Wer die Karte hat, für die der Joker steht, muss sie sofort an die Stelle des Jokers"
        " legen und nimmt den Joker auf die Hand.",
        "Mit einem Joker darfst du nicht ausgehen: Er darf nie deine letzte Karte sein.",
        "Wer am Ende der Runde noch einen Joker hat, landet hinter allen, die keinen haben.",
    ],
}


@pytest.mark.parametrize("lang", sorted(JOKERS))
def test_each_joker_rule_is_a_sentence_of_the_sheet(lang: str) -> None:
    assert diff_lines("shichi-narabe", "shichi-narabe-joker", lang) == JOKERS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_joker_lines_are_translated_and_refer_to_a_joker(lang: str) -> None:
    """Every language says the joker rules in its own words, each line a whole sentence
    (the count, then one per rule; no "its last holder" with nothing to refer to, no
    "Jokers:" heading per line)."""
    said = diff_lines("shichi-narabe", "shichi-narabe-joker", lang)
    english = diff_lines("shichi-narabe", "shichi-narabe-joker")
    assert len(said) == 5, said
    if lang != "en":
        assert not set(said) & set(english), said
    assert all(x.endswith((".", "。", "）。")) for x in said), said
    topic = Lang(lang).marked(TOPICS["jokers"])
    assert not [x for x in said if x.startswith((topic + ":", topic + " :", topic + "："))], said
    assert "its last holder" not in " ".join(english)


def test_japanese_joker_lines_are_polite() -> None:
    said = diff_lines("shichi-narabe", "shichi-narabe-joker", "ja")
    assert said[0] == "ジョーカーを1枚加えて遊ぶようになります。" and len(said) > 2
    parts = [p for x in said for p in x.replace("）", "").rstrip("。").split("。")]
    assert all(p.endswith(("ます", "ません", "です")) for p in parts), said


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
    assert PAY_NOW_SHAPES.keys() == PAY_SHAPES.keys()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_diff_line_opens_with_in_addition(lang: str) -> None:
    """The payment to the winner is said as a change, not as the sheet's "In addition"."""
    found = diff_lines("fan-tan", "fan-tan-chips", lang)
    assert found and not [x for x in found if x.startswith(IN_ADDITION[lang])]
    # the sheet's own sentence keeps its connective after the pot's sentence
    assert Lang(lang).marked(PAY_SHAPES["hand.count"]).startswith(IN_ADDITION[lang])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_the_deal_is_a_sentence_both_ways(lang: str) -> None:
    on = diff_lines("parliament", "parliament-play-on", lang)
    back = diff_lines("parliament-play-on", "parliament", lang)
    assert Lang(lang).marked(END_CHANGED[EndWhen.ALL_OUT]) in on
    assert Lang(lang).marked(END_CHANGED[EndWhen.FIRST_OUT]) in back
    topic = Lang(lang).marked(TOPICS["end"])
    assert not [x for x in on + back if x.startswith(topic + ":")]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_draws_that_grow_are_sentences_not_a_topic_and_value(lang: str) -> None:
    """escalating-draws against fan-tan: the growing draw is said as what a player now does,
    with the count in words where the language spells it, and that all are drawn first;
    never "Most cards drawn …: 1, and 1 more …"."""
    found = diff_lines("fan-tan", "escalating-draws", lang)
    draw_topic = re.escape(topic(lang, "draw")) + r"\s*[:：]"
    assert not [line for line in found if re.match(draw_topic, line)], found
    language = Lang(lang)
    all_first = language.marked(DRAW_ALL_FIRST)
    assert all_first in found, (all_first, found)
    grows = language.ngettext(
        "A player who cannot play now draws %(first)s card from the stock, and %(step)s more"
        " for each player just before them who could not play either.",
        "A player who cannot play now draws %(first)s cards from the stock, and %(step)s more"
        " for each player just before them who could not play either.",
        1,
    )
    one = language.count(1, "card", "acc")
    said = grows % {"first": one, "step": one}
    assert [line for line in found if line == said], (said, found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_pass_limit_with_elimination_is_one_sentence(lang: str, tmp_path: Path) -> None:
    """A house rule adding a pass limit and elimination beyond it: one sentence that says
    both, not "Most passes per deal: 3." and "After the last allowed pass: …" (labels a blind
    reader found read like a form)."""
    house = tmp_path / "limited.yaml"
    house.write_text(
        "id: limited\nextends: fan-tan\npassing:\n  limit: 3\n  over_limit: eliminate\n",
        encoding="utf-8",
    )
    found = diff_lines("fan-tan", str(house), lang)
    labels = [re.escape(topic(lang, key)) + r"\s*[:：]" for key in ("limit", "over_limit")]
    assert not [line for line in found for label in labels if re.match(label, line)], found
    language = Lang(lang)
    said = language.ngettext(
        "Each player may now pass at most %(count)s time in a deal; a player who has used up"
        " their passes and cannot play is eliminated.",
        "Each player may now pass at most %(count)s times in a deal; a player who has used up"
        " their passes and cannot play is eliminated.",
        3,
    ) % {"count": language.count(3, "time")}
    assert said.replace("\u00a0", " ").replace("\u202f", " ") in found, (said, found)


# -- partnerships and scores that follow from other rules ------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_teams_added_or_dropped_are_sentences(lang: str) -> None:
    """ "Teams: pairs, partners opposite each other." read as a clipped label."""
    added = diff_lines("cinquillo", "cinquillo-parejas", lang)
    dropped = diff_lines("cinquillo-parejas", "cinquillo", lang)
    assert not _led_by(added + dropped, lang, "teams"), (added, dropped)
    assert marked(lang, PLAY_IN_PAIRS) in added
    assert marked(lang, TEAMS_DROPPED) in dropped


def marked(lang: str, message: tuple[str, str]) -> str:
    """A diff ``message`` (with its context) as :func:`diff_lines` gives it: translated,
    typeset, and with no-break spaces as plain ones."""
    text = typeset(Lang(lang).marked(message), lang, "md")
    return text.replace("\u00a0", " ").replace("\u202f", " ")


SCORES_BY_PLACE_TO_FIRST_OUT = "id: quick\nextends: parliament-play-on\nend: {when: first-out}\n"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_scoring_rule_that_gives_other_scores_is_pointed_out(lang: str, tmp_path: Path) -> None:
    """Parliament played out for places scores by place; ending at the first player out
    leaves the others without a place (nobody can be eliminated), so the same rule now gives
    them other scores.  "What differs" says that the scores change and where to read them;
    where the scores stay the same, nothing is said."""
    line = marked(lang, SCORES_FOLLOW)
    house_rule = tmp_path / "quick.yaml"
    house_rule.write_text(SCORES_BY_PLACE_TO_FIRST_OUT, encoding="utf-8")
    assert line in diff_lines("parliament-play-on", str(house_rule), lang)
    assert line not in diff_lines("shichi-narabe", "shichi-narabe-traditional", lang)
    assert line not in diff_lines("fan-tan", "fan-tan-chips", lang)
