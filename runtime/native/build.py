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

from sevens.compiler.native import NativeProgram, NativeUnsupported
from sevens.runtime import contract as c
from sevens.runtime.native import kernels as k

#: The strategies the kernels play, by the name used on the command line.
NATIVE_STRATEGIES = {"random": 0, "heuristic": 1, "withhold": 2}
#: Decisions per card after which a deal is declared endless (as the engine).
DECISION_LIMIT_PER_CARD = 200

_LEADERS = {
    c.Leader.HOLDER: k.L_HOLDER,
    c.Leader.HOLDER_OF_LOWEST: k.L_LOWEST,
    c.Leader.LEFT_OF_DEALER: k.L_LEFT,
    c.Leader.PREVIOUS_WINNER: k.L_PREVIOUS,
}
_ROLES = {c.Role.SELF: k.R_SELF, c.Role.LEFT: k.R_LEFT, c.Role.RIGHT: k.R_RIGHT, c.Role.MOST_CARDS: k.R_MOST}
_PICKS = {c.Pick.RANDOM: k.PICK_RANDOM, c.Pick.HIGHEST_VALUE: k.PICK_HIGHEST, c.Pick.LOWEST_VALUE: k.PICK_LOWEST}
_WINNERS = {
    c.MatchWinner.MOST_CHIPS: k.W_CHIPS,
    c.MatchWinner.MOST_POTS: k.W_POTS,
    c.MatchWinner.MOST_DEALS: k.W_DEALS,
    c.MatchWinner.HIGHEST_POINTS: k.W_HIGH,
    c.MatchWinner.LOWEST_POINTS: k.W_LOW,
}
#: The widest deck two uint64 words hold, and the most ranks the dense row memo allows.
MAX_CARDS = 128
MAX_RANKS = 16


def _words(mask: int) -> list[int]:
    return [mask & (2**64 - 1), mask >> 64]


def _nonzero(amount: c.Amount | None) -> int:
    return 0 if amount is None or amount == 0 else 1


def check_supported(rule_set: c.RuleSet) -> None:
    """Fail loudly on what the kernels do not play yet."""
    if rule_set.n_cards > MAX_CARDS:
        raise NativeUnsupported(
            f"the numba backend does not support decks of more than {MAX_CARDS} cards yet"
        )
    if rule_set.deck.n_ranks > MAX_RANKS:
        raise NativeUnsupported(
            f"the numba backend does not support rows of more than {MAX_RANKS} ranks yet"
        )
    if rule_set.deck.n_faces > 63:
        raise NativeUnsupported("the numba backend does not support more than 63 faces yet")


def _transfer(transfer: c.Transfer | None) -> list[int]:
    if transfer is None:
        return [0, 0, 0, 0]
    return [transfer.cards, _ROLES[transfer.source], _ROLES[transfer.target], _PICKS[transfer.which]]


def config(
    rule_set: c.RuleSet, program: NativeProgram, players: int, strategy: str, deals: int | None
) -> np.ndarray[Any, np.dtype[np.int64]]:
    """The configuration vector of a run."""
    deck, layout, passing, session = rule_set.deck, rule_set.layout, rule_set.passing, rule_set.session
    cfg = np.zeros(k.C_SIZE, np.int64)
    starts = program.starts
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
        k.C_START_CHOSEN: int(layout.start_rank is None),
        k.C_NENV: len(program.env),
        k.C_LEADER: _LEADERS[rule_set.opening.leader],
        k.C_VOLUNTARY: int(passing.voluntary),
        k.C_PASS_LIMIT: -1 if passing.limit is None else passing.limit,
        k.C_ELIMINATE: int(passing.over_limit is c.OverLimit.ELIMINATE),
        k.C_FOLLOW: int(rule_set.follow_up is not None),
        k.C_FOLLOW_OPTIONAL: int(rule_set.follow_up is not None and rule_set.follow_up.optional),
        k.C_LAST_CARD: int(rule_set.last_card is not None),
        k.C_VT: int(passing.voluntary_transfer is not None),
        k.C_END_ALL_OUT: int(rule_set.end_when is c.EndWhen.ALL_OUT),
        k.C_HAS_CHIPS: int(chips is not None),
        k.C_POT_TO_WINNER: int(chips is not None and chips.pot_to is c.PotTo.WINNER),
        k.C_ANTE: _nonzero(chips.ante if chips else None),
        k.C_PAY: _nonzero(chips.pay_winner if chips else None),
        k.C_HAS_POINTS: int(rule_set.points is not None),
        k.P_LEGAL: starts["legal"],
        k.P_FWHEN: starts["follow_when"],
        k.P_FALLOW: starts["follow_allow"],
        k.P_PASS: starts["pass_cost"],
        k.P_VPASS: starts["voluntary_pass_cost"],
        k.P_ANTE: starts["ante"],
        k.P_PAY: starts["pay_winner"],
        k.P_POINTS: starts["points"],
        k.P_ENV0: starts.get("env0", 0),
        k.C_START_DIM: deck.n_ranks + 1 if layout.start_rank is None else 1,
        k.C_ENV_DIM: 2 if program.env else 1,
        k.S_WINNER: _WINNERS[session.winner],
        k.S_TIEBREAK: int(session.tiebreak is c.Tiebreak.FEWEST_CARDS_LAST_DEAL),
        k.S_TCHIPS_ON: int(session.target_chips is not None),
        k.S_TCHIPS: session.target_chips or 0,
        k.S_TPOINTS_ON: int(session.target_points is not None),
        k.S_TPOINTS: session.target_points or 0,
        k.S_TDEALS_ON: int(session.target_deals is not None),
        k.S_TDEALS: session.target_deals or 0,
        k.C_STRATEGY: NATIVE_STRATEGIES[strategy],
        k.C_PLAYERS: players,
        k.C_DEALS: deals or 0,
        k.C_NCHOICES: len(rule_set.opening_choices),
        k.C_LIMIT: DECISION_LIMIT_PER_CARD * rule_set.n_cards,
    }
    for slot, value in values.items():
        cfg[slot] = value
    cfg[k.C_LC : k.C_LC + 4] = _transfer(rule_set.last_card)
    cfg[k.C_VTR : k.C_VTR + 4] = _transfer(passing.voluntary_transfer)
    return cfg


