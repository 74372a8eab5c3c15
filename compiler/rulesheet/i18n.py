"""Message catalogs: read the ``.po`` files with Babel and compile them in memory.

No ``.mo`` files are committed: each catalog is compiled into a ``BytesIO``
the first time a language is used, so the ``.po`` files stay the only
source of the translations.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from sevens.compiler.errors import Diagnostic, SevensError

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

    def join_and(self, items: list[str]) -> str:
        """``a, b and c`` in this language."""
        return format_list(items, locale=self.code) if items else ""

    def join_or(self, items: list[str]) -> str:
        """``a, b or c`` in this language."""
        return format_list(items, style="or", locale=self.code) if items else ""


def language_name(lang: Lang, code: str) -> str:
    """The name of language ``code`` in ``lang`` ("de" → "allemand"), as the language writes it."""
    return str(Locale(lang.code).languages.get(code, code))
