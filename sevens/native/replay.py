"""Replay native games through the Python engine: the agreement check of the native backend.

A native game carries its dealt hands and every random number it drew.  The
replay feeds exactly those to the Python engine (:func:`play_deal`,
:func:`play_match`) through :class:`ScriptedRandom` and lets the engine's own
strategies choose; the engine's records (legal sets at every decision,
choices, transfers, results) must then equal the native ones.  Nothing is
copied from the native side except the deal and the random numbers.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from sevens.runtime.api import Rules
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.match import play_match
from sevens.runtime.records import game_record
from sevens.runtime.strategies import STRATEGIES

__all__ = ["Disagreement", "ScriptedRandom", "replay_game"]

Item = TypeVar("Item")


class Disagreement(AssertionError):
    """The Python engine and the native kernels played a game differently."""


class ScriptedRandom(random.Random):
    """A generator that replays recorded draws: deals, uniform numbers and random picks."""

    def __init__(
        self,
        events: Sequence[float | list[int]],
        deals: Sequence[tuple[int, list[int], list[int], list[int]]],
        following: Sequence[int],
        jokers: int = 0,
    ):
        super().__init__(0)
        self.events = list(events)
        # (dealer, hand mask per seat, stock in drawing order, jokers per seat) of each deal
        self.deals = list(deals)
        self.following = following  # the next seat of each seat, in the direction of play
        self.jokers = jokers  # jokers shuffled in with the cards (``deck.jokers``)

    def _next(self) -> float | list[int]:
        if not self.events:
            raise Disagreement("the Python engine drew a random number the native game did not")
        return self.events.pop(0)

    def random(self) -> float:
        event = self._next()
        if not isinstance(event, float):
            raise Disagreement(
                f"the Python engine drew a number where the native game picked {event}"
            )
        return event

    def shuffle(self, x: MutableSequence[Any], *args: Any) -> None:
        """Order the deck so that dealing from the dealer's neighbour in the direction of play
        gives the recorded hands, and the rest (drawn from its end) the recorded stock.  Jokers
        (0 among the bits) go to the seats the native game dealt them to; one left over goes
        after the stock, where the engine leaves it unused."""
        if not self.deals:
            raise Disagreement("the Python engine dealt more often than the native game")
        dealer, hands, stock, jokers = self.deals.pop(0)
        pending = [[c for c in range(128) if mask >> c & 1] for mask in hands]
        spare = [0] * (self.jokers - sum(jokers))
        expected = [1 << c for c in [*(c for h in pending for c in h), *stock]]
        as_bits = sorted(x) == sorted(expected + [0] * self.jokers)
        if as_bits:  # the engine shuffles the cards as bits (``RuleSet.dealt_bits``), jokers as 0
            pending = [
                [1 << c for c in cards] + [0] * n for cards, n in zip(pending, jokers, strict=True)
            ]
            stock = [1 << c for c in stock]
        if sorted(x) != sorted([c for cards in pending for c in cards] + stock + spare):
            raise Disagreement("the native game dealt other cards than the Python engine deals")
        order = []
        seat = self.following[dealer]
        for _ in range(len(x) - len(stock) - len(spare)):
            if not pending[seat]:
                raise Disagreement("the native game dealt other hand sizes than the Python engine")
            order.append(pending[seat].pop(0))
            seat = self.following[seat]
        x[:] = order + stock[::-1] + spare

    def sample(self, population: Sequence[Item], k: int, **kwargs: Any) -> list[Item]:
        event = self._next()
        if not isinstance(event, list) or len(event) != k or not set(event) <= set(population):
            raise Disagreement(
                f"the Python engine picked {k} of {list(population)}, the native game {event}"
            )
        return list(event)  # type: ignore[arg-type]


def replay_game(
    rules: Rules,
    game: Any,
    players: int,
    seed: int,
    strategy: str,
    deals: int | None,
    forget: float,
    native_records: list[dict[str, Any]],
) -> None:
    """Play ``game`` (a :class:`~sevens.native.NativeGame`) again in Python; raise
    :class:`Disagreement` unless every deal's record and the match winners are the same."""
    dealers = [deal.record["dealer"] for deal in game.deals]
    following = rules.rule_set.following(players)
    deals_dealt = list(zip(dealers, game.dealt, game.stocks, game.jokers, strict=True))
    wild = rules.rule_set.wild
    rng = ScriptedRandom(game.events, deals_dealt, following, wild.jokers if wild else 0)
    strategies = [STRATEGIES[strategy](rules) for _ in range(players)]
    table = Table(players, strategies, record=True, forget_last_card=forget)
    if deals is None:
        table.dealer = int(rng.random() * players)
        played = [play_deal(rules, table, rng)]
        winners = [] if played[0].winner is None else [played[0].winner]
    else:
        match = play_match(rules, table, rng, deals)
        played, winners = match.deals, match.winners
    rule_set = rules.rule_set
    has_chips, has_points = rule_set.chips is not None, rule_set.points is not None
    python_records = [
        game_record(rule_set.id, players, seed, n, deal, has_chips, has_points)
        for n, deal in enumerate(played, start=1)
    ]
    if len(python_records) != len(native_records):
        raise Disagreement(f"{len(python_records)} deals in Python, {len(native_records)} natively")
    for python, native in zip(python_records, native_records, strict=True):
        _compare(python, native)
    if sorted(winners) != sorted(game.winners):
        raise Disagreement(f"match winners {winners} in Python, {game.winners} natively")
    if rng.events:
        raise Disagreement(
            f"the native game drew {len(rng.events)} numbers the Python engine did not"
        )


def _compare(python: dict[str, Any], native: dict[str, Any]) -> None:
    for key in python.keys() | native.keys():
        if key == "decisions":
            continue
        if python.get(key) != native.get(key):
            raise Disagreement(
                f"deal {python['deal']}: {key} is {python.get(key)} in Python, {native.get(key)} natively"
            )
    ours, theirs = python["decisions"], native["decisions"]
    for number, (a, b) in enumerate(zip(ours, theirs, strict=False), start=1):
        if a != b:
            raise Disagreement(f"deal {python['deal']}, decision {number}: Python {a}, native {b}")
    if len(ours) != len(theirs):
        raise Disagreement(
            f"deal {python['deal']}: {len(ours)} decisions in Python, {len(theirs)} natively"
        )
