"""The cards and ranks in play, and how a row starts, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not (HTML rows check the HTML sheet).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.sheet import colour_suits, own_pack
from tests.conftest import assert_sheet_says, builtin_sheet, norm, rule_sheet, rules_of

NO_KINGS_OR_ACES = (
    "id: no-kings-or-aces\nextends: parliament\ndeck: {remove: [KC, KD, KH, KS, AC, AD, AH, AS]}\n"
)

CASES = [
    # ranks removed from every suit are not listed, and rows end at the queen
    (NO_KINGS_OR_ACES, "en", "md", "Each suit has eleven ranks", "from 2 to ace"),
    (NO_KINGS_OR_ACES, "en", "md", "from 2 to queen", "The ace is high"),
    # the house rule's summary says the cards taken out as a sentence, not "…; previously none"
    (
        NO_KINGS_OR_ACES,
        "en",
        "md",
        "These cards are now taken out of the pack: the king of clubs (K♣)",
        "previously none",
    ),
    (
        NO_KINGS_OR_ACES,
        "de",
        "md",
        "Diese Karten werden jetzt aus dem Spiel genommen",
        "bisher keine",
    ),
    # two rows per suit: a 7 starts a row while its suit still has one free
    (
        "double-deck",
        "fr",
        "md",
        "un 7 d’une couleur qui a encore une rangée à ouvrir",
        "un 7 d’une couleur qui n’a pas encore de rangée",
    ),
    (
        "double-deck",
        "es",
        "md",
        "un 7 de un palo que aún tenga una fila por empezar",
        "un 7 de un palo cuya fila aún no se haya empezado",
    ),
    (
        "double-deck",
        "pt",
        "md",
        "um 7 de um naipe que ainda tenha uma fileira por abrir",
        "um 7 de um naipe ainda sem fileira na mesa",
    ),
    (
        "double-deck",
        "en",
        "md",
        "any 7 of a suit that still has a row not started",
        "any 7, to start the row of its suit",
    ),
    # the HTML picture marks the starting cards but draws no brackets
    ("cinquillo", "fr", "html", "(les cartes de départ sont signalées)", "crochets"),
    ("cinquillo", "es", "html", "(se señalan las cartas iniciales)", "corchetes"),
    # every suit colour class the sheet uses has a style
    ("elfer-raus", "de", "html", ".yellow {", ""),
    ("double-deck", "pt", "md", "Cada baralho tem 13 cartas de cada naipe", ""),
    # a pack of four colours speaks of colours, a French-suited pack of suits
    ("elfer-raus", "en", "md", "Colours (all of equal rank):", ""),
    ("elfer-raus", "en", "md", "Each colour has 20 ranks, from lowest to highest:", ""),
    (
        "elfer-raus",
        "en",
        "md",
        "Each colour is built up in its own row on the table, starting from the 11 of that colour.",
        "",
    ),
    ("fan-tan", "en", "md", "Suits (all of equal rank):", ""),
    # two rows per suit are two, not "and so on", and said once
    ("double-deck", "en", "md", "the other copy opens its second row", "and so on"),
    ("double-deck", "fr", "md", "l’autre exemplaire ouvre la seconde", "ainsi de suite"),
    ("double-deck", "es", "md", "", "y así sucesivamente"),
    (
        "double-deck",
        "sv",
        "md",
        "Varje färg läggs i två rader på bordet (sammanlagt åtta)",
        "flera rader",
    ),
    (
        "double-deck",
        "pt",
        "md",
        "Cada naipe é disposto em duas fileiras na mesa (oito ao todo)",
        "várias fileiras",
    ),
    (
        "double-deck",
        "en",
        "md",
        "Each suit is built up in two rows on the table (eight rows in all), each starting from"
        " one copy of the 7 of that suit.",
        "Each suit has two rows",
    ),
    (
        "double-deck",
        "de",
        "md",
        "Jede Farbe wird in zwei Reihen auf dem Tisch aufgebaut (zusammen acht)",
        "Jede Farbe hat zwei Reihen",
    ),
    (
        "double-deck",
        "ru",
        "md",
        "Каждая масть выкладывается на столе в два ряда (всего на столе восемь)",
        "",
    ),
    ("double-deck", "ja", "md", "場にはマークごとに2列ずつ（全部で8列）カードを並べ", ""),
    # Russian counts and rank nouns
    ("double-deck", "ru", "md", "Для этого вместе перемешивают две колоды.", ""),
    ("shichi-narabe-joker", "ru", "md", "Обычная колода из 52 карт и один джокер.", ""),
    ("devyatka", "ru", "md", "(младшая — шестёрка, старшая — туз)", ""),
    ("devyatka", "ru", "md", "младшая карта в ней — шестёрка", ""),
    # a colour pack's rows are colours' rows
    (
        "elfer-raus",
        "pt",
        "md",
        "Cada cor forma a sua própria fileira na mesa, que começa com o 11 dessa cor.",
        "",
    ),
    ("elfer-raus", "ru", "md", "Каждый цвет выкладывается на столе в свой ряд", ""),
    # 「カードゲーム」 for a game of its own pack, 「トランプゲーム」 for a French-suited one
    ("elfer-raus", "ja", "md", "カードゲーム", "トランプゲーム"),
    ("fan-tan", "ja", "md", "トランプゲーム", ""),
    # cards laid out before the deal that start the rows are one group in the caption
    (
        "cinquillo-fives",
        "en",
        "md",
        "(the starting cards, laid out before the deal, are marked):",
        "starting cards and the cards laid out before the deal",
    ),
    (
        "shichi-narabe-tunnel",
        "en",
        "md",
        "(the starting cards, laid out before the deal, are marked):",
        "starting cards and the cards laid out before the deal",
    ),
    (
        "cinquillo-fives",
        "fr",
        "md",
        "(les cartes de départ, posées avant la donne, sont signalées) :",
        "",
    ),
    (
        "cinquillo",
        "fr",
        "md",
        "",
        "(les cartes de départ, posées avant la donne, sont signalées) :",
    ),
    (
        "cinquillo-fives",
        "es",
        "md",
        "(se señalan las cartas iniciales, que se colocan antes del reparto):",
        "",
    ),
    (
        "cinquillo",
        "es",
        "md",
        "",
        "(se señalan las cartas iniciales, que se colocan antes del reparto):",
    ),
]


@pytest.mark.parametrize(("source", "lang", "fmt", "expected", "forbidden"), CASES)
def test_card_and_rank_sentences(
    source: str, lang: str, fmt: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path, fmt)


def test_a_colour_pack_never_speaks_of_suits(tmp_path: Path) -> None:
    """Elfer raus!'s numbered cards in four colours: an English player calls them colours."""
    text = rule_sheet("elfer-raus", "en", tmp_path)
    assert not re.search(r"\bsuits?\b", text, re.IGNORECASE), re.findall(r".{30}suit.{30}", text)


