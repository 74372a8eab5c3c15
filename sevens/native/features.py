"""What the native kernels play, checked without numba: the refusal of a rule set by feature.

Kept apart from :mod:`.build` (which needs numpy and the kernels) so that the
refusal, and the tests listing the built-ins the kernels play, work when the
optional extra ``sevens[fast]`` is not installed.
"""

from __future__ import annotations

from sevens.compiler.native import NativeUnsupported
from sevens.runtime import contract as c

#: The widest deck two uint64 words hold, the most ranks a row may have, and the most row
#: states the dense memo of playable cards may hold (two words each: 2^23 states take 128 MB;
#: beyond it the kernels keep the states that come up in a hash table).
MAX_CARDS = 128
MAX_RANKS = 20
MAX_MEMO_STATES = 1 << 23


def check_supported(rule_set: c.RuleSet) -> None:
    """Fail loudly, naming the feature, on what the kernels do not play yet."""
    if rule_set.n_cards > MAX_CARDS:
        raise NativeUnsupported(
            f"the numba backend does not support decks of more than {MAX_CARDS} cards yet"
        )
    if rule_set.deck.n_ranks > MAX_RANKS:
        raise NativeUnsupported(
            f"the numba backend does not support rows of more than {MAX_RANKS} ranks yet"
        )
    for feature in unsupported_features(rule_set):
        raise NativeUnsupported(f"the numba backend does not support {feature} yet")


def unsupported_features(rule_set: c.RuleSet) -> list[str]:
    """Mechanics of the contract the kernels do not play, by rulespec key (empty: none).

    Conditions the kernels cannot evaluate (``player.completed``, table-wide facts
    other than ``table.empty`` and ``table.count`` in play conditions…) are refused when they
    are lowered (:func:`sevens.compiler.native.lower_rules`), also by name.
    """
    checks = {
        # joker spots (kernels.run_turns, joker_spots) are read from the rows' masks alone,
        # as the analyser allows no hand facts beside jokers (RuleSet.reads_hand with wild)
        "'hand' in play conditions together with jokers": rule_set.reads_hand
        and rule_set.wild is not None,
        # the kernels' givers know the playable cards from the rows' masks alone
        "'giver' as the choice of penalty cards with hand facts or compulsory cards": (
            rule_set.reads_hand or rule_set.compulsory != 0
        )
        and any(
            t is not None and t.which is c.Pick.GIVER
            for t in (
                rule_set.passing.voluntary_transfer,
                rule_set.passing.transfer,
                rule_set.last_card,
            )
        ),
        "'others' as the receiver of a penalty transfer": any(  # the contract: a giver only
            t is not None and t.target is c.Role.OTHERS
            for t in (
                rule_set.passing.voluntary_transfer,
                rule_set.passing.transfer,
                rule_set.last_card,
            )
        ),
    }
    return [feature for feature, used in checks.items() if used]
