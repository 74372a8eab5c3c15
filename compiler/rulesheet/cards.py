"""Localised names of suits, ranks and cards.

Suit and rank names in the model are English (or Spanish for the Spanish
deck); they are message ids here, so an unknown custom name is simply shown
as written in the rulespec.
"""

from __future__ import annotations

from collections.abc import Callable

from ..model import Deck
from .i18n import P_, Lang

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
#: A language whose own name for a Spanish suit starts with another letter prints that one:
#: French "deniers" is D (the Spanish pack has no dame to mistake it for), so "5D", as
#: "5C/5E/5B" already follow "coupes, épées, bâtons".
SPANISH_MARKS_IN = {"fr": {"oros": "D"}}
SPANISH_COLOURS = {"oros": "gold", "copas": "red", "espadas": "blue", "bastos": "green"}
#: Colour suits (a four-colour pack such as Elfer raus's) have no printed sign; their code is
#: the colour's initial, so a language whose colour names start with four different letters
#: writes its own ("10R, 11J" in French); the others keep the English ones.
SUIT_LETTERS = {
    "red": P_("suit letter", "R"),
    "yellow": P_("suit letter", "Y"),
    "green": P_("suit letter", "G"),
    "blue": P_("suit letter", "B"),
}


def colour_suits(deck: Deck) -> bool:
    """Whether the pack's suits are plain colours (red, yellow, green, blue: a numbered pack)."""
    return all(s.name in SUIT_LETTERS for s in deck.suits)


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


#: The grammatical forms a sentence may ask for: ``<key>_<case>_<def|indef>`` for the cases
#: below, and ``<key>_noun``, the bare noun.  Each language fills them its own way: German
#: declines noun and article, Russian declines the noun, French, Spanish and Portuguese put
#: the article (contracted with "à/a/de") before the name, Swedish uses its definite and
#: indefinite noun forms; other languages give the bare name under every key.
CASES = ("nom", "acc", "dat", "gen", "ins")
ARTICLES = ("def", "indef")

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

#: Romance (and Dutch) articles per gender, as (definite, indefinite) for the plain noun ("nom", also used
#: for acc/ins), after "à/a" ("dat") and after "de" ("gen"); "v" is a French name that
#: elides the article ("l’as").  Feminine names are listed per language; the rest are masculine.
ROMANCE_ARTICLES = {
    "fr": {
        "m": {"nom": ("le ", "un "), "dat": ("au ", "à un "), "gen": ("du ", "d’un ")},
        "f": {"nom": ("la ", "une "), "dat": ("à la ", "à une "), "gen": ("de la ", "d’une ")},
        "v": {"nom": ("l’", "un "), "dat": ("à l’", "à un "), "gen": ("de l’", "d’un ")},
    },
    "es": {
        "m": {"nom": ("el ", "un "), "dat": ("al ", "a un "), "gen": ("del ", "de un ")},
        "f": {"nom": ("la ", "una "), "dat": ("a la ", "a una "), "gen": ("de la ", "de una ")},
    },
    "pt": {
        "m": {"nom": ("o ", "um "), "dat": ("ao ", "a um "), "gen": ("do ", "de um ")},
        "f": {"nom": ("a ", "uma "), "dat": ("à ", "a uma "), "gen": ("da ", "de uma ")},
    },
    # Dutch card names are all "de"-words ("de vrouw", "de zes van ruiten")
    "nl": {
        "m": {
            "nom": ("de ", "een "),
            "dat": ("aan de ", "aan een "),
            "gen": ("van de ", "van een "),
        }
    },
}
ROMANCE_FEMININE = {"fr": {"dame"}, "es": {"jota", "reina", "sota"}, "pt": {"dama"}, "nl": set()}

#: Swedish rank nouns, indefinite and definite ("en sjua", "sjuan"; "ett ess", "esset").
SWEDISH_NOUNS = {
    "2": ("en tvåa", "tvåan"),
    "3": ("en trea", "trean"),
    "4": ("en fyra", "fyran"),
    "5": ("en femma", "femman"),
    "6": ("en sexa", "sexan"),
    "7": ("en sjua", "sjuan"),
    "8": ("en åtta", "åttan"),
    "9": ("en nia", "nian"),
    "10": ("en tia", "tian"),
    "11": ("en elva", "elvan"),
    "12": ("en tolva", "tolvan"),
    "knekt": ("en knekt", "knekten"),
    "dam": ("en dam", "damen"),
    "kung": ("en kung", "kungen"),
    "ess": ("ett ess", "esset"),
    "riddare": ("en riddare", "riddaren"),
}

