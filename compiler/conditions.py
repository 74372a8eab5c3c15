"""Stage 4: parse condition-language text into an untyped syntax tree.

The grammar lives in ``conditions.lark``.  Each node keeps the character
offset where it starts in the expression text, so later stages can point at
the exact place in the YAML file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import lark
from lark import Lark, Token, Transformer, v_args

from ..runtime.arith import decimal_text
from . import limits

GRAMMAR_PATH = Path(__file__).with_name("conditions.lark")


@dataclass(frozen=True)
class Expr:
    """Base class of syntax nodes; ``offset`` is where the node starts in the text."""

    offset: int


@dataclass(frozen=True)
class Number(Expr):
    """A number literal: an ``int``, or an exact ``Fraction`` for a decimal such as ``0.5``."""

    value: int | Fraction


@dataclass(frozen=True)
class Code(Expr):
    """A card, rank or suit written as in the deck (``7D``, ``J``, ``♦``)."""

    text: str


@dataclass(frozen=True)
class Bool(Expr):
    value: bool


@dataclass(frozen=True)
class Name(Expr):
    name: str


@dataclass(frozen=True)
class Attr(Expr):
    obj: Expr
    name: str
    name_offset: int


@dataclass(frozen=True)
class Unary(Expr):
    op: str  # "not" or "-"
    operand: Expr


@dataclass(frozen=True)
class Binary(Expr):
    op: str  # and or + - * // % == != < <= > >= in notin
    left: Expr
    right: Expr


@dataclass(frozen=True)
class IfElse(Expr):
    then: Expr
    cond: Expr
    otherwise: Expr


@dataclass(frozen=True)
class ListExpr(Expr):
    items: tuple[Expr, ...]


@dataclass(frozen=True)
class Call(Expr):
    func: str
    args: tuple[Expr, ...]


@dataclass(frozen=True)
class Aggregate(Expr):
    """``func(element for var in iterable if cond)``."""

    func: str
    element: Expr
    var: str
    iterable: Expr
    cond: Expr | None


def number_value(text: str) -> int | Fraction:
    """The exact value of a number literal: decimals become fractions, never floats."""
    value = Fraction(text)
    return int(value) if value.denominator == 1 else value


class ConditionSyntaxError(Exception):
    """A syntax error at ``offset`` of the expression text."""

    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


def _offset(item: Token | Expr) -> int:
    if isinstance(item, Token):
        return int(item.start_pos or 0)
    return item.offset


@v_args(inline=True)
class _ToAst(Transformer[Token, Expr]):
    """Build :class:`Expr` nodes from the lark parse tree."""

    def number(self, tok: Token) -> Expr:
        return Number(_offset(tok), number_value(str(tok)))

    def code(self, tok: Token) -> Expr:
        return Code(_offset(tok), str(tok))

    def name(self, tok: Token) -> Expr:
        return Name(_offset(tok), str(tok))

    def true(self, tok: Token) -> Expr:
        return Bool(_offset(tok), True)

    def false(self, tok: Token) -> Expr:
        return Bool(_offset(tok), False)

    def attr(self, obj: Expr, tok: Token) -> Expr:
        return Attr(obj.offset, obj, str(tok), _offset(tok))

    def neg(self, operand: Expr) -> Expr:
        return Unary(operand.offset - 1, "-", operand)

    def not_(self, operand: Expr) -> Expr:
        return Unary(operand.offset, "not", operand)

    def _binary(self, op: str, left: Expr, right: Expr) -> Expr:
        return Binary(left.offset, op, left, right)

    def or_(self, left: Expr, right: Expr) -> Expr:
        return self._binary("or", left, right)

    def and_(self, left: Expr, right: Expr) -> Expr:
        return self._binary("and", left, right)

    def add(self, left: Expr, right: Expr) -> Expr:
        return self._binary("+", left, right)

    def sub(self, left: Expr, right: Expr) -> Expr:
        return self._binary("-", left, right)

    def mul(self, left: Expr, right: Expr) -> Expr:
        return self._binary("*", left, right)

    def floordiv(self, left: Expr, right: Expr) -> Expr:
        return self._binary("//", left, right)

    def mod(self, left: Expr, right: Expr) -> Expr:
        return self._binary("%", left, right)

    def compare(self, left: Expr, op: Token, right: Expr) -> Expr:
        return self._binary(str(op), left, right)

    def in_(self, left: Expr, right: Expr) -> Expr:
        return self._binary("in", left, right)

    def not_in(self, left: Expr, right: Expr) -> Expr:
        return self._binary("not in", left, right)

    def if_else(self, then: Expr, cond: Expr, otherwise: Expr) -> Expr:
        return IfElse(then.offset, then, cond, otherwise)

    def list_(self, *items: Expr | None) -> Expr:
        present = tuple(i for i in items if i is not None)
        return ListExpr(present[0].offset - 1 if present else 0, present)

    def call(self, func: Token, *args: Expr | None) -> Expr:
        return Call(_offset(func), str(func), tuple(a for a in args if a is not None))

    def aggregate(
        self, func: Token, element: Expr, var: Token, iterable: Expr, cond: Expr | None
    ) -> Expr:
        return Aggregate(_offset(func), str(func), element, str(var), iterable, cond)


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",  # keywords stay keywords, so "or or" is blamed on the second "or"
        propagate_positions=True,
        maybe_placeholders=True,
    )


_FRIENDLY_TOKENS = {
    "$END": "end of the condition",
    "RPAR": "')'",
    "LPAR": "'('",
    "RSQB": "']'",
    "NAME": "a name",
    "NUMBER": "a number",
    "CODE": "a card, rank or suit",
}


def _token_text(name: str) -> str:
    """How a grammar terminal reads to a user: its literal text, or a friendly name."""
    if name in _FRIENDLY_TOKENS:
        return _FRIENDLY_TOKENS[name]
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if isinstance(pattern, lark.lexer.PatternStr):
        return repr(pattern.value)
    return name.lower()


def _describe_expected(expected: set[str]) -> str:
    names = sorted({_token_text(e) for e in expected})
    if len(names) > 6:
        return "an operand or operator"
    return ", ".join(names)


#: Operators of other languages, and the condition language's own (checked longest first).
_OTHER_OPERATORS = (("&&", "and"), ("||", "or"), ("!=", ""), ("==", ""), ("=", "=="), ("!", "not"))


def _operator_hint(text: str, offset: int) -> str:
    """ "; did you mean `==`" when the text at ``offset`` is an operator of another language."""
    for written, meant in _OTHER_OPERATORS:
        if text.startswith(written, offset):
            return f"; did you mean `{meant}`?" if meant else ""
    return ""


def parse_condition(text: str) -> Expr:
    """Parse ``text``; raise :class:`ConditionSyntaxError` with an offset on failure.

    A text is parsed once (trees are immutable): a house rule repeats its parent's
    conditions, and the sheet checker compiles thousands of house rules of a few parents."""
    return _parsed(text)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Expr:
    if not text.strip():
        raise ConditionSyntaxError("empty condition", 0)
    _check_number_notation(text)
    _check_size(text)
    try:
        tree = _parser().parse(text)
    except lark.exceptions.UnexpectedCharacters as exc:
        position = int(exc.pos_in_stream or 0)
        hint = _operator_hint(text, position)
        raise ConditionSyntaxError(
            f"unexpected character {text[position]!r}{hint}", position
        ) from None
    except lark.exceptions.UnexpectedToken as exc:
        found = "end of the condition" if exc.token.type == "$END" else repr(str(exc.token))
        offset = len(text) if exc.token.type == "$END" else int(exc.token.start_pos or 0)
        expected = _describe_expected(set(exc.expected))
        hint = "" if exc.token.type == "$END" else _operator_hint(text, offset)
        raise ConditionSyntaxError(
            f"unexpected {found}; expected {expected}{hint}", offset
        ) from None
    except lark.exceptions.UnexpectedEOF:
        raise ConditionSyntaxError("the condition ends too early", len(text)) from None
    result = _ToAst().transform(tree)
    assert isinstance(result, Expr)
    _check_depth(result)
    return result


def _check_size(text: str) -> None:
    """Refuse conditions whose trees would be too large for the recursive stages."""
    if len(text) > limits.MAX_CONDITION_CHARS:
        message = f"the condition is too long ({len(text)} characters; the limit is {limits.MAX_CONDITION_CHARS})"
        raise ConditionSyntaxError(message, limits.MAX_CONDITION_CHARS)
    try:
        tokens = list(_parser().lex(text))
    except lark.exceptions.LarkError:
        return  # the parser reports the bad character where it is
    if len(tokens) > limits.MAX_CONDITION_TOKENS:
        message = f"the condition is too complex ({len(tokens)} tokens; the limit is {limits.MAX_CONDITION_TOKENS})"
        raise ConditionSyntaxError(message, int(tokens[limits.MAX_CONDITION_TOKENS].start_pos or 0))
    for token in tokens:
        problem = _number_problem(token) if token.type == "NUMBER" else None
        if problem is not None:
            raise ConditionSyntaxError(problem, int(token.start_pos or 0))


def _number_problem(text: str) -> str | None:
    """Why a number literal is out of bounds: too large, or too many decimal places."""
    whole, _, places = text.partition(".")
    if len(whole.lstrip("0")) > 19 or number_value(text) > limits.INT_LIMIT:
        return "number too large (the limit is 10^18)"
    if len(places) > limits.MAX_DECIMAL_PLACES:
        return (
            f"too many decimal places ({len(places)}; "
            f"at most {limits.MAX_DECIMAL_PLACES} digits after the point)"
        )
    return None


#: Number notations of YAML and Python the condition language does not have: an exponent
#: (``1e2``) or no digit before the point (``.5``).
_FOREIGN_NUMBER = re.compile(r"(?<![\w.])(?:[0-9]+(?:\.[0-9]+)?[eE][-+]?[0-9]+|\.[0-9]+)(?![\w.])")


def _check_number_notation(text: str) -> None:
    """Refuse ``1e2`` and ``.5`` at their first character, saying how to write them."""
    match = _FOREIGN_NUMBER.search(text)
    if match is None:
        return
    written = match.group()
    if written.startswith("."):
        message = f"write a number with a digit before its point: `0{written}`, not `{written}`"
    else:
        message = f"numbers are written in plain digits: `{written}` uses an exponent"
        mantissa, _, exponent = written.lower().partition("e")
        if abs(int(exponent)) <= limits.MAX_DECIMAL_PLACES:
            value = Fraction(mantissa) * Fraction(10) ** int(exponent)
            message += f"; write `{decimal_text(value)}`"
    raise ConditionSyntaxError(message, match.start())


def _children(node: Expr) -> list[Expr]:
    found: list[Expr] = []
    for name in node.__dataclass_fields__:
        value = getattr(node, name)
        if isinstance(value, Expr):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, Expr))
    return found


def _check_depth(root: Expr) -> None:
    """Refuse trees nested more than :data:`limits.MAX_CONDITION_DEPTH` levels (walked without recursion)."""
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limits.MAX_CONDITION_DEPTH:
            message = f"the condition nests too deeply (more than {limits.MAX_CONDITION_DEPTH} levels of operators)"
            raise ConditionSyntaxError(message, node.offset)
        stack.extend((child, depth + 1) for child in _children(node))
