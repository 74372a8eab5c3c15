"""Teams (players.teams): seating, refused counts and names, team results, records, matches,
and the agreement of compiled amounts reading partners with the reference interpreter."""

from __future__ import annotations

import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.runtime.contract import Teams
from sevens.runtime.engine import Table
from sevens.runtime.match import play_match
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import random_strategy
from tests.conftest import assert_refused_at, compiled, reference, sevens_cli
from tests.fuzz.oracles import compile_pair, play_both

PAIRS = "cinquillo-parejas"


@pytest.mark.parametrize(("size", "players"), [(2, 4), (2, 6), (2, 8), (3, 6), (4, 8)])
def test_partners_never_sit_side_by_side(size: int, players: int) -> None:
    teams = Teams(size)
    seats = [teams.members(t, players) for t in range(teams.count(players))]
    assert sorted(s for team in seats for s in team) == list(range(players))
    assert all(len(team) == size for team in seats)
    for seat in range(players):
        for partner in teams.partners(seat, players):
            assert (partner - seat) % players not in (1, players - 1)


@pytest.mark.parametrize("players", ["5"])
def test_a_count_that_forms_no_teams_is_refused(players: str) -> None:
    result = sevens_cli("simulate", PAIRS, "--players", players, "--games", "2")
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "cannot form two or more teams of 2" in result.output


def _house_rule(folder: Path, text: str) -> str:
    path = folder / "teams.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_teams_no_allowed_count_can_form_are_refused_at_the_size(tmp_path: Path) -> None:
    path = _house_rule(
        tmp_path,
        "id: odd-teams\nextends: cinquillo\nplayers:\n  min: 4\n  max: 5\n  teams: {size: 3}\n",
    )
    result = sevens_cli("validate", path)
    assert_refused_at(result, f"{path}:6:17", "cannot form two or more teams of 3")


def test_partner_needs_teams(tmp_path: Path) -> None:
    path = _house_rule(
        tmp_path,
        "id: lonely\nextends: cinquillo\nscoring:\n  points: 'partner.hand.count'\n",
    )
    assert_refused_at(sevens_cli("validate", path), f"{path}:4:12", "'partner' needs teams")


def test_partner_needs_teams_of_two(tmp_path: Path) -> None:
    path = _house_rule(
        tmp_path,
        "id: threes\nextends: cinquillo-parejas\nplayers: {min: 6, max: 6, best: '6', teams: {size: 3}}\n"
        "scoring:\n  points: 'partner.hand.count'\n",
    )
    assert_refused_at(sevens_cli("validate", path), f"{path}:5:12", "needs teams of two")


def test_records_carry_team_facts_only_with_teams(tmp_path: Path) -> None:
    for variant, teams in ((PAIRS, True), ("cinquillo", False)):
        out = tmp_path / f"{variant}.jsonl"
        result = sevens_cli("simulate", variant, "--games", "30", "--record", str(out))
        assert result.exit_code == 0, result.output
        for line in out.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            assert ("teams" in record) is teams
            if teams:
                facts = record["teams"]
                assert facts["seats"] == [[0, 2], [1, 3]]
                winner = record["winner"]
                assert facts["winner"] == (None if winner is None else winner % 2)
                points = record["result"]["points"]
                assert facts["points"] == [points[0] + points[2], points[1] + points[3]]


def test_simulate_reports_team_wins() -> None:
    result = sevens_cli("simulate", PAIRS, "--games", "200", "--json")
    summary = json.loads(result.output)
    assert summary["team_wins"][0] == summary["wins"][0] + summary["wins"][2]
    assert sum(summary["team_wins"]) + summary["blocked"] == 200
    plain = json.loads(sevens_cli("simulate", "cinquillo", "--games", "20", "--json").output)
    assert "team_wins" not in plain


