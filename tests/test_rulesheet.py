"""Rule sheets: golden files, catalogs, content checked against the model, prose diffs.

The golden files are docs/rulesheets; refresh them with ``SEVENS_UPDATE_GOLDEN=1 pytest tests/test_rulesheet.py``.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

import pytest

from sevens.compiler.analyse import BOOL, AnalysedRules, Analyser
from sevens.compiler.errors import SevensError
from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.model import Condition, Rulespec
from sevens.compiler.pipeline import load_rulespec
from sevens.compiler.rulesheet import LANGUAGES, describe_diff, render_rulesheet, write_all
from sevens.compiler.rulesheet.canonical import canon
from sevens.compiler.rulesheet.cards import (
    card_full,
    card_short,
    colour_suits,
    rank_forms,
    rank_letter,
)
from sevens.compiler.rulesheet.catalog import extract_messages, read_catalog
from sevens.compiler.rulesheet.claims import draw_claim
from sevens.compiler.rulesheet.example import example_position
from sevens.compiler.rulesheet.i18n import Lang
from sevens.compiler.rulesheet.phrases import leader_rank, lowest_holder, transfer_text
from sevens.compiler.rulesheet.sentences import flatten, sentence
from sevens.compiler.rulesheet.shapes import (
    ANTE_SHAPES,
    PAY_SHAPES,
    compulsory_sentence,
    play_shape,
    points_sentence,
    table_sentence,
)
from sevens.compiler.rulesheet.sheet import card_list, minus_only, suit_words
from sevens.compiler.rulesheet.typography import text_rules

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "rulesheets"
GOLDEN = DOCS  # the published sheets are the golden files: one copy, never stale
UPDATE = os.environ.get("SEVENS_UPDATE_GOLDEN") == "1"
FORMATS = ("md", "html")

#: Messages that may legitimately read the same in another language: (context, msgid).
IDENTICAL_OK = {
    ("rank letter", "J"),
    ("rank letter", "Q"),
    ("rank letter", "K"),
    ("rank letter", "A"),
    ("arithmetic", "%(left)s plus %(right)s"),
    ("arithmetic", "%(left)s minus %(right)s"),
    ("arithmetic", "minus %(x)s"),
    ("comparison", "%(left)s is %(right)s"),
    ("topic", "Points"),
    ("topic", "Ante"),
    ("topic", "Teams"),  # German and Dutch say "Teams" too
    ("rank", "sota"),
    ("rank", "caballo"),
    ("rank", "rey"),
    (None, "Sources"),
    (None, "Opening"),
    (None, "Session"),
    (None, "Deal"),
    ("card name", "%(rank)s of %(suit)s"),
    ("value", "no"),
    ("diff", "%(topic)s: %(items)s."),
    ("diff", "%(topic)s: %(new)s"),
    (None, "Jokers"),
    ("topic", "Jokers"),  # French and Dutch say "jokers" too
    ("separator", "; "),
    ("rank list: several ranks", "%(rank)s"),  # the article, where any, is in the sentence
    ("range", "%(min)s–%(max)s"),
    ("source url", ": "),
    ("source", "“%(title)s”"),  # Brazilian Portuguese quotes titles as English does
    ("starting rank", "%(rank)s"),  # the rank's own name; Russian takes the noun ("девятка")
}
IDENTICAL_OK |= {("pip in card name", str(n)) for n in range(2, 11)}
#: Colour initials: kept where two colours share one and the language keeps the English
#: codes (German "gelb", "grün"), and wherever the colour's own initial is the English one.
IDENTICAL_OK |= {("suit letter", letter) for letter in "RYGB"}
IDENTICAL_OK |= {
    (ctx, name)
    for ctx in ("suit", "suit in card name")
    for name in ("oros", "copas", "espadas", "bastos")
}
#: The worked examples of amounts: a place and its amount joined by a colon, and words
#: French, Portuguese, German and Dutch share with English ("Points", "Passes", "Chips",
#: "plus").
IDENTICAL_OK |= {
    ("worked example, inline", "%(place)s: %(amount)s"),
    ("worked example heading", "Chips"),
    ("worked example heading", "Passes"),
    ("worked example heading", "Place"),
    ("worked example heading", "Points"),
    ("amount term", "%(count)s point"),
    ("amount term", "%(fixed)s, plus %(counted)s"),
}


@cache
def rules_of(variant: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


def cases() -> list[tuple[str, str]]:
    return [(v, lang) for v in builtin_ids() for lang in LANGUAGES]


@pytest.mark.parametrize(("variant", "lang"), cases())
def test_sheet_matches_golden(variant: str, lang: str) -> None:
    for fmt in FORMATS:
        text = render_rulesheet(rules_of(variant), lang, fmt)
        name = f"{variant}.{lang}.{fmt}"
        if UPDATE:
            GOLDEN.mkdir(parents=True, exist_ok=True)
            (GOLDEN / name).write_text(text, encoding="utf-8")
        golden = GOLDEN / name
        assert golden.exists(), f"no golden file {name}; run with SEVENS_UPDATE_GOLDEN=1"
        assert text == golden.read_text(encoding="utf-8"), f"{name} differs from its golden file"


def test_write_all_writes_exactly_the_published_sheets(tmp_path: Path) -> None:
    """``sevens rulesheet --all`` writes every sheet, and nothing else, byte for byte as published.

    The published sheets were written by another process, so this also checks that rendering does
    not depend on the process (hash seeds, set order) without rendering everything twice.
    """
    written = write_all(tmp_path)
    assert len(written) == len(builtin_ids()) * len(LANGUAGES) * len(FORMATS)
    published = sorted(p.name for p in DOCS.iterdir() if p.suffix in {".md", ".html"})
    assert sorted(p.name for p in written) == published, "stale or missing files in docs/rulesheets"
    if UPDATE:
        return
    differ = [p.name for p in written if p.read_bytes() != (DOCS / p.name).read_bytes()]
    assert not differ, f"differ from the published sheets: {differ[:5]}"


#: TODO(issue 9): English fallbacks added with issue 8 (transfer roles next, previous, others);
#: the rule-sheet work adds them to the nine catalogs, then this set is emptied.
PENDING_MESSAGES: frozenset[tuple[str | None, str]] = frozenset()  # every message is translated


def test_catalogs_are_complete() -> None:
    extracted = {(m.context, m.id) for m in extract_messages() if m.id} - PENDING_MESSAGES
    for lang in LANGUAGES:
        catalog = read_catalog(lang)
        ids = {(m.context, m.id) for m in catalog if m.id}
        assert ids == extracted, (
            f"{lang}: catalog out of date; run python -m sevens.compiler.rulesheet.catalog"
        )
        for message in catalog:
            if not message.id:
                continue
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings), f"{lang}: untranslated {message.id!r}"
            if lang == "en":
                continue
            singular = message.id[0] if isinstance(message.id, tuple) else message.id
            same = strings[0] == singular
            assert not same or (message.context, singular) in IDENTICAL_OK, (
                f"{lang}: {singular!r} not translated"
            )


#: The session winner's sentence with teams, by the rule set's winner ("minus": the highest
#: total of a game of minus points only); ``side`` is "pair" or "team".
TEAMS_WINNER = {
    "most-chips": "The {side} whose {members} have won the most chips between them over the session wins it.",
    "most-pots": "The {side} whose {members} have taken the most pots between them over the session wins it.",
    "most-deals": "The {side} that has won the most deals over the session wins it.",
    "lowest-points": "The {side} whose {members} have the lowest points total between them at the end of the session wins it.",
    "highest-points": "The {side} whose {members} have the highest points total between them at the end of the session wins it.",
    "minus": "The {side} whose {members} have the fewest minus points between them at the end of the session wins it.",
}


def _teams_winner(winner: str, size: int) -> str:
    """The session winner's sentence for sides of ``size`` players (pairs or teams)."""
    side, members = ("pair", "partners") if size == 2 else ("team", "players")
    return TEAMS_WINNER[winner].format(side=side, members=members)


