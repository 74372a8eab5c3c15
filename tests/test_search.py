"""The search bot: consistent sampling of unseen hands, legal choices, a deterministic playout budget."""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.bots.search import (
    SearchBot,
    copy_state,
    fast_heuristic,
    sample_hands,
    sample_with_jokers,
)
from sevens.envs.game import PASS, Game
from sevens.runtime.api import DealState
from sevens.runtime.engine import Table, deal_hands, play_deal
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import Options, simulate
from sevens.runtime.strategies import STRATEGIES, heuristic_strategy
from tests.conftest import compiled


def _state(variant: str = "parliament", seed: int = 1) -> DealState:
    rules = compiled(variant)
    st = DealState(4, 0, deal_hands(rules, 4, 0, GameRandom(seed)), rules.rule_set.n_rows)
    rules.setup(st)
    return st


def test_samples_keep_sizes_known_cards_and_voids() -> None:
    st = _state()
    rules = compiled("parliament")
    dealt = sum(1 << c for c in rules.rule_set.dealt)
    unseen = dealt & ~st.hands[0] & ~st.table
    void = [0, st.hands[1], 0, 0]  # seat 1 is known to hold none of its real cards
    rng = GameRandom(3)
    for _ in range(50):
        hands = sample_hands(st, 0, unseen, void, rng)
        assert hands is not None
        assert hands[0] == st.hands[0]
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in st.hands]
        assert hands[1] & void[1] == 0
        assert hands[1] | hands[2] | hands[3] == unseen
        assert hands[1] & hands[2] == hands[2] & hands[3] == hands[1] & hands[3] == 0


def test_impossible_voids_are_reported() -> None:
    st = _state()
    unseen = sum(1 << c for c in compiled("parliament").rule_set.dealt) & ~st.hands[0]
    assert sample_hands(st, 0, unseen, [0, unseen, 0, 0], GameRandom(1)) is None


def test_a_copied_state_is_independent() -> None:
    st = _state()
    copy = copy_state(st)
    copy.hands[0] = 0
    copy.row_ranks[0] = 123
    assert st.hands[0] != 0 and st.row_ranks[0] != 123


def test_forced_passes_teach_the_bot_who_lacks_which_cards() -> None:
    rules = compiled("parliament")
    bot = SearchBot(rules, playouts=8)
    heuristic = heuristic_strategy(rules)
    table = Table(4, [bot, heuristic, heuristic, heuristic], dealer=0)
    learnt = []
    for seed in range(6):
        play_deal(rules, table, GameRandom(seed))
        assert bot.knowledge is not None
        learnt.append(bot.knowledge)
    assert any(any(k.void) for k in learnt)
    # Never wrong: what the bot learnt about a seat is not in that seat's hand at the end.
    for knowledge in learnt:
        for seat, void in enumerate(knowledge.void):
            assert knowledge.st.hands[seat] & void & ~knowledge.st.table == 0 or seat == 0


def test_search_plays_legal_cards_in_every_shape_and_is_deterministic() -> None:
    for variant in (
        "parliament",
        "shichi-narabe",
        "cinquillo",
        "voluntary-pass",
        "sevens",
        "shichi-narabe-joker",
    ):
        rules = compiled(variant)
        records = []
        for _ in range(2):
            game = Game(rules, 4, seed=5, bots={s: STRATEGIES["search"](rules) for s in (1, 2, 3)})
            while not game.is_over:
                actions = game.legal_actions()
                game.apply(actions[0] if actions[0] != PASS or len(actions) == 1 else actions[-1])
            records.append(game.record)
        assert records[0] == records[1], variant  # a playout budget, not a clock


def test_search_is_a_simulate_strategy() -> None:
    summary = simulate(compiled("parliament"), Options(games=3, strategy="search"))
    assert summary.games == 3 and sum(summary.wins) == 3


