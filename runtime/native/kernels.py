"""Hand-written numba kernels: the game loop of :mod:`sevens.runtime.engine`, natively.

Everything here is parameterised by arrays derived from a ``RuleSet`` record
and the native programs of :mod:`sevens.compiler.native` (see
:mod:`sevens.runtime.native.build`), so one compiled kernel, cached on disk by
numba, plays every rule set.  The loop mirrors the Python engine step by step
(same order of decisions, payments and random draws) because the agreement
tests replay every native game through the Python engine.

Cards are ids ``0 … n_cards-1``; a set of cards is two uint64 words (ids
0–63, 64–127), which covers every deck up to two full packs.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

# ruff: noqa: N806 - the kernels name their tables and constants in capitals

U1 = np.uint64(1)
U0 = np.uint64(0)
PASS = -1
NO_START = -1000

# -- configuration slots (cfg[...]); kept in step with build.py ----------------
C_NCARDS, C_NFACES, C_NRANKS, C_NSUITS, C_NROWS, C_PER_SUIT, C_WRAP = 0, 1, 2, 3, 4, 5, 6
C_START, C_START_CHOSEN, C_NENV, C_LEADER, C_VOLUNTARY, C_PASS_LIMIT, C_ELIMINATE = (
    7, 8, 9, 10, 11, 12, 13,
)
C_FOLLOW, C_FOLLOW_OPTIONAL, C_LAST_CARD, C_VT, C_END_ALL_OUT = 14, 15, 16, 17, 18
C_HAS_CHIPS, C_POT_TO_WINNER, C_ANTE, C_PAY, C_HAS_POINTS = 19, 20, 21, 22, 23
P_LEGAL, P_FWHEN, P_FALLOW, P_PASS, P_VPASS, P_ANTE, P_PAY, P_POINTS, P_ENV0 = (
    24, 25, 26, 27, 28, 29, 30, 31, 32,
)
C_START_DIM, C_ENV_DIM = 33, 34
S_WINNER, S_TIEBREAK, S_TCHIPS_ON, S_TCHIPS, S_TPOINTS_ON, S_TPOINTS, S_TDEALS_ON, S_TDEALS = (
    35, 36, 37, 38, 39, 40, 41, 42,
)
C_STRATEGY, C_PLAYERS, C_DEALS, C_NCHOICES, C_LIMIT = 43, 44, 45, 46, 47
# Transfers: [cards, source, target, which] for the last-card penalty and the voluntary pass.
C_LC, C_VTR = 48, 52
C_SIZE = 56

# Leaders, roles, picks, match winners (the order of build.py's tables).
L_HOLDER, L_LOWEST, L_LEFT, L_PREVIOUS = 0, 1, 2, 3
R_SELF, R_LEFT, R_RIGHT, R_MOST = 0, 1, 2, 3
PICK_RANDOM, PICK_HIGHEST, PICK_LOWEST = 0, 1, 2
W_CHIPS, W_POTS, W_DEALS, W_HIGH, W_LOW = 0, 1, 2, 3, 4

# -- deal-state scalars (sc[...]) ------------------------------------------
S_OPENED, S_POT, S_WIN, S_FIRST, S_ENV, S_MAXH, S_DEALER, S_ACTIVE = 0, 1, 2, 3, 4, 5, 6, 7
S_FINISHED, S_NELIM, S_MINH, S_DECISIONS, S_PASSES, S_ERROR, S_OPENCARD = 8, 9, 10, 11, 12, 13, 14
S_SIZE = 16

# -- record columns ----------------------------------------------------------
D_SEAT, D_CARD, D_KIND, D_ELIM, D_FORGOT, D_FROM, D_TO, D_DEAL = 0, 1, 2, 3, 4, 5, 6, 7
EV_UNIFORM, EV_SAMPLE = 0, 1


# ============================================================================
# bits and random numbers
# ============================================================================
@njit(cache=True, inline="always")
def popcount(x: np.uint64) -> int:
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(cache=True, inline="always")
def card_bit(card: int) -> np.uint64:
    return U1 << np.uint64(card & 63)


@njit(cache=True, inline="always")
def has(mask: np.ndarray, card: int) -> bool:
    return (mask[card >> 6] >> np.uint64(card & 63)) & U1 != U0


@njit(cache=True, inline="always")
def lowest(lo: np.uint64, hi: np.uint64) -> int:
    if lo != U0:
        return np.int64(trailing_zeros(lo))
    return 64 + np.int64(trailing_zeros(hi))


@njit(cache=True, inline="always")
def nth_bit(lo: np.uint64, hi: np.uint64, n: int) -> int:
    """The ``n``-th lowest set card id (n counts from 0)."""
    count_lo = popcount(lo)
    if n >= count_lo:
        n -= count_lo
        lo = hi
        base = 64
    else:
        base = 0
    for _ in range(n):
        lo &= lo - U1
    return base + np.int64(trailing_zeros(lo))


@njit(cache=True, inline="always")
def next_u64(rng: np.ndarray) -> np.uint64:
    """splitmix64: small, fast and good enough for shuffling cards."""
    rng[0] += np.uint64(0x9E3779B97F4A7C15)
    z = rng[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def uniform(rng: np.ndarray, ev_u: np.ndarray, ev_kind: np.ndarray, counts: np.ndarray) -> float:
    """A float in [0, 1) with 53 random bits, logged when recording (``ev_u`` non-empty)."""
    u = float(next_u64(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)
    if ev_u.shape[0] > 0:
        k = counts[1]
        if k >= ev_u.shape[0]:
            counts[2] = 1  # overflow: the driver retries with larger buffers
            return u
        ev_u[k] = u
        ev_kind[k] = EV_UNIFORM
        counts[1] = k + 1
    return u


@njit(cache=True)
def below(rng: np.ndarray, n: int) -> int:
    """A uniform int in [0, n) (not logged: only the deal and samples use it)."""
    return np.int64(next_u64(rng) % np.uint64(n))


# ============================================================================
# the program evaluator (see sevens.compiler.native for the opcodes)
# ============================================================================
@njit(cache=True)
def run_program(prog, pc, rowv, seat, st, tabs, scratch):  # type: ignore[no-untyped-def]
    """Evaluate the program starting at ``pc``; row programs read ``rowv``, amounts ``seat``."""
    hands, table, places, passes, sc = st[0], st[1], st[7], st[8], st[10]
    value_of_face, rank_of_face, suit_of_face, n_faces, n_players = (
        tabs[3], tabs[4], tabs[5], tabs[0][C_NFACES], tabs[0][C_PLAYERS]
    )
    stack, locs, it_lo, it_hi, it_i, seen = scratch[0], scratch[1], scratch[2], scratch[3], scratch[4], scratch[5]
    sp = 0
    while True:
        op = prog[pc]
        if op == 1:  # PUSH
            stack[sp] = prog[pc + 1]
            sp += 1
            pc += 2
        elif op == 2:  # ROW
            stack[sp] = rowv[prog[pc + 1]]
            sp += 1
            pc += 2
        elif op == 3:  # ENV
            stack[sp] = sc[S_ENV + prog[pc + 1]]
            sp += 1
            pc += 2
        elif op == 4:  # LOCAL
            stack[sp] = locs[prog[pc + 1]]
            sp += 1
            pc += 2
        elif op == 5:  # SEAT
            stack[sp] = seat
            sp += 1
            pc += 1
        elif op == 6:  # GAME
            k = prog[pc + 1]
            if k == 0:
                v = n_players
            elif k == 1:
                v = sc[S_MAXH]
            elif k == 2:
                v = sc[S_MINH]
            elif k == 3:
                v = sc[S_DEALER]
            elif k == 4:
                v = sc[S_POT]
            else:
                v = sc[S_WIN]
            stack[sp] = v
            sp += 1
            pc += 2
        elif op == 7 or op == 8 or op == 9:  # RANK_OF, SUIT_OF, VALUE_OF
            f = stack[sp - 1]
            if f < 0 or f >= n_faces:
                stack[sp - 1] = -1000  # no card: equals no rank, suit or value of a real card
            elif op == 7:
                stack[sp - 1] = rank_of_face[f]
            elif op == 8:
                stack[sp - 1] = suit_of_face[f]
            else:
                stack[sp - 1] = value_of_face[f]
            pc += 1
        elif op == 10 or op == 11:  # CARDS_COUNT, CARDS_VALUE
            ref = stack[sp - 1]
            lo = table[0] if ref < 0 else hands[ref, 0]
            hi = table[1] if ref < 0 else hands[ref, 1]
            if op == 10:
                stack[sp - 1] = popcount(lo) + popcount(hi)
            else:
                total = 0
                while lo != U0:
                    total += value_of_face[np.int64(trailing_zeros(lo)) % n_faces]
                    lo &= lo - U1
                while hi != U0:
                    total += value_of_face[(64 + np.int64(trailing_zeros(hi))) % n_faces]
                    hi &= hi - U1
                stack[sp - 1] = total
            pc += 1
        elif op == 12:  # CARDS_HAS: face ref
            ref = stack[sp - 1]
            f = stack[sp - 2]
            sp -= 1
            found = 0
            if 0 <= f < n_faces:
                c = f
                while c < tabs[0][C_NCARDS]:
                    if (ref < 0 and has(table, c)) or (ref >= 0 and has(hands[ref], c)):
                        found = 1
                    c += n_faces
            stack[sp - 1] = found
            pc += 1
        elif op == 13:  # PASSES
            stack[sp - 1] = passes[stack[sp - 1]]
            pc += 1
        elif op == 14:  # PLACE
            stack[sp - 1] = places[stack[sp - 1]]
            pc += 1
        elif op == 15:  # TABLE_COUNT
            stack[sp] = popcount(table[0]) + popcount(table[1])
            sp += 1
            pc += 1
        elif op == 16:  # NOT
            stack[sp - 1] = 1 if stack[sp - 1] == 0 else 0
            pc += 1
        elif op == 17:  # NEG
            stack[sp - 1] = -stack[sp - 1]
            pc += 1
        elif 18 <= op <= 28:  # binary operators
            b = stack[sp - 1]
            a = stack[sp - 2]
            sp -= 1
            if op == 18:
                r = a + b
            elif op == 19:
                r = a - b
            elif op == 20:
                r = a * b
            elif op == 21:
                r = a // b if b != 0 else 0
            elif op == 22:
                r = a % b if b != 0 else 0
            elif op == 23:
                r = 1 if a == b else 0
            elif op == 24:
                r = 1 if a != b else 0
            elif op == 25:
                r = 1 if a < b else 0
            elif op == 26:
                r = 1 if a <= b else 0
            elif op == 27:
                r = 1 if a > b else 0
            else:
                r = 1 if a >= b else 0
            stack[sp - 1] = r
            pc += 1
        elif op == 29:  # MODULO m (Python's sign: the result has the sign of m)
            stack[sp - 1] = stack[sp - 1] % prog[pc + 1]
            pc += 2
        elif op == 30:  # JUMP_IF_FALSE_OR_POP
            if stack[sp - 1] == 0:
                pc = prog[pc + 1]
            else:
                sp -= 1
                pc += 2
        elif op == 31:  # JUMP_IF_TRUE_OR_POP
            if stack[sp - 1] != 0:
                pc = prog[pc + 1]
            else:
                sp -= 1
                pc += 2
        elif op == 32:  # POP_JUMP_IF_FALSE
            sp -= 1
            pc = prog[pc + 1] if stack[sp] == 0 else pc + 2
        elif op == 33:  # JUMP
            pc = prog[pc + 1]
        elif op == 34:  # ABS
            stack[sp - 1] = abs(stack[sp - 1])
            pc += 1
        elif op == 35 or op == 36:  # MIN2, MAX2
            b = stack[sp - 1]
            a = stack[sp - 2]
            sp -= 1
            stack[sp - 1] = min(a, b) if op == 35 else max(a, b)
            pc += 1
        elif op == 37:  # IN_SET: item mask
            mask = stack[sp - 1]
            item = stack[sp - 2]
            sp -= 1
            stack[sp - 1] = (mask >> item) & 1 if 0 <= item < 63 else 0
            pc += 1
        elif op == 38:  # IN_PLAYERS kind
            item = stack[sp - 1]
            inside = 0 <= item < n_players and (prog[pc + 1] == 0 or item != seat)
            stack[sp - 1] = 1 if inside else 0
            pc += 2
        elif op == 39:  # ITER_INIT slot kind
            slot, kind = prog[pc + 1], prog[pc + 2]
            value = stack[sp - 1]
            sp -= 1
            seen[slot] = 0
            it_i[slot] = kind
            if kind == 0:
                it_lo[slot] = table[0] if value < 0 else hands[value, 0]
                it_hi[slot] = table[1] if value < 0 else hands[value, 1]
            elif kind == 3:
                it_lo[slot] = np.uint64(value)
                it_hi[slot] = U0
            else:
                it_lo[slot] = U0  # the next seat to visit
            pc += 3
        elif op == 40:  # ITER_NEXT slot target
            slot = prog[pc + 1]
            kind = it_i[slot]
            item = -1
            if kind == 0 or kind == 3:
                lo, hi = it_lo[slot], it_hi[slot]
                if lo != U0 or hi != U0:
                    card = lowest(lo, hi)
                    if lo != U0:
                        it_lo[slot] = lo & (lo - U1)
                    else:
                        it_hi[slot] = hi & (hi - U1)
                    item = card % n_faces if kind == 0 else card
            else:
                p = np.int64(it_lo[slot])
                if kind == 2 and p == seat:
                    p += 1
                if p < n_players:
                    item = p
                    it_lo[slot] = np.uint64(p + 1)
            if item < 0:
                pc = prog[pc + 2]
            else:
                locs[slot] = item
                pc += 3
        elif op == 41:  # ACC func slot
            func, slot = prog[pc + 1], prog[pc + 2]
            element = stack[sp - 1]
            acc = stack[sp - 2]
            sp -= 1
            if func == 0:
                acc += element
            elif func == 1 or func == 2:
                if seen[slot] == 0:
                    acc = element
                elif func == 1:
                    acc = max(acc, element)
                else:
                    acc = min(acc, element)
                seen[slot] = 1
            elif func == 3:
                acc = 1 if acc != 0 or element != 0 else 0
            else:
                acc = 1 if acc != 0 and element != 0 else 0
            stack[sp - 1] = acc
            pc += 3
        elif op == 42:  # TRUTH
            stack[sp - 1] = 1 if stack[sp - 1] != 0 else 0
            pc += 1
        else:  # END
            return stack[sp - 1]


# ============================================================================
# rows
# ============================================================================
@njit(cache=True)
def chain(start, ranks, n_ranks, wrap):  # type: ignore[no-untyped-def]
    """(low, high, count) of the unbroken run of ``ranks`` through ``start`` (as machine.py)."""
    if wrap:
        if not (0 <= start < n_ranks) or not (ranks >> start) & 1:
            return (start + 1) % n_ranks, (start - 1) % n_ranks, 0
        low = start
        high = start
        count = 1
        while count < n_ranks and (ranks >> ((high + 1) % n_ranks)) & 1:
            high = (high + 1) % n_ranks
            count += 1
        while count < n_ranks and (ranks >> ((low - 1) % n_ranks)) & 1:
            low = (low - 1) % n_ranks
            count += 1
        return low, (low + count - 1) % n_ranks, count
    if not (0 <= start < n_ranks) or not (ranks >> start) & 1:
        return start + 1, start - 1, 0
    low = start
    high = start
    while high < n_ranks - 1 and (ranks >> (high + 1)) & 1:
        high += 1
    while low > 0 and (ranks >> (low - 1)) & 1:
        low -= 1
    return low, high, high - low + 1


@njit(cache=True)
def row_values(rowv, r, start, ranks, cfg):  # type: ignore[no-untyped-def]
    """Fill ``rowv`` (suit, start, low, high, count) for row ``r`` in state ``ranks``."""
    low, high, count = chain(start, ranks, cfg[C_NRANKS], cfg[C_WRAP] != 0)
    rowv[1] = r // cfg[C_PER_SUIT]
    rowv[2] = start
    rowv[3] = low
    rowv[4] = high
    rowv[5] = count


@njit(cache=True)
def build_row_table(prog, st, tabs, scratch, out):  # type: ignore[no-untyped-def]
    """The playable cards of every row state: out[r, start, env, ranks, word] (the dense memo)."""
    cfg, faces_of_suit, face_mask = tabs[0], tabs[8], tabs[9]
    sc = st[10]
    rowv = np.zeros(8, np.int64)
    n_states = 1 << cfg[C_NRANKS]
    for r in range(cfg[C_NROWS]):
        suit = r // cfg[C_PER_SUIT]
        for s in range(cfg[C_START_DIM]):
            start = cfg[C_START] if cfg[C_START_CHOSEN] == 0 else (NO_START if s == 0 else s - 1)
            for e in range(cfg[C_ENV_DIM]):
                sc[S_ENV] = e
                for ranks in range(n_states):
                    row_values(rowv, r, start, ranks, cfg)
                    lo = U0
                    hi = U0
                    for k in range(faces_of_suit.shape[1]):
                        face = faces_of_suit[suit, k]
                        if face < 0:
                            break
                        rowv[0] = face
                        if run_program(prog, cfg[P_LEGAL], rowv, 0, st, tabs, scratch) != 0:
                            lo |= face_mask[face, 0]
                            hi |= face_mask[face, 1]
                    out[r, s, e, ranks, 0] = lo
                    out[r, s, e, ranks, 1] = hi


@njit(cache=True, inline="always")
def start_index(cfg, start):  # type: ignore[no-untyped-def]
    if cfg[C_START_CHOSEN] == 0:
        return 0
    return 0 if start == NO_START else start + 1


@njit(cache=True)
def refresh_all(st, tabs):  # type: ignore[no-untyped-def]
    cfg, row_table = tabs[0], tabs[10]
    playable, row_ranks, row_start, row_mask, sc = st[2], st[3], st[4], st[5], st[10]
    lo = U0
    hi = U0
    env = sc[S_ENV] if cfg[C_NENV] > 0 else 0
    for r in range(cfg[C_NROWS]):
        s = start_index(cfg, row_start[r])
        row_mask[r, 0] = row_table[r, s, env, row_ranks[r], 0]
        row_mask[r, 1] = row_table[r, s, env, row_ranks[r], 1]
        lo |= row_mask[r, 0]
        hi |= row_mask[r, 1]
    playable[0] = lo
    playable[1] = hi


@njit(cache=True)
def choose_row(st, tabs, card):  # type: ignore[no-untyped-def]
    """The row a card goes to (as machine.CompiledRules.choose_row)."""
    cfg, suit_of, rank_of = tabs[0], tabs[2], tabs[1]
    row_ranks, row_mask = st[3], st[5]
    per_suit = cfg[C_PER_SUIT]
    first = suit_of[card] * per_suit
    if per_suit == 1:
        return first
    rank_bit = 1 << rank_of[card]
    for r in range(first, first + per_suit):
        if has(row_mask[r], card) and not row_ranks[r] & rank_bit:
            return r
    for r in range(first, first + per_suit):
        if not row_ranks[r] & rank_bit:
            return r
    return first


@njit(cache=True)
def place(st, tabs, card):  # type: ignore[no-untyped-def]
    """Put ``card`` into its row and update that row's playable cards and ``playable``."""
    cfg, rank_of, row_table = tabs[0], tabs[1], tabs[10]
    playable, row_ranks, row_start, row_mask, sc = st[2], st[3], st[4], st[5], st[10]
    r = choose_row(st, tabs, card)
    ranks = row_ranks[r] | (1 << rank_of[card])
    row_ranks[r] = ranks
    env = sc[S_ENV] if cfg[C_NENV] > 0 else 0
    s = start_index(cfg, row_start[r])
    lo = row_table[r, s, env, ranks, 0]
    hi = row_table[r, s, env, ranks, 1]
    if cfg[C_PER_SUIT] == 1:  # rows hold different suits, so their masks are disjoint
        playable[0] ^= row_mask[r, 0] ^ lo
        playable[1] ^= row_mask[r, 1] ^ hi
        row_mask[r, 0] = lo
        row_mask[r, 1] = hi
    else:
        row_mask[r, 0] = lo
        row_mask[r, 1] = hi
        plo = U0
        phi = U0
        for other in range(cfg[C_NROWS]):
            plo |= row_mask[other, 0]
            phi |= row_mask[other, 1]
        playable[0] = plo
        playable[1] = phi


