"""The sheet's own voice: no English ids in running text or footers, and nothing about the
sources or the program stated as a rule ("the rules do not say…", "this rule set stops…").

Each row: a rulespec (a built-in id or a house rule's YAML), a language, a phrase, and
whether the sheet must contain it (``True``) or must not (``False``)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang, counted
from sevens.compiler.rulesheet.typography import text_rules
from tests.conftest import (
    amount_overlay,
    assert_sheet_says,
    builtin_sheet,
    check_phrase,
    sheet_of,
)

HOUSE_RULE = amount_overlay("points", "hand.count")
TARGET_HOUSE_RULE = (
    "id: race\nextends: winner-scores\nname: {en: Race}\nsession: {target: {points: 30}}\n"
)

PHRASES = [
    ("parliament", "en", "Generated from the rule set", False),
    (
        "parliament",
        "en",
        "To try these rules with the `sevens` program, run `sevens simulate parliament`.",
        True,
    ),
    ("parliament", "de", "Erzeugt aus dem Regelsatz", False),
    ("parliament", "ja", "`sevens simulate parliament`を実行します。", True),
    (HOUSE_RULE, "en", "run `sevens simulate house-rule.yaml`.", True),  # the file, not its id
    (HOUSE_RULE, "en", "`generated-amount`", False),
    ("penalty-points", "en", "The rules do not say", False),
    ("penalty-points", "en", "Agree beforehand how to break a tie", True),
    ("penalty-points", "de", "legen die Regeln nicht fest", False),
    ("penalty-points", "fr", "Les règles ne disent pas", False),
    ("cinquillo", "en", "going on for ever", False),
    ("cinquillo", "en", "these rules end the session", False),
    (
        "cinquillo",
        "en",
        "Agree beforehand how many deals to play at most in case nobody gets there",
        True,
    ),
    ("cinquillo", "ru", "в этом наборе правил", False),
    ("cinquillo", "es", "este reglamento", False),
    # Japanese: a plain wrap is リンク; トンネル is only the rule where the far end closes
    ("play-or-pay", "ja", "リンク：列はエースの次にまた2から続けて伸ばせます。", True),
    ("play-or-pay", "ja", "トンネル", False),
    ("turn-the-corner", "ja", "トンネル", False),
    ("turn-the-corner", "ja", "リンクありになります。", True),
    (
        "shichi-narabe-tunnel",
        "ja",
        "トンネル：列の下端がエースまで届いたら、上端はそこで止まり",
        True,
    ),
    (
        "shichi-narabe-tunnel",
        "ja",
        "トンネル：列はキングからエースへ",
        False,
    ),  # a plain wrap, mislabelled
    ("shichi-narabe-tunnel", "en", "Turning the corner: a row may continue past the king", False),
    # a house rule's opening names its parent in quotes, so a name with a comma reads as one
    (HOUSE_RULE, "en", "penalty points played with a house rule", False),
    (
        TARGET_HOUSE_RULE,
        "en",
        "This is a house rule for “Parliament, the winner scores the others' cards”, played by",
        True,
    ),
    (
        TARGET_HOUSE_RULE,
        "pt",
        "Esta é uma regra da casa para “Parliament: o vencedor marca as cartas dos outros”;",
        True,
    ),
    # Swedish: "holländsk" in small letters inside a sentence, a capital only where one begins
    ("sjuan", "sv", "## Skillnader mot holländsk Fan Tan", True),
    ("sjuan", "sv", "nära besläktat med holländsk Fan Tan.", True),
    ("sjuan", "sv", "Holländsk", False),
    ("caught-holding", "sv", "Det här är en husregel för ”Holländsk Fan Tan”;", True),
    # Brazilian quotation marks and words
    ("parliament", "pt", "- “Parliament – Como Jogar”", True),
    ("parliament", "pt", "«", False),
    ("turn-the-corner", "pt", "esquina", False),
    # Spanish "u" before an o sound in a worked example ("seis u ocho")
    ("sjuan", "es", "6♠ u 8♠.", True),
    ("sjuan", "es", "6♠ o 8♠", False),
    # French deniers are written D ("5 de deniers"); other languages keep the oros' O
    ("cinquillo", "fr", "le 5 de deniers commence", True),
    ("cinquillo", "fr", "(5D)", False),
    ("cinquillo", "fr", "- D deniers", True),
    ("cinquillo", "fr", "5O", False),
    ("cinquillo", "fr", "[5D]", True),
    ("cinquillo", "es", "[5O]", True),
    ("cinquillo", "pt", "[5O]", True),
    ("cinquillo", "en", "[5O]", True),
    # a cry that ends in "!" takes no full stop
    ("last-card", "en", "you must announce “Last card!” If you forget, you are penalised:", True),
    ("last-card", "en", "!”.", False),
    # descriptions say what the rules do
    ("cinquillo-cabron", "en", "so the cards skipped over are stuck in their holders' hands", True),
    ("dutch-any-seven", "en", "so fewer passes have to be paid for at the start", True),
    (
        "parliament-play-on",
        "en",
        "each place after the first costs one point more than the one before",
        True,
    ),
    ("parliament-play-on", "en", "each place scores penalty points", False),
    # a game's name opens the sheet as a plain subject
    (
        "shichi-narabe-traditional",
        "en",
        "Traditional Shichi Narabe is a card game for 3 to 10 players",
        True,
    ),
]

#: Lists joined with "or" and "and": (language, conjunction, items, text).  Spanish says
#: "u" before an o sound and "e" before an i sound, which babel's list patterns do not know.
JOINS = [
    ("es", "or", ["6♠", "8♠"], "6♠ u 8♠"),  # "seis u ocho"
    ("es", "or", ["10R", "11V", "11Z"], "10R, 11V u 11Z"),  # "once"
    ("es", "or", ["siete", "ocho"], "siete u ocho"),
    ("es", "or", ["6♠", "7♠"], "6♠ o 7♠"),
    ("es", "or", ["9♠", "110"], "9♠ o 110"),  # "ciento diez"
    ("es", "and", ["copas", "iglesias"], "copas e iglesias"),
    ("es", "and", ["agua", "hielo"], "agua y hielo"),
    ("es", "and", ["6♦–8♦", "7♥"], "6♦–8♦ y 7♥"),
    ("fr", "or", ["6♠", "8♠"], "6♠ ou 8♠"),
    ("pt", "or", ["6♠", "8♠"], "6♠ ou 8♠"),
]

#: How a sheet begins: its title line (``^``, then the title and the line break's space).
BEGINS = [
    # a house rule named only in English: its parent's name and "house rule" in the
    # sheet's language, not an English title
    (
        HOUSE_RULE,
        "en",
        "^# Amount This is a house rule for “Parliament, penalty points”, played by",
    ),
    (HOUSE_RULE, "de", "^# Parliament mit Strafpunkten (Hausregel) Dies ist eine Hausregel für"),
    (HOUSE_RULE, "fr", "^# Parliament aux points de pénalité (règle maison) Voici une règle"),
    (
        HOUSE_RULE,
        "ja",
        "^# パーラメント（減点方式）のローカルルール 「パーラメント（減点方式）」の",
    ),
    (HOUSE_RULE, "ru", "^# Парламент со штрафными очками (домашнее правило) Это домашнее"),
    ("devyatka-traditional", "en", "^# Devyatka for chips "),
    ("caught-holding", "sv", "^# Holländsk Fan Tan: "),
    ("dutch-fan-tan", "sv", "^# Holländsk Fan Tan Holländsk Fan Tan är"),
    ("turn-the-corner", "pt", "^# Parliament: as fileiras dão a volta "),
]

#: A language's text rules on a line: (language, line, the line as typeset).
TEXT_RULES = [
    # a Swedish nationality adjective is small inside a sentence…
    (
        "sv",
        "en regional variant av Holländsk Fan Tan.",
        "en regional variant av holländsk Fan Tan.",
    ),
    # …and keeps its capital at a sentence's start, in a title and in a name in quotes
    ("sv", "Holländsk Fan Tan är ett kortspel.", "Holländsk Fan Tan är ett kortspel."),
    (
        "sv",
        "# Holländsk Fan Tan: vilken sjua som helst öppnar",
        "# Holländsk Fan Tan: vilken sjua som helst öppnar",
    ),
    ("sv", "Jämfört med ”Holländsk Fan Tan” ändrar", "Jämfört med ”Holländsk Fan Tan” ändrar"),
    ("de", "mit Holländsk Fan Tan", "mit Holländsk Fan Tan"),  # Swedish only
]


@pytest.mark.parametrize(
    ("rulespec", "lang", "phrase", "present"),
    PHRASES,
    ids=[f"{n}-{row[1]}-{'has' if row[3] else 'lacks'}" for n, row in enumerate(PHRASES)],
)
def test_typography_phrase(
    rulespec: str, lang: str, phrase: str, present: bool, tmp_path: Path
) -> None:
    check_phrase(tmp_path, rulespec, lang, phrase, present)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_id_appears_only_in_the_command_line(lang: str, tmp_path: Path) -> None:
    """A built-in's id is shown once, as code, in the line that says how to try the rules."""
    for variant in builtin_ids():
        text = sheet_of(tmp_path, variant, lang)
        assert text.count(f"`sevens simulate {variant}`") == 1, (variant, lang)
        rest = [line for line in text.splitlines() if "`sevens simulate " not in line]
        assert not any(f"`{variant}`" in line for line in rest), (variant, lang)


