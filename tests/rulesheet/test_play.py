"""What may be played, follow-ups, and who wins a deal, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.load import builtin_ids
from sevens.compiler.rulesheet.example import example_position
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.sentences import sentence
from sevens.compiler.rulesheet.shapes import (
    FREE_FOLLOW,
    GAPS,
    follow_sentence,
    free_follow_sentence,
)
from sevens.compiler.rulesheet.typography import text_rules
from tests.conftest import (
    assert_sheet_says,
    builtin_sheet,
    bullets,
    norm,
    paragraphs,
    play_section,
    rules_of,
)

#: A play rule of no known shape: a 7, a 6 or an 8 starts a row, and rows grow as usual.
OWN_PLAY_RULE = (
    "id: six-or-eight\nextends: parliament\nplay:\n  legal: >-\n"
    "    (not row.open and (card.rank == 7 or card.rank == 6 or card.rank == 8))\n"
    "    or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))\n"
)
#: 斩龙 written in an order of no known shape: the sheet shows it by examples.
OWN_CLOSING_RULE = (
    "id: closing-own\nextends: pai-qi\nplay:\n  legal: >-\n"
    "    (not row.open and card.rank == 7)\n"
    "    or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1)\n"
    "        and row.low != A and row.high != K)\n"
)
TWO_EXTRA = "id: two-extra\nextends: elfer-raus\nplay: {follow_up: {max: 2}}\n"
SEVENS_TWO_EXTRA = "id: sevens-two-extra\nextends: sevens\nplay: {follow_up: {max: 2}}\n"
#: Extra cards of the first card's rank only, after any card.
SAME_RANK_TURNS = (
    "id: same-rank-turns\nextends: fan-tan\nplay:\n  follow_up:\n    when: 'true'\n"
    "    allow: card.rank == first.rank and last.rank == first.rank\n"
    "    optional: true\n    max: unlimited\n"
)
#: A run part and a same-rank part that read only the card before: a turn may switch
#: shape (8♥ 8♠ 9♠), so no sentence may say it never mixes.
MIXABLE_TURNS = (
    "id: mixable-turns\nextends: fan-tan\nplay:\n  follow_up:\n    when: 'true'\n"
    "    allow: card.rank == last.rank or (card.suit == last.suit\n"
    "      and (card.rank == last.rank + 1 or card.rank == last.rank - 1))\n"
    "    optional: true\n    max: unlimited\n"
)
#: Every play grants an extra card under a condition of no known shape.
ALWAYS_EXTRA = (
    "id: always-extra\nextends: fan-tan\nplay:\n  follow_up:\n    when: 'true'\n"
    "    allow: card.suit == first.suit\n    optional: true\n    max: 1\n"
)

CASES = [
    # with trumps the example's "only these" is followed by the places a trump may take
    (
        "trump-fan-tan",
        "en",
        "A trump may also take the place of 5♣, 9♣, 6♦ or 8♦, if it is of the same rank and of"
        " another suit (see below).",
        "",
    ),
    ("trump-fan-tan", "ja", "5♣、9♣、6♦、または8♦の代わりに置けます", ""),
    ("fan-tan", "en", "", "A trump may also take the place"),
    # a play rule of no known shape is shown by worked examples, never read out
    (OWN_PLAY_RULE, "en", "this rule set’s own play rule; the examples below show it", "rank is"),
    (OWN_PLAY_RULE, "en", "Further into a deal, with", "the row of the card's suit"),
    (OWN_PLAY_RULE, "de", "bestimmt eine eigene Regel dieses Regelwerks", "Rang"),
    (OWN_PLAY_RULE, "ja", "このルール独自の決まりによります", ""),
    # the later example plays a row out to its lowest rank: an own rule closing a suit shows
    (
        OWN_CLOSING_RULE,
        "en",
        "Further into a deal, with 6♣–8♣, 7♦ and A♠–10♠ on the table, you may play only 5♣, "
        "9♣, 6♦, 8♦ or 7♥.",
        "4♠–10♠",
    ),
    # 斩龙 (catalogue §9): the suit's lowest or highest card on the table closes its row
    ("pai-qi-zhanlong", "en", "it is closed at both ends", "own play rule"),
    ("pai-qi-zhanlong", "de", "ist sie an beiden Enden geschlossen", "eigene Regel"),
    ("pai-qi-zhanlong", "ja", "その列は両端とも閉じられ", "独自の決まり"),
    # and its rows are never complete: no finished layout is pictured (a blind reader's find)
    ("pai-qi-zhanlong", "en", "A row is never complete", "the finished layout looks like this"),
    ("pai-qi-zhanlong", "de", "Eine Reihe wird nie vollständig", "Reihe ist vollständig"),
    ("pai-qi", "en", "the finished layout looks like this", "A row is never complete"),
    # an extra card may grant another: the sheet says up to how many
    (TWO_EXTRA, "en", "up to two extra cards in one turn", ""),
    (TWO_EXTRA, "de", "bis zu zwei zusätzlichen Karten in einem Zug", ""),
    # after the 7♦ only the 6♦ or 8♦ may follow, which grant nothing: still one card
    (SEVENS_TWO_EXTRA, "en", "or the 8 of diamonds (8♦) as well.", "extra cards in one turn"),
    # Cinquillo cabrón plays on until the rows are closed or play stands still (catalogue
    # §7): going out first is not said to win the deal
    (
        "cinquillo-cabron",
        "en",
        "until every hand is empty or nobody can play any more",
        "first to get rid of all their cards wins",
    ),
    (
        "cinquillo-cabron",
        "es",
        "hasta que todas las manos estén vacías o nadie pueda jugar más",
        "",
    ),
    # Pai Qi: the best score wins the deal, not going out first
    ("pai-qi", "en", "the best score", "the first player out wins the deal"),
    # the fives are laid out before play: no card starts a row, whatever the play rule says
    (
        "cinquillo-fives",
        "en",
        "to the table: the card of the same suit next above or below",
        "any 5, to start the row of its suit",
    ),
    ("cinquillo-fives", "de", "", "eine 5 einer Farbe, die noch keine Reihe hat"),
    # Swedish: the play item names the end a card is laid at
    (
        "shichi-narabe",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    (
        "kartendomino",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    (
        "elfer-raus",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    (
        "sevens",
        "sv",
        "nästa kort uppåt eller nedåt vid någon av ändarna i en påbörjad rad, i radens färg",
        "i den änden av raden",
    ),
    # a worked example that allows one card says so in the singular
    ("play-or-pay", "fr", "vous ne pouvez jouer que 10♣.", ""),
    ("play-or-pay", "es", "solo puedes jugar 10♣.", ""),
    ("elfer-raus", "en", "any 11, to start the row of its colour;", ""),
    ("fan-tan", "en", "any 7, to start the row of its suit;", ""),
    # a turn of several cards says "more" only once
    (
        "kartendomino",
        "en",
        "and you may then go on playing, one card after another, as long as each card"
        " may be played.",
        "go on playing more cards",
    ),
    (
        "elfer-raus",
        "en",
        "and you may then go on playing, one card after another, as long as each card"
        " may be played.",
        "go on playing more cards",
    ),
    # under a compulsory card the worked example also says what a hand without it may play
    (
        "badam-satti-compulsory",
        "en",
        "Example: with 6♥–8♥ and 7♠ on the table, you may play only 7♣ or 7♦. If you hold none"
        " of them, you may play only 5♥, 9♥, 6♠ or 8♠.",
        "",
    ),
    ("badam-satti", "en", "", "If you hold none of them"),
    # two packs in one row per suit: each card lies there twice, said under the picture
    ("parallel-builds", "en", "Each card lies twice in its row, the two copies side by side", ""),
    ("double-deck", "en", "", "Each card lies twice in its row, the two copies side by side"),
    ("parallel-builds", "de", "zweimal in ihrer Reihe", ""),
    # English card lists keep their articles; examples join rows with "and", cards with "or"
    (
        "sevens",
        "en",
        "may immediately play the 6 of diamonds (6♦) or the 8 of diamonds (8♦) as well.",
        "",
    ),
    (
        "parliament",
        "en",
        "Example: with 6♦–8♦ and 7♥ on the table, you may play only 7♣, 5♦, 9♦, 6♥, 8♥ or 7♠.",
        "",
    ),
    ("shichi-narabe", "en", "with 6♣–8♣, 7♦, 7♥ and 7♠ on the table", ""),
    ("mandatory-seven", "en", "you may play only 7♥ or 7♠.", ""),
    # other languages join the example's lists with their own words
    ("parliament", "de", "Dann darfst du nur 7♣, 5♦, 9♦, 6♥, 8♥ oder 7♠ legen.", ""),
    (
        "parliament",
        "pt",
        "com 6♦–8♦ e 7♥ na mesa, você só pode jogar 7♣, 5♦, 9♦, 6♥, 8♥ ou 7♠.",
        "",
    ),
    ("parliament", "sv", "får du bara spela 7♣, 5♦, 9♦, 6♥, 8♥ eller 7♠.", ""),
    # one playable card in the singular, with no plural frame around it
    ("play-or-pay", "pt", "Exemplo: com 7♣–9♣ na mesa, você só pode jogar 10♣.", "e só estas"),
    ("play-or-pay", "pt", "", "estas cartas"),
    ("play-or-pay", "sv", "Exempel: med 7♣–9♣ på bordet får du bara spela 10♣.", "och inga andra"),
    # a long list is announced by its number; a short one keeps "only"
    ("cinquillo-cabron", "en", "you may play any of these 18 cards: 1O, 2O,", ""),
    ("cinquillo-cabron", "en", "12C, 5E, 5B.", ""),
    (
        "cinquillo-cabron",
        "fr",
        "vous pouvez jouer n’importe laquelle de ces 18 cartes : 1D, 2D,",
        "",
    ),
    ("cinquillo-cabron", "fr", "12C, 5E, 5B.", ""),
    ("cinquillo-cabron", "ru", "Сыграть сейчас можно любую из этих 18 карт: 1O, 2O,", ""),
    ("cinquillo-cabron", "ru", "12C, 5E, 5B.", ""),
    ("cinquillo", "en", "you may play only 3O, 7O, 4C, 6C, 5E or 5B.", ""),
    # an example that depends on the hand says what a hand without those cards may play
    ("mandatory-seven", "en", "If you hold none of them, you may play only 5♣, 9♣, 6♦ or 8♦.", ""),
    (
        "mandatory-seven",
        "de",
        "Hast du keine dieser Karten, darfst du stattdessen nur 5♣, 9♣, 6♦ oder 8♦ legen.",
        "",
    ),
    (
        "mandatory-seven",
        "ja",
        "そのカードを1枚も持っていないときは、出せるのは5♣、9♣、6♦、8♦だけです。",
        "",
    ),
    # a compulsory rank takes its noun form
    ("mandatory-seven", "sv", "Har du en sjua på handen måste du nu spela en sjua", ""),
    ("mandatory-seven", "pt", "Se você tiver um 7 na mão, agora tem que jogar um 7", ""),
    ("mandatory-seven", "ru", "есть семёрка, вы должны сначала сыграть семёрку", ""),
    # Russian numbered cards above ten are declined as cards
    ("elfer-raus", "ru", "- карту 11 того цвета, ряд которого ещё не начат", ""),
    ("elfer-raus", "ru", "к карте 11 прикладывают карту 12 или карту 10.", ""),
    # a colour pack's plays are said with colours
    ("elfer-raus", "es", "un 11 de un color cuya fila aún no se haya empezado", ""),
    # Crazy Tan: a turn is a run or cards of one rank, never a mix (catalogue §2)
    ("crazy-tan", "en", "A turn is one or the other, never a mix of the two.", "if this always"),
    ("crazy-tan", "de", "Ein Zug ist das eine oder das andere, nie eine Mischung aus beidem.", ""),
    ("crazy-tan", "ja", "1回の手番で両方を混ぜることはできません。", ""),
    ("crazy-tan", "ru", "За один ход — что-то одно, смешивать нельзя.", "first"),
    ("crazy-tan", "en", "either a run in the first card's suit", "The same applies again"),
    (SAME_RANK_TURNS, "en", "may go on laying cards of the same rank", "never a mix"),
    (SAME_RANK_TURNS, "fr", "continuer à poser des cartes de même rang", ""),
    # shapes that may switch within a turn are read out, never claimed to stay apart
    (MIXABLE_TURNS, "en", "the card just played", "never a mix"),
    # an extra card after every play: no "if this always holds"
    (ALWAYS_EXTRA, "en", "After playing a card, the same player may immediately play", "if this"),
    (ALWAYS_EXTRA, "en", "the suit of the turn's first card", "first.suit"),
    (ALWAYS_EXTRA, "nl", "de kleur van de eerste kaart van de beurt", "first"),
    # a follow-up of another shape than a chain keeps its own sentence
    (
        "sjuan-traditional",
        "en",
        "Whoever plays an ace or a king may immediately play one more card.",
        "",
    ),
    # the last-card penalty: you take cards from the player with most cards
    (
        "last-card",
        "ru",
        "вы берёте наугад две карты у соперника, у которого карт больше всех",
        "перекладывают",
    ),
    (
        "sevens-overlook",
        "ru",
        "вы берёте наугад одну карту у соперника, у которого карт больше всех",
        "",
    ),
    (
        "last-card",
        "en",
        "you take two cards at random from the hand of whichever other player holds the most cards",
        "",
    ),
    (
        "last-card",
        "fr",
        "vous tirez au hasard deux cartes dans la main de l’adversaire qui en a le plus",
        "",
    ),
    ("last-card", "es", "robas al azar dos cartas de la mano del rival que tiene más cartas", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_play_and_winner_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)


def test_the_worked_example_says_what_a_hand_without_the_compulsory_cards_may_play() -> None:
    """A hand holding every card still out must play a compulsory 7: the example's second
    sentence names other cards, and only where a card is compulsory."""
    position = example_position(rules_of("badam-satti-compulsory"))
    assert position.otherwise and not set(position.otherwise) & set(position.legal)
    assert example_position(rules_of("badam-satti")).otherwise == ()


def test_cards_in_conditions_carry_their_article() -> None:
    """Sevens' extra card after the 7♦: the condition names the card with its article where
    the language puts one; German keeps the bare name, whose diff lines say "statt Karo-7"."""
    rules = rules_of("sevens")
    assert rules.follow_when is not None
    when, deck = rules.follow_when.tree, rules.spec.deck  # card == 7D
    assert sentence(Lang("fr"), deck, when) == "la carte est le 7 de carreau (7♦)"
    assert sentence(Lang("es"), deck, when) == "la carta es el siete de diamantes (7♦)"
    assert sentence(Lang("en"), deck, when) == "the card is the 7 of diamonds (7♦)"
    assert sentence(Lang("de"), deck, when) == "die Karte ist Karo-7 (7♦)"


# -- the structure of the "What may be played" section -------------------------------------

OLD_INTRO = "On your turn you play one card from your hand to the table. You may play:"
CHAIN_INTRO = (
    "On your turn you play a card from your hand to the table, and you may then go on "
    "playing more cards, one after another, as long as each of them may be played. "
    "You may play:"
)
COMMITTED_SHEETS = Path(__file__).resolve().parent.parent.parent / "docs" / "rulesheets"


def play_paragraphs(variant: str, lang: str) -> list[str]:
    return paragraphs(play_section(builtin_sheet(variant, lang), lang))


@pytest.mark.parametrize("lang", ["en", "de", "ja", "ru", "fr"])
@pytest.mark.parametrize(
    "variant",
    ["shichi-narabe", "shichi-narabe-joker", "shichi-narabe-traditional", "shichi-narabe-tunnel"],
)
def test_one_way_to_play_is_one_sentence_not_a_list(variant: str, lang: str) -> None:
    section = play_section(builtin_sheet(variant, lang), lang)
    assert bullets(section) == []
    assert Lang(lang).gettext(OLD_INTRO) not in paragraphs(section)[0]


@pytest.mark.parametrize(
    ("lang", "start"),
    [
        (
            "en",
            "On your turn you play one card from your hand to the table: the card of the same "
            "suit next above or below either end of a row already started, laid at that end.",
        ),
        (
            "de",
            "Wenn du dran bist, legst du eine Karte aus deiner Hand auf den Tisch, und zwar die "
            "nächsthöhere oder nächstniedrigere Karte einer Farbe,",
        ),
        ("ja", "自分の番には、手札から1枚を場に出します。出せるのは、すでに列のあるマークで、"),
        ("sv", "När det är din tur lägger du ett kort från handen på bordet: nästa kort uppåt"),
    ],
)
def test_one_way_to_play_reads_as_one_sentence(lang: str, start: str) -> None:
    first = play_paragraphs("shichi-narabe", lang)[0]
    assert first.startswith(start), (lang, first)


def test_no_committed_sheet_has_a_one_item_play_list() -> None:
    """Every committed sheet in every language: a play list has two items or more, or none."""
    checked = 0
    for lang in LANGUAGES:
        for path in sorted(COMMITTED_SHEETS.glob(f"*.{lang}.md")):
            count = len(bullets(play_section(path.read_text(encoding="utf-8"), lang)))
            assert count != 1, path.name
            checked += 1
    assert checked == 9 * len(builtin_ids())


@pytest.mark.parametrize("lang", ["en", "fr", "ja", "nl"])
def test_the_gap_rule_is_a_paragraph_of_its_own(lang: str) -> None:
    gaps = norm(Lang(lang).marked(GAPS))
    assert [p for p in play_paragraphs("shichi-narabe", lang) if gaps in p] == [gaps]


@pytest.mark.parametrize("lang", ["en", "de", "sv", "ja", "pt"])
@pytest.mark.parametrize("variant", ["kartendomino", "elfer-raus"])
def test_a_turn_of_several_cards_is_said_once(variant: str, lang: str) -> None:
    tr = Lang(lang)
    section = play_section(builtin_sheet(variant, lang), lang)
    assert tr.marked(FREE_FOLLOW["chain"]) not in section  # the later "as many as you like"
    assert tr.gettext(OLD_INTRO) not in section  # "you play one card", contradicted later
    assert paragraphs(section)[0] == tr.gettext(CHAIN_INTRO)
    assert len(bullets(section)) == 2


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
    section = play_section(builtin_sheet("mandatory-seven", lang), lang)
    items = bullets(section)
    assert len(items) == 2
    assert not any(held[:20] in item for item in items)
    assert held in norm(section.split(items[-1], 1)[1])


def test_the_differences_keep_the_compulsory_seven_with_the_play_rule() -> None:
    differs = builtin_sheet("mandatory-seven", "en").split("\n## ", 2)[1]
    assert "You must now play a 7 before any other card whenever you hold one." in differs


@pytest.mark.parametrize("lang", ["en", "de", "ja", "es"])
@pytest.mark.parametrize("variant", ["sevens", "play-or-pay", "sjuan-traditional"])
def test_the_worked_example_closes_the_rules_of_play(variant: str, lang: str) -> None:
    """An extra card's rule is a rule of play: it comes before the example, not after it."""
    rules = rules_of(variant)
    follow, deck = rules.spec.follow_up, rules.spec.deck
    assert follow is not None and rules.follow_when and rules.follow_allow
    when, allow = rules.follow_when.tree, rules.follow_allow.tree
    told = free_follow_sentence(
        Lang(lang), deck, when, allow, follow.optional, follow.max
    ) or follow_sentence(Lang(lang), deck, when, allow, follow.optional)
    assert told is not None
    found = play_paragraphs(variant, lang)
    told = norm(text_rules(lang)(told))  # typeset as the sheet is
    # its paragraph may go on (a limit of one extra card), but it comes right before the
    # example, the last paragraph
    at = [k for k, paragraph in enumerate(found) if paragraph.startswith(told)]
    assert at == [len(found) - 2], (told, found)


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
    the sheet's "What differs" bullet stands alone, without the connective."""
    sheet = builtin_sheet("badam-satti-compulsory", lang)
    assert f"{choice} {wanted}" in norm(sheet)
    items = bullets(sheet)
    plain = wanted.split(" ", 1)[1]  # without the connective
    assert [b for b in items if plain in b.lower()] and not [b for b in items if wanted in b]