@njit(cache=True)
def after_placing(st, tabs, scratch):  # type: ignore[no-untyped-def]
    """Table-wide facts changed by a card: every row's playable cards may change."""
    cfg, prog = tabs[0], tabs[11]
    sc = st[10]
    if cfg[C_NENV] > 0:
        fact = run_program(prog, cfg[P_ENV0], scratch[6], 0, st, tabs, scratch)
        if fact != sc[S_ENV]:
            sc[S_ENV] = fact
            refresh_all(st, tabs)


@njit(cache=True)
def play_card(st, tabs, scratch, seat, card):  # type: ignore[no-untyped-def]
    """Play ``card`` from ``seat``'s hand (Rules.play)."""
    cfg, rank_of, face_of = tabs[0], tabs[1], tabs[6]
    hands, table, row_start, opening, sc = st[0], st[1], st[4], st[6], st[10]
    w = card >> 6
    bit = card_bit(card)
    hands[seat, w] ^= bit
    table[w] |= bit
    if opening[w] & bit:
        sc[S_OPENED] = 1
    if cfg[C_START_CHOSEN] != 0 and sc[S_FIRST] < 0:
        sc[S_FIRST] = face_of[card]
        for r in range(cfg[C_NROWS]):
            row_start[r] = rank_of[card]
        refresh_all(st, tabs)
    place(st, tabs, card)
    after_placing(st, tabs, scratch)


