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


__all__ = ["INT_LIMIT", "floor_div", "modulo", "multiply"]