# -- the worked example: one card or several ------------------------------------------------

ONE_CARD = "Example: the table shows %(rows)s. Then only this card may be played: %(cards)s."
SEVERAL = "Example: the table shows %(rows)s. Then exactly these cards may be played: %(cards)s."


def test_play_or_pay_example_allows_one_card() -> None:
    """The position the singular rows of the phrase table are about: only 10♣ is legal."""
    rules = rules_of("play-or-pay")
    assert tuple(example_position(rules).legal) == (rules.spec.deck.face(0, 8),)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_card_and_several_cards_take_different_forms(lang: str) -> None:
    """Every language has both forms, translated, not the English fallback."""
    language = Lang(lang)
    one, many = language.ngettext(ONE_CARD, SEVERAL, 1), language.ngettext(ONE_CARD, SEVERAL, 6)
    assert one != ONE_CARD or lang == "en", lang
    assert many


def test_an_own_play_rules_examples_are_what_the_rules_allow(tmp_path: Path) -> None:
    """Both worked examples of a play rule of no known shape are reachable positions, the
    second further into a deal, and the cards each names are those the compiled move
    generator (not the interpreter that chose them) allows there."""
    from sevens.compiler.pipeline import load_rulespec_text, reference_rules
    from sevens.compiler.position import ASKING_SEAT, build_position
    from sevens.compiler.rulesheet.example import later_position
    from sevens.loading.registry import load_rules

    rules = load_rulespec_text("six-or-eight.yaml", OWN_PLAY_RULE)
    path = tmp_path / "six-or-eight.yaml"
    path.write_text(OWN_PLAY_RULE, encoding="utf-8")
    compiled_rules = load_rules(str(path))
    first = example_position(rules)
    later = later_position(rules, first)
    assert later is not None and len(later.table) > len(first.table)
    build_position(reference_rules(rules), list(later.table), [], 4, reachable=True)
    for example in (first, later):
        dealt = [c for c in compiled_rules.rule_set.dealt if c not in example.table]
        state = build_position(compiled_rules, list(example.table), dealt, 4)
        legal = compiled_rules.legal(state, ASKING_SEAT)
        face_of = compiled_rules.rule_set.face_of
        faces = sorted({face_of[c] for c in range(len(face_of)) if legal >> c & 1})
        assert list(example.legal) == faces and faces


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_diff_names_an_own_play_rule_without_reading_it_out(lang: str) -> None:
    """Parliament against a play rule of no known shape, and two such rules against each
    other: the diff tells that the play rule changed, in words of the language."""
    from sevens.compiler.pipeline import load_rulespec_text
    from sevens.compiler.rulesheet import describe_diff
    from sevens.compiler.rulesheet.diff import OTHER_OWN_PLAY_RULE
    from sevens.compiler.rulesheet.diff import OWN_PLAY_RULE as OWN_WORDS

    own = load_rulespec_text("six-or-eight.yaml", OWN_PLAY_RULE)
    other = load_rulespec_text("six-only.yaml", OWN_PLAY_RULE.replace(" or card.rank == 8", ""))
    words = Lang(lang)
    assert words.marked(OWN_WORDS) in describe_diff(rules_of("parliament"), own, lang)
    assert words.marked(OTHER_OWN_PLAY_RULE) in describe_diff(own, other, lang)


@pytest.mark.parametrize(
    ("variant", "capped"),
    [("ristiseiska", True), ("sjuan-traditional", True), ("sevens", False)],
)
def test_a_single_extra_card_that_could_grant_another_is_said_to_be_the_only_one(
    variant: str, capped: bool
) -> None:
    """After an ace or a king one more card, and no more even if it is an ace or a king too
    (a blind reader took the sentence for a chain); the 7♦'s 6♦ or 8♦ grants nothing."""
    sheet = builtin_sheet(variant, "en")
    assert ("That is the only extra card of the turn" in sheet) == capped
