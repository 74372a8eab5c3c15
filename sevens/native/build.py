"""Arrays for the native kernels, derived from a ``RuleSet`` record and its native programs.

Everything the kernels read about a rule set is built here, once per run:
the configuration vector (``cfg``, slots named in :mod:`.kernels`), the card
tables, the programs, and the dense memo of playable cards per row state.
Features the kernels do not play yet raise :class:`NativeUnsupported`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from sevens.compiler.native import HAND_KEYED, HAND_PER_CARD, NativeCode, NativeUnsupported
from sevens.runtime import contract as c

from .cache import ENTRY_POINTS, kernels, kernels_compiled, note_cold_start, rule_set_kernels
from .features import MAX_MEMO_STATES, check_supported

k = kernels()  # the kernels' module, with numba's cache in the user's cache directory

#: The strategies the kernels play, by the name used on the command line.
NATIVE_STRATEGIES = {"random": 0, "heuristic": 1, "withhold": 2, "random-play": 3}
#: Decisions per card after which a deal is declared endless (as the engine).
DECISION_LIMIT_PER_CARD = 200
#: Entries of the hashed row memo (used when the dense one would exceed MAX_MEMO_STATES):
#: 2^18 entries of three words take 6 MB; states beyond them are computed at each use.
HASH_ENTRIES = 1 << 18

_LEADERS = {
    c.Leader.HOLDER: k.L_HOLDER,
    c.Leader.HOLDER_OF_LOWEST: k.L_LOWEST,
    c.Leader.LEFT_OF_DEALER: k.L_LEFT,
    c.Leader.PREVIOUS_WINNER: k.L_PREVIOUS,
    c.Leader.HOLDER_OF_CARD: k.L_CARD,
}
_ROLES = {
    c.Role.SELF: k.R_SELF,
    c.Role.LEFT: k.R_LEFT,
    c.Role.RIGHT: k.R_RIGHT,
    c.Role.MOST_CARDS: k.R_MOST,
    c.Role.OTHERS: k.R_OTHERS,
}
_END_CODES = {
    c.EndWhen.FIRST_OUT: 0,
    c.EndWhen.ALL_OUT: 1,
    c.EndWhen.ALL_EMPTY: k.END_ALL_EMPTY,
}
_PICKS = {
    c.Pick.RANDOM: k.PICK_RANDOM,
    c.Pick.HIGHEST_VALUE: k.PICK_HIGHEST,
    c.Pick.LOWEST_VALUE: k.PICK_LOWEST,
    c.Pick.GIVER: k.PICK_GIVER,
}
_WINNERS = {
    c.MatchWinner.MOST_CHIPS: k.W_CHIPS,
    c.MatchWinner.MOST_POTS: k.W_POTS,
    c.MatchWinner.MOST_DEALS: k.W_DEALS,
    c.MatchWinner.HIGHEST_POINTS: k.W_HIGH,
    c.MatchWinner.LOWEST_POINTS: k.W_LOW,
}


def _words(mask: int) -> list[int]:
    return [mask & (2**64 - 1), mask >> 64]


def _nonzero(amount: c.Amount | None) -> int:
    return 0 if amount is None or amount == 0 else 1


def _draw_most(draw: c.Draw | None) -> int:
    """A constant count of cards to draw: -1 until one fits (or no draw rule), 0 or less none
    (an expression's count is its program's, ``kernels.cards_to_draw``)."""
    if draw is None or draw.most is None or draw.most is c.PER_SEAT:
        return -1
    assert isinstance(draw.most, int)
    return max(draw.most, 0)


def check_strategy(strategy: str) -> None:
    """Fail loudly on a strategy the kernels do not play."""
    if strategy not in NATIVE_STRATEGIES:
        raise NativeUnsupported(f"the numba backend does not support the strategy '{strategy}' yet")


def _role(role: c.Role, direction: c.Direction) -> int:
    """A role's code; ``next`` and ``previous`` become left or right by the direction of play."""
    if role in (c.Role.NEXT, c.Role.PREVIOUS):
        clockwise = direction is c.Direction.CLOCKWISE
        role = c.Role.LEFT if (role is c.Role.NEXT) == clockwise else c.Role.RIGHT
    return int(_ROLES[role])