@pytest.mark.parametrize("seed", range(20))
def test_a_match_is_won_by_the_team_with_the_best_total(seed: int) -> None:
    rules = compiled(PAIRS)
    table = Table(4, [random_strategy(rules)] * 4)
    match = play_match(rules, table, GameRandom(seed), 50)
    totals = [match.points[0] + match.points[2], match.points[1] + match.points[3]]
    best = [team for team in (0, 1) if totals[team] == max(totals)]
    assert match.winners == sorted(s for team in best for s in (team, team + 2))
    assert max(totals) >= 30  # the target counts a team's total, not a player's
    before = [sum(d.points[s] for d in match.deals[:-1] for s in (t, t + 2)) for t in (0, 1)]
    assert max(before) < 30


#: Amounts over the team names, for the agreement of compiled and interpreted rules.
TEAM_FACTS = (
    "partner.hand.count",
    "partner.passes",
    "partner.place",
    "partner.seat",
    "sum(p.hand.count for p in partners)",
    "sum(p.hand.count for p in opponents)",
    "count(p for p in opponents if p.is_winner)",
    "max(p.passes for p in opponents)",
    "min(p.seat for p in partners)",
    "hand.count",
)
TEAM_TESTS = (
    "partner.is_winner",
    "player.is_winner",
    "any(p.is_winner for p in partners)",
    "all(p.hand.count > 0 for p in opponents)",
)


def _team_amounts() -> st.SearchStrategy[str]:
    leaves = st.sampled_from(TEAM_FACTS)
    return st.recursive(
        leaves,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-", "*"]), inner).map(
                lambda t: f"({t[0]} {t[1]} {t[2]})"
            ),
            st.tuples(inner, st.sampled_from(TEAM_TESTS), inner).map(
                lambda t: f"({t[0]} if {t[1]} else {t[2]})"
            ),
        ),
        max_leaves=5,
    )


def _team_amounts_rulespec(folder: Path, points: str, cost: str) -> Path:
    """A house rule of the pairs game scoring ``points`` and charging ``cost`` per pass."""
    path = folder / "team-amounts.yaml"
    path.write_text(
        f"id: team-amounts\nextends: {PAIRS}\n"
        # the pass cost pays chips into a pot, so the rule set plays for chips too
        f"scoring:\n  points: {json.dumps(points)}\n  chips: {{pot: winner}}\n"
        f"passing:\n  cost: {json.dumps(cost)}\n",
        encoding="utf-8",
    )
    return path


