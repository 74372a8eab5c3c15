"""The step API (sevens/envs/game.py): one engine loop, every decision explicit.

Records written by ``simulate --record`` replay through the step API to the
identical record; the hands and dealers of the conformance leader cases give
the expected first player; forced decisions are asked for, never inferred.
The 1,000-games-per-variant replay is ``scripts/replay_check.py``.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from sevens.envs.game import COVER, DRAW, GIVE, PASS, Game, IllegalAction, replay
from sevens.runtime.api import bits
from sevens.runtime.mechanics.base import givers_order
from sevens.runtime.simulate import Options, simulate
from sevens.runtime.strategies import STRATEGIES, heuristic_strategy
from tests.conftest import choices_after_draws, compiled

CONFORMANCE = Path(__file__).parent / "conformance"


def _players(variant: str) -> int:
    allowed = compiled(variant).rule_set.players
    return 4 if allowed.min <= 4 <= allowed.max else allowed.min


def _records(variant: str, strategy: str, games: int, seed: int = 3) -> list[dict[str, Any]]:
    stream = io.StringIO()
    options = Options(players=_players(variant), games=games, seed=seed, strategy=strategy)
    simulate(compiled(variant), options, record=stream)
    return [json.loads(line) for line in stream.getvalue().splitlines()]


@pytest.mark.parametrize("strategy", ["heuristic", "random"])
def test_simulated_records_replay_identically(variant: str, strategy: str) -> None:
    rules = compiled(variant)
    consult = STRATEGIES[strategy](rules) if strategy == "random" else None
    for record in _records(variant, strategy, 12):
        game = replay(rules, record, consult)
        assert game.record == record
        # forced decisions were asked too, and a choice among drawn cards is a step of its own;
        # a giver's choices are moves of the decision before them
        decisions, asked = record["decisions"], sum(kind != "give" for kind in game.kinds)
        assert asked == len(decisions) + choices_after_draws(decisions)


@pytest.mark.parametrize("players", [3, 5])
def test_records_with_a_stock_replay_identically(players: int) -> None:
    rules = compiled("card-domino-stock")  # equal hands: 52 cards leave a stock of 1 or 2
    stream = io.StringIO()
    simulate(rules, Options(players=players, games=30, seed=1, strategy="heuristic"), record=stream)
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert all(record["stock"] for record in records)
    assert any("drawn" in entry for record in records for entry in record["decisions"])
    for record in records:
        assert replay(rules, record).record == record


def test_withholding_records_replay_with_voluntary_passes() -> None:
    rules = compiled("voluntary-pass")
    records = _records("voluntary-pass", "withhold", 30)
    assert any(e["action"] == "pass" and e["legal"] for r in records for e in r["decisions"])
    for record in records:
        assert replay(rules, record, STRATEGIES["withhold"](rules)).record == record


def test_a_tampered_record_does_not_replay() -> None:
    rules = compiled("parliament")
    record = _records("parliament", "heuristic", 1)[0]
    choice = next(e for e in record["decisions"] if len(e["legal"]) > 1)
    choice["card"] = next(c for c in choice["legal"] if c != choice["card"])
    game = None
    try:
        game = replay(rules, record)
    except IllegalAction:
        return  # a later recorded card was no longer legal
    assert game.record != record


def _conformance_records() -> list[Any]:
    """The game records kept with the conformance data (``records-<strategy>.jsonl``).

    Written by ``sevens simulate ID --players P --games 3 --seed 100 --strategy heuristic
    --record …`` and ``--games 2 --seed 200 --strategy random`` for the seeds' games, their
    regional variants, and rule sets with a stock or covers.
    """
    params = []
    for path in sorted(CONFORMANCE.glob("*/records-*.jsonl")):
        strategy = path.stem.removeprefix("records-")
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            name = f"{path.parent.name}:{strategy}:{record['seed']}"
            params.append(pytest.param(path.parent.name, strategy, record, id=name))
    return params


def test_the_conformance_data_holds_records_of_the_seed_variants() -> None:
    variants = {p.values[0] for p in _conformance_records()}
    assert {"parliament", "fan-tan", "sevens", "dutch-fan-tan", "pai-qi", "elfer-raus"} <= variants
    assert "escalating-draws" in variants  # draws of several cards, and a choice among them
    assert "shichi-narabe-joker" in variants
    assert "trump-fan-tan" in variants  # trumps laid in place of other cards, displaced cards
    assert "fan-tan-leftovers" in variants  # face-up leftovers laid, or declined, before a turn


@pytest.mark.parametrize(("variant", "strategy", "record"), _conformance_records())
def test_conformance_records_replay_record_for_record(
    variant: str, strategy: str, record: dict[str, Any]
) -> None:
    rules = compiled(variant)
    consult = STRATEGIES[strategy](rules) if strategy != "heuristic" else None
    game = replay(rules, record, consult)
    assert game.record == record
    decisions = record["decisions"]
    assert len(game.history) == len(decisions) + choices_after_draws(decisions)


def _leader_cases() -> list[Any]:
    params = []
    for path in sorted(CONFORMANCE.glob("*/leader.yaml")):
        for case in yaml.safe_load(path.read_text(encoding="utf-8")):
            if "named" not in case:  # a named opening card is the dealer's draw, not a given
                params.append(
                    pytest.param(path.parent.name, case, id=f"{path.parent.name}:{case['name']}")
                )
    return params


@pytest.mark.parametrize(("variant", "case"), _leader_cases())
def test_given_hands_and_dealer_give_the_conformance_leader(
    variant: str, case: dict[str, Any]
) -> None:
    game = Game(
        variant,
        len(case["hands"]),
        hands=case["hands"],
        dealer=case["dealer"],
        previous_winner=case.get("previous_winner"),
    )
    assert game.current_player == case["leader"]


def test_forced_decisions_are_explicit() -> None:
    game = Game("parliament", 4, seed=1)
    forced_passes = forced_plays = 0
    while not game.is_over:
        pending = game.pending
        assert pending is not None and game.legal_actions() == pending.actions
        if pending.legal == 0:
            assert pending.actions == [PASS] and pending.forced
            forced_passes += 1
        elif pending.legal.bit_count() == 1 and not pending.can_pass:
            forced_plays += 1
        game.apply(game.legal_actions()[0])
    assert forced_passes > 0 and forced_plays > 0
    assert len(game.history) == len(game.record["decisions"])


def test_given_hands_and_first_player() -> None:
    hands = ["7D 8D", "7S 6D", "9D 5D", "7C 7H"]
    game = Game("parliament", 4, hands=hands, dealer=0, first=2)
    assert game.current_player == 2 and game.legal_actions() == [PASS]
    game.apply("pass")
    assert game.current_player == 3 and game.legal_actions() == [PASS]
    game.apply(PASS)
    assert game.current_player == 0
    game.apply("7♦")  # suit symbols are accepted
    assert game.current_player == 1
    assert sorted(game.card(a) for a in game.legal_actions()) == ["6D", "7S"]
    assert game.history == [(2, PASS), (3, PASS), (0, game.parse_action("7D"))]


def test_illegal_actions_are_refused_with_the_legal_ones() -> None:
    game = Game("parliament", 4, hands=["7D 8D", "7S 6D", "9D 5D", "7C 7H"], dealer=3)
    assert game.current_player == 0 and game.legal_actions() == [game.parse_action("7D")]
    for bad in ("8D", "pass", "XX", 999):
        with pytest.raises(IllegalAction):
            game.apply(bad)
    game.apply("7d")
    assert game.current_player == 1


def test_observations_show_only_ones_own_hand() -> None:
    game = Game("sevens", 4, seed=5)
    seat = game.current_player
    assert seat is not None
    mine, other = game.observation(seat), game.observation((seat + 1) % 4)
    assert mine.legal == game.pending.legal if game.pending else False
    assert other.legal == 0 and other.hand != mine.hand and mine.table == other.table
    assert sum(mine.hand_sizes) == 52


def test_bots_play_their_seats_and_the_record_matches_simulate() -> None:
    rules = compiled("parliament")
    record = _records("parliament", "heuristic", 1, seed=42)[0]
    bots = {seat: heuristic_strategy(rules) for seat in (1, 2, 3)}
    game = Game(rules, 4, 42, bots=bots, forget_last_card=0.1)
    bot = heuristic_strategy(rules)
    while not game.is_over:
        assert game.current_player == 0
        pending = game.pending
        assert pending is not None and game.state is not None
        game.apply(
            bot(game.state, 0, pending.legal, pending.can_pass, game.rng) if pending.legal else PASS
        )
    assert game.record == record


def test_a_given_stock_must_complete_the_deal() -> None:
    hands = ["7D 8D", "2S 3S", "7S KC", "7C 7H"]
    with pytest.raises(ValueError, match="7D is given twice"):
        Game("card-domino-stock", 4, hands=hands, stock=["7D"], dealer=0)
    with pytest.raises(ValueError, match="not dealt"):
        Game("card-domino-stock", 4, hands=hands, stock=[999], dealer=0)
    with pytest.raises(ValueError, match="only with the hands"):
        Game("card-domino-stock", 4, stock=["6D"], dealer=0)


def test_given_hands_must_be_a_deal() -> None:
    with pytest.raises(ValueError, match="two hands"):
        Game("parliament", 4, hands=[1, 1, 0, 0], dealer=0)
    with pytest.raises(ValueError, match="3 hands"):
        Game("parliament", 4, hands=["7D", "7S", "7C"], dealer=0)


def test_a_player_who_cannot_play_draws_and_a_drawn_card_that_fits_is_played() -> None:
    hands = ["7D 8D", "2S 3S", "7S KC", "7C 7H"]
    game = Game("card-domino-stock", 4, hands=hands, stock=["6D", "4S", "QC"], dealer=3, first=0)
    assert game.legal_actions() == [game.parse_action("7D")]
    game.apply("7D")
    assert game.pending is not None and game.pending.kind == "draw"
    assert game.legal_actions() == [DRAW] and game.card(DRAW) == "draw"
    game.apply("draw")  # seat 1 draws 6D, which fits beside the 7D and is played
    assert game.observation(1).hand_sizes[1] == 2 and game.observation(0).stock == 2
    assert game.state is not None and game.state.table >> game.parse_action("6D") & 1


def test_a_player_who_cannot_play_chooses_the_card_to_cover() -> None:
    rules = compiled("pai-qi")
    for seed in range(20):
        game = Game(rules, 4, seed=seed)
        while not game.is_over and (game.pending is None or game.pending.kind != "cover"):
            game.apply(game.legal_actions()[0])
        if game.pending is None:
            continue
        seat, hand = game.pending.seat, game.pending.legal
        assert game.legal_actions() == [c for c in range(rules.rule_set.n_cards) if hand >> c & 1]
        highest = game.legal_actions()[-1]
        game.apply(highest)
        assert game.observation(seat).covered == 1 << highest
        assert game.observation((seat + 1) % 4).history[-1] == (seat, COVER)  # face down for others
        assert game.history[-1] == (seat, highest)
        return
    raise AssertionError("no cover in 20 deals")


def _first_give(rules: Any, seeds: range) -> Game:
    """A game stopped at its first "give" decision (the lowest action everywhere before)."""
    for seed in seeds:
        game = Game(rules, 4, seed=seed)
        while game.pending is not None and game.pending.kind != "give":
            game.apply(game.legal_actions()[0])
        if game.pending is not None:
            return game
    raise AssertionError(f"no give in seeds {seeds}")


def test_a_giver_chooses_the_card_it_gives() -> None:
    """Ristiseiska (catalogue §5): a player who cannot play takes a card from the previous
    player, "who chooses which card to give".  The step API asks the giver: its actions are
    its hand, the chosen card (not the one a bot would give) goes to the receiver, and the
    others see only that a card was given."""
    rules = compiled("ristiseiska")
    game = _first_give(rules, range(20))
    pending, st = game.pending, game.state
    assert pending is not None and st is not None and pending.receiver is not None
    giver, receiver = pending.seat, pending.receiver
    assert pending.legal == st.hands[giver] and not pending.can_pass
    assert game.observation(giver).kind == "give"
    bots_card = givers_order(rules, st, giver, list(bits(st.hands[giver])))[0]
    chosen = next(c for c in game.legal_actions() if c != bots_card)
    game.apply(chosen)
    assert game.state is not None
    assert game.state.hands[receiver] >> chosen & 1 and not game.state.hands[giver] >> chosen & 1
    assert game.state.hands[giver] >> bots_card & 1  # the bot's card stayed with the giver
    assert game.history[-1] == (giver, chosen)
    assert game.observation((giver + 2) % 4).history[-1] == (giver, GIVE)


def test_a_giver_cannot_give_a_card_it_does_not_hold() -> None:
    game = _first_give(compiled("ristiseiska"), range(20))
    assert game.pending is not None and game.state is not None
    elsewhere = next(c for c in range(52) if not game.state.hands[game.pending.seat] >> c & 1)
    with pytest.raises(IllegalAction, match="not legal now"):
        game.apply(elsewhere)


def test_bots_give_as_the_engine_does_and_records_replay_the_gives() -> None:
    """Not vacuous: the replayed Ristiseiska records hold penalty cards, given as step actions."""
    rules = compiled("ristiseiska")
    records = _records("ristiseiska", "heuristic", 20)
    assert any("transfer" in e or "transfers" in e for r in records for e in r["decisions"])
    for record in records:
        game = replay(rules, record)
        assert game.record == record
        assert "give" in game.kinds or not any(
            "transfer" in e or "transfers" in e for e in record["decisions"]
        )


JOKER = "shichi-narabe-joker"


def test_joker_records_replay_with_joker_plays_and_redeems() -> None:
    """Not vacuous: the replayed joker deals hold joker plays and redeems, taken as step actions."""
    rules = compiled(JOKER)
    n = rules.rule_set.n_cards
    kinds: set[str] = set()
    jokers_played = 0
    for record in _records(JOKER, "heuristic", 6):
        game = replay(rules, record)
        assert game.record == record
        kinds.update(game.kinds)
        jokers_played += sum(action >= n for _, action in game.history)
    assert "redeem" in kinds and jokers_played > 0


def _joker_game(**extra: Any) -> Game:
    """Three seats: seat 1 holds a joker and the 6C; seat 0 holds the 8C; seat 0 leads (the
    7s are laid out before the deal)."""
    hands = ["6H 8C 2S", "6C 3S", "8D 4S"]
    return Game(JOKER, 3, hands=hands, jokers=[0, 1, 0], dealer=2, first=0, **extra)


def test_a_joker_is_a_step_action_and_its_card_s_holder_redeems_it() -> None:
    game = _joker_game()
    rule_set = compiled(JOKER).rule_set
    n = rule_set.n_cards
    game.apply("6H")
    pending = game.pending
    assert pending is not None and pending.seat == 1 and pending.kind == "turn"
    spots = {rule_set.card_codes[c] for c in bits(pending.joker_spots)}
    assert "8C" in spots and "6C" not in spots  # not a spot for one's own card
    assert pending.cards == 1 << game.parse_action("6C")
    assert game.joker_action(game.parse_action("8C")) in game.legal_actions()
    assert game.observation(1).jokers == 1 and game.observation(0).jokers == 0
    assert game.observation(0).hand_sizes == (2, 3, 2)  # the joker counts as a held card
    game.apply("joker 8C")
    assert game.card(game.history[-1][1]) == "joker 8C"
    pending = game.pending
    assert pending is not None and (pending.seat, pending.kind) == (0, "redeem")
    assert game.legal_actions() == [game.parse_action("8C")] and pending.forced  # redeem: must
    assert game.observation(0).joker_spots == 1 << game.parse_action("8C")
    game.apply("redeem")
    assert game.observation(0).jokers == 1 and game.observation(1).jokers == 0
    assert game.state is not None and game.state.joker_spots == 0
    assert game.history[-2:] == [(1, n + game.parse_action("8C")), (0, game.parse_action("8C"))]
    assert game.current_player == 2  # the turn goes on after the joker player's


def test_joker_actions_and_given_jokers_are_checked() -> None:
    game = _joker_game()
    game.apply("6H")
    with pytest.raises(IllegalAction, match="not legal"):
        game.apply("joker 9H")
    with pytest.raises(IllegalAction):
        game.apply(2 * compiled(JOKER).rule_set.n_cards)
    with pytest.raises(ValueError, match="only with the hands"):
        Game(JOKER, 3, jokers=[1, 0, 0])
    with pytest.raises(ValueError, match="at most"):
        Game(JOKER, 3, hands=["6H", "6C", "8C"], jokers=[1, 1, 0], dealer=0)
    with pytest.raises(ValueError, match="has no jokers"):
        Game("parliament", 4, hands=["7D", "7S", "7H", "7C"], jokers=[0, 0, 0, 0], dealer=0)
    with pytest.raises(IllegalAction, match="has no jokers"):
        Game("parliament", 4, seed=1).joker_action(0)


def test_jokers_in_the_observation_encoding_and_actions() -> None:
    from sevens.runtime.encoding import (
        action_count,
        action_index,
        encode,
        joker_base,
        observation_size,
        step_action,
    )

    rule_set = compiled(JOKER).rule_set
    n = rule_set.n_cards
    assert joker_base(rule_set) == n + 1 and action_count(rule_set) == 2 * n + 1
    assert (
        action_index(rule_set, "turn", n + 5) == n + 6
        and step_action(rule_set, "turn", n + 6) == n + 5
    )
    assert (
        step_action(rule_set, "redeem", n + 6) is None
        and step_action(rule_set, "redeem", n) == PASS
    )
    game = _joker_game()
    game.apply("6H")
    assert game.state is not None
    assert encode(rule_set, game.state, 1, False)[-2] == 1.0  # seat 1 holds the deck's one joker
    game.apply("joker 8C")
    vector = encode(rule_set, game.state, 0, False, redeem=True)
    assert len(vector) == observation_size(rule_set, 3)
    spots = observation_size(rule_set, 3) - n - 2
    assert vector[spots + game.parse_action("8C")] == 1.0 and sum(vector[spots : spots + n]) == 1
    assert vector[-1] == 1.0 and vector[-2] == 0.0  # a redeem; seat 0 holds no joker yet


@pytest.mark.parametrize("seed", [-1, -5, 1.5, "1", True])
def test_a_seed_that_is_not_a_whole_number_from_0_is_refused(seed: Any) -> None:
    """``Random(-1)`` deals as ``Random(1)``: a negative seed must not pass as another game's."""
    with pytest.raises(ValueError, match="seed must be a whole number from 0"):
        Game("parliament", 4, seed)