@njit(cache=True)
def lay_out(st, tabs, scratch, card):  # type: ignore[no-untyped-def]
    """Put a card that is in nobody's hand on the table at its place."""
    table = st[1]
    table[card >> 6] |= card_bit(card)
    place(st, tabs, card)
    after_placing(st, tabs, scratch)


@njit(cache=True)
def row_holding(st, tabs, card):  # type: ignore[no-untyped-def]
    cfg, rank_of, suit_of = tabs[0], tabs[1], tabs[2]
    row_ranks = st[3]
    per_suit = cfg[C_PER_SUIT]
    first = suit_of[card] * per_suit
    for r in range(first, first + per_suit):
        if row_ranks[r] & (1 << rank_of[card]):
            return r
    return first


@njit(cache=True)
def follow_up(st, tabs, scratch, seat, card, out):  # type: ignore[no-untyped-def]
    """Cards ``seat`` may add at once after playing ``card`` into ``out`` (as machine.follow_up)."""
    cfg, face_of, trigger, prog = tabs[0], tabs[6], tabs[12], tabs[11]
    hands, playable, row_ranks, row_start = st[0], st[2], st[3], st[4]
    out[0] = U0
    out[1] = U0
    if not has(trigger, card):
        return
    rowv = scratch[6]
    face = face_of[card]
    r = row_holding(st, tabs, card)
    row_values(rowv, r, row_start[r], row_ranks[r], cfg)
    rowv[0] = face
    if run_program(prog, cfg[P_FWHEN], rowv, seat, st, tabs, scratch) == 0:
        return
    lo = hands[seat, 0] & playable[0]
    hi = hands[seat, 1] & playable[1]
    while lo != U0 or hi != U0:
        candidate = lowest(lo, hi)
        if candidate < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        r = choose_row(st, tabs, candidate)
        row_values(rowv, r, row_start[r], row_ranks[r], cfg)
        rowv[0] = face_of[candidate]
        rowv[6] = face
        if run_program(prog, cfg[P_FALLOW], rowv, seat, st, tabs, scratch) != 0:
            out[candidate >> 6] |= card_bit(candidate)