def _transfer(transfer: c.Transfer | None, direction: c.Direction) -> list[int]:
    if transfer is None:
        return [0, 0, 0, 0]
    source, target = _role(transfer.source, direction), _role(transfer.target, direction)
    return [transfer.cards, source, target, _PICKS[transfer.which]]


def dealt_count(rule_set: c.RuleSet, players: int) -> int:
    """How many cards (and jokers) are dealt to the players (the rest is the stock), as
    engine.deal_cards and wild.deal_with_jokers."""
    n = len(rule_set.dealt) + (rule_set.wild.jokers if rule_set.wild else 0)
    size = rule_set.deal.size_for(n, players)
    return n if size is None else min(n, size * players)


def config(
    rule_set: c.RuleSet, program: NativeCode, players: int, strategy: str, deals: int | None
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The configuration vector of a run."""
    deck, layout, passing, session = (
        rule_set.deck,
        rule_set.layout,
        rule_set.passing,
        rule_set.session,
    )
    cfg = np.zeros(k.C_SIZE, np.int64)
    chips = rule_set.chips
    values = {
        k.C_NCARDS: rule_set.n_cards,
        k.C_NFACES: deck.n_faces,
        k.C_NRANKS: deck.n_ranks,
        k.C_NSUITS: deck.n_suits,
        k.C_NROWS: rule_set.n_rows,
        k.C_PER_SUIT: layout.rows_per_suit,
        k.C_WRAP: int(layout.wrap),
        k.C_START: k.NO_START if layout.start_rank is None else layout.start_rank,
        k.C_START_CHOSEN: int(layout.start_rank is None and not layout.start_per_row),
        k.C_NENV: len(program.env),
        k.C_LEADER: _LEADERS[rule_set.opening.leader],
        k.C_VOLUNTARY: int(passing.voluntary),
        k.C_PASS_LIMIT: -1 if passing.limit is None else passing.limit,
        k.C_ELIMINATE: int(passing.over_limit is c.OverLimit.ELIMINATE),
        k.C_FOLLOW: int(rule_set.follow_up is not None),
        k.C_FOLLOW_OPTIONAL: int(rule_set.follow_up is not None and rule_set.follow_up.optional),
        k.C_LAST_CARD: int(rule_set.last_card is not None),
        # bit 0: the voluntary pass's own transfer; bit 1: the forced pass's transfer before it
        k.C_VT: int(passing.voluntary_transfer is not None)
        | 2 * int(passing.voluntary_with_transfer and passing.transfer is not None),
        k.C_END_ALL_OUT: _END_CODES[rule_set.end_when],
        k.C_HAS_CHIPS: int(chips is not None),
        k.C_POT_TO_WINNER: int(chips is not None and chips.pot_to is c.PotTo.WINNER),
        k.C_ANTE: _nonzero(chips.ante if chips else None),
        k.C_PAY: _nonzero(chips.pay_winner if chips else None),
        k.C_HAS_POINTS: int(rule_set.points is not None),
        k.C_START_DIM: deck.n_ranks + 1 if layout.start_rank is None else 1,
        k.C_ENV_DIM: program.env_size,
        k.S_WINNER: _WINNERS[session.winner],
        k.S_TIEBREAK: int(session.tiebreak is c.Tiebreak.FEWEST_CARDS_LAST_DEAL),
        k.S_TCHIPS_ON: int(session.target_chips is not None),
        k.S_TCHIPS: session.target_chips or 0,
        k.S_TPOINTS_ON: int(session.target_points is not None),
        k.S_TPOINTS: session.target_points or 0,
        k.S_TDEALS_ON: int(session.target_deals is not None),
        k.S_TDEALS: session.target_deals or 0,
        k.C_STRATEGY: NATIVE_STRATEGIES[strategy],  # the table's: every seat plays it
        k.C_PLAYERS: players,
        k.C_TEAMS: 0 if rule_set.teams is None else rule_set.teams.count(players),
        k.C_DEALS: deals or 0,
        k.C_NCHOICES: len(rule_set.opening_choices),
        k.C_LIMIT: DECISION_LIMIT_PER_CARD * rule_set.n_cards,
    }
    for slot, value in values.items():
        cfg[slot] = value
    direction = rule_set.direction
    cfg[k.C_LC : k.C_LC + 4] = _transfer(rule_set.last_card, direction)
    cfg[k.C_VTR : k.C_VTR + 4] = _transfer(passing.voluntary_transfer, direction)
    cfg[k.C_TR : k.C_TR + 4] = _transfer(passing.transfer, direction)
    later = {
        k.C_BACKWARD: int(direction is not c.Direction.CLOCKWISE),
        k.C_COMPULSORY: int(rule_set.compulsory != 0),
        k.C_TRANSFER: int(passing.transfer is not None),
        k.C_NDEAL: dealt_count(rule_set, players),
        k.C_DRAW: int(rule_set.draw is not None),
        k.C_DRAW_MOST: _draw_most(rule_set.draw),
        k.C_DRAW_PER_SEAT: int(rule_set.draw is not None and rule_set.draw.most is c.PER_SEAT),
        k.C_DRAW_NEVER: int(rule_set.draw is not None and rule_set.draw.stop is c.DrawStop.NEVER),
        k.C_COVER: int(passing.cover),
        k.C_BY_HOLDERS: int(layout.by_holders),
        k.C_LEADER_OPENS: int(rule_set.opening.leader_card_opens),
        k.C_READS_RANKS: int(program.reads_ranks),
        k.C_FOLLOW_MAX: -1
        if rule_set.follow_up is None or rule_set.follow_up.max is None
        else rule_set.follow_up.max,
    }
    for slot, value in later.items():
        cfg[slot] = value
    wild = rule_set.wild
    latest = {
        k.C_START_PER_ROW: int(layout.start_per_row),
        k.C_WILD: wild.jokers if wild else 0,
        k.C_REDEEM_OPTIONAL: int(wild is not None and wild.redeem_optional),
        k.C_OUT_ON_JOKER: int(wild is not None and wild.out_on_joker),
        k.C_HOLDER_LAST: int(wild is not None and wild.holder_last),
        **_trump_config(rule_set.trumps),
        k.C_LEFTOVERS: int(rule_set.deal.leftovers),
    }
    for slot, value in latest.items():
        cfg[slot] = value
    cfg[k.C_ROWS_BY_PLAY] = _rows_by_play(layout)
    keyed_facts = program.hand_facts if program.hand_mode == HAND_KEYED else 0
    cfg[k.C_HAND_MODE] = program.hand_mode
    cfg[k.C_NHF] = program.hand_facts
    cfg[k.C_KEY_DIM] = program.env_size << keyed_facts  # the hand facts' bits above the table's
    if rule_set.opening.leader is c.Leader.HOLDER_OF_CARD and rule_set.opening.leader_card is None:
        cfg[k.C_LEADER] = (
            k.L_LEFT
        )  # as the engine: nobody's card decides, the dealer's neighbour leads
    return cfg


def _rows_by_play(layout: c.LayoutShape) -> int:
    """The kernels' flags for rows chosen by the order of play (0: every row takes what its
    own state allows, the rows of one suit each)."""
    flags = 0 if layout.rows_follow_suit else k.BY_PLAY_ANY_SUIT
    return flags | (k.BY_PLAY_ONE_ROW if layout.one_row_at_a_time else 0)


def _trump_config(trumps: c.Trumps | None) -> dict[int, int]:
    """The kernels' trump flags: none (0), a fixed suit (1) or the last card dealt's (2)."""
    if trumps is None:
        return {k.C_TRUMPS: 0, k.C_TRUMP_SUIT: 0, k.C_NAMED_HOME: 0}
    return {
        k.C_TRUMPS: 2 if trumps.suit is None else 1,
        k.C_TRUMP_SUIT: trumps.suit or 0,
        k.C_NAMED_HOME: int(trumps.named_card_home),
    }


def _append(c: list[int], slot: int, values: Any) -> None:
    """Append a table to ``c`` and store where it starts in ``slot``."""
    c[slot] = len(c)
    c.extend(int(x) for x in values)


def flat_config(
    rule_set: c.RuleSet, program: NativeCode, players: int, strategy: str, deals: int | None
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """``c``: the configuration, then the card tables and programs at the offsets it names."""
    deck = rule_set.deck
    out = [int(x) for x in config(rule_set, program, players, strategy, deals)]
    removed = set(deck.removed)
    faces_of_suit = []
    for suit in range(deck.n_suits):
        faces = [
            f for f in range(suit * deck.n_ranks, (suit + 1) * deck.n_ranks) if f not in removed
        ]
        faces_of_suit += faces + [-1] * (deck.n_ranks - len(faces))
    rank_of_face = [f % deck.n_ranks for f in range(deck.n_faces)]
    _append(out, k.O_RANK_OF, rule_set.rank_of)
    _append(out, k.O_SUIT_OF, rule_set.suit_of)
    _append(out, k.O_VALUE_FACE, (deck.rank_values[r] for r in rank_of_face))
    _append(out, k.O_RANK_FACE, rank_of_face)
    _append(out, k.O_SUIT_FACE, (f // deck.n_ranks for f in range(deck.n_faces)))
    _append(out, k.O_FACE_OF, rule_set.face_of)
    _append(out, k.O_DEALT, rule_set.dealt)
    _append(out, k.O_FACES_SUIT, faces_of_suit)
    _append(out, k.O_PRE, rule_set.preplaced_cards)
    _append(out, k.O_LORDER, rule_set.opening.leader_order)
    _append(out, k.O_VALUE_CARD, rule_set.card_value)
    _append(out, k.O_STRATEGIES, [NATIVE_STRATEGIES[strategy]] * players)
    out[k.C_NDEALT] = len(rule_set.dealt)
    out[k.C_NPRE] = len(rule_set.preplaced_cards)
    out[k.C_NLORDER] = len(rule_set.opening.leader_order)
    rows = rule_set.n_rows
    at = k.S_SIZE
    for slot, width in (
        (k.V_ROW_RANKS, rows),
        (k.V_ROW_START, rows),
        (k.V_PLACES, players),
        (k.V_PASSES, players),
        (k.V_CHIPS, players),
        (k.V_ELIM, players),
        (k.V_POINTS, players),
        (k.V_JOKERS, players),
        (k.V_JDEALT, players),
        (k.V_TRUMP, 2),
        (k.V_RESET, 0),  # the fields above start afresh in each deal
        (k.V_ROWV, 10),
        (k.V_HF, max(1, program.hand_facts)),
        (k.V_DECK, rule_set.n_cards + (rule_set.wild.jokers if rule_set.wild else 0)),
        (k.V_STOCK, rule_set.n_cards),
    ):
        out[slot] = at
        at += width
    out[k.V_SIZE] = at
    at = k.RNG_HALF + 1
    for slot, width in (
        (k.M_HANDS, 2 * players),
        (k.M_TABLE, 2),
        (k.M_PLAYABLE, 2),
        (k.M_ROWMASK, 2 * rows),
        (k.M_OPENING, 2),
        (k.M_EXTRA, 2),
        (k.M_DEALT, 2 * players),
        (k.M_LAYOUT, 2),
        (k.M_COVERED, 2 * players),
        (k.M_SPOTS, 2),
        (k.M_TSPOTS, 2),
        (k.M_LEFTOVERS, 2),
    ):
        out[slot] = at
        at += width
    out[k.M_SIZE] = at
    constant = program.constants.get("pass_cost")
    out[k.C_PASS_IS_CONST] = int(constant is not None)
    out[k.C_PASS_CONST] = constant or 0
    return np.asarray(out, dtype=np.int64)


def constant_masks(
    rule_set: c.RuleSet, cfg: np.ndarray[Any, Any]
) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """``cm``: each face's copies, the follow-up triggers, the opening card, the dealer's choices."""
    deck = rule_set.deck
    words: list[int] = []
    for face in range(deck.n_faces):
        words += _words(deck.copies_of(face))
    cfg[k.CM_TRIGGER] = len(words)
    words += _words(rule_set.follow_up.trigger_cards if rule_set.follow_up else 0)
    cfg[k.CM_OPENING] = len(words)
    words += _words(rule_set.opening_mask)
    cfg[k.CM_CHOICES] = len(words)
    for mask in rule_set.opening_choices:
        words += _words(mask)
    cfg[k.CM_COMPULSORY] = len(words)
    words += _words(rule_set.compulsory)
    cfg[k.CM_LEADER] = len(words)
    leader_card = rule_set.opening.leader_card
    words += _words(0 if leader_card is None else rule_set.deck.copies_of(leader_card))
    cfg[k.CM_SUIT] = len(words)
    for suit_cards in rule_set.suit_cards:
        words += _words(suit_cards)
    cfg[k.CM_AHEAD] = len(words)
    words += _ahead_masks(rule_set)
    return np.asarray(words, dtype=np.uint64)


def _ahead_masks(rule_set: c.RuleSet) -> list[int]:
    """For each card, the cards of its suit ranked above it, then those below it (two words
    each): the heuristic counts the hand's cards in one of them (kernels.card_score)."""
    suits, ranks = rule_set.suit_of, rule_set.rank_of
    words: list[int] = []
    for card in range(rule_set.n_cards):
        same_suit = [other for other in range(rule_set.n_cards) if suits[other] == suits[card]]
        above = sum(1 << other for other in same_suit if ranks[other] > ranks[card])
        below = sum(1 << other for other in same_suit if ranks[other] < ranks[card])
        words += _words(above) + _words(below)
    return words


