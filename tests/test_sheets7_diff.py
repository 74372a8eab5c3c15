"""``sevens diff``, the last lines below 5/5 (issue 9, round 7): the chips line before the
amounts it brings, no ace line for a pack without an ace, sentences instead of bare
numbers, colour packs, the session's winner and its end."""

from __future__ import annotations

import pytest

from sevens.compiler.rulesheet.i18n import LANGUAGES
from tests.test_sheets4_diff import lines


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("new", ["devyatka-traditional", "fan-tan-chips"])
def test_the_chips_line_comes_before_ante_and_pass_cost(new: str, lang: str) -> None:
    old = {"devyatka-traditional": "devyatka", "fan-tan-chips": "fan-tan"}[new]
    found = lines(old, new, lang)
    en = lines(old, new)
    chips = en.index("The game is now played for chips.")
    ante = next(i for i, line in enumerate(en) if line.startswith("Ante:"))
    cost = next(i for i, line in enumerate(en) if line.startswith("Cost of a pass:"))
    assert chips < ante < cost
    assert len(found) == len(en)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ace_line_for_a_pack_without_an_ace(lang: str) -> None:
    assert not any("Position of the ace" in line for line in lines("sevens", "elfer-raus"))
    assert len(lines("sevens", "elfer-raus", lang)) == len(lines("sevens", "elfer-raus"))
    # a pack with an ace still says where it moved
    assert "Position of the ace: ace low instead of ace high." in lines("fan-tan", "ace-low")