# ============================================================================
# strategies (runtime/strategies.py)
# ============================================================================
@njit(cache=True)
def heuristic(st, tabs, seat, lo, hi):  # type: ignore[no-untyped-def]
    """The heuristic strategy: the card opening the way to most of one's own cards."""
    cfg, rank_of, suit_of = tabs[0], tabs[1], tabs[2]
    hands, row_start = st[0], st[4]
    crowded = popcount(lo) + popcount(hi) > 1
    best = PASS
    best_score = -(10**9)
    hlo, hhi = hands[seat, 0], hands[seat, 1]
    while lo != U0 or hi != U0:
        card = lowest(lo, hi)
        if card < 64:
            lo &= lo - U1
        else:
            hi &= hi - U1
        suit, rank = suit_of[card], rank_of[card]
        start = row_start[suit * cfg[C_PER_SUIT]]
        upward = rank >= start
        ahead = 0
        olo, ohi = hlo, hhi
        while olo != U0 or ohi != U0:
            other = lowest(olo, ohi)
            if other < 64:
                olo &= olo - U1
            else:
                ohi &= ohi - U1
            if suit_of[other] == suit and other != card:
                if (upward and rank_of[other] > rank) or (not upward and rank_of[other] < rank):
                    ahead += 1
        score = 2 * ahead - (1 if rank == start and crowded else 0)
        if score > best_score:
            best = card
            best_score = score
    return best


