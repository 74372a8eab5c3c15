"""The documentation in docs/ stays true to the code.

* docs/rulespec.md is exactly what ``compiler.schema_doc`` renders from the
  schema, and every schema property is described;
* every example marked as valid in docs/conditions.md type-checks, and every
  error example prints what the page says;
* every name and attribute the analyser knows is documented.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.compiler.analyse import ATTRIBUTES, BOOL, CONTEXTS, INT, AnalysedRules, Analyser
from sevens.compiler.model import DEFAULT_LEGAL, Condition
from sevens.compiler.pipeline import find_rulespec, load_rulespec
from sevens.compiler.schema_doc import DEFAULTS, render_reference
from sevens.compiler.validate import load_schema
from sevens.runtime.records import RECORD_KEYS

DOCS = Path(__file__).resolve().parent.parent / "docs"
CONDITIONS = DOCS / "conditions.md"

#: The result type each context's expressions must have.
EXPECTED = {"legal": BOOL, "when": BOOL, "allow": BOOL, "player": INT, "card": BOOL}

_CONDITION_BLOCK = re.compile(r"^```condition (\w+)\n(.*?)^```", re.M | re.S)
_ERROR_EXAMPLE = re.compile(
    r"^```yaml title=(?P<name>[\w.-]+)\n(?P<yaml>.*?)^```\s*"
    r"^```console\n\$ sevens validate (?P=name)\n(?P<output>.*?)^```",
    re.M | re.S,
)


def _parliament() -> AnalysedRules:
    return load_rulespec(find_rulespec("parliament"))


def _properties(schema: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every property of ``schema`` and of the objects nested in it, with its dotted path."""
    for name, sub in schema.get("properties", {}).items():
        yield f"{path}{name}", sub
        yield from _properties(sub, f"{path}{name}.")
    for name, sub in schema.get("$defs", {}).items():
        yield from _properties(sub, f"$defs.{name}.")


def _condition_examples() -> list[tuple[str, str]]:
    text = CONDITIONS.read_text(encoding="utf-8")
    found = []
    for block in _CONDITION_BLOCK.finditer(text):
        context, body = block.group(1), block.group(2)
        found += [(context, line.strip()) for line in body.splitlines() if line.strip()]
    return found


def _error_examples() -> list[tuple[str, str, str]]:
    text = CONDITIONS.read_text(encoding="utf-8")
    return [(m["name"], m["yaml"], m["output"]) for m in _ERROR_EXAMPLE.finditer(text)]


def test_reference_matches_schema() -> None:
    committed = (DOCS / "rulespec.md").read_text(encoding="utf-8")
    assert committed == render_reference(), (
        "docs/rulespec.md is stale: run 'python -m sevens.compiler.schema_doc > docs/rulespec.md'"
    )


def test_every_schema_property_is_described() -> None:
    missing = [
        path
        for path, sub in _properties(load_schema(), "")
        if not sub.get("description", "").strip()
    ]
    assert not missing, f"schema properties without a description: {missing}"


def test_defaults_name_real_properties() -> None:
    paths = {path for path, _ in _properties(load_schema(), "")}
    assert set(DEFAULTS) <= paths


def test_documented_defaults_match_the_model(tmp_path: Path) -> None:
    """A rulespec with only an id gets the defaults the reference lists."""
    path = tmp_path / "minimal.yaml"
    path.write_text("id: minimal\n", encoding="utf-8")
    spec = load_rulespec(path).spec
    deck, layout = spec.deck, spec.layout
    assert spec.name == "minimal"
    assert (deck.preset, deck.ace, deck.copies, deck.removed) == ("french", "high", 1, frozenset())
    assert (spec.players.min, spec.players.max) == (3, 8)
    assert layout.start_rank is not None and deck.ranks[layout.start_rank].code == "7"
    assert (layout.rows_per_suit, layout.wrap, layout.preplaced) == (1, False, ())
    assert (spec.opening.card, spec.opening.leader) == (None, "left-of-dealer")
    assert spec.legal.text == DEFAULT_LEGAL
    assert DEFAULT_LEGAL in (DOCS / "rulespec.md").read_text(encoding="utf-8")
    assert (spec.passing.voluntary, spec.passing.cost.text) == (False, "0")
    assert spec.passing.voluntary_cost is spec.passing.cost
    assert (spec.end_when, spec.blocked) == ("first-out", "score")
    assert spec.chips is None and spec.points is None and spec.follow_up is None


def test_documented_mechanic_and_session_defaults(tmp_path: Path) -> None:
    """The keys added for the regional variants default to "not used"."""
    path = tmp_path / "minimal.yaml"
    path.write_text("id: minimal\n", encoding="utf-8")
    spec = load_rulespec(path).spec
    passing = spec.passing
    assert (passing.limit, passing.over_limit, passing.voluntary_transfer) == (None, None, None)
    assert spec.last_card is None and spec.session is None
    assert (spec.opening.choices, spec.opening.leader_cards) == ((), None)
    assert spec.deck.copies == 1 and len(spec.deck.ranks) == 13