def test_a_pass_after_another_seat_opened_cards_shows_the_passer_lacks_them() -> None:
    rules = compiled("parliament")
    hands = ["6D 7S KH", "7C QH", "2H 3H 4H", "7D 2S 3S"]
    game = Game(rules, 4, hands=hands, dealer=2, first=3)
    bot, rng = SearchBot(rules, playouts=4), GameRandom(1)

    def bot_turn() -> None:
        pending, st = game.pending, game.state
        assert pending is not None and pending.seat == 0 and st is not None
        game.apply(bot(st, 0, pending.legal, pending.can_pass, rng))

    game.apply("7D")  # seat 3 leads
    bot_turn()  # 6D or 7S: a real choice
    game.apply("7C")  # seat 1 opens the clubs: 6C and 8C become playable
    game.apply(PASS)  # seat 2 cannot play, seat 3 neither
    game.apply(PASS)
    bot_turn()
    knowledge = bot.knowledge
    assert knowledge is not None
    opened = {game.parse_action(code) for code in ("6C", "8C")}
    assert all(knowledge.void[2] >> card & 1 for card in opened)  # playable at seat 2's turn
    assert all(knowledge.void[3] >> card & 1 for card in opened)
    assert knowledge.void[1] & ~game.observation(0).table == 0  # seat 1 played: nothing learnt


@pytest.mark.parametrize(
    "variant",
    [
        "parliament",
        "shichi-narabe",
        "cinquillo",
        "double-deck",
        "any-seven",
        "elfer-raus",
        "shichi-narabe-joker",
        "fan-tan-leftovers",
    ],
)
def test_the_playouts_policy_chooses_as_the_heuristic(variant: str) -> None:
    rules = compiled(variant)
    # two packs need eight players; four players leave no card face up
    players = {"double-deck": 8, "fan-tan-leftovers": 5}.get(variant, 4)
    slow, fast = heuristic_strategy(rules), fast_heuristic(rules)
    compared = 0

    def both(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        nonlocal compared
        expected = slow(st, seat, legal, can_pass, rng)
        assert fast(st, seat, legal, can_pass, rng) == expected
        compared += 1
        return expected

    for seed in range(15):
        play_deal(rules, Table(players, [both] * players, dealer=seed % players), GameRandom(seed))
    assert compared > 50


def test_joker_worlds_keep_every_seat_s_cards_and_jokers_and_the_declined_cards() -> None:
    from sevens.runtime.mechanics.jokers import deal_with_jokers

    rules = compiled("shichi-narabe-joker")
    hands, _, jokers = deal_with_jokers(rules.rule_set, 4, 0, GameRandom(2))
    st = DealState(4, 0, hands, rules.rule_set.n_rows)
    rules.setup(st)
    st.jokers = jokers
    seat = next(s for s in range(4) if not jokers[s])  # the bot holds no joker: one is unseen
    declined = next(c for c in range(rules.rule_set.n_cards) if hands[(seat + 1) % 4] >> c & 1)
    st.joker_spots = 1 << declined  # a redeem of that card was declined: public, stays put
    st.table |= 1 << declined
    unseen = sum(1 << c for c in rules.rule_set.dealt) & ~st.table & ~st.hands[seat]
    rng, holders = GameRandom(0), set()
    for _ in range(40):
        world = sample_with_jokers(st, seat, unseen, [0] * 4, rng)
        assert world is not None
        sampled, held = world
        assert sampled[seat] == st.hands[seat] and held[seat] == 0
        sizes = [h.bit_count() + j for h, j in zip(sampled, held, strict=True)]
        assert sizes == [h.bit_count() + j for h, j in zip(st.hands, st.jokers, strict=True)]
        assert sum(held) == 1 and sampled[(seat + 1) % 4] >> declined & 1
        holders.add(held.index(1))
    assert len(holders) > 1  # the joker's holder is not given away


def test_a_redeem_the_bot_may_decline_is_answered_and_leaves_the_public_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sevens.loading.registry import load_rules

    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    spec = tmp_path / "joker-may.yaml"
    spec.write_text(
        "id: joker-may\nextends: shichi-narabe-joker\nplay:\n  joker:\n    redeem: may\n"
    )
    rules = load_rules(str(spec))
    game = Game(rules, 3, hands=["6H 8C 2S", "6C 3S", "8D 4S"], jokers=[0, 1, 0], dealer=2, first=0)
    bot, rng = SearchBot(rules, playouts=4), GameRandom(0)
    game.apply("6H")
    game.apply("joker 8C")  # seat 1's joker stands for seat 0's 8C
    pending, st = game.pending, game.state
    assert pending is not None and pending.kind == "redeem" and pending.can_pass and st is not None
    table = st.table
    choice = bot(st, 0, pending.legal, pending.can_pass, rng)
    assert choice in pending.actions
    assert bot.knowledge is not None and bot.knowledge.after is not None
    after = bot.knowledge.after  # the public table after the choice: the 8C lay there already
    assert after.table == table and after.hands == [0, 0, 0]  # and nobody's hand is known
