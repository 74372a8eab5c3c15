"""What native readers asked of the sheets that a catalog cannot give (issue 9): numbers in
words, true pass and deal sentences, house-rule intros, typography and a quieter diff."""

from __future__ import annotations

from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import describe_diff, render_rulesheet
from sevens.compiler.rulesheet.diff import FOLLOW_DROPPED, NO_LONGER, TOPICS
from sevens.compiler.rulesheet.i18n import Lang, counted
from sevens.compiler.rulesheet.shapes import PAY_SHAPES
from sevens.compiler.rulesheet.typography import keep, text_rules, typeset


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


@cache
def sheet(variant: str, lang: str = "en") -> str:
    return render_rulesheet(rules_of(variant), lang)


@pytest.mark.parametrize(
    ("lang", "n", "noun", "word"),
    [
        ("de", 1, "chip", "einen"),  # "kostet einen Chip": accusative
        ("de", 1, "card", "eine"),
        ("fr", 1, "card", "une"),
        ("fr", 1, "chip", "un"),
        ("es", 1, "chip", "una"),
        ("pt", 2, "card", "duas"),
        ("pt", 2, "pack", "dois"),
        ("sv", 1, "card", "ett"),
        ("nl", 1, "chip", "één"),
        ("en", 12, "card", "twelve"),
        ("en", 13, "card", "13"),  # large numbers stay digits
        ("ja", 3, "time", "3"),  # Japanese keeps digits
        (
            "ru",
            3,
            "time",
            "трёх",
        ),  # Russian: nouns whose sentences share a case ("не больше трёх раз")
    ],
)
def test_small_counts_are_words(lang: str, n: int, noun: str, word: str) -> None:
    count = counted(lang, n, noun)
    assert str(count) == word and count == n  # still the number, for the plural form
    assert "%(count)s" % {"count": count} == word  # noqa: UP031 -- the catalogs format so


def test_counts_in_sentences() -> None:
    assert "Each time you pass, you pay one chip into the pot." in sheet("parliament")
    assert "Jedes Passen kostet einen Chip" in sheet("parliament", "de")
    assert "On mélange deux jeux ensemble." in sheet("double-deck", "fr")
    assert "3回" in sheet("shichi-narabe", "ja")


def test_points_and_jokers_in_words() -> None:
    assert "The winner scores five points plus" in sheet("cinquillo")
    assert "Der Gewinner bekommt fünf Punkte" in sheet("cinquillo", "de")
    jokers = {
        "en": "There is now one joker in the pack.",
        "de": "Jetzt ist ein Joker im Spiel.",
        "es": "Ahora hay un comodín en la baraja.",
        "sv": "Nu ingår en joker i leken.",
    }
    for lang, line in jokers.items():
        assert line in describe_diff(
            rules_of("shichi-narabe"), rules_of("shichi-narabe-joker"), lang
        )


def test_a_stock_is_dealt_and_drawn_from() -> None:
    text = sheet("card-domino-stock")
    assert (
        "as far as they will go evenly, so that every player has the same number of cards" in text
    )
    assert "There is no stock" not in text and "Passing costs nothing" not in text
    assert "you draw the top card of the stock; if it may be played, you must play it" in text
    elfer = sheet("elfer-raus")
    assert "At least 20 cards must be left for the stock" in elfer
    assert (
        "20 cards each with 2 or 3 players, 15 cards each with 4 players, 12 cards each with 5"
        " players and 10 cards each with 6 players." in elfer
    )
    assert "but no more than three" in elfer


def test_passing_is_free_only_when_it_costs_nothing() -> None:
    for variant in ("ristiseiska", "sjuan-traditional", "card-domino-stock"):
        assert "Passing costs nothing" not in sheet(variant), variant
    assert "Passing costs nothing." in sheet("shichi-narabe")
    ristiseiska = sheet("ristiseiska")
    # a false pass is a pass all the same (the previous player's card), then the penalty
    assert (
        "If you pass although you could play, it counts as a pass all the same: the player"
        " before you gives you one card of their choice, and in addition every other player"
        " gives you one card of their choice." in ristiseiska
    )
    assert "costs" not in ristiseiska.split("## Passing")[1].split("##")[0]