@pytest.mark.parametrize("previous_winner", [-1, 4, 99])
def test_a_previous_winner_outside_the_table_is_refused(previous_winner: int) -> None:
    with pytest.raises(ValueError, match="previous_winner must be a seat between 0 and 3"):
        Game("parliament", 4, previous_winner=previous_winner)


def test_the_observation_shows_the_players_in_a_row_who_could_not_play() -> None:
    """escalating-draws: the next draw's count grows with ``game.unable_in_a_row``, so the
    encoding's last value shows it (players in a row who could not play / players)."""
    from sevens.runtime.encoding import counts_unable, encode, observation_size

    rules = compiled("escalating-draws")
    assert counts_unable(rules.rule_set) and not counts_unable(compiled("elfer-raus").rule_set)
    bot = heuristic_strategy(rules)
    seen = set()
    for seed in range(5):
        game = Game(rules, 4, seed)
        while not game.is_over and game.state is not None:
            seat, pending = game.current_player, game.pending
            assert seat is not None and pending is not None
            vector = encode(rules.rule_set, game.state, seat, False)
            assert len(vector) == observation_size(rules.rule_set, 4)
            assert vector[-1] == min(game.state.unable_in_a_row / 4, 1.0)
            assert game.observation(seat).unable_in_a_row == game.state.unable_in_a_row
            seen.add(vector[-1])
            legal, can_pass = pending.legal, pending.can_pass
            if legal:
                game.apply(bot(game.state, seat, legal, can_pass, game.rng))
            else:  # the draw, or the pass once the stock is empty
                game.apply(game.legal_actions()[0])
    assert {0.0, 0.25, 0.5} <= seen  # counts of 0, 1 and 2 came up
