"""The native backend (numba kernels) plays the same games as the Python engine.

Both draw from one generator in the same way (sevens.runtime.randomness,
docs/randomness.md), so for the same seed ``simulate`` writes byte-identical
records in both backends: the deal, the legal sets at every decision, the
choices, transfers and results.

Tests that run the kernels skip when numba is not installed; the lowering to
native programs, the refusal of what the kernels do not play (by feature) and
the CLI's refusal without numba are tested always.
The default run plays a few hundred games per built-in rule set; set
SEVENS_NATIVE_GAMES for more (the report of issue 12 used 2000).
"""

from __future__ import annotations

import ast
import dataclasses
import json
import os
import secrets
import types
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens import native
from sevens.cli import main
from sevens.compiler.native import (
    HAND_KEYED,
    HAND_NONE,
    HAND_PER_CARD,
    RULE_FUNCTIONS,
    NativeUnsupported,
    lower_rules,
)
from sevens.compiler.pipeline import find_rulespec, load_rulespec
from sevens.runtime.records import RECORD_KEYS
from sevens.runtime.simulate import Options
from tests.conftest import (
    BUILTIN_IDS,
    HAND_RULES,
    HAS_NUMBA,
    NATIVE_FORGET,
    NATIVE_GAMES,
    agree_natively,
    compiled,
    lab_document,
    laid_without_suit,
    leftovers_laid,
    native_ids,
    native_records,
    native_refusal,
    needs_numba,
    one_row_at_a_time,
    pass_after_a_leftover,
    record_rank,
)

pytestmark = pytest.mark.usefixtures("native_kernels_where_installed")
#: The built-in rule sets the kernels play; the others are refused by feature (tested below).
NATIVE_IDS = list(native_ids())


# -- without numba ---------------------------------------------------------------
@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_every_builtin_lowers_to_native_functions(variant: str) -> None:
    """Each built-in's conditions become numba functions: every one the kernels call, and
    nothing from the rulespec but integers in them."""
    try:
        code = lower_rules(load_rulespec(find_rulespec(variant)))
    except NativeUnsupported as exc:  # a condition the kernels cannot evaluate: refused by name
        assert str(exc).startswith("the numba backend does not support"), str(exc)
        pytest.skip(f"{variant}: {exc}")
    tree = ast.parse(code.source)
    defined = [node.name for node in tree.body if isinstance(node, ast.FunctionDef)]
    assert set(RULE_FUNCTIONS) <= set(defined) and len(defined) == len(set(defined))
    constants = [node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)]
    assert all(type(value) in (int, bool) for value in constants), constants