@njit(cache=True)
def choose(st, tabs, seat, lo, hi, can_pass, rng, rec):  # type: ignore[no-untyped-def]
    """The table's strategy: random (0), heuristic (1) or withholding (2)."""
    strategy = tabs[0][C_STRATEGY]
    if strategy == 0:
        count = popcount(lo) + popcount(hi)
        if can_pass:
            choice = int(uniform(rng, rec[2], rec[3], rec[5]) * (count + 1))
            if choice == count:
                return PASS
        elif count > 1:
            choice = int(uniform(rng, rec[2], rec[3], rec[5]) * count)
        else:
            return lowest(lo, hi)
        return nth_bit(lo, hi, choice)
    if strategy == 2 and can_pass and uniform(rng, rec[2], rec[3], rec[5]) < 0.25:
        return PASS
    return heuristic(st, tabs, seat, lo, hi)


# ============================================================================
# the turn loop and its mechanics (runtime/engine.py)
# ============================================================================
@njit(cache=True)
def record_decision(rec, seat, lo, hi, card, kind, deal):  # type: ignore[no-untyped-def]
    dec_i, dec_m, counts = rec[0], rec[1], rec[5]
    if dec_i.shape[0] == 0:
        return
    k = counts[0]
    if k >= dec_i.shape[0]:
        counts[2] = 1  # overflow: the driver retries with larger buffers
        return
    dec_i[k, :] = 0
    dec_i[k, D_SEAT] = seat
    dec_i[k, D_CARD] = card
    dec_i[k, D_KIND] = kind
    dec_i[k, D_FROM] = -1
    dec_i[k, D_DEAL] = deal
    dec_m[k, 0] = lo
    dec_m[k, 1] = hi
    dec_m[k, 2] = U0
    dec_m[k, 3] = U0
    counts[0] = k + 1


@njit(cache=True)
def note(rec, column, value):  # type: ignore[no-untyped-def]
    """Add a fact to the latest recorded decision."""
    dec_i, counts = rec[0], rec[5]
    if dec_i.shape[0] > 0 and 0 < counts[0] <= dec_i.shape[0]:
        dec_i[counts[0] - 1, column] = value


@njit(cache=True)
def hand_size(hands, seat):  # type: ignore[no-untyped-def]
    return popcount(hands[seat, 0]) + popcount(hands[seat, 1])


@njit(cache=True)
def who(st, role, offender, n_players):  # type: ignore[no-untyped-def]
    """The seat playing ``role`` relative to the offender, among players still in (-1: none)."""
    if role == R_SELF:
        return offender
    hands, places = st[0], st[7]
    found = -1
    best = -1
    for k in range(1, n_players):
        s = (offender + k) % n_players
        if places[s] != 0:
            continue
        if role == R_LEFT:
            return s
        if role == R_RIGHT:
            found = s
        else:
            size = hand_size(hands, s)
            if size > best:
                best = size
                found = s
    return found


@njit(cache=True)
def transfer(st, tabs, rng, rec, at, offender):  # type: ignore[no-untyped-def]
    """Move penalty cards between hands as the transfer at cfg[at:at+4] says."""
    cfg, value_of_card = tabs[0], tabs[17]
    hands = st[0]
    n_players = cfg[C_PLAYERS]
    giver = who(st, cfg[at + 1], offender, n_players)
    receiver = who(st, cfg[at + 2], offender, n_players)
    if giver < 0 or receiver < 0 or giver == receiver:
        return
    n = hand_size(hands, giver)
    count = min(cfg[at], n - 1)  # never the giver's last card
    if count <= 0:
        return
    which = cfg[at + 3]
    moved_lo = U0
    moved_hi = U0
    if which == PICK_RANDOM:
        cards = np.empty(n, np.int64)
        lo, hi = hands[giver, 0], hands[giver, 1]
        for i in range(n):
            cards[i] = lowest(lo, hi)
            if lo != U0:
                lo &= lo - U1
            else:
                hi &= hi - U1
        for i in range(count):  # a partial shuffle picks ``count`` distinct cards
            j = i + below(rng, n - i)
            cards[i], cards[j] = cards[j], cards[i]
            if cards[i] < 64:
                moved_lo |= card_bit(cards[i])
            else:
                moved_hi |= card_bit(cards[i])
        if rec[0].shape[0] > 0 and rec[5][1] < rec[3].shape[0]:
            k = rec[5][1]
            rec[3][k] = EV_SAMPLE
            rec[4][k, 0] = moved_lo
            rec[4][k, 1] = moved_hi
            rec[5][1] = k + 1
    else:
        for _ in range(count):
            best = -1
            lo, hi = hands[giver, 0] & ~moved_lo, hands[giver, 1] & ~moved_hi
            while lo != U0 or hi != U0:
                c = lowest(lo, hi)
                if c < 64:
                    lo &= lo - U1
                else:
                    hi &= hi - U1
                if best < 0:
                    best = c
                elif which == PICK_HIGHEST and value_of_card[c] >= value_of_card[best]:
                    best = c  # ties go to the higher card id, as sorted(..., reverse=True)
                elif which == PICK_LOWEST and value_of_card[c] < value_of_card[best]:
                    best = c
            if best < 64:
                moved_lo |= card_bit(best)
            else:
                moved_hi |= card_bit(best)
    hands[giver, 0] ^= moved_lo
    hands[giver, 1] ^= moved_hi
    hands[receiver, 0] |= moved_lo
    hands[receiver, 1] |= moved_hi
    dec_m = rec[1]
    if rec[0].shape[0] > 0 and 0 < rec[5][0] <= rec[0].shape[0]:
        k = rec[5][0] - 1
        rec[0][k, D_FROM] = giver
        rec[0][k, D_TO] = receiver
        dec_m[k, 2] = moved_lo
        dec_m[k, 3] = moved_hi