def _int_array(values: Any) -> np.ndarray[Any, np.dtype[np.int64]]:
    return np.asarray(list(values), dtype=np.int64)


def _mask_array(masks: list[int]) -> np.ndarray[Any, np.dtype[np.uint64]]:
    out = np.zeros((max(len(masks), 1), 2), np.uint64)
    for row, mask in enumerate(masks):
        out[row] = _words(mask)
    return out


def tables(rule_set: c.RuleSet, program: NativeProgram, cfg: np.ndarray[Any, Any]) -> tuple[Any, ...]:
    """The kernels' read-only tables, in the order the kernels unpack them (row memo left empty)."""
    deck = rule_set.deck
    removed = set(deck.removed)
    faces_of_suit = np.full((deck.n_suits, deck.n_ranks), -1, np.int64)
    for suit in range(deck.n_suits):
        faces = [f for f in range(suit * deck.n_ranks, (suit + 1) * deck.n_ranks) if f not in removed]
        faces_of_suit[suit, : len(faces)] = faces
    face_mask = _mask_array([deck.copies_of(f) for f in range(deck.n_faces)])
    rank_of_face = [f % deck.n_ranks for f in range(deck.n_faces)]
    row_table = np.zeros(
        (rule_set.n_rows, int(cfg[k.C_START_DIM]), int(cfg[k.C_ENV_DIM]), 1 << deck.n_ranks, 2),
        np.uint64,
    )
    trigger = rule_set.follow_up.trigger_cards if rule_set.follow_up else 0
    return (
        cfg,
        _int_array(rule_set.rank_of),
        _int_array(rule_set.suit_of),
        _int_array(deck.rank_values[r] for r in rank_of_face),
        _int_array(rank_of_face),
        _int_array(f // deck.n_ranks for f in range(deck.n_faces)),
        _int_array(rule_set.face_of),
        _int_array(rule_set.dealt),
        faces_of_suit,
        face_mask,
        row_table,
        _int_array(program.code),
        np.asarray(_words(trigger), np.uint64),
        _int_array(rule_set.preplaced_cards),
        _int_array(rule_set.opening.leader_order),
        np.asarray(_words(rule_set.opening_mask), np.uint64),
        _mask_array(list(rule_set.opening_choices)),
        _int_array(rule_set.card_value),
    )


def state(rule_set: c.RuleSet, players: int) -> tuple[Any, ...]:
    """Fresh deal-state arrays, in the order the kernels unpack them."""
    rows = rule_set.n_rows
    return (
        np.zeros((players, 2), np.uint64),  # hands
        np.zeros(2, np.uint64),  # table
        np.zeros(2, np.uint64),  # playable
        np.zeros(rows, np.int64),  # row ranks
        np.zeros(rows, np.int64),  # row starts
        np.zeros((rows, 2), np.uint64),  # row masks
        np.zeros(2, np.uint64),  # opening mask
        np.zeros(players, np.int64),  # places
        np.zeros(players, np.int64),  # passes
        np.zeros(players, np.int64),  # chips
        np.zeros(k.S_SIZE, np.int64),  # scalars
        np.zeros(players, np.int64),  # elimination order
        np.zeros(players, np.int64),  # points
        np.zeros(2, np.uint64),  # follow-up cards
        np.zeros((players, 2), np.uint64),  # hands as dealt
        np.zeros(2, np.uint64),  # the table before the first turn
    )


def scratch(rule_set: c.RuleSet) -> tuple[Any, ...]:
    """Working arrays of the program evaluator and the deal."""
    slots = 16
    return (
        np.zeros(256, np.int64),  # stack
        np.zeros(slots, np.int64),  # aggregate variables
        np.zeros(slots, np.uint64),
        np.zeros(slots, np.uint64),
        np.zeros(slots, np.int64),
        np.zeros(slots, np.int64),
        np.zeros(8, np.int64),  # row values
        np.zeros(max(rule_set.n_cards, 1), np.int64),  # the deck being shuffled
    )


@dataclass
class Prepared:
    """Everything a native run needs, built once."""

    rule_set: c.RuleSet
    players: int
    tabs: tuple[Any, ...]
    scratch: tuple[Any, ...]

    def new_state(self) -> tuple[Any, ...]:
        return state(self.rule_set, self.players)


def prepare(
    rule_set: c.RuleSet, program: NativeProgram, players: int, strategy: str, deals: int | None
) -> Prepared:
    """Build the tables of a run and fill the dense row memo (with the legality program)."""
    check_supported(rule_set)
    if strategy not in NATIVE_STRATEGIES:
        raise NativeUnsupported(f"the numba backend does not support the strategy '{strategy}' yet")
    cfg = config(rule_set, program, players, strategy, deals)
    tabs = tables(rule_set, program, cfg)
    work = scratch(rule_set)
    k.build_row_table(tabs[11], state(rule_set, players), tabs, work, tabs[10])
    return Prepared(rule_set, players, tabs, work)
