"""The claims of a rule sheet, checked against the engine (``sevens rulesheet FILE --check``).

:func:`sevens.compiler.rulesheet.claims.claims_of` says what a sheet states;
:func:`check_claims` plays recorded deals and matches with the compiled rules and
asks them about positions, and returns every claim the engine contradicts, with the
evidence.  The compiler may not import the engine, so the checker lives here, in
the applications.
"""

from __future__ import annotations

from .check import Failure, check_claims, check_file, compiled

__all__ = ["Failure", "check_claims", "check_file", "compiled"]
