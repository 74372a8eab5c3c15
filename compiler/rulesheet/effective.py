"""The effective rules of a rule set: what decides play, normalised, for ``sevens diff``.

Two rulespecs may say the same rule in other words (a condition written another
way, a key set to its default, a suit renamed) or differ in a way the YAML keys
hide (a joker option).  The diff therefore compares what plays, not what is
written:

* the contract record (:class:`~sevens.runtime.contract.RuleSet`, built by the
  compiler's own :func:`~sevens.compiler.contract.build_rule_set`), field by
  field, its id and the analyser's bookkeeping left out;
* the analysed conditions by what they answer: each one is asked, through the
  reference interpreter, on the same sample of deal states (rows of every
  length around their start, hands, passes, places, face-down cards); two
  conditions are the same rule when their typed trees are the same or when
  every answer is.

Each difference is a *component* named after the diff's field it belongs to
(``legal``, ``jokers``, ``cost`` …); the diff tells a field only when its
component differs, and a differing component with no sentence of its own is
still said.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ...runtime.api import DealState, bits
from ...runtime.contract import DeckShape, EndWhen, MatchWinner, RuleSet
from ..analyse import Analysed, AnalysedRules, analyse
from ..contract import build_rule_set
from ..errors import SevensError
from ..interpret import ReferenceRules
from .canonical import canon

#: Deal states each condition is asked on (the same states for both rule sets).
SAMPLE_STATES = 80
#: The seed of the sample: the same sample on every run.
SAMPLE_SEED = 7

Components = dict[str, object]


def _contract_components(rule_set: RuleSet) -> Components:
    """The contract's fields as components (amounts are compared by what they answer).
    Cards and ranks are named by their codes, not their indexes, which move with the ace."""
    deck, layout, opening, passing = (
        rule_set.deck,
        rule_set.layout,
        rule_set.opening,
        rule_set.passing,
    )
    session, chips = rule_set.session, rule_set.chips
    faces = _face_codes(deck)

    def cards(mask: int) -> tuple[str, ...]:
        return tuple(sorted({rule_set.card_codes[c] for c in bits(mask)}))

    def rank(index: int | None) -> str | None:
        return None if index is None else deck.rank_codes[index]

    def face(index: int | None) -> str | None:
        return None if index is None else faces[index]

    return {
        "cards": (deck.rank_codes, deck.suit_codes),
        "copies": deck.copies,
        "removed": tuple(sorted(faces[f] for f in deck.removed)),
        # told only where a rule reads them (the diff's own test); conditions that read
        # them are compared by what they answer
        "values": dict(zip(deck.rank_codes, deck.rank_values, strict=True)),
        "players": (rule_set.players.min, rule_set.players.max),
        "teams": None if rule_set.teams is None else rule_set.teams.size,
        "start": (rank(layout.start_rank), layout.start_per_row),
        "rows": layout.rows_per_suit,
        "wrap": layout.wrap,
        "preplaced": tuple(sorted(faces[f] for f in layout.preplaced)),
        "by_holders": layout.by_holders if layout.preplaced else None,
        "opening": (
            face(opening.card),
            tuple(sorted(faces[f] for f in opening.choices)),
            opening.leader_card_opens,
        ),
        "leader": (
            opening.leader,
            tuple(rule_set.card_codes[c] for c in opening.leader_order),
            face(opening.leader_card),
        ),
        "deals": session.deals,
        "target_chips": session.target_chips,
        "target_points": session.target_points,
        "target_deals": session.target_deals,
        "session_winner": _MATCH_WINNER.get(session.winner, session.winner),
        "tiebreak": session.tiebreak,
        "voluntary": passing.voluntary,
        "limit": passing.limit,
        "over_limit": passing.over_limit,
        "voluntary_transfer": passing.voluntary_transfer,
        "voluntary_with_transfer": passing.voluntary_with_transfer,
        "transfer": passing.transfer,
        "cover": passing.cover,
        "follow": None
        if rule_set.follow_up is None
        else (rule_set.follow_up.optional, rule_set.follow_up.max),
        "last_card": rule_set.last_card,
        "end": rule_set.end_when,
        "blocked": rule_set.blocked,
        "direction": rule_set.direction,
        "deal": rule_set.deal,
        "draw": rule_set.draw,
        "compulsory": cards(rule_set.compulsory),
        "jokers": rule_set.wild,
        "trumps": rule_set.trumps,
        "chips": chips is not None,
        "pot": None if chips is None else chips.pot_to,
    }


def _face_codes(deck: DeckShape) -> tuple[str, ...]:
    """The code of each face (``7D``), as the contract names cards."""
    return tuple(
        deck.rank_codes[f % deck.n_ranks] + deck.suit_codes[f // deck.n_ranks]
        for f in range(deck.n_faces)
    )


#: Match winners the runtime decides alike: pots taken are deals won.
_MATCH_WINNER = {MatchWinner.MOST_POTS: MatchWinner.MOST_DEALS}


#: The conditions compared by what they answer: component → the analysed condition.
CONDITIONS: dict[str, Callable[[AnalysedRules], Analysed | None]] = {
    "legal": lambda r: r.legal,
    "follow_when": lambda r: r.follow_when,
    "follow_allow": lambda r: r.follow_allow,
    "cost": lambda r: r.pass_cost,
    "voluntary_cost": lambda r: r.voluntary_pass_cost if r.spec.passing.voluntary else None,
    "ante": lambda r: r.ante,
    "pay_winner": lambda r: r.pay_winner,
    "points": lambda r: r.points,
    "draw_most": lambda r: r.draw_most,
}
#: Amounts paid in chips.
CHIP_AMOUNTS = ("cost", "voluntary_cost", "ante", "pay_winner")
#: Conditions asked together: the follow-up's two conditions answer one question; the draw
#: count is asked as part of the draw rule.
ASKED_AS = {"follow_when": "follow", "follow_allow": "follow", "draw_most": "draw"}


class Effective:
    """The effective rules of one analysed rule set, with its answers kept once asked."""

    def __init__(self, rules: AnalysedRules) -> None:
        self.rules = rules
        self.rule_set = build_rule_set(rules)
        self.interpreter = ReferenceRules(rules, self.rule_set)
        self.contract = _contract_components(self.rule_set)
        self.answers: dict[str, tuple[object, ...]] = {}
        self.states: list[DealState] | None = None
        wild = self.rule_set.wild
        if wild is not None and wild.holder_last and not self.ranks_several_holders():
            self.contract["jokers"] = replace(wild, holder_last=False)  # it never ranks anyone
        if self.rule_set.layout.wrap and not self.wrap_matters():
            self.contract["wrap"] = False  # no play crosses the end of a row

    def tree(self, name: str) -> str | None:
        """The condition's canonical text (None: the rule set does not have it, or an
        amount that is always 0, which is the same as none, or chips paid where nothing
        counts chips: no chip scoring, and no rule reading the pot)."""
        analysed = CONDITIONS[name](self.rules)
        text = None if analysed is None else canon(analysed.tree)
        if name in CHIP_AMOUNTS and self.rule_set.chips is None and not self.reads_pot():
            return None
        return None if text == "#0" else text

    def reads_pot(self) -> bool:
        """Whether a condition reads the pot (``game.pot``), which chips paid fill."""
        trees = (CONDITIONS[name](self.rules) for name in CONDITIONS)
        return any(".pot" in canon(t.tree) for t in trees if t is not None)

    def sample_key(self) -> object:
        """What the sample of deal states depends on: equal keys, equal samples (card
        values are read by the conditions, not by the sample)."""
        rs = self.rule_set
        layout = rs.layout if rs.layout.preplaced else replace(rs.layout, by_holders=False)
        return (
            replace(rs.deck, rank_values=()),
            layout,
            rs.opening.card,
            rs.players,
            rs.deal,
            rs.teams,  # the sample's amounts read the partners where there are teams
        )

    def ranks_several_holders(self) -> bool:
        """Whether a deal may end with several players still holding cards or jokers, to be
        ranked among themselves: a first-out deal with eliminated players (who rank below
        the holders), or a blocked deal.  A deal is never blocked where a redemption is
        compulsory (no card dies in a hand) and the card next to each end of every row fits
        in every sampled state: whoever holds it can play."""
        rule_set = self.rule_set
        if rule_set.end_when is EndWhen.FIRST_OUT and rule_set.passing.over_limit is not None:
            return True
        if rule_set.wild is not None and rule_set.wild.redeem_optional:
            return True
        return any(
            _row_ends(self.interpreter, st) & ~_every_fitting(self.interpreter, st)
            for st in self.sample()
        )

    def wrap_matters(self) -> bool:
        """Whether rows going on past the highest rank change what may be played.

        Rows that wrap reach the play rule only through the rows' ends (``row.low``,
        ``row.high``, the count of the run through the start) and rank arithmetic; a rule
        that reads neither (Cinquillo cabrón's "any card beyond the highest or lowest on the
        table") lets no play cross the end of a row, and plays the same games either way.
        So the same rules are read again with rows that stop at the ends, and asked on this
        rule set's own sample, where rows wrap: wrap matters when any answer differs."""
        spec = self.rules.spec
        try:
            stopping = analyse(replace(spec, layout=replace(spec.layout, wrap=False)))
        except SevensError:
            return True  # a rule that cannot be read without wrapping rows needs them
        other = ReferenceRules(stopping, build_rule_set(stopping))
        questions = [_legal] if self.rules.follow_when is None else [_legal, _follow]
        return any(
            ask(self.interpreter, st) != ask(other, st)
            for st in self.wrap_sample()
            for ask in questions
        )

    def wrap_sample(self) -> list[DealState]:
        """The states on which wrapping rows are judged: tables reached by play.  The
        general sample's rows run past the ends at random and hold stray cards beyond gaps,
        which a row closed at its ace and king (Pai Qi's 斩龙) never reaches: there the
        two readings differ on tables no game lays.  Where players are eliminated and their
        cards laid out, gaps and strays are real, and the general sample is asked too."""
        played = played_states(self.interpreter, self.rule_set)
        if self.rule_set.passing.over_limit is not None:
            return played + self.sample()
        return played

    def answer(self, name: str) -> tuple[object, ...]:
        """The answers of a condition (or of the follow-up's pair) over the sample."""
        asked = ASKED_AS.get(name, name)
        if asked not in self.answers:
            self.answers[asked] = tuple(_ASK[asked](self.interpreter, st) for st in self.sample())
        return self.answers[asked]

    def sample(self) -> list[DealState]:
        """The sample of deal states, made once (the questions leave them as they were)."""
        if self.states is None:
            self.states = sample_states(self.interpreter, self.rule_set)
        return self.states


def changed_components(a: Effective, b: Effective) -> tuple[set[str], set[str]]:
    """The components in which ``b`` plays differently from ``a``, and those that may: a
    condition written differently whose answers cannot be compared, because the two rule
    sets differ in the pack, the layout or the players (a change of those is in the first
    set, so both are empty exactly when the rule sets deal, play and score alike)."""
    changed = {k for k, v in a.contract.items() if b.contract.get(k) != v}
    uncertain: set[str] = set()
    comparable = a.sample_key() == b.sample_key()
    for name in CONDITIONS:
        old, new = a.tree(name), b.tree(name)
        component = ASKED_AS.get(name, name)
        if old == new:
            continue
        if old is None or new is None:
            changed.add(component)
        elif not comparable:
            uncertain.add(component)
        elif a.answer(name) != b.answer(name):
            changed.add(component)
    return changed, uncertain - changed


#: The effective rules made so far, by analysed rule set (kept with it, as ids are reused).
_MADE: dict[int, tuple[AnalysedRules, Effective]] = {}
_MOST_MADE = 128


def effective(rules: AnalysedRules) -> Effective:
    """The effective rules of ``rules``, made once per analysed rule set."""
    made = _MADE.get(id(rules))
    if made is None or made[0] is not rules:
        if len(_MADE) >= _MOST_MADE:
            _MADE.clear()
        made = _MADE[id(rules)] = (rules, Effective(rules))
    return made[1]


def plays_alike(a: AnalysedRules, b: AnalysedRules) -> bool:
    """Whether the two rule sets deal, play and score alike."""
    changed, uncertain = changed_components(effective(a), effective(b))
    return not changed and not uncertain


# -- the sample of deal states --------------------------------------------------------


def sample_states(rules: ReferenceRules, rule_set: RuleSet) -> list[DealState]:
    """Deal states of every kind the conditions may be asked about: rows of random length
    around their start (a stray card beyond a gap now and then), random hands, passes,
    face-down cards, places and a winner.  Made from a fixed seed: the same every time."""
    rng = random.Random(SAMPLE_SEED)
    low, high = rule_set.players.min, rule_set.players.max
    return [
        _random_state(rules, rule_set, rng, rng.randint(low, high)) for _ in range(SAMPLE_STATES)
    ]


#: Random games played for :func:`played_states`.
PLAYED_GAMES = 40


def played_states(rules: ReferenceRules, rule_set: RuleSet) -> list[DealState]:
    """Deal states reached by play: random deals where the seats take turns laying a random
    legal card (a seat without one is passed over), each stopped after a random number of
    cards.  Made from a fixed seed: the same every time."""
    rng = random.Random(SAMPLE_SEED)
    low, high = rule_set.players.min, rule_set.players.max
    states = []
    for _ in range(PLAYED_GAMES):
        players = rng.randint(low, high)
        deck = list(rule_set.dealt)
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[seat::players]) for seat in range(players)]
        st = DealState(players, rng.randrange(players), hands, rule_set.n_rows)
        rules.setup(st)
        _play_at_random(rules, st, rng, rng.randint(0, len(deck)))
        states.append(st)
    return states