#: Russian card nouns in the accusative, dative, genitive and instrumental (cards are
#: animate in the accusative: "положить валета").  Number words in -ка decline regularly.
RUSSIAN_NOUNS = {
    "валет": ("валета", "валету", "валета", "валетом"),
    "король": ("короля", "королю", "короля", "королём"),
    "туз": ("туза", "тузу", "туза", "тузом"),
    "дама": ("даму", "даме", "дамы", "дамой"),
    "всадник": ("всадника", "всаднику", "всадника", "всадником"),
    "карта": ("карту", "карте", "карты", "картой"),  # "карта 11" (Elfer raus!)
}


def _russian(noun: str) -> dict[str, str]:
    head, _, tail = noun.partition(" ")
    declined: tuple[str, ...]
    if head in RUSSIAN_NOUNS:
        declined = RUSSIAN_NOUNS[head]
    elif head.endswith("ка"):
        declined = tuple(head[:-1] + end for end in ("у", "е", "и", "ой"))
    else:
        declined = (head,) * 4
    forms = dict(zip(("acc", "dat", "gen", "ins"), declined, strict=True)) | {"nom": head}
    return {case: " ".join(filter(None, (form, tail))) for case, form in forms.items()}


def noun_forms(code: str, noun: str, head: str | None = None) -> dict[str, str]:
    """Every ``<case>_<def|indef>`` form of ``noun`` (a rank or card name) in language ``code``;
    ``head`` is the rank word that decides gender and declension when ``noun`` is a card name."""
    head = head if head is not None else noun
    keys = [f"{case}_{art}" for case in CASES for art in ARTICLES]
    if code in ROMANCE_ARTICLES:
        gender = "f" if head in ROMANCE_FEMININE[code] else "m"
        if code == "fr" and gender == "m" and head[:1] in "aeiouéh":
            gender = "v"
        table = ROMANCE_ARTICLES[code][gender]
        forms: dict[str, str] = {}
        for case in CASES:
            definite, indefinite = table.get(case, table["nom"])
            forms |= {f"{case}_def": definite + noun, f"{case}_indef": indefinite + noun}
        return forms
    if code == "ru":
        declined = _russian(noun)
        return {key: declined[key.split("_")[0]] for key in keys}
    if code == "sv" and noun in SWEDISH_NOUNS:
        indefinite, definite = SWEDISH_NOUNS[noun]
        forms = {
            f"{case}_{art}": indefinite if art == "indef" else definite
            for case in CASES
            for art in ARTICLES
        }
        return forms | {"gen_def": definite + "s"}
    if code == "en":
        return {key: _english(noun, key.endswith("_def")) for key in keys}
    return dict.fromkeys(keys, noun)


def _english(noun: str, definite: bool) -> str:
    """``noun`` with its English article: "the 7 of diamonds", "an 8", "an ace", "a jack"."""
    if definite:
        return f"the {noun}"
    spoken_vowel = noun[:1] in "aeiou8" or noun.split(" ")[0] in ("11", "18")
    return f"{'an' if spoken_vowel else 'a'} {noun}"


def _german(name: str) -> dict[str, str]:
    gender, *declined = GERMAN_NOUNS.get(name, ("f", name, name, name))
    nouns = {"nom": name, "acc": declined[0], "dat": declined[1], "gen": declined[2]}
    nouns["ins"] = nouns["dat"]  # German has no instrumental; "mit" takes the dative
    forms: dict[str, str] = {}
    for case, noun in nouns.items():
        definite, indefinite = GERMAN_ARTICLES["dat" if case == "ins" else case][gender]
        forms |= {f"{case}_def": f"{definite} {noun}", f"{case}_indef": f"{indefinite} {noun}"}
    return forms


def rank_noun(lang: Lang, deck: Deck, rank: int) -> str:
    """The rank as a word where the language names number cards by nouns (Russian
    "семёрка", Swedish "sjua"); otherwise its name as :func:`rank_name` gives it."""
    name = rank_name(lang, deck, rank)
    pip = PIP_IN_CARD.get(deck.ranks[rank].name)
    if lang.code == "ru" and pip and not _numbered_beyond_ten(deck):
        return lang.marked(pip) if name != "1" else name  # a number card 1 is no ace
    if lang.code == "ru" and name.isdigit():  # "карту 11": a bare number takes no case
        return f"карта {name}"
    if lang.code == "sv" and name in SWEDISH_NOUNS:
        return SWEDISH_NOUNS[name][0].split(" ")[1]
    return name


def _numbered_beyond_ten(deck: Deck) -> bool:
    """Whether the pack has number cards above 10 (Elfer raus!): Russian then names every
    number card by its digits, so that "10" and "11" read alike."""
    return any(r.name.isdigit() and int(r.name) > 10 for r in deck.ranks)


