"""Stage 3: turn a validated document into the rulespec model.

The model is the single intermediate representation shared by the code
generator, the reference interpreter and the rule-sheet generator.  Cards
are *faces*: ``suit_index * n_ranks + rank_index``; with several packs, card
ids are ``copy * n_faces + face``.  Ranks are indices into ``Deck.ranks``,
which runs from the lowest to the highest rank of a row.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..runtime.contract import (
    Blocked,
    DealRules,
    Direction,
    DrawStop,
    EndWhen,
    LayoutShape,
    Leader,
    MatchWinner,
    OverLimit,
    Pick,
    PotTo,
    Role,
    Session,
    Tiebreak,
    Transfer,
    Trumps,
    Wild,
)
from .conditions import Expr
from .errors import Diagnostic, SevensError
from .load import Document, Origin

#: ``play.trumps.suit``: the suit of the last card dealt is trumps.
LAST_DEALT = "last-dealt"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}

#: ``opening.card``'s word for "the card that made its holder the leader opens".
LEADER_CARD_OPENS = "leader-card"
#: A source link a rulespec may give and a sheet may show: plain http(s), nothing that
#: could end an autolink, or run code (``javascript:``, ``data:``).
SAFE_URL = re.compile(r"^https?://[^\s<>\\`\"']+$")

#: The classic rule: open a row with its starting rank, or extend a row at either end.
DEFAULT_LEGAL = (
    "(not row.open and card.rank == row.start)"
    " or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))"
)


@dataclass(frozen=True)
class Suit:
    code: str
    name: str
    symbol: str
    color: str


@dataclass(frozen=True)
class Rank:
    code: str
    name: str
    value: int


_FRENCH_SUITS = (
    Suit("C", "clubs", "♣", "black"),
    Suit("D", "diamonds", "♦", "red"),
    Suit("H", "hearts", "♥", "red"),
    Suit("S", "spades", "♠", "black"),
)
_FRENCH_NAMES = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_FRENCH_VALUES = {"J": 10, "Q": 10, "K": 10, "A": 1}
_SPANISH_SUITS = (
    Suit("O", "oros", "🪙", "red"),
    Suit("C", "copas", "🏆", "red"),
    Suit("E", "espadas", "⚔", "black"),
    Suit("B", "bastos", "🪵", "black"),
)
_SPANISH_RANKS = (
    *(Rank(str(n), str(n), n) for n in range(1, 8)),
    Rank("10", "sota", 10),
    Rank("11", "caballo", 11),
    Rank("12", "rey", 12),
)


def _french_ranks(ace: str) -> tuple[Rank, ...]:
    codes = [str(n) for n in range(2, 11)] + ["J", "Q", "K"]
    codes = ["A", *codes] if ace == "low" else [*codes, "A"]
    return tuple(
        Rank(
            code,
            _FRENCH_NAMES.get(code, code),
            _FRENCH_VALUES.get(code, int(code) if code.isdigit() else 0),
        )
        for code in codes
    )


@dataclass(frozen=True)
class Deck:
    """Suits, ranks (lowest first), packs and removed faces."""

    suits: tuple[Suit, ...]
    ranks: tuple[Rank, ...]
    copies: int
    removed: frozenset[int]
    preset: str | None
    ace: str | None

    @property
    def n_ranks(self) -> int:
        return len(self.ranks)

    @property
    def n_faces(self) -> int:
        return len(self.suits) * len(self.ranks)

    @property
    def n_cards(self) -> int:
        return self.n_faces * self.copies

    def face(self, suit: int, rank: int) -> int:
        return suit * self.n_ranks + rank

    def suit_of(self, face: int) -> int:
        return (face % self.n_faces) // self.n_ranks

    def rank_of(self, face: int) -> int:
        return face % self.n_ranks

    def code(self, card: int) -> str:
        """The card code of a card id or face, e.g. ``10H``."""
        face = card % self.n_faces
        return self.ranks[self.rank_of(face)].code + self.suits[self.suit_of(face)].code

    def in_play(self, face: int) -> bool:
        return face not in self.removed

    def parse_card(self, text: str) -> int | None:
        """The face written as ``text`` (``7D``, ``7♦``, ``10h``), or ``None``."""
        text = text.strip()
        if len(text) < 2:
            return None
        suit_text = text[-1].upper()
        suit_text = SYMBOL_TO_SUIT.get(suit_text, suit_text)
        rank_text = text[:-1].upper()
        suit = self.suit_index(suit_text)
        rank = self.rank_index(rank_text)
        if suit is None or rank is None:
            return None
        return self.face(suit, rank)

    def suit_index(self, text: str) -> int | None:
        text = SYMBOL_TO_SUIT.get(text, text)
        codes = [s.code for s in self.suits]
        return codes.index(text) if text in codes else None

    def rank_index(self, text: str) -> int | None:
        codes = [r.code.upper() for r in self.ranks]
        return codes.index(text.upper()) if text.upper() in codes else None

    def card_codes(self) -> list[str]:
        return [self.code(f) for f in range(self.n_faces)]


@dataclass(frozen=True)
class Condition:
    """An expression as written in the rulespec, with where it was written."""

    key: str  # e.g. "play.legal"
    text: str
    origin: Origin | None
    syntax: Expr | None = None

    def position(self, offset: int) -> tuple[str, int, int] | None:
        """``(path, line, col)`` of a character of the expression, if known."""
        if self.origin is None:
            return None
        line, col = self.origin.offset_position(self.text, max(offset, 0))
        return self.origin.source.path, line, col

    def diagnostic(self, message: str, offset: int) -> Diagnostic:
        if self.origin is None:
            return Diagnostic(f"{self.key}: {message}")
        line, col = self.origin.offset_position(self.text, max(offset, 0))
        diagnostic = self.origin.source.diagnostic(message, line, col)
        diagnostic.key = self.key
        return diagnostic


@dataclass(frozen=True)
class Opening:
    card: int | None  # a fixed opening card
    choices: tuple[int, ...]  # the dealer names one of these (empty: no choice)
    leader: Leader
    leader_cards: Condition | None  # with leader 'holder-of-lowest'
    origin: Origin | None = None  # where opening.card was written (for errors)
    leader_card: int | None = None  # with leader 'holder-of-card'
    leader_card_opens: bool = False  # opening.card 'leader-card': the leader's card opens


@dataclass(frozen=True)
class FollowUp:
    when: Condition
    allow: Condition
    optional: bool
    max: int | None = 1  # None: unlimited chaining


@dataclass(frozen=True)
class Passing:
    voluntary: bool
    cost: Condition
    voluntary_cost: Condition
    limit: int | None = None
    over_limit: OverLimit | None = None
    voluntary_transfer: Transfer | None = None
    transfer: Transfer | None = None
    cover: bool = False
    voluntary_with_transfer: bool = False  # a pass by choice moves ``transfer``'s cards too


@dataclass(frozen=True)
class DrawRule:
    """``passing.draw``: a player who cannot play draws from the stock."""

    most: Condition | None  # a count or an expression ('player' context); None: until one fits
    stop: DrawStop = DrawStop.FIRST_FIT  # at the first card that fits, or after the whole count


@dataclass(frozen=True)
class Chips:
    ante: Condition
    pot: PotTo
    pay_winner: Condition


@dataclass(frozen=True)
class Players:
    min: int
    max: int
    best: str | None
    team_size: int | None = None  # players.teams.size (None: no teams)


@dataclass(frozen=True)
class Source:
    """A text the rules come from, as a reader can look it up: title and language."""

    title: str
    lang: str | None = None
    section: str | None = None
    url: str | None = None


@dataclass(frozen=True)
class Naming:
    """What a rule set is called and what it is (rule sheets only).

    Only what the rulespec file itself states: names, aliases and
    descriptions are never inherited through ``extends``, because a
    parent's name or description is wrong for its child.  Free text is kept
    per language code; ``language`` is the language of plain strings.
    """

    language: str = "en"
    kind: str | None = None  # "game", "regional-variant" or "house-rule"
    names: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, tuple[str, ...]] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    sources: tuple[Source, ...] = ()
    agreed: tuple[str, ...] = ()  # keys whose value the sources leave to the players


@dataclass
class Rulespec:
    """The compiled model of one rule set."""

    id: str
    name: str
    aliases: tuple[str, ...]
    description: str
    sources: tuple[str, ...]
    chain: tuple[str, ...]  # ids from the root ancestor to this rulespec
    path: str
    deck: Deck
    players: Players
    layout: LayoutShape
    opening: Opening
    legal: Condition
    follow_up: FollowUp | None
    last_card: Transfer | None
    passing: Passing
    end_when: EndWhen
    blocked: Blocked
    chips: Chips | None
    points: Condition | None
    session: Session | None
    direction: Direction = Direction.CLOCKWISE
    deal: DealRules = field(default_factory=DealRules)
    draw: DrawRule | None = None
    compulsory: Condition | None = None  # play.compulsory, on 'card' alone
    wild: Wild | None = None  # deck.jokers and play.joker
    trumps: Trumps | None = None  # play.trumps
    data: dict[str, Any] = field(repr=False, default_factory=dict)
    chain_paths: tuple[str, ...] = ()  # the resolved files of ``chain``
    naming: Naming = field(default_factory=Naming)

    @property
    def parent(self) -> str | None:
        return self.chain[-2] if len(self.chain) > 1 else None

    @property
    def parent_path(self) -> str | None:
        """The file of the parent rule set (``extends:``), if any."""
        return self.chain_paths[-2] if len(self.chain_paths) > 1 else None

    def conditions(self) -> list[Condition]:
        """Every expression of the rulespec."""
        found = [self.legal, self.passing.cost, self.passing.voluntary_cost]
        if self.follow_up:
            found += [self.follow_up.when, self.follow_up.allow]
        if self.chips:
            found += [self.chips.ante, self.chips.pay_winner]
        if self.points:
            found.append(self.points)
        if self.opening.leader_cards:
            found.append(self.opening.leader_cards)
        if self.compulsory:
            found.append(self.compulsory)
        if self.draw is not None and self.draw.most is not None:
            found.append(self.draw.most)
        return found


class _ModelBuilder:
    """Read the validated document into a :class:`Rulespec`, collecting errors."""

    def __init__(self, document: Document) -> None:
        self.doc = document
        self.data = document.data
        self.errors: list[Diagnostic] = []
        self.read_sources: tuple[Source, ...] | None = None

    def get(self, *path: str, default: Any = None) -> Any:
        node: Any = self.data
        for part in path:
            if not isinstance(node, dict) or part not in node:
                return default
            node = node[part]
        return node

    def error(self, path: tuple[str | int, ...], message: str) -> None:
        self.errors.append(self.doc.error(path, message))

    def inherited(self, *path: str) -> bool:
        """Whether the value at ``path`` was written in a parent rulespec, not this one."""
        origin, source = self.doc.origins.get(path), self.doc.source
        return origin is not None and source is not None and origin.source.path != source.path

    def condition(self, *path: str, default: str) -> Condition:
        value = self.get(*path, default=default)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        origin = self.doc.origins.get(path) if self.get(*path) is not None else None
        if isinstance(value, float) and origin is not None:  # the digits as written: exact
            text = origin.source.text[origin.start_index : origin.end_index].strip()
        return Condition(".".join(path), text, origin)

    def build(self) -> Rulespec:
        deck = self.deck()
        spec = Rulespec(
            id=self.data["id"],
            name=_in_language(self.get("name"), self.language()) or self.data["id"],
            aliases=_flat_aliases(self.get("aliases", default=[])),
            description=_in_language(self.get("description"), self.language()) or "",
            sources=tuple(s.title for s in self.sources()),
            chain=tuple(self.doc.chain),
            path=self.doc.source.path if self.doc.source else "?",
            deck=deck,
            players=self.players(),
            layout=self.layout(deck),
            opening=self.opening(deck),
            legal=self.condition("play", "legal", default=DEFAULT_LEGAL),
            follow_up=self.follow_up(),
            last_card=self.transfer("play", "last_card", "penalty"),
            passing=self.passing(),
            end_when=EndWhen(self.get("end", "when", default="first-out")),
            blocked=Blocked(self.get("end", "blocked", default="score")),
            chips=self.chips(),
            points=self.condition("scoring", "points", default="0")
            if self.get("scoring", "points") is not None
            else None,
            session=self.session(),
            direction=Direction(self.get("play", "direction", default="clockwise")),
            deal=self.deal_rules(),
            draw=self.draw(),
            compulsory=self.condition("play", "compulsory", default="false")
            if self.get("play", "compulsory") is not None
            else None,
            wild=self.wild(),
            trumps=self.trumps(deck),
            data=self.data,
            chain_paths=tuple(str(p) for p in self.doc.paths),
            naming=self.naming(),
        )
        self.check_consistency(spec)
        if self.errors:
            raise SevensError(self.errors)
        return spec

    def language(self) -> str:
        return str(self.get("language", default="en"))

    def own(self, key: str) -> Any:
        """The value of a top-level key if this file states it (not inherited), else ``None``."""
        origin = self.doc.origins.get((key,))
        if self.doc.source is None:
            return self.get(key)
        if origin is None or origin.source is not self.doc.source:
            return None
        value = self.get(key)
        if isinstance(value, dict):  # mappings merge: drop the entries the parent gave
            value = {k: v for k, v in value.items() if self._stated(key, k)}
        return value

    def _stated(self, *path: str) -> bool:
        origin = self.doc.origins.get(path)
        return origin is not None and origin.source is self.doc.source

    def naming(self) -> Naming:
        language = self.language()
        aliases = self.own("aliases") or {}
        if isinstance(aliases, list):
            aliases = {language: aliases}
        return Naming(
            language=language,
            kind=self.own("kind"),
            names=_per_language(self.own("name"), language),
            aliases={lang: tuple(names) for lang, names in aliases.items()},
            descriptions=_per_language(self.own("description"), language),
            sources=self.sources() if self.own("sources") is not None else (),
            agreed=tuple(self.get("agreed", default=[])),
        )

    def sources(self) -> tuple[Source, ...]:
        """The sources, read once: the spec and its naming share them (and their errors)."""
        if self.read_sources is None:
            self.read_sources = self._read_sources()
        return self.read_sources

    def _read_sources(self) -> tuple[Source, ...]:
        found = []
        for index, item in enumerate(self.get("sources", default=[])):
            if isinstance(item, str):
                found.append(Source(item, self.language()))
            else:
                url = self.link(("sources", index, "url"), item.get("url"))
                found.append(Source(item["title"], item.get("lang"), item.get("section"), url))
        return tuple(found)

    def link(self, path: tuple[str | int, ...], url: str | None) -> str | None:
        """A source's ``url``: only an http(s) address, which a sheet may turn into a link."""
        if url is None or SAFE_URL.match(url):
            return url
        self.error(path, "sources: a url must be an http:// or https:// address, with no spaces")
        return None

    def deck(self) -> Deck:
        preset = self.get("deck", "preset", default="french")
        ace = self.get("deck", "ace", default="high") if preset == "french" else None
        suits: tuple[Suit, ...] = _FRENCH_SUITS if preset == "french" else _SPANISH_SUITS
        ranks = _french_ranks(ace or "high") if preset == "french" else _SPANISH_RANKS
        if self.get("deck", "suits"):
            suits = tuple(self.suit(s) for s in self.get("deck", "suits"))
        if self.get("deck", "ranks"):
            ranks = tuple(
                Rank(r["code"], r["name"], r.get("value", 0)) for r in self.get("deck", "ranks")
            )
        ranks = self.apply_values(self.cut_low_ranks(ranks))
        self.check_unique([s.code for s in suits], ("deck", "suits"), "suit code")
        self.check_unique([r.code for r in ranks], ("deck", "ranks"), "rank code")
        deck = Deck(suits, ranks, self.get("deck", "copies", default=1), frozenset(), preset, ace)
        removed = frozenset(self.cards(deck, ("deck", "remove")))
        return Deck(suits, ranks, deck.copies, removed, preset, ace)

    def suit(self, raw: dict[str, Any]) -> Suit:
        code = raw["code"]
        return Suit(
            code,
            raw["name"],
            raw.get("symbol", SUIT_SYMBOLS.get(code, code)),
            raw.get("color", "black"),
        )

    def cut_low_ranks(self, ranks: tuple[Rank, ...]) -> tuple[Rank, ...]:
        lowest = self.get("deck", "lowest")
        if lowest is None:
            return ranks
        codes = [r.code for r in ranks]
        if str(lowest) not in codes:
            self.error(("deck", "lowest"), f"deck.lowest: no rank '{lowest}' in the deck")
            return ranks
        return ranks[codes.index(str(lowest)) :]

    def apply_values(self, ranks: tuple[Rank, ...]) -> tuple[Rank, ...]:
        values = self.get("deck", "values", default={})
        codes = {r.code for r in ranks}
        for code in values:
            if code not in codes:
                self.errors.append(
                    self.doc.error(
                        ("deck", "values", code),
                        f"deck.values: no rank '{code}' in the deck",
                        at_key=True,
                    )
                )
        return tuple(Rank(r.code, r.name, values.get(r.code, r.value)) for r in ranks)

    def check_unique(self, codes: list[str], path: tuple[str, ...], what: str) -> None:
        for code in {c for c in codes if codes.count(c) > 1}:
            self.error(path, f"{what} '{code}' appears twice")

    def card(self, deck: Deck, path: tuple[str | int, ...], text: str) -> int | None:
        face = deck.parse_card(text)
        if face is None:
            codes = " ".join(deck.card_codes()[:6])
            self.error(
                path, f"'{text}' is not a card of this deck (cards are written like {codes} …)"
            )
        return face

    def cards(self, deck: Deck, path: tuple[str, ...]) -> list[int]:
        raw = self.get(*path, default=[]) or []
        faces = [self.card(deck, (*path, i), str(t)) for i, t in enumerate(raw)]
        return [f for f in faces if f is not None]

    def players(self) -> Players:
        low = self.get("players", "min", default=3)
        high = self.get("players", "max", default=8)
        if low > high:
            self.error(("players",), f"players.min ({low}) is greater than players.max ({high})")
        best = self.get("players", "best")
        if best is not None:
            self.check_best(str(best), low, high)
        teams = self.get("players", "teams")
        return Players(low, high, best, None if teams is None else teams["size"])

    def check_best(self, best: str, low: int, high: int) -> None:
        """``players.best`` is 'n' or 'n-m' inside min … max."""
        match = re.fullmatch(r"\s*(\d+)\s*(?:[-–]\s*(\d+))?\s*", best)
        if match is None:
            self.error(
                ("players", "best"),
                f"players.best: write a number or a range like '4-6', not {best!r}",
            )
            return
        first, last = int(match[1]), int(match[2] or match[1])
        if not low <= first <= last <= high:
            self.error(
                ("players", "best"),
                f"players.best '{best}' lies outside players.min … players.max ({low} to {high});"
                " give a range inside it, or null",
            )

    def layout(self, deck: Deck) -> LayoutShape:
        raw_start = self.get("layout", "start_rank", default="7")
        start: int | None = None
        per_row = str(raw_start) == "first-card-per-row"
        if per_row and self.get("layout", "rows_per_suit", default=1) != 1:
            self.error(("layout", "start_rank"), "'first-card-per-row' needs one row per suit")
        if str(raw_start) not in ("first-card", "first-card-per-row"):
            start = deck.rank_index(str(raw_start))
            if start is None:
                codes = ", ".join(r.code for r in deck.ranks)
                self.error(
                    ("layout", "start_rank"),
                    f"layout.start_rank: no rank '{raw_start}' in the deck ({codes}); or"
                    " 'first-card', 'first-card-per-row'",
                )
                start = 0
        return LayoutShape(
            start_rank=start,
            rows_per_suit=self.get("layout", "rows_per_suit", default=1),
            wrap=bool(self.get("layout", "wrap", default=False)),
            preplaced=tuple(self.cards(deck, ("layout", "preplaced"))),
            by_holders=self.get("layout", "preplaced_by", default="table") == "holders",
            start_per_row=per_row,
            rows_follow_suit=bool(self.get("layout", "rows_follow_suit", default=True)),
            one_row_at_a_time=bool(self.get("layout", "one_row_at_a_time", default=False)),
        )

    def opening(self, deck: Deck) -> Opening:
        raw = self.get("opening", "card")
        card: int | None = None
        choices: tuple[int, ...] = ()
        leader_card_opens = raw == LEADER_CARD_OPENS
        if isinstance(raw, list):
            found = [self.card(deck, ("opening", "card", i), str(t)) for i, t in enumerate(raw)]
            choices = tuple(f for f in found if f is not None)
        elif raw is not None and not leader_card_opens:
            card = self.card(deck, ("opening", "card"), str(raw))
        leader = Leader(self.get("opening", "leader", default="left-of-dealer"))
        leader_cards = None
        if self.get("opening", "leader_cards") is not None:
            leader_cards = self.condition("opening", "leader_cards", default="false")
        elif leader == "holder-of-lowest":
            self.error(
                ("opening", "leader"),
                "opening.leader 'holder-of-lowest' needs opening.leader_cards",
            )
        leader_card = None
        if self.get("opening", "leader_card") is not None:
            leader_card = self.card(
                deck, ("opening", "leader_card"), str(self.get("opening", "leader_card"))
            )
        elif leader == "holder-of-card":
            self.error(
                ("opening", "leader"), "opening.leader 'holder-of-card' needs opening.leader_card"
            )
        if leader_card_opens and leader not in ("holder-of-lowest", "holder-of-card"):
            self.error(
                ("opening", "card"),
                "opening.card 'leader-card' needs opening.leader 'holder-of-lowest' or "
                "'holder-of-card' (a card that chooses the leader)",
            )
        return Opening(
            card,
            choices,
            leader,
            leader_cards,
            self.doc.origin(("opening", "card")),
            leader_card,
            leader_card_opens,
        )

    def transfer(self, *path: str) -> Transfer | None:
        raw = self.get(*path)
        if raw is None:
            return None
        if raw["to"] == "others":
            self.error((*path, "to"), f"{'.'.join(path)}.to: 'others' may only give, not receive")
        return Transfer(
            raw["cards"], Role(raw["from"]), Role(raw["to"]), Pick(raw.get("which", "random"))
        )

    def session(self) -> Session | None:
        raw = self.get("session")
        if raw is None:
            return None
        deals = raw.get("deals", "players")
        if isinstance(deals, str) and deals != "players":
            self.error(
                ("session", "deals"), f"session.deals must be a number or 'players', not {deals!r}"
            )
        target = raw.get("target", {})
        return Session(
            deals=deals if isinstance(deals, int) else None,
            target_chips=target.get("chips"),
            target_points=target.get("points"),
            target_deals=target.get("deals"),
            winner=MatchWinner(
                raw.get("winner", default_match_winner(self.get("scoring", "chips")))
            ),
            tiebreak=Tiebreak(raw.get("tiebreak", "none")),
        )

    def deal_rules(self) -> DealRules:
        size, stock = self.get("deal", "hand_size"), self.get("deal", "stock", default=0)
        leftovers = self.get("deal", "leftovers") == "face-up"
        if size == "equal" or (size is None and leftovers):  # face-up leftovers: equal hands
            return DealRules(equal_hands=True, stock=stock, leftovers=leftovers)
        return DealRules(hand_size=size, stock=stock, leftovers=leftovers)

    def draw(self) -> DrawRule | None:
        """``passing.draw``: how many cards (a count, an expression, or until one fits) and
        whether the drawing stops at the first card that fits."""
        raw = self.get("passing", "draw")
        if raw is None:
            return None
        stop = DrawStop(raw.get("stop", DrawStop.FIRST_FIT.value))
        if raw.get("most") == "until-playable":
            if stop is DrawStop.NEVER:
                self.error(
                    ("passing", "draw", "stop"),
                    "passing.draw.most 'until-playable' stops at the first card that fits;"
                    " it cannot be combined with stop 'never'",
                )
            return DrawRule(most=None, stop=DrawStop.FIRST_FIT)
        return DrawRule(most=self.condition("passing", "draw", "most", default="1"), stop=stop)

    def wild(self) -> Wild | None:
        """Jokers: ``deck.jokers`` and how ``play.joker`` says they are played."""
        jokers = self.get("deck", "jokers", default=0)
        if not jokers:
            if self.get("play", "joker") is not None:
                self.error(
                    ("play", "joker"), "play.joker needs jokers in the deck: set deck.jokers"
                )
            return None
        return Wild(
            jokers=jokers,
            redeem_optional=self.get("play", "joker", "redeem", default="must") == "may",
            out_on_joker=bool(self.get("play", "joker", "out_on_joker", default=True)),
            holder_last=bool(self.get("play", "joker", "holder_ranks_last", default=True)),
        )

    def trumps(self, deck: Deck) -> Trumps | None:
        """A trump suit (``play.trumps``): fixed, or the suit of the last card dealt."""
        suit = self.get("play", "trumps", "suit")
        if suit is None:
            return None
        if suit == LAST_DEALT:
            return Trumps(suit=None)
        codes = [s.code for s in deck.suits]
        letter = SYMBOL_TO_SUIT.get(suit, suit)
        if letter not in codes:
            self.error(
                ("play", "trumps", "suit"),
                f"unknown trump suit '{suit}': write '{LAST_DEALT}' or a suit of the deck"
                f" ({', '.join(codes)})",
            )
            return None
        return Trumps(suit=codes.index(letter), named_card_home=False)

    def follow_up(self) -> FollowUp | None:
        if self.get("play", "follow_up") is None:
            return None
        return FollowUp(
            when=self.condition("play", "follow_up", "when", default="false"),
            allow=self.condition("play", "follow_up", "allow", default="false"),
            optional=bool(self.get("play", "follow_up", "optional", default=True)),
            max=_follow_up_max(self.get("play", "follow_up", "max", default=1)),
        )

    def passing(self) -> Passing:
        cost = self.condition("passing", "cost", default="0")
        voluntary_cost = self.condition("passing", "voluntary_cost", default=cost.text)
        if self.get("passing", "voluntary_cost") is None:
            voluntary_cost = cost
        return Passing(
            voluntary=bool(self.get("passing", "voluntary", default=False)),
            cost=cost,
            voluntary_cost=voluntary_cost,
            limit=self.get("passing", "limit"),
            over_limit=_optional(OverLimit, self.get("passing", "over_limit")),
            voluntary_transfer=self.transfer("passing", "voluntary_transfer"),
            transfer=self.transfer("passing", "transfer"),
            cover=bool(self.get("passing", "cover", default=False)),
            voluntary_with_transfer=bool(
                self.get("passing", "voluntary_with_transfer", default=False)
            ),
        )

    def chips(self) -> Chips | None:
        if self.get("scoring", "chips") is None:
            return None
        return Chips(
            ante=self.condition("scoring", "chips", "ante", default="0"),
            pot=PotTo(self.get("scoring", "chips", "pot", default="winner")),
            pay_winner=self.condition("scoring", "chips", "pay_winner", default="0"),
        )

    def check_wild(self, spec: Rulespec) -> None:
        """Jokers are played by their own turn loop, which knows these mechanics only."""
        self.refuse_combined(("deck", "jokers"), _turn_mechanics(spec))

    def check_costs_have_chips(self, has_points: bool) -> None:
        """A pass that costs chips needs chips to pay: without ``scoring.chips`` there is no
        pot, the engine pays nothing, and the sheet would tell a rule nobody plays."""
        for key in ("cost", "voluntary_cost"):
            value = self.get("passing", key)
            if value is None or str(value).strip() in ("0", "0.0"):
                continue
            instead = (
                " (or count passes in scoring.points with player.passes)" if has_points else ""
            )
            self.error(
                ("passing", key),
                f"passing.{key} pays chips into the pot, but this rule set plays without chips:"
                f" add scoring.chips, or set passing.{key} to 0{instead}",
            )

    @staticmethod
    def chips_reach_a_winner(spec: Rulespec) -> bool:
        """Whether chips can go to the deal's winner: payments to the winner, or a pot for
        the winner that an ante or a pass by choice fills (with covers nobody has to pass)."""
        chips = spec.chips
        assert chips is not None

        def nonzero(amount: Condition) -> bool:
            return amount.text.strip() not in ("0", "0.0")

        fills = nonzero(chips.ante) or (
            spec.passing.voluntary and nonzero(spec.passing.voluntary_cost)
        )
        return nonzero(chips.pay_winner) or (chips.pot is PotTo.WINNER and fills)

    def refuse_chips_with_covers(self) -> None:
        """With cards laid face down the deal goes to the best score, known only once the
        points are scored; the chips are settled before, so the engine would pay the pot and
        the payments to the first player out, who is mostly the leader (the face-down cards
        empty every hand in seat order).  Refused until chips wait for the points."""
        self.error(
            ("scoring", "chips"),
            "scoring.chips cannot be combined with passing.cover and scoring.points yet: the"
            " deal is won by the best score, known only after the chips are paid; remove"
            " scoring.chips, or passing.cover",
        )

    def check_voluntary_with_transfer(self, passing: Passing) -> None:
        """A pass by choice can move the cards of a forced pass only where both exist.  An
        inherited switch is moot where a house rule drops either (no pass by choice, or no
        card moved for a pass): the contract turns it off rather than refuse the house rule."""
        if self.inherited("passing", "voluntary_with_transfer"):
            return
        for needed, present in (("voluntary", passing.voluntary), ("transfer", passing.transfer)):
            if not present:
                self.error(
                    ("passing", "voluntary_with_transfer"),
                    f"passing.voluntary_with_transfer needs passing.{needed}; set it, or remove"
                    " passing.voluntary_with_transfer",
                )

    def check_leftovers(self, spec: Rulespec, dealt: int) -> None:
        """Face-up leftovers are the cards left after the deal, so they cannot also be a stock
        to draw from; compulsory cards concern the hand, and leftovers that no allowed player
        count leaves would be a rule that never plays."""
        key = ("deal", "leftovers")
        self.refuse_combined(
            key,
            {
                ("deal", "stock"): bool(spec.deal.stock),
                ("passing", "draw"): spec.draw is not None,
                ("play", "compulsory"): spec.compulsory is not None,
                # the opening card could lie face up, in nobody's hand
                ("opening", "card"): spec.opening.card is not None or bool(spec.opening.choices),
            },
        )
        players = spec.players
        left = [
            dealt - (spec.deal.size_for(dealt, n) or 0) * n
            for n in range(players.min, players.max + 1)
        ]
        if not any(left):
            counts = (
                f"{players.min}"
                if players.min == players.max
                else f"{players.min} to {players.max}"
            )
            self.error(
                key,
                f"deal.leftovers 'face-up' never leaves a card: with {counts} players the"
                f" {dealt} cards dealt always divide evenly; remove deal.leftovers or allow"
                " another number of players",
            )

    def check_trumps(self, spec: Rulespec) -> None:
        """Trumps are played by their own turn hooks, which know these mechanics only; a trump
        stands in for the one card of its rank in another suit, so one pack and one row a suit."""
        others = {
            ("deck", "jokers"): spec.wild is not None,
            ("deck", "copies"): spec.deck.copies > 1,
            ("layout", "rows_per_suit"): spec.layout.rows_per_suit > 1,
            **_turn_mechanics(spec),
        }
        self.refuse_combined(("play", "trumps"), others)

    def check_rows_by_play(self, spec: Rulespec, key: str) -> None:
        """Rows chosen by the order of play (keyed by their opening card, or taken one at a
        time) know one pack, one row a suit, a fixed start and the mechanics that lay cards
        by play; a card laid out by the engine (preplaced, an eliminated hand, a joker's or a
        trump's place) would have no row to go to."""
        others = {
            ("deck", "jokers"): spec.wild is not None,
            ("play", "trumps"): spec.trumps is not None,
            ("deck", "copies"): spec.deck.copies > 1,
            ("layout", "rows_per_suit"): spec.layout.rows_per_suit > 1,
            ("layout", "start_rank"): spec.layout.start_rank is None,
            ("layout", "preplaced"): bool(spec.layout.preplaced),
            ("passing", "over_limit"): spec.passing.over_limit is not None,
        }
        self.refuse_combined(("layout", key), others)

    def refuse_combined(self, key: tuple[str, str], others: dict[tuple[str, str], bool]) -> None:
        """An error at ``key`` for each other rule present that it cannot be combined with."""
        name = ".".join(key)
        for path, present in others.items():
            if present:
                self.error(
                    key,
                    f"{key[1]} cannot be combined with {'.'.join(path)} yet;"
                    f" remove {name} or {'.'.join(path)}",
                )

    def check_consistency(self, spec: Rulespec) -> None:
        deck, layout, opening = spec.deck, spec.layout, spec.opening
        for face in layout.preplaced:
            if face in deck.removed:
                self.error(
                    ("layout", "preplaced"),
                    f"preplaced card {deck.code(face)} is removed from the deck",
                )
        if opening.card is not None:
            if opening.card in deck.removed:
                self.error(
                    ("opening", "card"),
                    f"the opening card {deck.code(opening.card)} is removed from the deck",
                )
            if opening.card in layout.preplaced:
                self.error(
                    ("opening", "card"),
                    f"the opening card {deck.code(opening.card)} is already on the table",
                )
        no_card_given = self.get("opening", "card") is None
        if opening.leader == "holder" and no_card_given:
            self.error(("opening", "leader"), "opening.leader 'holder' needs an opening.card")
        for face in opening.choices:
            if face in deck.removed or face in layout.preplaced:
                self.error(("opening", "card"), f"the opening card {deck.code(face)} is not dealt")
        passing = spec.passing
        if spec.chips is None:
            self.check_costs_have_chips(spec.points is not None)
        elif passing.cover and spec.points is not None and self.chips_reach_a_winner(spec):
            self.refuse_chips_with_covers()
        if passing.over_limit and passing.limit is None:
            self.error(("passing", "over_limit"), "passing.over_limit needs passing.limit")
        if passing.voluntary_with_transfer:
            self.check_voluntary_with_transfer(passing)
        if spec.session and spec.session.winner.endswith("chips") and spec.chips is None:
            self.error(("session", "winner"), "session.winner 'most-chips' needs scoring.chips")
        if spec.session and spec.session.winner.endswith("points") and spec.points is None:
            self.error(
                ("session", "winner"),
                f"session.winner '{spec.session.winner}' needs scoring.points",
            )
        dealt = deck.copies * (deck.n_faces - len(deck.removed))
        if not layout.by_holders:
            dealt -= deck.copies * len(layout.preplaced)
        most = spec.deal.size_for(dealt, spec.players.max)  # the largest table's hands
        if most is not None and most * spec.players.max > dealt:
            self.error(
                ("deal", "hand_size"),
                f"{spec.players.max} hands of {most} need more than the {dealt} cards"
                " dealt; lower deal.hand_size or players.max",
            )
        if spec.deal.stock and spec.deal.stock + spec.players.max > dealt:
            self.error(
                ("deal", "stock"),
                f"a stock of {spec.deal.stock} leaves fewer than one card each for"
                f" {spec.players.max} players of the {dealt} cards dealt; lower deal.stock",
            )
        no_stock = spec.deal.hand_size is None and not spec.deal.equal_hands and not spec.deal.stock
        if spec.draw is not None and no_stock:
            self.error(("passing", "draw"), "passing.draw needs a stock: set deal.hand_size")
        if spec.deal.leftovers:
            self.check_leftovers(spec, dealt)
        if spec.wild is not None:
            self.check_wild(spec)
        if spec.trumps is not None:
            self.check_trumps(spec)
        if not layout.rows_follow_suit:
            self.check_rows_by_play(spec, "rows_follow_suit")
        if layout.one_row_at_a_time:
            self.check_rows_by_play(spec, "one_row_at_a_time")
        if layout.by_holders and not layout.preplaced:
            self.error(
                ("layout", "preplaced_by"), "layout.preplaced_by 'holders' needs layout.preplaced"
            )
        card = opening.leader_card
        if card is not None and (
            card in deck.removed or (card in layout.preplaced and not layout.by_holders)
        ):
            self.error(
                ("opening", "leader_card"), f"the leader card {deck.code(card)} is not dealt"
            )
        if dealt < spec.players.max:
            self.error(
                ("players", "max"),
                f"only {dealt} cards are dealt, fewer than players.max ({spec.players.max})",
            )
        if layout.rows_per_suit > deck.copies:
            self.error(
                ("layout", "rows_per_suit"), "layout.rows_per_suit cannot exceed deck.copies"
            )