def expected_facts(rules: AnalysedRules, lang: str) -> list[str]:
    """Strings the sheet must contain, computed from the model, not from the sheet."""
    spec, language = rules.spec, Lang(lang)
    deck = spec.deck
    name = spec.naming.names.get(lang) or spec.name
    facts = [name, str(spec.players.min), str(spec.players.max)]
    facts += [rank_letter(language, deck, r) for r in range(deck.n_ranks)]
    if spec.opening.card is not None:
        facts.append(card_full(language, deck, spec.opening.card))
    if deck.ace in ("high", "low") and deck.rank_index("A") is not None:
        ace = {
            "high": "The ace is high: it ranks above the king.",
            "low": "The ace is low: it ranks below the two.",
        }[deck.ace]
        facts.append(language.gettext(ace))
    cost = rules.pass_cost.condition.text
    if cost.isdigit() and int(cost) > 0:
        facts.append(
            language.ngettext(
                "Each pass costs %(count)s chip, paid into the pot.",
                "Each pass costs %(count)s chips, paid into the pot.",
                int(cost),
            )
            % {"count": language.count(int(cost), "chip")}
        )
    if spec.chips is not None and spec.chips.pot == "winner":
        facts.append(language.gettext("The winner of the deal takes the whole pot."))
    shaped = (
        (rules.points, points_sentence(language, rules.points.tree) if rules.points else None),
        (
            rules.pay_winner,
            rules.pay_winner and table_sentence(language, PAY_SHAPES, rules.pay_winner.tree),
        ),
        (rules.ante, rules.ante and table_sentence(language, ANTE_SHAPES, rules.ante.tree)),
    )
    for analysed, shape in shaped:
        if analysed is not None:
            facts.append(shape or sentence(language, deck, analysed.tree))
    return facts + new_model_facts(rules, language)