@pytest.mark.parametrize("variant", ["parliament", "double-deck", "shichi-narabe-joker"])
def test_the_rule_sets_kernels_index_their_arrays_unsigned(variant: str) -> None:
    """In a rule set's own kernels every computed index into the flat arrays is unsigned
    (numba tests a signed index for a count from the end, on every access), and a deck of
    at most 64 cards reads no second word of the legal cards on a turn."""
    from sevens.compiler.native_kernels import FLAT_ARRAYS, rule_set_constants, specialise
    from sevens.native.build import flat_config

    rules = native.native_rules(variant)
    config = flat_config(rules.rule_set, rules.program, rules.rule_set.players.min, "random", None)
    source = specialise(rule_set_constants(config), rules.program.source)
    signed = [
        ast.unparse(node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id in FLAT_ARRAYS
        and isinstance(node.slice, (ast.BinOp, ast.Subscript))
    ]
    assert signed == []
    unsigned = source.count("np.uint64(")
    assert unsigned > 100, unsigned
    run_turns = next(
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.name == "run_turns"
    )
    second_words = ast.unparse(run_turns).count(
        "m[np.uint64(hand + 1)] & m[np.uint64(playable + 1)]"
    )
    assert (second_words > 0) == (rules.rule_set.n_cards > 64), second_words


def test_only_the_entry_points_of_a_rule_sets_kernels_are_callable_from_python() -> None:
    """The kernels that only other kernels call are compiled without numba's wrappers for
    Python (a sixth of a rule set's compile time); the two Python calls keep theirs."""
    from sevens.compiler.native_kernels import CALLED_FROM_PYTHON, rule_set_constants, specialise
    from sevens.native.build import flat_config

    rules = native.native_rules("cinquillo")
    config = flat_config(rules.rule_set, rules.program, 4, "random", None)
    tree = ast.parse(specialise(rule_set_constants(config), rules.program.source))
    wrapped = {
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
        and not any(
            keyword.arg == "no_cpython_wrapper"
            for decorator in node.decorator_list
            if isinstance(decorator, ast.Call)
            for keyword in decorator.keywords
        )
    }
    assert wrapped == CALLED_FROM_PYTHON


def _with_legal(tmp_path: Path, legal: str) -> Path:
    text = find_rulespec("parliament").read_text(encoding="utf-8")
    text = text.replace(
        "\nid: parliament\n", "\nid: pot-rule\n", 1
    )  # a copy needs an id of its own
    start = text.index("  legal: >-")
    end = text.index("passing:")
    path = tmp_path / "pot-rule.yaml"
    path.write_text(text[:start] + f"  legal: {legal}\n" + text[end:], encoding="utf-8")
    return path


def test_an_unsupported_table_fact_is_refused_by_name(tmp_path: Path) -> None:
    path = _with_legal(tmp_path, "game.max_hand >= 0 and card.rank == 7")
    with pytest.raises(
        NativeUnsupported, match=r"does not support game\.max_hand in play conditions"
    ):
        lower_rules(load_rulespec(path))


def test_table_facts_share_one_mixed_radix_index(tmp_path: Path) -> None:
    """Two facts in play conditions: each is read back as its digit of the combined index."""
    path = _with_legal(
        tmp_path, "(table.empty and card.rank == 7) or (table.count > 0 and card.rank == 7)"
    )
    program = lower_rules(load_rulespec(path))
    assert program.env == ("table.count", "table.empty")
    assert program.env_dims == (53, 2) and program.env_size == 106
    # the index: the table's count, plus 53 for an empty table
    assert _function(program.source, "rule_env") == (
        "size(m, c[M_TABLE]) * 1 + (1 if size(m, c[M_TABLE]) == 0 else 0) * 53"
    )
    # each fact read back as its digit of the combined index
    legal = _function(program.source, "rule_legal")
    assert "v[S_ENV] // 1 % 53" in legal and "v[S_ENV] // 53 % 2" in legal


def test_cli_refuses_unsupported_rules_with_exit_2(tmp_path: Path) -> None:
    path = _with_legal(tmp_path, "game.max_hand >= 0 and card.rank == 7")
    record = tmp_path / "out.jsonl"
    args = ["simulate", str(path), "--games", "3", "--backend", "numba", "--record", str(record)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2
    expected = "does not support game.max_hand" if HAS_NUMBA else "pip install 'sevens[fast]'"
    assert expected in result.output
    assert "Traceback" not in result.output
    assert not record.exists()


def test_cli_without_numba_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "native_available", lambda: False)
    result = CliRunner().invoke(main, ["simulate", "parliament", "--backend", "numba"])
    assert result.exit_code == 2
    assert "pip install 'sevens[fast]'" in result.output


# -- where the compiled kernels live, and the note while they compile ---------------
def test_the_kernels_cache_lives_in_the_users_cache_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """numba's cache follows $SEVENS_CACHE unless NUMBA_CACHE_DIR is set, never the package."""
    from sevens.native.cache import use_user_cache

    if HAS_NUMBA:  # numba imported already: its configuration is set as well
        import numba

        monkeypatch.setattr(numba.config, "CACHE_DIR", numba.config.CACHE_DIR)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "cache" / "numba"
    assert use_user_cache() == folder
    assert os.environ["NUMBA_CACHE_DIR"] == str(folder)
    if HAS_NUMBA:
        assert str(folder) == numba.config.CACHE_DIR
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "chosen"))
    assert use_user_cache() == tmp_path / "chosen"


@pytest.mark.parametrize(
    ("compiled_already", "note"),
    [(False, "compiling the native kernels for parliament, once: ~90 s\n"), (True, "")],
)
def test_the_first_compilation_is_announced_on_stderr(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    compiled_already: bool,
    note: str,
) -> None:
    from sevens.native import cache

    monkeypatch.setattr(cache, "kernels_compiled", lambda module, entry_points: compiled_already)
    monkeypatch.setattr(cache, "COLD_START_SECONDS", 90)
    cache.note_cold_start("parliament", types.ModuleType("kernels"))
    assert capsys.readouterr() == ("", note)


