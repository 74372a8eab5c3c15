"""Localised names of suits, ranks and cards.

Suit and rank names in the model are English (or Spanish for the Spanish
deck); they are message ids here, so an unknown custom name is simply shown
as written in the rulespec.
"""

from __future__ import annotations

from sevens.compiler.model import Deck
from sevens.compiler.rulesheet.i18n import P_, Lang

#: Suit names as listed ("the suits are clubs, diamonds, …").
SUIT_NAMES = {
    "clubs": P_("suit", "clubs"),
    "diamonds": P_("suit", "diamonds"),
    "hearts": P_("suit", "hearts"),
    "spades": P_("suit", "spades"),
    "oros": P_("suit", "oros"),
    "copas": P_("suit", "copas"),
    "espadas": P_("suit", "espadas"),
    "bastos": P_("suit", "bastos"),
}

#: Suit names as used inside a card name ("seven of *diamonds*", "*Karo*-7").
SUIT_IN_CARD = {
    "clubs": P_("suit in card name", "clubs"),
    "diamonds": P_("suit in card name", "diamonds"),
    "hearts": P_("suit in card name", "hearts"),
    "spades": P_("suit in card name", "spades"),
    "oros": P_("suit in card name", "oros"),
    "copas": P_("suit in card name", "copas"),
    "espadas": P_("suit in card name", "espadas"),
    "bastos": P_("suit in card name", "bastos"),
}

RANK_NAMES = {
    "jack": P_("rank", "jack"),
    "queen": P_("rank", "queen"),
    "king": P_("rank", "king"),
    "ace": P_("rank", "ace"),
    "sota": P_("rank", "sota"),
    "caballo": P_("rank", "caballo"),
    "rey": P_("rank", "rey"),
}

#: One- or two-letter rank codes as printed on the cards of each language.
RANK_LETTERS = {
    "J": P_("rank letter", "J"),
    "Q": P_("rank letter", "Q"),
    "K": P_("rank letter", "K"),
    "A": P_("rank letter", "A"),
}

CARD_NAME = P_("card name", "%(rank)s of %(suit)s")


def _lookup(lang: Lang, table: dict[str, tuple[str, str]], key: str) -> str:
    mark = table.get(key)
    return lang.marked(mark) if mark else key


def suit_name(lang: Lang, deck: Deck, suit: int) -> str:
    """The suit's name, e.g. ``Karo`` or ``ouros``."""
    return _lookup(lang, SUIT_NAMES, deck.suits[suit].name)


def rank_name(lang: Lang, deck: Deck, rank: int) -> str:
    """The rank's name: digits for pip cards, a word for court cards."""
    return _lookup(lang, RANK_NAMES, deck.ranks[rank].name)


def rank_letter(lang: Lang, deck: Deck, rank: int) -> str:
    """The rank as printed in a corner of the card (``B`` for a German Bube)."""
    return _lookup(lang, RANK_LETTERS, deck.ranks[rank].code)


def card_name(lang: Lang, deck: Deck, face: int) -> str:
    """The spoken name of a card, e.g. ``Karo-7`` or ``valete de ouros``."""
    face %= deck.n_faces
    suit = _lookup(lang, SUIT_IN_CARD, deck.suits[deck.suit_of(face)].name)
    return lang.marked(CARD_NAME, rank=rank_name(lang, deck, deck.rank_of(face)), suit=suit)


def card_short(lang: Lang, deck: Deck, face: int) -> str:
    """The short form, e.g. ``7♦`` or ``B♣``."""
    face %= deck.n_faces
    return rank_letter(lang, deck, deck.rank_of(face)) + deck.suits[deck.suit_of(face)].symbol


def card_full(lang: Lang, deck: Deck, face: int) -> str:
    """Name and short form together: ``Karo-7 (7♦)``."""
    return f"{card_name(lang, deck, face)} ({card_short(lang, deck, face)})"


def suit_color(deck: Deck, face: int) -> str:
    """``red`` or ``black`` for the card's suit."""
    return deck.suits[deck.suit_of(face % deck.n_faces)].color
