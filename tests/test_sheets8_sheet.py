"""Items of the sixth native reading (issue 9) that needed code in the sheet: Russian session
counts in their cases, the "you take cards from the player with most cards" penalty, long
example lists, the Spanish pack of 48 cards, the caption where laid-out cards are the starting
cards, and the connective before a compulsory card."""

from __future__ import annotations

import pytest

from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from tests.conftest import builtin_sheet as sheet
from tests.conftest import norm


def test_russian_session_counts_take_their_cases() -> None:
    """ "не больше пяти сдач" (genitive), "выиграет три сдачи" (accusative), not digits."""
    text = norm(sheet("best-of-five", "ru"))
    assert "В партии не больше пяти сдач." in text
    assert "как только кто-нибудь выиграет три сдачи." in text
    assert "5 сдач" not in text and "3 сдачи" not in text


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [("en", "A session has at most five deals."), ("de", "fünf"), ("fr", "cinq"), ("ja", "5")],
)
def test_other_languages_keep_their_session_counts(lang: str, wanted: str) -> None:
    assert wanted in norm(sheet("best-of-five", lang))


def test_russian_penalty_from_the_player_with_most_cards_is_taken_by_you() -> None:
    """ "вы берёте наугад две карты у соперника, у которого карт больше всех", not the passive
    "…перекладывают из руки соперника с наибольшим числом карт вам в руку"."""
    text = norm(sheet("last-card", "ru"))
    assert "вы берёте наугад две карты у соперника, у которого карт больше всех" in text
    assert "перекладывают" not in text
    assert "вы берёте наугад одну карту у соперника, у которого карт больше всех" in norm(
        sheet("sevens-overlook", "ru")
    )


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        (
            "en",
            "you take two cards at random from the hand of whichever other player holds the most cards",
        ),
        ("fr", "vous tirez au hasard deux cartes dans la main de l’adversaire qui en a le plus"),
        ("es", "robas al azar dos cartas de la mano del rival que tiene más cartas"),
    ],
)
def test_the_penalty_from_the_player_with_most_cards_has_its_own_message(
    lang: str, wanted: str
) -> None:
    assert wanted in norm(sheet("last-card", lang))


@pytest.mark.parametrize(
    ("lang", "choice", "wanted"),
    [
        ("en", "you choose which one to play.", "However, if a 7 is among the cards you may play"),
        (
            "fr",
            "vous choisissez celle que vous posez.",
            "Toutefois, si l’une des cartes que vous pouvez jouer est un 7",
        ),
        ("es", "eliges tú cuál.", "Pero si entre las cartas que puedes jugar hay un 7"),
    ],
)
def test_the_compulsory_card_restricts_the_choice_with_a_connective(
    lang: str, choice: str, wanted: str
) -> None:
    """On the sheet the compulsory card follows "you choose which one", which it restricts;
    the ``sevens diff`` bullet (the sheet's "What differs" list) stands alone, without it."""
    text = norm(sheet("badam-satti-compulsory", lang))
    assert f"{choice} {wanted}" in text
    bullets = [
        line for line in sheet("badam-satti-compulsory", lang).splitlines() if line.startswith("- ")
    ]
    plain = wanted.split(" ", 1)[1]  # without the connective
    assert [b for b in bullets if plain in b.lower()] and not [b for b in bullets if wanted in b]


def cards_section(variant: str, lang: str) -> str:
    """The paragraphs of the sheet's Cards section (the fourth heading)."""
    return norm(sheet(variant, lang).split("\n## ")[3].split("\n", 1)[1])


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("en", "A Spanish-suited pack of 48 cards."),
        ("fr", "Un jeu espagnol de 48 cartes."),
        ("es", "Una baraja española de 48 cartas."),
        ("ru", "Испанская колода из 48 карт."),
    ],
)
def test_a_spanish_pack_of_48_cards_is_named_as_one(lang: str, wanted: str) -> None:
    """Seises plays the whole 48-card Spanish pack: the Cards section names the pack, as the
    40-card Spanish sheets do, instead of "The game is played with 48 cards"."""
    assert cards_section("seises", lang).startswith(wanted)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_spanish_pack_sentence_in_every_language(lang: str) -> None:
    played_with = Lang(lang).ngettext(
        "The game is played with %(count)s card.", "The game is played with %(count)s cards.", 48
    ) % {"count": 48}
    pack = Lang(lang).ngettext(
        "A Spanish-suited pack of %(count)s card.", "A Spanish-suited pack of %(count)s cards.", 48
    ) % {"count": 48}
    section = cards_section("seises", lang)
    assert section.startswith(pack) and played_with not in section
    assert pack != "A Spanish-suited pack of 48 cards." or lang == "en"
    assert "40" in cards_section("cinquillo", lang)


@pytest.mark.parametrize("variant", ["cinquillo-fives", "shichi-narabe-tunnel"])
def test_cards_laid_out_before_the_deal_that_start_the_rows_are_one_group(variant: str) -> None:
    text = norm(sheet(variant, "en"))
    assert "(the starting cards, laid out before the deal, are marked):" in text
    assert "starting cards and the cards laid out before the deal" not in text


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("fr", "(les cartes de départ, posées avant la donne, sont signalées) :"),
        ("es", "(se señalan las cartas iniciales, que se colocan antes del reparto):"),
    ],
)
def test_the_one_group_caption_in_other_languages(lang: str, wanted: str) -> None:
    assert wanted in norm(sheet("cinquillo-fives", lang))
    assert wanted not in norm(sheet("cinquillo", lang))


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("en", "you may play any of these 18 cards: 1O, 2O,"),
        ("fr", "vous pouvez jouer n’importe laquelle de ces 18 cartes : 1D, 2D,"),
        ("ru", "Сыграть сейчас можно любую из этих 18 карт: 1O, 2O,"),
    ],
)
def test_a_long_example_list_is_announced_by_its_number(lang: str, wanted: str) -> None:
    """Cinquillo cabrón's example has 18 playable cards: announced by their number, not a
    "you may play only …" list closed by "or"."""
    text = norm(sheet("cinquillo-cabron", lang))
    assert wanted in text
    assert "12C, 5E, 5B." in text


def test_a_short_example_list_keeps_only() -> None:
    assert "you may play only 3O, 7O, 4C, 6C, 5E or 5B." in norm(sheet("cinquillo", "en"))
