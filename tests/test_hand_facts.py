"""Hand facts in play conditions (issue 8): ``hand`` in ``play.legal`` and the follow-up pair.

The mover's hand makes legality a question per seat.  Only rule sets whose
play conditions read it (``RuleSet.reads_hand``) take that path; everything
else keeps its playable set per row state.  Compiled modules and the reference
interpreter must agree on every hand fact, in every seat, at every decision.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.cli import main
from sevens.compiler.errors import SevensError
from sevens.compiler.interpret import ReferenceRules
from sevens.compiler.pipeline import load_rulespec, reference_rules
from sevens.loading.registry import load_rules
from sevens.runtime.api import DealState, Rules
from sevens.runtime.engine import Table, choose_leader, deal_hands, may_pass, play_deal
from sevens.runtime.machine import CompiledRules, check_decisions
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import PASS, random_strategy
from tests.conftest import HAND_RULES, STANDARD, compiled, reference


@cache
def _pair(name: str, directory: str) -> tuple[Rules, ReferenceRules]:
    parent, overlay = HAND_RULES[name]
    path = Path(directory) / f"{name}.yaml"
    path.write_text(f"id: {name}\nextends: {parent}\nkind: house-rule\n{overlay}")
    return load_rules(str(path)), reference_rules(load_rulespec(path))


@pytest.fixture(scope="module")
def rules_dir(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("hand"))


def _compare(gen: Rules, ref: ReferenceRules, state: DealState, name: str) -> None:
    for seat in range(state.n_players):
        assert gen.legal(state, seat) == ref.legal(state, seat), (name, seat)


@settings(max_examples=60, deadline=None)
@given(
    name=st.sampled_from(sorted(HAND_RULES)), seed=st.integers(0, 2**32), stop=st.integers(1, 120)
)
def test_hand_facts_agree_with_the_reference_in_every_seat(
    rules_dir: str, name: str, seed: int, stop: int
) -> None:
    """Every seat's legal cards (each with its own hand) and the follow-up cards agree."""
    gen, ref = _pair(name, rules_dir)
    rule_set = gen.rule_set
    players = rule_set.players.min + seed % (rule_set.players.max - rule_set.players.min + 1)
    rng = GameRandom(seed)
    state = DealState(players, 0, deal_hands(gen, players, 0, rng), rule_set.n_rows)
    gen.setup(state)
    seat = choose_leader(gen, state, None)
    choose = random_strategy(gen)
    for _ in range(stop):
        _compare(gen, ref, state, name)
        legal = gen.legal(state, seat)
        card = choose(state, seat, legal, may_pass(rule_set, state, seat), rng) if legal else PASS
        if card != PASS:
            gen.play(state, seat, card)
            assert gen.follow_up(state, seat, card, card) == ref.follow_up(
                state, seat, card, card
            ), name
            if not state.hands[seat]:
                break
        seat = (seat + 1) % players


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(HAND_RULES)), seed=st.integers(0, 2**32))
def test_whole_games_with_hand_facts_agree(rules_dir: str, name: str, seed: int) -> None:
    """Same seed and strategy: identical decision records and results, follow-ups included."""
    gen, ref = _pair(name, rules_dir)
    players = gen.rule_set.players.min + seed % 3
    a, b = (
        play_deal(
            r,
            Table(players, [random_strategy(r)] * players, seed % players, record=True),
            GameRandom(seed),
        )  # type: ignore[arg-type]
        for r in (gen, ref)
    )
    assert a.record == b.record
    assert (a.winner, a.chips, a.points) == (b.winner, b.chips, b.points)


def test_every_hand_rule_reads_the_hand_and_takes_the_seat_path(rules_dir: str) -> None:
    """The house rules above really exercise the new path (and so can fail)."""
    for name in HAND_RULES:
        gen, _ = _pair(name, rules_dir)
        assert gen.rule_set.reads_hand, name
        assert not gen.legal_is_playable, name


def test_a_hand_fact_changes_the_legal_cards(rules_dir: str) -> None:
    """The same row, two hands: the ace is legal unless it is the last card."""
    gen, ref = _pair("last-not-ace", rules_dir)
    for rules in (gen, ref):
        st_ = DealState(4, 3, [0] * 4, rules.rule_set.n_rows)
        rules.setup(st_)
        codes = rules.rule_set.card_codes
        card = {code: c for c, code in enumerate(codes)}
        for code in ["7D", "7S", "8S", "9S", "10S", "JS", "QS", "KS"]:
            st_.hands[1] |= 1 << card[code]
            rules.play(st_, 1, card[code])
        st_.hands[0] = 1 << card["AS"]
        assert rules.legal(st_, 0) == 0
        st_.hands[0] |= 1 << card["2C"]
        assert rules.legal(st_, 0) == 1 << card["AS"]


