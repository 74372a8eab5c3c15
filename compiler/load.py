"""Stage 1: load a rulespec from YAML, remembering where every value came from.

PyYAML is used only to *compose* a node graph with the safe loader; we build
the Python values ourselves so that

* duplicate mapping keys are an error instead of "last one wins";
* only ``true``/``false`` are booleans (YAML 1.2), so ``no``, ``yes``, ``on``
  and ``off`` stay strings;
* aliases are expanded under a budget, checked before anything is built, so a
  "billion laughs" file or an alias inside its own collection fails at once;
* any explicit tag (``!!python/object`` …) is rejected;
* every value keeps its ``file:line:col`` for later diagnostics.

``extends:`` is resolved here too: the parent is loaded first and the child is
merged over it (mappings merge key by key, lists and scalars replace).
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..runtime.arith import INT_LIMIT  # integers in a rulespec are no larger
from .errors import (
    Diagnostic,
    SevensError,
    SourceFile,
    did_you_mean,
    dotted_key,
    shown_path,
)

Path_ = tuple[str | int, ...]

#: Directory holding the built-in rulespecs.
BUILTIN_DIR = Path(__file__).resolve().parent.parent / "rulespecs"

#: How many nodes alias expansion may produce before we call it an attack.
NODE_BUDGET = 100_000

#: The longest rulespec file read, in characters (the built-ins are under 5,000).
MAX_DOCUMENT_CHARS = 1_000_000

#: How many ``extends:`` links a chain may have.
MAX_EXTENDS_DEPTH = 16

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
    """YAML 1.2 core-schema implicit typing.

    Only ``true``/``false`` are booleans; integers are decimal, ``0o`` octal or
    ``0x`` hexadecimal without underscores (so ``1:30`` and ``0x_`` stay
    strings); there are no timestamps.
    """


_IMPLICIT_DROPPED = {
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:timestamp",
}
_StrictResolver.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _IMPLICIT_DROPPED]
    for first, resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items()
}
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_INT = re.compile(r"[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+")
_FLOAT = re.compile(
    r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)"
)
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(f"^(?:{_INT.pattern})$"), list("-+0123456789")
)
_StrictResolver.add_implicit_resolver(
    "tag:yaml.org,2002:float", re.compile(f"^(?:{_FLOAT.pattern})$"), list("-+0123456789.")
)
_SURROGATE = re.compile("[\ud800-\udfff]")
_NULL_TEXTS = {"", "~", "null", "Null", "NULL"}
_BOOL_TEXTS = {
    "true": True,
    "True": True,
    "TRUE": True,
    "false": False,
    "False": False,
    "FALSE": False,
}


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
    paths: list[Path] = field(default_factory=list)  # resolved files, root ancestor first

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
            return Diagnostic(message, key=dotted_key(path))
        diagnostic = origin.diagnostic(message)
        diagnostic.key = dotted_key(path)
        return diagnostic

    def point_to_overrides(self, error: SevensError) -> SevensError:
        """``error`` with every diagnostic inside an inherited file saying which key to override.

        The author of a child rulespec cannot edit its parent (often a built-in);
        setting the key in the child replaces the inherited value.
        """
        if self.source is None or len(self.paths) < 2:
            return error
        for diagnostic in error.diagnostics:
            location = diagnostic.location
            if diagnostic.key and location is not None and location.path != self.source.path:
                diagnostic.message += (
                    f"; inherited: set `{diagnostic.key}` in {self.source.path} to override it"
                )
        return SevensError(error.diagnostics)


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

    def check_expansion(self, root: yaml.Node) -> None:
        """Refuse alias bombs and self-containing aliases before building anything.

        The size each node would have once its aliases are expanded is summed
        bottom-up over the node graph, once per distinct node, so a "billion
        laughs" file is refused in microseconds, at the smallest collection that
        is too large.  Iterative: the graph may be as deep as the composer allows.
        """
        sizes: dict[int, int] = {}
        open_nodes: set[int] = set()
        stack: list[tuple[yaml.Node, bool]] = [(root, False)]
        while stack:
            node, finished = stack.pop()
            key = id(node)
            if finished:
                open_nodes.discard(key)
                sizes[key] = 1 + sum(sizes[id(child)] for child in _children(node))
                if sizes[key] > NODE_BUDGET:
                    raise self.fail(
                        node, "document too large (alias expansion exceeds the node budget)"
                    )
            elif key in open_nodes:
                raise self.fail(node, "an alias refers to a collection that contains it")
            elif key not in sizes:
                open_nodes.add(key)
                stack.append((node, True))
                stack.extend((child, False) for child in _children(node))

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
        value = self.build_scalar(node)
        if isinstance(value, str):
            self.check_text(node, value)
        return value

    def check_text(self, node: yaml.Node, value: str) -> None:
        """Refuse a control, direction or invisible character in a value, at that character.

        Rulespec text reaches terminals, Markdown and HTML sheets and diffs; a
        right-to-left override or a zero-width space would show readers other
        text than the file holds.  Line breaks and tabs are text.
        """
        found = _HIDDEN_CHAR.search(value)
        if found is None:
            return
        line, column = self.origin(node).offset_position(value, found.start())
        code = ord(found.group())
        message = (
            f"character U+{code:04X} ({_char_name(code)}) is not allowed in a rulespec value: "
            "it would hide or reorder text on terminals and rule sheets"
        )
        raise SevensError(self.source.diagnostic(message, line, column))

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
            return self.integer(node, value)
        if node.tag == "tag:yaml.org,2002:float":
            return self.real(node, value)
        if node.tag == "tag:yaml.org,2002:bool":
            if value not in _BOOL_TEXTS:
                raise self.fail(node, f"{value!r} is not a truth value (write true or false)")
            return _BOOL_TEXTS[value]
        if node.tag == "tag:yaml.org,2002:null":
            if value not in _NULL_TEXTS:
                raise self.fail(node, f"{value!r} is not null")
            return None
        surrogate = None if value.isascii() else _SURROGATE.search(value)
        if surrogate:
            code = ord(surrogate.group())
            raise self.fail(node, f"\\u{code:04x} is half of a surrogate pair, not a character")
        return value

    def integer(self, node: yaml.Node, text: str) -> int:
        """A YAML 1.2 integer no larger than :data:`INT_LIMIT` (an explicit ``!!int`` too)."""
        if not _INT.fullmatch(text):
            raise self.fail(node, f"{text!r} is not an integer")
        if len(text) > 24:  # checked before converting: int() of a huge string is slow
            raise self.fail(node, "integer too large (the limit is 10^18)")
        value = _yaml_int(text)
        if abs(value) > INT_LIMIT:
            raise self.fail(node, "integer too large (the limit is 10^18)")
        return value

    def real(self, node: yaml.Node, text: str) -> float:
        """A finite YAML 1.2 float (``.inf`` and ``.nan`` are refused)."""
        if not _FLOAT.fullmatch(text):
            raise self.fail(node, f"{text!r} is not a number")
        if text.lstrip("+-").startswith(".") and text[-1].isalpha():
            raise self.fail(node, f"{text} is not allowed: numbers in a rulespec are finite")
        value = float(text)
        if not math.isfinite(value):
            raise self.fail(node, f"{text} is out of range")
        return value


#: Characters refused in values: C0/C1 controls but tab and line feed, direction marks,
#: embeddings, overrides and isolates, zero-width and other invisible format characters.
_HIDDEN_CHAR = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]"
)


def _char_name(code: int) -> str:
    """The Unicode name of a character, or "a control character"."""
    return unicodedata.name(chr(code), "a control character").lower()


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _yaml_int(text: str) -> int:
    sign = -1 if text.startswith("-") else 1
    text = text.lstrip("+-")
    if text.startswith("0x"):
        return sign * int(text[2:], 16)
    if text.startswith("0o"):
        return sign * int(text[2:], 8)
    return sign * int(text, 10)


def parse_yaml(source: SourceFile) -> Document:
    """Parse one YAML file into a :class:`Document` (no ``extends`` resolution)."""
    if len(source.text) > MAX_DOCUMENT_CHARS:
        message = f"the file is too large ({len(source.text):,} characters; the limit is {MAX_DOCUMENT_CHARS:,})"
        raise SevensError(source.diagnostic(message, 1, 1))
    try:
        loader = _ComposeLoader(source.text)
    except yaml.reader.ReaderError as exc:
        raise SevensError(_reader_diagnostic(source, exc)) from None
    try:
        node = loader.get_single_node()
    except yaml.reader.ReaderError as exc:
        raise SevensError(_reader_diagnostic(source, exc)) from None
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
    builder.check_expansion(node)
    data = builder.build(node, ())
    if not isinstance(data, dict):
        raise SevensError(builder.origin(node).diagnostic("a rulespec must be a mapping"))
    return Document(data, builder.origins, builder.key_origins, source)


def _reader_diagnostic(source: SourceFile, exc: yaml.reader.ReaderError) -> Diagnostic:
    """A character YAML does not allow (NUL, form feed, other control codes), located."""
    before = source.text[: exc.position]
    line = len(_LINE_BREAK.findall(before)) + 1
    column = exc.position - max(before.rfind(c) for c in "\n\r\x85\u2028\u2029")
    return source.diagnostic(
        f"character U+{exc.character:04X} is not allowed in a YAML file", line, column
    )


_LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")


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
    if path.exists():  # anything there is read (and a directory or FIFO refused as such)
        return path
    return None


def load_document(path: Path, _stack: tuple[Path, ...] = ()) -> Document:
    """Load a rulespec file and merge it over the parents named by ``extends``."""
    resolved = path.resolve()
    document = parse_yaml(SourceFile.read(path))
    document.paths = [resolved]
    _check_not_a_namesake(document, resolved)
    parent_ref = document.data.get("extends")
    if parent_ref is None:
        document.chain = [str(document.data.get("id", path.stem))]
        return document
    if not isinstance(parent_ref, str):
        raise SevensError(document.error(("extends",), "'extends' must be a variant id or a path"))
    # relative to the file itself, not to a link to it: a linked house rule finds its
    # parents beside the real file, wherever the link is
    parent_path = _parent_path(document, parent_ref, resolved.parent)
    stack = (*_stack, resolved)
    if parent_path.resolve() in stack:
        cycle = " -> ".join(
            shown_path(p) for p in (*stack[stack.index(parent_path.resolve()) :], parent_path)
        )
        raise SevensError(document.error(("extends",), f"'extends' forms a cycle: {cycle}"))
    if len(stack) > MAX_EXTENDS_DEPTH:
        message = f"'extends' chains more than {MAX_EXTENDS_DEPTH} rulespecs"
        raise SevensError(document.error(("extends",), message))
    _check_is_rulespec(document, parent_ref, parent_path)
    parent = load_document(parent_path, stack)
    merged = merge(parent, document)
    merged.paths = [*parent.paths, resolved]
    return merged


def load_text(name: str, text: str) -> Document:
    """Load a rulespec held in memory (an editor's buffer), named ``name`` in its diagnostics.

    Its ``extends:`` may name only a built-in id: text that did not come from a
    file has no folder of its own, and must not make the loader read any file
    but the shipped rulespecs.  Everything else is checked as for a file.
    """
    document = parse_yaml(SourceFile(name, text))
    document.paths = [Path(name)]
    _check_not_a_namesake(document, None)
    parent_ref = document.data.get("extends")
    if parent_ref is None:
        document.chain = [str(document.data.get("id", name))]
        return document
    if not isinstance(parent_ref, str) or parent_ref not in builtin_ids():
        hint = did_you_mean(str(parent_ref), builtin_ids())
        message = f"'extends' names '{parent_ref}', which is not a built-in id{hint}"
        raise SevensError(document.error(("extends",), message))
    parent = load_document(BUILTIN_DIR / f"{parent_ref}.yaml")
    merged = merge(parent, document)
    merged.paths = [*parent.paths, Path(name)]
    return merged


def _check_not_a_namesake(document: Document, resolved: Path | None) -> None:
    """Refuse a file outside ``rulespecs/`` that takes a built-in's id.

    Records, caches and sheets know a rule set by its id: a house rule named
    ``parliament`` would pass its games off as Parliament's.  The built-in file
    itself (or a link to it) keeps its id.
    """
    rulespec_id = document.data.get("id")
    if not isinstance(rulespec_id, str) or rulespec_id not in builtin_ids():
        return
    if resolved is not None and resolved == (BUILTIN_DIR / f"{rulespec_id}.yaml").resolve():
        return
    message = (
        f"id '{rulespec_id}' is the id of a built-in rule set; give this rulespec an id "
        f"of its own (e.g. '{rulespec_id}-house')"
    )
    raise SevensError(document.error(("id",), message))


def _parent_path(document: Document, reference: str, folder: Path) -> Path:
    """The file ``extends:`` names, or a positioned error."""
    parent_path = resolve_reference(reference, folder)
    if parent_path is None:
        hint = did_you_mean(reference, builtin_ids())
        message = f"'extends' names '{reference}', which is neither a built-in id nor a file{hint}"
        raise SevensError(document.error(("extends",), message))
    return parent_path


def _check_is_rulespec(document: Document, reference: str, parent_path: Path) -> None:
    """Refuse a parent that is not a rulespec, without quoting what it holds.

    ``extends:`` may name any path, so its errors must not become a way to
    print the lines of files that are not rulespecs (``/etc/shadow``…).
    """
    problem = None
    if parent_path.suffix not in (".yaml", ".yml"):
        problem = "its name does not end in .yaml or .yml"
    elif not parent_path.is_file():
        problem = "it is not a regular file"
    else:
        try:
            parent = parse_yaml(SourceFile.read(parent_path))
            if not isinstance(parent.data.get("id"), str):
                problem = "it has no 'id'"
        except SevensError:
            problem = "it is not a YAML mapping"
    if problem is not None:
        message = f"'extends' names '{reference}', which is not a rulespec: {problem}"
        raise SevensError(document.error(("extends",), message))


def merge(parent: Document, child: Document) -> Document:
    """Merge ``child`` over ``parent``: mappings merge, everything else replaces.

    Linear in the size of both documents: only the paths of replaced subtrees
    are visited, never the whole origin tables per key.
    """
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
    for stale in _paths(base, path):
        origins.pop(stale, None)
        if stale != path:
            key_origins.pop(stale, None)
    for sub_path in _paths(over, path):
        if sub_path in child.origins:
            origins[sub_path] = child.origins[sub_path]
        if sub_path != path and sub_path in child.key_origins:
            key_origins[sub_path] = child.key_origins[sub_path]
    return over


def _paths(value: Any, path: Path_) -> Iterator[Path_]:
    """``path`` and the path of every value inside ``value`` (iteratively: no recursion limit)."""
    stack: list[tuple[Any, Path_]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        yield where
        if isinstance(item, dict):
            stack.extend((v, (*where, k)) for k, v in item.items())
        elif isinstance(item, list):
            stack.extend((v, (*where, i)) for i, v in enumerate(item))
