"""The native backend plays every built-in rule set as the Python engine does.

For the same seed both backends write byte-identical records (deals and matches, at each
rule set's fewest and most players), the fast path without records plays the recorded
games, the hashed row memo plays the dense memo's games, and ``sevens analyse --backend
numba --json`` equals the Python backend's document.  Each rule set's kernels are compiled
for it once (tests/test_native.py covers the house rules and the rest of the backend).
"""

from __future__ import annotations

import io

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sevens import native
from sevens.runtime.contract import player_count_problem
from sevens.runtime.match import number_of_deals
from sevens.runtime.simulate import Options
from tests.conftest import (
    NATIVE_FORGET,
    NATIVE_GAMES,
    agree_natively,
    compiled,
    lab_document,
    laid_without_suit,
    leftovers_laid,
    native_ids,
    native_records,
    needs_numba,
    one_row_at_a_time,
    record_rank,
    row_openers,
)

pytestmark = pytest.mark.usefixtures("native_kernels_where_installed")
NATIVE_IDS = list(native_ids())


@needs_numba
@pytest.mark.parametrize("variant", NATIVE_IDS)
def test_native_games_play_identically_in_both_backends(variant: str) -> None:
    allowed = compiled(variant).rule_set.players
    half = max(NATIVE_GAMES // 2, 1)
    compared = agree_natively(variant, allowed.min, "random", None, range(half))
    compared += agree_natively(variant, allowed.max, "random", None, range(half, NATIVE_GAMES))
    assert compared > NATIVE_GAMES  # every game had decisions to compare


@needs_numba
@pytest.mark.parametrize("variant", NATIVE_IDS)
def test_native_matches_play_identically_in_both_backends(variant: str) -> None:
    rule_set = compiled(variant).rule_set
    allowed = rule_set.players
    players = next(  # pai-qi-2kk4 is played by four only; pairs by an even number
        n
        for n in (allowed.min + 1, allowed.min)
        if n <= allowed.max and player_count_problem(rule_set, n) is None
    )
    deals = number_of_deals(compiled(variant), players, None)
    assert agree_natively(variant, players, "withhold", deals, range(3)) > 0


@needs_numba
@pytest.mark.parametrize(
    "variant", ["parliament", "domino", "double-deck", "sevens", "shichi-narabe", "karten-domino"]
)
def test_the_unrecorded_fast_path_plays_the_recorded_games(variant: str) -> None:
    """Summaries are played on a fast path without records; it must play the same games."""
    players = compiled(variant).rule_set.players.min
    rules = native.native_rules(variant)
    options = Options(players, 150, seed=11, forget_last_card=NATIVE_FORGET)
    fast = native.simulate_native(rules, options)
    recorded = native.simulate_native(rules, options, record=io.StringIO())
    for field in ("wins", "blocked", "mean_decisions", "mean_passes", "mean_chips", "mean_points"):
        assert getattr(fast, field) == getattr(recorded, field), field


@needs_numba
@pytest.mark.parametrize("variant", NATIVE_IDS)
def test_analyse_on_the_kernels_gives_the_python_figures(variant: str) -> None:
    """Every experiment (the table, skill, penalty, session), every figure and interval."""
    args = ["analyse", variant, "--games", "150", "--seed", "3"]
    python, _ = lab_document(*args, "--backend", "python")
    natively, note = lab_document(*args, "--backend", "numba")
    assert natively == python
    # played natively: no note of a fall-back (only, the first time, that they compile)
    from sevens.native.cache import COLD_START_SECONDS

    cold = f"compiling the native kernels for {variant}, once: ~{COLD_START_SECONDS} s\n"
    assert note in ("", cold), note


# -- the hashed row memo and the joker rules' options --------------------------------
@needs_numba
@pytest.mark.parametrize("entries", [1 << 18, 4])
@pytest.mark.parametrize("variant", ["parliament", "domino", "play-or-pay", "karten-domino"])
def test_the_hashed_row_memo_plays_the_same_games(
    monkeypatch: pytest.MonkeyPatch, variant: str, entries: int
) -> None:
    """Rule sets whose dense memo would be too big fill a hash table as row states come up;
    forced onto it (and onto a full one of four entries), the games must still be the Python
    engine's, and the same as on the dense memo."""
    from sevens.native import build
    from sevens.runtime.native import kernels as k

    players = compiled(variant).rule_set.players.min
    rules = native.native_rules(variant)
    dense = build.prepare(rules.rule_set, rules.program, players, "random", None)
    monkeypatch.setattr(build, "MAX_MEMO_STATES", 0)
    monkeypatch.setattr(build, "HASH_ENTRIES", entries)
    hashed = build.prepare(rules.rule_set, rules.program, players, "random", None)
    assert hashed.c[k.C_HASHED] == 1
    for seed in range(12):
        game = native.play_native_game(hashed, seed, NATIVE_FORGET)
        assert native_records(rules, game, players, seed) == native_records(
            rules, native.play_native_game(dense, seed, NATIVE_FORGET), players, seed
        )
    assert (
        agree_natively(variant, players, "random", None, range(12)) > 0
    )  # the hashed games are those of the Python engine


#: Built-ins exercising each mechanic of the later contract, with a test of a deal's record
#: showing it happened: the agreement tests compare nothing if the mechanic never comes up.
MECHANICS = {
    "ristiseiska": lambda r: any("transfers" in d for d in r["decisions"]),  # from every other
    "sjuan-traditional": lambda r: any(
        "transfer" in d and d["legal"] == [] for d in r["decisions"]
    ),
    "card-domino-stock": lambda r: any("drawn" in d for d in r["decisions"]),
    "elfer-raus": lambda r: any(len(d.get("drawn", ())) > 1 for d in r["decisions"]),
    # the count grew past one, and a player chose among several drawn cards that fit
    "escalating-draws": lambda r: (
        any(len(d.get("drawn", ())) > 1 for d in r["decisions"])
        and any("drawn" in d and len(d["legal"]) > 1 for d in r["decisions"])
    ),
    "pai-qi": lambda r: any(d["action"] == "cover" for d in r["decisions"]),
    "shichi-narabe-traditional": lambda r: any(  # the layout's cards were dealt to the players
        code in hand for hand in r["hands"] for code in r["layout_start"]
    ),
    "cinquillo-traditional": lambda r: (
        r["decisions"][1]["seat"] == (r["decisions"][0]["seat"] - 1) % r["players"]
    ),
    "badam-satti-compulsory": lambda r: any(
        d["legal"] and set(d["legal"]) <= _compulsory("badam-satti-compulsory")
        for d in r["decisions"]
    ),
    # rows starting at their own first card (not all at one rank), and the follow-up that
    # starts the next row once one is complete
    "play-or-pay": lambda r: (
        len({record_rank(d["card"]) for d in row_openers(r)}) > 1
        and any(d.get("kind") == "follow-up" for d in r["decisions"])
    ),
    # a joker laid, its card redeemed, and joker spots offered
    "shichi-narabe-joker": lambda r: (
        any(d["action"] == "joker" for d in r["decisions"])
        and any(d["action"] == "redeem" for d in r["decisions"])
        and any("joker" in d for d in r["decisions"])
    ),
    # a face-up leftover laid before a turn, and one declined
    "fan-tan-leftovers": lambda r: (
        bool(leftovers_laid(r))
        and any(d.get("kind") == "leftover" and d["action"] == "pass" for d in r["decisions"])
    ),
    # a trump laid in another card's place, and that displaced card played onto the trump row
    "trump-fan-tan": lambda r: any(
        d["action"] == "play"
        and d["card"] in {t["in_place_of"] for t in r["decisions"] if t["action"] == "trump"}
        for d in r["decisions"]
    ),
    # rows without suits, taken one at a time (layout.rows_follow_suit false,
    # layout.one_row_at_a_time): a card extends a row of another suit, and a next row opens
    "karten-domino": lambda r: laid_without_suit(r, "8") and one_row_at_a_time(r, "8"),
}


def _compulsory(variant: str) -> set[str]:
    rule_set = compiled(variant).rule_set
    return {rule_set.card_codes[c] for c in range(rule_set.n_cards) if rule_set.compulsory >> c & 1}


@needs_numba
@pytest.mark.parametrize("variant", sorted(MECHANICS))
def test_later_mechanics_come_up_in_native_games(variant: str) -> None:
    from sevens.native.build import prepare

    assert variant in NATIVE_IDS
    rules = native.native_rules(variant)
    players = compiled(variant).rule_set.players.min
    prepared = prepare(rules.rule_set, rules.program, players, "random", None)
    seen = 0
    for seed in range(20):
        records = native_records(
            rules, native.play_native_game(prepared, seed, NATIVE_FORGET), players, seed
        )
        seen += sum(1 for record in records if MECHANICS[variant](record))
    assert seen > 0


@needs_numba
@settings(max_examples=60, deadline=None)
@given(
    variant=st.sampled_from(NATIVE_IDS),
    seed=st.integers(0, 2**40),
    players_offset=st.integers(0, 10),
    strategy=st.sampled_from(["random", "heuristic", "withhold"]),
)
def test_hypothesis_native_games_agree(
    variant: str, seed: int, players_offset: int, strategy: str
) -> None:
    rule_set = compiled(variant).rule_set
    allowed = rule_set.players
    players = allowed.min + players_offset % (allowed.max - allowed.min + 1)
    assume(player_count_problem(rule_set, players) is None)  # pairs: an even count
    agree_natively(variant, players, strategy, None, range(seed, seed + 1))
