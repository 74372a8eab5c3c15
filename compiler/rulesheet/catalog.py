"""Catalog maintenance with Babel: extract the messages, update the ``.po`` files.

Run ``python -m sevens.compiler.rulesheet.catalog`` after changing a template or a
phrase table: new messages are added (untranslated, so the catalog test
fails until they are translated) and obsolete ones dropped.
"""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from ..output import write_text
from .i18n import DOMAIN, LANGUAGES, po_path

PACKAGE_DIR = Path(__file__).resolve().parent
KEYWORDS = {**DEFAULT_KEYWORDS, "P_": ((1, "c"), 2), "NP_": ((1, "c"), 2, 3)}
METHOD_MAP = [("**.py", "python"), ("templates/**.j2", "jinja2.ext:babel_extract")]
OPTIONS = {"templates/**.j2": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}


def extract_messages() -> Catalog:
    """Every message of the rule-sheet package (templates and phrase tables)."""
    catalog = Catalog(domain=DOMAIN, project="sevens", fuzzy=False)
    found = extract_from_dir(PACKAGE_DIR, METHOD_MAP, OPTIONS, KEYWORDS, strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def read_catalog(lang: str) -> Catalog:
    """The ``.po`` catalog of ``lang``."""
    with po_path(lang).open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def write_catalog(catalog: Catalog, lang: str) -> None:
    """Write ``catalog`` as the ``.po`` file of ``lang`` (sorted, without dates, so diffs stay small)."""
    catalog.revision_date = catalog.creation_date  # keep the header stable
    buffer = BytesIO()  # Babel writes bytes; the one output writer takes text
    write_po(buffer, catalog, width=0, sort_output=True, omit_header=False, include_lineno=False)
    text = buffer.getvalue().decode(catalog.charset or "utf-8")
    write_text(po_path(lang), text, what="the catalog", make_parents=True)


def update_catalogs() -> None:
    """Merge the extracted messages into every language's catalog."""
    template = extract_messages()
    for lang in LANGUAGES:
        catalog = (
            read_catalog(lang) if po_path(lang).exists() else Catalog(locale=lang, domain=DOMAIN)
        )
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        write_catalog(catalog, lang)


if __name__ == "__main__":
    update_catalogs()
