"""The family's common rule shapes, told the way players write them.

A condition is reduced to a canonical text (:func:`canon`: names, operators,
numbered constants, loop variables as ``$``) and looked up in small tables
of known shapes; each shape has one hand-written sentence per language.
Anything not in a table falls back to the generic verbaliser of
:mod:`.sentences`, so an unusual house rule is still told, only less
idiomatically.
"""

from __future__ import annotations

import re

from ..analyse import T, TBinary
from ..model import Deck
from .amounts import MAX_PLACE, points_sentences
from .canonical import canon
from .cards import card_forms, colour_suits, joined_forms, rank_forms
from .i18n import P_, Lang

#: One way a card may be played (an alternative of ``play.legal``).
PLAY_SHAPES = {
    "open-rank": P_(
        "play shape", "a %(rank)s of a suit whose row has not been started yet: it starts that row;"
    ),
    "open-start": P_(
        "play shape",
        "a card of the starting rank in a suit whose row has not been started yet: it starts that row;",
    ),
    "extend": P_(
        "play shape",
        "the next card up or down in the suit of a started row, laid at that end of the row;",
    ),
    # with several rows per suit, a starting card opens a row while its suit has one free
    "open-rank-rows": P_(
        "play shape",
        "a %(rank)s of a suit that still has a row not started: it starts the next row of that suit;",
    ),
    "open-start-rows": P_(
        "play shape",
        "a card of the starting rank in a suit that still has a row not started: it starts the next "
        "row of that suit;",
    ),
    "up-first": P_(
        "play shape",
        "the next card up or down in the suit of a started row, laid at that end of the row; "
        "but a row grows downwards only once the card just above its starting card lies on the table;",
    ),
    "down-first": P_(
        "play shape",
        "the next card up or down in the suit of a started row, laid at that end of the row; "
        "but a row grows upwards only once the card just below its starting card lies on the table;",
    ),
    "first": P_(
        "play shape",
        "while the table is still empty, any card: its rank becomes the starting rank of every row;",
    ),
    "inside": P_(
        "play shape",
        "the second copy of a card that already lies in the row of its suit, laid next to the first.",
    ),
    "up": P_("play shape", "the next card up in the suit of a started row, laid at its upper end;"),
    # Pai Qi's 斩龙: the suit's lowest or highest card on the table closes its row
    "extend-closing": P_(
        "play shape",
        "the next card up or down in the suit of a started row, laid at that end of the row; but "
        "once a row holds the lowest or the highest card of its suit, it is closed at both ends, "
        "and the cards of that suit still in hand can no longer be played;",
    ),
    "extend-unless-held": P_(
        "play shape",
        "the next card up or down in the suit of a started row, laid at that end of the row; "
        "but whoever holds a %(rank)s must play a %(rank)s before any other card;",
    ),
    "beyond": P_(
        "play shape",
        "in the suit of a started row, any card higher than every card of that suit on the table, "
        "or lower than every one; the cards skipped over can never be played;",
    ),
    "open-any": P_(
        "play shape",
        "once every row begun so far is complete, any card of a suit whose row has not been "
        "started yet: it starts that row, and its rank is that row's starting rank;",
    ),
}
#: The same plays for a pack of four colours (Elfer raus!), for languages whose word for a
#: colour differs from their word for a suit in gender or declension (Spanish, Portuguese,
#: Russian); the others translate these as the suit sentences.
COLOUR_PLAY_SHAPES = {
    "open-rank": P_(
        "play shape, colour pack",
        "a %(rank)s of a colour whose row has not been started yet: it starts that row;",
    ),
    "extend": P_(
        "play shape, colour pack",
        "the next card up or down in the colour of a started row, laid at that end of the row;",
    ),
}
#: The tunnel (Shichi Narabe): a row that reaches the ace at its lower end carries on there
#: with the king, queen …, and its upper end is closed; the same the other way round.
TUNNEL = P_(
    "play shape",
    "the next card up or down in the suit of a started row, laid at that end of the row. Once the "
    "lower end of a row reaches the ace, its upper end is closed and the lower end carries on "
    "through the tunnel: after the ace comes the king, then the queen, and so on. Likewise, once "
    "the upper end reaches the king, the lower end is closed and the upper end carries on with the "
    "ace, then the two, and so on;",
)
PLAY_SHAPES["tunnel"] = TUNNEL
#: The tunnel's play rule (rows wrap; lowest rank #0, highest rank #n).
TUNNEL_RULE = re.compile(
    r"row\.open and \(\(\(card\.rank == \(row\.high \+ #1\)\) and not \(row\.low == #0\) or "
    r"\(row\.low > row\.start\)\) or \(\(card\.rank == \(row\.low - #1\)\) and not "
    r"\(row\.high == #(\d+)\) or \(row\.high < row\.start\)\)\)"
)
EXTEND_EXAMPLE = P_(
    "play shape", "For example, the %(up)s or the %(down)s goes next to the %(start)s."
)
GAPS = P_(
    "play shape",
    "Cards laid out by an eliminated player can leave gaps in a row. A row only grows from the ends "
    "of its unbroken run around the starting card, so a gap must be filled before the cards "
    "beyond it count as the end of the row.",
)