def test_eliminated_players_only_where_someone_can_be_eliminated() -> None:
    for variant in ("parliament-play-on", "sjuan-traditional"):
        assert "eliminated" not in sheet(variant).split("## End of the deal")[1], variant
    assert "eliminated players rank last" in sheet("shichi-narabe")


def test_house_rule_that_plays_on_is_introduced_as_a_house_rule() -> None:
    body = sheet("parliament-play-on").split("\n\n")[1]
    assert body.startswith("This is a house rule for “Parliament”, played by")


def test_typography_keeps_addresses_and_borrowed_names() -> None:
    fr = sheet("elfer-raus", "fr")
    assert "<https://de.wikipedia.org/wiki/Elfer_raus!>" in fr and "# Elfer raus!\n" in fr
    ja = sheet("kartendomino", "ja")
    assert (
        "『Domino (card game)』（英語）：<https://en.wikipedia.org/wiki/Domino_(card_game)>" in ja
    )
    assert typeset(f"Voir {keep('Elfer raus!')} ici !", "fr", "md") == "Voir Elfer raus! ici\u202f!"


def test_minus_sign_before_negative_numbers() -> None:
    assert text_rules("en")("falls to -100 points") == "falls to \u2212100 points"
    assert text_rules("ja")("合計が-100点") == "合計が\u2212100点"
    assert text_rules("en")("seats 3-8, well-known") == "seats 3–8, well-known"


@pytest.mark.parametrize(
    ("old", "new", "present", "absent"),
    [
        (
            "parliament",
            "ristiseiska",
            [
                "Penalty for having to pass: the player before you gives you one card of their choice"
            ],
            ["Best number of players", "Cost of a voluntary pass"],
        ),
        (
            "shichi-narabe",
            "shichi-narabe-traditional",
            ["First player: the player holding the 7 of diamonds (7♦)"],
            ["holder-of-card"],
        ),
        (
            "fan-tan",
            "domino",
            [
                "- The rows no longer start from the 7: the first card played may be any card, and"
                " its rank starts every row.\n"
            ],
            ["What may be played:", "You may now also play"],
        ),
        (
            "fan-tan",
            "fan-tan-chips",
            ["Ante: one chip.", "to be agreed, for example 30"],
            ["Points: none", "Deals in a session"],
        ),
        (
            "parliament",
            "penalty-points",
            ["The game is no longer played for chips but for points."],
            ["Cost of a pass", "Playing for chips"],
        ),
        (
            "ristiseiska",
            "ristiseiska-bga",
            ["- There is no longer a penalty for having to pass (before: the player before you"],
            ["instead of you draw", "dropped"],
        ),
    ],
)
def test_diff_lines(old: str, new: str, present: list[str], absent: list[str]) -> None:
    text = describe_diff(rules_of(old), rules_of(new), "en")
    for line in present:
        assert line in text, (new, line)
    for line in absent:
        assert line not in text, (new, line)


def test_diff_player_range_in_japanese() -> None:
    text = describe_diff(rules_of("parliament"), rules_of("double-deck"), "ja")
    assert "7〜12人" in text and "3〜8人" in text


@pytest.mark.parametrize("lang", ["en", "de", "es", "fr", "ja", "nl", "pt", "ru", "sv"])
def test_a_dropped_sentence_rule_is_not_quoted(lang: str) -> None:
    """pip-scoring drops the payment to the winner, whose old wording is a whole sentence."""
    text = describe_diff(rules_of("dutch-fan-tan"), rules_of("pip-scoring"), lang)
    old = Lang(lang).marked(PAY_SHAPES["hand.count"]).rstrip(".。")
    assert old[:12] not in text  # neither the old sentence nor its capitalised opening
    assert Lang(lang).marked(NO_LONGER["pay_winner"])[:12] in text


