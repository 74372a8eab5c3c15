"""Stage 1: load a rulespec from YAML, remembering where every value came from.

PyYAML is used only to *compose* a node graph with the safe loader; we build
the Python values ourselves so that

* duplicate mapping keys are an error instead of "last one wins";
* only ``true``/``false`` are booleans (YAML 1.2), so ``no``, ``yes``, ``on``
  and ``off`` stay strings;
* aliases are expanded under a budget, so a "billion laughs" file fails fast;
* any explicit tag (``!!python/object`` …) is rejected;
* every value keeps its ``file:line:col`` for later diagnostics.

``extends:`` is resolved here too: the parent is loaded first and the child is
merged over it (mappings merge key by key, lists and scalars replace).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sevens.compiler.errors import Diagnostic, SevensError, SourceFile, _shown, did_you_mean

Path_ = tuple[str | int, ...]

#: Directory holding the built-in rulespecs.
BUILTIN_DIR = Path(__file__).resolve().parent.parent / "rulespecs"

#: How many nodes alias expansion may produce before we call it an attack.
NODE_BUDGET = 100_000

_STR = "tag:yaml.org,2002:str"
_PLAIN_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
}


class _StrictResolver(yaml.resolver.Resolver):
    """YAML 1.2-style implicit typing: only true/false are booleans."""


_StrictResolver.yaml_implicit_resolvers = {
    first: [
        (tag, rx)
        for tag, rx in resolvers
        if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
    ]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


class _ComposeLoader(
    yaml.reader.Reader,
    yaml.scanner.Scanner,
    yaml.parser.Parser,
    yaml.composer.Composer,
    _StrictResolver,
):
    """A loader that can only compose nodes; it never constructs objects."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        _StrictResolver.__init__(self)


@dataclass(frozen=True)
class Origin:
    """Where a value was written: the file and the node's span in it."""

    source: SourceFile
    line: int  # 1-based
    column: int  # 1-based
    start_index: int
    end_index: int
    style: str | None = None

    def diagnostic(self, message: str) -> Diagnostic:
        """A diagnostic pointing at this value."""
        return self.source.diagnostic(message, self.line, self.column)

    def offset_position(self, value: str, offset: int) -> tuple[int, int]:
        """Map an offset inside the scalar's *value* to a 1-based (line, col).

        Folding, indentation and quoting change the text between the file and
        the value, so we align the value's non-blank characters with the raw
        source span in order.  This is exact for plain, quoted, literal and
        folded scalars except inside escape sequences.
        """
        raw = self.source.text
        if self.style == '"':
            producers = self._double_quoted_producers()
            if len(producers) == len(value):
                if offset < len(producers):
                    return self._line_col(producers[offset])
                return self._line_col(producers[-1] + 1 if producers else self.start_index)
        pos = self.start_index
        if self.style in ("|", ">"):
            pos = raw.find("\n", pos) + 1 or pos  # skip the block header line
        for i, char in enumerate(value):
            if char.isspace():
                continue
            found = raw.find(char, pos, self.end_index + 1)
            if found < 0:
                break
            pos = found
            if i >= offset:
                break
            pos += 1
        return self._line_col(pos)

    def _line_col(self, pos: int) -> tuple[int, int]:
        raw = self.source.text
        line = raw.count("\n", 0, pos) + 1
        column = pos - (raw.rfind("\n", 0, pos) + 1) + 1
        return line, column

    def _double_quoted_producers(self) -> list[int]:
        """For each character of a double-quoted value, where it starts in the file."""
        raw, j, end = self.source.text, self.start_index + 1, self.end_index - 1
        producers: list[int] = []
        while j < end:
            if raw[j] == "\\":
                escape = raw[j + 1] if j + 1 < end else ""
                if escape == "\n":  # an escaped line break joins the lines
                    j += 2
                    while j < end and raw[j] in " \t":
                        j += 1
                    continue
                producers.append(j)
                j += {"x": 4, "u": 6, "U": 10}.get(escape, 2)
            elif raw[j] == "\n":  # a folded line break becomes one space
                producers.append(j)
                j += 1
                while j < end and raw[j] in " \t":
                    j += 1
            else:
                producers.append(j)
                j += 1
        return producers