@needs_numba
def test_the_kernels_know_when_they_are_compiled(tmp_path: Path) -> None:
    """A rule set's own kernels count as compiled once a run of it compiled them; the balance
    lab then plays on them without compiling again (one entry point for every run)."""
    from sevens.native.build import flat_config, kernels_ready
    from sevens.native.cache import kernels_compiled, rule_set_kernels

    unseen = 1000 + secrets.randbelow(10**9)  # kernels no earlier run compiled
    path = _with_legal(tmp_path, f"card.rank == 7 or (row.open and row.count < {unseen})")
    rules = native.native_rules(str(path))
    module = rule_set_kernels(
        flat_config(rules.rule_set, rules.program, 4, "random", None), rules.program.source
    )
    assert not kernels_compiled(module) and not kernels_ready(rules.rule_set, rules.program)
    native.simulate_native(rules, Options(4, 2))
    assert kernels_compiled(module) and kernels_ready(rules.rule_set, rules.program)
    _, note = lab_document("analyse", str(path), "--games", "20", "--backend", "numba")
    assert "compiling" not in note, note


@needs_numba
def test_no_kernel_is_compiled_for_a_literal_argument(tmp_path: Path) -> None:
    """No kernel a rule set's run compiles takes a literal type: a literal argument (``0``, a
    slot's name, a rule function's constant answer) would make numba compile the kernel
    again for that value, which once took a third of a rule set's compile time (kernels
    shared by every rule set may still have a signature per argument type).  Only what this
    run compiles is judged: other tests in the process compile other rule sets."""
    import numba

    from sevens.native.build import flat_config
    from sevens.native.cache import kernels, rule_set_kernels

    unseen = 1000 + secrets.randbelow(10**9)  # kernels no earlier run compiled
    path = _with_legal(tmp_path, f"card.rank == 7 or (row.open and row.count < {unseen})")
    rules = native.native_rules(str(path))
    module = rule_set_kernels(
        flat_config(rules.rule_set, rules.program, 4, "random", None), rules.program.source
    )

    def compiled_so_far() -> dict[str, set[Any]]:
        """Each kernel's signatures, by the module that defines it: the rule set's or the
        template's (whose kernels earlier tests in this process may have compiled too)."""
        return {
            f"{kernel.py_func.__module__}.{name}": set(kernel.signatures)
            for source in (module, kernels())
            for name, kernel in vars(source).items()
            if isinstance(kernel, numba.core.dispatcher.Dispatcher)
        }

    before = compiled_so_far()
    native.simulate_native(rules, Options(4, 2))
    signatures = {
        name: compiled - before.get(name, set())
        for name, compiled in compiled_so_far().items()
        if compiled - before.get(name, set())
    }
    own = {
        name: len(compiled)
        for name, compiled in signatures.items()
        if name.startswith(module.__name__)
    }
    assert own, "the run compiled none of the rule set's kernels"
    literal = {
        name: [str(signature) for signature in compiled]
        for name, compiled in signatures.items()
        if any(isinstance(t, numba.types.Literal) for s in compiled for t in s)
    }
    assert literal == {}
    assert {name: n for name, n in own.items() if n > 1} == {}  # one rule set, one signature


# -- agreement with the Python engine ------------------------------------------
def test_the_kernels_play_every_builtin() -> None:
    refused = {v: native_refusal(v) for v in BUILTIN_IDS if v not in NATIVE_IDS}
    # every built-in is played by the kernels (issue 22 brought the last two mechanics)
    assert refused == {}
    assert {
        "fan-tan-leftovers",
        "karten-domino",
        "mandatory-seven",
        "play-or-pay",
        "shichi-narabe-joker",
        "trump-fan-tan",
    } <= set(NATIVE_IDS)


def test_what_the_kernels_do_not_play_is_still_refused_by_feature() -> None:
    from sevens.native.features import check_supported
    from sevens.runtime import contract as c

    rule_set = compiled("sjuan-traditional").rule_set
    assert rule_set.passing.transfer is not None
    to_others = dataclasses.replace(rule_set.passing.transfer, target=c.Role.OTHERS)
    refused = dataclasses.replace(
        rule_set, passing=dataclasses.replace(rule_set.passing, transfer=to_others)
    )
    with pytest.raises(
        NativeUnsupported, match=r"^the numba backend does not support 'others' as the receiver"
    ):
        check_supported(refused)
    # hand facts beside jokers (the analyser refuses them too): the joker turns read no hand
    hand_and_jokers = dataclasses.replace(compiled("shichi-narabe-joker").rule_set, reads_hand=True)
    with pytest.raises(NativeUnsupported, match=r"'hand' in play conditions together with jokers"):
        check_supported(hand_and_jokers)
    check_supported(compiled("mandatory-seven").rule_set)