def new_model_facts(rules: AnalysedRules, language: Lang) -> list[str]:
    """Facts of the later model fields: passes, elimination, sessions, layout, openings, transfers."""
    spec, deck = rules.spec, rules.spec.deck
    gettext, ngettext = language.gettext, language.ngettext
    facts = []
    passing = spec.passing
    if passing.limit is not None:
        facts.append(
            ngettext(
                "Each player may pass at most %(count)s time in a deal.",
                "Each player may pass at most %(count)s times in a deal.",
                passing.limit,
            )
            % {"count": language.count(passing.limit, "time")}
        )
    if passing.over_limit == "eliminate":
        facts.append(
            gettext(
                "A player who has used up their passes and cannot play is eliminated: their whole hand"
                " is laid out on the table, each card at its place in the rows, and they take no"
                " further part in the deal."
            )
        )
    for transfer in (passing.voluntary_transfer, spec.last_card):
        if transfer is not None:
            facts.append(transfer_text(language, transfer))
    if (
        spec.end_when == "all-out"
        and passing.limit is not None
        and passing.over_limit == "eliminate"
    ):
        facts.append(
            gettext(
                "A player who has played their last card is out; the first player out wins the deal."
                " The others play on until at most one player still holds cards. The players are"
                " ranked by the order in which they went out (first out, first place); eliminated"
                " players rank last, the earliest eliminated lowest."
            )
        )
    session = spec.session
    if session is not None:
        if "session.deals" in spec.naming.agreed:
            facts.append(
                gettext(
                    "Agree beforehand how many deals make up a session; one deal per player, so"
                    " that everyone deals once, is a good choice."
                )
            )
        elif session.deals is None:
            facts.append(gettext("A session has one deal per player, so that everyone deals once."))
        elif "session.target" not in spec.naming.agreed:  # else the deals only bound the session
            facts.append(str(language.count(session.deals, "deal")))
        for target in (session.target_chips, session.target_points):  # totals: digits
            if target is not None:
                facts.append(str(target).replace("-", "\u2212"))
        if session.target_deals is not None:
            facts.append(str(language.count(session.target_deals, "deal")))
        winner = {
            "most-chips": "The player who has won the most chips over the session wins it.",
            "most-pots": "The player who has taken the most pots over the session wins it.",
            "most-deals": "The player who has won the most deals over the session wins it.",
            "lowest-points": "The player with the lowest points total at the end of the session wins it.",
            "highest-points": "The player with the highest points total at the end of the session wins it.",
        }[session.winner]
        minus = session.winner == "highest-points" and minus_only(rules)
        if minus:
            winner = "The player with the fewest minus points at the end of the session wins it."
        if spec.players.team_size is not None:
            kind = "minus" if minus else session.winner
            winner = _teams_winner(kind, spec.players.team_size)
        facts.append(gettext(winner))
        tied = {None: "players", 2: "pairs"}.get(spec.players.team_size, "teams")
        facts.append(
            gettext(
                "A tie is broken in favour of the player who had the fewest cards left at the end of the last deal."
                if session.tiebreak == "fewest-cards-last-deal"
                else f"Agree beforehand how to break a tie, or let tied {tied} share the win."
            )
        )
    layout = spec.layout
    facts += [card_full(language, deck, f) for f in layout.preplaced]
    shapes = {(play_shape(p) or ("",))[0] for p in flatten(rules.legal.tree, "or")}
    if layout.wrap and "tunnel" not in shapes:  # the tunnel's play rule tells its own wrap
        ends = rank_forms(language, deck, 0, "low") | rank_forms(
            language, deck, deck.n_ranks - 1, "high"
        )
        if "row.low -" in canon(rules.legal.tree):  # rows also grow downwards: the corner both ways
            facts.append(
                gettext(
                    "Turning the corner: a row may continue past the %(high)s round to the %(low)s"
                    " (and past the %(low)s round to the %(high)s) until its suit is complete."
                )
                % ends
            )
        else:
            facts.append(
                gettext(
                    "Turning the corner: after the %(high)s, a row goes on with the %(low)s again,"
                    " until its suit is complete."
                )
                % ends
            )
    if layout.rows_per_suit > 1 and layout.start_rank is not None:  # one sentence with the start
        facts.append(
            ngettext(
                "Each suit is built in %(count)s row on the table (%(total)s in all), starting with the %(rank)s"
                " of that suit.",
                "Each suit is built in %(count)s rows on the table (%(total)s in all), each starting with a"
                " %(rank)s of that suit.",
                layout.rows_per_suit,
            )
            % {
                "count": language.count(layout.rows_per_suit, "row"),
                "total": language.count(layout.rows_per_suit * len(deck.suits), "row"),
                **rank_forms(language, deck, layout.start_rank),
            }
        )
    elif layout.rows_per_suit > 1:
        facts.append(
            ngettext(
                "Each suit has %(count)s row (together %(total)s on the table).",
                "Each suit has %(count)s rows (together %(total)s on the table).",
                layout.rows_per_suit,
            )
            % {
                "count": language.count(layout.rows_per_suit, "row"),
                "total": language.count(layout.rows_per_suit * len(deck.suits), "row"),
            }
        )
    if layout.start_rank is None and not layout.start_per_row:
        facts.append(
            gettext("The rank of the first card played becomes the starting rank of every row.")
        )
    if spec.opening.choices:
        cards = language.join_or([card_full(language, deck, f) for f in spec.opening.choices])
        facts.append(
            gettext(
                "At the start of each deal the dealer names one of these cards as the opening card:"
                " %(cards)s. The named card must be played first; no other card may be played"
                " before it."
            )
            % {**card_list(language, deck, spec.opening.choices, language.join_or), "cards": cards}
        )
    if spec.opening.leader == "holder-of-lowest" and leader_rank(rules) is None:
        facts.append(lowest_holder(language, rules) or "?")
    if spec.opening.leader == "previous-winner":
        facts.append(
            gettext(
                "In the first deal the player to the dealer's left takes the first turn; in every later"
                " deal, the winner of the previous deal does."
            )
        )
    return facts + mechanics_facts(rules, language)