@dataclass
class Document:
    """Plain data (dicts, lists, scalars) plus the origin of every value and key."""

    data: dict[str, Any]
    origins: dict[Path_, Origin] = field(default_factory=dict)
    key_origins: dict[Path_, Origin] = field(default_factory=dict)
    source: SourceFile | None = None
    chain: list[str] = field(default_factory=list)

    def origin(self, path: Path_) -> Origin | None:
        """The origin of the value at ``path``, or of its nearest ancestor."""
        while True:
            if path in self.origins:
                return self.origins[path]
            if not path:
                return None
            path = path[:-1]

    def error(self, path: Path_, message: str, *, at_key: bool = False) -> Diagnostic:
        """A diagnostic for the value (or key) at ``path``."""
        origin = self.key_origins.get(path) if at_key else None
        origin = origin or self.origin(path)
        if origin is None:
            return Diagnostic(message)
        return origin.diagnostic(message)


class _Builder:
    """Turn a composed node graph into plain data, recording origins."""

    def __init__(self, source: SourceFile) -> None:
        self.source = source
        self.budget = NODE_BUDGET
        self.origins: dict[Path_, Origin] = {}
        self.key_origins: dict[Path_, Origin] = {}

    def origin(self, node: yaml.Node) -> Origin:
        start, end = node.start_mark, node.end_mark
        style = getattr(node, "style", None)
        return Origin(self.source, start.line + 1, start.column + 1, start.index, end.index, style)

    def fail(self, node: yaml.Node, message: str) -> SevensError:
        return SevensError(self.origin(node).diagnostic(message))

    def build(self, node: yaml.Node, path: Path_) -> Any:
        self.budget -= 1
        if self.budget < 0:
            raise self.fail(node, "document too large (alias expansion exceeds the node budget)")
        if node.tag not in _PLAIN_TAGS:
            raise self.fail(node, f"tag {node.tag!r} is not allowed in a rulespec")
        self.origins[path] = self.origin(node)
        if isinstance(node, yaml.MappingNode):
            return self.build_mapping(node, path)
        if isinstance(node, yaml.SequenceNode):
            return [self.build(item, (*path, i)) for i, item in enumerate(node.value)]
        return self.build_scalar(node)

    def build_mapping(self, node: yaml.MappingNode, path: Path_) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                raise self.fail(key_node, "merge keys ('<<') are not supported; use 'extends:'")
            if key_node.tag not in _PLAIN_TAGS:
                raise self.fail(key_node, f"tag {key_node.tag!r} is not allowed in a rulespec")
            key = self.build_scalar(key_node)
            if not isinstance(key, str):
                key = str(key)
            if key in result:
                first = self.key_origins[(*path, key)]
                raise self.fail(
                    key_node, f"duplicate key '{key}' (first defined at line {first.line})"
                )
            self.key_origins[(*path, key)] = self.origin(key_node)
            result[key] = self.build(value_node, (*path, key))
        return result

    def build_scalar(self, node: yaml.Node) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, "mapping keys must be plain scalars")
        value: str = node.value
        if node.tag == "tag:yaml.org,2002:int":
            return _yaml_int(value)
        if node.tag == "tag:yaml.org,2002:float":
            return float(value.replace("_", ""))
        if node.tag == "tag:yaml.org,2002:bool":
            return value.lower() == "true"
        if node.tag == "tag:yaml.org,2002:null":
            return None
        return value


def _yaml_int(text: str) -> int:
    text = text.replace("_", "")
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("+-")
    if text.startswith("0x"):
        return sign * int(text, 16)
    if text.startswith("0o"):
        return sign * int(text[2:], 8)
    if text.startswith("0b"):
        return sign * int(text[2:], 2)
    if ":" in text:  # YAML 1.1 sexagesimal; keep it an integer, as PyYAML does
        total = 0
        for part in text.split(":"):
            total = total * 60 + int(part)
        return sign * total
    return sign * int(text, 10)


def parse_yaml(source: SourceFile) -> Document:
    """Parse one YAML file into a :class:`Document` (no ``extends`` resolution)."""
    loader = _ComposeLoader(source.text)
    try:
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        raise SevensError(_yaml_diagnostic(source, exc)) from None
    except yaml.YAMLError as exc:
        raise SevensError(source.diagnostic(f"invalid YAML: {exc}", 1, 1)) from None
    except RecursionError:
        mark = loader.get_mark()
        raise SevensError(
            source.diagnostic("the YAML nests too deeply", mark.line + 1, mark.column + 1)
        ) from None
    finally:
        loader.dispose()
    if node is None:
        raise SevensError(source.diagnostic("the file is empty", 1, 1))
    builder = _Builder(source)
    data = builder.build(node, ())
    if not isinstance(data, dict):
        raise SevensError(builder.origin(node).diagnostic("a rulespec must be a mapping"))
    return Document(data, builder.origins, builder.key_origins, source)


