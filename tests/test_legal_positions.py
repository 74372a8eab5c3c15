"""``sevens legal``: every reachable position is answered, in any card order, with every
decision the engine would offer; impossible positions are refused (exit 2, no traceback).

The positions come from recorded games (``sevens.play.recorded``): a sample per run, the
table cards shuffled.  ``scripts/legal_positions.py`` runs 1,000 games of every built-in.
"""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.play.legal import DEFAULT_PLAYERS
from sevens.play.recorded import answer_problem, holders_cards, recorded_games, recorded_positions
from tests.conftest import BUILTIN_IDS, compiled

#: Games recorded per built-in and run, and positions drawn from each.
GAMES, PER_GAME = 20, 3


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def answer(*args: str) -> dict[str, object]:
    code, output = run("legal", *args, "--json")
    assert code == 0, output
    return dict(json.loads(output))


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_positions_of_recorded_games_are_answered_as_the_engine_offered(variant: str) -> None:
    rules = compiled(variant)
    low, high = rules.rule_set.players.min, rules.rule_set.players.max
    players = min(max(DEFAULT_PLAYERS, low), high)
    rng = random.Random(variant)  # a different sample per rule set, the same on every run
    seed = rng.randrange(1 << 20)
    checked, problems = 0, []
    for record in recorded_games(rules, players, GAMES, seed):
        positions = list(recorded_positions(record, holders_cards(rules)))
        for position in rng.sample(positions, min(PER_GAME, len(positions))):
            checked += 1
            problem = answer_problem(rules, position, rng)
            if problem is not None:
                problems.append(f"seed {record['seed']}: {problem}")
    assert checked >= GAMES and not problems, problems[:5]


def test_a_compulsory_seven_does_not_make_the_recorded_table_unreachable() -> None:
    """Issue 22: `simulate badam-satti-compulsory --seed 8080` opens 7H, pass, 7D, 6H, 7S;
    the table seat held the 7S when the 6H was laid, and the compulsory seven refused it."""
    code, output = run("legal", "badam-satti-compulsory", "--table", "7H 7D 6H 7S", "--hand", "5H")
    assert (code, output.strip()) == (0, "5H")


@pytest.mark.parametrize(
    ("variant", "table", "hand", "legal"),
    [
        ("fan-tan", "6C 7H 8C 7C", "5C 9H 10C 7S", ["5C", "7S"]),
        ("parliament", "8D 6D 9D 7D 5D", "4D 10D 2S", ["4D", "10D"]),
        # the 6S must come before the KS closes the low end; the row goes on through the tunnel
        ("shichi-narabe-tunnel", "KS 10S 9S 8S QS 7S JS 6S", "5S AS 2H", ["AS"]),
        ("eight-before-six", "6H 8H 7D 7H", "5H 9H", ["5H", "9H"]),
    ],
)
def test_the_table_may_come_in_any_order(
    variant: str, table: str, hand: str, legal: list[str]
) -> None:
    assert answer(variant, "--table", table, "--hand", hand)["legal"] == legal


@pytest.mark.parametrize(
    ("variant", "table", "hand", "why"),
    [
        # the 7D's holder leads and must lay it: nobody else is ever to move before it
        ("parliament", "", "8D 2S", "only its holder is to move"),
        # 52 cards among at least three players: nobody holds 20
        (
            "parliament",
            "7D",
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AC 2C 3C 4C 5C 6C 7C",
            "nobody is dealt more than 18",
        ),
        # table and hand are the whole pack: the other players would hold nothing
        (
            "parliament",
            "7D 8D 9D 10D JD QD KD 6D 5D 4D 3D 2D AD 7C 8C 9C 10C JC QC KC 6C 5C 4C 3C 2C AC",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS",
            "leave fewer than 2 for the other players",  # at three players, the fewest
        ),
        ("parliament", "7D 8D", "", "a player without cards is out"),
        ("parliament", "7D 5D", "2S", "5D cannot be laid after 7D: it fits no row then"),
        # nothing is built down from a seven before its eight is down
        ("eight-before-six", "6H 7H 7D", "2S", "6H cannot be laid after 7D 7H"),
    ],
)
def test_impossible_positions_are_refused_with_a_reason(
    variant: str, table: str, hand: str, why: str
) -> None:
    code, output = run("legal", variant, "--table", table, "--hand", hand)
    assert code == 2 and "no game reaches this" in output and why in output, output
    assert "Traceback" not in output


