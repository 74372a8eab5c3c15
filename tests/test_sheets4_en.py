"""Fourth native reading of the English sheets (issue 9): checks on the en texts of the rulespecs.

Games and regional variants open their sheet with "<name> is a card game …", so a name built
like a catalogue entry ("Shichi Narabe, sevens laid out by their holders") reads badly there; and
the descriptions stand next to catalog sentences, which write the apostrophe straight.
"""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.rulesheet import render_rulesheet
from tests.conftest import rules_of

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


def test_traditional_shichi_narabe_opens_with_a_plain_subject() -> None:
    text = render_rulesheet(rules_of("shichi-narabe-traditional"), "en")
    assert "Traditional Shichi Narabe is a card game for 3 to 10 players" in text
