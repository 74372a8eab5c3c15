"""The compiler pipeline: load → validate → model → parse/analyse → emit.

Each stage lives in its own module; this one only chains them and writes
files atomically.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from .analyse import AnalysedRules, analyse
from .contract import build_rule_set, check_opening
from .emit import emit_module
from .errors import Diagnostic, SevensError
from .interpret import ReferenceRules
from .load import (
    BUILTIN_DIR,
    Document,
    builtin_ids,
    load_document,
    load_text,
    resolve_reference,
)
from .model import Rulespec, build_model
from .output import write_text
from .validate import check_playable, validate_document

GENERATED_DIR = Path(__file__).resolve().parent.parent / "generated"


@dataclass
class Compiled:
    """A rulespec after every stage: its model, typed conditions and module text."""

    spec: Rulespec
    rules: AnalysedRules
    source: str


def load_rulespec(path: Path) -> AnalysedRules:
    """Load, validate, model and analyse one rulespec file."""
    return analyse_document(load_document(path))


def load_rulespec_text(name: str, text: str) -> AnalysedRules:
    """Load, validate, model and analyse a rulespec held in memory (see :func:`load_text`)."""
    return analyse_document(load_text(name, text))


def analyse_document(document: Document) -> AnalysedRules:
    """Validate, model and analyse a loaded document (``extends`` already merged)."""
    try:
        validate_document(document)
        rules = analyse(build_model(document))
        _check_leader_cards(rules)
        check_opening(rules)
        check_playable(document, rules)
    except SevensError as exc:
        raise document.point_to_overrides(exc) from None
    return rules


def _check_leader_cards(rules: AnalysedRules) -> None:
    """``opening.leader_cards`` must hold for some dealt card, or no deal could start."""
    from .interpret import card_condition_holds

    analysed, spec = rules.leader_cards, rules.spec
    if analysed is None:
        return
    deck, preplaced = spec.deck, set(spec.layout.preplaced)
    dealt = [f for f in range(deck.n_faces) if deck.in_play(f) and f not in preplaced]
    if not any(card_condition_holds(spec, analysed.tree, face) for face in dealt):
        message = "opening.leader_cards: no dealt card satisfies this condition"
        raise SevensError(analysed.condition.diagnostic(message, 0))


def reference_rules(rules: AnalysedRules) -> ReferenceRules:
    """The reference interpreter of an analysed rule set, with its contract record."""
    return ReferenceRules(rules, build_rule_set(rules))


def compile_file(path: Path) -> Compiled:
    """Run the whole pipeline on one file."""
    return compile_rules(load_rulespec(path))


def compile_rules(rules: AnalysedRules) -> Compiled:
    """The module of a loaded rule set: the one place a rulespec becomes code.

    ``sevens compile``, the registry (built-in and user rulespecs) and the
    balance lab all reach the emitter through here.
    """
    return Compiled(rules.spec, rules, emit_module(rules))


def find_rulespec(reference: str) -> Path:
    """The file for a variant id or path, or a clear error."""
    path = resolve_reference(reference, Path.cwd())
    if path is None:
        from .errors import did_you_mean

        hint = did_you_mean(reference, builtin_ids())
        known = ", ".join(builtin_ids())
        raise SevensError(Diagnostic(f"unknown variant '{reference}'{hint} (known: {known})"))
    if is_builtin(path):  # a link to a built-in is that built-in, whatever the link is called
        return path.resolve()
    return path


def is_builtin(path: Path) -> bool:
    """Whether ``path`` is one of the shipped rulespecs."""
    return path.resolve().parent == BUILTIN_DIR.resolve()


def generated_path(variant_id: str) -> Path:
    """Where the module of a built-in rulespec lives."""
    return GENERATED_DIR / f"{variant_id}.py"


def write_atomic(path: Path, text: str, inputs: Iterable[Path] = ()) -> None:
    """Write ``text`` to ``path`` so readers never see a half-written file.

    Creates missing parent folders; see :mod:`sevens.compiler.output` for
    devices, links, permissions and errors.
    """
    write_text(path, text, inputs=inputs, make_parents=True)