@dataclass
class Prepared:
    """Everything a native run needs, built once: ``c``, ``cm`` and the row memo ``rt``."""

    rule_set: c.RuleSet
    players: int
    c: np.ndarray[Any, np.dtype[np.int64]]
    cm: np.ndarray[Any, np.dtype[np.uint64]]
    rt: np.ndarray[Any, np.dtype[np.uint64]]
    kernels: Any  # the rule set's own kernels (sevens.native.cache.rule_set_kernels)

    def new_state(
        self,
    ) -> tuple[np.ndarray[Any, np.dtype[np.int64]], np.ndarray[Any, np.dtype[np.uint64]]]:
        """Fresh deal-state arrays ``v`` and ``m``."""
        return np.zeros(int(self.c[k.V_SIZE]), np.int64), np.zeros(int(self.c[k.M_SIZE]), np.uint64)


def prepare(
    rule_set: c.RuleSet,
    program: NativeCode,
    players: int,
    strategy: str,
    deals: int | None,
    entry_points: tuple[str, ...] = ENTRY_POINTS,
) -> Prepared:
    """Build the arrays of a run, load the rule set's own kernels (compiling them, with a note
    on stderr, the first time: ``entry_points`` are those the run will call) and fill the
    dense row memo."""
    check_supported(rule_set)
    check_strategy(strategy)
    cfg = flat_config(rule_set, program, players, strategy, deals)
    cm = constant_masks(rule_set, cfg)
    own = rule_set_kernels(cfg, program.source)
    note_cold_start(rule_set.id, own, entry_points)
    states = (
        rule_set.n_rows * int(cfg[k.C_START_DIM]) * int(cfg[k.C_KEY_DIM]) << rule_set.deck.n_ranks
    )
    if program.hand_mode == HAND_PER_CARD:  # each card is tried with the hand: no row memo
        prepared = Prepared(rule_set, players, cfg, cm, np.zeros(2, np.uint64), own)
    elif states > MAX_MEMO_STATES:  # e.g. a table-wide count: fill a hash table as states come up
        rt = hashed_memo(rule_set, cfg, cm)
        prepared = Prepared(rule_set, players, cfg, cm, rt, own)
    else:
        rt = np.zeros(states * 2, np.uint64)
        prepared = Prepared(rule_set, players, cfg, cm, rt, own)
        v, m = prepared.new_state()
        prepared.kernels.build_row_table(cfg, cm, rt, v, m)
    compile_kernels(prepared)
    return prepared