def mechanics_facts(rules: AnalysedRules, language: Lang) -> list[str]:
    """Facts of the newest mechanics: stock and draw, covering, holders laying out cards,
    leaders named by a card or a rank, each row's own start, compulsory cards."""
    spec, deck = rules.spec, rules.spec.deck
    gettext = language.gettext
    facts = []
    facts += stock_facts(rules, language)
    if spec.passing.cover and spec.draw is None:
        facts.append(
            gettext(
                "You must play if you can. If none of your cards may be played, you do not pass: instead you lay one"
                " card of your choice from your hand face down in front of you. It stays hidden until the end of the"
                " deal; laying your last card this way also counts as going out."
            )
        )
    if spec.layout.by_holders:
        cards = ", ".join(card_full(language, deck, f) for f in spec.layout.preplaced)
        facts.append(
            gettext(
                "After the deal, and before play begins, whoever holds one of these cards lays it face up on the"
                " table, at its place in the rows: %(cards)s."
            )
            % {
                **card_list(language, deck, spec.layout.preplaced, language.join_and),
                "cards": cards,
            }
        )
    if spec.layout.start_per_row:
        facts.append(
            gettext(
                "Each suit is built in its own row on the table. A row is started by the first card played in its"
                " suit, whatever its rank, and that card's rank is the row's starting rank."
            )
        )
    if spec.opening.leader == "holder-of-card" and spec.opening.leader_card is not None:
        facts.append(card_full(language, deck, spec.opening.leader_card))
    rank = leader_rank(rules) if spec.opening.leader == "holder-of-lowest" else None
    if rank is not None and colour_suits(deck):  # a pack of four colours says colour
        facts.append(
            gettext(
                "The first turn goes to the player holding the %(rank)s of the colour listed first above; if nobody"
                " holds that one, to the holder of the %(rank)s of the next colour in the list, and so on."
            )
            % rank_forms(language, deck, rank)
        )
    elif rank is not None:
        facts.append(
            gettext(
                "The first turn goes to the player holding the %(rank)s of the suit listed first above; if nobody"
                " holds that one, to the holder of the %(rank)s of the next suit in the list, and so on."
            )
            % rank_forms(language, deck, rank)
        )
    if rules.compulsory is not None:
        facts.append(
            compulsory_sentence(
                language,
                deck,
                rules.compulsory.tree,
                sentence(language, deck, rules.compulsory.tree),
                after_choice=True,  # it follows "you choose which one", as on the sheet
            )
        )
    return facts


def _hand_sizes(spec: Rulespec, language: Lang) -> str:
    """Each hand size with ``deal.stock`` and the player counts that get it, in words: "20
    cards each with 2 or 3 players and 15 cards each with 4 players"."""
    deck, layout = spec.deck, spec.layout
    dealt = deck.copies * (
        deck.n_faces - len(deck.removed) - (0 if layout.by_holders else len(layout.preplaced))
    )
    by_size: dict[int, list[str]] = {}
    for n in range(spec.players.min, spec.players.max + 1):
        by_size.setdefault(spec.deal.size_for(dealt, n) or 0, []).append(str(n))
    said = [
        language.ngettext(
            "%(cards)s card each with %(players)s players",
            "%(cards)s cards each with %(players)s players",
            size,
        )
        % {"cards": size, "players": language.join_or(counts)}
        for size, counts in by_size.items()
    ]
    return language.join_and(said)


