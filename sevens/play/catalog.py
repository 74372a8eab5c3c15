"""The game's catalog maintenance: ``python -m sevens.play.catalog``.

Collects the messages of ``sevens/play/*.py`` (``gettext``/``ngettext`` calls and the
``_ = words.gettext`` shorthand) into ``sevens/play/locale/<lang>/LC_MESSAGES/
sevens-play.po`` for every language: new messages are added untranslated (the catalog
test then fails until they are translated), obsolete ones dropped.  The rule sheets'
catalog is separate (``python -m sevens.compiler.rulesheet.catalog``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from sevens.compiler.output import write_text

from .i18n import DOMAIN, LANGUAGES, po_path

PACKAGE_DIR = Path(__file__).resolve().parent
METHOD_MAP = [("*.py", "python")]


@dataclass(frozen=True)
class Domain:
    """A gettext domain kept as this game's is: its package's messages, one ``.po`` per
    language (the workbench, ``sevens serve``, keeps its page texts the same way)."""

    name: str
    package_dir: Path
    po_path: Callable[[str], Path]


#: The game's own domain.
GAME = Domain(DOMAIN, PACKAGE_DIR, po_path)


def extract_messages(domain: Domain = GAME) -> Catalog:
    """Every message of the domain's modules."""
    catalog = Catalog(domain=domain.name, project="sevens", fuzzy=False)
    found = extract_from_dir(
        domain.package_dir, METHOD_MAP, {}, DEFAULT_KEYWORDS, strip_comment_tags=True
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalog(lang: str, domain: Domain = GAME) -> Catalog:
    """The domain's ``.po`` catalog of ``lang``."""
    with domain.po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=domain.name)


def write_catalog(catalog: Catalog, lang: str, domain: Domain = GAME) -> None:
    """Write ``catalog`` as the ``.po`` file of ``lang`` (sorted, without dates or line
    numbers, so that diffs stay small)."""
    catalog.revision_date = catalog.creation_date
    buffer = BytesIO()
    write_po(buffer, catalog, width=0, sort_output=True, omit_header=False, include_lineno=False)
    text = buffer.getvalue().decode(catalog.charset or "utf-8")
    write_text(domain.po_path(lang), text, what="the catalog", make_parents=True)


def update_catalogs(domain: Domain = GAME) -> None:
    """Merge the extracted messages into every language's catalog."""
    template = extract_messages(domain)
    for lang in LANGUAGES:
        catalog = (
            read_catalog(lang, domain)
            if domain.po_path(lang).exists()
            else Catalog(locale=lang, domain=domain.name)
        )
        catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header is complete: its plural forms must be used
        catalog.project, catalog.version = "sevens", "0.1"
        catalog.obsolete.clear()
        write_catalog(catalog, lang, domain)


if __name__ == "__main__":
    update_catalogs()
