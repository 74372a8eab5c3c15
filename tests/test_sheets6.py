"""Rule-sheet items left by the fourth native reading (issue 9): the worked example in the
singular for one card; a four-colour pack worded with colours where a language's word for a
colour is no drop-in for its word for a suit; 「カードゲーム」 for a game of its own pack; the
session winner of a minus-points game; the Russian genitive of a suit; the rows of a
double pack in one sentence; paragraphs kept whole in print."""

from __future__ import annotations

import re

import pytest

from sevens.compiler.rulesheet.example import example_position
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.sheet import minus_only, never_negative, never_positive, own_pack
from tests.conftest import builtin_sheet as sheet
from tests.conftest import norm, rules_of

ONE_CARD = "Example: the table shows %(rows)s. Then only this card may be played: %(cards)s."
SEVERAL = "Example: the table shows %(rows)s. Then exactly these cards may be played: %(cards)s."


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("pt", "Exemplo: com 7♣–9♣ na mesa, você só pode jogar 10♣."),
        ("sv", "Exempel: med 7♣–9♣ på bordet får du bara spela 10♣."),
    ],
)
def test_one_playable_card_is_said_in_the_singular(lang: str, wanted: str) -> None:
    deck = rules_of("play-or-pay").spec.deck
    assert tuple(example_position(rules_of("play-or-pay")).legal) == (deck.face(0, 8),)  # 10♣
    text = norm(sheet("play-or-pay", lang))
    assert wanted in text
    assert "e só estas" not in text and "och inga andra" not in text


def test_one_card_and_several_cards_take_different_forms() -> None:
    """Every language has both forms, and where they differ the sheets use the right one."""
    for lang in LANGUAGES:
        language = Lang(lang)
        one, many = language.ngettext(ONE_CARD, SEVERAL, 1), language.ngettext(ONE_CARD, SEVERAL, 6)
        assert one != ONE_CARD or lang == "en", lang  # translated, not the English fallback
        assert many
    # pt and sv name the cards as what "you may play" (the form of the sentence that follows
    # it on mandatory-seven), which reads right for one card and for several: a list of
    # several ends in "ou"/"eller", and no plural frame ("estas cartas") is left around one card
    for lang, several in (
        ("pt", "você só pode jogar 7♣, 5♦, 9♦, 6♥, 8♥ ou 7♠."),
        ("sv", "får du bara spela 7♣, 5♦, 9♦, 6♥, 8♥ eller 7♠."),
    ):
        assert several in norm(sheet("parliament", lang)), lang
    assert "estas cartas" not in norm(sheet("play-or-pay", "pt"))


COLOUR_LINES = {
    "es": ("Colores (ninguno vale más que otro):", "Cada color tiene 20 cartas", r"\bpalos?\b"),
    "pt": ("Cores (nenhuma é mais forte que outra):", "Cada cor tem 20 cartas", r"\bnaipes?\b"),
    "ru": ("Цвета (все равноценны, старшего цвета нет):", "В каждом цвете 20 карт", r"маст"),
}


@pytest.mark.parametrize("lang", sorted(COLOUR_LINES))
def test_colour_pack_speaks_of_colours(lang: str) -> None:
    heading, ranks, suit_word = COLOUR_LINES[lang]
    text = norm(sheet("elfer-raus", lang))
    assert heading in text and ranks in text
    assert not re.search(suit_word, text, re.IGNORECASE), re.findall(
        rf".{{30}}{suit_word}.{{30}}", text
    )
    # the same words for a French-suited pack are still the suit words
    assert re.search(suit_word, norm(sheet("fan-tan", lang)), re.IGNORECASE)


def test_colour_pack_rows_leader_and_plays() -> None:
    es, pt, ru = (norm(sheet("elfer-raus", lang)) for lang in ("es", "pt", "ru"))
    assert "Empieza quien tiene el 11 del primer color de la lista de arriba" in es
    assert "un 11 de un color cuya fila aún no se haya empezado" in es
    assert "Começa quem tem o 11 da primeira cor da lista acima" in pt
    assert "Cada cor forma a sua própria fileira na mesa, que começa com o 11 dessa cor." in pt
    assert "Каждый цвет выкладывается на столе в свой ряд" in ru
    assert "карта 11 первого цвета из списка выше" in ru