def _play_at_random(rules: ReferenceRules, st: DealState, rng: random.Random, cards: int) -> None:
    """Lay up to ``cards`` cards, each a random legal card of the next seat that has one."""
    seat = (st.dealer + 1) % st.n_players
    for _ in range(cards):
        for turn in range(st.n_players):
            legal = rules.legal(st, (seat + turn) % st.n_players)
            if legal:
                seat = (seat + turn) % st.n_players
                rules.play(st, seat, rng.choice(list(bits(legal))))
                seat = (seat + 1) % st.n_players
                break
        else:
            return  # nobody can play: the deal is blocked here


def _random_state(
    rules: ReferenceRules, rule_set: RuleSet, rng: random.Random, players: int
) -> DealState:
    deck = list(rule_set.dealt)
    rng.shuffle(deck)
    hands = [sum(1 << c for c in deck[seat::players]) for seat in range(players)]
    st = DealState(players, rng.randrange(players), hands, rule_set.n_rows)
    rules.setup(st)
    for card in _random_table(rule_set, rng):
        if not st.table >> card & 1:
            if st.first_face < 0:
                rules.play(
                    st, _holder(st, card), card
                )  # chooses the start where the first card does
            else:
                st.hands[_holder(st, card)] &= ~(1 << card)
                rules.lay_out(st, card)
    if st.table & st.opening_mask:
        st.opened = True
    _random_facts(st, rng)
    return st