def stock_facts(rules: AnalysedRules, language: Lang) -> list[str]:
    """The deal of a fixed or equal hand size with a stock, and drawing from it."""
    spec = rules.spec
    gettext, ngettext = language.gettext, language.ngettext
    facts = []
    left = spec.direction.value != "counter-clockwise"
    stock = spec.deal.stock  # at least this many stay in the stock: hands are equal shares
    size = None if stock else spec.deal.hand_size
    cap = spec.deal.hand_size if stock else None  # equal shares, at most this many each
    equal = spec.deal.equal_hands or bool(stock)
    if size is not None and left:
        facts.append(
            ngettext(
                "The dealer shuffles and deals %(count)s card to each player, one at a time, face down, clockwise,"
                " starting with the player to their left.",
                "The dealer shuffles and deals %(count)s cards to each player, one at a time, face down, clockwise,"
                " starting with the player to their left.",
                size,
            )
            % {"count": language.count(size, "card")}
        )
    elif size is not None:
        facts.append(
            ngettext(
                "The dealer shuffles and deals %(count)s card to each player, one at a time, face down,"
                " counter-clockwise, starting with the player to their right.",
                "The dealer shuffles and deals %(count)s cards to each player, one at a time, face down,"
                " counter-clockwise, starting with the player to their right.",
                size,
            )
            % {"count": language.count(size, "card")}
        )
    elif cap is not None and left:
        facts.append(
            ngettext(
                "The dealer shuffles and deals the cards one at a time, face down, clockwise, starting with the player"
                " to their left, until every player has the same number of cards, at most %(count)s card each.",
                "The dealer shuffles and deals the cards one at a time, face down, clockwise, starting with the player"
                " to their left, until every player has the same number of cards, at most %(count)s cards each.",
                cap,
            )
            % {"count": language.count(cap, "card", "gen")}
        )
    elif cap is not None:
        facts.append(
            ngettext(
                "The dealer shuffles and deals the cards one at a time, face down, counter-clockwise, starting with the"
                " player to their right, until every player has the same number of cards, at most %(count)s card each.",
                "The dealer shuffles and deals the cards one at a time, face down, counter-clockwise, starting with the"
                " player to their right, until every player has the same number of cards, at most %(count)s cards each.",
                cap,
            )
            % {"count": language.count(cap, "card", "gen")}
        )
    elif equal and left:
        facts.append(
            gettext(
                "The dealer shuffles and deals the cards one at a time, face down, clockwise, starting with the player"
                " to their left, until every player has the same number of cards."
            )
        )
    elif equal:
        facts.append(
            gettext(
                "The dealer shuffles and deals the cards one at a time, face down, counter-clockwise, starting with the"
                " player to their right, until every player has the same number of cards."
            )
        )
    if rules.spec.deal.leftovers:
        facts.append(
            gettext(
                "The cards left over, if any, are laid face up beside the rows; they belong to"
                " nobody."
            )
        )
        facts.append(gettext("Face-up cards"))
    elif size is not None or equal:
        facts.append(gettext("The cards left over, if any, are stacked face down as a stock."))
    if stock:
        facts.append(
            ngettext(
                "At least %(count)s card must be left for the stock, so the more players there are,"
                " the fewer cards each is dealt: %(sizes)s.",
                "At least %(count)s cards must be left for the stock, so the more players there are,"
                " the fewer cards each is dealt: %(sizes)s.",
                stock,
            )
            % {"count": stock, "sizes": _hand_sizes(spec, language)}
        )
    claim = draw_claim(rules)
    if claim is None:
        return facts
    most = None if claim.varies or claim.step else claim.first
    if claim.first is None and not claim.varies:
        facts.append(
            gettext(
                "If none of your cards may be played, you draw cards from the stock one at a time until one may be"
                " played, and you must play that card at once; if the stock runs out first, you pass."
            )
        )
    elif most == 1:
        facts.append(
            gettext(
                "If none of your cards may be played, you draw the top card of the stock; if it may be played, you"
                " must play it at once, otherwise you pass."
            )
        )
    elif most is not None and not claim.whole:
        facts.append(
            gettext(
                "If none of your cards may be played, you draw cards from the stock one at a time until one may be"
                " played, but no more than %(count)s; you must play a drawn card that may be played at once,"
                " otherwise you pass."
            )
            % {"count": language.count(most, "card")}
        )
    elif claim.step:
        facts.append(
            gettext(
                "As soon as a player can play, even a card just drawn, the count starts again from"
                " one. If the stock holds fewer cards than the count, you draw those that are left."
            )
        )
    if claim.whole and most != 1:
        facts.append(
            gettext(
                "You draw all these cards before playing any; if one or more of them may then be played, you must"
                " play one of them, whichever you choose, otherwise you pass."
            )
        )
    facts.append(gettext("Once the stock is empty, you pass when you cannot play."))
    return facts


