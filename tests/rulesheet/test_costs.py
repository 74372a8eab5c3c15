"""Pass costs, antes and payments in words; a pass that costs points is not called free.

Each row: a rulespec (a built-in id or a house rule's YAML), a language, a phrase, and
whether the sheet must contain it (``True``) or must not (``False``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import amount_overlay, check_phrase

#: Passes cost no chips but two points each at the end of the deal.
PASS_POINTS = amount_overlay("points", "hand.value + 2 * player.passes")
PER_CARD = amount_overlay("cost", "1 + hand.count")
SQUARED = amount_overlay("cost", "hand.count * hand.count")
ANTE = amount_overlay("ante", "hand.count")
PAY = amount_overlay("pay_winner", "2 * hand.count")

PHRASES = [
    (PASS_POINTS, "en", "Passing costs nothing.", False),
    (PASS_POINTS, "en", "Passing costs no chips, but every pass counts in your score", True),
    (PASS_POINTS, "de", "Passen kostet nichts.", False),
    (PASS_POINTS, "de", "Passen kostet keine Chips, aber jedes Passen zählt", True),
    (PASS_POINTS, "ja", "パスしても罰則はありません。", False),
    ("parliament", "en", "Passing costs nothing.", False),  # a chip a pass
    ("penalty-points", "en", "Passing costs nothing.", True),  # its points read no passes
    (
        PER_CARD,
        "en",
        "Each pass costs the player who passes one chip, plus one chip for each card in their "
        "hand, paid into the pot.",
        True,
    ),
    (PER_CARD, "en", "the number is", False),
    (PER_CARD, "ru", "За каждый пас игрок кладёт в банк одну фишку и ещё одну фишку", True),
    (SQUARED, "en", "the table below shows what each player would pay for a pass", True),
    (SQUARED, "en", "| not out | 4 | 16 |", True),
    (
        ANTE,
        "en",
        "Before each deal, every player pays an ante into the pot: one chip for each card in their hand.",
        True,
    ),
    (
        PAY,
        "fr",
        "De plus, chacun des autres joueurs paie au gagnant deux jetons par carte qu'il a en main.",
        True,
    ),
]


@pytest.mark.parametrize(
    ("rulespec", "lang", "phrase", "present"),
    PHRASES,
    ids=[f"{n}-{row[1]}-{'has' if row[3] else 'lacks'}" for n, row in enumerate(PHRASES)],
)
def test_cost_phrase(rulespec: str, lang: str, phrase: str, present: bool, tmp_path: Path) -> None:
    check_phrase(tmp_path, rulespec, lang, phrase, present)
