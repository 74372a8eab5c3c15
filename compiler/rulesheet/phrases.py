"""Phrases for the structured (non-expression) rules: card transfers and leaders.

Shared by the sheet and by :mod:`.diff`, so both word a rule the same way.
Source and target phrases are whole prepositional phrases per language
("from your left neighbour's hand"), so no language has to inflect them.
"""

from __future__ import annotations

from ...runtime.contract import Transfer
from ..analyse import SUIT, AnalysedRules, T, TAttr, TBinary, TConst, TVar
from ..model import Deck
from .cards import SUIT_IN_CARD, suit_name
from .i18n import P_, Lang
from .sentences import sentence

SOURCES = {
    "self": P_("transfer source", "from your hand"),
    "left": P_("transfer source", "from your left neighbour's hand"),
    "right": P_("transfer source", "from your right neighbour's hand"),
    "most-cards": P_("transfer source", "from the hand of the other player holding the most cards"),
    # English fallbacks for issue 8's roles; TODO(issue 9): translate in the nine catalogs
    "next": P_("transfer source", "from the hand of the player who plays after you"),
    "previous": P_("transfer source", "from the hand of the player who played before you"),
    "others": P_("transfer source", "from each other player's hand"),
}
TARGETS = {
    "self": P_("transfer target", "into your hand"),
    "left": P_("transfer target", "into your left neighbour's hand"),
    "right": P_("transfer target", "into your right neighbour's hand"),
    "most-cards": P_("transfer target", "into the hand of the other player holding the most cards"),
    # English fallbacks for issue 8's roles; TODO(issue 9): translate in the nine catalogs
    "next": P_("transfer target", "into the hand of the player who plays after you"),
    "previous": P_("transfer target", "into the hand of the player who played before you"),
}

LOWEST_OF_SUIT = P_("leader", "the player holding the lowest card of %(suit)s")
LOWEST_WHERE = P_("leader", "the player holding the lowest of the cards for which %(cond)s")


def transfer_text(lang: Lang, transfer: Transfer) -> str:
    """A clause such as "2 cards chosen at random go from … into your hand" (no full stop)."""
    n = transfer.cards
    taken = _taken(lang, transfer)
    if taken is not None:
        return taken
    given = _given(lang, transfer)
    if given is not None:
        return given
    if transfer.which == "highest-value":
        text = lang.ngettext(
            "the highest-valued card goes %(source)s %(target)s",
            "the %(count)s highest-valued cards go %(source)s %(target)s",
            n,
        )
    elif transfer.which == "lowest-value":
        text = lang.ngettext(
            "the lowest-valued card goes %(source)s %(target)s",
            "the %(count)s lowest-valued cards go %(source)s %(target)s",
            n,
        )
    else:
        text = lang.ngettext(
            "%(count)s card chosen at random goes %(source)s %(target)s",
            "%(count)s cards chosen at random go %(source)s %(target)s",
            n,
        )
    return _moving(lang, text, n, transfer)


def _moving(lang: Lang, text: str, n: int, transfer: Transfer) -> str:
    """A transfer sentence filled in: how many cards, from whom, to whom."""
    return text % {
        "count": lang.count(n, "card"),
        "source": lang.marked(SOURCES[transfer.source]),
        "target": lang.marked(TARGETS[transfer.target]),
    }