@njit(cache=True)
def rank_the_rest(st, n_players):  # type: ignore[no-untyped-def]
    """Places for everyone still holding cards (fewest first), then the eliminated."""
    hands, places, sc, elim_order = st[0], st[7], st[10], st[11]
    while True:
        pick = -1
        pick_size = 0
        for s in range(n_players):
            if places[s] == 0:
                size = hand_size(hands, s)
                if pick < 0 or size < pick_size:
                    pick = s
                    pick_size = size
        if pick < 0:
            break
        sc[S_FINISHED] += 1
        places[pick] = sc[S_FINISHED]
    for k in range(sc[S_NELIM] - 1, -1, -1):  # the earliest eliminated ranks lowest
        sc[S_FINISHED] += 1
        places[elim_order[k]] = sc[S_FINISHED]


@njit(cache=True)
def goes_out(st, tabs, seat):  # type: ignore[no-untyped-def]
    """``seat`` has no cards left; True when the deal ends."""
    cfg = tabs[0]
    places, sc = st[7], st[10]
    sc[S_FINISHED] += 1
    sc[S_ACTIVE] -= 1
    places[seat] = sc[S_FINISHED]
    if sc[S_WIN] < 0:
        sc[S_WIN] = seat
    if cfg[C_END_ALL_OUT] == 0:
        if sc[S_NELIM] > 0:
            rank_the_rest(st, cfg[C_PLAYERS])
        return True
    if sc[S_ACTIVE] <= 1:
        rank_the_rest(st, cfg[C_PLAYERS])
        return True
    return False


@njit(cache=True)
def eliminate(st, tabs, scratch, rec, seat):  # type: ignore[no-untyped-def]
    """A pass beyond the limit: the hand goes onto the layout; True when the deal ends."""
    cfg = tabs[0]
    hands, places, sc, elim_order = st[0], st[7], st[10], st[11]
    note(rec, D_ELIM, 1)
    while hands[seat, 0] != U0 or hands[seat, 1] != U0:
        card = lowest(hands[seat, 0], hands[seat, 1])
        hands[seat, card >> 6] ^= card_bit(card)
        lay_out(st, tabs, scratch, card)
    places[seat] = -1
    elim_order[sc[S_NELIM]] = seat
    sc[S_NELIM] += 1
    sc[S_ACTIVE] -= 1
    if sc[S_ACTIVE] <= 1:
        rank_the_rest(st, cfg[C_PLAYERS])
        if sc[S_WIN] < 0:
            for s in range(cfg[C_PLAYERS]):
                if places[s] == 1:
                    sc[S_WIN] = s
                    break
        return True
    return False


@njit(cache=True)
def amount(st, tabs, scratch, start, seat):  # type: ignore[no-untyped-def]
    return run_program(tabs[11], start, scratch[6], seat, st, tabs, scratch)


@njit(cache=True)
def pay_pot(st, seat, value):  # type: ignore[no-untyped-def]
    st[9][seat] -= value
    st[10][S_POT] += value


@njit(cache=True)
def follow_ups(st, tabs, scratch, rng, rec, seat, card, deal):  # type: ignore[no-untyped-def]
    """Extra cards the same player may add at once; returns the decisions taken."""
    cfg = tabs[0]
    hands, extra = st[0], st[13]
    taken = 0
    optional = cfg[C_FOLLOW_OPTIONAL] != 0
    follow_up(st, tabs, scratch, seat, card, extra)
    while (extra[0] != U0 or extra[1] != U0) and hand_size(hands, seat) > 0:
        taken += 1
        lo, hi = extra[0], extra[1]
        card = choose(st, tabs, seat, lo, hi, optional, rng, rec)
        record_decision(rec, seat, lo, hi, card, 1, deal)
        if card == PASS:
            break
        play_card(st, tabs, scratch, seat, card)
        follow_up(st, tabs, scratch, seat, card, extra)
    return taken


@njit(cache=True)
def run_turns(st, tabs, scratch, rng, rec, seat, forget, deal):  # type: ignore[no-untyped-def]
    """The turn loop of one deal (engine._Turns.run); sets decisions, passes and the winner."""
    cfg, trigger = tabs[0], tabs[12]
    hands, playable, opening, passes_of, sc = st[0], st[2], st[6], st[8], st[10]
    players = cfg[C_PLAYERS]
    voluntary = cfg[C_VOLUNTARY] != 0
    pass_limit = cfg[C_PASS_LIMIT]
    skip_out = cfg[C_END_ALL_OUT] != 0 or cfg[C_ELIMINATE] != 0
    extra = 0
    passes = 0
    stuck = 0
    for decisions in range(1, cfg[C_LIMIT] + 1):
        if sc[S_OPENED] != 0:
            lo, hi = hands[seat, 0] & playable[0], hands[seat, 1] & playable[1]
        else:
            lo, hi = hands[seat, 0] & opening[0], hands[seat, 1] & opening[1]
        if lo != U0 or hi != U0:
            if voluntary:
                can_pass = pass_limit < 0 or passes_of[seat] < pass_limit
                card = choose(st, tabs, seat, lo, hi, can_pass, rng, rec)
            elif popcount(lo) + popcount(hi) > 1:
                card = choose(st, tabs, seat, lo, hi, False, rng, rec)
            else:
                card = lowest(lo, hi)
            record_decision(rec, seat, lo, hi, card, 0, deal)
            if card != PASS:
                stuck = 0
                play_card(st, tabs, scratch, seat, card)
                if hand_size(hands, seat) > 0 and (
                    cfg[C_LAST_CARD] != 0 or (cfg[C_FOLLOW] != 0 and has(trigger, card))
                ):
                    if cfg[C_FOLLOW] != 0:
                        extra += follow_ups(st, tabs, scratch, rng, rec, seat, card, deal)
                    if hand_size(hands, seat) == 1 and cfg[C_LAST_CARD] != 0:
                        if uniform(rng, rec[2], rec[3], rec[5]) < forget:
                            note(rec, D_FORGOT, 1)
                            transfer(st, tabs, rng, rec, C_LC, seat)
                if hand_size(hands, seat) == 0 and goes_out(st, tabs, seat):
                    sc[S_DECISIONS] = decisions + extra
                    sc[S_PASSES] = passes
                    return
            else:  # a voluntary pass: someone could play, so the deal is not blocked
                stuck = 0
                passes += 1
                passes_of[seat] += 1
                pay_pot(st, seat, amount(st, tabs, scratch, cfg[P_VPASS], seat))
                if cfg[C_VT] != 0:
                    transfer(st, tabs, rng, rec, C_VTR, seat)
        else:
            record_decision(rec, seat, U0, U0, PASS, 0, deal)
            passes += 1
            if pass_limit >= 0 and passes_of[seat] >= pass_limit and cfg[C_ELIMINATE] != 0:
                if eliminate(st, tabs, scratch, rec, seat):
                    sc[S_DECISIONS] = decisions + extra
                    sc[S_PASSES] = passes
                    return
                stuck = 0
            else:
                stuck += 1
                passes_of[seat] += 1
                pay_pot(st, seat, amount(st, tabs, scratch, cfg[P_PASS], seat))
                if stuck >= sc[S_ACTIVE]:  # a full round in which nobody could play
                    if skip_out:
                        rank_the_rest(st, players)
                    sc[S_DECISIONS] = decisions + extra
                    sc[S_PASSES] = passes
                    return
        seat = seat + 1 if seat + 1 < players else 0
        if skip_out:
            while st[7][seat] != 0:
                seat = seat + 1 if seat + 1 < players else 0
    sc[S_ERROR] = 1  # the deal did not end: the rules may never let it end