def _holder(st: DealState, card: int) -> int:
    """The seat holding ``card`` (seat 0 when nobody does: a preplaced card)."""
    return next((s for s, hand in enumerate(st.hands) if hand >> card & 1), 0)


def _random_table(rule_set: RuleSet, rng: random.Random) -> list[int]:
    """Cards for the table: per suit, a run around a start (the rule set's, or a random rank
    where the first card chooses it), the opening card first when there is one."""
    n = rule_set.deck.n_ranks
    fixed = rule_set.layout.start_rank
    start = fixed if fixed is not None else rng.randrange(n)
    by_face = {rule_set.face_of[c]: c for c in reversed(rule_set.dealt)}
    cards = [c for c in bits(rule_set.opening_mask)][:1]
    if rng.random() < 0.1:
        return cards  # an empty or nearly empty table
    for suit in range(rule_set.deck.n_suits):
        row_start = (
            start if fixed is not None or not rule_set.layout.start_per_row else rng.randrange(n)
        )
        if rng.random() < 0.25:
            continue  # a row not opened
        down, up = rng.randint(0, n - 1), rng.randint(0, n - 1)
        ranks = [
            row_start,
            *[row_start - k for k in range(1, down + 1)],
            *[row_start + k for k in range(1, up + 1)],
        ]
        if rng.random() < 0.15:
            ranks.append(rng.randrange(n))  # a stray card beyond a gap (laid out, eliminated)
        for rank in ranks:
            if rule_set.layout.wrap:
                rank %= n
            face = suit * n + rank
            if 0 <= rank < n and face in by_face and by_face[face] not in cards:
                cards.append(by_face[face])
    return cards


