"""Message catalogs: read the ``.po`` files with Babel and compile them in memory.

No ``.mo`` files are committed: each catalog is compiled into a ``BytesIO``
the first time a language is used, so the ``.po`` files stay the only
source of the translations.
"""

from __future__ import annotations

import gettext
import re
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..errors import Diagnostic, SevensError

LANGUAGES: tuple[str, ...] = ("de", "en", "es", "fr", "ja", "nl", "pt", "ru", "sv")
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "sevens"


def P_(context: str, message: str) -> tuple[str, str]:
    """Mark a message with a context for extraction; translate it later with ``pgettext``."""
    return context, message


def check_language(lang: str) -> None:
    """Raise a user-facing error unless ``lang`` is one of :data:`LANGUAGES`."""
    if lang not in LANGUAGES:
        known = ", ".join(LANGUAGES)
        raise SevensError(Diagnostic(f"unknown language '{lang}' — known languages: {known}"))


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalog of ``lang`` (compiled once per process)."""
    check_language(lang)
    with po_path(lang).open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=DOMAIN)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@dataclass(frozen=True)
class Lang:
    """The translation functions of one language, passed to every phrase builder."""

    code: str

    @property
    def tr(self) -> gettext.GNUTranslations:
        return translations(self.code)

    def gettext(self, message: str) -> str:
        """Translate ``message``."""
        return self.tr.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Translate with the plural form for ``n``."""
        return self.tr.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """Translate ``message`` in ``context``."""
        return self.tr.pgettext(context, message)

    def marked(self, mark: tuple[str, str], **values: object) -> str:
        """Translate a :func:`P_`-marked message and fill in ``values``."""
        text = self.tr.pgettext(*mark)
        return text % values if values else text

    def count(self, n: int, noun: str, case: str | None = None) -> int:
        """``n`` things called ``noun``, written as this language's style wants (see :func:`counted`);
        ``case`` names the form a sentence gives the number where it differs from the noun's usual one."""
        return counted(self.code, n, noun, case)

    def join_and(self, items: list[str]) -> str:
        """``a, b and c`` in this language."""
        text = format_list(items, locale=LIST_LOCALE.get(self.code, self.code)) if items else ""
        return spanish_conjunction(text, items, "y") if self.code == "es" else text

    def join_or(self, items: list[str]) -> str:
        """``a, b or c`` in this language."""
        locale = LIST_LOCALE.get(self.code, self.code)
        text = format_list(items, style="or", locale=locale) if items else ""
        return spanish_conjunction(text, items, "o") if self.code == "es" else text


#: The item starts that make Spanish "o" into "u" (a spoken /o/: "ocho", "8♠", "11" read
#: "once") and "y" into "e" (a spoken /i/ that is no diphthong: "iglesia", but "hielo").
SPANISH_SHIFTS = {
    "o": ("u", re.compile(r"(?:h?[oó]|8|11(?!\d))", re.IGNORECASE)),
    "y": ("e", re.compile(r"h?[ií](?![aeiouáéó])", re.IGNORECASE)),
}


def spanish_conjunction(text: str, items: list[str], word: str) -> str:
    """``text``, a Spanish list ending in " ``word`` <last item>", with ``word`` made "u" or "e"
    where the last item's sound asks for it ("7♥ u 8♠"): babel's list patterns do not."""
    shifted, start = SPANISH_SHIFTS[word]
    tail = f" {word} {items[-1]}" if items else ""
    if len(items) < 2 or not text.endswith(tail) or not start.match(items[-1]):
        return text
    return f"{text[: -len(tail)]} {shifted} {items[-1]}"


#: The locale whose list style a language's sheets follow: British English, without the
#: serial comma ("Fan Tan, Sevens and Dominoes").
LIST_LOCALE = {"en": "en_GB"}


def language_name(lang: Lang, code: str) -> str:
    """The name of language ``code`` in ``lang`` ("de" → "allemand"), as the language writes it."""
    return str(Locale(lang.code).languages.get(code, code))


