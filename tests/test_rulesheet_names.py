"""Display names of the built-in rule sets: one name per rule set and language."""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pytest

from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.model import Rulespec
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import LANGUAGES
from sevens.compiler.rulesheet.i18n import Lang
from sevens.compiler.rulesheet.sheet import display_name


@cache
def spec_of(variant: str) -> Rulespec:
    """The loaded rulespec, once per test session (each test reads all of them in every language)."""
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml").spec


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_rule_sets_share_a_display_name(lang: str) -> None:
    """A sheet that says "what differs from X" must point at one game only."""
    owners: dict[str, list[str]] = defaultdict(list)
    for variant in builtin_ids():
        spec = spec_of(variant)
        owners[display_name(Lang(lang), spec) or variant].append(variant)
    shared = {name: ids for name, ids in owners.items() if len(ids) > 1}
    assert not shared, f"{lang}: {shared}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_set_is_named_in_every_language(lang: str) -> None:
    """No sheet falls back to another language's name."""
    unnamed = [v for v in builtin_ids() if lang not in spec_of(v).naming.names]
    assert not unnamed, f"{lang}: {unnamed}"