# -- hand facts in play conditions (legality per seat) ------------------------------
def _hand_rule(directory: Path, name: str) -> str:
    """The rulespec of a hand-reading house rule of tests/test_hand_facts.py, written out."""
    parent, overlay = HAND_RULES[name]
    path = directory / f"{name}.yaml"
    if not path.exists():
        path.write_text(f"id: {name}\nextends: {parent}\nkind: house-rule\n{overlay}")
    return str(path)


#: How play.legal of each hand rule is found: true/false hand facts key the row memo; a fact
#: that is a number, or the hand read next to the card, makes each card be tried with the hand.
HAND_MODES = {
    "last-not-ace": HAND_KEYED,
    "seven-with-neighbour": HAND_PER_CARD,
    "double-deck-value": HAND_PER_CARD,
    "cabron-holding": HAND_KEYED,
    "domino-hand": HAND_PER_CARD,
    "play-or-pay-hand": HAND_KEYED,
    "follow-up-hand": HAND_NONE,  # only its follow-up reads the hand
}


def _function(source: str, name: str) -> str:
    """What the emitted function ``name`` returns, as source (its one return statement)."""
    tree = ast.parse(source)
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    returns = [n for n in ast.walk(function) if isinstance(n, ast.Return) and n.value is not None]
    return ast.unparse(returns[0].value) if len(returns) == 1 else ast.unparse(function)


def test_hand_facts_are_lifted_out_of_play_legal(tmp_path: Path) -> None:
    program = lower_rules(load_rulespec(find_rulespec("mandatory-seven")))
    assert (program.hand_mode, program.hand_facts) == (HAND_KEYED, 1)
    # not any(c.rank == 7 for c in hand): a loop over the mover's hand, negated
    fact = _function(program.source, "rule_hand_fact")
    assert "if k == 0:" in fact and "return 1 if not rule_aggregate_0(c, v, m, seat) != 0" in fact
    assert "cards_at(c, seat)" in _function(program.source, "rule_aggregate_0")
    legal = _function(program.source, "rule_legal")
    assert "v[c[V_HF] + 0]" in legal and "seat" not in legal  # the row memo reads the slot
    assert set(HAND_MODES) == set(HAND_RULES)
    for name, mode in HAND_MODES.items():
        assert lower_rules(load_rulespec(Path(_hand_rule(tmp_path, name)))).hand_mode == mode, name
    assert lower_rules(load_rulespec(find_rulespec("parliament"))).hand_mode == HAND_NONE