@pytest.mark.parametrize(("rulespec", "lang", "expected"), BEGINS)
def test_how_a_sheet_begins(rulespec: str, lang: str, expected: str, tmp_path: Path) -> None:
    assert_sheet_says(rulespec, lang, expected, "", tmp_path)


@pytest.mark.parametrize(("lang", "line", "typeset"), TEXT_RULES)
def test_text_rules_of_a_language(lang: str, line: str, typeset: str) -> None:
    assert text_rules(lang)(line) == typeset


@pytest.mark.parametrize(("lang", "conjunction", "items", "text"), JOINS)
def test_lists_joined_as_the_language_says_them(
    lang: str, conjunction: str, items: list[str], text: str
) -> None:
    join = Lang(lang).join_or if conjunction == "or" else Lang(lang).join_and
    assert join(items) == text


#: Rows on the HTML sheet: (rulespec, language, phrase it must say, phrase it must not).
HTML_CASES = [
    # a sentence ending in a colon stays with the picture or table it introduces, in print
    ("elfer-raus", "en", "p:has(+ svg.layout, + table.values", ""),
    ("elfer-raus", "en", "break-after: avoid", ""),
]


@pytest.mark.parametrize(("rulespec", "lang", "expected", "forbidden"), HTML_CASES)
def test_html_sheet_says(
    rulespec: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(rulespec, lang, expected, forbidden, tmp_path, "html")


def test_print_keeps_paragraphs_whole() -> None:
    """A page break inside a three-line paragraph leaves a line alone whatever orphans and
    widows say; kept whole, no paragraph is split (checked in headless Chromium on A4)."""
    html = builtin_sheet("sjuan", "en", "html")
    style = html.split("@media print", 1)[1].split("</style>", 1)[0]
    rule = re.search(r"\bp, li \{([^}]*)\}", style)
    assert rule is not None
    for declaration in ("orphans: 2", "widows: 2", "break-inside: avoid"):
        assert declaration in rule.group(1)


def test_portuguese_is_brazilian_ter_que() -> None:
    texts = [builtin_sheet(v, "pt") for v in ("ristiseiska-bga", "refusal-penalty", "last-card")]
    assert not [t for t in texts if re.search(r"\b(tem|teve|tiver) de\b", t)]


@pytest.mark.parametrize(
    ("n", "noun", "word"),
    [
        (1, "chip", "одну"),  # "кладёт в банк одну фишку": accusative
        (1, "amount", "одна"),  # "Цена паса: одна фишка"
        (2, "pack", "две"),
        (1, "joker", "один"),
        (1, "rank", "одно"),
        (4, "player", "четырёх"),  # "компанией из четырёх человек": genitive
        (1, "time", "одного"),
        (13, "rank", "13"),
        (1, "deal", "1"),  # deals stand in several cases: digits
        (3, "point", "3"),
    ],
)
def test_russian_number_words_take_their_sentences_case(n: int, noun: str, word: str) -> None:
    count = counted("ru", n, noun)
    assert str(count) == word and count == n


JA_SHEETS = ["sevens", "shichi-narabe", "shichi-narabe-joker", "elfer-raus", "cinquillo", "pai-qi"]


@pytest.mark.parametrize("variant", JA_SHEETS)
def test_japanese_prose_has_no_latin_words_or_spaces(variant: str) -> None:
    """Outside code blocks, sources and the table, Latin letters are card codes only, and
    no space stands between two Japanese characters."""
    text = re.sub(r"```.*?```", "", builtin_sheet(variant, "ja"), flags=re.DOTALL)
    prose = [line for line in text.splitlines() if not line.startswith(("- 『", "> ", "|"))]
    for line in prose:
        assert not re.search(r"[A-Za-z]{2,}", line), line
        assert not re.search(r"[^\x00-\x7f] [^\x00-\x7f–]", line.lstrip("- ♣♦♥♠")), line


# -- the rulespecs' own English texts, which stand next to catalog sentences ----------------

#: Kinds whose sheet opens "<name> is a card game …".
SENTENCE_KINDS = {"game", "regional-variant"}


def _document(variant: str) -> dict[str, Any]:
    """The rulespec as written (the model may tidy texts; the test is about the file)."""
    document: dict[str, Any] = yaml.safe_load((BUILTIN_DIR / f"{variant}.yaml").read_text("utf-8"))
    return document


@pytest.mark.parametrize("variant", builtin_ids())
def test_english_texts_write_the_apostrophe_as_the_catalog_does(variant: str) -> None:
    """A sheet mixing "dealer's" (catalog) with "dealer’s" (description) looks careless in print."""
    spec = _document(variant)
    texts = [spec["name"]["en"], spec["description"]["en"], *spec.get("aliases", {}).get("en", [])]
    assert not [text for text in texts if "’" in text]


@pytest.mark.parametrize("variant", builtin_ids())
def test_names_that_open_a_sentence_have_no_comma(variant: str) -> None:
    """A name like "X, y" cannot open "… is a card game"; house rules are introduced otherwise."""
    spec = _document(variant)
    if spec.get("kind") in SENTENCE_KINDS:
        assert "," not in spec["name"]["en"], spec["name"]["en"]
