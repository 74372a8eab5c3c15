"""The condition language's integer operators, one definition for every backend.

Generated modules call these functions for ``*``, ``//`` and ``%``; the
analyser's constant folding and the reference interpreter call them too (via
:func:`sevens.compiler.analyse.apply_binary`), so a rule means the same thing
however it is run.

* Dividing by zero gives 0 (``x // 0 == 0`` and ``x % 0 == 0``): a rule such as
  ``hand.count // player.passes`` should score, not crash, for a player who
  never passed.
* Division floors and the remainder takes the divisor's sign, as in Python.
* A product is clamped to ``±INT_LIMIT``: the language has no overflow error,
  and without a bound a chain of products could build numbers too large to
  write into a game record.  Sums cannot outgrow the bound by much because
  conditions are limited in size (see ``docs/reliability.md``).
"""

from __future__ import annotations

from fractions import Fraction

#: The largest magnitude of a product; also the largest integer literal.
INT_LIMIT = 10**18


def floor_div(left: int, right: int) -> int:
    """``left // right``, or 0 when ``right`` is 0."""
    return left // right if right else 0


def modulo(left: int, right: int) -> int:
    """``left % right``, or 0 when ``right`` is 0."""
    return left % right if right else 0


def multiply(left: int, right: int) -> int:
    """``left * right`` clamped to ``[-INT_LIMIT, INT_LIMIT]``."""
    product = left * right
    if product > INT_LIMIT:
        return INT_LIMIT
    if product < -INT_LIMIT:
        return -INT_LIMIT
    return product


def decimal_text(value: int | Fraction) -> str:
    """An exact decimal written out in full: ``Fraction(3, 10)`` -> ``'0.3'``.

    Amounts only ever hold decimals written in a rulespec combined by ``+``,
    ``-``, ``*`` and flooring ``//``, so their denominators divide a power of
    ten and the text is exact.
    """
    value = Fraction(value)
    digits = 0
    while (10**digits) % value.denominator:
        digits += 1
        if digits > _MAX_DECIMAL_DIGITS:
            raise ValueError(f"{value} is not a finite decimal")
    sign = "-" if value < 0 else ""
    scaled = abs(value.numerator) * (10**digits // value.denominator)
    whole, fraction = divmod(scaled, 10**digits)
    if not digits:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{fraction:0{digits}d}".rstrip("0").rstrip(".")


def record_number(value: int | Fraction) -> int | float | str:
    """An amount as a game record writes it: whole numbers as integers, decimals exactly.

    A JSON number is written with the shortest text that reads back as the same
    float; that text is used only when it *is* the exact decimal (``0.3``, not a
    nearby binary fraction), otherwise the decimal is written as a string.
    """
    if isinstance(value, int) or value.denominator == 1:
        return int(value)
    as_float = float(value)
    if Fraction(repr(as_float)) == value:
        return as_float
    return decimal_text(value)


def signed_text(value: int | Fraction) -> str:
    """An amount for people, with its sign: ``+3``, ``-0.5``, ``0``."""
    text = decimal_text(value)
    return text if value <= 0 else f"+{text}"


def amounts_text(values: list[int] | list[Fraction]) -> str:
    """A list of amounts as ``[3, -0.5, 0]``: exact decimals, never ``Fraction(-1, 2)``."""
    return "[" + ", ".join(decimal_text(v) for v in values) + "]"


#: No decimal a rulespec can write has more digits after the point than this.
_MAX_DECIMAL_DIGITS = 64

__all__ = [
    "INT_LIMIT",
    "Fraction",
    "amounts_text",
    "decimal_text",
    "floor_div",
    "modulo",
    "multiply",
    "record_number",
    "signed_text",
]
