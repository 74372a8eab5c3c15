/* A small hand-written C engine of Parliament, kept only as a yardstick for the native backend.
 *
 * The same game as benchmarks/handwritten_parliament.py: 52 cards dealt one at a
 * time from the dealer's left; the holder of the 7 of diamonds opens with it;
 * then any 7 opens its suit and rows grow one rank at a time (ace high); a player
 * passes only when unable, paying one chip into the pot; the first player out wins
 * and takes the pot.  Each game has its own generator (splitmix64 seeded with
 * seed + game), a random dealer, a shuffle and uniform random choices, as the
 * engines it is compared with.  Cards are suit * 13 + rank (rank 0 = 2, 5 = 7).
 *
 * Build: cc -O2 -o parliament parliament.c
 * Run:   ./parliament GAMES PLAYERS SEED   (prints games/s and a checksum of the wins)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

enum { SEVEN = 5, SEVEN_OF_DIAMONDS = 13 + SEVEN, MAX_PLAYERS = 8 };

static uint64_t rng_state;

static uint64_t next_u64(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static double uniform(void) { return (double)(next_u64() >> 11) * (1.0 / 9007199254740992.0); }

/* The playable cards of a suit's row: the 7 while closed, else the ranks beside its ends. */
static uint64_t row_playable(int suit, int low, int high, int open) {
    uint64_t base = (uint64_t)suit * 13;
    if (!open) return 1ULL << (base + SEVEN);
    uint64_t mask = 0;
    if (low > 0) mask |= 1ULL << (base + low - 1);
    if (high < 12) mask |= 1ULL << (base + high + 1);
    return mask;
}

static int play_game(int players, int *chips) {
    int deck[52];
    uint64_t hands[MAX_PLAYERS] = {0};
    int dealer = (int)(uniform() * players);
    for (int i = 0; i < 52; i++) deck[i] = i;
    for (int i = 51; i > 0; i--) {
        int j = (int)(((next_u64() >> 32) * (uint64_t)(i + 1)) >> 32);
        int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
    }
    int seat = (dealer + 1) % players;
    for (int i = 0; i < 52; i++) {
        hands[seat] |= 1ULL << deck[i];
        seat = seat + 1 < players ? seat + 1 : 0;
    }
    int low[4], high[4], open[4] = {0, 0, 0, 0}, pot = 0;
    uint64_t playable = 0;
    for (int s = 0; s < 4; s++) { low[s] = high[s] = SEVEN; }
    for (seat = 0; !(hands[seat] >> SEVEN_OF_DIAMONDS & 1); seat++) {}
    for (int s = 0; s < players; s++) chips[s] = 0;
    /* the opening play */
    hands[seat] ^= 1ULL << SEVEN_OF_DIAMONDS;
    open[1] = 1;
    for (int s = 0; s < 4; s++) playable |= row_playable(s, low[s], high[s], open[s]);
    seat = seat + 1 < players ? seat + 1 : 0;
    for (;;) {
        uint64_t legal = hands[seat] & playable;
        if (legal) {
            int count = __builtin_popcountll(legal);
            if (count > 1) {
                int choice = (int)(uniform() * count);
                while (choice--) legal &= legal - 1;
            }
            int card = __builtin_ctzll(legal);
            int suit = card / 13, rank = card % 13;
            hands[seat] ^= 1ULL << card;
            if (!open[suit]) open[suit] = 1;
            else if (rank < low[suit]) low[suit] = rank;
            else high[suit] = rank;
            uint64_t suit_bits = 0x1FFFULL << (suit * 13);
            playable = (playable & ~suit_bits) | row_playable(suit, low[suit], high[suit], open[suit]);
            if (!hands[seat]) {
                chips[seat] += pot;
                return seat;
            }
        } else {
            chips[seat] -= 1;
            pot += 1;
        }
        seat = seat + 1 < players ? seat + 1 : 0;
    }
}

int main(int argc, char **argv) {
    long games = argc > 1 ? atol(argv[1]) : 1000000;
    int players = argc > 2 ? atoi(argv[2]) : 4;
    long seed = argc > 3 ? atol(argv[3]) : 1;
    if (players < 3 || players > MAX_PLAYERS || games < 1) {
        fprintf(stderr, "usage: parliament GAMES PLAYERS(3-8) SEED\n");
        return 2;
    }
    int chips[MAX_PLAYERS];
    long wins[MAX_PLAYERS] = {0};
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long g = 0; g < games; g++) {
        rng_state = (uint64_t)(seed + g);
        next_u64();
        wins[play_game(players, chips)]++;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
    long checksum = 0;
    for (int s = 0; s < players; s++) checksum = checksum * 31 + wins[s];
    printf("%.1f games/s checksum %ld\n", (double)games / seconds, checksum);
    return 0;
}