def test_play_rule_diff_lines_have_one_colon() -> None:
    for lang in ("fr", "es"):
        text = describe_diff(rules_of("fan-tan"), rules_of("mandatory-seven"), lang)
        plays = [line for line in text.splitlines() if line.startswith("- ") and " 7 " in line]
        assert plays and all(line.count(":") <= 1 for line in plays), (lang, plays)
    en = describe_diff(rules_of("dutch-fan-tan"), rules_of("pip-scoring"), "en")
    assert "The other players no longer pay the winner anything at the end of the deal." in en


def test_no_fixed_opening_card_only_where_the_leader_is_not_chosen_by_a_starting_card() -> None:
    sentence = "There is no fixed opening card"
    assert sentence not in sheet("elfer-raus")  # the leader holds an 11, which starts a row
    assert sentence in sheet("lowest-diamond")  # the leader's diamond need not start a row
    assert sentence in sheet("fan-tan")


def test_turning_the_corner_one_way_where_rows_only_grow_upwards() -> None:
    assert "after the ace, a row goes on with the 2 again" in sheet("play-or-pay")
    assert "auf das Ass darf wieder die 2 folgen" in sheet("play-or-pay", "de")
    assert "(and past the" not in sheet("play-or-pay")
    assert "(and past the 2 round to the ace)" in sheet("turn-the-corner")  # rows grow both ways


def test_house_rule_intro_names_its_parent_in_quotes() -> None:
    """A parent whose name has "with" in it is named whole, not followed by "with a
    house rule" again."""
    de = sheet("parallel-builds", "de")
    assert "Dies ist eine Hausregel für „Parliament mit doppeltem Blatt“;" in de
    assert "Dit is een huisregel voor ‘Parliament met twee spellen kaarten’." in sheet(
        "parallel-builds", "nl"
    )
    assert "Dies ist eine Hausregel für „Parliament“;" in sheet("penalty-points", "de")


def test_colour_suits_take_each_language_s_initials() -> None:
    assert "- J jaune" in sheet("elfer-raus", "fr") and "11J" in sheet("elfer-raus", "fr")
    assert "- Z azul" in sheet("elfer-raus", "es")
    assert "- Y yellow" in sheet("elfer-raus") and "11Y" in sheet("elfer-raus")
    assert "11♦" not in sheet("elfer-raus") and "(7♦)" in sheet("parliament", "fr")  # signs stay


def test_english_lists_have_no_serial_comma() -> None:
    assert "Fan Tan, Sevens, Dominoes and Card Dominoes" in sheet("parliament")
    assert "the jack of hearts (J♥) or the jack of spades (J♠)" in sheet("kartendomino")


def test_russian_card_after_a_verb_is_accusative() -> None:
    assert "Первым ходит тот, кто выложил семёрку бубен (7♦)." in sheet(
        "shichi-narabe-traditional", "ru"
    )


@pytest.mark.parametrize("lang", ["en", "de", "fr", "ru", "ja"])
def test_a_dropped_extra_card_is_one_sentence(lang: str) -> None:
    """Sevens → Cinquillo drops the 7♦'s extra card: one "no longer" sentence, not a
    "dropped — previously: …" line for each of the follow-up's fields."""
    language = Lang(lang)
    lines = describe_diff(rules_of("sevens"), rules_of("cinquillo"), lang).splitlines()
    said = typeset(language.marked(FOLLOW_DROPPED), lang, "md")
    assert sum(said in line for line in lines) == 1, lines
    topics = [
        typeset(language.marked(TOPICS[f]), lang, "md") for f in ("follow_when", "follow_allow")
    ]
    assert not any(t in line for t in topics for line in lines), lines
    back = describe_diff(rules_of("cinquillo"), rules_of("sevens"), lang)
    assert said not in back  # adding the extra card back is told by the sheet's own sentence