#: Small numbers in words, 1 to 12, in the languages whose running text spells them out
#: (Japanese keeps digits).  A Russian number word also takes the case of its sentence,
#: which the catalog's plural forms cannot choose: Russian spells out only the nouns of
#: :data:`GENDERS` whose sentences all put them in one case (see :data:`LISTED_ONLY`).
NUMBER_WORDS: dict[str, tuple[str, ...]] = {
    "en": (
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
    ),
    "de": (
        "ein",
        "zwei",
        "drei",
        "vier",
        "fünf",
        "sechs",
        "sieben",
        "acht",
        "neun",
        "zehn",
        "elf",
        "zwölf",
    ),
    "es": (
        "un",
        "dos",
        "tres",
        "cuatro",
        "cinco",
        "seis",
        "siete",
        "ocho",
        "nueve",
        "diez",
        "once",
        "doce",
    ),
    "fr": (
        "un",
        "deux",
        "trois",
        "quatre",
        "cinq",
        "six",
        "sept",
        "huit",
        "neuf",
        "dix",
        "onze",
        "douze",
    ),
    "nl": (
        "één",
        "twee",
        "drie",
        "vier",
        "vijf",
        "zes",
        "zeven",
        "acht",
        "negen",
        "tien",
        "elf",
        "twaalf",
    ),
    "pt": (
        "um",
        "dois",
        "três",
        "quatro",
        "cinco",
        "seis",
        "sete",
        "oito",
        "nove",
        "dez",
        "onze",
        "doze",
    ),
    "sv": ("en", "två", "tre", "fyra", "fem", "sex", "sju", "åtta", "nio", "tio", "elva", "tolv"),
    "ru": (
        "один",
        "два",
        "три",
        "четыре",
        "пять",
        "шесть",
        "семь",
        "восемь",
        "девять",
        "десять",
        "одиннадцать",
        "двенадцать",
    ),
}
#: Languages that spell out only the nouns listed for them in :data:`GENDERS`; other
#: nouns keep digits (Russian "deal" and "point" stand in several cases across sentences).
LISTED_ONLY = frozenset({"ru"})
#: The gender (and, in German, case) of each counted noun as the catalogs word it; only
#: "one" (and Portuguese "two") change with it.  German nouns take the case the
#: sentences give them ("kostet einen Chip", "zieht eine Karte", "mit … einem Joker";
#: "-mal" joins "ein");
#: an "amount" is a number of chips standing alone, as ``sevens diff`` gives it ("ein Chip");
#: "jokers" is a number of jokers standing alone, the noun left to the label ("Joker: einer
#: im Spiel", "Comodines: uno en la baraja"); a "factor" multiplies an amount ("duas vezes os
#: valores", "dreimal die Punktwerte"; Russian, which has no word form for it, gives digits:
#: "3-кратную стоимость").
GENDERS: dict[str, dict[str, str]] = {
    "de": {
        "chip": "m-acc",
        "amount": "m",
        "card": "f",
        "deal": "f",
        "row": "f",
        "pack": "n",
        "time": "n",
        "factor": "n",
        "player": "m",
        "rank": "m-acc",
        "joker": "m-dat",
        "jokers": "m-pron",
        "point": "m-acc",
    },
    "es": {
        "chip": "f",
        "amount": "f",
        "card": "f",
        "deal": "f",
        "row": "f",
        "pack": "f",
        "time": "f",
        "factor": "f",
        "player": "m",
        "rank": "f",
        "jokers": "m-pron",
    },
    "fr": {
        "chip": "m",
        "card": "f",
        "deal": "f",
        "row": "f",
        "pack": "m",
        "time": "f",
        "factor": "f",
        "player": "m",
        "rank": "f",
    },
    "pt": {
        "chip": "f",
        "amount": "f",
        "card": "f",
        "deal": "f",
        "row": "f",
        "pack": "m",
        "time": "f",
        "factor": "f",
        "player": "m",
        "rank": "f",
    },
    "sv": {"card": "n"},  # "en poäng", as the Swedish catalog writes it
    # Russian: the case each noun's sentences give it ("кладёт в банк одну фишку",
    # "Цена паса: одна фишка", "не больше трёх раз", "компанией из четырёх человек")
    "ru": {
        "chip": "f-acc",
        "amount": "f",
        "card": "f-acc",
        "pack": "f-acc",
        "joker": "m",
        "jokers": "m",
        "row": "m",
        "rank": "n",
        "time": "gen",
        "player": "gen",
    },
}
AGREEMENT: dict[str, dict[str, dict[int, str]]] = {
    "de": {"m-acc": {1: "einen"}, "m-dat": {1: "einem"}, "m-pron": {1: "einer"}, "f": {1: "eine"}},
    "es": {"f": {1: "una"}, "m-pron": {1: "uno"}},
    "fr": {"f": {1: "une"}},
    "pt": {"f": {1: "uma", 2: "duas"}},
    "sv": {"n": {1: "ett"}},
    "ru": {
        "f-acc": {1: "одну", 2: "две"},
        "f": {1: "одна", 2: "две"},
        "n": {1: "одно"},
        "gen": dict(
            enumerate(
                (
                    "одного",
                    "двух",
                    "трёх",
                    "четырёх",
                    "пяти",
                    "шести",
                    "семи",
                    "восьми",
                    "девяти",
                    "десяти",
                    "одиннадцати",
                    "двенадцати",
                ),
                1,
            )
        ),
    },
}