def _random_facts(st: DealState, rng: random.Random) -> None:
    """Passes, face-down cards, places, a winner, events and a pot: what amounts read."""
    players = st.n_players
    st.passes = [rng.randint(0, 4) for _ in range(players)]
    for seat in range(players):
        for card in bits(st.hands[seat]):
            if rng.random() < 0.1:
                st.hands[seat] &= ~(1 << card)
                st.covered[seat] |= 1 << card
    order = list(range(players))
    rng.shuffle(order)
    finished = rng.randint(0, players)
    for place, seat in enumerate(order[:finished], start=1):
        st.places[seat] = place
    st.winner = order[0] if finished else None
    st.completed = [rng.randrange(players) for _ in range(rng.randint(0, 2))]
    st.last_passer = rng.randrange(players)
    st.pot = rng.randint(0, 12)
    st.unable_in_a_row = rng.randint(0, players)
    sizes = [hand.bit_count() for hand in st.hands]
    st.max_hand, st.min_hand = max(sizes), min(sizes)


# -- the questions ----------------------------------------------------------------------


def _legal(rules: ReferenceRules, st: DealState) -> object:
    """Which cards fit (before ``play.compulsory`` narrows them): for a hand holding every
    card off the table, and for each seat's own hand (asked apart only where the play
    conditions read the hand; otherwise it is the first answer masked by the hand)."""
    held = st.hands[0]
    st.hands[0] = _off_table(rules, st)
    try:
        every = rules.fitting(st, 0)
    finally:
        st.hands[0] = held
    if not rules.rule_set.reads_hand:
        return (every, *(every & hand for hand in st.hands))
    return (every, *(rules.fitting(st, seat) for seat in range(st.n_players)))


