"""House-rule differences in prose: walk two models field by field.

Each field has a topic (a noun phrase) and a way to describe its value; a
difference becomes the sentence "<topic>: <new> instead of <old>."
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from ...runtime.contract import Direction, EndWhen, Transfer
from ..analyse import Analysed, AnalysedRules, TConst
from ..model import Deck
from .amounts import amount_words, everyone_ranked, highest_place, rules_deal
from .canonical import canon
from .cards import (
    card_forms,
    card_full,
    colour_suits,
    joined_forms,
    rank_forms,
    rank_letter,
    rank_name,
    suit_name,
    suit_symbol,
)
from .claims import draw_claim
from .effective import changed_components, effective
from .i18n import P_, Lang
from .phrases import leader_rank, lowest_holder, transfer_text
from .sentences import card_phrase, flatten, sentence
from .shapes import (
    ANTE_SHAPES,
    compulsory_sentence,
    follow_sentence,
    free_follow_sentence,
    play_sentences,
    play_shape,
    points_sentence,
    table_sentence,
    turn_sentence,
    turn_shapes,
)
from .sheet import scoring_context

Shapes = dict[str, tuple[str, str]]
POINTS: Shapes = {}  # marker: points use their own matcher
CHANGED = P_("diff", "%(topic)s: %(new)s instead of %(old)s.")
#: For rules whose old wording would only repeat most of the new one.
NOW = P_("diff", "%(topic)s: %(new)s")
CHANGED_LIST = P_("diff", "%(topic)s: %(items)s.")
#: A card rule the old rule set did not have ("none"): not "X instead of none", which
#: several languages cannot decline ("statt keine").
FROM_NONE = P_("diff", "%(topic)s: %(new)s; previously %(old)s.")
#: The rank is named, with its article where the language has one (``%(rank_nom_def)s``…).
VALUE_CHANGE = P_("diff", "the %(rank)s counts %(new)s instead of %(old)s")
INTRO = P_("diff", "Compared with %(old)s, %(new)s changes these rules:")
#: A dropped rule whose old wording is a whole sentence, which cannot stand in brackets:
#: said as "no longer …" where the field has such a sentence, else without the old wording.
DROPPED_RULE = P_("diff", "%(topic)s: dropped.")
NO_LONGER = {
    "pay_winner": P_(
        "diff", "The other players no longer pay the winner anything at the end of the deal."
    ),
    "ante": P_("diff", "Nobody puts chips into the pot before the deal any more."),
}
#: The old rule set's extra card after a play, dropped by the new one: one sentence for the
#: follow-up's three fields, which would otherwise each say "dropped".
FOLLOW_DROPPED = P_("diff", "A player may no longer play an extra card straight after their own.")
#: One alternative of the play rule that the new rule set adds or drops.
PLAY_ADDED = P_("diff", "You may now also play: %(rule)s")
PLAY_DROPPED = P_("diff", "You may no longer play: %(rule)s")
#: An agreed number, of which the rulespec gives a usual value.
AGREED = P_("diff", "to be agreed, for example %(value)s")
#: A range of numbers of players.
RANGE = P_("range", "%(min)s–%(max)s")
SAME = P_("diff", "%(new)s has exactly the same rules as %(old)s.")
NONE = P_("value", "none")
YES = P_("value", "yes")
NO = P_("value", "no")
#: A yes/no setting said as what changed: field → (sentence when it is now on, when now off).
SWITCHES = {
    "wrap": (
        P_(
            "diff",
            "Rows may now turn the corner: a row may go on past its highest card to its lowest"
            " and the other way round (%(ranks)s).",
        ),
        P_("diff", "Rows no longer turn the corner."),
    ),
    "voluntary": (
        P_("diff", "You may now pass even when you could play."),
        P_("diff", "You may no longer pass when you could play."),
    ),
    "chips": (
        P_("diff", "The game is now played for chips."),
        P_("diff", "The game is no longer played for chips."),
    ),
    "follow_optional": (
        P_("diff", "Playing the extra card is now optional."),
        P_("diff", "The extra card must now be played."),
    ),
    "voluntary_with_transfer": (
        P_("diff", "A pass made while able to play now also moves the cards a forced pass moves."),
        P_("diff", "A pass made while able to play no longer moves the cards a forced pass moves."),
    ),
}
#: Switches that mean something only beside other rules (their value is None without them):
#: where either rule set lacks those, the lines about the other rules say all there is.
DEPENDENT_SWITCHES = {"voluntary_with_transfer"}
#: What the other players pay the winner, said as a change: the sheet's sentences open with
#: "In addition", which follows the pot's sentence there but reads oddly in a list of changes.
#: The keys are those of :data:`sevens.compiler.rulesheet.shapes.PAY_SHAPES`.
PAY_NOW_SHAPES = {
    "hand.count": P_(
        "diff: payment shape",
        "Each other player now pays the winner one chip for each card still in their hand.",
    ),
    "hand.value": P_(
        "diff: payment shape",
        "Each other player now pays the winner as many chips as the point values of the cards "
        "still in their hand.",
    ),
}
#: The end of the deal, as a sentence with the old end in brackets (German cannot place the
#: comma before "statt" in "topic: new instead of old" when both values are clauses).
END_CHANGED = {
    EndWhen.ALL_OUT: P_(
        "diff",
        "The deal now goes on until only one player still holds cards (before, it ended when"
        " the first player went out).",
    ),
    EndWhen.FIRST_OUT: P_(
        "diff",
        "The deal now ends as soon as the first player has no cards left (before, it went on"
        " until only one player still held cards).",
    ),
    EndWhen.ALL_EMPTY: P_(
        "diff",
        "The deal now goes on until every hand is empty or nobody can play any more.",
    ),
}
#: Chips dropped in favour of a points score.
CHIPS_TO_POINTS = P_("diff", "The game is no longer played for chips but for points.")
#: Ranks that follow one another without a gap, said by the first and the last.
RANK_RUN = P_("range", "%(low)s to %(high)s")
#: The rank that follows each rank code in a run (numbers count on; A follows K when high
#: and comes before 2 when low).
_NEXT_CODE = {"10": ("11", "J"), "J": ("Q",), "Q": ("K",), "K": ("A",), "A": ("2",)}

VALUES = {
    "french": P_("value", "a French-suited pack"),
    "spanish": P_("value", "a Spanish-suited pack"),
    "high": P_("value", "ace high"),
    "low": P_("value", "ace low"),
    "holder": P_("value", "the holder of the opening card"),
    "holder-of-card": P_("value", "the player holding the %(card)s"),
    "left-of-dealer": P_("value", "the player to the dealer's left"),
    "previous-winner": P_("value", "the winner of the previous deal"),
    "first-out": P_("value", "when the first player has no cards left"),
    "until-playable": P_("value", "as many as it takes"),
    "score": P_("value", "the deal is scored as usual"),
    "winner": P_("value", "the winner takes it"),
    "carry": P_("value", "it stays for the next deal"),
    "first-card": P_("value", "the rank of the first card played"),
    "first-card-per-row": P_("value", "the rank of each row's first card"),
    "all-out": P_("value", "when all players but one are out"),
    "all-empty": P_("value", "when every hand is empty or nobody can play any more"),
    "eliminate": P_("value", "a player who cannot play is eliminated"),
    "players": P_("value", "one per player"),
    "most-chips": P_("value", "the most chips"),
    "most-pots": P_("value", "the most pots taken"),
    "most-deals": P_("value", "the most deals won"),
    "lowest-points": P_("value", "the lowest points total"),
    "highest-points": P_("value", "the highest points total"),
    # the same winner where scores are never above zero, said as the sheet says it
    "fewest-minus-points": P_("value", "the fewest minus points"),
    "fewest-cards-last-deal": P_("value", "the fewest cards left in the last deal"),
    "none": P_("value", "a shared win"),
}
DIRECTIONS = {
    Direction.CLOCKWISE: P_("value", "clockwise, to the left"),
    Direction.COUNTER_CLOCKWISE: P_("value", "counter-clockwise, to the right"),
}
DEALER_NAMES = P_("value", "named by the dealer: one of %(cards)s")
#: ``opening.card: leader-card`` as the value of the opening card.
LEADER_CARD_OPENS = P_("value", "the card that gave the first player the first turn")
BY_HOLDERS = P_(
    "value",
    "The cards laid out before play are dealt like the others; after the deal, whoever holds "
    "one of them lays it face up at its place in the rows.",
)
ON_TABLE = P_(
    "value", "The cards laid out before play are set out on the table before the deal, not dealt."
)
STOCK_EACH = P_("value", "%(count)s cards to each player, the rest as a stock")
STOCK_EQUAL = P_("value", "equal hands, the rest as a stock")
ALL_DEALT = P_("value", "all cards, no stock")
LEFTOVERS_EACH = P_("value", "%(count)s cards to each player, the rest face up for anyone to lay")
LEFTOVERS_EQUAL = P_("value", "equal hands, the rest face up for anyone to lay")
COVER = P_("value", "they lay a card face down instead of passing")
#: Drawing from the stock told as a value: a count drawn whole, a count that grows with each
#: player in a row who could not play, a count the expression sets otherwise.
DRAW_WHOLE = P_("value", "%(count)s, all drawn before any is played")
DRAW_GROWING = P_(
    "value", "%(first)s, and %(step)s more for each player just before who could not play either"
)
DRAW_GROWING_WHOLE = P_(
    "value",
    "%(first)s, and %(step)s more for each player just before who could not play either,"
    " all drawn before any is played",
)
DRAW_VARIES = P_("value", "a number that depends on the state of the deal")
DRAW_NOW_VARIES = P_(
    "difference",
    "A player who cannot play now draws from the stock; how many cards depends on the deal.",
)
DRAW_ALL_FIRST = P_("difference", "They draw all of these cards before playing any.")

#: The deal said as what players now get, with what they got before in brackets (not two
#: value phrases with commas of their own joined by "instead of"); a number of cards for
#: each player is a plural message in :func:`_deal_change` and :func:`_deal_was`.
DEAL_NOW_EQUAL = P_(
    "diff",
    "Everyone is now dealt the same number of cards and the rest form a stock (before, %(old)s).",
)
DEAL_NOW_ALL = P_("diff", "All the cards are now dealt, with no stock (before, %(old)s).")
DEAL_NOW_LEFTOVERS = P_(
    "diff",
    "Everyone is now dealt the same number of cards, and the cards left over lie face up for"
    " anyone to lay (before, %(old)s).",
)
DEAL_WAS_EQUAL = P_("diff", "everyone was dealt the same number of cards")
DEAL_WAS_LEFTOVERS = P_(
    "diff", "everyone was dealt the same number of cards and the cards left over lay face up"
)
DEAL_WAS_ALL = P_("diff", "all the cards were dealt")
#: A card rule (opening card, cards laid out before play) that one of the two rule sets lacks.
OPENING_ADDED = P_("diff", "There is now an opening card: %(card)s.")
OPENING_ADDED_NAMED = P_(
    "diff", "There is now an opening card, which the dealer chooses from %(cards)s."
)
OPENING_DROPPED = P_("diff", "There is no longer a fixed opening card; before, it was %(card)s.")
LEADER_CARD_ADDED = P_(
    "diff", "The first player must now open with the card that gave them the first turn."
)
LEADER_CARD_DROPPED = P_(
    "diff", "The first player no longer has to open with the card that gave them the first turn."
)
#: A fixed opening card that becomes one the dealer picks (Parliament → dealer's seven).
OPENING_NAMED = P_(
    "diff",
    "The dealer now chooses the opening card from %(cards)s; before, it was always %(card)s.",
)
PREPLACED_ADDED = P_("diff", "These cards are now laid out on the table before play: %(cards)s.")
REMOVED_ADDED = P_("diff", "These cards are now taken out of the pack: %(cards)s.")
PREPLACED_DROPPED = P_(
    "diff", "Cards are no longer laid out on the table before play; before, %(cards)s were."
)
#: The rows' starting rank becomes the rank of the first card played (Domino), or back.
START_FROM_FIRST = P_(
    "diff",
    "The rows no longer start from the %(rank)s: the first card played may be any card, and"
    " its rank starts every row.",
)
START_FROM_RANK = P_(
    "diff",
    "The rows now always start from the %(rank)s (before, the first card played could be any"
    " card, and its rank started every row).",
)
#: The play rule's alternatives that such a change replaces (told by that one sentence).
SHIFT_KEYS = {("first", None), ("open-start", None), ("open-rank", None)}
#: The starting rank as a value: the rank's name, or the noun where a language names ranks so.
START_RANK = P_("starting rank", "%(rank)s")
#: No more limit on the passes; the rule for passing past it goes with it.
LIMIT_DROPPED = P_("diff", "There is no longer a limit on passes (before, %(count)s per deal).")
#: A rule the new rule set no longer has, its old wording in brackets: penalties by name,
#: any other rule by its topic.
PENALTY_DROPPED = {
    "transfer": P_("diff", "There is no longer a penalty for having to pass (before: %(old)s)."),
    "voluntary_transfer": P_(
        "diff", "There is no longer a penalty for passing while able to play (before: %(old)s)."
    ),
    "last_card": P_(
        "diff",
        "There is no longer a penalty for not announcing your last card (before: %(old)s).",
    ),
}
NO_LONGER_APPLIES = P_("diff", "%(topic)s: no longer applies (before, %(old)s).")
JOKERS_DROPPED = P_("diff", "The game is no longer played with jokers.")
#: How a session ends, said in one sentence when its length, target or cap changes; the
#: clauses with a number are plural messages in :func:`_session_end`.
#: The frame depends on whether each clause is an "as soon as" clause, which German and
#: Russian set off with a comma ("Die Partie endet jetzt, sobald …"; "(bisher nach …)").
SESSION_CHANGED = {
    (False, False): P_(
        "session: after, before after", "The session now ends %(new)s (before: %(old)s)."
    ),
    (False, True): P_(
        "session: after, before as soon as", "The session now ends %(new)s (before: %(old)s)."
    ),
    (True, False): P_(
        "session: as soon as, before after", "The session now ends %(new)s (before: %(old)s)."
    ),
    (True, True): P_(
        "session: as soon as, before as soon as",
        "The session now ends %(new)s (before: %(old)s).",
    ),
}
#: A new session end with a target and a cap on the deals: the cap is a placeholder of its
#: own (``%(cap)s``, "five deals"), so that a language can say it as a sentence of its own
#: (Japanese: 「…終わるようになります。最大5ゲームです（これまでは…）。」).
SESSION_CAPPED = {
    False: P_(
        "session: as soon as with a cap, before after",
        "The session now ends %(new)s, but after %(cap)s at the latest (before: %(old)s).",
    ),
    True: P_(
        "session: as soon as with a cap, before as soon as",
        "The session now ends %(new)s, but after %(cap)s at the latest (before: %(old)s).",
    ),
}
SESSION_PLAYERS = P_("session", "after one deal per player")
#: The session's winner changed, as a sentence; the values are those of :data:`VALUES`.
WINNER_CHANGED = P_(
    "diff", "The session is now won by the player with %(new)s, not by the one with %(old)s."
)
#: The fields that make up how long a session lasts.
LENGTH_FIELDS = ("deals", "target_chips", "target_points", "target_deals")

TOPICS = {
    "preset": P_("topic", "Deck"),
    "ace": P_("topic", "Position of the ace"),
    "suits": P_("topic", "Suits"),
    "ranks": P_("topic", "Ranks"),
    "copies": P_("topic", "Number of packs"),
    "removed": P_("topic", "Cards removed"),
    "players": P_("topic", "Number of players"),
    "best": P_("topic", "Best number of players"),
    "teams": P_("topic", "Teams"),
    "start": P_("topic", "Starting rank of the rows"),
    "rows": P_("topic", "Rows per suit"),
    "wrap": P_("topic", "Turning the corner"),
    "direction": P_("topic", "Direction of play"),
    "preplaced": P_("topic", "Cards laid out before the deal"),
    "by_holders": P_("topic", "Who lays out the cards laid out before play"),
    "deal": P_("topic", "The deal"),
    "draw": P_("topic", "Most cards drawn from the stock by a player who cannot play"),
    "cover": P_("topic", "When a player cannot play"),
    "compulsory": P_("topic", "Cards that must be played"),
    "opening": P_("topic", "Opening card"),
    "leader": P_("topic", "First player"),
    "limit": P_("topic", "Most passes per deal"),
    "over_limit": P_("topic", "After the last allowed pass"),
    "voluntary_transfer": P_("topic", "Penalty for passing while able to play"),
    "voluntary_with_transfer": P_(
        "topic", "Passing while able to play also moves the cards of a forced pass"
    ),
    "transfer": P_("topic", "Penalty for having to pass"),
    "last_card": P_("topic", "Penalty for not announcing the last card"),
    "jokers": P_("topic", "Jokers"),
    "trumps": P_("topic", "Trumps"),
    "deals": P_("topic", "Deals in a session"),
    "target_chips": P_("topic", "Chips that end the session early"),
    "target_points": P_("topic", "Points total that ends the session early"),
    "target_deals": P_("topic", "Deals won that end the session early"),
    "session_winner": P_("topic", "Winner of the session"),
    "tiebreak": P_("topic", "Tie in the session"),
    "legal": P_("topic", "What may be played"),
    "chips": P_("topic", "Playing for chips"),
    "follow_when": P_("topic", "An extra card may follow when"),
    "follow_allow": P_("topic", "The extra card must satisfy"),
    "follow_optional": P_("topic", "The extra card is optional"),
    "voluntary": P_("topic", "Passing while able to play"),
    "cost": P_("topic", "Cost of a pass"),
    "voluntary_cost": P_("topic", "Cost of a voluntary pass"),
    "end": P_("topic", "End of the deal"),
    "blocked": P_("topic", "When nobody can play"),
    "ante": P_("topic", "Ante"),
    "pot": P_("topic", "The pot"),
    "pay_winner": P_("topic", "Paid to the winner by each other player"),
    "points": P_("topic", "Points"),
    "values": P_("topic", "Point values of the cards"),
}
#: The ranks' topic where the new pack is one of colours (no word for "suit" in it).
RANKS_OF_COLOURS = P_("topic: colour pack", "Ranks")
#: Teams (players.teams), as a value of the "Teams" topic.
PAIRS = P_("value", "pairs, partners opposite each other")
TEAMS_OF = P_("value", "teams of %(size)s spread evenly around the table")

#: Fields told by their new wording alone (conditions and amounts).
TOLD_NEW = {
    "legal",
    "compulsory",
    "by_holders",
    "follow_when",
    "follow_allow",
    "ante",
    "pay_winner",
    "points",
    "cost",
    "voluntary_cost",
}

Describer = Callable[[Lang, AnalysedRules], str]


def _value(lang: Lang, key: object) -> str:
    if key is None:
        return lang.marked(NONE)
    if isinstance(key, bool):
        return lang.marked(YES if key else NO)
    mark = VALUES.get(str(key))
    return lang.marked(mark) if mark else str(key)


def _expr(lang: Lang, rules: AnalysedRules, analysed: Analysed | None) -> str:
    if analysed is None:
        return lang.marked(NONE)
    return sentence(lang, rules.spec.deck, analysed.tree)


def _players(lang: Lang, rules: AnalysedRules) -> str:
    """The number of players: "4" where it is fixed (not "4–4"), else "4–10"."""
    low, high = rules.spec.players.min, rules.spec.players.max
    return str(low) if low == high else lang.marked(RANGE, min=low, max=high)


def _amount(lang: Lang, rules: AnalysedRules, analysed: Analysed | None, table: Shapes) -> str:
    """An amount: its hand-written sentence if it has a known shape, else its wording."""
    if _zero_none(analysed) is None:
        return lang.marked(NONE)
    assert analysed is not None
    if table is POINTS:
        spec = rules.spec
        shaped = points_sentence(lang, analysed.tree, highest_place(spec), everyone_ranked(spec))
        # a worked example at the rule set's own end of a deal, as its rule sheet shows it
        worked = amount_words(lang, rules.spec.deck, analysed.tree, rules_deal(rules))
        return shaped or _chips_amount(lang, analysed) or worked
    shaped = table_sentence(lang, table, analysed.tree)
    return shaped or _chips_amount(lang, analysed) or _expr(lang, rules, analysed)


def _chips_amount(lang: Lang, analysed: Analysed | None) -> str | None:
    """A constant number of chips with its unit ("1 chip"), or ``None``."""
    if analysed is None or not isinstance(analysed.tree, TConst):
        return None
    n = int(analysed.tree.value)
    return lang.ngettext("%(count)s chip", "%(count)s chips", n) % {
        "count": lang.count(n, "amount")
    }


def _play_changes(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """One sentence per alternative of the play rule that ``b`` adds or drops (an
    alternative replaced by one other is told by its new wording), or ``None`` unless
    both play rules are made of known shapes."""
    old, new = _shaped_parts(lang, a), _shaped_parts(lang, b)
    if old is None or new is None:
        return None
    told = SHIFT_KEYS if _start_shift(a, b) else set()  # said by the starting-rank line
    added = [text for key, text in new if key not in {k for k, _ in old} | told]
    dropped = [text for key, text in old if key not in {k for k, _ in new} | told]
    held = _held_change(lang, a, b)
    if not added and not dropped:
        return held
    if len(added) == 1 and len(dropped) == 1:
        topic = lang.marked(TOPICS["legal"])
        return [lang.marked(NOW, topic=topic, new=_sentence_end(added[0], lang)), *held]
    return (
        [_sentence_end(lang.marked(PLAY_ADDED, rule=t), lang) for t in added]
        + [_sentence_end(lang.marked(PLAY_DROPPED, rule=t), lang) for t in dropped]
        + held
    )


#: The play rule gains or loses "whoever holds a 7 must play a 7 first" (the rest of the
#: rule, how a card extends a row, stays the same and is not repeated).
HELD_NOW = P_(
    "diff", "You must now play %(rank_nom_indef)s before any other card whenever you hold one."
)
HELD_DROPPED = P_(
    "diff", "You no longer have to play %(rank_nom_indef)s before any other card when you hold one."
)


def _held_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str]:
    """The "must play a 7 first while holding one" clause, if only one rule set has it
    (or they name different ranks): what changed, as one sentence."""
    old, new = _held_rank(a), _held_rank(b)
    if old == new:
        return []
    lines = []
    if old is not None:
        lines.append(lang.marked(HELD_DROPPED, **rank_forms(lang, a.spec.deck, old)))
    if new is not None:
        lines.append(lang.marked(HELD_NOW, **rank_forms(lang, b.spec.deck, new)))
    return lines


def _held_rank(rules: AnalysedRules) -> int | None:
    """The rank a player must play first while holding one (Mandatory 7), or ``None``."""
    for shape in (play_shape(p) for p in flatten(rules.legal.tree, "or")):
        if shape is not None and shape[0] == "extend-unless-held":
            return shape[1]
    return None


def _shaped_parts(lang: Lang, rules: AnalysedRules) -> list[tuple[object, str]] | None:
    """The play rule's alternatives as (comparison key, wording without the list's ``;``)."""
    parts = flatten(rules.legal.tree, "or")
    texts = play_sentences(lang, rules.spec.deck, parts, held_apart=True)
    if texts is None:
        return None
    start = rules.spec.layout.start_rank
    shapes = [s for s in (play_shape(p) for p in parts) if s is not None]
    keys = [_part_key(name, None if rank == start else rank) for name, rank in shapes]
    return [(k, t.rstrip(";.").rstrip()) for k, t in zip(keys, texts, strict=True)]


def _part_key(name: str, rank: int | None) -> tuple[str, int | None]:
    """An alternative's comparison key: "extend unless holding a 7" extends a row like
    "extend" (its held clause is compared apart, :func:`_held_change`)."""
    return ("extend", None) if name == "extend-unless-held" else (name, rank)


#: A play rule of no known shape: the rule sheet shows it by worked examples, so the diff
#: names it rather than reading its condition out.
OWN_PLAY_RULE = P_("diff", "a play rule of its own, which the rule sheet shows by worked examples")
#: Two play rules of no known shape that differ.
OTHER_OWN_PLAY_RULE = P_(
    "diff", "another play rule of its own, which the rule sheet shows by worked examples"
)


def _legal(lang: Lang, rules: AnalysedRules) -> str:
    """The play rule as its shape bullets joined in one sentence, or "a play rule of its
    own" (never its condition read out)."""
    parts = flatten(rules.legal.tree, "or")
    shaped = play_sentences(lang, rules.spec.deck, parts)
    return " ".join(shaped) if shaped else lang.marked(OWN_PLAY_RULE)