def _yaml_diagnostic(source: SourceFile, exc: yaml.MarkedYAMLError) -> Diagnostic:
    """A YAML error at its position; at the start of the construct when the end of file is blamed."""
    mark = exc.problem_mark or exc.context_mark
    past_end = mark is not None and mark.line >= len(source.lines)
    if past_end and exc.context_mark is not None:
        mark = exc.context_mark
    problem = exc.problem or exc.context or "invalid YAML"
    if past_end and exc.context:
        problem = f"{exc.context}, but {problem.replace('found ', '')}"
    if mark is None:
        return source.diagnostic(problem, 1, 1)
    return source.diagnostic(problem, mark.line + 1, mark.column + 1)


def builtin_ids() -> list[str]:
    """Ids of the rulespecs shipped in ``rulespecs/``."""
    return sorted(p.stem for p in BUILTIN_DIR.glob("*.yaml"))


def resolve_reference(reference: str, relative_to: Path | None) -> Path | None:
    """Find the file a variant id or path refers to, or ``None``."""
    if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", reference):
        candidate = BUILTIN_DIR / f"{reference}.yaml"
        if candidate.exists():
            return candidate
    path = Path(reference)
    if not path.is_absolute() and relative_to is not None:
        path = relative_to / path
    if path.is_file():
        return path
    return None


def load_document(path: Path, _stack: tuple[Path, ...] = ()) -> Document:
    """Load a rulespec file and merge it over the parents named by ``extends``."""
    resolved = path.resolve()
    document = parse_yaml(SourceFile.read(path))
    parent_ref = document.data.get("extends")
    if parent_ref is None:
        document.chain = [str(document.data.get("id", path.stem))]
        return document
    if not isinstance(parent_ref, str):
        raise SevensError(document.error(("extends",), "'extends' must be a variant id or a path"))
    parent_path = resolve_reference(parent_ref, path.parent)
    if parent_path is None:
        hint = did_you_mean(parent_ref, builtin_ids())
        message = f"'extends' names '{parent_ref}', which is neither a built-in id nor a file{hint}"
        raise SevensError(document.error(("extends",), message))
    stack = (*_stack, resolved)
    if parent_path.resolve() in stack:
        cycle = " -> ".join(
            _shown(p) for p in (*stack[stack.index(parent_path.resolve()) :], parent_path)
        )
        raise SevensError(document.error(("extends",), f"'extends' forms a cycle: {cycle}"))
    parent = load_document(parent_path, stack)
    return merge(parent, document)


def merge(parent: Document, child: Document) -> Document:
    """Merge ``child`` over ``parent``: mappings merge, everything else replaces."""
    origins = dict(parent.origins)
    key_origins = dict(parent.key_origins)
    data = _merge_value(parent.data, child.data, (), origins, key_origins, child)
    merged = Document(data, origins, key_origins, child.source)
    merged.chain = [*parent.chain, str(child.data.get("id", "?"))]
    return merged


def _merge_value(
    base: Any,
    over: Any,
    path: Path_,
    origins: dict[Path_, Origin],
    key_origins: dict[Path_, Origin],
    child: Document,
) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        result = dict(base)
        if path in child.origins:
            origins[path] = child.origins[path]
        for key, value in over.items():
            sub = (*path, key)
            key_origins[sub] = child.key_origins[sub]
            result[key] = _merge_value(base.get(key), value, sub, origins, key_origins, child)
        return result
    for stale in [p for p in origins if p[: len(path)] == path]:
        del origins[stale]
    for sub_path, origin in _subtree(child.origins, path):
        origins[sub_path] = origin
    for sub_path, origin in _subtree(child.key_origins, path):
        key_origins[sub_path] = origin
    return over


def _subtree(table: dict[Path_, Origin], path: Path_) -> Iterator[tuple[Path_, Origin]]:
    return ((p, o) for p, o in table.items() if p[: len(path)] == path)
