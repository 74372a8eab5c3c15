"""The game's own words in nine languages: the ``sevens-play`` gettext domain.

The screen texts of ``sevens play`` live in ``sevens/play/locale/<lang>/LC_MESSAGES/
sevens-play.po``, a catalog of their own (the rule sheets keep theirs in
``compiler/locale``); ``python -m sevens.play.catalog`` collects the messages of
``sevens/play/`` into it.  As for the sheets, no ``.mo`` file is committed: each
catalog is compiled in memory the first time its language is used.

Card codes on the screen follow the language's corner letters (German ``D♠`` for
the queen of spades), taken from the rule sheets' catalog, so a card looks the same
in the game and on its sheet; what is typed may use either.
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from sevens.compiler.rulesheet.cards import RANK_LETTERS
from sevens.compiler.rulesheet.i18n import LANGUAGES as LANGUAGES
from sevens.compiler.rulesheet.i18n import Lang as SheetLang

DOMAIN = "sevens-play"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The environment variables that name the user's language, most specific first (as gettext
#: reads them).
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
FALLBACK = "en"


class UnknownLanguage(ValueError):
    """A language code the game has no catalog for."""


def check_language(lang: str) -> None:
    """Refuse a language the game does not speak, naming those it does."""
    if lang not in LANGUAGES:
        raise UnknownLanguage(
            f"unknown language '{lang}' — known languages: {', '.join(LANGUAGES)}"
        )


def language_from_environment(environ: Mapping[str, str]) -> str:
    """The language the locale asks for (``de_DE.UTF-8`` → ``de``), else English.

    The first variable that is set decides, as in gettext; ``LANGUAGE`` may list several
    (``sv:de``): the first one the game speaks is taken.  ``C`` and ``POSIX`` mean English.
    """
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for entry in value.split(":") if variable == "LANGUAGE" else [value]:
            code = entry.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        if variable != "LANGUAGE":
            return FALLBACK  # a locale is set but is none of ours
    return FALLBACK


def po_path(lang: str) -> Path:
    """Where the game's catalog of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def translations(lang: str) -> gettext.GNUTranslations:
    """The game's compiled catalog of ``lang`` (compiled once per process)."""
    check_language(lang)
    return compiled_catalog(po_path(lang), lang, DOMAIN)


@cache
def compiled_catalog(po_file: Path, lang: str, domain: str) -> gettext.GNUTranslations:
    """The ``.po`` catalog at ``po_file`` compiled in memory (once per process): the game's,
    or another application's catalog kept the same way (the workbench's page texts)."""
    with po_file.open("rb") as handle:
        catalog = read_po(handle, locale=lang, domain=domain)
    buffer = BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


@dataclass(frozen=True)
class Words:
    """The translation functions of the game in one language."""

    code: str = FALLBACK

    def __post_init__(self) -> None:
        check_language(self.code)

    def gettext(self, message: str) -> str:
        """``message`` in this language."""
        return translations(self.code).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The form of a message for the number ``n``."""
        return translations(self.code).ngettext(singular, plural, n)

    def rank_letter(self, code: str) -> str:
        """A court card's corner letter in this language (``Q`` → German ``D``); other ranks
        as they are."""
        mark = RANK_LETTERS.get(code)
        return SheetLang(self.code).marked(mark) if mark else code

    def rank_code(self, letter: str) -> str | None:
        """The English rank code of a corner letter of this language (``D`` → ``Q`` in German),
        compared without case; None when no court card of the language is written so."""
        for code in RANK_LETTERS:
            if self.rank_letter(code).upper() == letter.upper():
                return code
        return None