def rank_forms(lang: Lang, deck: Deck, rank: int, key: str = "rank") -> dict[str, str]:
    """The rank's name as ``key``, its bare noun as ``<key>_noun``, and its form in each case
    with a definite or indefinite article as ``<key>_<case>_<def|indef>`` ("den Buben",
    "la reina", "au valet", "семёрку", "sjuan"): a message picks the form its sentence needs,
    whatever the rank's gender.  ``key`` alone stays the plain name (digits for pips)."""
    name = rank_name(lang, deck, rank)
    noun = rank_noun(lang, deck, rank)
    if lang.code == "de":
        forms = _german(name)
    elif lang.code == "sv":
        forms = noun_forms("sv", name)
    else:
        forms = noun_forms(lang.code, noun)
    return {key: name, f"{key}_noun": noun} | {f"{key}_{k}": v for k, v in forms.items()}


def card_forms(lang: Lang, deck: Deck, face: int, key: str = "card") -> dict[str, str]:
    """The card's full name (:func:`card_full`) as ``key`` and in the forms of
    :func:`rank_forms` as ``<key>_<case>_<def|indef>`` ("la dame de pique (D♠)",
    "шестёрку бубен (6♦)", "den Karo-Buben (B♣)").  Swedish card names take no article."""
    face %= deck.n_faces
    full, short = card_full(lang, deck, face), card_short(lang, deck, face)
    keys = [f"{case}_{art}" for case in CASES for art in ARTICLES]
    name, head = card_name(lang, deck, face), _card_head(lang, deck, face)
    if lang.code == "de":  # the article goes before the compound, the rank word declines
        suit = _lookup(lang, SUIT_IN_CARD, deck.suits[deck.suit_of(face)].name)
        forms = {}
        for k, form in _german(head).items():
            article, _, noun = form.partition(" ")
            forms[k] = f"{article} {lang.marked(CARD_NAME, rank=noun, suit=suit)}"
    elif lang.code == "ru":
        forms = noun_forms("ru", name)
    elif lang.code in ROMANCE_ARTICLES or lang.code == "en":
        forms = noun_forms(lang.code, name, head)
    else:
        forms = dict.fromkeys(keys, name)
    named = {f"{key}_{k}": f"{v} ({short})" if shows_code(deck) else v for k, v in forms.items()}
    return {key: full, f"{key}_noun": full} | named


def _card_head(lang: Lang, deck: Deck, face: int) -> str:
    """The rank word inside a card's name ("dame", "Bube", "7")."""
    rank = deck.ranks[deck.rank_of(face)]
    pip = PIP_IN_CARD.get(rank.name)
    return lang.marked(pip) if pip else rank_name(lang, deck, deck.rank_of(face))


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
    return rank_letter(lang, deck, deck.rank_of(face)) + suit_symbol(lang, deck, deck.suit_of(face))


def suit_symbol(lang: Lang, deck: Deck, suit: int) -> str:
    """The suit's sign as printed: ``♦`` for French suits, the code letter for Spanish ones,
    the colour's initial in ``lang`` for a colour suit whose sign is its code letter."""
    spec = deck.suits[suit]
    if deck.preset == "spanish":
        own = SPANISH_MARKS_IN.get(lang.code, {}).get(spec.name)
        return own or SPANISH_MARKS.get(spec.name, spec.symbol)
    letter = SUIT_LETTERS.get(spec.name)
    return lang.marked(letter) if letter and spec.symbol == spec.code else spec.symbol


def suit_class(deck: Deck, suit: int) -> str:
    """The suit's colour as an HTML class: ``red``/``black``, or the Spanish suit's colour."""
    spec = deck.suits[suit]
    return SPANISH_COLOURS.get(spec.name, spec.color) if deck.preset == "spanish" else spec.color


def card_full(lang: Lang, deck: Deck, face: int) -> str:
    """Name and short form together: ``Karo-7 (7♦)``; a Spanish-suited card by its name
    alone, as players say it ("el cinco de oros"): its code (``5O``) is no sign a reader knows."""
    if not shows_code(deck):
        return card_name(lang, deck, face)
    return f"{card_name(lang, deck, face)} ({card_short(lang, deck, face)})"


def shows_code(deck: Deck) -> bool:
    """Whether running text follows a card's name with its short form: for the French
    suits' signs (7♦), not for the letters standing for Spanish suits (5O)."""
    return deck.preset != "spanish"


def joined_forms(join: Callable[[list[str]], str], forms: list[dict[str, str]]) -> dict[str, str]:
    """Several names' forms (from :func:`rank_forms` or :func:`card_forms`, all under one key)
    joined form by form, so a list keeps each item's article: "le 6 de carreau ou le 8 …"."""
    if not forms:
        return {}
    return {k: join([f[k] for f in forms]) for k in forms[0]}