# -- the rule set of the catalogue: mandatory sevens ------------------------------------
def test_mandatory_sevens_in_the_hand_agree_with_the_compulsory_form(tmp_path: Path) -> None:
    """`mandatory-seven` states with the hand what `play.compulsory: card.rank == 7` states as
    a mask: over whole random games of Fan Tan the two give the same legal cards everywhere."""
    path = tmp_path / "compulsory-form.yaml"
    path.write_text("id: compulsory-form\nextends: fan-tan\nplay:\n  compulsory: card.rank == 7\n")
    by_hand, by_mask = compiled("mandatory-seven"), load_rules(str(path))
    assert by_hand.rule_set.reads_hand and not by_mask.rule_set.reads_hand
    narrowed = 0
    for seed in range(60):
        rng = GameRandom(seed)
        state = DealState(4, 0, deal_hands(by_hand, 4, 0, rng), by_hand.rule_set.n_rows)
        other = DealState(4, 0, list(state.hands), by_hand.rule_set.n_rows)
        by_hand.setup(state)
        by_mask.setup(other)
        seat = choose_leader(by_hand, state, None)
        for _ in range(60):
            legal = by_hand.legal(state, seat)
            assert legal == by_mask.legal(other, seat), seed
            narrowed += legal != state.hands[seat] & other.playable
            if legal:
                card = rng.sample([c for c in range(52) if legal >> c & 1], 1)[0]
                by_hand.play(state, seat, card)
                by_mask.play(other, seat, card)
            seat = (seat + 1) % 4
    assert narrowed > 0  # the rule did bite: a held seven hid other playable cards


def test_mandatory_seven_whole_games_agree_with_the_reference() -> None:
    for seed in range(20):
        gen, ref = compiled("mandatory-seven"), reference("mandatory-seven")
        a, b = (
            play_deal(
                r, Table(4, [random_strategy(r)] * 4, seed % 4, record=True), GameRandom(seed)
            )  # type: ignore[arg-type]
            for r in (gen, ref)
        )
        assert a.record == b.record, seed


def test_no_record_of_mandatory_seven_plays_another_card_while_holding_a_seven() -> None:
    """Replayed from the records: whenever a player held a seven, only sevens were legal."""
    gen = compiled("mandatory-seven")
    for seed in range(30):
        result = play_deal(
            gen, Table(4, [random_strategy(gen)] * 4, 0, record=True), GameRandom(seed)
        )
        assert result.record is not None
        hands = [set(h) for h in result.record["hands"]]
        for decision in result.record["decisions"]:
            held = hands[decision["seat"]]
            if any(code.startswith("7") for code in held):
                assert decision["legal"] and all(code.startswith("7") for code in decision["legal"])
            if decision["card"] is not None:
                held.discard(decision["card"])


# -- where the fact is available, and what it costs ------------------------------------
def test_rule_sets_without_hand_facts_keep_their_row_path() -> None:
    """Parliament and every other built-in: no hand parameter, playable set per row state."""
    for variant in ("parliament", "sevens", "cinquillo-cabron", "double-deck"):
        rules = compiled(variant)
        assert isinstance(rules, CompiledRules)
        assert not rules.rule_set.reads_hand
        assert "hand" not in rules.module.legal_on_row.__code__.co_varnames
    parliament = compiled("parliament")
    assert parliament.legal_is_playable
    assert "legal" not in vars(parliament)  # the class's method, not the per-seat one


def test_a_module_whose_decision_lacks_the_hand_is_refused() -> None:
    """The contract says the play conditions read the hand: the decisions must take it."""
    import types

    from sevens.runtime.contract import RuleSet

    module = compiled("mandatory-seven").module  # type: ignore[attr-defined]
    fake = types.ModuleType("fake")
    fake.RULE_SET = module.RULE_SET
    assert isinstance(fake.RULE_SET, RuleSet)
    namespace: dict[str, object] = {"__name__": "fake"}
    exec(  # a stand-in module: the parameters are what is checked, not the body
        "def legal_on_row(face, suit, start, low, high, count, env):\n    return True\n"
        "def points(st, seat):\n    return 0\n",
        namespace,
    )
    fake.legal_on_row = namespace["legal_on_row"]
    fake.points = namespace["points"]
    problems = check_decisions(fake)
    assert any("legal_on_row" in p and "'hand'" in p for p in problems), problems


