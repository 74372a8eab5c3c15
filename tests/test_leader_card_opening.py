"""``opening.card: leader-card``: the card that chose the leader is the one that opens.

Elfer raus! (catalogue §10) is the built-in that uses it: the red 11 opens, and when it lies in
the stock the first eleven dealt in the order yellow, green, blue chooses the leader and opens.
Checked on the compiled rules and the reference interpreter, in ``sevens legal``, in the
rulespec's checks, in the claim checker and in the rule sheet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.pipeline import load_rulespec, reference_rules
from sevens.compiler.rulesheet import sheet_claims
from sevens.loading.registry import load_rules
from sevens.runtime.api import Rules
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import STRATEGIES
from sevens.sheetcheck.check import Evidence, check_leader_card_opens
from tests.conftest import assert_refused_at, find_rulespec, rule_sheet, sevens_cli

ELEVENS = ("11R", "11Y", "11G", "11B")  # the leader order: red, yellow, green, blue
DEALS = 400


def _rules(engine: str) -> Rules:
    if engine == "compiled":
        return load_rules("elfer-raus")
    return reference_rules(load_rulespec(find_rulespec("elfer-raus")))


def _first_plays(rules: Rules, players: int) -> list[tuple[str | None, str]]:
    """For each deal: the first eleven dealt in the leader order (None: all in the stock)
    and the first card played."""
    outcomes = []
    for seed in range(DEALS):
        bots = [STRATEGIES["random"](rules) for _ in range(players)]
        table = Table(players, bots, dealer=seed % players, record=True)
        record = play_deal(rules, table, GameRandom(seed)).record
        assert record is not None
        dealt = {card for hand in record["hands"] for card in hand}
        deciding = next((card for card in ELEVENS if card in dealt), None)
        first = next(d["card"] for d in record["decisions"] if d["action"] == "play")
        outcomes.append((deciding, first))
    return outcomes


@pytest.mark.parametrize("engine", ["compiled", "reference"])
def test_the_first_eleven_dealt_in_colour_order_opens(engine: str) -> None:
    outcomes = _first_plays(_rules(engine), 4)
    dealt = [(deciding, first) for deciding, first in outcomes if deciding is not None]
    assert all(first == deciding for deciding, first in dealt), dealt
    # the fallback is exercised: the red 11 lay in the stock in some deals
    assert sum(deciding != "11R" for deciding, _ in dealt) >= 20


@pytest.mark.parametrize(
    ("hand", "answer"),
    [
        ("11R 11B 5G", "11R"),  # the red 11 opens, not another eleven
        ("11Y 11B 5G", "11Y"),  # the red one is in the stock: the yellow one opens
        ("11G 11B 5G", "11G"),
    ],
)
def test_legal_at_the_empty_table_offers_only_the_leaders_eleven(hand: str, answer: str) -> None:
    result = sevens_cli("legal", "elfer-raus", "--table", "", "--hand", hand)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == answer


def test_legal_accepts_a_table_opened_by_a_later_eleven() -> None:
    # the red 11 may have been drawn from the stock after the yellow one opened
    result = sevens_cli("legal", "elfer-raus", "--table", "11Y 12Y 11R", "--hand", "13Y 5G")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == "13Y"


def test_leader_card_needs_a_leader_chosen_by_a_card(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "id: bad\nextends: parliament\nopening:\n  card: leader-card\n  leader: left-of-dealer\n",
        encoding="utf-8",
    )
    result = sevens_cli("validate", str(path))
    assert_refused_at(result, f"{path}:4:9", "opening.card 'leader-card' needs opening.leader")


def test_the_claim_checker_catches_another_card_opening() -> None:
    rules = load_rules("elfer-raus")
    claims = sheet_claims(load_rulespec(find_rulespec("elfer-raus")))
    hands = [["11R", "5G"], ["11Y", "6G"], ["7G"], ["8G"]]

    def record(first: str) -> dict[str, object]:
        decisions = [{"seat": 0, "legal": [first], "action": "play", "card": first}]
        return {"seed": 1, "players": 4, "dealer": 3, "hands": hands, "decisions": decisions}

    assert check_leader_card_opens(claims, Evidence(rules, 4, [record("11R")])) == []
    failures = check_leader_card_opens(claims, Evidence(rules, 4, [record("11Y")]))
    assert failures and "11Y opened, not 11R" in failures[0].evidence


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        (
            "en",
            "The player who takes the first turn must open with the card that gave them the "
            "first turn; no other card may be played before it.",
        ),
        ("de", "Wer den ersten Zug hat, muss mit genau der Karte eröffnen"),
        ("ja", "最初の手番の人は、手番を決めたそのカードで始めなければなりません。"),
    ],
)
def test_the_sheet_says_the_leaders_card_opens(lang: str, sentence: str, tmp_path: Path) -> None:
    assert sentence in rule_sheet("elfer-raus", lang, tmp_path)


@pytest.mark.parametrize(
    ("lang", "added", "dropped"),
    [
        ("en", "must now open with the card that gave them", "no longer has to open with"),
        ("de", "muss jetzt mit genau der Karte eröffnen", "muss nicht mehr mit der Karte"),
    ],
)
def test_diff_tells_a_leader_card_opening_apart_from_none(
    lang: str, added: str, dropped: str, tmp_path: Path
) -> None:
    free = tmp_path / "free.yaml"
    free.write_text("id: free\nextends: elfer-raus\nopening:\n  card: null\n", encoding="utf-8")
    for first, second, said in (
        ("elfer-raus", str(free), dropped),
        (str(free), "elfer-raus", added),
    ):
        result = sevens_cli("diff", first, second, "--lang", lang)
        assert result.exit_code == 0, result.output
        assert said in result.output, result.output