#: Points at the end of a deal.
POINT_SHAPES = {
    "#1 if player.is_winner else #0": P_(
        "points shape",
        "Each deal won counts as one point; keep a tally of the deals each player wins.",
    ),
    "- hand.value": P_(
        "points shape",
        "The others count the point values of the cards left in their hands and score them as minus "
        "points; the winner, whose hand is empty, loses nothing.",
    ),
    "hand.value": P_(
        "points shape",
        "Every player who still holds cards scores their point values as penalty points; the winner, "
        "whose hand is empty, scores nothing.",
    ),
    "#1 - player.place": P_(
        "points shape",
        "The players score by the order in which they went out: the first out scores nothing, the "
        "second loses one point, the third two points, and so on.",
    ),
    "game.players - player.place": P_(
        "points shape",
        "The players score by their places: the last place scores nothing, the place before it "
        "one point, and so on up to the first place, which scores one point fewer than there are players.",
    ),
    "- player.covered.value": P_(
        "points shape",
        "Each player turns up the cards they laid face down and loses their point values as minus "
        "points; a player who laid no card face down loses nothing.",
    ),
    "sum($.hand.count for $ in players if $.hand.count > min($.hand.count for $ in players)) "
    "// count($ for $ in players if $.hand.count == min($.hand.count for $ in players)) "
    "if hand.count == min($.hand.count for $ in players) else #0": P_(
        "points shape",
        "The player with the fewest cards left scores one point for each card held by the players "
        "who have more; if several players tie for the fewest, they share those points equally, "
        "rounded down. Everyone else scores nothing.",
    ),
    "sum($.hand.value for $ in others) if player.is_winner else #0": P_(
        "points shape",
        "The winner scores the point values of all the cards left in the other players' hands; the "
        "others score nothing.",
    ),
}
#: The hand-written points sentences above that are not sums of recognised terms
#: (:func:`.amounts.normalise` refuses them), each with the name of the rule it states: the
#: sheet's scoring claim names it and the claim checker knows what each name means.
POINT_SHAPE_RULES = {
    "#1 - player.place": "one-minus-place",
    "game.players - player.place": "players-minus-place",
    "sum($.hand.count for $ in players if $.hand.count > min($.hand.count for $ in players)) "
    "// count($ for $ in players if $.hand.count == min($.hand.count for $ in players)) "
    "if hand.count == min($.hand.count for $ in players) else #0": "fewest-cards-share",
}
#: Hand-written points sentences that rank every player ("last place scores nothing"): true
#: only where play goes on until everyone is placed (a deal that ends at the first player
#: out leaves the others without a place, and they would score the most).
PLACE_SHAPES = frozenset({"one-minus-place", "players-minus-place"})
#: ``N + one per card the others hold`` for the winner, ``minus one per own card`` for the others.
WINNER_PLUS_CARDS = re.compile(
    r"^#(\d+) \+ sum\(\$\.hand\.count for \$ in others\) if player\.is_winner else - hand\.count$"
)
#: Cards left count against their holder, and the last player who had to pass pays extra.
PASSED_LAST = re.compile(r"^- hand\.value - \(#(\d+) if player\.passed_last else #0\)$")