def kernels_ready(rule_set: c.RuleSet, program: NativeCode) -> bool:
    """Whether a rule set's own kernels are compiled (in numba's cache, or in this process),
    both entry points: a run would start at once."""
    check_supported(rule_set)
    cfg = flat_config(rule_set, program, rule_set.players.min, "random", None)
    return kernels_compiled(rule_set_kernels(cfg, program.source), ENTRY_POINTS)


def seated(prepared: Prepared, strategies: tuple[str, ...]) -> Prepared:
    """``prepared`` with a strategy per seat (the balance lab's focus seat plays another);
    the arrays other than the configuration are shared."""
    for strategy in strategies:
        check_strategy(strategy)
    cfg = prepared.c.copy()
    codes = [NATIVE_STRATEGIES[strategy] for strategy in strategies]
    at = int(cfg[k.O_STRATEGIES])
    cfg[at : at + len(codes)] = codes
    cfg[k.C_STRATEGY] = codes[0] if len(set(codes)) == 1 else -1
    return Prepared(
        prepared.rule_set, prepared.players, cfg, prepared.cm, prepared.rt, prepared.kernels
    )


def hashed_memo(
    rule_set: c.RuleSet, cfg: np.ndarray[Any, Any], cm: np.ndarray[Any, Any]
) -> np.ndarray[Any, np.dtype[np.uint64]]:
    """An empty hashed row memo: two scratch words, each face's copies, then the entries
    (key + 1, two mask words each); the kernels fill it (kernels.memo_lookup)."""
    faces = 2 * rule_set.deck.n_faces
    cfg[k.C_HASHED] = 1
    cfg[k.C_HASH_MASK] = HASH_ENTRIES - 1
    cfg[k.C_HASH_BASE] = 2 + faces
    rt = np.zeros(2 + faces + 3 * HASH_ENTRIES, np.uint64)
    rt[2 : 2 + faces] = cm[:faces]
    return rt


