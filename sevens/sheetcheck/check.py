"""Check each claim of a rule sheet against recorded deals, matches and legal probes.

One function per kind of claim.  Each reads the evidence (:class:`Evidence`: game
records as ``sevens simulate --record`` writes them, and matches played to the
session's end) and returns the failures it finds; a claim that a rule set cannot
be probed for (no reachable position) is not reported, never guessed.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from types import ModuleType
from typing import Any

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.errors import SevensError
from sevens.compiler.pipeline import compile_rules, load_rulespec
from sevens.compiler.rulesheet import sheet_claims
from sevens.compiler.rulesheet.amounts import ONE, REST, ExampleDeal, Multiplier, Piecewise
from sevens.compiler.rulesheet.claims import (
    NEIGHBOUR,
    Claims,
    DealWinner,
    DrawClaim,
    LeftoverClaim,
    RowsClaim,
    ScoringClaim,
    TeamsClaim,
)
from sevens.loading.registry import module_from_text
from sevens.play.legal import legal_cards
from sevens.runtime.api import DealState, GameError
from sevens.runtime.contract import MatchWinner, RuleSet, player_count_problem
from sevens.runtime.engine import Table
from sevens.runtime.machine import CompiledRules
from sevens.runtime.match import MatchResult, number_of_deals, play_match
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import Options, simulate
from sevens.runtime.strategies import STRATEGIES
from sevens.sheetcheck.transfers import check_transfers


@dataclass(frozen=True)
class Failure:
    """A claim the engine contradicts: its kind, the claim, and what was seen."""

    kind: str
    claim: object
    evidence: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.claim}\n    {self.evidence}"


@dataclass(frozen=True)
class EndOfDeal:
    """A deal's end as its points were scored: what a scoring rule may read (hands and
    face-down cards as card masks, places, passes, the winner, the last player forced to
    pass, who completed each suit, the pot) and the points the engine gave each seat."""

    hands: tuple[int, ...]
    covered: tuple[int, ...]
    places: tuple[int, ...]
    passes: tuple[int, ...]
    winner: int | None
    last_passer: int
    completed: tuple[int, ...]
    pot: int
    points: tuple[int, ...]

    @classmethod
    def of(cls, st: DealState, points: list[int]) -> EndOfDeal:
        return cls(
            tuple(st.hands),
            tuple(st.covered),
            tuple(st.places),
            tuple(st.passes),
            st.winner,
            st.last_passer,
            tuple(st.completed),
            st.pot,
            tuple(points),
        )


class ScoredRules(CompiledRules):
    """Compiled rules that keep the end of each deal they score (:class:`EndOfDeal`)."""

    def __init__(self, module: ModuleType) -> None:
        super().__init__(module)
        self.ends: list[EndOfDeal] = []

    def settle(self, st: DealState) -> list[int]:
        points = super().settle(st)
        if points:
            self.ends.append(EndOfDeal.of(st, points))
        return points


@dataclass
class Evidence:
    """What the engine did: deal records, the number of deals of each match, the end of
    each scored deal, and the rules."""

    rules: CompiledRules
    players: int
    records: list[dict[str, Any]] = field(default_factory=list)
    match_lengths: list[int] = field(default_factory=list)
    ends: list[EndOfDeal] = field(default_factory=list)
    matches: list[MatchResult] = field(default_factory=list)

    @property
    def rule_set(self) -> RuleSet:
        return self.rules.rule_set


def compiled(analysed: AnalysedRules) -> CompiledRules:
    """The rules compiled from ``analysed``, in memory (nothing is written)."""
    name = f"sevens_sheetcheck_{analysed.spec.id.replace('-', '_')}"
    source = compile_rules(analysed).source
    return CompiledRules(module_from_text(source, f"<{analysed.spec.id}>", name))


def check_file(path: Path, deals: int = 200, matches: int = 20) -> list[Failure]:
    """Load a rulespec file, build its sheet's claims and check them."""
    analysed = load_rulespec(path)
    return check_claims(compiled(analysed), sheet_claims(analysed), deals, matches)


def check_claims(
    rules: CompiledRules, claims: Claims, deals: int = 200, matches: int = 20, seed: int = 0
) -> list[Failure]:
    """Every claim of ``claims`` that the engine playing ``rules`` contradicts."""
    evidence = gather(rules, claims, deals, matches, seed)
    failures: list[Failure] = []
    for check in CHECKS:
        failures.extend(check(claims, evidence))
    return failures


def playable_counts(rules: CompiledRules) -> list[int]:
    """Player counts the rule set can be played with, the usual four first."""
    players = rules.rule_set.players
    counts = [n for n in (4, players.min, players.max) if players.min <= n <= players.max]
    ok = [n for n in dict.fromkeys(counts) if player_count_problem(rules.rule_set, n) is None]
    return ok or list(range(players.min, players.max + 1))[:1]