@needs_numba
@pytest.mark.parametrize("name", sorted(HAND_RULES))
def test_hand_rules_play_identically_in_both_backends(tmp_path: Path, name: str) -> None:
    """Each house rule reading the hand, in both backends, two table sizes."""
    path = _hand_rule(tmp_path, name)
    allowed = compiled(path).rule_set.players
    games = max(NATIVE_GAMES // 8, 8)
    compared = agree_natively(path, allowed.min, "random", None, range(games))
    compared += agree_natively(path, allowed.max, "heuristic", None, range(games, 2 * games))
    assert compared > 2 * games


@needs_numba
def test_a_hand_fact_decides_native_legality() -> None:
    """mandatory-seven: whenever a seat holding a seven may play, only sevens are legal (and
    the rule comes up), so the kernels really read the hand."""
    from sevens.native.build import prepare

    rules = native.native_rules("mandatory-seven")
    prepared = prepare(rules.rule_set, rules.program, 4, "random", None)
    narrowed = 0
    for seed in range(10):
        for record in native_records(
            rules, native.play_native_game(prepared, seed, NATIVE_FORGET), 4, seed
        ):
            hands = [set(hand) for hand in record["hands"]]
            for d in record["decisions"]:
                held = hands[d["seat"]]
                sevens = {card for card in held if card.startswith("7")}
                if d["legal"] and sevens:
                    assert set(d["legal"]) <= sevens
                    narrowed += 1
                if d["card"]:
                    held.discard(d["card"])
    assert narrowed > 0


@needs_numba
@settings(max_examples=20, deadline=None)
@given(
    name=st.sampled_from(sorted(HAND_RULES)),
    seed=st.integers(0, 2**40),
    players_offset=st.integers(0, 10),
    strategy=st.sampled_from(["random", "heuristic", "withhold"]),
)
def test_hypothesis_native_games_with_hand_facts_agree(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    seed: int,
    players_offset: int,
    strategy: str,
) -> None:
    path = _hand_rule(tmp_path_factory.getbasetemp(), name)
    allowed = compiled(path).rule_set.players
    players = allowed.min + players_offset % (allowed.max - allowed.min + 1)
    agree_natively(path, players, strategy, None, range(seed, seed + 1))


@needs_numba
def test_the_kernels_draw_the_engines_random_numbers() -> None:
    """The kernels' generator gives the draws of sevens.runtime.randomness, a number below n
    and a probability alike, from the high half an output left waiting too."""
    import numpy as np

    from sevens.runtime.native import kernels as k
    from sevens.runtime.randomness import GameRandom

    for seed in (0, 1, 2**63 + 5, 2**64 - 1):
        state = np.zeros(4, np.uint64)
        state[k.RNG] = np.uint64(seed)
        ours = GameRandom(seed)
        for n in (1, 2, 3, 7, 52, 104, 2**32):
            assert int(k.below(state, n)) == ours.below(n), (seed, n)
        assert float(k.chance(state)) == ours.random()
        assert [int(k.draw32(state)) for _ in range(101)] == [ours.draw() for _ in range(101)]


# -- the command line ---------------------------------------------------------------
@needs_numba
def test_numba_backend_summary_and_record_have_the_python_shapes(tmp_path: Path) -> None:
    summaries, records = {}, {}
    for backend in ("python", "numba"):
        path = tmp_path / f"{backend}.jsonl"
        args = ["simulate", "sjuan", "--games", "30", "--match", "--json", "--record", str(path)]
        result = CliRunner().invoke(main, [*args, "--backend", backend])
        assert result.exit_code == 0, result.output
        summaries[backend] = json.loads(result.output[result.output.index("{") :])
        records[backend] = [json.loads(line) for line in path.read_text().splitlines()]
    assert summaries["python"].keys() == summaries["numba"].keys()
    assert summaries["numba"]["games"] == 30
    assert summaries["numba"]["deals_per_game"] == len(records["numba"]) / 30
    assert sum(summaries["numba"]["wins"]) == pytest.approx(30)
    for line in records["numba"]:
        assert [key for key in line if key in RECORD_KEYS] == list(RECORD_KEYS)
    assert records["python"][0].keys() == records["numba"][0].keys()


@needs_numba
def test_numba_backend_refuses_an_unknown_native_strategy() -> None:
    with pytest.raises(NativeUnsupported, match="strategy 'cautious'"):
        native.native_simulator("parliament", Options(strategy="cautious"))


@needs_numba
def test_native_workers_give_the_figures_of_one_python_process() -> None:
    """--jobs 2 on the kernels: the rule set travels to the workers in its native form."""
    args = ["analyse", "sevens", "--games", "2500", "--json", "--quiet"]
    pool = CliRunner().invoke(main, [*args, "--jobs", "2", "--backend", "numba"])
    assert pool.exit_code == 0, pool.output
    assert json.loads(pool.stdout) == lab_document(*args[:4])[0]


@needs_numba
def test_compare_on_the_kernels_gives_the_python_figures() -> None:
    args = ["compare", "parliament", "fan-tan-chips", "--games", "400", "--seats"]
    seats = "heuristic,random,random-play,withhold"
    assert lab_document(*args, seats, "--backend", "numba")[0] == lab_document(*args, seats)[0]


@needs_numba
def test_compare_of_a_native_side_with_a_python_side_gives_the_python_figures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One rule set on the kernels, the other (refused by them) in Python: the chunk's games
    are paired game by game across the two kinds of observation."""
    from sevens.compiler.native import NativeUnsupported
    from sevens.lab import commands

    real = commands.native_side

    def only_parliament(reference: str, *args: Any) -> Any:
        if reference != "parliament":
            raise NativeUnsupported("refused for this test")
        return real(reference, *args)

    args = ["compare", "parliament", "fan-tan-chips", "--games", "300", "--seed", "5"]
    python = lab_document(*args)[0]
    monkeypatch.setattr(commands, "native_side", only_parliament)
    mixed, note = lab_document(*args, "--backend", "numba")
    assert mixed == python
    assert note == "note: fan-tan-chips is played in Python: refused for this test\n"


@needs_numba
def test_what_the_kernels_do_not_play_is_played_in_python_with_a_note() -> None:
    """A strategy the kernels do not play: the same figures, from Python, and one line why."""
    args = ["analyse", "parliament", "--games", "40", "--seats", "search,random,random,random"]
    natively, note = lab_document(*args, "--backend", "numba")
    assert natively == lab_document(*args)[0]
    assert note == (
        "note: parliament is played in Python: "
        "the numba backend does not support the strategy 'search' yet\n"
    )


def test_the_lab_without_numba_plays_in_python_with_a_note(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(native, "native_available", lambda: False)
    args = ["analyse", "parliament", "--games", "40"]
    document, note = lab_document(*args, "--backend", "numba")
    assert document == lab_document(*args)[0]
    assert note == "note: parliament is played in Python: " + native.INSTALL_HINT + "\n"


@needs_numba
def test_rows_starting_at_their_first_card_without_table_facts_play_identically_in_both_backends(
    tmp_path: Path,
) -> None:
    """Per-row starts are a layout feature of their own, not tied to play-or-pay's table.count."""
    path = tmp_path / "any-row.yaml"
    legal = "(not row.open and card.rank != 2) or (row.open and card.rank == row.high + 1)"
    path.write_text(f"id: any-row\nextends: play-or-pay\nplay:\n  legal: {legal}\n")
    assert native.native_rules(str(path)).program.env == ()
    for players in (3, 6):
        assert agree_natively(str(path), players, "random", None, range(30)) > 0


@needs_numba
def test_rows_without_suit_holding_no_run_through_their_start_play_identically(
    tmp_path: Path,
) -> None:
    """Rows without suit whose empty rows take an 8, a 9 or a 10: a row opened by a 9 holds a
    card but no run through its 8, and every suit's cards are tried on it where an empty row
    tries its own suit's only; the row memo keeps the two states apart."""
    path = tmp_path / "no-run.yaml"
    legal = (
        "(not row.open and (card.rank == 8 or card.rank == 9 or card.rank == 10))"
        " or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))"
    )
    path.write_text(
        "id: no-run\nextends: karten-domino\nkind: house-rule\n"
        f"layout:\n  one_row_at_a_time: false\nplay:\n  legal: {legal}\n"
    )
    for players in (3, 6):
        assert agree_natively(str(path), players, "random", None, range(40)) > 0


JOKER_HOUSE_RULES = {
    # the holder may decline to redeem; going out on a joker allowed; no rank for holding one
    "may-redeem": "play:\n  joker:\n    redeem: may\n    out_on_joker: true\n    holder_ranks_last: false\n",
    # two jokers, equal hands: a joker may be left over undealt
    "two-jokers": "deck:\n  jokers: 2\ndeal:\n  hand_size: equal\n",
}


@needs_numba
@pytest.mark.parametrize("strategy", ["random", "heuristic", "withhold"])
@pytest.mark.parametrize("house_rule", sorted(JOKER_HOUSE_RULES))
def test_joker_options_play_identically_in_both_backends(
    tmp_path: Path, house_rule: str, strategy: str
) -> None:
    path = tmp_path / f"{house_rule}.yaml"
    path.write_text(
        f"id: {house_rule}\nextends: shichi-narabe-joker\n{JOKER_HOUSE_RULES[house_rule]}"
    )
    for players in (3, 5):
        assert agree_natively(str(path), players, strategy, None, range(25)) > 0
    if house_rule == "may-redeem" and strategy != "heuristic":  # a declined redeem comes up
        rules = native.native_rules(str(path))
        from sevens.native.build import prepare

        prepared = prepare(rules.rule_set, rules.program, 4, strategy, None)
        declined = 0
        for seed in range(40):
            for record in native_records(
                rules, native.play_native_game(prepared, seed, NATIVE_FORGET), 4, seed
            ):
                declined += sum(
                    1
                    for d in record["decisions"]
                    if d.get("kind") == "redeem" and d["action"] == "pass"
                )
        assert declined > 0


#: Trumps of a fixed suit (no card names them), and the last card dealt naming them with an
#: ace-high deck and a stock-free deal of three to eight.
TRUMP_HOUSE_RULES = {
    "fixed-trumps": "play:\n  trumps:\n    suit: H\n",
    "ace-high-trumps": "deck:\n  ace: high\n",
}


@needs_numba
@pytest.mark.parametrize("strategy", ["random", "heuristic", "withhold"])
@pytest.mark.parametrize("house_rule", sorted(TRUMP_HOUSE_RULES))
def test_trump_options_play_identically_in_both_backends(
    tmp_path: Path, house_rule: str, strategy: str
) -> None:
    path = tmp_path / f"{house_rule}.yaml"
    path.write_text(f"id: {house_rule}\nextends: trump-fan-tan\n{TRUMP_HOUSE_RULES[house_rule]}")
    for players in (3, 6):
        assert agree_natively(str(path), players, strategy, None, range(20)) > 0


#: House rules written with the keys of issue 22 (``end.when: all-empty``, ``deal.stock``,
#: ``which: giver``, ``layout.one_row_at_a_time``, ``layout.rows_follow_suit``,
#: ``deal.leftovers``) on parents where they come up, and a test of a deal's record showing
#: that they did: the kernels must play them exactly as the engine does.
FAMILY_RULES: dict[str, tuple[str, str, Any]] = {
    "giver-lappu": (
        "sjuan-traditional",
        "passing:\n  transfer: {cards: 1, from: previous, to: self, which: giver}\n",
        lambda r: any("transfer" in d for d in r["decisions"]),
    ),
    "giver-last-card": (
        "last-card",
        "play:\n  last_card:\n    penalty: {cards: 2, from: most-cards, to: self, which: giver}\n",
        lambda r: any(d.get("forgot_last_card") for d in r["decisions"]),
    ),
    # a pass by choice moves the forced pass's card, then its own: two single moves noted
    "lappu-then-left": (
        "ristiseiska",
        "passing:\n  voluntary_transfer: {cards: 1, from: self, to: left, which: random}\n",
        lambda r: any("transfer" in d and "transfers" in d for d in r["decisions"]),
    ),
    "giver-refusal": (
        "refusal-penalty",
        "passing:\n  voluntary_transfer: {cards: 1, from: others, to: self, which: giver}\n",
        lambda r: any("transfers" in d for d in r["decisions"]),
    ),
    # covers with penalty points (the lowest total wins): the deal goes to the fewest points
    "covered-penalties": (
        "badam-satti",
        "passing:\n  cover: true\n",
        lambda r: (
            any(d["action"] == "cover" for d in r["decisions"])
            and r["result"]["points"][r["winner"]] == min(r["result"]["points"])
        ),
    ),
    "all-empty-places": (
        "parliament-play-on",
        "end:\n  when: all-empty\n",
        lambda r: not any(r["result"]["cards_left"]),  # the last player emptied their hand too
    ),
    "stock-left": (
        "card-domino-stock",
        "deal:\n  hand_size: 12\n  stock: 10\n",
        lambda r: len(r["stock"]) >= 10,
    ),
    # escalating draws that stop at the first card that fits
    "escalating-first-fit": (
        "escalating-draws",
        "passing:\n  draw:\n    stop: first-fit\n",
        lambda r: any(len(d.get("drawn", ())) > 1 and d["card"] for d in r["decisions"]),
    ),
    # a count that is none for the first player stuck: early in a deal, while the stock still
    # holds cards, a pass without drawing
    "late-draws": (
        "escalating-draws",
        "passing:\n  draw:\n    most: game.unable_in_a_row - 1\n",
        lambda r: (
            any(
                d["action"] == "pass" and not d["legal"] and "drawn" not in d
                for d in r["decisions"][:8]
            )
            and any("drawn" in d for d in r["decisions"])
        ),
    ),
    # Parliament's suits built one at a time: the next 7 only once the newest row is complete
    "one-row-parliament": (
        "parliament",
        "layout:\n  one_row_at_a_time: true\n",
        lambda r: one_row_at_a_time(r, "7"),
    ),
    # one row at a time with an ace-low pack and a stock to draw from
    "one-row-stock": (
        "card-domino-stock",
        "layout:\n  one_row_at_a_time: true\n",
        lambda r: one_row_at_a_time(r, "7") and any("drawn" in d for d in r["decisions"]),
    ),
    # rows without suits, all open at once and without a cap, ace low: a card may fit several
    # rows (it goes to the first), and an ace extends a row below its 2
    "open-rows-without-suit": (
        "karten-domino",
        "deck:\n  ace: low\nlayout:\n  one_row_at_a_time: false\nplay:\n  legal: >-\n"
        "    (not row.open and card.rank == 8)\n"
        "    or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))\n",
        lambda r: (
            laid_without_suit(r, "8")
            and any(record_rank(d["card"] or "") == "A" for d in r["decisions"])
        ),
    ),
    # Karten-Domino whose rows reach one rank further each way per 20 cards on the table: a
    # table-wide fact in play.legal changes every row's cards after a card
    "growing-rows": (
        "karten-domino",
        "play:\n  legal: >-\n"
        "    (not row.open and card.rank == 8)\n"
        "    or (row.open and row.high < row.start + 4 + table.count // 20\n"
        "        and row.low > row.start - 4 - table.count // 20\n"
        "        and (card.rank == row.high + 1 or card.rank == row.low - 1))\n",
        lambda r: (
            one_row_at_a_time(r, "8")
            and any(record_rank(d["card"] or "") in ("3", "K") for d in r["decisions"])
        ),
    ),
    # face-up leftovers (more of them with six to eight players) with a pass cost reading the
    # players in a row who could not play: a pass after laying a leftover is still paid for
    "leftovers-rising-cost": (
        "fan-tan-chips",
        "players:\n  min: 6\n  best: 6-8\ndeal:\n  leftovers: face-up\n"
        "passing:\n  cost: game.unable_in_a_row + 1\n",
        pass_after_a_leftover,
    ),
    # play on after the first player is out, leftovers nobody laid still face up at the end
    "leftovers-all-out": (
        "fan-tan-leftovers",
        "end:\n  when: all-out\n",
        lambda r: (
            bool(set(r["leftovers"]) - set(leftovers_laid(r)))
            and sum(place > 0 for place in r["result"]["places"]) > 1
        ),
    ),
    # legality reading the hand: leftovers are offered as if they were in it
    "leftovers-hand": (
        "fan-tan-leftovers",
        HAND_RULES["seven-with-neighbour"][1],
        lambda r: bool(leftovers_laid(r)),
    ),
    # follow-ups after a seven: a seven laid from the leftovers grants none
    "leftovers-follow-up": (
        "fan-tan-leftovers",
        "players:\n  min: 6\n  best: 6-8\nplay:\n  follow_up:\n    when: card.rank == 7\n"
        "    allow: card.rank == 6 or card.rank == 8\n    optional: true\n",
        lambda r: (
            any(card.startswith("7") for card in leftovers_laid(r))
            and any(d.get("kind") == "follow-up" for d in r["decisions"])
        ),
    ),
    # a pass cost reading the players in a row who could not play: two forced passes in a row
    "rising-cost": (
        "parliament",
        "passing:\n  cost: game.unable_in_a_row + 1\n",
        lambda r: any(
            not a["legal"] and not b["legal"] and a["action"] == b["action"] == "pass"
            for a, b in zip(r["decisions"], r["decisions"][1:], strict=False)
        ),
    ),
}


def _family_rule(directory: Path, name: str) -> str:
    """The rulespec of a house rule of FAMILY_RULES, written out."""
    parent, overlay, _ = FAMILY_RULES[name]
    path = directory / f"{name}.yaml"
    if not path.exists():
        path.write_text(f"id: {name}\nextends: {parent}\nkind: house-rule\n{overlay}")
    return str(path)


@needs_numba
@pytest.mark.parametrize("name", sorted(FAMILY_RULES))
def test_issue_22_keys_play_identically_in_both_backends(tmp_path: Path, name: str) -> None:
    """Each house rule, in both backends, at both ends of its player count;
    the mechanic must come up in at least one deal."""
    from sevens.native.build import prepare

    path = _family_rule(tmp_path, name)
    allowed = compiled(path).rule_set.players
    games = max(NATIVE_GAMES // 8, 8)
    compared = agree_natively(path, allowed.min, "withhold", None, range(games))
    compared += agree_natively(path, allowed.max, "random", None, range(games, 2 * games))
    assert compared > 2 * games
    rules = native.native_rules(path)
    prepared = prepare(rules.rule_set, rules.program, allowed.min, "withhold", None)
    records = [
        record
        for seed in range(games)
        for record in native_records(
            rules, native.play_native_game(prepared, seed, NATIVE_FORGET), allowed.min, seed
        )
    ]
    assert any(FAMILY_RULES[name][2](record) for record in records)


@needs_numba
@pytest.mark.parametrize("strategy", ["random", "random-play", "heuristic", "withhold"])
def test_face_up_leftovers_play_identically_in_both_backends_for_every_strategy(
    strategy: str,
) -> None:
    """Each strategy of the kernels asked about the leftovers as the engine's strategies are
    (random may decline them, random play lays one, the heuristic only one that helps it),
    with one leftover (three players), four (six) and three (seven)."""
    for players in (3, 6, 7):
        assert agree_natively("fan-tan-leftovers", players, strategy, None, range(25)) > 0


@needs_numba
@settings(max_examples=20, deadline=None)
@given(
    name=st.sampled_from(sorted(FAMILY_RULES)),
    seed=st.integers(0, 2**40),
    players_offset=st.integers(0, 10),
    strategy=st.sampled_from(["random", "heuristic", "withhold"]),
)
def test_hypothesis_native_games_with_issue_22_keys_agree(
    tmp_path_factory: pytest.TempPathFactory,
    name: str,
    seed: int,
    players_offset: int,
    strategy: str,
) -> None:
    path = _family_rule(tmp_path_factory.getbasetemp(), name)
    allowed = compiled(path).rule_set.players
    players = allowed.min + players_offset % (allowed.max - allowed.min + 1)
    agree_natively(path, players, strategy, None, range(seed, seed + 1))