def default_match_winner(chips: object) -> MatchWinner:
    """A match is won on chips when the rule set has chips, else on deals won."""
    return MatchWinner.MOST_CHIPS if chips is not None else MatchWinner.MOST_DEALS


def _optional(kind: type[OverLimit], value: str | None) -> OverLimit | None:
    return None if value is None else kind(value)


def _follow_up_max(value: int | str) -> int | None:
    """``play.follow_up.max``: a number, or 'unlimited' (``None``)."""
    return None if value == "unlimited" else int(value)


def build_model(document: Document) -> Rulespec:
    """Build the model of a schema-valid document; raise on semantic errors."""
    return _ModelBuilder(document).build()


def _per_language(value: Any, language: str) -> dict[str, str]:
    """A free-text field as ``{language code: text}`` (a plain string is in ``language``)."""
    if value is None:
        return {}
    if isinstance(value, dict):
        return {str(k): str(v).strip() for k, v in value.items()}
    return {language: str(value).strip()}


def _in_language(value: Any, language: str) -> str | None:
    """A free-text field in ``language``, or in English, or its first version."""
    texts = _per_language(value, language)
    return texts.get(language) or texts.get("en") or next(iter(texts.values()), None)


def _flat_aliases(value: Any) -> tuple[str, ...]:
    """Every alias, whatever its language, each once."""
    if isinstance(value, dict):
        return tuple(dict.fromkeys(a for names in value.values() for a in names))
    return tuple(value)


def _turn_mechanics(spec: Rulespec) -> dict[tuple[str, str], bool]:
    """The mechanics of the one turn loop a rule set uses (by key), which a mechanic with turn
    hooks of its own (jokers, trumps) may not be combined with yet."""
    return {
        ("play", "follow_up"): spec.follow_up is not None,
        ("play", "last_card"): spec.last_card is not None,
        ("play", "compulsory"): spec.compulsory is not None,
        ("passing", "draw"): spec.draw is not None,
        ("passing", "cover"): spec.passing.cover,
        ("passing", "transfer"): spec.passing.transfer is not None,
        ("passing", "voluntary_transfer"): spec.passing.voluntary_transfer is not None,
        ("deal", "leftovers"): spec.deal.leftovers,
    }