def gather(rules: CompiledRules, claims: Claims, deals: int, matches: int, seed: int) -> Evidence:
    """Recorded deals for each usable player count, and matches with the first count."""
    counts = playable_counts(rules)
    evidence = Evidence(rules, counts[0])
    scored = ScoredRules(rules.module)  # the same module, keeping each deal's end
    for players in counts:
        stream = io.StringIO()
        options = Options(players=players, games=max(deals // len(counts), 1), seed=seed)
        simulate(scored, options, record=stream)
        evidence.records += [json.loads(line) for line in stream.getvalue().splitlines()]
    evidence.ends = scored.ends
    if claims.session is not None and matches:
        players = counts[0]
        table = Table(players, [STRATEGIES["random"](rules) for _ in range(players)])
        length = number_of_deals(rules, players, None)
        for game in range(matches):
            table.previous_winner, table.carried_pot = None, 0
            result = play_match(rules, table, GameRandom(seed + game), length)
            evidence.match_lengths.append(len(result.deals))
            evidence.matches.append(result)
    return evidence


# -- helpers over records ---------------------------------------------------------------


def turns(record: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """The ordinary turns of a deal (no follow-ups, no redeems)."""
    return (d for d in record["decisions"] if "kind" not in d)


def voluntary(decision: dict[str, Any]) -> bool:
    """A pass made although a card could be played."""
    return decision["action"] == "pass" and bool(decision["legal"]) and "kind" not in decision


def forced(decision: dict[str, Any]) -> bool:
    """A pass made because nothing could be played: no legal card and no trump to lay in
    another card's place (a trump is a play; passing instead is a pass by choice)."""
    return (
        decision["action"] == "pass"
        and not decision["legal"]
        and not decision.get("trump")
        and "kind" not in decision
    )


def blocked(record: dict[str, Any], when: str) -> bool:
    """A deal that ended with nobody able to play and cards in hand."""
    holding = sum(1 for n in record["result"]["cards_left"] if n > 0)
    return record["winner"] is None if when == "first-out" else holding >= 2


def fail(kind: str, claim: object, evidence: str) -> list[Failure]:
    return [Failure(kind, claim, evidence)]


# -- one check per kind of claim ----------------------------------------------------------


def check_leader(claims: Claims, ev: Evidence) -> list[Failure]:
    """The first turn goes to the claimed player."""
    claim = claims.leader
    for record in ev.records:
        n, dealer = record["players"], record["dealer"]
        order = seats_from_dealer(n, dealer, claim.side)
        first = record["decisions"][0]["seat"] if record["decisions"] else None
        allowed = [order[0]]  # the neighbour, also when nobody holds the deciding cards
        if claim.kind in ("holder", "holder-of-card", "holder-of-lowest") and claim.cards:
            allowed = holders(record, order, claim.cards) or allowed
        elif claim.kind == "holder" and record.get("opening_card"):  # the dealer names it
            allowed = holders(record, order, (record["opening_card"],))
        if first is not None and first not in allowed:
            return fail(
                "leader",
                claim,
                f"seed {record['seed']}: dealer {dealer} of {n}, seat {first} took the first "
                f"turn, the claim allows seat {allowed}",
            )
    return []


def seats_from_dealer(players: int, dealer: int, side: str) -> list[int]:
    """The seats in the order of play, from the dealer's neighbour on ``side``."""
    step = 1 if side == "left" else -1
    return [(dealer + step * k) % players for k in range(1, players + 1)]


def holders(record: dict[str, Any], order: list[int], codes: tuple[str, ...]) -> list[int]:
    """Who may lead by holding the first of ``codes`` that was dealt: its first holder in
    the order of play, or with several packs any holder (the record does not tell the
    copies apart, and the lowest card decides by copy)."""
    for code in codes:
        found = [seat for seat in order if code in record["hands"][seat]]
        if found:
            return found if codes and len(codes) > 1 else found[:1]
    return []


def check_hands(claims: Claims, ev: Evidence) -> list[Failure]:
    """Every hand has the claimed number of cards, dealt from the dealer's neighbour on
    the side play goes to (who gets a card more when they are uneven)."""
    claim = claims.hands
    for record in ev.records:
        jokers = record.get("jokers") or [0] * record["players"]
        sizes = [len(h) + j for h, j in zip(record["hands"], jokers, strict=True)]
        stock = len(record.get("stock", []))
        wrong = (
            (claim.how == "all" and (sum(sizes) != claim.dealt or max(sizes) - min(sizes) > 1))
            or (claim.how == "fixed" and any(s != claim.per_player for s in sizes))
            or (claim.how == "equal" and (len(set(sizes)) != 1 or stock >= record["players"]))
            or (claim.how == "stock" and any(s != claim.size_for(record["players"]) for s in sizes))
        )
        if wrong:
            return fail("hands", claim, f"seed {record['seed']}: hands of {sizes}, stock {stock}")
        n, dealer = record["players"], record["dealer"]
        first = (dealer + 1) % n if claims.leader.side == "left" else (dealer - 1) % n
        if sizes[first] != max(sizes):  # the deal starts with the neighbour play goes to
            return fail("hands", claim, f"seed {record['seed']}: dealer {dealer}, hands {sizes}")
    return []


def check_deck(claims: Claims, ev: Evidence) -> list[Failure]:
    """The cards of a deal are the claimed number, of the claimed ranks."""
    claim = claims.deck
    by_holders = ev.rule_set.layout.by_holders
    for record in ev.records[:20]:
        cards = [c for hand in record["hands"] for c in hand] + record.get("stock", [])
        cards += record.get("leftovers", [])
        if not by_holders:
            cards += record["layout_start"]
        ranks = {code[:-1] for code in cards}
        if len(cards) != claim.n_cards or ranks != set(claim.ranks):
            return fail(
                "deck",
                claim,
                f"seed {record['seed']}: {len(cards)} cards in play, ranks {sorted(ranks)}",
            )
    return []


def check_opening(claims: Claims, ev: Evidence) -> list[Failure]:
    """Before the opening card only it may be played; a starting card opens a free row."""
    claim, rules = claims.opening, ev.rules
    failures: list[Failure] = check_leader_card_opens(claims, ev)
    if claim.card is not None:
        other = next(c for c in ev.rule_set.card_codes if c != claim.card)
        legal = probe(rules, "", f"{claim.card} {other}")
        if legal is not None and legal[0] != [claim.card]:
            failures += fail("opening", claim, f"empty table: legal {legal[0]}")
    if claim.start_while_free and claim.start_rank is not None:
        suit = ev.rule_set.deck.suit_codes[-1]
        start = f"{claim.start_rank}{suit}"
        table = [claim.card] if claim.card is not None and claim.card != start else []
        if claim.rows_per_suit > 1:
            table.append(start)
        legal = probe(rules, " ".join(table), start)
        if legal is not None and start not in legal[0]:
            failures += fail("opening", claim, f"table {table}: {start} is not legal")
    return failures


def check_leader_card_opens(claims: Claims, ev: Evidence) -> list[Failure]:
    """With the leader's card opening, every deal's first card is the first of the leader
    claim's cards that was dealt (any card when none was)."""
    if not claims.opening.leader_card_opens:
        return []
    for record in ev.records:
        dealt = {card for hand in record["hands"] for card in hand}
        deciding = [card for card in claims.leader.cards if card in dealt]
        plays = [d for d in record["decisions"] if d["action"] in ("play", "joker")]
        if deciding and plays and plays[0]["card"] != deciding[0]:
            return fail(
                "opening",
                claims.opening,
                f"seed {record['seed']}: {plays[0]['card']} opened, not {deciding[0]}",
            )
    return []


def probe(rules: CompiledRules, table: str, hand: str) -> tuple[list[str], bool] | None:
    """``sevens legal`` on a position, or None when no game can reach it."""
    try:
        return legal_cards(rules, table, hand)
    except (SevensError, GameError):
        return None


def check_passing(claims: Claims, ev: Evidence) -> list[Failure]:
    """When passing is allowed, forced and limited, as claimed."""
    claim = claims.passing
    volunteered, expected = 0, 0.0
    for record in ev.records:
        problem = pass_problem(claims, record)
        if problem:
            return fail("passing", claim, f"seed {record['seed']}: {problem}")
        volunteered += sum(1 for d in turns(record) if voluntary(d))
        expected += expected_passes(claims, record)
    # the random bot passes with chance 1/(cards + 1) where it may: none in that many
    # chances (fewer than one in 3,000 by chance) means it may not
    if claim.voluntary and not volunteered and expected >= 8:
        return fail("passing", claim, f"no voluntary pass where {expected:.0f} were expected")
    return check_pass_probe(claims, ev)


def expected_passes(claims: Claims, record: dict[str, Any]) -> float:
    """How many voluntary passes the random bot makes in a deal on average, if the pass
    claim holds: a chance of 1/(cards + 1) at each turn with a card and the right to pass."""
    claim, opening = claims.passing, claims.opening.card or record.get("opening_card")
    limit = claim.limit if claim.limit is not None else 1 << 62
    passes = [0] * record["players"]
    opened = opening is None or opening in record["layout_start"]
    total = 0.0
    for d in turns(record):
        allowed = (claim.before_opening or opened) and passes[d["seat"]] < limit
        if d["legal"] and allowed:
            total += 1 / (len(d["legal"]) + 1)
        passes[d["seat"]] += d["action"] == "pass"
        opened = opened or (d["action"] in ("play", "joker") and d["card"] == opening)
    return total


def pass_problem(claims: Claims, record: dict[str, Any]) -> str | None:
    """The first pass of a deal that the pass claim does not allow, described, or None."""
    claim, opening = claims.passing, claims.opening.card or record.get("opening_card")
    limit = claim.limit if claim.limit is not None else 1 << 62
    passes = [0] * record["players"]
    opened = opening is None or opening in record["layout_start"]
    for d in turns(record):
        seat, count = d["seat"], passes[d["seat"]]
        if voluntary(d) and (
            not claim.voluntary
            or (not claim.before_opening and not opened)
            or (claim.limits_voluntary and count >= limit)
        ):
            return (
                f"seat {seat} passed holding {d['legal']} after {count} passes (opened: {opened})"
            )
        if d.get("eliminated") and (claim.forced_continue or count < limit):
            return f"seat {seat} was eliminated after {count} passes"
        if forced(d) and not d.get("eliminated") and not claim.forced_continue and count >= limit:
            return f"seat {seat} passed a {count + 1}th time and played on"
        passes[seat] += d["action"] == "pass"
        opened = opened or (d["action"] in ("play", "joker") and d["card"] == opening)
    return None


def check_pass_probe(claims: Claims, ev: Evidence) -> list[Failure]:
    """Before the opening card is down its holder may pass by choice exactly when the claim
    says so (never, in the engine: the holder must lay it)."""
    claim, card = claims.passing, claims.opening.card
    if card is None or not claim.voluntary:
        return []
    other = next(c for c in ev.rule_set.card_codes if c != card)
    legal = probe(ev.rules, "", f"{card} {other}")
    if legal is not None and legal[1] != claim.before_opening:
        return fail("passing", claim, f"empty table, hand {card} {other}: may pass: {legal[1]}")
    return []


def check_cost(claims: Claims, ev: Evidence) -> list[Failure]:
    """A loser's chips are the ante and their passes' costs, when all are constants."""
    claim, rule_set = claims.cost, ev.rule_set
    chips, forced_cost, voluntary_cost = rule_set.chips, claim.forced, claim.voluntary
    if chips is None or forced_cost is None or voluntary_cost is None:
        return []
    if not isinstance(chips.ante, int):
        return []
    if chips.pay_winner != 0 or rule_set.wild is not None:
        return []
    for record in ev.records:
        counts = [[0, 0] for _ in range(record["players"])]
        for d in turns(record):
            if d["action"] == "pass" and not d.get("eliminated"):  # going out of the deal is free
                counts[d["seat"]][0 if forced(d) else 1] += 1
        for seat, (n_forced, n_voluntary) in enumerate(counts):
            if seat == record["winner"]:
                continue
            expected = -chips.ante - n_forced * forced_cost - n_voluntary * voluntary_cost
            if record["result"]["chips"][seat] != expected:
                return fail(
                    "cost",
                    claim,
                    f"seed {record['seed']}: seat {seat} passed {n_forced} + {n_voluntary} "
                    f"times and ended with {record['result']['chips'][seat]} chips, not {expected}",
                )
    return []


def check_follow_up(claims: Claims, ev: Evidence) -> list[Failure]:
    """No turn has more extra cards than claimed, and each turn of several cards keeps one
    of the claimed shapes throughout."""
    claim = claims.follow_up
    if claim is None:
        return []
    for record in ev.records:
        run = 0
        for d in record["decisions"]:
            run = run + 1 if d.get("kind") == "follow-up" and d["action"] == "play" else 0
            if claim.most is not None and run > claim.most:
                return fail("follow-up", claim, f"seed {record['seed']}: {run} extra cards")
        if claim.shapes:
            for turn in turns_of_cards(record):
                if len(turn) > 1 and not any(
                    has_shape(ev.rule_set, turn, shape) for shape in claim.shapes
                ):
                    laid = " ".join(turn)
                    return fail("follow-up", claim, f"seed {record['seed']}: one turn laid {laid}")
    return []


def turns_of_cards(record: dict[str, Any]) -> Iterator[list[str]]:
    """The cards each turn of a recorded deal laid, in order (a play and its follow-ups)."""
    turn: list[str] = []
    for d in record["decisions"]:
        if d.get("kind") == "follow-up":
            if d["action"] == "play":
                turn.append(d["card"])
            continue
        if turn:
            yield turn
        turn = [d["card"]] if d["action"] == "play" and d.get("kind") is None else []
    if turn:
        yield turn


def has_shape(rule_set: RuleSet, turn: list[str], shape: str) -> bool:
    """Whether the cards of one turn make a ``run`` (one suit, each card next in rank to
    the one before, round the corner where rows wrap) or are all of one rank."""
    cards = [rule_set.card_codes.index(code) for code in turn]
    ranks = [rule_set.rank_of[card] for card in cards]
    if shape == "same-rank":
        return len(set(ranks)) == 1
    n = rule_set.deck.n_ranks
    steps = {(b - a) % n if rule_set.layout.wrap else b - a for a, b in pairwise(ranks)}
    suits = {rule_set.suit_of[card] for card in cards}
    return len(suits) == 1 and steps <= ({1, n - 1} if rule_set.layout.wrap else {1, -1})


def check_rows(claims: Claims, ev: Evidence) -> list[Failure]:
    """Rows taken one at a time: replayed from each record with the sheet's own rule (a row
    per opening card, the next card by rank at either end up to the reach, the newest row
    only, the next row once nothing off the table fits it), every decision's legal cards are
    those the sheet allows, and a turn's cards stay on one row."""
    claim = claims.rows
    if claim is None:
        return []
    for record in ev.records:
        problem = _rows_problem(claim, ev.rule_set, record)
        if problem is not None:
            return fail("rows", claim, f"seed {record['seed']}: {problem}")
    return []


@dataclass
class _Row:
    """A row as the sheet tells it: its suit (the opening card's), its lowest and highest rank."""

    suit: int
    low: int
    high: int


def _rows_problem(claim: RowsClaim, rule_set: RuleSet, record: dict[str, Any]) -> str | None:
    codes = list(rule_set.card_codes)
    hands = [{codes.index(code) for code in hand} for hand in record["hands"]]
    off_table = set(rule_set.dealt)
    # hands known from the plays alone (no card drawn, given, taken or covered) and no compulsory
    # cards (their own claim) narrowing them: legal sets compared exactly; otherwise each
    # legal card must be one the sheet allows
    passing = rule_set.passing
    moved = (passing.transfer, passing.voluntary_transfer, rule_set.last_card, rule_set.draw)
    exact = all(rule is None for rule in moved) and rule_set.compulsory == 0
    exact = exact and not passing.cover  # a card laid face down leaves the hand
    rows: list[_Row] = []
    for d in record["decisions"]:
        follow = d.get("kind") == "follow-up"
        if d.get("kind") not in (None, "follow-up"):
            return None  # a mechanic this claim does not tell (none with one row at a time)
        hand = hands[d["seat"]] if exact else off_table
        expected = _sheet_legal(claim, rule_set, rows, hand, off_table, follow)
        legal = {codes.index(code) for code in d["legal"]}
        # other extra cards, and the opening card before the first row, are other claims'
        told = (not follow or claim.one_row_turns) and (rows or not rule_set.opens_with_a_card)
        if told and (legal != expected if exact else not legal <= expected):
            shown = " ".join(sorted(codes[c] for c in expected))
            return f"legal {' '.join(d['legal']) or '—'}, the sheet allows {shown or '—'}"
        if d["action"] == "play":
            card = codes.index(d["card"])
            hands[d["seat"]].discard(card)
            off_table.discard(card)
            rank = rule_set.rank_of[card]
            if rank == claim.start and not _fits_newest(claim, rule_set, rows, card):
                rows.append(_Row(rule_set.suit_of[card], rank, rank))
            else:
                row = rows[-1]
                row.low, row.high = min(row.low, rank), max(row.high, rank)
    return None


def _fits(claim: RowsClaim, rule_set: RuleSet, row: _Row, card: int) -> bool:
    """Whether ``card`` extends ``row`` at one end, within the reach while it is not finished."""
    if not claim.without_suit and rule_set.suit_of[card] != row.suit:
        return False
    reach = claim.reach
    if reach is not None and max(row.high - claim.start, claim.start - row.low) >= reach:
        return False  # one end lies ``reach`` ranks from the start: the row is finished
    return rule_set.rank_of[card] in (row.high + 1, row.low - 1)


def _fits_newest(claim: RowsClaim, rule_set: RuleSet, rows: list[_Row], card: int) -> bool:
    return bool(rows) and _fits(claim, rule_set, rows[-1], card)


def _sheet_legal(
    claim: RowsClaim,
    rule_set: RuleSet,
    rows: list[_Row],
    hand: set[int],
    off_table: set[int],
    follow: bool,
) -> set[int]:
    """The cards the sheet lets a player lay from ``hand``: on the newest row while a card off
    the table fits it, else a card of the starting rank (never as an extra card of a turn)."""
    if rows and any(_fits(claim, rule_set, rows[-1], card) for card in off_table):
        return {card for card in hand if _fits(claim, rule_set, rows[-1], card)}
    if follow and claim.one_row_turns:
        return set()
    opened = {row.suit for row in rows}
    return {
        card
        for card in hand
        if rule_set.rank_of[card] == claim.start and rule_set.suit_of[card] not in opened
    }


def check_draw(claims: Claims, ev: Evidence) -> list[Failure]:
    """Every draw from the stock as claimed: the number of cards (by the players in a row
    before who could not play), drawn whole or up to the first card that fits, which is the
    card played; and nobody who cannot play passes without drawing while the count and the
    stock say they draw."""
    claim = claims.draw
    if claim is None:
        return []
    for record in ev.records:
        problem = _draw_problem(claim, record)
        if problem is not None:
            return fail("draw", claim, f"seed {record['seed']}: {problem}")
    return []


def _draw_problem(claim: DrawClaim, record: dict[str, Any]) -> str | None:
    """The first draw of ``record`` that contradicts ``claim``, as evidence (None: none)."""
    stock, unable = len(record.get("stock", ())), 0
    for number, d in enumerate(turns(record), start=1):
        drawn = d.get("drawn", [])
        count = None if claim.varies else claim.count(unable)
        due = stock if count is None else min(max(count, 0), stock)
        stuck = d["action"] == "cover" or (d["action"] == "pass" and not d["legal"])
        if stuck and not drawn and not claim.varies and due > 0:
            return f"turn {number}: no card drawn where {due} should be"
        if drawn:
            problem = _drawn_problem(claim, d, drawn, due)
            if problem is not None:
                return f"turn {number}: {problem}"
        stock -= len(drawn)
        unable = unable + 1 if stuck else 0
    return None


def _drawn_problem(claim: DrawClaim, d: dict[str, Any], drawn: list[str], due: int) -> str | None:
    """What is wrong with one turn's draw: too many or too few cards, a card played that
    was not drawn (or, stopping at the first fit, not the last one drawn)."""
    played = d["card"] if d["action"] == "play" else None
    if claim.whole or played is None:
        if not claim.varies and claim.first is not None and len(drawn) != due:
            return f"{len(drawn)} cards drawn, not {due}"
        if played is not None and played not in drawn:
            return f"{played} played, not a card drawn"
        return None
    if not claim.varies and len(drawn) > due:
        return f"{len(drawn)} cards drawn, more than {due}"
    return None if played == drawn[-1] else f"{played} played, not the last card drawn"


def check_trumps(claims: Claims, ev: Evidence) -> list[Failure]:
    """Trumps as the sheet tells them: the trump suit (fixed, or that of the last card dealt,
    held by the seat dealt the last card); every trump laid in the place of the card of its
    rank on another suit's started row that needs it next (never the card that named trumps
    where it must go home); every displaced card played onto the trump row, in its trump's
    place.  Deals in which no trump was laid say nothing against the claim."""
    claim = claims.trumps
    if claim is None:
        return []
    for record in ev.records:
        problem = _trump_suit_problem(claim, ev.rule_set, record) or _trump_play_problem(
            claim, ev.rule_set, record
        )
        if problem:
            return fail("trumps", claim, f"seed {record['seed']}: {problem}")
    return []


def check_leftovers(claims: Claims, ev: Evidence) -> list[Failure]:
    """Face-up leftovers as the sheet tells them: the cards left after the equal deal lie
    face up (as many as the deal leaves); each leftover decision offers only cards still
    there, and is followed by that player's own turn from hand (laying one is not the
    turn's play).  The claim needs evidence: some leftover is laid in the deals played."""
    claim = claims.leftovers
    if claim is None:
        return []
    laid = offered = 0
    for record in ev.records:
        problem = leftover_problem(claim, record)
        if problem:
            return fail("leftovers", claim, f"seed {record['seed']}: {problem}")
        for d in record["decisions"]:
            if d.get("kind") == "leftover":
                offered += 1
                laid += d["action"] == "play"
    if offered and not laid:
        return fail("leftovers", claim, f"{offered} leftover decisions, no leftover ever laid")
    return []


def leftover_problem(claim: LeftoverClaim, record: dict[str, Any]) -> str | None:
    """What is wrong with one deal's leftovers, if anything."""
    face_up = record.get("leftovers", [])
    if len(face_up) != claim.count(record["players"]):
        return f"{len(face_up)} cards face up, not {claim.count(record['players'])}"
    left, decisions = list(face_up), record["decisions"]
    for number, d in enumerate(decisions):
        if d.get("kind") != "leftover":
            continue
        if any(card not in left for card in d["legal"]):
            return f"decision {number}: {d['legal']} offered, but only {left} lie face up"
        if d["action"] == "play":
            left.remove(d["card"])
        after = next((e for e in decisions[number + 1 :] if e.get("kind") != "leftover"), None)
        if after is not None and (after["seat"] != d["seat"] or "kind" in after):
            return f"decision {number}: seat {d['seat']} laid a leftover, then {after} followed"
    return None


def _trump_suit_problem(claim: Any, rule_set: RuleSet, record: dict[str, Any]) -> str | None:
    """What is wrong with the deal's trump suit, if anything."""
    if claim.suit is not None:
        return None if record.get("trumps") == claim.suit else f"trumps {record.get('trumps')}"
    named = record.get("trump_card")
    players = record["players"]
    following, last_seat = rule_set.following(players), record["dealer"]
    for _ in range(sum(len(hand) for hand in record["hands"])):  # the deal, card by card
        last_seat = following[last_seat]
    if named is None or named not in record["hands"][last_seat]:
        return f"the trump card {named} is not the last card dealt (to seat {last_seat})"
    suit = rule_set.deck.suit_codes[rule_set.suit_of[rule_set.card_codes.index(named)]]
    return None if record["trumps"] == suit else f"trumps {record['trumps']}, named by {named}"


def _trump_play_problem(claim: Any, rule_set: RuleSet, record: dict[str, Any]) -> str | None:
    """The first trump or displaced card played against the claim, replayed on rows of
    ranks (by suit) from the layout at the start: a row is started, and needs a rank next
    beside one of its cards.  An eliminated player's cards are laid out at their places."""
    codes, trumps = rule_set.card_codes, record["trumps"]
    suits = rule_set.deck.suit_codes
    rows: dict[str, set[int]] = {s: set() for s in suits}
    hands = [set(hand) for hand in record["hands"]]
    displaced: set[str] = set()

    def suit_rank(code: str) -> tuple[str, int]:
        card = codes.index(code)
        return suits[rule_set.suit_of[card]], rule_set.rank_of[card]

    n_ranks, wrap = rule_set.deck.n_ranks, rule_set.layout.wrap

    def next_on(suit: str, rank: int) -> bool:
        """Whether the started row of ``suit`` lacks ``rank`` next to one of its cards (round
        the corner where rows turn it)."""
        row, below, above = rows[suit], rank - 1, rank + 1
        if wrap:
            below, above = below % n_ranks, above % n_ranks
        return bool(row) and rank not in row and (below in row or above in row)

    for code in record["layout_start"]:
        suit, rank = suit_rank(code)
        rows[suit].add(rank)
    for d in record["decisions"]:
        hands[d["seat"]].discard(d["card"])
        if d.get("eliminated"):
            for code in hands[d["seat"]] - displaced:
                suit, rank = suit_rank(code)
                rows[suit].add(rank)
            hands[d["seat"]] = set()
        if d["action"] == "trump":
            (suit, rank), (spot_suit, spot_rank) = suit_rank(d["card"]), suit_rank(d["in_place_of"])
            if suit != trumps or spot_suit == trumps or rank != spot_rank:
                return f"{d['card']} laid in place of {d['in_place_of']}"
            if not rows[spot_suit] or (claim.next_only and not next_on(spot_suit, spot_rank)):
                return f"{d['card']} in place of {d['in_place_of']}, which its row did not need"
            if claim.named_card_home and d["card"] == record.get("trump_card"):
                return f"{d['card']}, the card that named trumps, laid in place of another"
            rows[spot_suit].add(spot_rank)
            displaced.add(d["in_place_of"])
        elif d["action"] == "play":
            suit, rank = suit_rank(d["card"])
            if d["card"] in displaced:
                if not rows[trumps] or (claim.next_only and not next_on(trumps, rank)):
                    return f"the displaced {d['card']} played where the trump row did not need it"
                suit = trumps
            rows[suit].add(rank)
    return None


def check_end(claims: Claims, ev: Evidence) -> list[Failure]:
    """Deals end blocked only where the claim allows it."""
    claim = claims.end
    for record in ev.records:
        if blocked(record, claim.when) and not claim.can_block:
            left = record["result"]["cards_left"]
            return fail("end", claim, f"seed {record['seed']}: the deal blocked, cards left {left}")
    return []


def check_winner(claims: Claims, ev: Evidence) -> list[Failure]:
    """The deal's winner is the first out (or the best score, with points for faces down: the
    fewest points where the session's lowest total wins)."""
    claim = claims.winner
    lowest = ev.rule_set.session.winner is MatchWinner.LOWEST_POINTS
    for record in ev.records:
        winner, result = record["winner"], record["result"]
        if winner is None:
            continue
        if claim.by == "first-out" and result["places"][winner] != 1:
            return fail("winner", claim, f"seed {record['seed']}: winner {winner}, {result}")
        held = claim.by == "first-out" and result["cards_left"][winner]
        if held and (why := _not_last_standing(claim, record)) is not None:
            return fail("winner", claim, f"seed {record['seed']}: {why}, {result}")
        if claim.by != "best-score":
            continue
        best = min(result["points"]) if lowest else max(result["points"])
        if result["points"][winner] != best:
            return fail("winner", claim, f"seed {record['seed']}: winner {winner}, {result}")
    return []


def _not_last_standing(claim: DealWinner, record: dict[str, Any]) -> str | None:
    """Why a winner holding cards breaks the claim: the sheet does not say that the last
    player left wins, or not every other player was eliminated."""
    winner = record["winner"]
    if not claim.last_standing:
        return f"winner {winner} still held cards"
    eliminated = {d["seat"] for d in record["decisions"] if d.get("eliminated")}
    others = set(range(len(record["result"]["cards_left"]))) - {winner}
    if eliminated != others:
        return f"winner {winner} held cards; eliminated {sorted(eliminated)}"
    return None


def check_session(claims: Claims, ev: Evidence) -> list[Failure]:
    """A match has the claimed number of deals (at most that many with a target)."""
    claim = claims.session
    if claim is None:
        return []
    target = any(
        t is not None for t in (claim.target_chips, claim.target_points, claim.target_deals)
    )
    stated = ev.players if claim.deals is None or claim.agreed else claim.deals
    for length in ev.match_lengths:
        if length > stated or (not target and length != stated):
            return fail(
                "session", claim, f"{ev.players} players: a match had {length} deals, not {stated}"
            )
    return []


def check_teams(claims: Claims, ev: Evidence) -> list[Failure]:
    """Teams as the sheet tells them: records carry team facts only where there are teams;
    each team has the claimed size, partners never sit side by side (with pairs, exactly
    opposite), the deal's winner's team wins it, a team's chips and points are its players'
    sums, and a session is won by whole teams with the best total."""
    claim = claims.teams
    for record in ev.records:
        if claim is None and "teams" in record:
            return fail("teams", claim, f"seed {record['seed']}: team facts without teams")
        problem = None if claim is None else _team_problem(claim, record)
        if problem is not None:
            return fail("teams", claim, f"seed {record['seed']}: {problem}")
    if claim is not None:
        for match in ev.matches:
            problem = _team_match_problem(claim, ev, match)
            if problem is not None:
                return fail("teams", claim, f"{ev.players} players: {problem}")
    return []


def _seating(claim: TeamsClaim, players: int) -> list[list[int]]:
    """The teams the claim describes: ``size`` players spread evenly around the table, the
    first team sitting at seat 0 (the record's numbering of teams)."""
    step = players // claim.size
    return [[first + k * step for k in range(claim.size)] for first in range(step)]


def _team_problem(claim: TeamsClaim, record: dict[str, Any]) -> str | None:
    facts, players = record.get("teams"), record["players"]
    if facts is None:
        return "no team facts in the record"
    seats = facts["seats"]
    if seats != _seating(claim, players):
        return f"teams {seats}, not {claim.size} players each spread evenly around the table"
    for team in seats:
        for a, b in pairwise(team + team[:1]):
            if len(team) > 1 and (b - a) % players in (1, players - 1):
                return f"partners {a} and {b} sit side by side"
    winner = record["winner"]
    expected = None if winner is None else next(t for t, team in enumerate(seats) if winner in team)
    if facts["winner"] != expected:
        return f"deal won by seat {winner}, team {facts['winner']} said to win it"
    for key in ("chips", "points"):
        if key in record["result"]:
            sums = [sum(record["result"][key][s] for s in team) for team in seats]
            if facts.get(key) != sums:
                return f"team {key} {facts.get(key)}, but its players' {key} add up to {sums}"
    return None


def _team_match_problem(claim: TeamsClaim, ev: Evidence, match: MatchResult) -> str | None:
    teams = _seating(claim, ev.players)
    won = [team for team in teams if set(team) & set(match.winners)]
    if sorted(s for team in won for s in team) != sorted(match.winners):
        return f"match won by seats {match.winners}, not by whole teams"
    winner = ev.rule_set.session.winner
    if winner not in (MatchWinner.HIGHEST_POINTS, MatchWinner.LOWEST_POINTS):
        return None
    totals = [sum(match.points[s] for s in team) for team in teams]
    best = max(totals) if winner is MatchWinner.HIGHEST_POINTS else min(totals)
    if any(totals[teams.index(team)] != best for team in won):
        return f"match won by {won} with team totals {totals}"
    return None


def check_scoring(claims: Claims, ev: Evidence) -> list[Failure]:
    """Each player's points at the end of every simulated deal are what the sheet's
    sentences say; a worked table's values are what the engine scores in its situation."""
    claim = claims.scoring
    if claim is None:
        return []
    if claim.worked is not None:
        return check_worked(claim, ev)
    values = ev.rule_set.card_value
    for number, end in enumerate(ev.ends):
        told = [told_points(claim, end, seat, values) for seat in range(len(end.points))]
        if told != list(end.points):
            return fail(
                "scoring",
                claim,
                f"deal {number}: the engine scored {list(end.points)}, the sheet says "
                f"{[str(t) for t in told]} ({end})",
            )
    return []


def told_points(
    claim: ScoringClaim, end: EndOfDeal, seat: int, values: tuple[int, ...]
) -> Fraction:
    """What the sheet's scoring sentences give ``seat`` at ``end``."""
    if claim.shape is not None:
        return Fraction(SHAPE_RULES[claim.shape](end, seat))
    assert claim.terms is not None
    linear = claim.terms.at(case_of(claim.terms, end, seat))
    told = sum(
        (amount * term_value(base, end, seat, values) for base, amount in linear.items()),
        Fraction(0),
    )
    multiplier = claim.terms.multiplier
    if multiplier is not None and multiplied(multiplier, end, seat, values):
        told *= multiplier.factor
    return told


def multiplied(multiplier: Multiplier, end: EndOfDeal, seat: int, values: tuple[int, ...]) -> bool:
    """Whether some player the multiplier's condition names (everyone, or the players
    other than ``seat``) has none of its term at ``end``."""
    everyone = range(len(end.hands))
    scope = [p for p in everyone if multiplier.scope == "players" or p != seat]
    return any(term_value(multiplier.term, end, p, values) == 0 for p in scope)


def case_of(terms: Piecewise, end: EndOfDeal, seat: int) -> object:
    """Which case of the sentences ``seat`` falls under at ``end``."""
    case: object = {
        "": REST,
        "winner": end.winner == seat,
        "place": end.places[seat],
        "passed_last": end.last_passer == seat,
        "completed_first": end.completed[:1] == (seat,),
    }[terms.kind]
    return case if case in terms.cases else REST


def term_value(base: str, end: EndOfDeal, seat: int, values: tuple[int, ...]) -> int:
    """The thing a term counts, for ``seat`` at ``end``."""
    others = [p for p in range(len(end.hands)) if p != seat]

    def cards(mask: int) -> int:
        return mask.bit_count()

    def worth(mask: int) -> int:
        return sum(values[c] for c in range(mask.bit_length()) if mask >> c & 1)

    counted: dict[str, Callable[[], int]] = {
        ONE: lambda: 1,
        "cards": lambda: cards(end.hands[seat]),
        "values": lambda: worth(end.hands[seat]),
        "covered-cards": lambda: cards(end.covered[seat]),
        "covered-values": lambda: worth(end.covered[seat]),
        "passes": lambda: end.passes[seat],
        "completed": lambda: end.completed.count(seat),
        "pot": lambda: end.pot,
    }
    for prefix, players in (("others-", others), ("all-", range(len(end.hands)))):
        if base.startswith(prefix):  # a player's own term summed over players
            return sum(term_value(base.removeprefix(prefix), end, p, values) for p in players)
    return counted[base]()


def _fewest_cards_share(end: EndOfDeal, seat: int) -> int:
    """The player(s) with the fewest cards share the cards of those with more, rounded
    down; everyone else scores nothing."""
    counts = [hand.bit_count() for hand in end.hands]
    fewest = min(counts)
    if counts[seat] != fewest:
        return 0
    return sum(n for n in counts if n > fewest) // counts.count(fewest)


#: What each hand-written points rule (:data:`~sevens.compiler.rulesheet.shapes.POINT_SHAPE_RULES`)
#: gives a seat: the first out nothing and one point less per place after; the last place
#: nothing and one point more per place before; the fewest cards share the others' cards.
SHAPE_RULES: dict[str, Callable[[EndOfDeal, int], int]] = {
    "one-minus-place": lambda end, seat: 1 - end.places[seat],
    "players-minus-place": lambda end, seat: len(end.hands) - end.places[seat],
    "fewest-cards-share": _fewest_cards_share,
}


def check_worked(claim: ScoringClaim, ev: Evidence) -> list[Failure]:
    """The engine scores the worked example's situation as its table shows."""
    assert claim.worked is not None
    deal, shown = claim.worked
    st = example_state(ev.rule_set, deal)
    scored = [ev.rules.points(st, seat) for seat in range(len(deal.hands))]
    if scored != list(shown):
        return fail(
            "scoring",
            "worked example",
            f"the table shows {[str(v) for v in shown]}, the engine scores {scored} ({deal})",
        )
    return []


def example_state(rule_set: RuleSet, deal: ExampleDeal) -> DealState:
    """The deal state of a worked example: its faces as cards of the first pack, the rest
    of the pack on the table."""
    hands = [sum(1 << face for face in hand) for hand in deal.hands]
    covered = [sum(1 << face for face in down) for down in deal.covered]
    st = DealState(len(hands), 0, hands, rule_set.n_rows)
    held = 0
    for mask in (*hands, *covered):
        held |= mask
    removed = set(rule_set.deck.removed)
    st.table = sum(1 << c for c in range(rule_set.n_cards) if not held >> c & 1) & ~sum(
        1 << c for c in range(rule_set.n_cards) if rule_set.face_of[c] in removed
    )
    st.covered, st.places, st.passes = covered, list(deal.places), list(deal.passes)
    st.winner, st.last_passer, st.completed = deal.winner, deal.last_passer, list(deal.completed)
    st.pot = deal.pot
    sizes = [hand.bit_count() for hand in hands]
    st.max_hand, st.min_hand = max(sizes), min(sizes)
    return st


def check_moved_cards(claims: Claims, ev: Evidence) -> list[Failure]:
    """The cards a pass moves: from whom, to whom, how many, in the sheet's order."""
    problem = check_transfers(claims, ev.records, ev.rule_set)
    return [] if problem is None else fail("transfers", claims.transfers, problem)


CHECKS: tuple[Callable[[Claims, Evidence], list[Failure]], ...] = (
    check_leader,
    check_hands,
    check_deck,
    check_opening,
    check_passing,
    check_cost,
    check_follow_up,
    check_rows,
    check_draw,
    check_trumps,
    check_leftovers,
    check_moved_cards,
    check_end,
    check_winner,
    check_session,
    check_teams,
    check_scoring,
)

__all__ = [
    "CHECKS",
    "NEIGHBOUR",
    "EndOfDeal",
    "Evidence",
    "Failure",
    "ScoredRules",
    "check_claims",
    "check_file",
    "compiled",
    "leftover_problem",
]