def test_players_jokers_and_the_named_opening_card_are_checked() -> None:
    code, output = run("legal", "parliament", "--table", "7D", "--hand", "8D", "--players", "2")
    assert code == 2 and "played by 3 to 8 players, not 2" in output, output
    code, output = run("legal", "parliament", "--table", "7D", "--hand", "8D", "--jokers", "1")
    assert code == 2 and "parliament has 0 joker(s), not 1" in output, output
    code, output = run("legal", "dealer-seven", "--hand", "7S 7D", "--opening", "8S")
    assert code == 2 and "not a card the dealer names" in output, output
    assert answer("dealer-seven", "--hand", "7S 7D 8S", "--opening", "7S")["legal"] == ["7S"]


def test_a_follow_up_is_shown_for_each_card_that_grants_one() -> None:
    found = answer("elfer-raus", "--table", "11R", "--hand", "12R 13R 10R 2G")
    assert found["legal"] == ["10R", "12R"]
    assert found["follow_up"] == {"10R": ["12R"], "12R": ["10R", "13R"]}
    assert found["follow_up_optional"] is True


def test_a_draw_a_cover_and_a_joker_are_shown() -> None:
    drawn = answer("card-domino-stock", "--table", "7D", "--hand", "2S 3S")
    assert (drawn["legal"], drawn["cannot_play"], drawn["draw_most"]) == ([], "draw", 1)
    covered = answer("pai-qi", "--table", "7S", "--hand", "2S 3D")
    assert (covered["cannot_play"], covered["cover"]) == ("cover", ["3D", "2S"])
    joker = answer("shichi-narabe-joker", "--table", "7D 7C", "--hand", "8D 2S", "--jokers", "1")
    # the sevens are laid out before play: a joker may go next to each of them
    assert joker["legal"] == ["8D"] and joker["joker"] == ["6C", "8C", "6D", "6H", "8H", "6S", "8S"]
    plain = answer("shichi-narabe-joker", "--table", "7D 7C", "--hand", "8D 2S")
    assert "joker" not in plain


def test_penalty_transfers_are_shown_with_the_seats_they_move_between() -> None:
    refused = answer("refusal-penalty", "--table", "7D", "--hand", "8D 2S")
    assert refused["can_pass"] is True and refused["pass_cost"] == 1
    # each other player gives the refuser a card (no one neighbour gains from the refusal)
    assert refused["transfer"] == {"cards": 1, "from": "others", "to": 0, "which": "random"}
    last = answer("last-card", "--table", "7D", "--hand", "8D 2S")
    # the cards come from whoever holds most, which the position does not tell
    assert last["last_card"] == {"cards": 2, "from": "most-cards", "to": 0, "which": "random"}
    code, text = run("legal", "refusal-penalty", "--table", "7D", "--hand", "8D 2S")
    assert code == 0 and text.splitlines() == [
        "8D (or pass)",
        "passing costs 1",
        "on passing: each other player gives 1 card (at random) to you",
    ]


def test_a_player_left_alone_with_cards_is_answered_where_play_goes_on_to_the_last_hand() -> None:
    """Pai Qi plays until every hand is empty: late in a deal the player to move may be the
    only one holding cards, and a table of 50 cards beside a hand of one is reachable (the
    1,000-game run of scripts/legal_positions.py refused game 114 and four others)."""
    rules = compiled("pai-qi")
    (record,) = recorded_games(rules, 4, 1, 114)
    problems = [
        answer_problem(rules, position, random.Random(0))
        for position in recorded_positions(record, holders_cards(rules))
    ]
    assert [p for p in problems if p is not None] == []
