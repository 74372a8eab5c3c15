"""Rule sets as OpenSpiel games, checked by OpenSpiel's own random-simulation tests.

The few-hundred-game run is ``scripts/openspiel_check.py --sims 300``.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from sevens.envs.openspiel_game import game  # noqa: E402
from sevens.runtime.encoding import deal_returns  # noqa: E402
from sevens.runtime.engine import play_deal  # noqa: E402
from sevens.runtime.mechanics.jokers import JokerTable  # noqa: E402
from sevens.runtime.randomness import GameRandom  # noqa: E402
from sevens.runtime.strategies import random_strategy  # noqa: E402
from tests.conftest import BUILTIN_IDS, compiled  # noqa: E402

#: The classic, a Spanish deck, passes limited, follow-ups, voluntary passes, a named opening card,
#: draws from a stock (elfer-raus, card-domino-stock; escalating-draws: several cards at once,
#: then a choice among them), covers (pai-qi), jokers (shichi-narabe-joker).
VARIANTS = [
    "parliament",
    "cinquillo",
    "shichi-narabe",
    "sevens",
    "voluntary-pass",
    "dealer-seven",
    "elfer-raus",
    "card-domino-stock",
    "escalating-draws",
    "pai-qi",
    "shichi-narabe-joker",
    "ristiseiska",  # the giver chooses its penalty card: "give" decisions
    "trump-fan-tan",  # the last card dealt names trumps; trumps laid in others' places
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_random_simulation_checks(variant: str) -> None:
    loaded = pyspiel.load_game(f"python_sevens(rules={variant},players=4)")
    pyspiel.random_sim_test(loaded, num_sims=4, serialize=False, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_end_with_the_rule_sets_returns(variant: str) -> None:
    import random

    spiel_game = game(variant, 4)
    rule_set = compiled(variant).rule_set
    rng = random.Random(1)
    taken: set[str] = set()
    for _ in range(20):
        state = spiel_game.new_initial_state()
        chance = 0
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(rng.choice(outcomes)[0])
            chance += 1
        jokers = 0 if rule_set.wild is None else rule_set.wild.jokers
        assert chance == len(rule_set.dealt) + jokers  # one chance node per dealt card and joker
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            assert legal and all(0 <= a < spiel_game.num_distinct_actions() for a in legal)
            assert len(state.observation_tensor(player)) == spiel_game.observation_tensor_size()
            action = rng.choice(legal)
            taken.add(state.action_to_string(player, action).split()[0])
            state.apply_action(action)
        result = state.play.result
        returns = state.returns()
        if rule_set.chips is not None and rule_set.points is None:
            assert returns == [float(c) for c in result.chips]
        assert all(spiel_game.min_utility() <= r <= spiel_game.max_utility() for r in returns)
    stock = len(rule_set.dealt) > len(spiel_game.seats)  # 52 cards dealt equally to 4 leave none
    assert ("draw" in taken) == (
        rule_set.draw is not None and stock
    )  # the stock is dealt by chance
    assert ("cover" in taken) == rule_set.passing.cover
    assert ("joker" in taken) == (rule_set.wild is not None)
    assert ("trump" in taken) == (rule_set.trumps is not None)


def test_a_clone_continues_like_the_original() -> None:
    import random

    spiel_game = game("parliament", 4)
    state = spiel_game.new_initial_state()
    rng = random.Random(5)
    for _ in range(70):  # the deal and some turns
        actions = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(actions))
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    while not state.is_terminal():
        action = state.legal_actions()[-1]
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state)
    assert clone.returns() == state.returns()


def test_information_state_hides_the_other_hands() -> None:
    spiel_game = game("parliament", 4)
    state = spiel_game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mine = state.information_state_string(0)
    theirs = state.information_state_string(1)
    assert mine != theirs
    hand_of_1 = state.play.state.hands[1]
    codes = compiled("parliament").rule_set.card_codes
    assert all(codes[c] not in mine.split("|")[0].split() for c in range(52) if hand_of_1 >> c & 1)


def _dealt_state(variant: str = "parliament") -> Any:
    state = game(variant, 4).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("outcome", [9999, 52])
def test_a_chance_outcome_off_the_deck_is_refused_as_a_spiel_error(outcome: int) -> None:
    state = game("parliament", 4).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match=f"chance outcome {outcome} is not a card left"):
        state.apply_action(outcome)


def test_a_card_dealt_twice_is_refused_as_a_spiel_error() -> None:
    state = game("parliament", 4).new_initial_state()
    state.apply_action(3)
    with pytest.raises(pyspiel.SpielError, match="chance outcome 3 is not a card left"):
        state.apply_action(3)
    assert len(state.chance_outcomes()) == 51  # the refused card was not dealt again


def test_an_illegal_player_action_is_refused_as_a_spiel_error() -> None:
    state = _dealt_state()
    illegal = [
        a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions()
    ]
    for action in (illegal[0], 9999):
        with pytest.raises(pyspiel.SpielError, match="not legal now"):
            state.apply_action(action)


# -- serialisation and pickling ---------------------------------------------------------------


def _players(variant: str) -> int:
    """Four players, or the fewest the rule set takes when that is more."""
    return max(4, compiled(variant).rule_set.players.min)


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_openspiel_random_simulation_with_serialisation(variant: str) -> None:
    loaded = pyspiel.load_game(f"python_sevens(rules={variant},players={_players(variant)})")
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=True, verbose=False)


def _random_state(spiel_game: Any, seed: int, steps: int) -> Any:
    """A state after ``steps`` random actions (chance included) or at the end."""
    rng = random.Random(seed)
    state = spiel_game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        chance = state.is_chance_node()
        state.apply_action(
            rng.choice([a for a, _ in state.chance_outcomes()] if chance else state.legal_actions())
        )
    return state


@pytest.mark.parametrize(
    "variant", ["parliament", "pai-qi", "shichi-narabe-joker", "elfer-raus", "ristiseiska"]
)
def test_a_pickled_state_continues_like_the_original(variant: str) -> None:
    spiel_game = game(variant, 4)
    state = _random_state(spiel_game, seed=3, steps=len(spiel_game.deck) + 20)
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history() and str(copy) == str(state)
    assert pickle.loads(pickle.dumps(spiel_game)) == spiel_game
    while not state.is_terminal():
        action = state.legal_actions()[0]
        state.apply_action(action)
        copy.apply_action(action)
        assert copy.information_state_string(0) == state.information_state_string(0)
    assert copy.returns() == state.returns()


def test_a_game_of_a_rulespec_file_carries_its_path_and_loads_it_again(tmp_path: Path) -> None:
    house = tmp_path / "pub.yaml"
    house.write_text("id: pub-parliament\nextends: parliament\npassing:\n  voluntary: true\n")
    spiel_game = game(house, 4)
    assert spiel_game.get_parameters()["rules"] == str(house.resolve())
    again = pickle.loads(pickle.dumps(spiel_game))
    assert again.rules.rule_set.id == "pub-parliament"
    state = _random_state(spiel_game, seed=1, steps=70)
    text = pyspiel.serialize_game_and_state(spiel_game, state)
    _, restored = pyspiel.deserialize_game_and_state(text)
    assert restored.history() == state.history() and str(restored) == str(state)


def test_a_game_of_compiled_rules_refuses_pickling_with_a_clear_message() -> None:
    spiel_game = game(compiled("parliament"), 4)
    assert spiel_game.get_parameters()["rules"] == "compiled:parliament"
    with pytest.raises(pickle.PicklingError, match="made from compiled rules"):
        pickle.dumps(spiel_game)
    with pytest.raises(ValueError, match="made from compiled rules"):
        pyspiel.load_game("python_sevens(rules=compiled:parliament,players=4)")


def test_the_copies_of_a_double_deck_have_distinct_action_strings() -> None:
    state = game("double-deck", 8).new_initial_state()
    strings = [
        state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in state.chance_outcomes()
    ]
    assert len(set(strings)) == len(strings) and "deal 2C#2" in strings


# -- bounds and the kind of utility -------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "kind"),
    [
        ("parliament", pyspiel.GameType.Utility.ZERO_SUM),  # chips, the pot to the winner
        ("fan-tan", pyspiel.GameType.Utility.CONSTANT_SUM),  # a win: one winner per deal
        ("cinquillo", pyspiel.GameType.Utility.GENERAL_SUM),  # points
    ],
)
def test_the_kind_of_utility_follows_what_the_returns_count(variant: str, kind: Any) -> None:
    assert game(variant, 4).get_type().utility == kind


def test_parliament_bounds_are_derived_not_the_engine_safety_limit() -> None:
    spiel_game = game("parliament", 4)
    # 52 chance nodes; 104 progress decisions, forced passes (104 + 5) * 3 + 1
    assert spiel_game.max_game_length() == 52 + 104 + 328
    # a chip per forced pass, once per run of passes: 104 + 5 runs at most; the winner takes 3 x
    assert (spiel_game.min_utility(), spiel_game.max_utility()) == (-109.0, 327.0)


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_random_deals_stay_within_the_declared_bounds_and_sum(variant: str) -> None:
    from sevens.envs.openspiel_game import SevensGame

    players = _players(variant)
    spiel_game: SevensGame = game(variant, players)
    rules = compiled(variant)
    low, high = spiel_game.min_utility(), spiel_game.max_utility()
    kind = spiel_game.get_type().utility
    total = spiel_game.utility_sum() if kind != pyspiel.GameType.Utility.GENERAL_SUM else None
    strategy = random_strategy(rules)
    rng = GameRandom(11)
    for number in range(60):
        table = JokerTable(players, [strategy] * players, dealer=number % players, record=True)
        result = play_deal(rules, table, rng)
        assert result.record is not None
        assert len(result.record["decisions"]) <= spiel_game.max_decisions
        returns = deal_returns(rules.rule_set, result.chips, result.points, result.winner)
        assert all(low <= r <= high for r in returns), (returns, low, high)
        if total is not None:
            assert sum(returns) == pytest.approx(total)


# -- the information state tensor ---------------------------------------------------------------


@pytest.mark.parametrize(
    "variant", ["parliament", "pai-qi", "shichi-narabe-joker", "sevens", "trump-fan-tan"]
)
def test_the_information_state_tensor_holds_what_its_string_says(variant: str) -> None:
    spiel_game = game(variant, 4)
    assert spiel_game.get_type().provides_information_state_tensor
    size = spiel_game.information_state_tensor_size()
    seen: dict[bytes, str] = {}
    for seed in range(3):
        state = _random_state(spiel_game, seed, steps=len(spiel_game.deck))
        while not state.is_terminal():
            for player in range(4):
                tensor = np.asarray(state.information_state_tensor(player), np.float32)
                assert tensor.shape == (size,) and tensor.min() >= 0
                text = state.information_state_string(player)
                assert seen.setdefault(tensor.tobytes(), text) == text  # one tensor, one string
            state.apply_action(random.Random(seed).choice(state.legal_actions()))
    assert len(seen) > 100


def test_every_player_knows_the_trump_suit_and_the_card_that_named_it() -> None:
    """Trump Fan Tan: the last card dealt names trumps and is shown to all.  The information
    state of every player holds the trump suit and that card from the end of the deal on,
    so two deals that differ only in who holds what never hide which suit is trumps."""
    spiel_game = game("trump-fan-tan", 4)
    rule_set = spiel_game.rules.rule_set
    suits, n = rule_set.deck.n_suits, rule_set.n_cards
    for seed in range(4):
        state = _random_state(spiel_game, seed, steps=len(spiel_game.deck))
        named = state.dealt[len(spiel_game.seats) - 1]
        own = 2 * n  # the dealt cards, the hand
        for player in range(4):
            tensor = np.asarray(state.information_state_tensor(player), np.float32)
            part = tensor[own : own + suits + n]
            assert part[rule_set.suit_of[named]] == 1.0 and part[:suits].sum() == 1.0
            assert part[suits + named] == 1.0 and part[suits:].sum() == 1.0
            text = state.information_state_string(player)
            assert f"named by {rule_set.card_codes[named]}" in text, text


def test_gives_are_in_the_information_state_and_the_observation() -> None:
    """Ristiseiska: the giver chooses its penalty card.  The give is its own decision (the
    observation says so), and the information state counts the gives, so two histories that
    differ by a give never share a tensor."""
    spiel_game = game("ristiseiska", 4)
    size = spiel_game.information_state_tensor_size()
    seen: dict[bytes, str] = {}
    gives = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = _random_state(spiel_game, seed, steps=len(spiel_game.deck))
        for _ in range(300):  # random play may pass for long: a bounded stretch of it
            if state.is_terminal():
                break
            pending = state.play.pending
            if pending.kind == "give":
                gives += 1
                observation = state.observation_tensor(pending.seat)
                assert (
                    observation[-1] == 1.0 and state.observation_tensor(pending.receiver)[-1] == 0
                )
            for player in range(4):
                tensor = np.asarray(state.information_state_tensor(player), np.float32)
                assert tensor.shape == (size,)
                text = state.information_state_string(player)
                assert seen.setdefault(tensor.tobytes(), text) == text  # one tensor, one string
            state.apply_action(rng.choice(state.legal_actions()))
    assert gives > 0