@pytest.mark.parametrize(("variant", "lang"), cases())
def test_sheet_states_the_rules(variant: str, lang: str) -> None:
    rules = rules_of(variant)
    text = render_rulesheet(rules, lang, "md")
    name, *facts = expected_facts(rules, lang)
    assert (
        name in text or text_rules(lang)(name) in text
    )  # a borrowed name keeps its own typography
    colours = suit_words(Lang(lang), rules.spec.deck)  # 「色」 for 「マーク」 with a colour pack
    for fact in map(text_rules(lang), map(colours, facts)):  # typeset as the sheet is
        assert fact in text, f"{variant}.{lang}: missing {fact!r}"
    layout = rules.spec.layout
    if layout.one_row_at_a_time or not layout.rows_follow_suit:
        return  # worked examples show rows of one suit: none for rows chosen by the order of play
    legal = example_position(rules).legal
    language = Lang(lang)
    names = [card_short(language, rules.spec.deck, f) for f in legal]
    examples = (", ".join(names), language.join_or(names), language.join_and(names))
    assert any(text_rules(lang)(example) in text for example in examples)  # a catalog may join


def test_new_model_fields_are_stated_in_english() -> None:
    """Spot checks of wording for the later model fields (the generic test covers all languages)."""
    assert "the player holding the lowest card in diamonds" in render_rulesheet(
        rules_of("lowest-diamond"), "en"
    )
    refusal = render_rulesheet(rules_of("refusal-penalty"), "en")
    assert "every other player gives you one card drawn at random from their hand" in refusal
    last = render_rulesheet(rules_of("last-card"), "en")
    assert (
        "you take two cards at random from the hand of whichever other player holds the most cards"
        in last
    )
    shichi = render_rulesheet(rules_of("shichi-narabe"), "en")
    assert "Each player may pass at most three times in a deal." in shichi
    assert "The players score by their places" in shichi
    double = render_rulesheet(rules_of("double-deck"), "en")
    assert (
        "Each suit is built up in two rows on the table (eight rows in all), each starting from one copy"
        " of the 7 of that suit."
    ) in double
    assert double.count("[7♣]") == 2  # two rows of clubs in the picture
    devyatka = render_rulesheet(rules_of("devyatka"), "en")
    assert "only the ranks from 6 to ace are used" in devyatka
    domino = render_rulesheet(rules_of("domino"), "en")
    assert "the first card played was an 8, so every row starts from the 8" in domino
    best = render_rulesheet(rules_of("best-of-five"), "en")
    assert "A session has at most five deals." in best and "has won three deals" in best
    for variant in builtin_ids():  # no raw model values leak into the prose
        text = render_rulesheet(rules_of(variant), "en")
        for raw in (
            "winner: ",
            "tiebreak:",
            "all-out",
            "holder-of-lowest",
            "most-cards",
            "First turn:",
        ):
            assert raw not in text, f"{variant}: {raw!r}"


def test_german_parliament_names_the_opening_card() -> None:
    text = render_rulesheet(rules_of("parliament"), "de")
    assert "Karo-7 (7♦)" in text
    assert "B (Bube) – D (Dame) – K (König) – A (Ass)" in text
    assert "Jedes Passen kostet einen Chip" in text  # small counts in words, in the accusative


@pytest.mark.parametrize("lang", LANGUAGES)
def test_unseen_condition_reads_as_a_sentence(lang: str) -> None:
    deck = rules_of("parliament").spec.deck
    text = "card.value >= 5 and not (card.suit == H) or row.count * 2 > abs(row.count - 10)"
    analysed = Analyser(deck, False, "legal").run(Condition("play.legal", text, None), BOOL)
    prose = sentence(Lang(lang), deck, analysed.tree)
    for raw in ("==", ">=", "!=", "card.", "row.", "abs(", " * ", "%("):
        assert raw not in prose, f"{lang}: {raw!r} in {prose!r}"
    if lang != "en":
        assert " and " not in prose and " not " not in prose
    assert len(prose.split()) > 8 or lang == "ja"


def test_unknown_language_is_a_user_error() -> None:
    with pytest.raises(SevensError, match="unknown language 'xx'"):
        render_rulesheet(rules_of("parliament"), "xx")
    with pytest.raises(SevensError, match="unknown language"):
        describe_diff(rules_of("parliament"), rules_of("parliament"), "xx")


def test_describe_diff_of_a_house_rule(tmp_path: Path) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "id: house\nname: House\nextends: parliament\nopening: {card: 7C}\n"
        "passing: {voluntary: true, voluntary_cost: 2}\nscoring: {points: -hand.value}\n",
        encoding="utf-8",
    )
    a, b = rules_of("parliament"), load_rulespec(house)
    english = describe_diff(a, b, "en")
    assert "Opening card: the 7 of clubs (7♣) instead of the 7 of diamonds (7♦)." in english
    assert "You may now pass even when you could play." in english
    assert (
        "Cost of a voluntary pass: two chips." in english
    )  # voluntary passes did not exist before
    assert (
        "The others count the point values of the cards left in their hands and score them as minus points"
        in english
    )
    german = describe_diff(a, b, "de")
    assert "Eröffnungskarte: Kreuz-7 (7♣) statt Karo-7 (7♦)." in german
    assert describe_diff(a, a, "en") == "“Parliament” has exactly the same rules as “Parliament”.\n"