ANTE_SHAPES = {
    "#1 if hand.count == game.max_hand else #0": P_(
        "ante shape",
        "Before each deal, the players who were dealt the most cards each put one chip into the pot; "
        "the players with one card fewer put in nothing.",
    ),
}
PAY_SHAPES = {
    "hand.count": P_(
        "payment shape",
        "In addition, each other player pays the winner one chip for each card still in their hand.",
    ),
    "hand.value": P_(
        "payment shape",
        "In addition, each other player pays the winner as many chips as the point values of the "
        "cards still in their hand.",
    ),
}


#: An extra card straight after a named card ("after the 7♦ you may add the 6♦ or the 8♦").
FOLLOW_SHAPES = {
    True: P_("follow shape", "Whoever plays the %(card)s may at once add the %(cards)s as well."),
    False: P_(
        "follow shape",
        "Whoever plays the %(card)s must at once add the %(cards)s as well, if they hold it.",
    ),
}
CARD_IS = re.compile(r"^card == #(\d+)$")


#: Play or Pay's "whoever completes a suit starts the next one".
COMPLETE_THEN_OPEN = P_(
    "follow shape", "Whoever completes a row must at once start a new row, if they can."
)

#: A card that must be played whenever it may be (``play.compulsory``).
COMPULSORY_RANK = P_(
    "compulsory shape",
    "If a %(rank)s is among the cards you may play, you must play a %(rank)s rather than any "
    "other card.",
)
COMPULSORY_ANY = P_(
    "compulsory shape",
    "If you may play a card for which %(cond)s, you must play such a card rather than any other.",
)


#: The same rules where the sheet has just said that you choose among your playable cards:
#: they restrict that choice, so they open with "However" ("Toutefois, si…", "Pero si…");
#: a ``sevens diff`` bullet stands alone and keeps the plain wording.
COMPULSORY_RANK_AFTER_CHOICE = P_(
    "compulsory shape",
    "However, if a %(rank)s is among the cards you may play, you must play a %(rank)s rather "
    "than any other card.",
)
COMPULSORY_ANY_AFTER_CHOICE = P_(
    "compulsory shape",
    "However, if you may play a card for which %(cond)s, you must play such a card rather than "
    "any other.",
)
#: One named card that must be played whenever it may be (Elfer raus!: ``card == 11R``).
COMPULSORY_CARD = {
    False: P_(
        "compulsory shape",
        "If you may play the %(card)s, you must play it rather than any other card.",
    ),
    True: P_(
        "compulsory shape",
        "However, if you may play the %(card)s, you must play it rather than any other card.",
    ),
}


def compulsory_sentence(
    lang: Lang, deck: Deck, node: T, generic: str, after_choice: bool = False
) -> str:
    """The rule that some cards must be played when they may be; ``generic`` is the
    condition's generic wording, used when it is not a single rank; ``after_choice`` when
    the sentence follows "you choose which one", which it restricts."""
    match = RANK_IS.match(canon(node))
    if match:
        mark = COMPULSORY_RANK_AFTER_CHOICE if after_choice else COMPULSORY_RANK
        return lang.marked(mark, **rank_forms(lang, deck, int(match.group(1))))
    card = CARD_IS.match(canon(node))
    if card:
        forms = card_forms(lang, deck, int(card.group(1)))
        return lang.marked(COMPULSORY_CARD[after_choice], **forms)
    return lang.marked(
        COMPULSORY_ANY_AFTER_CHOICE if after_choice else COMPULSORY_ANY, cond=generic
    )


FREE_FOLLOW = {
    "chain": P_(
        "follow shape",
        "On your turn you may play as many cards as you like, one after another, "
        "as long as each of them may be played.",
    ),
    "ace-king": P_(
        "follow shape", "Whoever plays an ace or a king may at once play one more card."
    ),
}
#: With one row at a time, "row.open" keeps every extra card on the row just played to: a
#: card that would start a new row has an empty row.
ONE_ROW_FOLLOW = P_(
    "follow shape",
    "After playing a card you may go on adding cards, one after another and as many as you "
    "like, to the row you have just played to, as long as each of them may be played there. "
    "You may not start another row in the same turn.",
)
#: Without suits, "row.open" keeps every extra card on a row already started.
STARTED_ROWS_FOLLOW = P_(
    "follow shape",
    "After playing a card you may go on adding cards, one after another and as many as you "
    "like, to rows already started, as long as each of them may be played. You may not start "
    "a row with an extra card.",
)
RANK_IS = re.compile(r"^card\.rank == #(\d+)$")