def _follow(rules: ReferenceRules, st: DealState) -> object:
    """The extra cards offered after each card on the table, to a hand holding every other."""
    held = st.hands[0]
    st.hands[0] = _off_table(rules, st)
    try:
        return tuple(rules.follow_up(st, 0, card, card) for card in list(bits(st.table))[:6])
    finally:
        st.hands[0] = held


def _every_fitting(rules: ReferenceRules, st: DealState) -> int:
    """The cards off the table that fit now (for a hand holding them all)."""
    held = st.hands[0]
    st.hands[0] = _off_table(rules, st)
    try:
        return rules.fitting(st, 0)
    finally:
        st.hands[0] = held


def _row_ends(rules: ReferenceRules, st: DealState) -> int:
    """The cards off the table next to an end of a started row (every copy), or starting a
    row not started yet: the cards a row needs next (none before the opening card)."""
    if not st.opened:
        return 0
    rule_set, n = rules.rule_set, rules.N_RANKS
    needed = 0
    for suit, rows in enumerate(rules.rows(st)):
        for row in rows:
            if row.start < 0 or row.complete:
                continue
            ranks = (
                {row.start} if not row.open else {rules.step(row.high, 1), rules.step(row.low, -1)}
            )
            for rank in ranks:
                if 0 <= rank < n:
                    needed |= rule_set.deck.copies_of(suit * n + rank)
    return needed & _off_table(rules, st)


def _off_table(rules: ReferenceRules, st: DealState) -> int:
    return sum(1 << c for c in rules.rule_set.dealt) & ~st.table


def _amount(name: str) -> Callable[[ReferenceRules, DealState], object]:
    def ask(rules: ReferenceRules, st: DealState) -> object:
        amount: Callable[[DealState, int], int] = getattr(rules, name)
        return tuple(amount(st, seat) for seat in range(st.n_players))

    return ask


_ASK: dict[str, Callable[[ReferenceRules, DealState], Any]] = {
    "legal": _legal,
    "follow": _follow,
    "cost": _amount("pass_cost"),
    "voluntary_cost": _amount("voluntary_pass_cost"),
    "ante": _amount("ante"),
    "pay_winner": _amount("pay_winner"),
    "points": _amount("points"),
    "draw": _amount("draw_most"),  # the count's answers belong to the draw rule
}