def test_a_game_of_its_own_pack_is_a_card_game_in_japanese() -> None:
    assert own_pack(rules_of("elfer-raus").spec.deck)
    assert not own_pack(rules_of("fan-tan").spec.deck)
    assert not own_pack(rules_of("cinquillo").spec.deck)  # Spanish-suited
    elfer = sheet("elfer-raus", "ja")
    assert "カードゲーム" in elfer and "トランプゲーム" not in elfer
    assert "トランプゲーム" in sheet("fan-tan", "ja")


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        ("ru", "Партию выигрывает тот, у кого к её концу меньше всего штрафных очков."),
        ("ja", "マイナス点の合計がいちばん少ない人の勝ちです。"),
        ("en", "The player with the fewest minus points at the end of the session wins."),
        ("de", "Wer am Ende der Partie die wenigsten Minuspunkte hat, gewinnt sie."),
        ("sv", "Partiet vinns av den som till slut har minst minuspoäng."),
    ],
)
def test_minus_points_winner_has_fewest_minus_points(lang: str, wanted: str) -> None:
    for variant in ("elfer-raus", "sevens", "ristiseiska"):
        assert wanted in norm(sheet(variant, lang)), variant
    assert wanted not in norm(sheet("shichi-narabe", lang))  # scores by place: highest total


def test_sign_of_scores() -> None:
    """Minus points only: ``-hand.value`` and ``-player.covered.value``, not a score that can
    be positive (Cinquillo's winner, places counted up, the winner's takings)."""
    for variant in ("sevens", "elfer-raus", "pai-qi", "card-domino-stock"):
        rules = rules_of(variant)
        assert rules.points is not None and never_positive(rules.spec.deck, rules.points.tree)
    for variant in ("cinquillo", "shichi-narabe", "winner-scores"):
        rules = rules_of(variant)
        assert rules.points is not None and not never_positive(rules.spec.deck, rules.points.tree)
        assert not minus_only(rules), variant
    # ``1 - player.place``: minus points only because every player is placed (first out 1, …)
    # when all go out; a player who keeps place 0 would score +1.
    play_on = rules_of("parliament-play-on")
    assert play_on.points is not None and minus_only(play_on)
    assert not never_positive(play_on.spec.deck, play_on.points.tree, least_place=0)
    assert never_positive(play_on.spec.deck, play_on.points.tree, least_place=1)
    penalty = rules_of("penalty-points")
    assert penalty.points is not None and never_negative(penalty.spec.deck, penalty.points.tree)


def test_lowest_diamond_leader_in_the_russian_genitive() -> None:
    text = norm(sheet("lowest-diamond", "ru"))
    assert "Первым ходит тот, у кого самая младшая карта бубен." in text
    assert "масти «бубны»" not in text
    assert "the lowest card in diamonds" in sheet("lowest-diamond", "en")


@pytest.mark.parametrize(
    ("lang", "wanted"),
    [
        (
            "en",
            "Each suit is built up in two rows on the table (eight rows in all), each starting from"
            " one copy of the 7 of that suit.",
        ),
        ("de", "Jede Farbe wird in zwei Reihen auf dem Tisch aufgebaut (zusammen acht)"),
        ("ru", "Каждая масть выкладывается на столе в два ряда (всего на столе восемь)"),
        ("ja", "場にはマークごとに2列ずつ（全部で8列）カードを並べ"),
    ],
)
def test_double_pack_rows_in_one_sentence(lang: str, wanted: str) -> None:
    text = norm(sheet("double-deck", lang))
    assert wanted in text
    assert "Each suit has two rows" not in text and "Jede Farbe hat zwei Reihen" not in text


def test_print_keeps_paragraphs_whole() -> None:
    """A page break inside a three-line paragraph leaves a line alone whatever orphans and
    widows say; kept whole, no paragraph is split (checked in headless Chromium on A4)."""
    html = sheet("sjuan", "en", "html")
    style = html.split("@media print", 1)[1].split("</style>", 1)[0]
    rule = re.search(r"\bp, li \{([^}]*)\}", style)
    assert rule is not None
    for declaration in ("orphans: 2", "widows: 2", "break-inside: avoid"):
        assert declaration in rule.group(1)


@pytest.mark.parametrize(
    ("lang", "otherwise"),
    [
        ("en", "If you hold none of them, you may play only 5♣, 9♣, 6♦ or 8♦."),
        ("de", "Hast du keine dieser Karten, darfst du stattdessen nur 5♣, 9♣, 6♦ oder 8♦ legen."),
        ("ja", "そのカードを1枚も持っていないときは、出せるのは5♣、9♣、6♦、8♦だけです。"),
    ],
)
def test_an_example_that_depends_on_the_hand_says_what_a_hand_without_those_cards_may_play(
    lang: str, otherwise: str
) -> None:
    """mandatory-seven's example names only the 7s (the example's hand holds every card
    still out); without a 7 in hand the build rule's cards may be played, and the sheet says
    so rather than leaving "only 7♥ or 7♠" as if it held for every hand."""
    assert otherwise in sheet("mandatory-seven", lang)
