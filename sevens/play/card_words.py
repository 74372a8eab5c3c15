"""Cards as a player of a language writes them, shown and typed: ``D♥`` in German for the
queen of hearts, ``7♥`` everywhere; the English codes (``QH``) are always understood too.

Both ways of playing, the full screen and ``sevens play --plain``, show cards through
:class:`CardWords`, so a card looks the same in either and on the rule sheet.
"""

from __future__ import annotations

from dataclasses import dataclass

from sevens.runtime.api import Rules, bits

from .i18n import Words

#: The signs of the French suits; a pack with other suits (the Spanish pack's copas is also
#: "C") shows its code letters.
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}


@dataclass(frozen=True)
class CardWords:
    """How the cards of one rule set's pack are written in one language."""

    rules: Rules
    words: Words

    @property
    def french_suits(self) -> bool:
        """Whether the pack's suits are clubs, diamonds, hearts and spades (shown as signs)."""
        return set(self.rules.rule_set.deck.suit_codes) == set(SUIT_SYMBOLS)

    def suit_text(self, suit_code: str) -> str:
        """A suit as shown: its sign in a French-suited pack, else its code letter."""
        return SUIT_SYMBOLS[suit_code] if self.french_suits else suit_code

    def rank_text(self, rank_code: str) -> str:
        """A rank as shown: a court card's letter in the language (German ``D``)."""
        return self.words.rank_letter(rank_code) if self.french_suits else rank_code

    def card_text(self, card: int) -> str:
        """One card as shown (``7♥``, German ``D♠``)."""
        code = self.rules.rule_set.card_codes[card]
        return self.rank_text(code[:-1]) + self.suit_text(code[-1])

    def cards_text(self, mask: int, marked: int = 0) -> str:
        """The cards of ``mask`` in pack order, ``*`` after those in ``marked``; ``-`` for none."""
        shown = [self.card_text(c) + ("*" if marked >> c & 1 else "") for c in bits(mask)]
        return " ".join(shown) or "-"

    def card_in(self, mask: int, typed: str) -> int | None:
        """The card of ``mask`` that ``typed`` names (``qh``, ``Q♥``, German ``D♥``), if any."""
        wanted = _comparable(typed)
        for card in bits(mask):
            code = self.rules.rule_set.card_codes[card]
            if wanted in (_comparable(code), _comparable(self.card_text(card))):
                return card
        return None


def _comparable(code: str) -> str:
    """A card code compared without spaces or case, a suit sign as its letter."""
    code = code.replace(" ", "").upper()
    return code[:-1] + _LETTERS.get(code[-1:], code[-1:]) if code else code
