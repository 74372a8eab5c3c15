"""The canonical one-line text of a typed condition tree: the key of the shape tables.

Two trees that differ only in their loop variables' names or their brackets have the
same text, so the rule-sheet stages (shapes, amounts, the diff) recognise a rule
however it was written.
"""

from __future__ import annotations

from ..analyse import T, TAggregate, TAttr, TBinary, TCall, TConst, TIf, TUnary, TVar


def canon(node: T, loops: frozenset[str] = frozenset()) -> str:
    """A canonical one-line text of a typed tree: the key of the shape tables."""
    if isinstance(node, TConst):
        return f"#{node.value}" if node.type != "bool" else str(node.value).lower()
    if isinstance(node, TVar):
        return "$" if node.name in loops else node.name
    if isinstance(node, TAttr):
        return f"{canon(node.obj, loops)}.{node.name}"
    if isinstance(node, TUnary):
        return f"{node.op} {canon(node.operand, loops)}"
    if isinstance(node, TBinary):
        return f"{_group(node.left, loops)} {node.op} {_group(node.right, loops)}"
    if isinstance(node, TIf):
        then, cond = canon(node.then, loops), canon(node.cond, loops)
        return f"{then} if {cond} else {canon(node.otherwise, loops)}"
    if isinstance(node, TAggregate):
        inner = loops | {node.var}
        where = f" if {canon(node.cond, inner)}" if node.cond is not None else ""
        body = f"{canon(node.element, inner)} for $ in {canon(node.iterable, loops)}{where}"
        return f"{node.func}({body})"
    if isinstance(node, TCall):
        return f"{node.func}({', '.join(canon(a, loops) for a in node.args)})"
    raise TypeError(f"no canonical text for {type(node).__name__}")  # pragma: no cover


def _group(node: T, loops: frozenset[str]) -> str:
    text = canon(node, loops)
    return f"({text})" if isinstance(node, (TBinary, TIf)) else text