@settings(max_examples=25, deadline=None)
@given(points=_team_amounts(), cost=_team_amounts(), seed=st.integers(0, 10_000))
def test_team_amounts_agree_with_the_reference_interpreter(
    points: str, cost: str, seed: int
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = _team_amounts_rulespec(Path(folder), points, cost)
        pair = compile_pair(path)
    for game in range(3):  # 4, 5 (refused: no teams) and 6 players
        assert play_both(pair, seed + game) is None


def test_reference_interpreter_names_the_partners() -> None:
    rules = reference(PAIRS)
    assert rules.team_bindings(6, 1) == {"partners": [4], "opponents": [0, 2, 3, 5], "partner": 4}


def test_the_sheet_check_confirms_the_teams_claim_and_refutes_wrong_ones() -> None:
    from dataclasses import replace

    from sevens.compiler.rulesheet import sheet_claims
    from sevens.compiler.rulesheet.claims import TeamsClaim
    from sevens.sheetcheck.check import check_claims
    from sevens.sheetcheck.check import compiled as sheet_rules
    from tests.conftest import rules_of

    analysed = rules_of(PAIRS)
    rules, claims = sheet_rules(analysed), sheet_claims(analysed)
    assert claims.teams == TeamsClaim(2)
    assert check_claims(rules, claims, deals=40, matches=4) == []
    for wrong in (None, TeamsClaim(3)):
        failures = check_claims(rules, replace(claims, teams=wrong), deals=40, matches=4)
        assert [f.kind for f in failures] == ["teams"]


@pytest.mark.usefixtures("native_kernels")
@settings(max_examples=5, deadline=None)
@given(points=_team_amounts(), cost=_team_amounts(), seed=st.integers(0, 10_000))
def test_team_amounts_play_identically_in_both_backends(points: str, cost: str, seed: int) -> None:
    """partner, partners and opponents in amounts, natively and in Python: byte-identical
    records of independent deals (4 and 6 players) and of matches.  Each example is a rule
    set with kernels of its own, compiled in about 8 s, hence few examples; the reference
    interpreter's agreement above draws 25."""
    from sevens import native
    from sevens.runtime.simulate import Options, simulate

    with tempfile.TemporaryDirectory() as folder:
        path = _team_amounts_rulespec(Path(folder), points, cost)
        for players, deals in ((4, None), (6, None), (4, 3)):
            options = Options(players, 3, seed, "random", deals, 0.3)
            python, natively = io.StringIO(), io.StringIO()
            simulate(compiled(str(path)), options, record=python)
            native.simulate_native(native.native_rules(str(path)), options, record=natively)
            assert natively.getvalue() == python.getvalue()
            assert python.getvalue()


def test_the_balance_lab_gives_per_team_figures() -> None:
    result = json.loads(sevens_cli("analyse", PAIRS, "--games", "300", "--json").output)
    main, session = result["experiments"]["main"], result["experiments"]["session"]
    teams = main["teams"]
    assert teams["seats"] == [[0, 2], [1, 3]]
    rates = [r["value"] for r in teams["wins"]["rates"]]
    seats = [r["value"] for r in main["wins"]["rates"]]
    assert rates == pytest.approx([seats[0] + seats[2], seats[1] + seats[3]])
    means = [m["value"] for m in main["points"]["mean"]]
    team_means = [m["value"] for m in teams["points"]]
    assert team_means == pytest.approx([means[0] + means[2], means[1] + means[3]])
    # a match is won by a whole team: never shared between seats of one team
    match_rates = [r["value"] for r in session["teams"]["wins"]["rates"]]
    assert sum(match_rates) + session["shared"]["value"] == pytest.approx(1)
    assert any("Teams (team 0 (seats 0 2)" in line for line in result["findings"])
    plain = json.loads(sevens_cli("analyse", "cinquillo", "--games", "50", "--json").output)
    assert "teams" not in plain["experiments"]["main"]


def test_environments_reward_both_partners_with_their_teams_result() -> None:
    from sevens.envs.game import Game
    from sevens.runtime.encoding import deal_returns, encode, observation_size

    rules = compiled(PAIRS)
    rule_set = rules.rule_set
    returns = deal_returns(rule_set, [0] * 4, [11, -2, -1, -3], 0)
    assert returns == [10.0, -5.0, 10.0, -5.0]
    plain = compiled("cinquillo").rule_set
    assert deal_returns(plain, [0] * 4, [11, -2, -1, -3], 0) == [11.0, -2.0, -1.0, -3.0]
    game = Game(PAIRS, players=6, seed=3)
    assert [game.observation(seat).partners for seat in range(6)] == [
        (3,),
        (4,),
        (5,),
        (0,),
        (1,),
        (2,),
    ]
    vector = encode(rule_set, game.state, 1, False)
    assert len(vector) == observation_size(plain, 6) + 6
    assert vector[-6:] == [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]  # seat 4, three places on from seat 1


@pytest.mark.parametrize("seed", range(3))
def test_the_terminal_match_ends_at_a_teams_target_and_a_team_wins_it(seed: int) -> None:
    from sevens.play.table_session import PlaySession
    from tests.conftest import finish_deal

    session = PlaySession(compiled(PAIRS), 4, 0, ["heuristic"], seed, deals=50)
    for _ in range(50):
        finish_deal(session)
        session.finish_deal()
        points = session.match.points
        totals = [points[0] + points[2], points[1] + points[3]]
        if session.match_over:
            break
        assert max(totals) < 30  # no team has reached the target: the match goes on
        session.next_deal()
    assert max(totals) >= 30
    best = [t for t in (0, 1) if totals[t] == max(totals)]
    assert session.match_winners() == sorted(s for t in best for s in (t, t + 2))