def _validate(tmp_path: Path, body: str) -> str:
    path = tmp_path / "rule.yaml"
    path.write_text(body)
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2, result.output
    return result.output


def test_hand_in_a_card_condition_is_refused_where_it_is(tmp_path: Path) -> None:
    message = _validate(
        tmp_path, "id: hand-leader\nextends: lowest-diamond\nopening:\n  leader_cards: 7D in hand\n"
    )
    assert "rule.yaml:4:23: 'hand' is not available in card conditions" in message
    assert "play.legal" in message and "Traceback" not in message


def test_hand_with_jokers_is_refused_where_it_is(tmp_path: Path) -> None:
    message = _validate(
        tmp_path,
        f"id: joker-hand\nextends: shichi-narabe-joker\nplay:\n  legal: ({STANDARD}) and hand.count > 1\n",
    )
    assert "rule.yaml:4:" in message and "together with jokers" in message


def test_the_native_backend_lowers_hand_facts() -> None:
    # the kernels play hand facts (tests/test_native.py replays their games in Python)
    from sevens.compiler.native import HAND_KEYED, lower_rules
    from sevens.compiler.pipeline import find_rulespec
    from sevens.native.features import check_supported

    check_supported(compiled("mandatory-seven").rule_set)
    assert lower_rules(load_rulespec(find_rulespec("mandatory-seven"))).hand_mode == HAND_KEYED
    lower_rules(load_rulespec(find_rulespec("penalty-points")))  # 'hand' in amounts lowers too


def test_an_opening_card_a_hand_rule_never_allows_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "never.yaml"
    path.write_text(
        "id: never\nextends: parliament\nplay:\n  legal: card.rank != 7 or hand.count > 60\n"
    )
    with pytest.raises(SevensError, match="opening card 7D"):
        load_rules(str(path))


def test_sevens_legal_uses_the_asking_hand(tmp_path: Path) -> None:
    runner = CliRunner()
    held = runner.invoke(
        main, ["legal", "mandatory-seven", "--table", "7H 8H", "--hand", "9H 7S 6H"]
    )
    free = runner.invoke(
        main, ["legal", "mandatory-seven", "--table", "7H 8H 7S", "--hand", "9H 6H"]
    )
    assert (held.exit_code, held.output.split()) == (0, ["7S"])
    assert (free.exit_code, sorted(free.output.split())) == (0, ["6H", "9H"])


# -- the step API and the RL environments ask legality the same way ---------------------
def test_the_step_api_offers_only_sevens_while_a_seven_is_held() -> None:
    from sevens.envs.game import Game
    from sevens.runtime.strategies import PASS as PASSING

    for seed in range(5):
        game = Game("mandatory-seven", 4, seed=seed)
        checked = 0
        rng = random.Random(seed)
        while not game.is_over:
            state, pending = game.state, game.pending
            assert state is not None and pending is not None
            actions = game.legal_actions()
            cards = [a for a in actions if a != PASSING]
            sevens_held = [
                c for c in range(52) if state.hands[pending.seat] >> c & 1 and c % 13 == 5
            ]
            if sevens_held:
                assert cards and set(cards) <= set(sevens_held), (seed, cards)
                checked += 1
            game.apply(rng.choice(actions))
        assert checked > 0


def test_pettingzoo_masks_follow_the_hand_rule() -> None:
    pytest.importorskip("pettingzoo")
    import sevens
    from sevens.runtime.encoding import action_count, action_index

    rules = compiled("mandatory-seven")
    env = sevens.env("mandatory-seven", players=4)
    env.reset(seed=2)
    rng = random.Random(1)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        pending = env.game.pending
        assert pending is not None and env.possible_agents[pending.seat] == agent
        legal = [i for i in range(action_count(rules.rule_set)) if observation["action_mask"][i]]
        assert legal == [action_index(rules.rule_set, pending.kind, a) for a in pending.actions]
        assert pending.legal == rules.legal(env.game.state, pending.seat)
        env.step(rng.choice(legal))