def free_follow_sentence(
    lang: Lang,
    deck: Deck,
    when: T,
    allow: T,
    optional: bool,
    most: int | None,
    one_row: bool = False,
    without_suit: bool = False,
) -> str | None:
    """The usual follow-ups that allow any legal card: chaining a whole turn's worth of
    cards, one more card after an ace or a king, or a new row after completing one; with
    ``one_row`` (``layout.one_row_at_a_time``) a turn's cards all on the newest row, and
    ``without_suit`` (``layout.rows_follow_suit`` false) on rows already started."""
    if (canon(when), canon(allow), optional, most) == ("row.complete", "not row.open", False, 1):
        return lang.marked(COMPLETE_THEN_OPEN)
    if (canon(when), canon(allow), optional, most) == ("true", "row.open", True, None):
        if one_row:
            return lang.marked(ONE_ROW_FOLLOW)
        if without_suit:
            return lang.marked(STARTED_ROWS_FOLLOW)
    if canon(allow) != "true" or not optional:
        return None
    if chains(when, allow, optional, most):
        return lang.marked(FREE_FOLLOW["chain"])
    ranks = [RANK_IS.match(canon(part)) for part in _alternatives(when)]
    named = {deck.ranks[int(m.group(1))].code for m in ranks if m}
    if all(ranks) and named == {"A", "K"} and most == 1:
        return lang.marked(FREE_FOLLOW["ace-king"])
    return None


#: A run: the next card one rank up or down from the card laid just before, in its suit.
_NEXT_TO_LAST = "(card.rank == (last.rank + #1)) or (card.rank == (last.rank - #1))"
#: The alternatives of ``play.follow_up.allow`` that give a turn of several cards one
#: shape, and which shape.  The forms reading ``first`` (the card that began the turn)
#: hold only while every card so far had that shape, so a turn never mixes two of them.
TURN_PARTS = {
    f"((card.suit == first.suit) and (last.suit == first.suit)) and ({_NEXT_TO_LAST})": (
        "run",
        True,
    ),
    "(card.rank == first.rank) and (last.rank == first.rank)": ("same-rank", True),
    f"(card.suit == last.suit) and ({_NEXT_TO_LAST})": ("run", False),
    "card.rank == last.rank": ("same-rank", False),
}
TURN_SHAPES = {
    frozenset({"run", "same-rank"}): P_(
        "turn shape",
        "After your first card you may go on laying cards, one after another, as long as each of "
        "them may be played: either a run in the first card's suit, each card one rank above or "
        "below the card before it, or cards of the same rank as the first. A turn is one or the "
        "other, never a mix of the two.",
    ),
    frozenset({"run"}): P_(
        "turn shape",
        "After your first card you may go on laying cards, one after another, as long as each of "
        "them may be played and they make a run in the first card's suit, each card one rank "
        "above or below the card before it.",
    ),
    frozenset({"same-rank"}): P_(
        "turn shape",
        "After your first card you may go on laying cards of the same rank, one after another, "
        "as long as each of them may be played.",
    ),
}


def turn_shapes(
    when: T, allow: T, optional: bool, most: int | None, copies: int = 1
) -> frozenset[str] | None:
    """The shapes a turn of several cards may take (``run``, ``same-rank``), when the
    follow-up lets every card add more of one of them, optionally and without limit; a
    turn is then always of one shape.  ``None`` for any other follow-up, and for shapes
    that may mix (a run part and a same-rank part both read ``last`` only, or ``copies``
    packs: a run may come back to the first card's rank with its twin, 7♠ 6♠ 7♠, and go
    on across suits, 7♦)."""
    if (canon(when), optional, most) != ("true", True, None):
        return None
    parts = [TURN_PARTS.get(canon(part)) for part in _alternatives(allow)]
    if not parts or any(part is None for part in parts):
        return None
    shapes = frozenset(part[0] for part in parts if part is not None)
    if len(shapes) > 1 and not all(part[1] for part in parts if part is not None):
        return None  # "the card before" alone lets a turn switch shape
    if len(shapes) > 1 and copies > 1:
        return None
    return shapes