@njit(cache=True)
def holder(st, lo, hi, dealer, n_players):  # type: ignore[no-untyped-def]
    """The first player from the dealer's left holding a card of the mask (-1: nobody)."""
    hands = st[0]
    for k in range(1, n_players + 1):
        s = (dealer + k) % n_players
        if (hands[s, 0] & lo) != U0 or (hands[s, 1] & hi) != U0:
            return s
    return -1


@njit(cache=True)
def choose_leader(st, tabs, dealer, previous_winner):  # type: ignore[no-untyped-def]
    cfg, leader_order = tabs[0], tabs[14]
    opening = st[6]
    players = cfg[C_PLAYERS]
    leader = cfg[C_LEADER]
    if leader == L_HOLDER:
        return holder(st, opening[0], opening[1], dealer, players)
    if leader == L_LOWEST:
        for card in leader_order:
            lo = card_bit(card) if card < 64 else U0
            hi = card_bit(card) if card >= 64 else U0
            s = holder(st, lo, hi, dealer, players)
            if s >= 0:
                return s
        return -1
    if leader == L_PREVIOUS and previous_winner >= 0:
        return previous_winner
    return (dealer + 1) % players


@njit(cache=True)
def play_deal(st, tabs, scratch, rng, rec, dealer, previous_winner, carried, forget, deal):  # type: ignore[no-untyped-def]
    """Deal, set up, play and settle one deal (engine.play_deal + CompiledRules.settle)."""
    cfg, dealt, preplaced, opening_mask, choices = tabs[0], tabs[7], tabs[13], tabs[15], tabs[16]
    hands, table, row_start, opening, places, passes_of, chips, sc = (
        st[0], st[1], st[4], st[6], st[7], st[8], st[9], st[10]
    )
    players = cfg[C_PLAYERS]
    hands[:, :] = U0
    table[:] = U0
    st[2][:] = U0
    st[3][:] = 0
    st[5][:, :] = U0
    places[:] = 0
    passes_of[:] = 0
    chips[:] = 0
    st[12][:] = 0
    sc[:] = 0
    sc[S_WIN] = -1
    sc[S_FIRST] = -1
    sc[S_DEALER] = dealer
    sc[S_ACTIVE] = players
    sc[S_OPENCARD] = -1
    # deal: shuffle, then one card at a time from the dealer's left
    deck = scratch[7]
    n = dealt.shape[0]
    deck[:n] = dealt
    for i in range(n - 1, 0, -1):
        j = below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    seat = (dealer + 1) % players
    for i in range(n):
        card = deck[i]
        hands[seat, card >> 6] |= card_bit(card)
        seat = seat + 1 if seat + 1 < players else 0
    st[14][:, :] = hands
    sc[S_MAXH] = 0
    sc[S_MINH] = 1 << 30
    for s in range(players):
        size = hand_size(hands, s)
        sc[S_MAXH] = max(sc[S_MAXH], size)
        sc[S_MINH] = min(sc[S_MINH], size)
    # setup: rows, cards laid out before play, antes
    opening[0] = opening_mask[0]
    opening[1] = opening_mask[1]
    sc[S_OPENED] = 1 if opening[0] == U0 and opening[1] == U0 else 0
    for r in range(cfg[C_NROWS]):
        row_start[r] = NO_START if cfg[C_START_CHOSEN] != 0 else cfg[C_START]
    if cfg[C_NENV] > 0:
        sc[S_ENV] = amount(st, tabs, scratch, cfg[P_ENV0], 0)
    for card in preplaced:
        table[card >> 6] |= card_bit(card)
        place(st, tabs, card)
    if cfg[C_NENV] > 0:
        sc[S_ENV] = amount(st, tabs, scratch, cfg[P_ENV0], 0)
    refresh_all(st, tabs)
    if cfg[C_HAS_CHIPS] != 0 and cfg[C_ANTE] != 0:
        for s in range(players):
            pay_pot(st, s, amount(st, tabs, scratch, cfg[P_ANTE], s))
    sc[S_POT] += carried
    st[15][0] = table[0]
    st[15][1] = table[1]
    if cfg[C_NCHOICES] > 0:  # the dealer names the opening card
        k = int(uniform(rng, rec[2], rec[3], rec[5]) * cfg[C_NCHOICES])
        opening[0] = choices[k, 0]
        opening[1] = choices[k, 1]
        sc[S_OPENED] = 0
        sc[S_OPENCARD] = lowest(opening[0], opening[1])
    seat = choose_leader(st, tabs, dealer, previous_winner)
    if seat < 0:
        sc[S_ERROR] = 2
        return
    run_turns(st, tabs, scratch, rng, rec, seat, forget, deal)
    settle(st, tabs, scratch)