def test_documented_session_defaults(tmp_path: Path) -> None:
    path = tmp_path / "session.yaml"
    # A bare "chips: {}" currently gets "most-deals" (compiler/model.py tests it for truth).
    path.write_text("id: session\nscoring: {chips: {ante: 1}}\nsession: {}\n", encoding="utf-8")
    session = load_rulespec(path).spec.session
    assert session is not None
    assert (session.deals, session.winner, session.tiebreak) == (None, "most-chips", "none")
    assert (session.target_chips, session.target_points, session.target_deals) == (None,) * 3


def test_documented_chip_and_follow_up_defaults(tmp_path: Path) -> None:
    path = tmp_path / "partial.yaml"
    path.write_text(
        "id: partial\nscoring: {chips: {}}\nplay: {follow_up: {when: 'false', allow: 'false'}}\n",
        encoding="utf-8",
    )
    spec = load_rulespec(path).spec
    assert spec.chips is not None and spec.follow_up is not None
    assert (spec.chips.ante.text, spec.chips.pot, spec.chips.pay_winner.text) == (
        "0",
        "winner",
        "0",
    )
    assert spec.follow_up.optional is True


def test_conditions_page_has_examples() -> None:
    contexts = {context for context, _ in _condition_examples()}
    assert contexts == set(CONTEXTS)
    assert len(_error_examples()) >= 5


@pytest.mark.parametrize(("context", "text"), _condition_examples())
def test_condition_example_type_checks(context: str, text: str) -> None:
    rules = _parliament()
    analyser = Analyser(rules.spec.deck, rules.spec.layout.wrap, context)
    analyser.run(Condition("example", text, None), EXPECTED[context])


@pytest.mark.parametrize(("name", "yaml_text", "output"), _error_examples())
def test_error_example_output(
    name: str, yaml_text: str, output: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).write_text(yaml_text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", name])
    assert result.exit_code == 2
    assert result.stderr == output


def test_every_name_is_documented() -> None:
    text = CONDITIONS.read_text(encoding="utf-8")
    names = {name for scope in CONTEXTS.values() for name in scope}
    names |= set(CONTEXTS)
    names |= {attribute for table in ATTRIBUTES.values() for attribute in table}
    missing = sorted(name for name in names if f"`{name}`" not in text)
    assert not missing, f"not documented in docs/conditions.md: {missing}"


def test_every_attribute_is_in_its_table() -> None:
    """Each attribute appears in the attribute table next to its object type."""
    text = CONDITIONS.read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| ([a-z ]+) \| `(\w+)` \|", text, re.M))
    objects = {
        "card": "card",
        "row": "row",
        "table": "table",
        "cards": "set of cards",
        "player": "player",
        "game": "game",
    }
    expected = {
        (objects[kind], attribute) for kind, table in ATTRIBUTES.items() for attribute in table
    }
    assert expected <= rows, sorted(expected - rows)


def test_record_keys_are_documented() -> None:
    """The game-record format described in docs/architecture.md names every key."""
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    keys = [
        *RECORD_KEYS,
        "seat",
        "legal",
        "action",
        "card",
        "kind",
        "chips",
        "points",
        "cards_left",
    ]
    missing = [key for key in keys if f"| `{key}` |" not in text]
    assert not missing, f"record keys missing from docs/architecture.md: {missing}"


_VARIANT_ROW = re.compile(
    r"^\| \[`(?P<id>[a-z0-9-]+)`\]\(#[a-z0-9-]+\) \| (?P<name>[^|]+?) \|", re.M
)
_VARIANT_SECTION = re.compile(r"^### (?P<id>[a-z0-9-]+)\n\n\*\*(?P<name>[^*]+?)\.?\*\*", re.M)


def _english_names() -> dict[str, str]:
    from sevens.compiler.load import builtin_ids

    names = {}
    for rule_set in builtin_ids():
        spec = load_rulespec(find_rulespec(rule_set)).spec
        names[rule_set] = spec.naming.names.get("en") or next(iter(spec.naming.names.values()))
    return names


def test_variants_page_uses_the_rule_sets_names() -> None:
    """docs/variants.md names each rule set as its English rule sheet does, in the
    table and at the head of its section (names change when native readers edit them)."""
    text = (DOCS / "variants.md").read_text(encoding="utf-8")
    names = _english_names()
    rows = {m["id"]: m["name"] for m in _VARIANT_ROW.finditer(text)}
    sections = {m["id"]: m["name"] for m in _VARIANT_SECTION.finditer(text)}
    assert set(rows) == set(names)
    assert set(sections) == set(names)
    assert {k: v for k, v in rows.items() if v != names[k]} == {}
    assert {k: v for k, v in sections.items() if v != names[k]} == {}