def turn_sentence(lang: Lang, shapes: frozenset[str]) -> str:
    """The sentence for a turn of several cards of one shape (:func:`turn_shapes`)."""
    return lang.marked(TURN_SHAPES[shapes])


def chains(when: T, allow: T, optional: bool, most: int | None) -> bool:
    """Whether a follow-up lets a player go on playing any legal cards, as many as they
    like (Kartendomino, Elfer raus!): a sheet then says so where it says what a turn is."""
    return (canon(when), canon(allow), optional, most) == ("true", "true", True, None)


def follow_sentence(lang: Lang, deck: Deck, when: T, allow: T, optional: bool) -> str | None:
    """The hand-written sentence for a follow-up of the form 'after card X, card Y or Z'."""
    trigger = CARD_IS.match(canon(when))
    allowed = [CARD_IS.match(canon(part)) for part in _alternatives(allow)]
    if trigger is None or not all(allowed):
        return None
    names = [card_forms(lang, deck, int(m.group(1)), "cards") for m in allowed if m]
    card = card_forms(lang, deck, int(trigger.group(1)))
    return lang.marked(FOLLOW_SHAPES[optional], **card, **joined_forms(lang.join_or, names))


def _alternatives(node: T) -> list[T]:
    if isinstance(node, TBinary) and node.op == "or":
        return _alternatives(node.left) + _alternatives(node.right)
    return [node]


EXTEND = "(card.rank == (row.high + #1)) or (card.rank == (row.low - #1))"
#: "the mover holds no card of rank N" (a hand fact in play.legal)
HELD_RANK = r"not any\(\$\.rank == #(\d+) for \$ in hand\)"


#: "Eight before six" and its mirror, Ristiseiska's "six before eight": one end of a row
#: may grow only after the other end has moved past the starting card.
ONE_WAY_FIRST = {
    "up-first": "row.open and ((card.rank == (row.high + #1)) or "
    "((card.rank == (row.low - #1)) and (row.high > row.start)))",
    "down-first": "row.open and ((card.rank == (row.low - #1)) or "
    "((card.rank == (row.high + #1)) and (row.low < row.start)))",
}


#: A row that grows at both ends until it holds its suit's lowest (#0) or highest card.
CLOSING_RULE = re.compile(
    r"\(\(row\.open and \(row\.low != #0\)\) and \(row\.high != #(\d+)\)\) and \("
    + re.escape(EXTEND)
    + r"\)"
)


#: A row that grows at both ends while neither end lies #N ranks from its starting card.
CAPPED_RULE = re.compile(
    r"\(\(row\.open and \(row\.high < \(row\.start \+ #(\d+)\)\)\) and "
    r"\(row\.low > \(row\.start - #(\d+)\)\)\) and \(" + re.escape(EXTEND) + r"\)"
)

#: The shapes said otherwise where rows do not follow suit (``layout.rows_follow_suit``
#: false): a row belongs to the card that opens it, and cards of any suit extend it.
ROWS_WITHOUT_SUIT_SHAPES = {
    "open-rank": P_("play shape", "a %(rank)s: it starts a new row;"),
    "extend": P_(
        "play shape",
        "the next card up or down in rank, of any suit, at either end of a started row;",
    ),
    "extend-capped": P_(
        "play shape",
        "the next card up or down in rank, of any suit, at either end of a started row, until "
        "one end of the row lies %(count)s ranks from its starting card: then the row is "
        "finished and takes no more cards at either end;",
    ),
}


