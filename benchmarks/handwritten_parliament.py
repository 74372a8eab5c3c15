"""A plain hand-written bitmask implementation of Parliament, kept only as a yardstick.

Rules: 52 cards dealt one at a time from the dealer's left; the holder of the
7♦ opens with it; then any 7 opens its suit and rows grow one rank at a time
(ace high); pass only when unable, one chip per pass to the pot; the first
player out wins and takes the pot.  Cards are ``suit * 13 + rank`` with rank
0 = 2 … 12 = ace, so the 7 is rank 5 and the 7♦ is card 18.

It mirrors what the runtime does per game (own generator seeded per game, the
engine's :class:`GameRandom`, docs/randomness.md; shuffle, deal, uniform random
choice among legal cards) with everything inlined and specialised, so the
benchmark compares like with like.
"""

from __future__ import annotations

from sevens.runtime.randomness import GameRandom

SEVEN = 5
SEVEN_OF_DIAMONDS = 1 * 13 + SEVEN
DECK = tuple(range(52))


def play_game(rng: GameRandom, players: int) -> tuple[int, list[int]]:
    """One random playout; returns (winner, net chips per seat)."""
    dealer = rng.below(players)
    deck = list(DECK)
    rng.shuffle(deck)
    hands = [0] * players
    seat = (dealer + 1) % players
    for card in deck:
        hands[seat] |= 1 << card
        seat = seat + 1 if seat + 1 < players else 0
    chips = [0] * players
    pot = 0
    low = [SEVEN] * 4
    high = [SEVEN] * 4
    opened = [False] * 4
    # Playable: the four sevens until the 7♦ is down, restricted below.
    playable = sum(1 << (s * 13 + SEVEN) for s in range(4))
    seat = next(s for s in range(players) if hands[s] >> SEVEN_OF_DIAMONDS & 1)
    first = True
    draw = rng.draw
    while True:
        hand = hands[seat]
        legal = (hand & (1 << SEVEN_OF_DIAMONDS)) if first else hand & playable
        if legal:
            count = legal.bit_count()
            if count > 1:
                for _ in range(draw() * count >> 32):
                    legal &= legal - 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            hands[seat] = hand ^ bit
            first = False
            suit, rank = divmod(card, 13)
            playable ^= bit
            base = suit * 13
            if not opened[suit]:
                opened[suit] = True
                if rank < 12:
                    playable |= 1 << (base + rank + 1)
                if rank > 0:
                    playable |= 1 << (base + rank - 1)
            elif rank > high[suit]:
                high[suit] = rank
                if rank < 12:
                    playable |= 1 << (base + rank + 1)
            else:
                low[suit] = rank
                if rank > 0:
                    playable |= 1 << (base + rank - 1)
            if not hands[seat]:
                chips[seat] += pot
                return seat, chips
        else:
            chips[seat] -= 1
            pot += 1
        seat = seat + 1 if seat + 1 < players else 0