def out_width(players: int, n_cards: int) -> int:
    """Columns of a deal's row in the kernels' results: the figures, per-seat blocks, the stock,
    the jokers dealt to each seat, the trump suit and the card that named it."""
    return int(k.R_SEATS) + 5 * players + n_cards + 2


def play_games(
    prepared: Prepared,
    v: Any,
    m: Any,
    seeds: Any,
    forget: float,
    tot: Any,
    wins: Any,
    *,
    dec: Any = None,
    ev: Any = None,
    out: Any = None,
    outm: Any = None,
    deals: Any = None,
    winners: Any = None,
    count: Any = None,
) -> int:
    """Play the games ``seeds`` through the kernels' one entry point (``kernels.play_games``):
    what is not given is passed empty (nothing recorded or kept per game), so every call has
    the same types and numba compiles the entry point once.  Returns the first game that
    failed, or -1."""
    players = prepared.players
    width = out_width(players, prepared.rule_set.n_cards)
    failed = prepared.kernels.play_games(
        prepared.c, prepared.cm, prepared.rt, v, m,
        np.zeros((0, k.D_SIZE), np.uint64) if dec is None else dec,
        np.zeros((0, k.EV_SIZE), np.uint64) if ev is None else ev,
        np.asarray(seeds, np.uint64), forget, tot, wins,
        np.zeros((0, 1, width), np.int64) if out is None else out,
        np.zeros((0, 2 * players + 2), np.uint64) if outm is None else outm,
        np.zeros(0, np.int64) if deals is None else deals,
        np.zeros((0, players), np.int64) if winners is None else winners,
        np.zeros(0, np.int64) if count is None else count,
    )  # fmt: skip
    return int(failed)


def compile_kernels(prepared: Prepared) -> None:
    """Load (or, the first time, compile) the kernels' entry point before anything is timed."""
    players = prepared.players
    v, m = prepared.new_state()
    tot = np.zeros(k.T_CHIPS + 2 * players, np.int64)
    play_games(prepared, v, m, [], 0.0, tot, np.zeros(players, np.float64))