def _taken(lang: Lang, transfer: Transfer) -> str | None:
    """The usual pass penalties worded as players say them: you take cards from a
    neighbour in turn order or from the player with most cards, or every opponent gives you some."""
    if transfer.target != "self" or transfer.which != "random":
        return None
    n = transfer.cards
    if transfer.source == "previous":
        text = lang.ngettext(
            "you draw %(count)s card at random from the hand of the player before you",
            "you draw %(count)s cards at random from the hand of the player before you",
            n,
        )
    elif transfer.source == "next":
        text = lang.ngettext(
            "you draw %(count)s card at random from the hand of the player after you",
            "you draw %(count)s cards at random from the hand of the player after you",
            n,
        )
    elif transfer.source == "left":
        text = lang.ngettext(
            "you take %(count)s card at random from your left neighbour's hand",
            "you take %(count)s cards at random from your left neighbour's hand",
            n,
        )
    elif transfer.source == "right":
        text = lang.ngettext(
            "you take %(count)s card at random from your right neighbour's hand",
            "you take %(count)s cards at random from your right neighbour's hand",
            n,
        )
    elif transfer.source == "most-cards":
        text = lang.ngettext(
            "you take %(count)s card at random from the hand of the other player holding the most cards",
            "you take %(count)s cards at random from the hand of the other player holding the most cards",
            n,
        )
    elif transfer.source == "others":
        text = lang.ngettext(
            "every other player gives you %(count)s card drawn at random from their hand",
            "every other player gives you %(count)s cards drawn at random from their hand",
            n,
        )
    else:
        return None
    return text % {"count": lang.count(n, "card")}


def _given(lang: Lang, transfer: Transfer) -> str | None:
    """Penalty cards the giver chooses (``which: giver``), worded as players say them."""
    if transfer.which != "giver":
        return None
    n = transfer.cards
    if transfer.target == "self" and transfer.source == "previous":
        text = lang.ngettext(
            "the player before you gives you %(count)s card of their choice",
            "the player before you gives you %(count)s cards of their choice",
            n,
        )
    elif transfer.target == "self" and transfer.source == "others":
        text = lang.ngettext(
            "every other player gives you %(count)s card of their choice",
            "every other player gives you %(count)s cards of their choice",
            n,
        )
    else:
        text = lang.ngettext(
            "%(count)s card chosen by its giver goes %(source)s %(target)s",
            "%(count)s cards chosen by their giver go %(source)s %(target)s",
            n,
        )
        return _moving(lang, text, n, transfer)
    return text % {"count": lang.count(n, "card")}


def _suit_condition(deck: Deck, tree: T) -> int | None:
    """The suit of a ``card.suit == S`` condition, else ``None``."""
    if not (isinstance(tree, TBinary) and tree.op == "=="):
        return None
    left, right = tree.left, tree.right
    if isinstance(right, TAttr):
        left, right = right, left
    if (
        isinstance(left, TAttr)
        and left.name == "suit"
        and isinstance(left.obj, TVar)
        and left.obj.name == "card"
        and isinstance(right, TConst)
        and right.type == SUIT
        and isinstance(right.value, int)
    ):
        return right.value
    return None


def leader_rank(rules: AnalysedRules) -> int | None:
    """The rank of a 'holder-of-lowest' rule of the form ``card.rank == R`` (the holder of
    the first R in suit order leads), else ``None``."""
    analysed = rules.leader_cards
    if analysed is None:
        return None
    tree = analysed.tree
    if not (isinstance(tree, TBinary) and tree.op == "==" and isinstance(tree.right, TConst)):
        return None
    left = tree.left
    if isinstance(left, TAttr) and left.name == "rank" and isinstance(left.obj, TVar):
        value = tree.right.value
        return value if left.obj.name == "card" and isinstance(value, int) else None
    return None


def lowest_holder(lang: Lang, rules: AnalysedRules) -> str | None:
    """Who leads under 'holder-of-lowest', as a noun phrase ("the player holding the lowest card of diamonds")."""
    analysed = rules.leader_cards
    if analysed is None:
        return None
    deck = rules.spec.deck
    suit = _suit_condition(deck, analysed.tree)
    if suit is not None:
        # ``suit_gen``: the suit as a card name says it ("7 бубен"), the genitive a Russian
        # sentence needs after "карта"; other languages use the plain name
        in_card = SUIT_IN_CARD.get(deck.suits[suit].name)
        gen = lang.marked(in_card) if in_card else suit_name(lang, deck, suit)
        return lang.marked(LOWEST_OF_SUIT, suit=suit_name(lang, deck, suit), suit_gen=gen)
    return lang.marked(LOWEST_WHERE, cond=sentence(lang, deck, analysed.tree))