def _legal_key(rules: AnalysedRules) -> object:
    """The play rule, with a starting-rank constant equal to the rows' start rank
    abstracted away (that change is reported once, as the starting rank)."""
    shapes = [play_shape(p) for p in flatten(rules.legal.tree, "or")]
    if any(s is None for s in shapes):
        return rules.legal.tree
    start = rules.spec.layout.start_rank
    return [(n, None if r == start else r) for n, r in (s for s in shapes if s)]


def _values(lang: Lang, rules: AnalysedRules) -> str:
    deck = rules.spec.deck
    return ", ".join(f"{rank_letter(lang, deck, i)} = {r.value}" for i, r in enumerate(deck.ranks))


def _changed_values(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> str | None:
    """Only the values a reader of the new ranks cannot guess: ``J = 11 instead of 10`` for a
    rank of both packs whose value changed, ``Z = 5`` for a new rank that does not count its
    own number; ``None`` when there is none (the ranks line tells a new pack of numbered
    cards each worth its number; a list "1 = 1, 2 = 2, …" would be noise)."""
    old, new = a.spec.deck, b.spec.deck
    changes = []
    for i, r in enumerate(new.ranks):
        j = old.rank_index(r.code)
        if j is not None and old.ranks[j].value != r.value:
            forms = rank_forms(lang, new, i)
            changes.append(lang.marked(VALUE_CHANGE, **forms, new=r.value, old=old.ranks[j].value))
        elif j is None and r.code != str(r.value):
            changes.append(f"{rank_letter(lang, new, i)} = {r.value}")
    if not changes:
        return None
    return lang.marked(
        CHANGED_LIST, topic=lang.marked(TOPICS["values"]), items=lang.join_and(changes)
    )


def _cards(lang: Lang, rules: AnalysedRules, faces: list[int]) -> str:
    deck = rules.spec.deck
    return lang.join_and([card_phrase(lang, deck, f) for f in faces]) or lang.marked(NONE)


def _start(lang: Lang, rules: AnalysedRules) -> str:
    layout = rules.spec.layout
    if layout.start_rank is not None:
        return lang.marked(START_RANK, **rank_forms(lang, rules.spec.deck, layout.start_rank))
    return _value(lang, "first-card-per-row" if layout.start_per_row else "first-card")


def _stock_share(lang: Lang, stock: int) -> str:
    """``deal.stock`` as a value: equal hands, at least ``stock`` cards left for the stock."""
    text = lang.ngettext(
        "equal hands, at least %(count)s card left as a stock",
        "equal hands, at least %(count)s cards left as a stock",
        stock,
    )
    return text % {"count": stock}


def _deal(lang: Lang, rules: AnalysedRules) -> str:
    deal = rules.spec.deal
    if deal.stock:
        return _stock_share(lang, deal.stock)
    if deal.hand_size is not None:
        each = LEFTOVERS_EACH if deal.leftovers else STOCK_EACH
        return lang.marked(each, count=lang.count(deal.hand_size, "card"))
    if deal.leftovers:
        return lang.marked(LEFTOVERS_EQUAL)
    return lang.marked(STOCK_EQUAL if deal.equal_hands else ALL_DEALT)


def _draw(lang: Lang, rules: AnalysedRules) -> str:
    """The cards a player who cannot play draws, as the draw claim tells them (an expression
    is never read out: a count that grows by player in a row, or one that varies)."""
    claim = draw_claim(rules)
    if claim is None:
        return lang.marked(NONE)
    if claim.varies:
        return lang.marked(DRAW_VARIES)
    if claim.first is None:
        return _value(lang, "until-playable")
    if claim.step:
        growing = DRAW_GROWING_WHOLE if claim.whole else DRAW_GROWING
        return lang.marked(growing, first=claim.first, step=claim.step)
    return lang.marked(DRAW_WHOLE, count=claim.first) if claim.whole else str(claim.first)


def _compulsory(lang: Lang, rules: AnalysedRules) -> str:
    if rules.compulsory is None:
        return lang.marked(NONE)
    deck, tree = rules.spec.deck, rules.compulsory.tree
    return compulsory_sentence(lang, deck, tree, sentence(lang, deck, tree))


def _opening(lang: Lang, rules: AnalysedRules) -> str:
    opening, deck = rules.spec.opening, rules.spec.deck
    if opening.leader_card_opens:
        return lang.marked(LEADER_CARD_OPENS)
    if opening.choices:
        return lang.marked(
            DEALER_NAMES, cards=lang.join_or([card_full(lang, deck, f) for f in opening.choices])
        )
    return card_phrase(lang, deck, opening.card) if opening.card is not None else lang.marked(NONE)


#: Who leads when the first card of a rank in suit order leads (Elfer raus!), as the sheet
#: says it, instead of the generic "lowest of the cards for which …" formula.
LEADER_OF_RANK = P_(
    "value",
    "the player holding the %(rank)s of the suit listed first"
    " (if nobody does, of the next suit, and so on)",
)


#: The same for a pack of colours, not suits (a player of Elfer raus! speaks of colours).
LEADER_OF_RANK_COLOUR = P_(
    "value",
    "the player holding the %(rank)s of the colour listed first"
    " (if nobody does, of the next colour, and so on)",
)


def _leader(lang: Lang, rules: AnalysedRules) -> str:
    opening = rules.spec.opening
    if opening.leader == "holder-of-lowest" and (rank := leader_rank(rules)) is not None:
        deck = rules.spec.deck
        forms = {"rank": rank_name(lang, deck, rank), **rank_forms(lang, deck, rank)}
        mark = LEADER_OF_RANK_COLOUR if colour_suits(deck) else LEADER_OF_RANK
        return lang.marked(mark, **forms)
    if opening.leader == "holder-of-lowest":
        return lowest_holder(lang, rules) or lang.marked(NONE)
    if opening.leader == "holder-of-card" and opening.leader_card is not None:
        card = card_forms(lang, rules.spec.deck, opening.leader_card)
        return lang.marked(VALUES["holder-of-card"], **card)
    return _value(lang, rules.spec.opening.leader)


def _transfer(lang: Lang, transfer: Transfer | None) -> str:
    return transfer_text(lang, transfer) if transfer is not None else lang.marked(NONE)


#: The parts of the joker rules, joined into one value.
JOKER_COUNT = P_(
    "value", "%(count)s in the pack, each put into any place where a card may be played"
)
JOKER_MUST = P_(
    "value", "the holder of the card it stands for must play that card and take the joker"
)
JOKER_MAY = P_(
    "value", "the holder of the card it stands for may play that card and take the joker"
)
JOKER_NOT_LAST = P_("value", "nobody may go out on a joker")
JOKER_HOLDER_LAST = P_("value", "its last holder ranks last")
#: Between the parts of the joker rules (Japanese closes each as a sentence instead).
JOKER_SEPARATOR = P_("separator", "; ")


def _jokers(lang: Lang, rules: AnalysedRules) -> str:
    if rules.spec.wild is None:
        return lang.marked(NONE)
    return lang.marked(JOKER_SEPARATOR).join(_joker_parts(lang, rules))


def _joker_parts(lang: Lang, rules: AnalysedRules) -> list[str]:
    """The joker rules, one clause each (none without jokers)."""
    wild = rules.spec.wild
    if wild is None:
        return []
    parts = [lang.marked(JOKER_COUNT, count=str(lang.count(wild.jokers, "jokers")))]
    parts.append(lang.marked(JOKER_MAY if wild.redeem_optional else JOKER_MUST))
    if not wild.out_on_joker:
        parts.append(lang.marked(JOKER_NOT_LAST))
    if wild.holder_last:
        parts.append(lang.marked(JOKER_HOLDER_LAST))
    return parts


def _session(rules: AnalysedRules, name: str) -> object:
    session = rules.spec.session
    if session is None:
        return None
    value = getattr(session, name)
    return "players" if name == "deals" and value is None else value


#: The sheet's own sentence for a number of deals that only bounds a session played to a
#: target (``agreed: [session.cap]``): the cap said as a cap, not as the session's length.
CAPPED = (
    "Deals are played until the session ends as described below; so that it cannot go on for"
    " ever, this rule set stops after %(count)s deals at the latest."
)


def _session_value(lang: Lang, rules: AnalysedRules, name: str) -> str:
    value = _session(rules, name)
    from .sheet import minus_only  # the sheet owns this test

    if name == "winner" and value == "highest-points" and minus_only(rules):
        value = "fewest-minus-points"
    if name == "deals" and isinstance(value, int) and "session.cap" in rules.spec.naming.agreed:
        return lang.gettext(CAPPED) % {"count": value}
    if not isinstance(value, int) or isinstance(value, bool):
        return _value(lang, value)
    if name.startswith("target") and "session.target" in rules.spec.naming.agreed:
        return lang.marked(AGREED, value=value)
    return str(value)


def _session_deals(rules: AnalysedRules) -> object:
    """The number of deals, unless it only bounds a session played to an agreed target
    (the sheet leaves such a bound out, and so does the comparison)."""
    if "session.target" in rules.spec.naming.agreed:
        return "n/a"
    return _session(rules, "deals")


def _teams(lang: Lang, rules: AnalysedRules) -> str:
    """The teams the players form: none, pairs, or teams of a size."""
    size = rules.spec.players.team_size
    if size is None:
        return lang.marked(NONE)
    return lang.marked(PAIRS) if size == 2 else lang.marked(TEAMS_OF, size=str(size))


def _best(rules: AnalysedRules) -> object:
    """The recommended number of players: advice, compared only where both rule sets give it."""
    from .sheet import best_players  # the sheet owns this test

    return best_players(rules.spec) or "n/a"


#: Chip amounts: no line for them when the new rule set has no chips ("Playing for chips" says so).
CHIP_FIELDS = frozenset({"cost", "voluntary_cost", "ante", "pay_winner"})


def _applies(field: str, new: AnalysedRules) -> bool:
    """Whether a change of ``field`` can matter under the new rules: chip amounts need chips,
    and points dropped by a rule set that plays for chips are told by "Playing for chips"."""
    if field in CHIP_FIELDS:
        return new.spec.chips is not None
    if field == "points":
        return new.spec.chips is None or _zero_none(new.points) is not None
    if field == "follow_optional":  # no extra card any more: its dropped condition says so
        return new.spec.follow_up is not None
    if field == "over_limit":  # no limit on passes any more: nothing happens past it
        return new.spec.passing.limit is not None
    return True


def _allow_key(rules: AnalysedRules) -> object:
    """The extra card's condition; one that always holds adds nothing to the trigger."""
    if rules.follow_allow is None:
        return None
    tree = rules.follow_allow.tree
    return None if canon(tree) == "true" else tree


def _suits(lang: Lang, rules: AnalysedRules) -> str:
    deck = rules.spec.deck
    return lang.join_and([suit_name(lang, deck, i) for i in range(len(deck.suits))])


def _ranks(lang: Lang, rules: AnalysedRules) -> str:
    """The ranks in order, each run of four or more said as a range: "2 to ace", or
    "ace to 7, jack, knight and king" for a Spanish pack."""
    deck = rules.spec.deck
    parts: list[str] = []
    for run in _rank_runs(deck):
        if len(run) > 3:  # "jack, knight and king" reads better than "jack to king"
            parts.append(_rank_run(lang, deck, run[0], run[-1]))
        else:
            parts.extend(rank_name(lang, deck, i) for i in run)
    return parts[0] if len(parts) == 1 else lang.join_and(parts)


def _rank_run(lang: Lang, deck: Deck, low: int, high: int) -> str:
    """A range of ranks, "2 to ace", with each end in the case forms the language wants."""
    ends = {"low" + k[4:]: v for k, v in rank_forms(lang, deck, low).items()}
    ends |= {"high" + k[4:]: v for k, v in rank_forms(lang, deck, high).items()}
    return lang.marked(RANK_RUN, **ends)


def _follows(code: str, after: str) -> bool:
    """Whether rank code ``after`` comes right after ``code`` in a pack without gaps."""
    if code.isdigit() and after.isdigit() and int(after) == int(code) + 1:
        return True
    return after in _NEXT_CODE.get(code, ())


def _chips(rules: AnalysedRules, name: str) -> object:
    chips = rules.spec.chips
    return getattr(chips, name) if chips is not None else None


#: field → how to describe its value in one rulespec (the key used for comparison, the wording).
FIELDS: dict[str, tuple[Callable[[AnalysedRules], object], Describer]] = {
    "preset": (lambda r: r.spec.deck.preset, lambda lang, r: _value(lang, r.spec.deck.preset)),
    "ace": (lambda r: r.spec.deck.ace, lambda lang, r: _value(lang, r.spec.deck.ace)),
    "suits": (lambda r: [(s.code, s.name) for s in r.spec.deck.suits], _suits),
    # the order of the ranks changes with the ace, which is reported on its own
    "ranks": (lambda r: sorted((k.code, k.name) for k in r.spec.deck.ranks), _ranks),
    "copies": (lambda r: r.spec.deck.copies, lambda lang, r: str(r.spec.deck.copies)),
    "removed": (
        lambda r: sorted(r.spec.deck.removed),
        lambda lang, r: _cards(lang, r, sorted(r.spec.deck.removed)),
    ),
    "players": (
        lambda r: (r.spec.players.min, r.spec.players.max),
        lambda lang, r: _players(lang, r),
    ),
    "best": (_best, lambda lang, r: _value(lang, r.spec.players.best)),
    "teams": (lambda r: r.spec.players.team_size, _teams),
    "start": (lambda r: effective(r).contract["start"], _start),
    "rows": (
        lambda r: r.spec.layout.rows_per_suit,
        lambda lang, r: str(r.spec.layout.rows_per_suit),
    ),
    "wrap": (lambda r: r.spec.layout.wrap, lambda lang, r: _value(lang, r.spec.layout.wrap)),
    "direction": (
        lambda r: r.spec.direction,
        lambda lang, r: lang.marked(DIRECTIONS[r.spec.direction]),
    ),
    "preplaced": (
        lambda r: r.spec.layout.preplaced,
        lambda lang, r: _cards(lang, r, list(r.spec.layout.preplaced)),
    ),
    "by_holders": (
        lambda r: r.spec.layout.by_holders if r.spec.layout.preplaced else "n/a",
        lambda lang, r: lang.marked(BY_HOLDERS if r.spec.layout.by_holders else ON_TABLE),
    ),
    "deal": (
        lambda r: (
            r.spec.deal.hand_size,
            r.spec.deal.equal_hands,
            r.spec.deal.stock,
            r.spec.deal.leftovers,
        ),
        _deal,
    ),
    "opening": (lambda r: effective(r).contract["opening"], _opening),
    "leader": (
        lambda r: (
            r.spec.opening.leader,
            r.leader_cards and r.leader_cards.tree,
            r.spec.opening.leader_card,
        ),
        _leader,
    ),
    "values": (lambda r: {k.code: k.value for k in r.spec.deck.ranks}, _values),
    "legal": (_legal_key, _legal),
    "compulsory": (lambda r: r.compulsory and r.compulsory.tree, _compulsory),
    "follow_when": (
        lambda r: r.follow_when and r.follow_when.tree,
        lambda lang, r: _expr(lang, r, r.follow_when),
    ),
    "follow_allow": (
        _allow_key,
        lambda lang, r: _expr(lang, r, r.follow_allow),
    ),
    "follow_optional": (
        lambda r: r.spec.follow_up and r.spec.follow_up.optional,
        lambda lang, r: _value(lang, r.spec.follow_up and r.spec.follow_up.optional),
    ),
    "last_card": (lambda r: r.spec.last_card, lambda lang, r: _transfer(lang, r.spec.last_card)),
    "jokers": (lambda r: r.spec.wild, lambda lang, r: _jokers(lang, r)),
    "trumps": (lambda r: r.spec.trumps, lambda lang, r: " ".join(_trump_lines(lang, r))),
    # playing for chips, then the ante, before the cost of a pass (a reader's order)
    "chips": (
        lambda r: r.spec.chips is not None,
        lambda lang, r: _value(lang, r.spec.chips is not None),
    ),
    "ante": (
        lambda r: _zero_none(r.ante),
        lambda lang, r: _amount(lang, r, r.ante, ANTE_SHAPES),
    ),
    "voluntary": (
        lambda r: r.spec.passing.voluntary,
        lambda lang, r: _value(lang, r.spec.passing.voluntary),
    ),
    "cost": (
        lambda r: _zero_none(r.pass_cost),
        lambda lang, r: _amount(lang, r, r.pass_cost, {}),
    ),
    "voluntary_cost": (
        lambda r: _zero_none(r.voluntary_pass_cost) if r.spec.passing.voluntary else None,
        lambda lang, r: _amount(lang, r, r.voluntary_pass_cost, {}),
    ),
    "transfer": (
        lambda r: r.spec.passing.transfer,
        lambda lang, r: _transfer(lang, r.spec.passing.transfer),
    ),
    "draw": (draw_claim, _draw),
    "cover": (
        lambda r: r.spec.passing.cover or None,
        lambda lang, r: lang.marked(COVER) if r.spec.passing.cover else lang.marked(NONE),
    ),
    "voluntary_transfer": (
        lambda r: r.spec.passing.voluntary_transfer,
        lambda lang, r: _transfer(lang, r.spec.passing.voluntary_transfer),
    ),
    "voluntary_with_transfer": (
        lambda r: (
            r.spec.passing.voluntary_with_transfer
            if r.spec.passing.voluntary and r.spec.passing.transfer is not None
            else None
        ),
        lambda lang, r: _value(lang, r.spec.passing.voluntary_with_transfer),
    ),
    "limit": (
        lambda r: r.spec.passing.limit,
        lambda lang, r: _value(
            lang,
            r.spec.passing.limit if r.spec.passing.limit is None else str(r.spec.passing.limit),
        ),
    ),
    "over_limit": (
        lambda r: r.spec.passing.over_limit,
        lambda lang, r: _value(lang, r.spec.passing.over_limit),
    ),
    "end": (lambda r: r.spec.end_when, lambda lang, r: _value(lang, r.spec.end_when)),
    "blocked": (lambda r: r.spec.blocked, lambda lang, r: _value(lang, r.spec.blocked)),
    "pot": (
        lambda r: _chips(r, "pot") if r.spec.chips else "n/a",
        lambda lang, r: _value(lang, _chips(r, "pot")),
    ),
    "pay_winner": (
        lambda r: _zero_none(r.pay_winner),
        lambda lang, r: _amount(lang, r, r.pay_winner, PAY_NOW_SHAPES),
    ),
    "points": (lambda r: _zero_none(r.points), lambda lang, r: _amount(lang, r, r.points, POINTS)),
    "deals": (_session_deals, lambda lang, r: _session_value(lang, r, "deals")),
    "target_chips": (
        lambda r: _session(r, "target_chips"),
        lambda lang, r: _session_value(lang, r, "target_chips"),
    ),
    "target_points": (
        lambda r: _session(r, "target_points"),
        lambda lang, r: _session_value(lang, r, "target_points"),
    ),
    "target_deals": (
        lambda r: _session(r, "target_deals"),
        lambda lang, r: _session_value(lang, r, "target_deals"),
    ),
    "session_winner": (
        lambda r: _session(r, "winner"),
        lambda lang, r: _session_value(lang, r, "winner"),
    ),
    "tiebreak": (
        lambda r: _session(r, "tiebreak"),
        lambda lang, r: _session_value(lang, r, "tiebreak"),
    ),
}


def _zero_none(analysed: Analysed | None) -> object:
    """An amount's tree, with 'none' and a constant 0 compared as the same."""
    if analysed is None or canon(analysed.tree) == "#0":
        return None
    return analysed.tree


def _uses_values(rules: AnalysedRules) -> bool:
    from .sheet import uses_value  # the sheet owns this test

    return uses_value(rules)


FOLLOW_FIELDS = ("follow_when", "follow_allow", "follow_optional")


def _follow_shape(lang: Lang, rules: AnalysedRules) -> str | None:
    """The sheet's own sentence for the extra card after a play, if it has one ("Whoever
    plays an ace or a king may immediately play one more card.")."""
    follow = rules.spec.follow_up
    if follow is None or rules.follow_when is None or rules.follow_allow is None:
        return None
    deck, when, allow = rules.spec.deck, rules.follow_when.tree, rules.follow_allow.tree
    shapes = turn_shapes(when, allow, follow.optional, follow.max, deck.copies)
    if shapes:
        return turn_sentence(lang, shapes)
    one_row, suitless = rules.spec.layout.one_row_at_a_time, not rules.spec.layout.rows_follow_suit
    return follow_sentence(lang, deck, when, allow, follow.optional) or free_follow_sentence(
        lang, deck, when, allow, follow.optional, follow.max, one_row, suitless
    )


#: The component of the effective rules (:mod:`.effective`) each field tells; ``None``: not a
#: rule of play (the best number of players is advice), told only beside a real change.
FIELD_COMPONENT: dict[str, str | None] = {
    **{field: field for field in FIELDS},
    "preset": "cards",
    "ace": "cards",
    "suits": "cards",
    "ranks": "cards",
    "best": None,
    "follow_when": "follow",
    "follow_allow": "follow",
    "follow_optional": "follow",
}
#: Components a told change of another one already says: a sentence about dropping chips
#: says the pot, the ante and the payments went with them; new card values say what every
#: amount and condition reading them now answers.
TELLS_TOO = {
    "chips": {"pot", "ante", "pay_winner", "cost", "voluntary_cost", "points"},
    "preplaced": {"by_holders"},
    # a pass by choice that moves a forced pass's cards stops or starts with either rule
    "voluntary": {"voluntary_cost", "voluntary_transfer", "voluntary_with_transfer"},
    "transfer": {"voluntary_with_transfer"},
    **{field: set(LENGTH_FIELDS) for field in LENGTH_FIELDS},
    "values": {"legal", "cost", "voluntary_cost", "ante", "pay_winner", "points"},
    "limit": {"over_limit"},
    "start": {"legal"},
}
#: A change in play that the rule sheets of both rule sets word alike (their sentences for
#: this rule are the same).
UNWORDED = P_("diff", "%(topic)s: said in the same words as before, but it now plays differently.")
#: The topic said for a component without a field of its own.
COMPONENT_TOPIC = {"cards": "preset", "follow": "follow_when"}


def differences(a: AnalysedRules, b: AnalysedRules, lang: Lang) -> list[str]:
    """One sentence per rule in which ``b`` plays differently from ``a``, in model order.

    What plays is compared first (:mod:`.effective`: the contract record and what each
    condition answers), so a rule written another way is no difference and a change the
    YAML keys hide is one.  Each field whose component changed is then told as the rule
    sheet words it; a field whose wording is the same in both (say, the same rank at a
    different index after moving the ace) is not told, and a change no field tells is
    said on its own.
    """
    changed, uncertain = changed_components(effective(a), effective(b))
    if not changed and not uncertain:
        return []
    found: list[str] = []
    told: set[str] = set()
    follow = _follow_shape(lang, b)  # said as the sheet says it, not field by field
    for field, (key, _describe) in FIELDS.items():
        component = FIELD_COMPONENT[field]
        if component is not None and component not in changed | uncertain:
            continue  # written another way, or not at all, but it plays the same
        if key(a) == key(b) or "n/a" in (key(a), key(b)):
            continue
        if not _applies(field, b) and not (field == "points" and "chips" not in changed):
            continue  # told by the chips' own sentence, where chips changed
        lines = _field_lines(lang, field, a, b, follow, found)
        found += [line for line in lines if line not in found]
        if lines and component is not None:
            told |= {component, *TELLS_TOO.get(component, set())}
    if not _uses_values(b) or _changed_values(lang, a, b) is None:
        told.add("values")  # values no rule reads change nothing; numbers are told by ranks
    for component in sorted(changed - told, key=list(FIELD_COMPONENT.values()).index):
        topic = lang.marked(TOPICS[COMPONENT_TOPIC.get(component, component)])
        found.append(lang.marked(UNWORDED, topic=topic))
    if found and _scores_follow(lang, a, b):
        found.append(lang.marked(SCORES_FOLLOW))
    return found


#: The scoring rule is written as before, but what it gives changes with the other rules
#: (a place-scoring rule when the deal now ends at the first player out: the others have
#: no place).  A reader of "What differs" alone would keep the old scores in mind.
SCORES_FOLLOW = P_(
    "diff",
    "The scoring rule is the same, but with these changes it gives other scores: see “Scoring”"
    " below.",
)


def _scores_follow(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> bool:
    """Whether the sheet tells the scores of ``b`` otherwise than those of ``a`` although
    both write the same scoring rules (a changed rule has its own sentence)."""
    pairs = ((a.points, b.points), (a.pay_winner, b.pay_winner), (a.ante, b.ante))
    same_rules = all(_same_amount(old, new) for old, new in pairs)
    return same_rules and scoring_context(lang, a) != scoring_context(lang, b)


def _same_amount(old: Analysed | None, new: Analysed | None) -> bool:
    """Whether two amounts are written alike (both absent, or the same canonical text)."""
    if old is None or new is None:
        return old is new
    return canon(old.tree) == canon(new.tree)


def _field_lines(
    lang: Lang,
    field: str,
    a: AnalysedRules,
    b: AnalysedRules,
    follow: str | None,
    found: list[str],
) -> list[str]:
    """The sentences telling a change of ``field`` (none when its wording is the same)."""
    old_key, new_key = FIELDS[field][0](a), FIELDS[field][0](b)
    if field in FOLLOW_FIELDS and follow is not None:
        return [follow] if follow != _follow_shape(lang, a) else []
    if field in FOLLOW_FIELDS and b.spec.follow_up is None and a.spec.follow_up is not None:
        return [lang.marked(FOLLOW_DROPPED)]
    if field == "values":
        values = _changed_values(lang, a, b) if _uses_values(b) else None
        return [values] if values else []  # values that no rule reads change nothing
    if (told := _told(lang, field, a, b)) is not None:
        return told
    if field == "legal" and (changes := _play_changes(lang, a, b)) is not None:
        return changes
    if field in DEPENDENT_SWITCHES and None in (old_key, new_key):
        return []
    if field in SWITCHES and isinstance(old_key, bool) and isinstance(new_key, bool):
        return [_switch(lang, field, b, new_key)]
    if field == "ace" and (None in (old_key, new_key) or not (_has_ace(a) and _has_ace(b))):
        return []  # a pack without an ace (or a movable one): the ranks line says it
    describe = FIELDS[field][1]
    old, new = describe(lang, a), describe(lang, b)
    if field == "legal" and old == new:  # two play rules of their own, not the same
        topic = lang.marked(TOPICS["legal"])
        return [
            _sentence_end(lang.marked(NOW, topic=topic, new=lang.marked(OTHER_OWN_PLAY_RULE)), lang)
        ]
    if old == new:
        return []
    added = old_key is None and field not in ("opening", "removed", "preplaced")
    colours = colour_suits(b.spec.deck)  # the ranks' topic follows the new pack
    return [_sentence(lang, field, old, new, added, colours)]


def _has_ace(rules: AnalysedRules) -> bool:
    """Whether the pack has an ace at all (Elfer raus!'s 1 to 20 has none)."""
    return any(r.code == "A" for r in rules.spec.deck.ranks)


Told = Callable[[Lang, AnalysedRules, AnalysedRules], "list[str] | None"]


def _told(lang: Lang, field: str, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The lines for a change of ``field`` that reads better as a sentence of its own than
    as "topic: new instead of old", or ``None`` to describe it the usual way."""
    if field in LENGTH_FIELDS:
        return _session_change(lang, a, b)
    teller = TELLERS.get(field)
    return teller(lang, a, b) if teller is not None else None


def _start_shift(a: AnalysedRules, b: AnalysedRules) -> bool:
    """Whether the rows' fixed starting rank becomes the first card's rank, or the other
    way round (one row for all suits either way)."""
    old, new = a.spec.layout, b.spec.layout
    if old.start_per_row or new.start_per_row:
        return False
    return (old.start_rank is None) != (new.start_rank is None)


def _start_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """ "The rows no longer start from the 9: …" for a starting rank that becomes the rank
    of the first card played (the play rule's matching alternatives say no more)."""
    if not _start_shift(a, b):
        return None
    fixed = a if b.spec.layout.start_rank is None else b
    rank = fixed.spec.layout.start_rank
    assert rank is not None
    forms = rank_forms(lang, fixed.spec.deck, rank)
    return [lang.marked(START_FROM_FIRST if fixed is a else START_FROM_RANK, **forms)]


def _deal_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The new deal as what each player is now dealt, the old one in brackets."""
    deal, old = b.spec.deal, _deal_was(lang, a)
    if deal.stock:  # an equal share each, at least ``stock`` cards left
        text = lang.ngettext(
            "Each player is now dealt an equal share of the cards, leaving at least %(count)s card"
            " for the stock (before, %(old)s).",
            "Each player is now dealt an equal share of the cards, leaving at least %(count)s cards"
            " for the stock (before, %(old)s).",
            deal.stock,
        )
        return [text % {"count": deal.stock, "old": old}]
    if deal.hand_size is None and deal.leftovers:
        return [lang.marked(DEAL_NOW_LEFTOVERS, old=old)]
    if deal.hand_size is None:
        return [lang.marked(DEAL_NOW_EQUAL if deal.equal_hands else DEAL_NOW_ALL, old=old)]
    n = deal.hand_size
    if deal.leftovers:
        text = lang.ngettext(
            "Each player is now dealt %(count)s card and the rest lie face up for anyone to lay"
            " (before, %(old)s).",
            "Each player is now dealt %(count)s cards and the rest lie face up for anyone to lay"
            " (before, %(old)s).",
            n,
        )
        return [text % {"count": lang.count(n, "card"), "old": old}]
    text = lang.ngettext(
        "Each player is now dealt %(count)s card and the rest form a stock (before, %(old)s).",
        "Each player is now dealt %(count)s cards and the rest form a stock (before, %(old)s).",
        n,
    )
    return [text % {"count": lang.count(n, "card"), "old": old}]


def _deal_was(lang: Lang, rules: AnalysedRules) -> str:
    """The old deal as a clause in the past ("all the cards were dealt")."""
    deal = rules.spec.deal
    if deal.stock:
        text = lang.ngettext(
            "each player was dealt an equal share, leaving at least %(count)s card for the stock",
            "each player was dealt an equal share, leaving at least %(count)s cards for the stock",
            deal.stock,
        )
        return text % {"count": deal.stock}
    if deal.hand_size is None and deal.leftovers:
        return lang.marked(DEAL_WAS_LEFTOVERS)
    if deal.hand_size is None:
        return lang.marked(DEAL_WAS_EQUAL if deal.equal_hands else DEAL_WAS_ALL)
    n = deal.hand_size
    text = lang.ngettext(
        "each player was dealt %(count)s card", "each player was dealt %(count)s cards", n
    )
    return text % {"count": lang.count(n, "card")}


def _opening_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """An opening card that one of the two rule sets lacks: said as a card there now is,
    or no longer is ("; previously none" and "dropped — previously" read as a form); the
    leader's card opening (``opening.card: leader-card``) said on its own."""
    was, now = a.spec.opening.leader_card_opens, b.spec.opening.leader_card_opens
    leader_card = (
        [] if was == now else [lang.marked(LEADER_CARD_ADDED if now else LEADER_CARD_DROPPED)]
    )
    fixed = _fixed_opening_change(lang, a, b)
    return (fixed or []) + leader_card or fixed


def _fixed_opening_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The change of a fixed or dealer-named opening card, or None when there is none."""
    old, new = _has_opening(a), _has_opening(b)
    if old and new and a.spec.opening.card is not None and b.spec.opening.choices:
        return [_opening_named(lang, a, b)]
    if old == new:
        return None
    if new and b.spec.opening.choices:
        cards = _card_list(lang, b.spec.deck, b.spec.opening.choices, lang.join_or)
        return [lang.marked(OPENING_ADDED_NAMED, **cards)]
    if new:
        return [lang.marked(OPENING_ADDED, **_opening_forms(lang, b))]
    return [lang.marked(OPENING_DROPPED, **_opening_forms(lang, a))]


def _opening_named(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> str:
    """The opening card, fixed in ``a``, is picked by the dealer in ``b``."""
    cards = _card_list(lang, b.spec.deck, b.spec.opening.choices, lang.join_or)
    return lang.marked(OPENING_NAMED, **cards, **_opening_forms(lang, a))


def _card_list(
    lang: Lang, deck: Deck, faces: Iterable[int], join: Callable[[list[str]], str]
) -> dict[str, str]:
    """Several cards as one list in every case form (``cards``, ``cards_nom_def``…)."""
    return joined_forms(join, [card_forms(lang, deck, f, "cards") for f in faces])


def _has_opening(rules: AnalysedRules) -> bool:
    return rules.spec.opening.card is not None or bool(rules.spec.opening.choices)


def _opening_forms(lang: Lang, rules: AnalysedRules) -> dict[str, str]:
    """The opening card in every case form (``card``, ``card_nom_def``…); cards the dealer
    names from are one phrase in all of them."""
    deck, card = rules.spec.deck, rules.spec.opening.card
    if card is not None:
        return card_forms(lang, deck, card)
    return dict.fromkeys(card_forms(lang, deck, 0), _opening(lang, rules))


def _preplaced_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Cards laid out before play that one of the two rule sets lacks."""
    old, new = a.spec.layout.preplaced, b.spec.layout.preplaced
    if bool(old) == bool(new):
        return None
    rules = b if new else a
    cards = _card_list(lang, rules.spec.deck, rules.spec.layout.preplaced, lang.join_and)
    return [lang.marked(PREPLACED_ADDED if new else PREPLACED_DROPPED, **cards)]


#: A pass limit that stops only passes made while able to play (no elimination beyond it):
#: "Most passes per deal: 3" read as if a player who cannot play had to stop passing.
LIMIT_VOLUNTARY = P_(
    "diff",
    "Passing while able to play: allowed until your passes in the deal reach %(count)s, counting"
    " those you had to make; whoever cannot play still passes.",
)


def _limit_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """A limit on passes that the new rule set drops ("none instead of 3" reads as a form),
    or one that stops only the passes made while able to play."""
    old, passing = a.spec.passing.limit, b.spec.passing
    if passing.limit is not None and passing.voluntary and passing.over_limit is None:
        return [lang.marked(LIMIT_VOLUNTARY, count=passing.limit)]
    if passing.limit is not None and passing.over_limit is not None and old is None:
        return [_limit_eliminates(lang, passing.limit)]
    if passing.limit is not None and old is not None:
        return [_limit_moved(lang, passing.limit, old)]
    if passing.limit is not None or old is None:
        return None
    return [lang.marked(LIMIT_DROPPED, count=old)]


def _limit_moved(lang: Lang, limit: int, old: int) -> str:
    """Another number of passes, as a sentence ("Most passes per deal: 2 instead of 3." read
    as a form's label); what happens beyond the limit has its own line if it changes."""
    text = lang.ngettext(
        "Each player may now pass at most %(count)s time in a deal (before: %(old)s).",
        "Each player may now pass at most %(count)s times in a deal (before: %(old)s).",
        limit,
    )
    return text % {"count": lang.count(limit, "time"), "old": lang.count(old, "time")}


def _over_limit_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Nothing where the new limit's sentence says the elimination (:func:`_limit_change`)."""
    old, passing = a.spec.passing.limit, b.spec.passing
    if passing.limit is not None and passing.over_limit is not None and old is None:
        return []
    return None


def _limit_eliminates(lang: Lang, limit: int) -> str:
    """A new pass limit with elimination beyond it, as one sentence ("Most passes per deal: 3."
    and "After the last allowed pass: …" read as a form's labels)."""
    text = lang.ngettext(
        "Each player may now pass at most %(count)s time in a deal; a player who has used up"
        " their passes and cannot play is eliminated.",
        "Each player may now pass at most %(count)s times in a deal; a player who has used up"
        " their passes and cannot play is eliminated.",
        limit,
    )
    return text % {"count": lang.count(limit, "time")}


def _joker_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Each joker rule the new rule set adds, as a sentence of its own (a "Jokers: …" line
    per clause read like a form, and "its last holder" had nothing to refer to), or one
    sentence when jokers are dropped."""
    if b.spec.wild is None:
        return [lang.marked(JOKERS_DROPPED)]
    old = _joker_lines(lang, a)
    added = [line for line in _joker_lines(lang, b) if line not in old]
    return added + _jokers_dropped(lang, a, b)


#: A joker rule of the old rule set that the new one drops (each other joker rule says
#: itself when it changes: how to redeem, the number of jokers).
JOKER_OUT_NOW = P_("diff", "You may now go out on a joker: it may be your last card.")
JOKER_LAST_DROPPED = P_(
    "diff",
    "A joker still held when the deal ends no longer ranks its holder below everyone else:"
    " it counts as one more card left in hand.",
)


def _jokers_dropped(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str]:
    """The old joker rules the new rule set no longer has, one sentence each."""
    old, new = a.spec.wild, b.spec.wild
    if old is None or new is None:
        return []
    lines = [lang.marked(JOKER_OUT_NOW)] if new.out_on_joker and not old.out_on_joker else []
    if old.holder_last and not new.holder_last:
        lines.append(lang.marked(JOKER_LAST_DROPPED))
    return lines


#: The sheet's own sentences of its joker section (template messages, one per rule), so
#: that the diff says each joker rule as the rule sheet does.
JOKER_PLACE = (
    "On your turn you may put a joker, instead of a card, into any place where a card may be"
    " played now. The joker stands for that card: the row goes on from it as if the card lay"
    " there."
)
JOKER_REDEEM_MAY = (
    "The player who holds the card the joker stands for may at once play it onto the joker's"
    " place and take the joker into their hand. If they do not, that card can no longer be"
    " played."
)
JOKER_REDEEM_MUST = (
    "The player who holds the card the joker stands for must at once play it onto the joker's"
    " place and takes the joker into their hand."
)
JOKER_NOT_OUT = "You may not go out on a joker: it can never be your last card."
JOKER_LAST = (
    "Whoever still holds a joker when the deal ends ranks below every player who holds none."
)


def _joker_lines(lang: Lang, rules: AnalysedRules) -> list[str]:
    """The joker rules as whole sentences: how many there now are, then the sheet's own
    sentence for each rule (none without jokers)."""
    wild = rules.spec.wild
    if wild is None:
        return []
    n = wild.jokers
    count = lang.ngettext(
        "There is now %(count)s joker in the pack.",
        "There are now %(count)s jokers in the pack.",
        n,
    ) % {"count": lang.count(n, "joker")}
    rules_said = [JOKER_PLACE, JOKER_REDEEM_MAY if wild.redeem_optional else JOKER_REDEEM_MUST]
    rules_said += [JOKER_NOT_OUT] if not wild.out_on_joker else []
    rules_said += [JOKER_LAST] if wild.holder_last else []
    return [count, *(lang.gettext(text) for text in rules_said)]


TRUMPS_DROPPED = P_("diff", "The game is no longer played with trumps.")
#: The sheet's own sentences of its trump section (template messages), so that the diff says
#: each trump rule as the rule sheet does.
TRUMP_LAST_DEALT = "The suit of the last card dealt is trumps."
TRUMP_FIXED = "The trump suit is %(suit)s."
TRUMP_PLACE = (
    "On your turn you may lay a trump in the place of the card of the same rank that another"
    " suit's row, already started, needs next. The row goes on from it as if that card lay"
    " there."
)
TRUMP_DISPLACED = (
    "The card the trump replaces can no longer go on its own row: it must be played on the"
    " trump row instead, in the place of the trump of its rank, once that place is next there."
)
TRUMP_NAMED_CARD = (
    "The last card dealt, which named trumps, may only be played on the trump row, never in"
    " the place of another card."
)


def _trump_lines(lang: Lang, rules: AnalysedRules) -> list[str]:
    """The trump rules as the sheet says them (none without trumps)."""
    trumps = rules.spec.trumps
    if trumps is None:
        return []
    if trumps.suit is None:
        lines = [lang.gettext(TRUMP_LAST_DEALT)]
    else:
        deck = rules.spec.deck
        suit = f"{suit_name(lang, deck, trumps.suit)} ({suit_symbol(lang, deck, trumps.suit)})"
        lines = [lang.gettext(TRUMP_FIXED) % {"suit": suit}]
    lines += [lang.gettext(TRUMP_PLACE), lang.gettext(TRUMP_DISPLACED)]
    return lines + ([lang.gettext(TRUMP_NAMED_CARD)] if trumps.named_card_home else [])


def _trump_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The trump rules the new rule set adds or changes, each as the sheet says it, or one
    sentence when trumps are dropped."""
    if b.spec.trumps is None:
        return [lang.marked(TRUMPS_DROPPED)]
    old = _trump_lines(lang, a)
    return [line for line in _trump_lines(lang, b) if line not in old]


def _session_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """How the session now ends, as one sentence with the old way in brackets, in place of
    a line each for its number of deals, its target and its cap."""
    old, new = _session_end(lang, a), _session_end(lang, b)
    if old is None or new is None:
        return None
    if old == new:
        return []
    session = b.spec.session
    assert session is not None
    target = _session_target(lang, b)
    if target is not None and session.deals is not None:  # the cap said on its own
        cap = lang.ngettext("%(count)s deal", "%(count)s deals", session.deals) % {
            "count": lang.count(session.deals, "deal", "acc")
        }
        return [lang.marked(SESSION_CAPPED[_has_target(a)], new=target, cap=cap, old=old)]
    frame = SESSION_CHANGED[_has_target(b), _has_target(a)]
    return [lang.marked(frame, new=new, old=old)]


def _has_target(rules: AnalysedRules) -> bool:
    """Whether the session's end is said by an "as soon as" clause (it has a target)."""
    session = rules.spec.session
    assert session is not None
    targets = (session.target_points, session.target_chips, session.target_deals)
    return any(target is not None for target in targets)


def _session_end(lang: Lang, rules: AnalysedRules) -> str | None:
    """When the session ends, as a clause ("after one deal per player", "as soon as a
    player's points total reaches 30, but after 50 deals at the latest"); ``None`` when
    its target is to be agreed (told by the target's own line) or it has no session."""
    session = rules.spec.session
    if session is None or "session.target" in rules.spec.naming.agreed:
        return None
    target = _session_target(lang, rules)
    n = session.deals
    if n is None:
        return lang.marked(SESSION_PLAYERS) if target is None else None
    count = lang.count(n, "deal", "acc")
    if target is None:
        return lang.ngettext("after %(count)s deal", "after %(count)s deals", n) % {"count": count}
    text = lang.ngettext(
        "%(target)s, but after %(count)s deal at the latest",
        "%(target)s, but after %(count)s deals at the latest",
        n,
    )
    return text % {"target": target, "count": count}


def _session_target(lang: Lang, rules: AnalysedRules) -> str | None:
    """The target that ends a session early, as an "as soon as" clause, or ``None``."""
    session = rules.spec.session
    assert session is not None
    if session.target_points is not None:
        points = session.target_points
        if points >= 0:
            text = lang.ngettext(
                "as soon as a player's points total reaches %(count)s point",
                "as soon as a player's points total reaches %(count)s points",
                points,
            )
            return text % {"count": points}
        text = lang.ngettext(
            "as soon as a player's points total falls to %(count)s point",
            "as soon as a player's points total falls to %(count)s points",
            -points,
        )
        return text % {"count": f"\u2212{-points}"}
    if session.target_chips is not None:
        n = session.target_chips
        text = lang.ngettext(
            "as soon as a player has won %(count)s chip in total",
            "as soon as a player has won %(count)s chips in total",
            n,
        )
        return text % {"count": n}
    if session.target_deals is not None:
        n = session.target_deals
        text = lang.ngettext(
            "as soon as a player has won %(count)s deal",
            "as soon as a player has won %(count)s deals",
            n,
        )
        return text % {"count": lang.count(n, "deal", "acc")}
    return None


def _ranks_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Ranks added to or taken out of the pack, said as such with the pack's new size; for
    a pack of another kind with a gap in its ranks, the ranks each suit now has; ``None``
    when both packs are a run of ranks ("6 to ace instead of 2 to ace" is clear)."""
    old, new = a.spec.deck, b.spec.deck
    if old.preset != new.preset and not _is_run(new) and old.ranks != new.ranks:
        return [_other_ranks(lang, a, b)]  # a Spanish pack's 1 is not a French pack's ace
    if (_is_run(old) and _is_run(new)) or old.preset != new.preset:
        return None  # "6 to ace instead of 2 to ace" is clear
    old_codes = {r.code for r in old.ranks}
    new_codes = {r.code for r in new.ranks}
    added = [i for i, r in enumerate(new.ranks) if r.code not in old_codes]
    dropped = [i for i, r in enumerate(old.ranks) if r.code not in new_codes]
    if not added and not dropped:
        return None
    n = new.n_cards
    cards = lang.ngettext(
        "%(count)s card instead of %(old)s", "%(count)s cards instead of %(old)s", n
    ) % {"count": n, "old": old.n_cards}
    found = []
    if added:  # plural by the number of ranks ("der Rang 8" / "die Ränge 8 und 9")
        text = lang.ngettext(
            "The pack now also has %(ranks)s of each suit (%(cards)s).",
            "The pack now also has %(ranks)s of each suit (%(cards)s).",
            len(added),
        )
        found.append(text % {"ranks": _rank_list(lang, new, added), "cards": cards})
    if dropped:
        text = lang.ngettext(
            "The pack no longer has %(ranks)s of each suit (%(cards)s).",
            "The pack no longer has %(ranks)s of each suit (%(cards)s).",
            len(dropped),
        )
        found.append(text % {"ranks": _rank_list(lang, old, dropped), "cards": cards})
    return found


def _other_ranks(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> str:
    """The ranks of a pack of another kind, counted ("The ranks are now ace to 7, jack, knight
    and king (ten cards in each suit) instead of ace to king."): "jack to king" hid the knight."""
    n = len(b.spec.deck.ranks)
    text = lang.ngettext(
        "The ranks are now %(ranks)s (%(count)s card in each suit) instead of %(old)s.",
        "The ranks are now %(ranks)s (%(count)s cards in each suit) instead of %(old)s.",
        n,
    )
    return text % {"count": lang.count(n, "card"), "ranks": _ranks(lang, b), "old": _ranks(lang, a)}


#: A rank in a list of ranks added to or dropped from the pack, with the article the
#: language puts before each one ("les 8 et les 9", "los 8 y los 9"; English "the 8 and 9"
#: puts its article before the list, in the sentence).
RANK_IN_LIST = {
    False: P_("rank list: one rank", "the %(rank)s"),
    True: P_("rank list: several ranks", "%(rank)s"),
}


def _rank_list(lang: Lang, deck: Deck, ranks: list[int]) -> str:
    """Ranks joined by "and", each with the article its language wants in such a list."""
    mark = RANK_IN_LIST[len(ranks) > 1]
    return lang.join_and([lang.marked(mark, rank=rank_name(lang, deck, i)) for i in ranks])


def _rank_runs(deck: Deck) -> list[list[int]]:
    """The pack's rank indices in runs that follow one another without a gap."""
    codes = [r.code for r in deck.ranks]
    runs: list[list[int]] = []
    for i, code in enumerate(codes):
        if runs and _follows(codes[runs[-1][-1]], code):
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _is_run(deck: Deck) -> bool:
    """Whether the pack's ranks follow one another without a gap ("2 to ace")."""
    return len(deck.ranks) > 2 and len(_rank_runs(deck)) == 1


def _winner_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The session's new winner as a sentence ("Winner of the session: the fewest minus
    points instead of …" read clipped); a shared win keeps the usual line."""
    old, new = _session(a, "winner"), _session(b, "winner")
    if None in (old, new) or "none" in (old, new):
        return None
    values = {"new": _session_value(lang, b, "winner"), "old": _session_value(lang, a, "winner")}
    return [] if values["new"] == values["old"] else [lang.marked(WINNER_CHANGED, **values)]


def _draw_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Drawing from the stock, new with a most number of cards, as a sentence with its
    unit ("Most cards drawn …: 3." was a bare number)."""
    claim = draw_claim(b)
    if a.spec.draw is not None or claim is None or claim.first is None:
        return None
    if claim.varies:
        return [lang.marked(DRAW_NOW_VARIES)]
    if claim.step:
        return _growing_draw_change(lang, claim.first, claim.step, claim.whole)
    if claim.whole:
        return None  # told by the usual line, in the claim's words
    n = claim.first
    text = lang.ngettext(  # drawing is no option: whoever cannot play draws (first fit: plays it)
        "A player who cannot play now draws %(count)s card from the stock and must play it if it"
        " fits.",
        "A player who cannot play now draws from the stock, one card at a time and at most"
        " %(count)s, and must play the first card drawn that fits.",
        n,
    )
    # one card is drawn (accusative in Russian); "at most three" takes the genitive
    return [text % {"count": lang.count(n, "card", "acc" if n == 1 else "gen")}]


def _growing_draw_change(lang: Lang, first: int, step: int, whole: bool) -> list[str]:
    """New draws whose count grows by player in a row who cannot play, as sentences (the
    usual line read "Most cards drawn …: 1, and 1 more for each …", a key and its value)."""
    text = lang.ngettext(
        "A player who cannot play now draws %(first)s card from the stock, and %(step)s more"
        " for each player just before them who could not play either.",
        "A player who cannot play now draws %(first)s cards from the stock, and %(step)s more"
        " for each player just before them who could not play either.",
        first,
    )
    said = [
        text % {"first": lang.count(first, "card", "acc"), "step": lang.count(step, "card", "acc")}
    ]
    return [*said, lang.marked(DRAW_ALL_FIRST)] if whole else said


def _best_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """A best number of players that is now one number, as a sentence with its unit
    ("Best with three players (before: 4–6)."); a range keeps the usual line."""
    new, old = _best(b), _best(a)
    if not isinstance(new, str) or not new.isdigit() or not isinstance(old, str):
        return None
    n = int(new)
    text = lang.ngettext(
        "Best with %(count)s player (before: %(old)s).",
        "Best with %(count)s players (before: %(old)s).",
        n,
    )
    return [text % {"count": lang.count(n, "player", "gen"), "old": old}]


def _suits_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """A pack of colours instead of suits (or back), said with both words and both lists
    of names (:func:`sevens.compiler.rulesheet.cards.colour_suits`); ``None`` when
    both packs have suits, or both colours ("Suits: …" is then right)."""
    old, new = a.spec.deck, b.spec.deck
    if colour_suits(old) == colour_suits(new):
        return None
    to_colours = colour_suits(new)
    old_noun, new_noun = ("suit", "colour") if to_colours else ("colour", "suit")
    n = len(new.suits)
    if to_colours:
        text = lang.ngettext(
            "The pack has %(count)s colour (%(new)s) instead of the %(old_count)s suits (%(old)s).",
            "The pack has %(count)s colours (%(new)s) instead of the %(old_count)s suits (%(old)s).",
            n,
        )
    else:
        text = lang.ngettext(
            "The pack has %(count)s suit (%(new)s) instead of the %(old_count)s colours (%(old)s).",
            "The pack has %(count)s suits (%(new)s) instead of the %(old_count)s colours (%(old)s).",
            n,
        )
    return [
        text
        % {
            "count": lang.count(n, new_noun, "nom"),
            "old_count": lang.count(len(old.suits), old_noun, "gen"),
            "new": _suits(lang, b),
            "old": _suits(lang, a),
        }
    ]


def _copies_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Packs shuffled together, as a sentence with the pack's size ("Number of packs: 2
    instead of 1." was a bare number)."""
    old, new = a.spec.deck, b.spec.deck
    if old.copies == new.copies:
        return None
    if new.copies == 1:
        return [
            lang.gettext("The game is now played with a single pack of %(cards)s cards.")
            % {"cards": new.n_cards}
        ]
    text = lang.ngettext(
        "The game is now played with %(count)s pack shuffled together, %(cards)s cards in all.",
        "The game is now played with %(count)s packs shuffled together, %(cards)s cards in all.",
        new.copies,
    )
    return [text % {"count": lang.count(new.copies, "pack", "nom"), "cards": new.n_cards}]


def _end_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The deal's new end as a sentence, its old end in brackets."""
    new = b.spec.end_when
    return None if new == a.spec.end_when else [lang.marked(END_CHANGED[new])]


def _rows_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """The rows each suit is built in, as a sentence ("Rows per suit: 2 instead of 1.")."""
    n = b.spec.layout.rows_per_suit
    if n == a.spec.layout.rows_per_suit:
        return None
    text = lang.ngettext(
        "Each suit is now built up in a single row on the table.",
        "Each suit is now built up in %(count)s rows on the table.",
        n,
    )
    return [text % {"count": lang.count(n, "row", "acc")}]


#: Partnerships said as sentences ("Teams: pairs, partners opposite each other." read as a
#: clipped label).
PLAY_IN_PAIRS = P_("diff", "The players now play in pairs; partners sit opposite each other.")
PLAY_IN_TEAMS = P_(
    "diff",
    "The players now play in teams of %(size)s, each team's players spread evenly around the"
    " table.",
)
TEAMS_DROPPED = P_("diff", "The players no longer play in teams: each plays for themselves.")


def _teams_change(lang: Lang, a: AnalysedRules, b: AnalysedRules) -> list[str] | None:
    """Teams that a house rule adds, changes or drops, as one sentence."""
    size = b.spec.players.team_size
    if size is None:
        return [lang.marked(TEAMS_DROPPED)]
    if size == 2:
        return [lang.marked(PLAY_IN_PAIRS)]
    return [lang.marked(PLAY_IN_TEAMS, size=str(size))]


#: Fields whose change has a sentence of its own (see :func:`_told`).
TELLERS: dict[str, Told] = {
    "suits": _suits_change,
    "session_winner": _winner_change,
    "draw": _draw_change,
    "best": _best_change,
    "ranks": _ranks_change,
    "copies": _copies_change,
    "rows": _rows_change,
    "end": _end_change,
    "start": _start_change,
    "deal": _deal_change,
    "opening": _opening_change,
    "preplaced": _preplaced_change,
    "limit": _limit_change,
    "over_limit": _over_limit_change,
    "jokers": _joker_change,
    "trumps": _trump_change,
    "teams": _teams_change,
}


def _switch(lang: Lang, field: str, new: AnalysedRules, on: bool) -> str:
    """A yes/no setting turned on or off, as a sentence saying what changed."""
    if field == "chips" and not on and _zero_none(new.points) is not None:
        return lang.marked(CHIPS_TO_POINTS)
    if field == "wrap" and on:
        deck = new.spec.deck
        edge = [*range(deck.n_ranks - 3, deck.n_ranks), 0, 1]
        ranks = "… " + ", ".join(rank_letter(lang, deck, i) for i in edge) + " …"
        return lang.marked(SWITCHES[field][0], ranks=ranks)
    return lang.marked(SWITCHES[field][0 if on else 1])


def _sentence(
    lang: Lang, field: str, old: str, new: str, added: bool, colours: bool = False
) -> str:
    """One difference: ``topic: new instead of old`` for short values; the new rule alone
    for rules (a hand-written sentence stands by itself), or when there was none before;
    ``colours``: the new pack is one of colours, whose ranks have a topic of their own."""
    topic = lang.marked(RANKS_OF_COLOURS if colours and field == "ranks" else TOPICS[field])
    long = not (_short(old) and _short(new))
    if field == "deals" and _is_sentence(new):
        return new  # the cap, as the sheet says it
    if field == "deals" and _is_sentence(old):
        return lang.marked(NOW, topic=topic, new=_sentence_end(new, lang))
    if field in TOLD_NEW and long and _is_sentence(new):
        return _sentence_end(new, lang)  # a hand-written sentence stands by itself
    if new == lang.marked(NONE) and not _short(old):
        return _dropped(lang, field, topic, old)
    if added or (field in TOLD_NEW and long):
        return lang.marked(NOW, topic=topic, new=_sentence_end(new, lang))
    if field == "removed" and old == lang.marked(NONE):  # not "…; previously none"
        return lang.marked(REMOVED_ADDED, cards=new)
    if field in ("opening", "preplaced") and old == lang.marked(NONE):
        return lang.marked(FROM_NONE, topic=topic, new=new, old=old)
    return lang.marked(CHANGED, topic=topic, new=new, old=old)


def _dropped(lang: Lang, field: str, topic: str, old: str) -> str:
    """A rule the new rule set drops: its old value in brackets, unless that value is one
    of the hand-written sentences of an amount or condition, which reads badly there."""
    if field in PENALTY_DROPPED:
        return lang.marked(PENALTY_DROPPED[field], old=old.rstrip("。."))
    if field not in TOLD_NEW or not _is_sentence(old):
        return lang.marked(NO_LONGER_APPLIES, topic=topic, old=old.rstrip("。."))
    mark = NO_LONGER.get(field)
    return lang.marked(mark) if mark else lang.marked(DROPPED_RULE, topic=topic)


def _is_sentence(text: str) -> bool:
    """Whether ``text`` is a hand-written sentence rather than a value phrase."""
    return text[:1].isupper() or text.endswith("。")


def _short(text: str) -> bool:
    return len(text) <= 12


def _sentence_end(text: str, lang: Lang) -> str:
    """A wording as a whole sentence: end it with a full stop unless it has one."""
    if text.endswith((".", "。", "!", "?")):
        return text
    return text + ("。" if lang.code == "ja" else ".")


def describe_diff(a: AnalysedRules, b: AnalysedRules, lang: Lang) -> str:
    """Markdown prose: an introduction and one bullet per difference, or a 'same rules' sentence."""
    found = differences(a, b, lang)
    old, new = _name(lang, a), _name(lang, b)
    if new == old and a.spec.id != b.spec.id:  # a rule set without a name of its own: its id
        new = b.spec.id
    if not found:
        return lang.marked(SAME, new=new, old=old) + "\n"
    intro = lang.marked(INTRO, new=new, old=old)
    return intro + "\n\n" + "".join(f"- {line}\n" for line in found)


def _name(lang: Lang, rules: AnalysedRules) -> str:
    names = rules.spec.naming.names
    return names.get(lang.code) or names.get(rules.spec.naming.language) or rules.spec.id