@pytest.mark.parametrize(
    ("lang", "letters"),
    [("pt", ("Vm", "Am", "Vd", "Az")), ("sv", ("R", "Gu", "Gr", "B"))],
)
def test_colour_suits_have_distinct_native_codes(lang: str, letters: tuple[str, ...]) -> None:
    text = builtin_sheet("elfer-raus", lang)
    listed = re.findall(r"^- (\S+) \w+$", text.split("## ", 3)[2], re.M)
    assert tuple(listed) == letters
    assert len(set(listed)) == 4
    assert all(f"[11{code}]" in text for code in letters)


#: A colour pack's heading, its ranks' sentence, and the suit word it must not use.
COLOUR_LINES = {
    "es": ("Colores (ninguno vale más que otro):", "Cada color tiene 20 cartas", r"\bpalos?\b"),
    "pt": ("Cores (nenhuma é mais forte que outra):", "Cada cor tem 20 cartas", r"\bnaipes?\b"),
    "ru": ("Цвета (все равноценны, старшего цвета нет):", "В каждом цвете 20 карт", r"маст"),
}


@pytest.mark.parametrize("lang", sorted(COLOUR_LINES))
def test_colour_pack_speaks_of_colours(lang: str) -> None:
    """Where a language's word for a colour is no drop-in for its word for a suit."""
    heading, ranks, suit_word = COLOUR_LINES[lang]
    text = norm(builtin_sheet("elfer-raus", lang))
    assert heading in text and ranks in text
    assert not re.search(suit_word, text, re.IGNORECASE), re.findall(
        rf".{{30}}{suit_word}.{{30}}", text
    )
    # the same words for a French-suited pack are still the suit words
    assert re.search(suit_word, norm(builtin_sheet("fan-tan", lang)), re.IGNORECASE)


def test_a_colour_pack_has_colours_in_japanese() -> None:
    assert colour_suits(rules_of("elfer-raus").spec.deck)
    assert not colour_suits(rules_of("fan-tan").spec.deck)
    assert not colour_suits(rules_of("cinquillo").spec.deck)
    ja = builtin_sheet("elfer-raus", "ja")
    assert "マーク" not in ja
    assert "色（色の間に強弱はありません）：" in ja
    assert "各色のカードは、弱い順に次の20種類です：" in ja
    assert "マーク（マークの間に強弱はありません）：" in builtin_sheet("fan-tan", "ja")
    html = builtin_sheet("elfer-raus", "ja", "html")
    assert "マーク" not in html
    assert re.search(r"<p>色（色の間に強弱はありません）：</p>", html)
    # where the suit word already means a colour (Farbe), the suit word stays
    assert "Farbe" in builtin_sheet("elfer-raus", "de")
    assert "цвет" in builtin_sheet("elfer-raus", "ru")


def test_a_pack_of_its_own_is_told_apart() -> None:
    """Elfer raus!'s numbered colours are a pack of their own (「カードゲーム」); French- and
    Spanish-suited packs are not."""
    assert own_pack(rules_of("elfer-raus").spec.deck)
    assert not own_pack(rules_of("fan-tan").spec.deck)
    assert not own_pack(rules_of("cinquillo").spec.deck)  # Spanish-suited


def cards_section(variant: str, lang: str) -> str:
    """The paragraphs of the sheet's Cards section (the fourth heading)."""
    return norm(builtin_sheet(variant, lang).split("\n## ")[3].split("\n", 1)[1])


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