@njit(cache=True)
def settle(st, tabs, scratch):  # type: ignore[no-untyped-def]
    """Payments to the winner, the pot, and each seat's points."""
    cfg = tabs[0]
    chips, sc, points = st[9], st[10], st[12]
    players = cfg[C_PLAYERS]
    winner = sc[S_WIN]
    if cfg[C_HAS_CHIPS] != 0 and winner >= 0:
        if cfg[C_PAY] != 0:
            for s in range(players):
                if s != winner:
                    value = amount(st, tabs, scratch, cfg[P_PAY], s)
                    chips[s] -= value
                    chips[winner] += value
        if cfg[C_POT_TO_WINNER] != 0:
            chips[winner] += sc[S_POT]
            sc[S_POT] = 0
    if cfg[C_HAS_POINTS] != 0:
        for s in range(players):
            points[s] = amount(st, tabs, scratch, cfg[P_POINTS], s)


# ============================================================================
# games, matches and totals (runtime/match.py, runtime/simulate.py)
# ============================================================================
T_DECISIONS, T_PASSES, T_BLOCKED, T_DEALS, T_CHIPS = 0, 1, 2, 3, 4


@njit(cache=True)
def add_deal(st, tot, players, out, deal):  # type: ignore[no-untyped-def]
    """Add a deal's figures to the run totals, and keep them for the record when asked."""
    sc = st[10]
    tot[T_DECISIONS] += sc[S_DECISIONS]
    tot[T_PASSES] += sc[S_PASSES]
    tot[T_DEALS] += 1
    if sc[S_WIN] < 0:
        tot[T_BLOCKED] += 1
    for s in range(players):
        tot[T_CHIPS + s] += st[9][s]
        tot[T_CHIPS + players + s] += st[12][s]
    res_i, res_seat, res_hands, res_layout = out
    if res_i.shape[0] > deal:
        res_i[deal, 0] = sc[S_WIN]
        res_i[deal, 1] = sc[S_DEALER]
        res_i[deal, 2] = sc[S_OPENCARD]
        res_i[deal, 3] = sc[S_DECISIONS]
        res_i[deal, 4] = sc[S_PASSES]
        res_i[deal, 5] = sc[S_POT]
        for s in range(players):
            res_seat[deal, 0, s] = st[9][s]
            res_seat[deal, 1, s] = st[12][s]
            res_seat[deal, 2, s] = hand_size(st[0], s)
            res_seat[deal, 3, s] = st[7][s]
        res_hands[deal, :, :] = st[14]
        res_layout[deal, :] = st[15]


@njit(cache=True)
def target_reached(cfg, m_chips, m_points, m_won):  # type: ignore[no-untyped-def]
    if cfg[S_TCHIPS_ON] != 0 and m_chips.max() >= cfg[S_TCHIPS]:
        return True
    if cfg[S_TDEALS_ON] != 0 and m_won.max() >= cfg[S_TDEALS]:
        return True
    if cfg[S_TPOINTS_ON] != 0:
        target = cfg[S_TPOINTS]
        return m_points.max() >= target if target >= 0 else m_points.min() <= target
    return False


@njit(cache=True)
def match_winners(cfg, m_chips, m_points, m_won, last_left, winners):  # type: ignore[no-untyped-def]
    """The seats winning the match into ``winners``; returns how many."""
    kind = cfg[S_WINNER]
    if kind == W_CHIPS:
        scores = m_chips.copy()
    elif kind == W_HIGH:
        scores = m_points.copy()
    elif kind == W_LOW:
        scores = -m_points
    else:
        scores = m_won.copy()
    best = scores.max()
    fewest = 1 << 30
    for s in range(scores.shape[0]):
        if scores[s] == best:
            fewest = min(fewest, last_left[s])
    count = 0
    tied = 0
    for s in range(scores.shape[0]):
        tied += 1 if scores[s] == best else 0
    for s in range(scores.shape[0]):
        if scores[s] == best and (tied == 1 or cfg[S_TIEBREAK] == 0 or last_left[s] == fewest):
            winners[count] = s
            count += 1
    return count


@njit(cache=True)
def play_game(st, tabs, scratch, rng, rec, forget, tot, wins, out, winners):  # type: ignore[no-untyped-def]
    """One game: a deal, or a match of cfg[C_DEALS] deals; returns the number of winners."""
    cfg = tabs[0]
    players = cfg[C_PLAYERS]
    dealer = int(uniform(rng, rec[2], rec[3], rec[5]) * players)
    if cfg[C_DEALS] == 0:
        play_deal(st, tabs, scratch, rng, rec, dealer, -1, 0, forget, 0)
        add_deal(st, tot, players, out, 0)
        if st[10][S_WIN] < 0:
            return 0
        winners[0] = st[10][S_WIN]
        wins[winners[0]] += 1.0
        return 1
    m_chips = np.zeros(players, np.int64)
    m_points = np.zeros(players, np.int64)
    m_won = np.zeros(players, np.int64)
    last_left = np.zeros(players, np.int64)
    previous = -1
    carried = 0
    for deal in range(cfg[C_DEALS]):
        play_deal(st, tabs, scratch, rng, rec, dealer, previous, carried, forget, deal)
        if st[10][S_ERROR] != 0:
            return 0
        add_deal(st, tot, players, out, deal)
        for s in range(players):
            m_chips[s] += st[9][s]
            m_points[s] += st[12][s]
            last_left[s] = hand_size(st[0], s)
        previous = st[10][S_WIN]
        if previous >= 0:
            m_won[previous] += 1
        carried = st[10][S_POT]
        dealer = (dealer + 1) % players
        if target_reached(cfg, m_chips, m_points, m_won):
            break
    count = match_winners(cfg, m_chips, m_points, m_won, last_left, winners)
    for k in range(count):
        wins[winners[k]] += 1.0 / count
    return count


@njit(cache=True)
def simulate_games(st, tabs, scratch, rec, seed, games, forget, tot, wins, out, winners):  # type: ignore[no-untyped-def]
    """Play ``games`` games, game g seeded with ``seed + g``; returns the first failing game or -1."""
    rng = np.zeros(1, np.uint64)
    for g in range(games):
        rng[0] = np.uint64(seed + g)
        next_u64(rng)  # one step away from the raw seed, so neighbouring seeds decorrelate
        play_game(st, tabs, scratch, rng, rec, forget, tot, wins, out, winners)
        if st[10][S_ERROR] != 0:
            return g
    return -1
