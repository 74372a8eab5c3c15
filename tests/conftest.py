"""Shared fixtures: the built-in rulespecs, compiled and interpreted."""

from __future__ import annotations

from functools import cache

import pytest

from sevens.compiler.interpret import ReferenceRules
from sevens.compiler.load import builtin_ids
from sevens.compiler.pipeline import find_rulespec, load_rulespec
from sevens.runtime.api import Rules
from sevens.runtime.registry import load_rules

BUILTIN_IDS = builtin_ids()


@cache
def compiled(variant: str) -> Rules:
    """The committed generated module of a built-in variant."""
    return load_rules(variant)


@cache
def reference(variant: str) -> ReferenceRules:
    """The reference interpreter of a built-in variant."""
    return ReferenceRules(load_rulespec(find_rulespec(variant)))


@pytest.fixture(params=BUILTIN_IDS)
def variant(request: pytest.FixtureRequest) -> str:
    return str(request.param)