def test_house_rule_sheet_has_a_differences_section() -> None:
    for variant in builtin_ids():
        rules = rules_of(variant)
        if rules.spec.parent is None:
            continue
        parent = rules_of(rules.spec.parent)
        text = render_rulesheet(rules, "en")
        assert f"## What differs from {parent.spec.name}" in text
        for line in describe_diff(parent, rules, "en").splitlines()[2:]:
            assert line in text


def test_html_escapes_rulespec_strings(tmp_path: Path) -> None:
    spec = tmp_path / "evil.yaml"
    spec.write_text(
        'id: evil\nname: {fr: "<script>x</script> & co"}\nextends: parliament\n',
        encoding="utf-8",
    )  # named in French: a French sheet shows the name (the title, the footer)
    html = render_rulesheet(load_rulespec(spec), "fr", "html")
    assert "<script>" not in html
    assert "&lt;script&gt;" in html
    assert "<svg" in html and "@media print" in html


def test_typography_per_language() -> None:
    from sevens.compiler.rulesheet.typography import typeset

    assert text_rules("en")("Best with 4-6 players.") == "Best with 4–6 players."
    assert (
        text_rules("fr")("Cartes : « sept » ; oui !")
        == "Cartes\u00a0: «\u202fsept\u202f»\u202f; oui\u202f!"
    )
    assert text_rules("ja")("7を出します。 次の人 (左隣)") == "7を出します。次の人（左隣）"
    html = typeset("<p>&lt;b&gt; : x</p><style>a { b: c; }</style>", "fr", "html")
    assert html == "<p>&lt;b&gt;\u00a0: x</p><style>a { b: c; }</style>"


def test_diff_of_a_child_without_a_name(tmp_path: Path) -> None:
    child = tmp_path / "child.yaml"
    child.write_text("id: child\nextends: parliament\nopening: {card: 7C}\n", encoding="utf-8")
    text = describe_diff(rules_of("parliament"), load_rulespec(child), "en")
    assert text.startswith("Compared with “Parliament”, “child” changes these rules:")


def test_diff_reports_point_values_only_where_scoring_reads_them() -> None:
    text = describe_diff(rules_of("dutch-fan-tan"), rules_of("pip-scoring"), "en")
    assert (
        "Point values of the cards: the ace counts 15 instead of 1, the jack counts 11 instead of 10"
        in text
    )
    assert "Ante" not in describe_diff(rules_of("parliament"), rules_of("penalty-points"), "en")


def test_an_unusual_play_rule_is_shown_by_examples_not_read_out(tmp_path: Path) -> None:
    spec = tmp_path / "odd.yaml"
    spec.write_text(
        "id: odd\nextends: parliament\nplay:\n  legal: card.rank == row.high + 1 and card.suit == D\n",
        encoding="utf-8",
    )
    for lang in ("en", "de"):
        text = render_rulesheet(load_rulespec(spec), lang)
        assert "„„" not in text and "““" not in text  # no nested quotes
    english = render_rulesheet(load_rulespec(spec), "en")
    assert "own play rule; the examples below show it." in english
    assert "the card's rank is" not in english


def test_regional_games_carry_native_names() -> None:
    for variant, lang, name in [
        ("shichi-narabe", "ja", "七並べ"),
        ("devyatka", "ru", "Девятка"),
        ("sjuan-traditional", "sv", "Sjuan"),
        ("cinquillo", "es", "Cinquillo"),
    ]:
        assert render_rulesheet(rules_of(variant), lang).startswith(f"# {name}\n")
    assert "house rule" not in render_rulesheet(rules_of("sjuan"), "en").split("## Players")[0]


def house_rule(tmp_path: Path, body: str) -> AnalysedRules:
    """A house rule of Parliament written to ``tmp_path``, loaded."""
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nname: House\nextends: parliament\n" + body, encoding="utf-8")
    return load_rulespec(path)