def play_shape(node: T) -> tuple[str, int | None] | None:
    """The shape of one ``or`` alternative of the play rule, with its rank if it names one."""
    text = canon(node)
    if text in (EXTEND, f"row.open and ({EXTEND})"):
        return "extend", None
    if text == "table.empty":
        return "first", None
    if text == ONE_WAY_FIRST["up-first"]:
        return "up-first", None
    if text == ONE_WAY_FIRST["down-first"]:
        return "down-first", None
    if text == "not row.open and (card.rank == row.start)":
        return "open-start", None
    match = re.fullmatch(r"not row\.open and \(card\.rank == #(\d+)\)", text)
    if match:
        return "open-rank", int(match.group(1))
    match = re.fullmatch(rf"\(row\.open and \({re.escape(EXTEND)}\)\) and {HELD_RANK}", text)
    if match:  # mandatory-seven: nothing but that rank while the hand holds one
        return "extend-unless-held", int(match.group(1))
    if text == "(row.open and (card.rank >= row.low)) and (card.rank <= row.high)":
        return "inside", None
    if text == "row.open and (card.rank == (row.high + #1))":
        return "up", None
    match = CLOSING_RULE.fullmatch(text)
    if match:  # its number is the highest rank, checked against the pack by _fits
        return "extend-closing", int(match.group(1))
    if text == "row.open and ((card.rank > row.top) or (card.rank < row.bottom))":
        return "beyond", None
    match = CAPPED_RULE.fullmatch(text)
    if match and match.group(1) == match.group(2):  # the same reach each way
        return "extend-capped", int(match.group(1))
    match = TUNNEL_RULE.fullmatch(text)
    if match:
        return "tunnel", int(match.group(1))
    match = re.fullmatch(r"not row\.open and \(\(table\.count % #(\d+)\) == #0\)", text)
    if match:  # "the table holds whole rows only"; a row's length is checked with the deck
        return "open-any", int(match.group(1))
    return None


def play_sentences(
    lang: Lang,
    deck: Deck,
    parts: list[T],
    held_apart: bool = False,
    rows_per_suit: int = 1,
    follow_suit: bool = True,
) -> list[str] | None:
    """One bullet per alternative of the play rule, or ``None`` if any is not a known shape.

    With ``held_apart`` the "whoever holds a 7 must play a 7" clause is left out of its
    bullet: a sheet says it as a sentence of its own (:func:`held_sentence`), since it
    binds every play, not only that alternative.  With several ``rows_per_suit`` a
    starting card opens a row as long as its suit has a row not started yet.  Rows that do
    not ``follow_suit`` have shapes of their own (:data:`ROWS_WITHOUT_SUIT_SHAPES`), and a
    rule with another shape is not said in words."""
    shapes = [play_shape(p) for p in parts]
    if any(s is None or not _fits(deck, s) for s in shapes):
        return None
    if not follow_suit:
        return _rows_without_suit_sentences(lang, deck, shapes)
    if any(s is not None and s[0] == "extend-capped" for s in shapes):
        return None  # said in words only for rows without suits so far: shown by examples
    bullets = []
    for shape in shapes:
        assert shape is not None
        name, rank = shape
        if held_apart and name == "extend-unless-held":
            name = "extend"
        if rows_per_suit > 1 and name in ("open-rank", "open-start"):
            name += "-rows"
        values = {}
        if name in ("open-rank", "open-rank-rows", "extend-unless-held") and rank is not None:
            values = rank_forms(lang, deck, rank)
        table = (
            COLOUR_PLAY_SHAPES if colour_suits(deck) and name in COLOUR_PLAY_SHAPES else PLAY_SHAPES
        )
        bullets.append(lang.marked(table[name], **values))
    return _last_full_stop(bullets)


def _rows_without_suit_sentences(
    lang: Lang, deck: Deck, shapes: list[tuple[str, int | None] | None]
) -> list[str] | None:
    """The play bullets where rows do not follow suit, or None for a shape they lack."""
    bullets = []
    for shape in shapes:
        assert shape is not None
        name, number = shape
        if name not in ROWS_WITHOUT_SUIT_SHAPES:
            return None
        values: dict[str, str] = {}
        if name == "open-rank" and number is not None:
            values = rank_forms(lang, deck, number)
        if name == "extend-capped" and number is not None:
            values = {"count": str(number)}
        bullets.append(lang.marked(ROWS_WITHOUT_SUIT_SHAPES[name], **values))
    return _last_full_stop(bullets)


#: The mandatory-seven clause as a sentence of its own, after the list of plays.
HELD_RANK_SENTENCE = P_(
    "play shape", "If you hold a %(rank)s, you must play a %(rank)s before any other card."
)


