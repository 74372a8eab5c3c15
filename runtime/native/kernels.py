"""The numba kernels' template: the game loop of :mod:`sevens.runtime.engine`, natively.

Everything here reads the rules from the configuration vector ``c`` and calls the rule
set's functions (the ``rule_*`` stand-ins below).  The compiler writes each rule set's own
copy (:mod:`sevens.compiler.native_kernels`): its functions in place of the stand-ins, its
slots read as constants; the kernels no rule set changes are imported from this module,
so numba compiles them once for all.  The loop mirrors the Python engine step by step
(same order of decisions, payments and random draws, from the same generator:
:mod:`sevens.runtime.randomness`), so that a seed plays the same game in both and the two
write the same records.

A kernel is called with typed values (``np.int64(K_TURN)``, ``np.bool_(True)``), never
with a literal: numba types a literal argument as a literal type and compiles the callee
once more for each value (the specialiser does the same for the rule set's copy).

Kernels that create no array run without numba's reference counting (``_nrt=False``): the
arrays they are given outlive the run, and counting them (an atomic increment and
decrement of each array argument of every call, which inlining leaves in place) took a
seventh of a game's time.  Only the kernels that allocate (the row memo's table, a match's
totals, the entry point) count; numba refuses to compile a kernel without counting that
would need it, so a kernel cannot silently lose it.

Cards are ids ``0 … n_cards-1``; a set of cards is two uint64 words (ids
0–63, 64–127), which covers every deck up to two full packs.  The turn loop reads the
second word only where the deck needs it (``wide``, a constant in a rule set's copy), and a
rule set's copy indexes the flat arrays with unsigned numbers (the specialiser writes
``np.uint64(…)`` round each computed index: numba tests a signed one for a count from the
end), so no index here may be negative.

Data travels in a handful of flat arrays, because numba passes a tuple of
arrays to every call by value and reference-counts each member:

* ``c`` (int64): the configuration (slots ``C_*`` and ``S_*``), then the per-face,
  per-seat and per-row tables at the offsets stored in slots ``O_*``;
* ``cm`` (uint64): constant card masks (each face's copies, follow-up
  triggers, the opening card and the dealer's choices);
* ``rt`` (uint64): the dense memo of playable cards per row state;
* ``v`` (int64) and ``m`` (uint64): the deal state (scalars ``V_*`` first,
  then the per-row and per-seat fields at the offsets in slots ``V_*``/``M_*``);
* ``dec`` and ``ev`` (uint64): the record of decisions and of the moves of
  transfers from every other player (zero rows when not recording).
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

U1 = np.uint64(1)
U0 = np.uint64(0)
PASS = -1
NO_START = -1000

# -- configuration slots of ``c`` (build.py fills them) -----------------------
C_NCARDS, C_NFACES, C_NRANKS, C_NSUITS, C_NROWS, C_PER_SUIT, C_WRAP = 0, 1, 2, 3, 4, 5, 6
C_START, C_START_CHOSEN, C_NENV, C_LEADER, C_VOLUNTARY, C_PASS_LIMIT, C_ELIMINATE = (
    7, 8, 9, 10, 11, 12, 13,
)  # fmt: skip
C_FOLLOW, C_FOLLOW_OPTIONAL, C_LAST_CARD, C_VT, C_END_ALL_OUT = 14, 15, 16, 17, 18
C_HAS_CHIPS, C_POT_TO_WINNER, C_ANTE, C_PAY, C_HAS_POINTS = 19, 20, 21, 22, 23
# (slots 24-32, 67, 82-84, 97, 133, 137-139 and 143 held the interpreted programs' places)
C_START_DIM, C_ENV_DIM = 33, 34
S_WINNER, S_TIEBREAK, S_TCHIPS_ON, S_TCHIPS, S_TPOINTS_ON, S_TPOINTS, S_TDEALS_ON, S_TDEALS = (
    35, 36, 37, 38, 39, 40, 41, 42,
)  # fmt: skip
C_STRATEGY, C_PLAYERS, C_DEALS, C_NCHOICES, C_LIMIT = 43, 44, 45, 46, 47
C_LC, C_VTR = 48, 52  # transfers: [cards, source, target, which] (last card, voluntary pass)
# offsets of the tables in ``c``
O_RANK_OF, O_SUIT_OF, O_VALUE_FACE, O_RANK_FACE, O_SUIT_FACE, O_FACE_OF = 56, 57, 58, 59, 60, 61
O_DEALT, O_FACES_SUIT, O_PRE, O_LORDER, O_VALUE_CARD = 62, 63, 64, 65, 66
C_NDEALT, C_NPRE, C_NLORDER = 68, 69, 70
# offsets of the constant masks in ``cm`` (each face's copies start at 0)
CM_TRIGGER, CM_OPENING, CM_CHOICES = 71, 72, 73
# offsets of the state in ``v`` and ``m``
V_ROW_RANKS, V_ROW_START, V_PLACES, V_PASSES, V_CHIPS, V_ELIM, V_POINTS = 74, 75, 76, 77, 78, 79, 80
# V_RESET: where the fields a deal starts afresh end (the scalars, the per-row and per-seat ones)
V_RESET, V_ROWV, V_DECK, V_SIZE = 81, 85, 86, 87
M_HANDS, M_TABLE, M_PLAYABLE, M_ROWMASK, M_OPENING, M_EXTRA, M_DEALT = 88, 89, 90, 91, 92, 93, 94
M_LAYOUT, M_SIZE = 95, 99
C_PASS_IS_CONST, C_PASS_CONST = 100, 101
# mechanics of the later contract (issue 8): direction, compulsory cards, forced-pass transfers,
# a stock and drawing, covering, laying out by holders and the holder-of-card leader
C_BACKWARD, C_COMPULSORY, CM_COMPULSORY, C_TRANSFER, C_TR = 102, 103, 104, 105, 106  # C_TR: 4 slots
C_NDEAL, C_DRAW, C_DRAW_MOST, C_COVER, C_BY_HOLDERS, CM_LEADER = 110, 111, 112, 113, 114, 115
V_STOCK, M_COVERED, C_READS_RANKS, C_FOLLOW_MAX = 116, 117, 118, 119
# rows each starting at their own first card; the row memo as a hash table (C_HASHED: its
# entries start at rt[C_HASH_BASE], C_HASH_MASK + 1 of them); jokers (C_WILD: how many)
C_START_PER_ROW, C_HASHED, C_HASH_MASK, C_HASH_BASE = 120, 121, 122, 123
C_WILD, C_REDEEM_OPTIONAL, C_OUT_ON_JOKER, C_HOLDER_LAST, V_JOKERS, V_JDEALT, M_SPOTS = (
    124, 125, 126, 127, 128, 129, 130,
)  # fmt: skip
# play conditions reading the mover's hand (compiler.native.HAND_*): how (C_HAND_MODE), the
# hand facts (C_NHF of them, worked out by rule_hand_fact, their values at v[V_HF…]), the row
# memo's key size (table-wide facts times hand facts), each suit's cards in ``cm``
C_HAND_MODE, C_NHF, V_HF, C_KEY_DIM, CM_SUIT = 131, 132, 134, 135, 136
# each seat's strategy (C_STRATEGY holds the table's when every seat plays the same, else -1)
O_STRATEGIES = 140
# opening.card 'leader-card': the card that chose the leader opens (engine.open_with_leader_card)
C_LEADER_OPENS = 141
# passing.draw.most as an expression (rule_draw_most), and 'stop: never' (the whole count
# drawn before a card that fits is played)
C_DRAW_PER_SEAT, C_DRAW_NEVER = 142, 144
# trumps (mechanics.trumps): C_TRUMPS 0 none, 1 a fixed suit (C_TRUMP_SUIT), 2 the suit of the
# last card dealt (which goes only home with C_NAMED_HOME); where trumps lie in others' places
# (M_TSPOTS), the deal's trump suit and the card that named it (V_TRUMP, two slots)
C_TRUMPS, C_TRUMP_SUIT, C_NAMED_HOME, M_TSPOTS, V_TRUMP = 145, 146, 147, 148, 149
# players.teams: how many teams the players form (0: none); seat s plays for team s % C_TEAMS
C_TEAMS = 150
# rows chosen by the order of play (layout.rows_follow_suit false: BY_PLAY_ANY_SUIT,
# layout.one_row_at_a_time: BY_PLAY_ONE_ROW; 0: neither): placed by place_by_play
C_ROWS_BY_PLAY = 151
BY_PLAY_ANY_SUIT, BY_PLAY_ONE_ROW = 1, 2
# deal.leftovers face-up (mechanics.leftovers): the cards a deal leaves lie face up (M_LEFTOVERS,
# the mask of those still there), offered before each turn (lay_leftovers)
C_LEFTOVERS, M_LEFTOVERS = 152, 153
# the heuristic's masks (card_score): for card k, at cm[CM_AHEAD + 4k], the cards of its suit
# above it (two words), then those below it
CM_AHEAD = 154
C_SIZE = 155
#: Where the random generator's state lies in ``m``, and the high half of its last output
#: while that half is the next draw (bit 32 set), else 0; the other fields follow them.
RNG, RNG_HALF = 0, 1

# Leaders, roles, picks, match winners (the order of build.py's tables).
L_HOLDER, L_LOWEST, L_LEFT, L_PREVIOUS, L_CARD = 0, 1, 2, 3, 4
# ``next`` and ``previous`` are resolved to left or right by build.py (they follow the direction)
R_SELF, R_LEFT, R_RIGHT, R_MOST, R_OTHERS = 0, 1, 2, 3, 4
PICK_RANDOM, PICK_HIGHEST, PICK_LOWEST, PICK_GIVER = 0, 1, 2, 3
END_ALL_EMPTY = 2  # c[C_END_ALL_OUT]: 0 first-out, 1 all-out, 2 all-empty
W_CHIPS, W_POTS, W_DEALS, W_HIGH, W_LOW = 0, 1, 2, 3, 4

# -- deal-state scalars at the start of ``v`` ----------------------------------
S_OPENED, S_POT, S_WIN, S_FIRST, S_ENV, S_MAXH, S_DEALER, S_ACTIVE = 0, 1, 2, 3, 4, 5, 6, 7
S_FINISHED, S_NELIM, S_MINH, S_DECISIONS, S_PASSES, S_ERROR, S_OPENCARD = 8, 9, 10, 11, 12, 13, 14
S_NDEC, S_NEV, S_OVERFLOW, S_NSTOCK, S_STOCK0, S_LASTPASS, S_LEADER = 15, 16, 17, 18, 19, 20, 21
S_UNABLE = 22  # the players in a row, before this turn, who could not play (game.unable_in_a_row)
S_LASTROW = 23  # the row the latest card went to, -1: none yet (rows chosen by the order of play)
S_SIZE = 24

# -- record columns (``dec``) and random draws (``ev``) ---------------------------
D_SEAT, D_CARD, D_KIND, D_ELIM, D_FORGOT, D_FROM, D_TO, D_DEAL = 0, 1, 2, 3, 4, 5, 6, 7
D_LEGAL, D_MOVED, D_DRAWN_FROM, D_DRAWN_N, D_SPOTS = 8, 10, 12, 13, 14
D_SIZE = 16
#: Kinds of recorded decisions (D_KIND): a joker play records the card it stands for.
K_TURN, K_FOLLOW, K_COVER, K_JOKER, K_REDEEM, K_TRUMP = 0, 1, 2, 3, 4, 5
#: A face-up leftover laid (or declined: PASS) before a turn (kind "leftover" in records).
K_LEFTOVER = 6
#: A joker in the shuffled deck (the deck holds card ids).
JOKER = -1
#: When recording, the moves of an ``others`` transfer (ev: kind, a, b, c, d).
EV_MOVE = 2
EV_SIZE = 5
# -- totals and per-deal results ----------------------------------------------------
T_DECISIONS, T_PASSES, T_BLOCKED, T_DEALS, T_CHIPS = 0, 1, 2, 3, 4
R_WINNER, R_DEALER, R_OPENCARD, R_DECISIONS, R_PASSES, R_POT, R_NSTOCK, R_LEADER, R_SEATS = (
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
)
# after the 4 * players seat columns: the stock of the deal, in the order it lies (drawn from its
# end), n_cards columns; then the jokers dealt to each seat; then the trump suit and the card
# that named it (-1: none)


# ============================================================================
# bits and random numbers
# ============================================================================
@njit(cache=True, _nrt=False)
def popcount(x: np.uint64) -> np.int64:
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, _nrt=False)
def card_bit(card: np.int64) -> np.uint64:
    return U1 << np.uint64(card & 63)


@njit(cache=True, _nrt=False)
def has(m, at, card):
    """Whether the two-word mask at ``m[at]`` holds ``card``."""
    return (m[at + (card >> 6)] >> np.uint64(card & 63)) & U1 != U0


@njit(cache=True, _nrt=False)
def lowest(lo: np.uint64, hi: np.uint64) -> np.int64:
    if lo != U0:
        return np.int64(trailing_zeros(lo))
    return 64 + np.int64(trailing_zeros(hi))


@njit(cache=True, _nrt=False)
def size(m, at):
    return popcount(m[at]) + popcount(m[at + 1])


@njit(cache=True, _nrt=False)
def nth_bit(lo: np.uint64, hi: np.uint64, n: np.int64) -> np.int64:
    """The ``n``-th lowest set card id (n counts from 0)."""
    base = 0
    count_lo = popcount(lo)
    if n >= count_lo:
        n -= count_lo
        lo = hi
        base = 64
    for _ in range(n):
        lo &= lo - U1
    return base + np.int64(trailing_zeros(lo))


# The generator and its uses are those of sevens.runtime.randomness (docs/randomness.md):
# splitmix64 from the game's seed, each output two 32-bit draws (low half first).
@njit(cache=True, _nrt=False)
def next_u64(m):
    """splitmix64's next output."""
    z = m[RNG] + np.uint64(0x9E3779B97F4A7C15)
    m[RNG] = z
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