#: The Russian genitive of a feminine noun differs from the masculine only in "one".
AGREEMENT["ru"]["f-gen"] = {**AGREEMENT["ru"]["gen"], 1: "одной"}


class Count(int):
    """A number of things: an ``int`` for plural choice, shown as its word by ``%s``."""

    word: str

    def __new__(cls, n: int, word: str) -> Count:
        count = super().__new__(cls, n)
        count.word = word
        return count

    def __str__(self) -> str:
        return self.word


#: The form of a number that one sentence gives its noun, where the noun's usual form in
#: :data:`GENDERS` does not fit: (noun, case) → form of :data:`AGREEMENT`.  Russian "deal"
#: (сдача) is spelt out in the sentences that name the case they put it in ("выиграет
#: три сдачи" and "через пять сдач" take the accusative; "не больше трёх карт" and "не больше
#: пяти сдач" the genitive; "В партии две сдачи" the nominative; "берёт одну карту" the
#: accusative).
CASE_FORMS: dict[str, dict[tuple[str, str], str]] = {
    "ru": {
        ("deal", "acc"): "f-acc",
        ("deal", "gen"): "f-gen",
        ("deal", "nom"): "f",
        ("card", "gen"): "f-gen",
        ("card", "acc"): "f-acc",
        ("player", "gen"): "gen",
        ("suit", "gen"): "f-gen",
        ("suit", "nom"): "f",
        ("colour", "gen"): "gen",
        ("colour", "nom"): "m",
    },
}


def counted(lang: str, n: int, noun: str, case: str | None = None) -> int:
    """``n`` as a :class:`Count` that prints as a word where ``lang`` spells small numbers
    out, agreeing with ``noun`` ("card", "chip", …) in ``case`` where :data:`CASE_FORMS`
    gives that case a form; else ``n`` itself (digits)."""
    words = NUMBER_WORDS.get(lang)
    if words is None or isinstance(n, bool) or not 1 <= n <= len(words):
        return n
    form = CASE_FORMS.get(lang, {}).get((noun, case or ""))
    if form is not None:
        return Count(n, AGREEMENT[lang].get(form, {}).get(n, words[n - 1]))
    if lang in LISTED_ONLY and noun not in GENDERS.get(lang, {}):
        return n
    gender = GENDERS.get(lang, {}).get(noun, "")
    word = AGREEMENT.get(lang, {}).get(gender, {}).get(n, words[n - 1])
    return Count(n, word)