def held_sentence(lang: Lang, deck: Deck, parts: list[T]) -> str | None:
    """The rule that whoever holds a card of some rank must play that rank first, said
    on its own, if an alternative of the play rule has that shape."""
    for shape in (play_shape(p) for p in parts):
        if shape is not None and shape[0] == "extend-unless-held" and shape[1] is not None:
            return lang.marked(HELD_RANK_SENTENCE, **rank_forms(lang, deck, shape[1]))
    return None


def without_stop(text: str) -> str:
    """A play bullet without its closing full stop, to end a sentence that runs on into it."""
    text = text.rstrip()
    return text[:-1].rstrip() if text.endswith((".", "。", ";")) else text


def _fits(deck: Deck, shape: tuple[str, int | None]) -> bool:
    """Whether a shape's wording holds for this pack: "a multiple of N cards on the table"
    means "every row begun is complete" only when each suit has N cards, one pack, none removed."""
    name, number = shape
    if name == "tunnel":  # the ace and the king must be the pack's ends
        return number == deck.n_ranks - 1 and deck.ranks[0].code == "A"
    if name == "extend-closing":  # "the highest card of its suit"
        return number == deck.n_ranks - 1
    if name != "open-any":
        return True
    return number == deck.n_ranks and deck.copies == 1 and not deck.removed


def _last_full_stop(bullets: list[str]) -> list[str]:
    """List items end in ``;`` except the last, which ends in a full stop (``。`` stays)."""
    if bullets and bullets[-1].endswith(";"):  # French sets a space before the ';'
        bullets[-1] = bullets[-1][:-1].rstrip() + "."
    return bullets


def extend_example(lang: Lang, deck: Deck, start: int, wrap: bool) -> str | None:
    """ "For example, the 8 or the 6 goes next to the 7" for the rows' starting rank."""
    up, down = start + 1, start - 1
    if wrap:
        up, down = up % deck.n_ranks, down % deck.n_ranks
    if not (down >= 0 and up < deck.n_ranks):
        return None
    names = {}
    for key, rank in (("up", up), ("down", down), ("start", start)):
        names.update(rank_forms(lang, deck, rank, key))
    return lang.marked(EXTEND_EXAMPLE, **names)


def table_sentence(lang: Lang, table: dict[str, tuple[str, str]], node: T) -> str | None:
    """The hand-written sentence for an amount whose canonical text is in ``table``."""
    mark = table.get(canon(node))
    return lang.marked(mark) if mark else None


def _winner_plus_cards(lang: Lang, bonus: int) -> str:
    """The winner's bonus plus a point per card the others hold; "one point" for a bonus of 1."""
    text = lang.ngettext(
        "The winner scores %(bonus)s point plus one point for each card left in the other "
        "players' hands; every other player loses one point for each card left in their own hand.",
        "The winner scores %(bonus)s points plus one point for each card left in the other "
        "players' hands; every other player loses one point for each card left in their own hand.",
        bonus,
    )
    return text % {"bonus": lang.count(bonus, "point")}


def points_sentence(
    lang: Lang, node: T, highest_place: int = MAX_PLACE, ranks_everyone: bool = True
) -> str | None:
    """The hand-written sentence for a points rule of a known shape, else its sum of
    recognised terms told case by case up to the highest place a player can hold
    (:func:`.amounts.points_sentences`), else ``None``.  Sentences that rank every player
    (:data:`PLACE_SHAPES`) only where the end of the deal does."""
    text = canon(node)
    match = WINNER_PLUS_CARDS.match(text)
    if match:
        return _winner_plus_cards(lang, int(match.group(1)))
    match = PASSED_LAST.match(text)
    if match:
        count = int(match.group(1))
        text = lang.ngettext(
            "Every player who still holds cards loses their point values as minus points. "
            "In addition, the last player in the deal who had to pass loses %(count)s point, "
            "even if they went out afterwards.",
            "Every player who still holds cards loses their point values as minus points. "
            "In addition, the last player in the deal who had to pass loses %(count)s points, "
            "even if they went out afterwards.",
            count,
        )
        return text % {"count": lang.count(count, "point")}
    mark = POINT_SHAPES.get(text)
    if POINT_SHAPE_RULES.get(text) in PLACE_SHAPES and not ranks_everyone:
        mark = None
    return lang.marked(mark) if mark else points_sentences(lang, node, highest_place)