def test_newest_mechanics_are_recognised_from_the_rule_not_the_id(tmp_path: Path) -> None:
    """The shapes of the newest mechanics, on a house rule of another game."""
    compulsory = house_rule(tmp_path, "play:\n  compulsory: card.rank == 8\n")
    text = render_rulesheet(compulsory, "en")
    assert (
        "If an 8 is among the cards you may play, you must play an 8 rather than any other card."
        in text
    )
    assert "Cards that must be played" not in text  # the sentence stands alone in the differences
    beyond = house_rule(
        tmp_path,
        "play:\n  legal: >-\n    (not row.open and card.rank == 7)\n"
        "    or (row.open and (card.rank > row.top or card.rank < row.bottom))\n",
    )
    assert "the cards skipped over can never be played." in render_rulesheet(beyond, "en")
    covered = house_rule(
        tmp_path, "passing: {cover: true}\nscoring: {points: -player.covered.value}\n"
    )
    text = render_rulesheet(covered, "en")
    assert "you do not pass: instead you lay one card of your choice" in text
    assert "Each player turns up the cards they laid face down" in text
    assert "Each time you pass" not in text  # Parliament's pass costs a chip, but nobody passes now
    voluntary = house_rule(tmp_path, "passing: {cover: true, voluntary: true}\n")
    text = render_rulesheet(voluntary, "en")
    assert "If none of your cards may be played, however, you lay one card of your choice" in text
    assert "Each time you pass, you pay one chip" in text  # a pass by choice still costs its chip
    # the 7D's holder cannot lead when most cards stay in the stock: anyone may open
    stock = house_rule(
        tmp_path,
        "deal: {hand_size: 5}\npassing: {draw: {most: 2}}\nopening: {card: null, leader: left-of-dealer}\n",
    )
    text = render_rulesheet(stock, "en")
    assert "deals five cards to each player" in text and "There is no stock" not in text
    assert "until one may be played, but no more than two;" in text


def test_unrecognised_compulsory_rule_falls_back_to_the_generic_wording(tmp_path: Path) -> None:
    odd = house_rule(tmp_path, "play:\n  compulsory: card.suit == H\n")
    text = render_rulesheet(odd, "en")
    assert (
        "If you may play a card for which the card's suit is hearts, you must play such a card"
        in text
    )


def test_one_suit_at_a_time_needs_rows_of_that_length(tmp_path: Path) -> None:
    """ "A multiple of 13 cards on the table" means "every row begun is complete" only with
    rows of 13: with another number the rule is shown by worked examples."""
    odd = house_rule(
        tmp_path,
        "play:\n  legal: >-\n    (not row.open and table.count % 12 == 0)\n"
        "    or (row.open and card.rank == row.high + 1)\n",
    )
    text = render_rulesheet(odd, "en")
    assert "once every row begun so far is complete" not in text
    assert "own play rule; the examples below show it." in text


def test_newest_mechanics_in_the_diff() -> None:
    traditional = describe_diff(
        rules_of("shichi-narabe"), rules_of("shichi-narabe-traditional"), "en"
    )
    assert (
        "First player: the player holding the 7 of diamonds (7♦) instead of the player to the dealer's left."
        in traditional
    )
    assert "after the deal, whoever holds one of them lays it face up" in traditional
    compulsory = describe_diff(rules_of("badam-satti"), rules_of("badam-satti-compulsory"), "de")
    assert "Ist unter den Karten, die du legen darfst, eine 7, musst du eine 7 legen" in compulsory


def test_german_rank_names_take_their_article_and_case() -> None:
    """A jack starts Kartendomino's rows: "mit dem Buben", "neben den Buben", "einen Buben"."""
    text = render_rulesheet(rules_of("kartendomino"), "de")
    assert "die mit dem Buben dieser Farbe beginnt" in text
    assert "Neben den Buben kommt also die Dame oder die 10." in text
    assert "- einen Buben einer Farbe, die noch keine Reihe hat" in text
    assert "die Bube" not in text and "eine Bube" not in text
    assert "Neben die 7 kommt also die 8 oder die 6" in render_rulesheet(
        rules_of("parliament"), "de"
    )


#: With cards laid face down every turn empties a hand by one card, so the engine gives the
#: deal to the best score: no sheet of such a rule set may say the first player out wins it.
FIRST_OUT_WINS = (
    "A player who has played their last card is out; the first player out wins the deal. "
    "The others play on until at most one player still holds cards. The players are ranked by "
    "the order in which they went out (first out, first place)."
)
INTRO_RANKED_BY_GOING_OUT = (
    "%(name)s is a card game for %(min)s to %(max)s players with %(cards)s cards. The players take "
    "turns laying cards in rows on the table; play goes on until the players have got rid of their "
    "cards, and the order in which they go out ranks them."
)
BEST_SCORE_WINS = (
    "Being out first does not win the deal: the player with the best score for the deal wins "
    "it, and between equal scores the one who went out first."
)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_deal_with_face_down_cards_goes_to_the_best_score_on_the_sheet(lang: str) -> None:
    catalog = read_catalog(lang)
    text = " ".join(render_rulesheet(rules_of("pai-qi"), lang, "md").split())
    assert catalog[BEST_SCORE_WINS].string in text
    assert catalog[FIRST_OUT_WINS].string not in text
    # the intro's clause that ranks by going out (after the last ';', or '、' in Japanese)
    clause = catalog[INTRO_RANKED_BY_GOING_OUT].string.split(";")[-1].split("、")[-1]
    assert clause.strip() not in text