LOW32 = np.uint64(0xFFFFFFFF)
HALF_WAITING = np.uint64(1 << 32)


@njit(cache=True, _nrt=False)
def draw32(m):
    """The next 32-bit draw: an output's low half, then (kept in m[RNG_HALF]) its high half."""
    half = m[RNG_HALF]
    if half != U0:
        m[RNG_HALF] = U0
        return half & LOW32
    z = next_u64(m)
    m[RNG_HALF] = (z >> np.uint64(32)) | HALF_WAITING
    return z & LOW32


@njit(cache=True, _nrt=False)
def below(m, n):
    """A whole number from 0 to n - 1: a draw times n, shifted right by 32."""
    return np.int64((draw32(m) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, _nrt=False)
def chance(m):
    """A probability: a draw over 2**32."""
    return float(draw32(m)) * (1.0 / 4294967296.0)


# ============================================================================
# the program evaluator (see sevens.compiler.native for the opcodes)
# ============================================================================
@njit(cache=True, _nrt=False)
def cards_at(c, ref):
    """Where a set of cards lies in ``m``: a seat's hand (ref >= 0), the table (-1), or the
    cards seat ``-2 - ref`` covered (ref <= -2)."""
    if ref >= 0:
        return c[M_HANDS] + 2 * ref
    if ref == -1:
        return c[M_TABLE]
    return c[M_COVERED] + 2 * (-2 - ref)


@njit(cache=True, inline="always")
def seat_listed(c, kind, p, seat):
    """Whether seat ``p`` is in the list of players of iteration kind ``kind`` for ``seat``
    (1 players, 2 others, 4 partners, 5 opponents: teams are seats equal modulo C_TEAMS)."""
    if kind == 2:
        return p != seat
    if kind == 4:
        return p != seat and p % c[C_TEAMS] == seat % c[C_TEAMS]
    if kind == 5:
        return p % c[C_TEAMS] != seat % c[C_TEAMS]
    return True


# ============================================================================
# what the rule set's own functions read (sevens.compiler.native writes them)
# ============================================================================
@njit(cache=True, _nrt=False)
def face_rank(c, f):
    """A face's rank; no card (-1) has none (-1000 equals no real rank)."""
    return c[c[O_RANK_FACE] + f] if 0 <= f < c[C_NFACES] else -1000


@njit(cache=True, _nrt=False)
def face_suit(c, f):
    """A face's suit (-1000: no card)."""
    return c[c[O_SUIT_FACE] + f] if 0 <= f < c[C_NFACES] else -1000


@njit(cache=True, _nrt=False)
def face_value(c, f):
    """A face's point value (-1000: no card)."""
    return c[c[O_VALUE_FACE] + f] if 0 <= f < c[C_NFACES] else -1000


@njit(cache=True, _nrt=False)
def cards_value(c, m, ref):
    """The point values of a set of cards, summed."""
    at = cards_at(c, ref)
    n_faces = c[C_NFACES]
    total = 0
    for w in range(2):
        word = m[at + w]
        while word != U0:
            card = 64 * w + np.int64(trailing_zeros(word))
            total += c[c[O_VALUE_FACE] + card % n_faces]
            word &= word - U1
    return total


@njit(cache=True, _nrt=False)
def cards_has(c, m, f, ref):
    """1 when a set of cards holds a copy of face ``f``, else 0."""
    if not 0 <= f < c[C_NFACES]:
        return 0
    at = cards_at(c, ref)
    card = f
    while card < c[C_NCARDS]:
        if has(m, at, card):
            return 1
        card += c[C_NFACES]
    return 0


@njit(cache=True, _nrt=False)
def in_players(c, kind, item, seat):
    """1 when ``item`` is a seat of the list of players of kind ``kind`` (see seat_listed)."""
    return 1 if 0 <= item < c[C_PLAYERS] and seat_listed(c, kind, item, seat) else 0


@njit(cache=True, _nrt=False)
def in_set(item, mask):
    """1 when ``item`` is in a set of small numbers (a mask of bits 0 to 62), else 0."""
    return (mask >> item) & 1 if 0 <= item < 63 else 0


@njit(cache=True, _nrt=False)
def floordiv0(a, b):
    """``a // b``, 0 when dividing by 0 (as the analyser defines it)."""
    return a // b if b != 0 else 0


@njit(cache=True, _nrt=False)
def mod0(a, b):
    """``a % b``, 0 when dividing by 0."""
    return a % b if b != 0 else 0


# The rule set's own functions.  sevens.compiler.native writes them for each rule set and
# sevens.compiler.native_kernels puts them here in its copy of the kernels; these stand-ins
# only name them (the template itself is never compiled: a run always uses a rule set's copy).
@njit(cache=True, _nrt=False)
def rule_legal(c, v, m, seat):
    """Whether the card at v[c[V_ROWV]] may go to the row described after it (play.legal)."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_follow_when(c, v, m, seat):
    """Whether the card just played may be followed up (follow_up.when)."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_follow_allow(c, v, m, seat):
    """Whether a candidate may follow the card just played (follow_up.allow)."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_pass_cost(c, v, m, seat):
    """What a forced pass costs ``seat``."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_voluntary_pass_cost(c, v, m, seat):
    """What a voluntary pass costs ``seat``."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_ante(c, v, m, seat):
    """What ``seat`` puts into the pot before a deal."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_pay_winner(c, v, m, seat):
    """What ``seat`` pays the winner."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_points(c, v, m, seat):
    """The points ``seat`` scores in a deal."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_draw_most(c, v, m, seat):
    """How many cards ``seat`` may draw (passing.draw.most as an expression)."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_env(c, v, m, seat):
    """The combined index of the table-wide facts play conditions read."""
    raise NotImplementedError


@njit(cache=True, _nrt=False)
def rule_hand_fact(c, v, m, k, seat):
    """Hand fact ``k`` of ``seat`` (a part of play.legal that reads only the hand)."""
    raise NotImplementedError


# ============================================================================
# rows (runtime/machine.py)
# ============================================================================
@njit(cache=True, _nrt=False)
def row_values(c, v, r, start, ranks):
    """Fill v[V_ROWV+1…+5] (suit, start, low, high, count) for row ``r`` in state ``ranks``."""
    n = c[C_NRANKS]
    if c[C_WRAP] != 0:
        if not (0 <= start < n) or not (ranks >> start) & 1:
            low, high, count = (start + 1) % n, (start - 1) % n, 0
        else:
            low = start
            high = start
            count = 1
            while count < n and (ranks >> ((high + 1) % n)) & 1:
                high = (high + 1) % n
                count += 1
            while count < n and (ranks >> ((low - 1) % n)) & 1:
                low = (low - 1) % n
                count += 1
            high = (low + count - 1) % n
    elif not (0 <= start < n) or not (ranks >> start) & 1:
        low, high, count = start + 1, start - 1, 0
    else:
        low = start
        high = start
        while high < n - 1 and (ranks >> (high + 1)) & 1:
            high += 1
        while low > 0 and (ranks >> (low - 1)) & 1:
            low -= 1
        count = high - low + 1
    row = c[V_ROWV]
    v[row + 1] = r // c[C_PER_SUIT]
    v[row + 2] = start
    v[row + 3] = low
    v[row + 4] = high
    v[row + 5] = count
    top = -1  # the highest and lowest ranks lying in the row, run or not (-1: none)
    bottom = -1
    for k in range(n):
        if (ranks >> k) & 1:
            top = k
            if bottom < 0:
                bottom = k
    v[row + 7] = top
    v[row + 8] = bottom


@njit(cache=True, _nrt=False)
def row_state(c, r, start, env, ranks):
    """The number of a row state: row, start rank (when it varies), table-wide facts and hand
    facts (``env``: the table's index plus C_ENV_DIM times the hand facts' bits), ranks."""
    s = 0
    if c[C_START_DIM] > 1 and start != NO_START:
        s = start + 1
    return (((r * c[C_START_DIM] + s) * c[C_KEY_DIM] + env) << c[C_NRANKS]) + ranks


@njit(cache=True, _nrt=False)
def memo_at(c, r, start, env, ranks):
    """Where a row state's playable cards lie in the dense memo ``rt``."""
    return row_state(c, r, start, env, ranks) * 2


@njit(cache=True, _nrt=False)
def fill_row(c, rt, v, m, r, start, ranks, at):
    """Run the legality program on every face of row ``r`` in a state; the playable cards
    go to rt[at], rt[at+1] (the hashed memo keeps each face's copies at rt[2 + 2 * face])."""
    row = c[V_ROWV]
    n = c[C_NRANKS]
    row_values(c, v, r, start, ranks)
    lo = U0
    hi = U0
    first, last = row_suits(c, r, ranks)
    for suit in range(first, last):
        for k in range(n):
            face = c[c[O_FACES_SUIT] + suit * n + k]
            if face < 0:
                break
            v[row] = face
            if rule_legal(c, v, m, 0) != 0:
                lo |= rt[2 + 2 * face]
                hi |= rt[3 + 2 * face]
    rt[at] = lo
    rt[at + 1] = hi


@njit(cache=True, _nrt=False)
def row_suits(c, r, ranks):
    """The suits whose faces may go to row ``r`` in state ``ranks`` (first, last + 1): its
    own, or every suit once a row that does not follow suit is open (its suit only names
    the row: machine.CompiledRules.row_faces)."""
    if ranks != 0 and c[C_ROWS_BY_PLAY] & BY_PLAY_ANY_SUIT != 0:
        return 0, c[C_NSUITS]
    suit = r // c[C_PER_SUIT]
    return suit, suit + 1


@njit(cache=True, _nrt=False)
def memo_lookup(c, rt, v, m, r, start, env, ranks):
    """Where a row state's playable cards lie in ``rt``: the dense memo, or an open-addressing
    hash table filled on first use when the dense one would be too big (``env`` must be the
    current v[S_ENV]).  A state that finds no free entry nearby is computed into rt[0:2]."""
    state = row_state(c, r, start, env, ranks)
    if c[C_HASHED] == 0:
        return state * 2
    key = np.uint64(state + 1)  # 0 marks a free entry
    mask = c[C_HASH_MASK]
    i = np.int64((key * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & mask
    for _ in range(64):
        at = c[C_HASH_BASE] + 3 * i
        if rt[at] == key:
            return at + 1
        if rt[at] == U0:
            fill_row(c, rt, v, m, r, start, ranks, at + 1)
            rt[at] = key
            return at + 1
        i = (i + 1) & mask
    fill_row(c, rt, v, m, r, start, ranks, 0)
    return 0


@njit(cache=True)
def build_row_table(c, cm, rt, v, m):
    """The playable cards of every row state, with the legality program (the dense memo).

    Legality reads a row only through (low, high, count) besides its suit and
    start, so the program runs once per such triple, not once per state.
    """
    row = c[V_ROWV]
    n = c[C_NRANKS]
    # one more key for a row without suit that holds cards but no run through its start
    # (every suit's faces are tried on it, only its own suit's on an empty row)
    open_without_run = 1 + n * n * (n + 1)
    seen = np.zeros(open_without_run + 1, np.bool_)
    known = np.zeros((open_without_run + 1, 2), np.uint64)
    for r in range(c[C_NROWS]):
        for s in range(c[C_START_DIM]):
            start = c[C_START] if c[C_START_DIM] == 1 else (NO_START if s == 0 else s - 1)
            for e in range(c[C_KEY_DIM]):
                v[S_ENV] = e % c[C_ENV_DIM]
                set_hand_facts(c, v, e // c[C_ENV_DIM])
                seen[:] = False
                for ranks in range(1 << n):
                    row_values(c, v, r, start, ranks)
                    count = v[row + 5]
                    key = 0 if count == 0 else 1 + (v[row + 3] * n + v[row + 4]) * (n + 1) + count
                    first, last = row_suits(c, r, ranks)
                    if count == 0 and last - first > 1:
                        key = open_without_run
                    if c[C_READS_RANKS] != 0 or not seen[key]:
                        lo = U0
                        hi = U0
                        for suit in range(first, last):
                            for k in range(n):
                                face = c[c[O_FACES_SUIT] + suit * n + k]
                                if face < 0:
                                    break
                                v[row] = face
                                if rule_legal(c, v, m, 0) != 0:
                                    lo |= cm[2 * face]
                                    hi |= cm[2 * face + 1]
                        known[key, 0] = lo
                        known[key, 1] = hi
                        seen[key] = True
                    at = memo_at(c, r, start, e, ranks)
                    rt[at] = known[key, 0]
                    rt[at + 1] = known[key, 1]
    v[S_ENV] = 0


@njit(cache=True, _nrt=False)
def set_hand_facts(c, v, bits):
    """The hand facts' slots from the bits of a memo key (true/false facts only)."""
    for k in range(c[C_NHF]):
        v[c[V_HF] + k] = (bits >> k) & 1


@njit(cache=True, _nrt=False)
def refresh_all(c, rt, v, m):
    """Every row's playable cards from the memo, and their union (none when legality is asked
    per seat: the rows' masks and ``playable`` stay empty, as in the Python engine)."""
    if c[C_HAND_MODE] != 0:
        return
    lo = U0
    hi = U0
    env = v[S_ENV] if c[C_NENV] > 0 else 0
    masks = c[M_ROWMASK]
    for r in range(c[C_NROWS]):
        at = memo_lookup(c, rt, v, m, r, v[c[V_ROW_START] + r], env, v[c[V_ROW_RANKS] + r])
        m[masks + 2 * r] = rt[at]
        m[masks + 2 * r + 1] = rt[at + 1]
        lo |= rt[at]
        hi |= rt[at + 1]
    if c[C_ROWS_BY_PLAY] & BY_PLAY_ONE_ROW != 0:  # the newest row's cards, or the openings
        refresh_playable_by_play(c, v, m)
        return
    m[c[M_PLAYABLE]] = lo
    m[c[M_PLAYABLE] + 1] = hi


@njit(cache=True, _nrt=False)
def choose_row(c, v, m, card):
    """The row a card goes to (as machine.CompiledRules.choose_row)."""
    if c[C_ROWS_BY_PLAY] != 0:
        return row_by_play(c, v, m, card)
    per_suit = c[C_PER_SUIT]
    first = c[c[O_SUIT_OF] + card] * per_suit
    if per_suit == 1:
        return first
    rank_bit = 1 << c[c[O_RANK_OF] + card]
    rows, masks = c[V_ROW_RANKS], c[M_ROWMASK]
    for r in range(first, first + per_suit):
        if has(m, masks + 2 * r, card) and not v[rows + r] & rank_bit:
            return r
    for r in range(first, first + per_suit):
        if not v[rows + r] & rank_bit:
            return r
    return first


# -- rows chosen by the order of play (layout.rows_follow_suit false, one_row_at_a_time) ------
# The model allows them with one pack, one row a suit, a fixed start and no hand facts, so a
# row's number is the suit that names it and its memo key is that of any other row.
@njit(cache=True, _nrt=False)
def row_by_play(c, v, m, card):
    """The row a card goes to where the order of play chooses it (machine.CompiledRules
    .choose_row and .row_without_suit): the newest row when only it takes cards and it takes
    this one; else, without suits, the empty row the card's suit names when the card opens
    it, or the first open row that takes it; else the row of the card's suit."""
    masks, rows = c[M_ROWMASK], c[V_ROW_RANKS]
    newest = v[S_LASTROW]
    by_play = c[C_ROWS_BY_PLAY]
    if by_play & BY_PLAY_ONE_ROW != 0 and newest >= 0 and has(m, masks + 2 * newest, card):
        return newest
    own = c[c[O_SUIT_OF] + card]
    if by_play & BY_PLAY_ANY_SUIT == 0:
        return own
    if v[rows + own] == 0 and has(m, masks + 2 * own, card):
        return own
    for r in range(c[C_NROWS]):
        if v[rows + r] != 0 and has(m, masks + 2 * r, card):
            return r
    return own


@njit(cache=True, _nrt=False)
def refresh_playable_by_play(c, v, m):
    """``playable`` from the rows' masks (machine.CompiledRules.refresh_playable): with one
    row at a time, what the newest row takes while a card off the table still fits it, else
    the openings of the empty rows; without that, what every row takes."""
    masks, rows, table, playable = c[M_ROWMASK], c[V_ROW_RANKS], c[M_TABLE], c[M_PLAYABLE]
    newest = v[S_LASTROW]
    if c[C_ROWS_BY_PLAY] & BY_PLAY_ONE_ROW != 0 and newest >= 0:
        lo, hi = m[masks + 2 * newest], m[masks + 2 * newest + 1]
        if lo & ~m[table] != U0 or hi & ~m[table + 1] != U0:
            m[playable] = lo
            m[playable + 1] = hi
            return
    only_empty = c[C_ROWS_BY_PLAY] & BY_PLAY_ONE_ROW != 0
    lo = U0
    hi = U0
    for r in range(c[C_NROWS]):
        if not only_empty or v[rows + r] == 0:
            lo |= m[masks + 2 * r]
            hi |= m[masks + 2 * r + 1]
    m[playable] = lo
    m[playable + 1] = hi


@njit(cache=True, _nrt=False)
def place_by_play(c, rt, v, m, card):
    """:func:`place` where the order of play chooses the rows: the row chosen, the latest
    row noted, then ``playable`` worked out from every row (machine.CompiledRules.place)."""
    r = row_by_play(c, v, m, card)
    ranks = v[c[V_ROW_RANKS] + r] | (1 << c[c[O_RANK_OF] + card])
    v[c[V_ROW_RANKS] + r] = ranks
    v[S_LASTROW] = r
    env = v[S_ENV] if c[C_NENV] > 0 else 0
    at = memo_lookup(c, rt, v, m, r, v[c[V_ROW_START] + r], env, ranks)
    m[c[M_ROWMASK] + 2 * r] = rt[at]
    m[c[M_ROWMASK] + 2 * r + 1] = rt[at + 1]
    refresh_playable_by_play(c, v, m)


@njit(cache=True, _nrt=False)
def place(c, rt, v, m, card):
    """Put ``card`` into its row and update that row's playable cards and ``playable``."""
    if c[C_ROWS_BY_PLAY] != 0:
        place_by_play(c, rt, v, m, card)
        return
    r = choose_row(c, v, m, card)
    rows = c[V_ROW_RANKS]
    if c[C_START_PER_ROW] != 0 and v[c[V_ROW_START] + r] == NO_START:  # the row's first card
        v[c[V_ROW_START] + r] = c[c[O_RANK_OF] + card]
    ranks = v[rows + r] | (1 << c[c[O_RANK_OF] + card])
    v[rows + r] = ranks
    if c[C_HAND_MODE] != 0:  # legality is asked per seat (hand_legal): no masks to keep
        return
    env = v[S_ENV] if c[C_NENV] > 0 else 0
    at = memo_lookup(c, rt, v, m, r, v[c[V_ROW_START] + r], env, ranks)
    lo, hi = rt[at], rt[at + 1]
    mask, playable = c[M_ROWMASK] + 2 * r, c[M_PLAYABLE]
    if c[C_PER_SUIT] == 1:  # rows hold different suits, so their masks are disjoint
        m[playable] ^= m[mask] ^ lo
        m[playable + 1] ^= m[mask + 1] ^ hi
        m[mask] = lo
        m[mask + 1] = hi
    else:
        m[mask] = lo
        m[mask + 1] = hi
        plo = U0
        phi = U0
        for other in range(c[C_NROWS]):
            plo |= m[c[M_ROWMASK] + 2 * other]
            phi |= m[c[M_ROWMASK] + 2 * other + 1]
        m[playable] = plo
        m[playable + 1] = phi


@njit(cache=True, _nrt=False)
def after_placing(c, rt, v, m):
    """Table-wide facts changed by a card: every row's playable cards may change."""
    if c[C_NENV] > 0:
        fact = rule_env(c, v, m, 0)
        if fact != v[S_ENV]:
            v[S_ENV] = fact
            refresh_all(c, rt, v, m)


@njit(cache=True, _nrt=False)
def play_card(c, rt, v, m, seat, card):
    """Play ``card`` from ``seat``'s hand (Rules.play)."""
    w = card >> 6
    bit = card_bit(card)
    m[c[M_HANDS] + 2 * seat + w] ^= bit
    m[c[M_TABLE] + w] |= bit
    if m[c[M_OPENING] + w] & bit:
        v[S_OPENED] = 1
    if c[C_START_CHOSEN] != 0 and v[S_FIRST] < 0:
        v[S_FIRST] = c[c[O_FACE_OF] + card]
        for r in range(c[C_NROWS]):
            v[c[V_ROW_START] + r] = c[c[O_RANK_OF] + card]
        refresh_all(c, rt, v, m)
    place(c, rt, v, m, card)
    if c[C_NENV] > 0:
        after_placing(c, rt, v, m)


@njit(cache=True, _nrt=False)
def lay_out(c, rt, v, m, card):
    """Put a card that is in nobody's hand on the table at its place."""
    m[c[M_TABLE] + (card >> 6)] |= card_bit(card)
    place(c, rt, v, m, card)
    after_placing(c, rt, v, m)


@njit(cache=True, _nrt=False)
def row_holding(c, v, card):
    """The row a played card lies in (the first of its suit holding its rank; where the order
    of play chooses the rows, the row the latest card went to, which is this card's)."""
    if c[C_ROWS_BY_PLAY] != 0:
        return v[S_LASTROW]
    per_suit = c[C_PER_SUIT]
    first = c[c[O_SUIT_OF] + card] * per_suit
    for r in range(first, first + per_suit):
        if v[c[V_ROW_RANKS] + r] & (1 << c[c[O_RANK_OF] + card]):
            return r
    return first


@njit(cache=True, _nrt=False)
def follow_up(c, cm, rt, v, m, seat, card, first):
    """Cards ``seat`` may add at once after ``card``, in a turn that began with ``first``,
    into m[M_EXTRA] (as machine.follow_up)."""
    extra = c[M_EXTRA]
    m[extra] = U0
    m[extra + 1] = U0
    if not has(cm, c[CM_TRIGGER], card):
        return
    row = c[V_ROWV]
    face = c[c[O_FACE_OF] + card]
    r = row_holding(c, v, card)
    row_values(c, v, r, v[c[V_ROW_START] + r], v[c[V_ROW_RANKS] + r])
    v[row] = face
    if rule_follow_when(c, v, m, seat) == 0:
        return
    hand, playable = c[M_HANDS] + 2 * seat, c[M_PLAYABLE]
    first_face = c[c[O_FACE_OF] + first]
    if c[C_HAND_MODE] != 0:
        lo, hi = hand_legal(c, cm, rt, v, m, seat)
    else:
        lo = m[hand] & m[playable]
        hi = m[hand + 1] & m[playable + 1]
    while lo != U0 or hi != U0:
        candidate = lowest(lo, hi)
        if candidate < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        r = choose_row(c, v, m, candidate)
        row_values(c, v, r, v[c[V_ROW_START] + r], v[c[V_ROW_RANKS] + r])
        v[row] = c[c[O_FACE_OF] + candidate]
        v[row + 6] = face
        v[row + 9] = first_face
        if rule_follow_allow(c, v, m, seat) != 0:
            m[extra + (candidate >> 6)] |= card_bit(candidate)


@njit(cache=True, _nrt=False)
def hand_legal(c, cm, rt, v, m, seat):
    """The cards of ``seat`` that ``play.legal`` allows with that hand, before the compulsory
    ones (machine.CompiledRules.fitting): the hand facts are worked out once, then the row
    memo is read under their key, or each card of the hand is tried on the rows of its suit."""
    hand = c[M_HANDS] + 2 * seat
    hlo, hhi = m[hand], m[hand + 1]
    key = 0
    for k in range(c[C_NHF]):
        x = rule_hand_fact(c, v, m, k, seat)
        v[c[V_HF] + k] = x
        if x != 0:
            key |= 1 << k
    lo = U0
    hi = U0
    rows, starts = c[V_ROW_RANKS], c[V_ROW_START]
    if c[C_HAND_MODE] == 1:
        env = (v[S_ENV] if c[C_NENV] > 0 else 0) + c[C_ENV_DIM] * key
        for r in range(c[C_NROWS]):
            at = memo_lookup(c, rt, v, m, r, v[starts + r], env, v[rows + r])
            lo |= rt[at]
            hi |= rt[at + 1]
        return lo & hlo, hi & hhi
    row = c[V_ROWV]
    per_suit = c[C_PER_SUIT]
    for r in range(c[C_NROWS]):
        suit = c[CM_SUIT] + 2 * (r // per_suit)
        wlo = hlo & cm[suit] & ~lo  # a card that fits one row needs no other
        whi = hhi & cm[suit + 1] & ~hi
        if wlo == U0 and whi == U0:
            continue
        row_values(c, v, r, v[starts + r], v[rows + r])
        while wlo != U0 or whi != U0:
            card = lowest(wlo, whi)
            if card < 64:
                wlo &= wlo - U1
            else:
                whi &= whi - U1
            v[row] = c[c[O_FACE_OF] + card]
            if rule_legal(c, v, m, seat) != 0:
                if card < 64:
                    lo |= card_bit(card)
                else:
                    hi |= card_bit(card)
    return lo, hi


# ============================================================================
# strategies (runtime/strategies.py)
# ============================================================================
@njit(cache=True, _nrt=False)
def card_score(c, cm, v, m, seat, card, crowded):
    """The heuristic's score of a card: own cards of its suit beyond it, twice, less one for
    opening a row when there is a choice.  The cards of its suit above and below it are
    masks in ``cm`` (CM_AHEAD), so the count is two popcounts rather than a walk through
    the hand."""
    suit, rank = c[c[O_SUIT_OF] + card], c[c[O_RANK_OF] + card]
    start = v[c[V_ROW_START] + suit * c[C_PER_SUIT]]
    hand = c[M_HANDS] + 2 * seat
    ahead = c[CM_AHEAD] + 4 * card + (0 if rank >= start else 2)
    count = popcount(m[hand] & cm[ahead]) + popcount(m[hand + 1] & cm[ahead + 1])
    return 2 * count - (1 if rank == start and crowded else 0)


@njit(cache=True, _nrt=False)
def choose(c, cm, v, m, seat, lo, hi, jlo, jhi, can_pass):
    """The seat's strategy: random (0), heuristic (1), withholding (2) or random play (3, random
    among the options, passing only with none), among the cards of
    ``lo``/``hi`` and the joker spots of ``jlo``/``jhi`` (zero without jokers), ordered as the
    engine's options (the cards, then the spots).  Returns a card, ``n_cards + card`` for a
    joker put where ``card`` goes, or PASS.  The heuristic plays the card opening the way to
    most of one's own cards (ties: the lowest id) and scores a joker as the card it stands for,
    plus one."""
    cards = popcount(lo) + popcount(hi)
    count = cards + popcount(jlo) + popcount(jhi)
    strategy = c[c[O_STRATEGIES] + seat]
    if strategy == 3 and count > 0:  # random play: uniform among the options, never a pass
        can_pass = False
        strategy = 0
    if strategy == 0:
        choice = 0
        if can_pass:
            choice = below(m, count + 1)
            if choice == count:
                return PASS
        elif count > 1:
            choice = below(m, count)
        if choice < cards:
            return nth_bit(lo, hi, choice)
        return c[C_NCARDS] + nth_bit(jlo, jhi, choice - cards)
    if strategy == 2 and can_pass and chance(m) < 0.25:
        return PASS
    crowded = count > 1
    best = PASS
    best_score = -(10**9)
    for joker in range(2):
        if joker == 0:
            a, b = lo, hi
        else:
            a, b = jlo, jhi
        while a != U0 or b != U0:
            card = lowest(a, b)
            if card < 64:
                a &= a - U1
            else:
                b &= b - U1
            score = card_score(c, cm, v, m, seat, card, crowded) + joker
            if score > best_score:
                best = card + joker * c[C_NCARDS]
                best_score = score
    return best


@njit(cache=True, _nrt=False)
def choose_leftover(c, cm, v, m, seat, lo, hi):
    """The seat's strategy offered the face-up leftovers ``lo``/``hi`` that fit (a pass: lay no
    more), as the strategies of runtime/strategies.py are asked with them and may pass: random
    draws among them and the pass, random play lays one at random, and the heuristic (after the
    withholding bot's quarter of passes) lays the best only when it scores above 0, that is
    when it opens the way to cards of its own hand."""
    strategy = c[c[O_STRATEGIES] + seat]
    if strategy == 0 or strategy == 3:
        return choose(c, cm, v, m, seat, lo, hi, U0, U0, np.bool_(True))
    if strategy == 2 and chance(m) < 0.25:
        return PASS
    crowded = popcount(lo) + popcount(hi) > 1
    best = PASS
    best_score = 0  # a leftover that helps only the others is declined
    while lo != U0 or hi != U0:
        card = lowest(lo, hi)
        if card < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        score = card_score(c, cm, v, m, seat, card, crowded)
        if score > best_score:
            best = card
            best_score = score
    return best


# ============================================================================
# the turn loop and its mechanics (runtime/engine.py)
# ============================================================================
@njit(cache=True, _nrt=False)
def record_decision(v, dec, seat, lo, hi, card, kind, deal):
    if dec.shape[0] == 0:
        return
    k = v[S_NDEC]
    if k >= dec.shape[0]:
        v[S_OVERFLOW] = 1  # the driver plays the game again with more room
        return
    dec[k, :] = U0
    dec[k, D_SEAT] = seat
    dec[k, D_CARD] = card + 1
    dec[k, D_KIND] = kind
    dec[k, D_DEAL] = deal
    dec[k, D_LEGAL] = lo
    dec[k, D_LEGAL + 1] = hi
    v[S_NDEC] = k + 1


@njit(cache=True, _nrt=False)
def note(v, dec, column, value):
    """Add a fact to the latest recorded decision."""
    if dec.shape[0] > 0 and 0 < v[S_NDEC] <= dec.shape[0]:
        dec[v[S_NDEC] - 1, column] = value


@njit(cache=True, _nrt=False)
def who(c, v, m, role, offender):
    """The seat playing ``role`` relative to the offender, among players still in (-1: none)."""
    if role == R_SELF:
        return offender
    n = c[C_PLAYERS]
    found = -1
    best = -1
    tied = 0
    for k in range(1, n):
        s = (offender + k) % n
        if v[c[V_PLACES] + s] != 0:
            continue
        if role == R_LEFT:
            return s
        if role == R_RIGHT:
            found = s
        else:
            held = size(m, c[M_HANDS] + 2 * s)
            if held > best:
                best = held
                found = s
                tied = 1
            elif held == best:
                tied += 1
    if role == R_MOST and tied > 1:  # one of the tied players at random, as the engine
        pick = below(m, tied)
        for k in range(1, n):
            s = (offender + k) % n
            if v[c[V_PLACES] + s] == 0 and size(m, c[M_HANDS] + 2 * s) == best:
                if pick == 0:
                    return s
                pick -= 1
    return found


@njit(cache=True, _nrt=False)
def transfer(c, v, m, dec, ev, at, offender):
    """Move penalty cards as the transfer at c[at:at+4] says (from each other player still in
    with ``others``); returns the number of cards moved."""
    if c[at + 1] != R_OTHERS:  # the giver first, as the engine (a tie may draw)
        giver = who(c, v, m, c[at + 1], offender)
        return move(c, v, m, dec, ev, at, giver, who(c, v, m, c[at + 2], offender), np.bool_(False))
    receiver = who(c, v, m, c[at + 2], offender)
    n = c[C_PLAYERS]
    moved = 0
    for k in range(1, n):
        giver = (offender + k) % n
        if v[c[V_PLACES] + giver] == 0:
            moved += move(c, v, m, dec, ev, at, giver, receiver, np.bool_(True))
    return moved


@njit(cache=True, _nrt=False)
def log_event(v, ev, kind, a, b, x, y):
    """Append a row to the record of moves (when recording)."""
    if ev.shape[0] == 0:
        return
    k = v[S_NEV]
    if k < ev.shape[0]:
        ev[k, 0] = kind
        ev[k, 1] = a
        ev[k, 2] = b
        ev[k, 3] = x
        ev[k, 4] = y
        v[S_NEV] = k + 1
    else:
        v[S_OVERFLOW] = 1


@njit(cache=True, _nrt=False)
def giver_prefers(c, v, m, giver, card, best):
    """Whether ``giver`` would rather give ``card`` than ``best`` (``which: giver``, as
    TurnsBase.givers_choice): one they cannot play now before a playable one, then the higher
    value, then the higher card.  The features check leaves legality to the hand masked by
    the playable cards (no hand facts, no compulsory cards), or by the opening card before it."""
    hand = c[M_HANDS] + 2 * giver
    mask = c[M_PLAYABLE] if v[S_OPENED] != 0 else c[M_OPENING]
    card_free = (m[hand + (card >> 6)] & m[mask + (card >> 6)] & card_bit(card)) == U0
    best_free = (m[hand + (best >> 6)] & m[mask + (best >> 6)] & card_bit(best)) == U0
    if card_free != best_free:
        return card_free
    value = c[O_VALUE_CARD]
    return c[value + card] >= c[value + best]  # cards come in rising order: ties to the higher


@njit(cache=True, _nrt=False)
def move(c, v, m, dec, ev, at, giver, receiver, many):
    """Move c[at] cards (picked as c[at+3] says) from ``giver`` to ``receiver``; returns how
    many moved.  One of several moves (``many``) is recorded in ``ev``, a single one in ``dec``."""
    if giver < 0 or receiver < 0 or giver == receiver:
        return 0
    g = c[M_HANDS] + 2 * giver
    n = size(m, g)
    count = min(c[at], n - 1)  # never the giver's last card
    if count <= 0:
        return 0
    which = c[at + 3]
    moved_lo = U0
    moved_hi = U0
    if which == PICK_RANDOM:
        deck = c[V_DECK]  # the shuffle's scratch is free during play
        lo, hi = m[g], m[g + 1]
        for i in range(n):
            v[deck + i] = lowest(lo, hi)
            if lo != U0:
                lo &= lo - U1
            else:
                hi &= hi - U1
        for i in range(count):  # a partial shuffle picks ``count`` distinct cards
            j = i + below(m, n - i)
            v[deck + i], v[deck + j] = v[deck + j], v[deck + i]
            card = v[deck + i]
            if card < 64:
                moved_lo |= card_bit(card)
            else:
                moved_hi |= card_bit(card)
    else:
        value = c[O_VALUE_CARD]
        for _ in range(count):
            best = -1
            lo, hi = m[g] & ~moved_lo, m[g + 1] & ~moved_hi
            while lo != U0 or hi != U0:
                card = lowest(lo, hi)
                if card < 64:
                    lo &= lo - U1
                else:
                    hi &= hi - U1
                if best < 0:
                    best = card
                elif which == PICK_HIGHEST and c[value + card] >= c[value + best]:
                    best = card  # ties go to the higher card id, as sorted(..., reverse=True)
                elif (which == PICK_LOWEST and c[value + card] < c[value + best]) or (
                    which == PICK_GIVER and giver_prefers(c, v, m, giver, card, best)
                ):
                    best = card
            if best < 64:
                moved_lo |= card_bit(best)
            else:
                moved_hi |= card_bit(best)
    r = c[M_HANDS] + 2 * receiver
    m[g] ^= moved_lo
    m[g + 1] ^= moved_hi
    m[r] |= moved_lo
    m[r + 1] |= moved_hi
    noted = dec.shape[0] > 0 and 0 < v[S_NDEC] <= dec.shape[0]
    # one transfer a decision in its columns; a later one goes with the others' moves, as
    # the engine notes it (a pass by choice that moved a forced pass's cards first)
    if many or (noted and dec[v[S_NDEC] - 1, D_FROM] != 0):
        seats = np.uint64((giver + 1) | (receiver + 1) << 8)
        log_event(v, ev, np.int64(EV_MOVE), moved_lo, moved_hi, seats, np.uint64(v[S_NDEC]))
    elif noted:
        k = v[S_NDEC] - 1
        dec[k, D_FROM] = giver + 1
        dec[k, D_TO] = receiver + 1
        dec[k, D_MOVED] = moved_lo
        dec[k, D_MOVED + 1] = moved_hi
    return count


@njit(cache=True, _nrt=False)
def rank_the_rest(c, v, m):
    """Places for everyone still holding cards (fewest first, jokers counted; with
    ``holder_last`` joker holders below the others), then the eliminated."""
    places, jokers = c[V_PLACES], c[V_JOKERS]
    while True:
        pick = -1
        pick_size = 0
        for s in range(c[C_PLAYERS]):
            if v[places + s] == 0:
                held = size(m, c[M_HANDS] + 2 * s) + v[jokers + s]
                if c[C_HOLDER_LAST] != 0 and v[jokers + s] > 0:
                    held += 1 << 30
                if pick < 0 or held < pick_size:
                    pick = s
                    pick_size = held
        if pick < 0:
            break
        v[S_FINISHED] += 1
        v[places + pick] = v[S_FINISHED]
    for k in range(v[S_NELIM] - 1, -1, -1):  # the earliest eliminated ranks lowest
        v[S_FINISHED] += 1
        v[places + v[c[V_ELIM] + k]] = v[S_FINISHED]


@njit(cache=True, _nrt=False)
def goes_out(c, v, m, seat):
    """``seat`` has no cards left; True when the deal ends."""
    v[S_FINISHED] += 1
    v[S_ACTIVE] -= 1
    v[c[V_PLACES] + seat] = v[S_FINISHED]
    if v[S_WIN] < 0:
        v[S_WIN] = seat
    if c[C_END_ALL_OUT] == 0:
        # where players can be eliminated everyone is ranked in every deal (turns.goes_out)
        if c[C_ELIMINATE] != 0:
            rank_the_rest(c, v, m)
        return True
    if v[S_ACTIVE] <= players_left_at_end(c):
        rank_the_rest(c, v, m)
        return True
    return False


@njit(cache=True, _nrt=False)
def players_left_at_end(c):
    """How many players may still hold cards when the deal ends: one with end 'all-out'
    (c[C_END_ALL_OUT] == 1), none with 'all-empty' (2), where the last plays on alone."""
    return 0 if c[C_END_ALL_OUT] == END_ALL_EMPTY else 1


@njit(cache=True, _nrt=False)
def eliminate(c, rt, v, m, dec, seat):
    """A pass beyond the limit: the hand goes onto the layout; True when the deal ends."""
    note(v, dec, D_ELIM, 1)
    hand = c[M_HANDS] + 2 * seat
    lo, hi = m[hand], m[hand + 1]
    while lo != U0 or hi != U0:  # in card order, as the engine lays them out
        card = lowest(lo, hi)
        if card < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        lay_out(c, rt, v, m, card)
    m[hand] = U0
    m[hand + 1] = U0
    v[c[V_PLACES] + seat] = -1
    v[c[V_ELIM] + v[S_NELIM]] = seat
    v[S_NELIM] += 1
    v[S_ACTIVE] -= 1
    if v[S_ACTIVE] <= 1:
        rank_the_rest(c, v, m)
        if v[S_WIN] < 0:  # nobody went out: the last player standing wins
            for s in range(c[C_PLAYERS]):
                if v[c[V_PLACES] + s] == 1:
                    v[S_WIN] = s
                    break
        return True
    return False


@njit(cache=True, _nrt=False)
def pay_pot(c, v, seat, value):
    v[c[V_CHIPS] + seat] -= value
    v[S_POT] += value


@njit(cache=True, _nrt=False)
def follow_ups(c, cm, rt, v, m, dec, ev, seat, card, deal):
    """Extra cards the same player may add at once; returns the decisions taken."""
    taken = 0
    optional = c[C_FOLLOW_OPTIONAL] != 0
    extra, hand = c[M_EXTRA], c[M_HANDS] + 2 * seat
    most = c[C_FOLLOW_MAX]  # extra cards per turn at most (-1: no limit)
    first = card  # play.follow_up.allow may compare each extra card with it
    follow_up(c, cm, rt, v, m, seat, card, first)
    while (
        (m[extra] != U0 or m[extra + 1] != U0) and size(m, hand) > 0 and (most < 0 or taken < most)
    ):
        taken += 1
        lo, hi = m[extra], m[extra + 1]
        card = choose(c, cm, v, m, seat, lo, hi, U0, U0, optional)
        record_decision(v, dec, seat, lo, hi, card, 1, deal)
        if card == PASS:
            break
        play_card(c, rt, v, m, seat, card)
        follow_up(c, cm, rt, v, m, seat, card, first)
    return taken


@njit(cache=True, _nrt=False)
def after_play(c, cm, rt, v, m, dec, ev, seat, card, forget, deal):
    """Follow-ups and the "last card" announcement after a play; returns extra decisions."""
    taken = 0
    if c[C_FOLLOW] != 0:
        taken = follow_ups(c, cm, rt, v, m, dec, ev, seat, card, deal)
    last = c[C_LAST_CARD] != 0 and size(m, c[M_HANDS] + 2 * seat) == 1
    if last and chance(m) < forget:  # a bot forgets to say it, and is always caught
        note(v, dec, D_FORGOT, 1)
        transfer(c, v, m, dec, ev, C_LC, seat)
    return taken


@njit(cache=True, _nrt=False)
def following(c, seat):
    """The seat that plays (and is dealt to) after ``seat``, in the direction of play."""
    n = c[C_PLAYERS]
    if c[C_BACKWARD] != 0:
        return seat - 1 if seat > 0 else n - 1
    return seat + 1 if seat + 1 < n else 0


@njit(cache=True, _nrt=False)
def next_seat(c, v, seat, skip_out):
    """The next seat to play, past those out of the deal when they are skipped."""
    seat = following(c, seat)
    if skip_out:
        while v[c[V_PLACES] + seat] != 0:
            seat = following(c, seat)
    return seat


# -- the turn loop's helpers: on its path every turn they take numbers, not arrays -------
# (an inlined helper taking arrays costs reference counting on every call)
@njit(cache=True, inline="always")
def only_compulsory(lo, hi, compulsory_lo, compulsory_hi):
    """The compulsory cards among ``lo``/``hi`` when one of them is there, else all of them
    (play.compulsory)."""
    clo, chi = lo & compulsory_lo, hi & compulsory_hi
    if clo != U0 or chi != U0:
        return clo, chi
    return lo, hi


@njit(cache=True, inline="always")
def joker_spots(held, may_go_out, hand_lo, hand_hi, playable_lo, playable_hi, table_lo, table_hi):
    """Where a player holding ``held`` jokers may put one once the opening card is down
    (jokers.joker_options), as the mask of the cards it would stand for: any playable spot
    neither on the table nor in the player's own hand (as if they held the card); none when
    it would be their last card and they may not go out on a joker."""
    if held == 0 or (held == 1 and hand_lo == U0 and hand_hi == U0 and not may_go_out):
        return U0, U0
    return playable_lo & ~table_lo & ~hand_lo, playable_hi & ~table_hi & ~hand_hi


@njit(cache=True, inline="always")
def one_option(lo, hi, jlo, jhi):
    """Whether the options (the cards ``lo``/``hi``, the joker spots ``jlo``/``jhi``) hold
    exactly one card or spot."""
    cards, spots = lo | hi, jlo | jhi
    if (lo != U0 and hi != U0) or (jlo != U0 and jhi != U0) or (cards != U0 and spots != U0):
        return False
    either = cards | spots
    return either != U0 and either & (either - U1) == U0


@njit(cache=True, _nrt=False)
def record_turn(c, v, dec, seat, lo, hi, jlo, jhi, option, deal):
    """Record a turn's decision (turns.Turns.note): a joker play records the card it stands
    for (K_JOKER, jokers.JokerTurns.note), a trump the card in whose place it goes (K_TRUMP,
    trumps.TrumpTurns.note), and every turn the spots a joker or trump could take."""
    n_cards = c[C_NCARDS]
    if option >= n_cards:
        kind = K_TRUMP if c[C_TRUMPS] != 0 else K_JOKER
        record_decision(v, dec, seat, lo, hi, option - n_cards, kind, deal)
    else:
        record_decision(v, dec, seat, lo, hi, option, np.int64(K_TURN), deal)
    note(v, dec, np.int64(D_SPOTS), jlo)
    note(v, dec, D_SPOTS + 1, jhi)


@njit(cache=True, _nrt=False)
def legal_cards(c, cm, rt, v, m, seat):
    """The cards ``seat`` may play (Rules.legal), as the turn loop works them out: the opening
    card until it is down, then the hand masked by the rows' playable cards (asked of each
    card when play.legal reads the mover's hand), only the compulsory ones when one of them
    is legal."""
    hand = c[M_HANDS] + 2 * seat
    if v[S_OPENED] == 0:
        return m[hand] & m[c[M_OPENING]], m[hand + 1] & m[c[M_OPENING] + 1]
    if c[C_HAND_MODE] != 0:
        lo, hi = hand_legal(c, cm, rt, v, m, seat)
    else:
        lo, hi = m[hand] & m[c[M_PLAYABLE]], m[hand + 1] & m[c[M_PLAYABLE] + 1]
    if c[C_COMPULSORY] != 0:
        return only_compulsory(lo, hi, cm[c[CM_COMPULSORY]], cm[c[CM_COMPULSORY] + 1])
    return lo, hi


# -- a turn without a legal card -----------------------------------------------------------
#: What a turn without a legal card came to (turns.PAYS …): a pass that counts towards a
#: blocked round, a pass after the hand changed (the round starts again with it), something
#: else (a drawn card played, a card laid face down), and that ending the deal.
PAYS, PAYS_AFRESH, MOVED_ON, DEAL_OVER = 0, 1, 2, 3


@njit(cache=True, _nrt=False)
def cards_to_draw(c, v, m, seat):
    """How many cards a player who cannot play draws (mechanics.draw.draw_count): -1 until
    one fits, else c[C_DRAW_MOST] or the count's program, 0 for none."""
    if c[C_DRAW_PER_SEAT] == 0:
        return c[C_DRAW_MOST]
    return max(rule_draw_most(c, v, m, seat), 0)


@njit(cache=True, _nrt=False)
def draw(c, cm, rt, v, m, dec, ev, seat, deal, most):
    """A player who cannot play draws from the stock, at most ``most`` cards (-1: no limit),
    stopping at the first that fits unless c[C_DRAW_NEVER]; returns the card to be played (the
    one that fits, or the strategy's choice among several after a whole count), or PASS."""
    hand = c[M_HANDS] + 2 * seat
    first = v[S_STOCK0] - v[S_NSTOCK]  # cards drawn before this turn
    never = c[C_DRAW_NEVER] != 0
    drawn = 0
    card = PASS
    lo = U0
    hi = U0
    while v[S_NSTOCK] > 0 and (most < 0 or drawn < most):
        v[S_NSTOCK] -= 1
        got = v[c[V_STOCK] + v[S_NSTOCK]]  # the stock is drawn from its end
        drawn += 1
        m[hand + (got >> 6)] |= card_bit(got)
        if never:
            continue
        lo, hi = legal_cards(c, cm, rt, v, m, seat)
        if got < 64:
            lo, hi = lo & card_bit(got), U0
        else:
            lo, hi = U0, hi & card_bit(got)
        if lo != U0 or hi != U0:
            card = got
            break
    if never:  # the whole count drawn: a card that fits, chosen as on any turn
        lo, hi = legal_cards(c, cm, rt, v, m, seat)
        if (lo & (lo - U1)) | (hi & (hi - U1)) == U0 and (lo == U0 or hi == U0):
            if lo != U0 or hi != U0:
                card = lowest(lo, hi)
        else:
            card = choose(c, cm, v, m, seat, lo, hi, U0, U0, False)
    record_decision(v, dec, seat, lo, hi, card, K_TURN, deal)
    note(v, dec, D_DRAWN_FROM, first + 1)
    note(v, dec, D_DRAWN_N, drawn)
    return card


@njit(cache=True, _nrt=False)
def cover(c, v, m, dec, seat, deal):
    """A player who cannot play lays their lowest-valued card face down (ties: lowest id)."""
    hand = c[M_HANDS] + 2 * seat
    value = c[O_VALUE_CARD]
    best = -1
    lo, hi = m[hand], m[hand + 1]
    while lo != U0 or hi != U0:
        card = lowest(lo, hi)
        if card < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        if best < 0 or c[value + card] < c[value + best]:
            best = card
    bit = card_bit(best)
    m[hand + (best >> 6)] ^= bit
    m[c[M_COVERED] + 2 * seat + (best >> 6)] |= bit
    record_decision(v, dec, seat, U0, U0, best, np.int64(K_COVER), deal)


@njit(cache=True, _nrt=False)
def no_legal_card(c, cm, rt, v, m, dec, ev, seat, forget, deal):
    """A turn without a legal card that may be more than a pass (turns.Turns.no_legal_card): a
    draw from the stock (a drawn card that fits is played), a card laid face down, or a pass,
    recorded.  Returns what it came to (PAYS …) and the follow-up decisions taken."""
    hand = c[M_HANDS] + 2 * seat
    taken = 0
    most = cards_to_draw(c, v, m, seat) if c[C_DRAW] != 0 and v[S_NSTOCK] > 0 else 0
    if most != 0:
        card = draw(c, cm, rt, v, m, dec, ev, seat, deal, most)
        if card == PASS:
            return PAYS_AFRESH, 0
        play_card(c, rt, v, m, seat, card)
        v[S_UNABLE] = 0  # a card was laid after all
        after = c[C_LAST_CARD] != 0 or (c[C_FOLLOW] != 0 and has(cm, c[CM_TRIGGER], card))
        if after and (m[hand] != U0 or m[hand + 1] != U0):
            taken = after_play(c, cm, rt, v, m, dec, ev, seat, card, forget, deal)
    elif c[C_COVER] != 0 and (m[hand] != U0 or m[hand + 1] != U0):
        cover(c, v, m, dec, seat, deal)
        v[S_UNABLE] += 1  # a card face down is no card played
    else:
        record_decision(v, dec, seat, U0, U0, PASS, K_TURN, deal)
        return PAYS, 0
    if m[hand] == U0 and m[hand + 1] == U0 and goes_out(c, v, m, seat):
        return DEAL_OVER, taken
    return MOVED_ON, taken


@njit(cache=True, inline="always")
def forced_pass(c, rt, v, m, dec, ev, seat, stuck, skip_out):
    """A forced pass (turns.Turns.run): beyond the pass limit it eliminates
    the passer; otherwise it is paid for, may move cards (a transfer), and counts towards a
    full round in which nobody could play, which blocks the deal.  Returns the new count of
    passes in a row, or -1 when the deal ends."""
    passes_of = c[V_PASSES]
    limit = c[C_PASS_LIMIT]
    if limit >= 0 and c[C_ELIMINATE] != 0 and v[passes_of + seat] >= limit:
        v[c[V_JOKERS] + seat] = 0  # the eliminated player's jokers leave the game with them
        return -1 if eliminate(c, rt, v, m, dec, seat) else 0
    stuck += 1
    v[passes_of + seat] += 1
    v[S_LASTPASS] = seat
    constant = c[C_PASS_IS_CONST] != 0
    pay_pot(c, v, seat, c[C_PASS_CONST] if constant else rule_pass_cost(c, v, m, seat))
    if c[C_TRANSFER] != 0 and transfer(c, v, m, dec, ev, C_TR, seat) > 0:
        stuck = 0  # the passer got a card: the round proves nothing yet
    if stuck >= v[S_ACTIVE]:  # a full round in which nobody could play
        if skip_out:
            rank_the_rest(c, v, m)
        return -1
    return stuck


@njit(cache=True, _nrt=False)
def trump_for(c, v, card):
    """The trump of ``card``'s rank (trumps.trump_for)."""
    return v[c[V_TRUMP]] * c[C_NRANKS] + c[c[O_RANK_OF] + card]


@njit(cache=True, _nrt=False)
def trump_options(c, cm, v, m, seat):
    """The displaced cards ``seat`` may play onto the trump row (trumps.displaced_options),
    and the places where a trump of the hand may stand in (trumps.trump_places), as the
    masks lo, hi, tlo, thi; the opening card is down and legality is the playable mask."""
    hand, playable, table = c[M_HANDS] + 2 * seat, c[M_PLAYABLE], c[M_TABLE]
    lo = U0
    hi = U0
    displaced_lo = m[hand] & m[c[M_TSPOTS]]
    displaced_hi = m[hand + 1] & m[c[M_TSPOTS] + 1]
    while displaced_lo != U0 or displaced_hi != U0:
        card = lowest(displaced_lo, displaced_hi)
        if card < 64:
            displaced_lo &= displaced_lo - U1
        else:
            displaced_hi &= displaced_hi - U1
        if has(m, playable, trump_for(c, v, card)):
            if card < 64:
                lo |= card_bit(card)
            else:
                hi |= card_bit(card)
    suit = v[c[V_TRUMP]]
    held_lo = m[hand] & cm[c[CM_SUIT] + 2 * suit]
    held_hi = m[hand + 1] & cm[c[CM_SUIT] + 2 * suit + 1]
    named = v[c[V_TRUMP] + 1]
    if c[C_NAMED_HOME] != 0 and named >= 0:
        if named < 64:
            held_lo &= ~card_bit(named)
        else:
            held_hi &= ~card_bit(named)
    wanted_lo = U0
    wanted_hi = U0
    while held_lo != U0 or held_hi != U0:
        trump = lowest(held_lo, held_hi)
        if trump < 64:
            held_lo &= held_lo - U1
        else:
            held_hi &= held_hi - U1
        for other in range(c[C_NSUITS]):
            at = c[CM_SUIT] + 2 * other
            if other != suit and (m[table] & cm[at] != U0 or m[table + 1] & cm[at + 1] != U0):
                spot = other * c[C_NRANKS] + c[c[O_RANK_OF] + trump]
                if spot < 64:
                    wanted_lo |= card_bit(spot)
                else:
                    wanted_hi |= card_bit(spot)
    tlo = wanted_lo & ~m[table] & m[playable]
    thi = wanted_hi & ~m[table + 1] & m[playable + 1]
    return lo, hi, tlo, thi


@njit(cache=True, _nrt=False)
def lay_trump(c, rt, v, m, seat, place):
    """``seat`` lays the trump of ``place``'s rank in its place (trumps.TrumpTurns.play_option)."""
    trump = trump_for(c, v, place)
    m[c[M_HANDS] + 2 * seat + (trump >> 6)] ^= card_bit(trump)
    m[c[M_TSPOTS] + (place >> 6)] |= card_bit(place)
    lay_out(c, rt, v, m, place)


@njit(cache=True, _nrt=False)
def place_joker(c, cm, rt, v, m, dec, ev, seat, card, deal):
    """``seat`` puts a joker where ``card`` goes (the row grows as if it were played); the
    holder of ``card`` plays it onto the joker's place and takes the joker (mechanics.jokers.place_joker).
    Returns the extra decisions taken (the redeem)."""
    w = card >> 6
    bit = card_bit(card)
    v[c[V_JOKERS] + seat] -= 1
    m[c[M_SPOTS] + w] |= bit
    lay_out(c, rt, v, m, card)
    for s in range(c[C_PLAYERS]):
        hand = c[M_HANDS] + 2 * s + w
        if m[hand] & bit:
            lo = bit if w == 0 else U0
            hi = bit if w == 1 else U0
            choice = card
            if c[C_REDEEM_OPTIONAL] != 0:
                choice = choose(c, cm, v, m, s, lo, hi, U0, U0, True)
            record_decision(v, dec, s, lo, hi, choice, K_REDEEM, deal)
            if choice != PASS:  # declined: the joker stays, the card is dead in the hand
                m[hand] ^= bit
                m[c[M_SPOTS] + w] ^= bit
                v[c[V_JOKERS] + s] += 1
            return 1
    return 0


@njit(cache=True, _nrt=False)
def leftovers_face_up(c, v, m):
    """The cards the deal left (the stock, as dealt) lie face up beside the rows."""
    at = c[M_LEFTOVERS]
    m[at] = U0
    m[at + 1] = U0
    for i in range(v[S_NSTOCK]):
        card = v[c[V_STOCK] + i]
        m[at + (card >> 6)] |= card_bit(card)


@njit(cache=True, _nrt=False)
def lay_leftovers(c, cm, rt, v, m, dec, ev, seat, deal):
    """Before ``seat``'s turn, offer it the face-up leftovers that fit (those the rules would
    let it play were they in its hand), one decision at a time, until it declines or none
    fits (leftovers.LeftoverTurns.lay_leftovers); each laid is played as from its hand.
    Returns the decisions taken and the leftovers laid."""
    at, hand = c[M_LEFTOVERS], c[M_HANDS] + 2 * seat
    taken = 0
    laid = 0
    while m[at] != U0 or m[at + 1] != U0:
        held_lo, held_hi = m[hand], m[hand + 1]
        m[hand] = held_lo | m[at]  # asked as if the leftovers were in the hand
        m[hand + 1] = held_hi | m[at + 1]
        lo, hi = legal_cards(c, cm, rt, v, m, seat)
        m[hand] = held_lo
        m[hand + 1] = held_hi
        lo &= m[at]
        hi &= m[at + 1]
        if lo == U0 and hi == U0:
            break
        card = choose_leftover(c, cm, v, m, seat, lo, hi)
        record_decision(v, dec, seat, lo, hi, card, K_LEFTOVER, deal)
        taken += 1
        if card == PASS:
            break
        bit = card_bit(card)
        m[at + (card >> 6)] ^= bit
        m[hand + (card >> 6)] |= bit
        play_card(c, rt, v, m, seat, card)
        laid += 1
    return taken, laid


@njit(cache=True, _nrt=False)
def run_turns(c, cm, rt, v, m, dec, ev, seat, forget, deal):
    """The one turn loop of a deal (turns.Turns.run); sets decisions, passes and the winner.

    The mechanics plug in behind flags read once before the loop: jokers (their spots among
    the options, a joker placed, going out with none left: jokers.JokerTurns), face-up
    leftovers offered before each turn (lay_leftovers: a pass after one was laid starts the
    blocked round afresh), follow-ups and "last card" after a play, voluntary passes, and on
    a turn without a legal card a draw or a cover (no_legal_card) and the pass limit
    (forced_pass).  The two rules every rule set has are written once, in forced_pass: a
    forced pass is paid for, and a full round in which nobody could play blocks the deal.

    The common path (a random or forced play on rows of one suit each, no table-wide facts,
    no recording) is written out here rather than called, and the helpers it calls take
    numbers: each call of a kernel taking arrays costs more than the work it does.
    """
    voluntary = c[C_VOLUNTARY] != 0
    pass_limit = c[C_PASS_LIMIT]
    skip_out = c[C_END_ALL_OUT] != 0 or c[C_ELIMINATE] != 0
    hands, playable, opening, passes_of = c[M_HANDS], c[M_PLAYABLE], c[M_OPENING], c[V_PASSES]
    table, row_ranks, row_masks = c[M_TABLE], c[V_ROW_RANKS], c[M_ROWMASK]
    rank_of, suit_of = c[O_RANK_OF], c[O_SUIT_OF]
    last_card, follows, triggers = c[C_LAST_CARD] != 0, c[C_FOLLOW] != 0, c[CM_TRIGGER]
    recording = dec.shape[0] > 0 or ev.shape[0] > 0
    # the random bots' choices written out: random (0) and random play (3, never a pass by
    # choice); the others ask choose
    strategies = c[O_STRATEGIES]
    random_seats = not recording
    # rows of one suit each, a fixed start, no table-wide facts, the dense memo
    # (and each row taking what its own state allows: no rows chosen by the order of play)
    fast_play = (
        c[C_PER_SUIT] == 1
        and c[C_START_DIM] == 1
        and c[C_NENV] == 0
        and c[C_HASHED] == 0
        and c[C_ROWS_BY_PLAY] == 0
    )
    row_shift = c[C_NRANKS]
    wide = c[C_NCARDS] > 64  # a second word of every mask is needed
    compulsory = c[C_COMPULSORY] != 0
    compulsory_lo, compulsory_hi = cm[c[CM_COMPULSORY]], cm[c[CM_COMPULSORY] + 1]
    per_seat = c[C_HAND_MODE] != 0  # play.legal reads the mover's hand
    # a turn without a legal card may be more than a pass: a draw, a cover, a record
    hooked = c[C_DRAW] != 0 or c[C_COVER] != 0 or recording
    wild, may_go_out = c[C_WILD] != 0, c[C_OUT_ON_JOKER] != 0
    jokers, spots, n_cards = c[V_JOKERS], c[M_SPOTS], c[C_NCARDS]
    trumps, tspots = c[C_TRUMPS] != 0, c[M_TSPOTS]
    placing = wild or trumps  # options from n_cards up put something where a card goes
    leftovers, face_up = c[C_LEFTOVERS] != 0, c[M_LEFTOVERS]
    laid = 0  # face-up leftovers laid before this turn
    extra = 0  # decisions taken within a turn: follow-ups, redeems, leftovers
    passes = 0
    stuck = 0  # forced passes in a row
    unable = 0  # players in a row unable to play (v[S_UNABLE] when read: turns.Turns.run)
    for decisions in range(1, c[C_LIMIT] + 1):
        hand = hands + 2 * seat
        if leftovers:  # offered before the turn: laying them is not the turn's play
            laid = 0
            if m[face_up] != U0 or m[face_up + 1] != U0:
                taken, laid = lay_leftovers(c, cm, rt, v, m, dec, ev, seat, deal)
                extra += taken
        # the options: the legal cards, then (jokers) the spots a joker may take
        opened = v[S_OPENED] != 0
        if opened:
            if per_seat:
                lo, hi = hand_legal(c, cm, rt, v, m, seat)
            else:
                lo = m[hand] & m[playable]
                hi = m[hand + 1] & m[playable + 1] if wide else U0
            if compulsory:
                lo, hi = only_compulsory(lo, hi, compulsory_lo, compulsory_hi)
        else:
            lo = m[hand] & m[opening]
            hi = m[hand + 1] & m[opening + 1] if wide else U0
        jlo = U0
        jhi = U0
        if wild:  # no card onto a joker's spot; a joker into any playable spot
            lo &= ~m[spots]
            hi &= ~m[spots + 1]
            if opened:
                jlo, jhi = joker_spots(
                    v[jokers + seat], may_go_out, m[hand], m[hand + 1],
                    m[playable], m[playable + 1], m[table], m[table + 1],
                )  # fmt: skip
                if compulsory:
                    jlo, jhi = only_compulsory(jlo, jhi, compulsory_lo, compulsory_hi)
        elif trumps and opened:  # displaced cards onto the trump row; trumps in others' places
            dlo, dhi, jlo, jhi = trump_options(c, cm, v, m, seat)
            lo = lo & ~m[tspots] | dlo
            hi = hi & ~m[tspots + 1] | dhi
        if lo != U0 or hi != U0 or jlo != U0 or jhi != U0:
            stuck = 0  # someone can play, so the deal is not blocked
            unable = 0
            # no voluntary pass before the opening card is down (engine.may_pass)
            can_pass = voluntary and opened and (pass_limit < 0 or v[passes_of + seat] < pass_limit)
            if placing:
                single = one_option(lo, hi, jlo, jhi)
            else:
                single = (lo & (lo - U1)) | (hi & (hi - U1)) == U0 and (lo == U0 or hi == U0)
            if single and not can_pass:  # one option and no right to pass: no choice to ask
                card = lowest(lo, hi) if lo != U0 or hi != U0 else n_cards + lowest(jlo, jhi)
            elif random_seats and (c[strategies + seat] == 0 or c[strategies + seat] == 3):
                cards = popcount(lo) + popcount(hi)
                count = cards + popcount(jlo) + popcount(jhi) if placing else cards
                if can_pass and c[strategies + seat] == 0:  # random play passes only unable
                    choice = below(m, count + 1)
                else:
                    choice = below(m, count) if count > 1 else 0
                if choice == count:  # only when passing is allowed
                    card = PASS
                elif choice < cards:
                    card = nth_bit(lo, hi, choice)
                else:
                    card = n_cards + nth_bit(jlo, jhi, choice - cards)
            else:
                card = choose(c, cm, v, m, seat, lo, hi, jlo, jhi, can_pass)
            if recording:
                record_turn(c, v, dec, seat, lo, hi, jlo, jhi, card, deal)
            if card == PASS:  # a voluntary pass: counted, paid for, and it may move cards
                passes += 1
                v[passes_of + seat] += 1
                pay_pot(c, v, seat, rule_voluntary_pass_cost(c, v, m, seat))
                if c[C_VT] & 2:  # passing.voluntary_with_transfer: moved as after any pass
                    transfer(c, v, m, dec, ev, C_TR, seat)
                if c[C_VT] & 1:
                    transfer(c, v, m, dec, ev, C_VTR, seat)
            else:
                if trumps and card >= n_cards:  # a trump laid in the place of card - n_cards
                    lay_trump(c, rt, v, m, seat, card - n_cards)
                elif wild and card >= n_cards:  # a joker put where card - n_cards goes
                    extra += place_joker(c, cm, rt, v, m, dec, ev, seat, card - n_cards, deal)
                elif trumps and has(m, tspots, card):  # displaced: onto the trump row
                    m[hand + (card >> 6)] ^= card_bit(card)
                    lay_out(c, rt, v, m, trump_for(c, v, card))
                elif fast_play:  # play_card and place for rows of one suit each
                    w = card >> 6 if wide else 0
                    bit = U1 << np.uint64(card & 63)
                    m[hand + w] ^= bit
                    m[table + w] |= bit
                    if m[opening + w] & bit:
                        v[S_OPENED] = 1
                    r = c[suit_of + card]
                    ranks = v[row_ranks + r] | (1 << c[rank_of + card])
                    v[row_ranks + r] = ranks
                    if not per_seat:  # legality asked per seat keeps no playable masks
                        at = ((r << row_shift) + ranks) * 2
                        mask = row_masks + 2 * r
                        m[playable] ^= m[mask] ^ rt[at]
                        m[mask] = rt[at]
                        if wide:
                            m[playable + 1] ^= m[mask + 1] ^ rt[at + 1]
                            m[mask + 1] = rt[at + 1]
                else:
                    play_card(c, rt, v, m, seat, card)
                # as the engine: only after a follow-up trigger, or any play with "last card"
                after = (last_card or (follows and has(cm, triggers, card))) and card < n_cards
                if after and (m[hand] != U0 or m[hand + 1] != U0):
                    extra += after_play(c, cm, rt, v, m, dec, ev, seat, card, forget, deal)
                out = m[hand] == U0 and (not wide or m[hand + 1] == U0) and v[jokers + seat] == 0
                if out and goes_out(c, v, m, seat):
                    v[S_UNABLE] = 0
                    v[S_DECISIONS] = decisions + extra
                    v[S_PASSES] = passes
                    return
        else:
            if hooked:
                v[S_UNABLE] = unable  # what a draw's count reads
                came_to, taken = no_legal_card(c, cm, rt, v, m, dec, ev, seat, forget, deal)
                unable = v[S_UNABLE]  # a drawn card played, a cover
                extra += taken
                if came_to == DEAL_OVER:
                    v[S_DECISIONS] = decisions + extra
                    v[S_PASSES] = passes
                    return
                if came_to != PAYS:
                    stuck = 0  # the hand changed: the round proves nothing yet
                if came_to == MOVED_ON:
                    seat = next_seat(c, v, seat, skip_out)
                    continue
            if laid != 0:  # a pass after leftovers were laid: a card went down this round
                stuck = 0
            passes += 1
            v[S_UNABLE] = unable  # the players before this one (a cost may read it)
            unable += 1  # a pass beyond the limit too: the player could not play
            stuck = forced_pass(c, rt, v, m, dec, ev, seat, stuck, skip_out)
            if stuck < 0:
                v[S_UNABLE] = unable
                v[S_DECISIONS] = decisions + extra
                v[S_PASSES] = passes
                return
        seat = next_seat(c, v, seat, skip_out)
    v[S_ERROR] = 1  # the deal did not end: the rules may never let it end


@njit(cache=True, _nrt=False)
def holder(c, m, lo, hi, dealer):
    """The first player after the dealer, in the direction of play, holding a card of the
    mask (-1: nobody)."""
    s = dealer
    for _ in range(c[C_PLAYERS]):
        s = following(c, s)
        hand = c[M_HANDS] + 2 * s
        if (m[hand] & lo) != U0 or (m[hand + 1] & hi) != U0:
            return s
    return -1


@njit(cache=True, _nrt=False)
def choose_leader(c, cm, m, dealer, previous_winner):
    """Who takes the first turn (engine.choose_leader)."""
    leader = c[C_LEADER]
    if leader == L_HOLDER:
        return holder(c, m, m[c[M_OPENING]], m[c[M_OPENING] + 1], dealer)
    if leader == L_CARD:
        return holder(c, m, cm[c[CM_LEADER]], cm[c[CM_LEADER] + 1], dealer)
    if leader == L_LOWEST:
        for k in range(c[C_NLORDER]):
            card = c[c[O_LORDER] + k]
            lo = card_bit(card) if card < 64 else U0
            hi = card_bit(card) if card >= 64 else U0
            s = holder(c, m, lo, hi, dealer)
            if s >= 0:
                return s
        return following(c, dealer)  # with a stock they may all lie in it
    if leader == L_PREVIOUS and previous_winner >= 0:
        return previous_winner
    return following(c, dealer)


@njit(cache=True, _nrt=False)
def open_with_leader_card(c, cm, v, m):
    """The card that chose the leader must open: the first card of the leader order that
    was dealt, or the dealt copies of the leader's card; none dealt: any card opens
    (engine.open_with_leader_card)."""
    held_lo, held_hi = U0, U0
    for s in range(c[C_PLAYERS]):
        held_lo |= m[c[M_HANDS] + 2 * s]
        held_hi |= m[c[M_HANDS] + 2 * s + 1]
    lo, hi = U0, U0
    if c[C_LEADER] == L_CARD:
        lo, hi = held_lo & cm[c[CM_LEADER]], held_hi & cm[c[CM_LEADER] + 1]
    else:
        for k in range(c[C_NLORDER]):
            card = c[c[O_LORDER] + k]
            bit = card_bit(card)
            if card < 64 and held_lo & bit:
                lo = bit
                break
            if card >= 64 and held_hi & bit:
                hi = bit
                break
    m[c[M_OPENING]] = lo
    m[c[M_OPENING] + 1] = hi
    v[S_OPENED] = 1 if lo == U0 and hi == U0 else 0


@njit(cache=True, _nrt=False)
def deal_cards(c, v, m, dealer):
    """Shuffle, then deal one card at a time from the dealer's neighbour in the direction of
    play, c[C_NDEAL] cards in all; the rest is the stock."""
    deck, n, players = c[V_DECK], c[C_NDEALT] + c[C_WILD], c[C_PLAYERS]
    for i in range(n):  # the jokers, if any, after the cards
        v[deck + i] = c[c[O_DEALT] + i] if i < c[C_NDEALT] else JOKER
    for i in range(n - 1, 0, -1):  # Fisher-Yates from the last place down
        j = below(m, i + 1)
        v[deck + i], v[deck + j] = v[deck + j], v[deck + i]
    seat = following(c, dealer)
    dealt = c[C_NDEAL]
    if c[C_WILD] == 0:
        for i in range(dealt):
            card = v[deck + i]
            m[c[M_HANDS] + 2 * seat + (card >> 6)] |= card_bit(card)
            seat = following(c, seat)
    else:
        for i in range(dealt):
            card = v[deck + i]
            if card == JOKER:
                v[c[V_JOKERS] + seat] += 1
            else:
                m[c[M_HANDS] + 2 * seat + (card >> 6)] |= card_bit(card)
            seat = following(c, seat)
        for s in range(players):
            v[c[V_JDEALT] + s] = v[c[V_JOKERS] + s]
    left = 0
    for i in range(dealt, n):  # a joker left over is not used
        if v[deck + i] != JOKER:
            v[c[V_STOCK] + left] = v[deck + i]
            left += 1
    v[S_NSTOCK] = left
    v[S_STOCK0] = left
    if c[C_TRUMPS] == 1:  # a fixed trump suit
        v[c[V_TRUMP]] = c[C_TRUMP_SUIT]
        v[c[V_TRUMP] + 1] = -1
    elif c[C_TRUMPS] == 2:  # the suit of the last card dealt (trumps.deal_naming_trumps)
        v[c[V_TRUMP]] = c[c[O_SUIT_OF] + v[deck + dealt - 1]]
        v[c[V_TRUMP] + 1] = v[deck + dealt - 1]
    v[S_MAXH] = 0
    v[S_MINH] = 1 << 30
    for s in range(players):
        held = size(m, c[M_HANDS] + 2 * s)
        m[c[M_DEALT] + 2 * s] = m[c[M_HANDS] + 2 * s]
        m[c[M_DEALT] + 2 * s + 1] = m[c[M_HANDS] + 2 * s + 1]
        v[S_MAXH] = max(v[S_MAXH], held)
        v[S_MINH] = min(v[S_MINH], held)


@njit(cache=True, _nrt=False)
def set_up(c, cm, rt, v, m):
    """Rows, cards laid out before play and antes (CompiledRules.setup)."""
    opening = c[M_OPENING]
    m[opening] = cm[c[CM_OPENING]]
    m[opening + 1] = cm[c[CM_OPENING] + 1]
    v[S_OPENED] = 1 if m[opening] == U0 and m[opening + 1] == U0 else 0
    for r in range(c[C_NROWS]):
        v[c[V_ROW_START] + r] = NO_START if c[C_START_CHOSEN] != 0 else c[C_START]
    v[S_LASTROW] = -1  # no card laid yet
    if c[C_NENV] > 0:
        v[S_ENV] = rule_env(c, v, m, 0)
    for k in range(c[C_NPRE] if c[C_BY_HOLDERS] == 0 else 0):
        card = c[c[O_PRE] + k]
        m[c[M_TABLE] + (card >> 6)] |= card_bit(card)
        place(c, rt, v, m, card)
    if c[C_NENV] > 0:
        v[S_ENV] = rule_env(c, v, m, 0)
    refresh_all(c, rt, v, m)
    if c[C_HAS_CHIPS] != 0 and c[C_ANTE] != 0:
        for s in range(c[C_PLAYERS]):
            pay_pot(c, v, s, rule_ante(c, v, m, s))


@njit(cache=True, _nrt=False)
def settle(c, v, m):
    """Payments to the winner, the pot, and each seat's points (CompiledRules.settle)."""
    winner = v[S_WIN]
    chips = c[V_CHIPS]
    if c[C_HAS_CHIPS] != 0 and winner >= 0:
        if c[C_PAY] != 0:
            for s in range(c[C_PLAYERS]):
                if s != winner:
                    value = rule_pay_winner(c, v, m, s)
                    v[chips + s] -= value
                    v[chips + winner] += value
        if c[C_POT_TO_WINNER] != 0:
            v[chips + winner] += v[S_POT]
            v[S_POT] = 0
    if c[C_HAS_POINTS] != 0:
        for s in range(c[C_PLAYERS]):
            v[c[V_POINTS] + s] = rule_points(c, v, m, s)


@njit(cache=True, _nrt=False)
def play_deal(c, cm, rt, v, m, dec, ev, dealer, previous_winner, carried, forget, deal):
    """Deal, set up, play and settle one deal (engine.play_deal)."""
    records = v[S_NDEC], v[S_NEV], v[S_OVERFLOW]
    v[: c[V_RESET]] = 0  # the scalars and the per-row and per-seat fields
    m[RNG_HALF + 1 : c[M_SIZE]] = U0  # the generator goes on
    v[S_NDEC], v[S_NEV], v[S_OVERFLOW] = records
    v[S_WIN] = -1
    v[S_FIRST] = -1
    v[S_DEALER] = dealer
    v[S_ACTIVE] = c[C_PLAYERS]
    v[S_OPENCARD] = -1
    v[S_LASTPASS] = -1
    deal_cards(c, v, m, dealer)
    if c[C_LEFTOVERS] != 0:
        leftovers_face_up(c, v, m)
    set_up(c, cm, rt, v, m)
    v[S_POT] += carried
    if c[C_NCHOICES] > 0:  # the dealer names the opening card
        k = below(m, c[C_NCHOICES])
        at = c[CM_CHOICES] + 2 * k
        m[c[M_OPENING]] = cm[at]
        m[c[M_OPENING] + 1] = cm[at + 1]
        v[S_OPENED] = 0
        v[S_OPENCARD] = lowest(cm[at], cm[at + 1])
    seat = choose_leader(c, cm, m, dealer, previous_winner)
    if seat < 0:
        v[S_ERROR] = 2
        return
    v[S_LEADER] = seat
    if c[C_LEADER_OPENS] != 0:
        open_with_leader_card(c, cm, v, m)
    if c[C_BY_HOLDERS] != 0:  # each player lays out the preplaced cards they were dealt
        for k in range(c[C_NPRE]):
            card = c[c[O_PRE] + k]
            for s in range(c[C_PLAYERS]):
                hand = c[M_HANDS] + 2 * s + (card >> 6)
                if m[hand] & card_bit(card):
                    m[hand] ^= card_bit(card)
                    lay_out(c, rt, v, m, card)
    m[c[M_LAYOUT]] = m[c[M_TABLE]]
    m[c[M_LAYOUT] + 1] = m[c[M_TABLE] + 1]
    run_turns(c, cm, rt, v, m, dec, ev, seat, forget, deal)
    settle(c, v, m)
    if c[C_COVER] != 0 and c[C_HAS_POINTS] != 0:
        v[S_WIN] = best_score(c, v)


@njit(cache=True, _nrt=False)
def best_score(c, v):
    """With covers the face-down cards decide: the best score (the most points, the fewest
    where the session's lowest total wins), on a tie the one who finished first, then the
    lowest seat (engine.best_score)."""
    players, points, places = c[C_PLAYERS], c[V_POINTS], c[V_PLACES]
    sign = -1 if c[S_WINNER] == W_LOW else 1
    best = 0
    for s in range(1, players):
        diff = sign * (v[points + s] - v[points + best])
        rank_s = v[places + s] if v[places + s] > 0 else players + 1
        rank_b = v[places + best] if v[places + best] > 0 else players + 1
        if diff > 0 or (diff == 0 and rank_s < rank_b):
            best = s
    return best


# ============================================================================
# games, matches and totals (runtime/match.py, runtime/simulate.py)
# ============================================================================
@njit(cache=True, _nrt=False)
def add_deal(c, v, m, tot, out, outm, deal):
    """Add a deal's figures to the run totals, and keep them for the record when asked."""
    players = c[C_PLAYERS]
    tot[T_DECISIONS] += v[S_DECISIONS]
    tot[T_PASSES] += v[S_PASSES]
    tot[T_DEALS] += 1
    if v[S_WIN] < 0:
        tot[T_BLOCKED] += 1
    for s in range(players):
        tot[T_CHIPS + s] += v[c[V_CHIPS] + s]
        tot[T_CHIPS + players + s] += v[c[V_POINTS] + s]
    if out.shape[0] > deal:
        out[deal, R_WINNER] = v[S_WIN]
        out[deal, R_DEALER] = v[S_DEALER]
        out[deal, R_OPENCARD] = v[S_OPENCARD]
        out[deal, R_DECISIONS] = v[S_DECISIONS]
        out[deal, R_PASSES] = v[S_PASSES]
        out[deal, R_POT] = v[S_POT]
        out[deal, R_NSTOCK] = v[S_STOCK0]
        out[deal, R_LEADER] = v[S_LEADER]
        for i in range(v[S_STOCK0]):
            out[deal, R_SEATS + 4 * players + i] = v[c[V_STOCK] + i]
        for s in range(players):
            out[deal, R_SEATS + 4 * players + c[C_NCARDS] + s] = v[c[V_JDEALT] + s]
        trump_at = R_SEATS + 5 * players + c[C_NCARDS]
        out[deal, trump_at] = v[c[V_TRUMP]] if c[C_TRUMPS] != 0 else -1
        out[deal, trump_at + 1] = v[c[V_TRUMP] + 1] if c[C_TRUMPS] != 0 else -1
        for s in range(players):
            out[deal, R_SEATS + s] = v[c[V_CHIPS] + s]
            out[deal, R_SEATS + players + s] = v[c[V_POINTS] + s]
            out[deal, R_SEATS + 2 * players + s] = size(m, c[M_HANDS] + 2 * s)
            out[deal, R_SEATS + 3 * players + s] = v[c[V_PLACES] + s]
        for w in range(2 * players):
            outm[deal, w] = m[c[M_DEALT] + w]
        outm[deal, 2 * players] = m[c[M_LAYOUT]]
        outm[deal, 2 * players + 1] = m[c[M_LAYOUT] + 1]


@njit(cache=True)
def target_reached(c, m_chips, m_points, m_won):
    if c[S_TCHIPS_ON] != 0 and m_chips.max() >= c[S_TCHIPS]:
        return True
    if c[S_TDEALS_ON] != 0 and m_won.max() >= c[S_TDEALS]:
        return True
    if c[S_TPOINTS_ON] != 0:
        target = c[S_TPOINTS]
        return m_points.max() >= target if target >= 0 else m_points.min() <= target
    return False


@njit(cache=True)
def team_sums(c, per_seat):
    """Per team, the sum of its players' numbers (runtime.contract.Teams.sums); without
    teams the seats' own numbers."""
    teams = c[C_TEAMS]
    if teams == 0:
        return per_seat
    sums = np.zeros(teams, np.int64)
    for s in range(per_seat.shape[0]):
        sums[s % teams] += per_seat[s]
    return sums


@njit(cache=True)
def members_of(c, count, winners):
    """With teams, replace the ``count`` winning teams in ``winners`` by their players, in
    seat order (runtime.match.match_winners); returns how many seats win."""
    teams = c[C_TEAMS]
    if teams == 0:
        return count
    won = np.zeros(teams, np.bool_)
    for k in range(count):
        won[winners[k]] = True
    n = 0
    for s in range(c[C_PLAYERS]):
        if won[s % teams]:
            winners[n] = s
            n += 1
    return n


@njit(cache=True)
def match_winners(c, m_chips, m_points, m_won, last_left, winners):
    """The seats winning the match into ``winners``; returns how many."""
    kind = c[S_WINNER]
    if kind == W_CHIPS:
        scores = m_chips.copy()
    elif kind == W_HIGH:
        scores = m_points.copy()
    elif kind == W_LOW:
        scores = -m_points
    else:
        scores = m_won.copy()
    best = scores.max()
    tied = 0
    fewest = 1 << 30
    for s in range(scores.shape[0]):
        if scores[s] == best:
            tied += 1
            fewest = min(fewest, last_left[s])
    count = 0
    for s in range(scores.shape[0]):
        if scores[s] == best and (tied == 1 or c[S_TIEBREAK] == 0 or last_left[s] == fewest):
            winners[count] = s
            count += 1
    return count


@njit(cache=True, inline="always")
def play_game(c, cm, rt, v, m, dec, ev, forget, tot, wins, out, outm, winners):
    """One game: a deal, or a match of c[C_DEALS] deals; returns the number of winners."""
    players = c[C_PLAYERS]
    dealer = below(m, players)
    if c[C_DEALS] == 0:
        play_deal(c, cm, rt, v, m, dec, ev, dealer, -1, 0, forget, 0)
        add_deal(c, v, m, tot, out, outm, 0)
        if v[S_WIN] < 0:
            return 0
        winners[0] = v[S_WIN]
        wins[v[S_WIN]] += 1.0
        return 1
    m_chips = np.zeros(players, np.int64)
    m_points = np.zeros(players, np.int64)
    m_won = np.zeros(players, np.int64)
    last_left = np.zeros(players, np.int64)
    previous = np.int64(-1)  # typed: a literal would compile play_deal once more
    carried = np.int64(0)
    for deal in range(c[C_DEALS]):
        play_deal(c, cm, rt, v, m, dec, ev, dealer, previous, carried, forget, deal)
        if v[S_ERROR] != 0:
            return 0
        add_deal(c, v, m, tot, out, outm, deal)
        for s in range(players):
            m_chips[s] += v[c[V_CHIPS] + s]
            m_points[s] += v[c[V_POINTS] + s]
            last_left[s] = size(m, c[M_HANDS] + 2 * s)
        previous = v[S_WIN]
        if previous >= 0:
            m_won[previous] += 1
        carried = v[S_POT]
        dealer = following(c, dealer)  # the deal passes in the direction of play
        if target_reached(c, team_sums(c, m_chips), team_sums(c, m_points), team_sums(c, m_won)):
            break
    count = match_winners(
        c,
        team_sums(c, m_chips),
        team_sums(c, m_points),
        team_sums(c, m_won),
        team_sums(c, last_left),
        winners,
    )
    count = members_of(c, count, winners)
    for k in range(count):
        wins[winners[k]] += 1.0 / count
    return count


@njit(cache=True)
def play_games(
    c, cm, rt, v, m, dec, ev, seeds, forget, tot, wins, out, outm, deals, winners, count
):
    """The kernels' one entry point: game ``i`` from seed ``seeds[i]`` for every ``i``, the
    run's totals into ``tot`` and ``wins`` and its decisions into ``dec`` and ``ev`` (when
    recording).  Where the arrays have a row for game ``i`` (the balance lab's games, a recorded
    game), its deals' figures go to ``out[i]``, how many deals to ``deals[i]`` and its
    ``count[i]`` winners to ``winners[i]``.  Returns the first game that failed, or -1."""
    players = c[C_PLAYERS]
    no_rows = np.zeros((0, out.shape[2]), np.int64)
    won = np.zeros(players, np.int64)
    for i in range(seeds.shape[0]):
        m[RNG] = np.uint64(seeds[i])  # the game's seed (sevens.runtime.randomness)
        m[RNG_HALF] = U0
        before = tot[T_DEALS]
        rows = out[i] if out.shape[0] > i else no_rows
        n = play_game(c, cm, rt, v, m, dec, ev, forget, tot, wins, rows, outm, won)
        if v[S_ERROR] != 0:
            return i
        if deals.shape[0] > i:
            deals[i] = tot[T_DEALS] - before
            count[i] = n
            for k in range(n):
                winners[i, k] = won[k]
    return -1
