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
    # the four colours of a numbered pack such as Elfer raus!
    "red": P_("suit", "red"),
    "yellow": P_("suit", "yellow"),
    "green": P_("suit", "green"),
    "blue": P_("suit", "blue"),
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
    "red": P_("suit in card name", "red"),
    "yellow": P_("suit in card name", "yellow"),
    "green": P_("suit in card name", "green"),
    "blue": P_("suit in card name", "blue"),
}

RANK_NAMES = {
    "1": P_("rank", "ace of the Spanish pack"),  # the Spanish pack's 1 is its ace
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

#: Number cards as named inside a card name: digits in most languages, words where players
#: say them (Russian "девятка бубен").  The Spanish pack's 1 is its ace.
PIP_IN_CARD = {
    "1": P_("pip in card name", "1"),
    "2": P_("pip in card name", "2"),
    "3": P_("pip in card name", "3"),
    "4": P_("pip in card name", "4"),
    "5": P_("pip in card name", "5"),
    "6": P_("pip in card name", "6"),
    "7": P_("pip in card name", "7"),
    "8": P_("pip in card name", "8"),
    "9": P_("pip in card name", "9"),
    "10": P_("pip in card name", "10"),
}

#: Spanish suits are written with their card-code letter (the emoji some fonts have for them
#: show as empty boxes elsewhere) and coloured as on the cards: gold oros, red copas, blue
#: espadas, green bastos.
SPANISH_MARKS = {"oros": "O", "copas": "C", "espadas": "E", "bastos": "B"}
SPANISH_COLOURS = {"oros": "gold", "copas": "red", "espadas": "blue", "bastos": "green"}


def _lookup(lang: Lang, table: dict[str, tuple[str, str]], key: str) -> str:
    mark = table.get(key)
    return lang.marked(mark) if mark else key


def suit_name(lang: Lang, deck: Deck, suit: int) -> str:
    """The suit's name, e.g. ``Karo`` or ``ouros``."""
    return _lookup(lang, SUIT_NAMES, deck.suits[suit].name)


def rank_name(lang: Lang, deck: Deck, rank: int) -> str:
    """The rank's name: digits for pip cards, a word for court cards (and for the Spanish
    pack's 1, its ace; a 1 of other packs stays a number)."""
    name = deck.ranks[rank].name
    if name == "1" and deck.preset != "spanish":  # a number card 1 (Elfer raus) is no ace
        return name
    return _lookup(lang, RANK_NAMES, name)


def rank_letter(lang: Lang, deck: Deck, rank: int) -> str:
    """The rank as printed in a corner of the card (``B`` for a German Bube)."""
    return _lookup(lang, RANK_LETTERS, deck.ranks[rank].code)


#: German rank nouns: gender and the form after an article in the accusative, dative and
#: genitive ("den Buben", "dem Buben", "des Buben"); a number card is feminine ("die Sieben").
GERMAN_NOUNS = {
    "Bube": ("m", "Buben", "Buben", "Buben"),
    "König": ("m", "König", "König", "Königs"),
    "Dame": ("f", "Dame", "Dame", "Dame"),
    "Ass": ("n", "Ass", "Ass", "Asses"),
    "Unter": ("m", "Unter", "Unter", "Unters"),
    "Ober": ("m", "Ober", "Ober", "Obers"),
    "Sota": ("f", "Sota", "Sota", "Sota"),
    "Caballo": ("m", "Caballo", "Caballo", "Caballos"),
    "Rey": ("m", "Rey", "Rey", "Reys"),
}
GERMAN_ARTICLES = {  # (definite, indefinite) per case, by gender m / f / n
    "nom": {"m": ("der", "ein"), "f": ("die", "eine"), "n": ("das", "ein")},
    "acc": {"m": ("den", "einen"), "f": ("die", "eine"), "n": ("das", "ein")},
    "dat": {"m": ("dem", "einem"), "f": ("der", "einer"), "n": ("dem", "einem")},
    "gen": {"m": ("des", "eines"), "f": ("der", "einer"), "n": ("des", "eines")},
}


def rank_forms(lang: Lang, deck: Deck, rank: int, key: str = "rank") -> dict[str, str]:
    """The rank's name as ``key``, and with its article in each case as ``<key>_<case>_def``
    and ``<key>_<case>_indef`` ("den Buben", "einer 7"): a German message picks the form its
    sentence needs, whatever the rank's gender.  Other languages get the bare name under
    every key (their messages use ``key`` alone)."""
    name = rank_name(lang, deck, rank)
    forms = {key: name}
    if lang.code != "de":
        cases = [f"{key}_{case}_{art}" for case in GERMAN_ARTICLES for art in ("def", "indef")]
        return forms | dict.fromkeys(cases, name)
    gender, *declined = GERMAN_NOUNS.get(name, ("f", name, name, name))
    nouns = {"nom": name, "acc": declined[0], "dat": declined[1], "gen": declined[2]}
    for case, articles in GERMAN_ARTICLES.items():
        definite, indefinite = articles[gender]
        forms[f"{key}_{case}_def"] = f"{definite} {nouns[case]}"
        forms[f"{key}_{case}_indef"] = f"{indefinite} {nouns[case]}"
    return forms


def card_name(lang: Lang, deck: Deck, face: int) -> str:
    """The spoken name of a card, e.g. ``Karo-7`` or ``valete de ouros``."""
    face %= deck.n_faces
    suit = _lookup(lang, SUIT_IN_CARD, deck.suits[deck.suit_of(face)].name)
    rank = deck.ranks[deck.rank_of(face)]
    pip = PIP_IN_CARD.get(rank.name)
    name = lang.marked(pip) if pip else rank_name(lang, deck, deck.rank_of(face))
    return lang.marked(CARD_NAME, rank=name, suit=suit)


def card_short(lang: Lang, deck: Deck, face: int) -> str:
    """The short form, e.g. ``7♦`` or ``B♣``."""
    face %= deck.n_faces
    return rank_letter(lang, deck, deck.rank_of(face)) + suit_symbol(deck, deck.suit_of(face))


def suit_symbol(deck: Deck, suit: int) -> str:
    """The suit's sign as printed: ``♦`` for French suits, the code letter for Spanish ones."""
    spec = deck.suits[suit]
    return SPANISH_MARKS.get(spec.name, spec.symbol) if deck.preset == "spanish" else spec.symbol


def suit_class(deck: Deck, suit: int) -> str:
    """The suit's colour as an HTML class: ``red``/``black``, or the Spanish suit's colour."""
    spec = deck.suits[suit]
    return SPANISH_COLOURS.get(spec.name, spec.color) if deck.preset == "spanish" else spec.color


def card_full(lang: Lang, deck: Deck, face: int) -> str:
    """Name and short form together: ``Karo-7 (7♦)``."""
    return f"{card_name(lang, deck, face)} ({card_short(lang, deck, face)})"


def suit_color(deck: Deck, face: int) -> str:
    """The HTML colour class of the card's suit."""
    return suit_class(deck, deck.suit_of(face % deck.n_faces))
