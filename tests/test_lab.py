"""The balance lab: its intervals are right, its measures mean what they say."""

from __future__ import annotations

import json
import math
import random
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.cli import main
from sevens.lab import runner
from sevens.lab.facts import rule_facts
from sevens.lab.measures import Experiment, leader_of
from sevens.lab.runner import Job, run, ship
from sevens.lab.stats import Moments, equal_shares_test, mean_interval, quantiles, wilson
from sevens.loading.registry import load_rules
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import STRATEGIES

COPY_OF_PARLIAMENT = """\
id: parliament-copy
extends: parliament
name: Parliament, a copy with another id
"""


def lab(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


# --- intervals against known cases -------------------------------------------------------


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # the textbook zero-successes case
        (5, 10, 0.2366, 0.7634),
        (81, 263, 0.2553, 0.3662),  # Newcombe (1998), example of the score interval
        (15, 148, 0.0624, 0.1605),
    ],
)
def test_wilson_interval_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    interval = wilson(k, n, 0.95)
    assert interval.low == pytest.approx(low, abs=1e-4)
    assert interval.high == pytest.approx(high, abs=1e-4)


def test_wilson_interval_covers_a_fair_coin_95_percent_of_the_time() -> None:
    """Coverage measured over 1000 seeds of 60 tosses each, not asserted from one run."""
    covered = 0
    for seed in range(1000):
        rng = random.Random(seed)
        heads = sum(rng.random() < 0.5 for _ in range(60))
        covered += not wilson(heads, 60, 0.95).excludes(0.5)
    assert 0.925 <= covered / 1000 <= 0.975


def test_mean_interval_covers_the_mean_of_a_die() -> None:
    covered = 0
    for seed in range(1000):
        rng = random.Random(seed)
        rolls = Moments()
        for _ in range(40):
            rolls.add(rng.randint(1, 6))
        covered += not mean_interval(rolls, 0.95).excludes(3.5)
    assert 0.93 <= covered / 1000 <= 0.97


def test_mean_interval_scale_and_degenerate_cases() -> None:
    constant = Moments()
    for _ in range(5):
        constant.add(6)
    assert mean_interval(constant, 0.95, scale=3).as_dict() == {"value": 2, "low": 2, "high": 2}
    m = Moments(n=4, total=8, squares=20)  # 1, 1, 3, 3: mean 2, sd 1.1547
    interval = mean_interval(m, 0.95)
    assert interval.value == 2.0
    assert interval.high - 2.0 == pytest.approx(3.182446 * 1.154701 / 2, rel=1e-5)


@settings(max_examples=300, deadline=None)
@given(
    trials=st.integers(1, 10**7),
    share=st.floats(0, 1),
    spread=st.integers(0, 10**6),
    confidence=st.sampled_from([0.5, 0.8, 0.9, 0.95, 0.99, 0.999]),
)
def test_the_intervals_are_scipy_stats_to_the_bit(
    trials: int, share: float, spread: int, confidence: float
) -> None:
    """The lab computes scipy.stats' intervals and test on scipy.special (a faster import):
    the same floats, so no figure changed with it."""
    from scipy import stats

    successes = round(trials * share)
    ci = stats.binomtest(successes, trials).proportion_ci(confidence, method="wilson")
    assert wilson(successes, trials, confidence).as_dict() == {
        "value": successes / trials,
        "low": float(ci.low),
        "high": float(ci.high),
    }
    observations = Moments(trials, successes * 7 - spread, successes * 49 + spread * spread)
    interval = mean_interval(observations, confidence, scale=3)
    spread_of = observations.n * observations.squares - observations.total**2
    if trials > 1 and spread_of > 0:
        sem = math.sqrt(spread_of / (trials * trials * (trials - 1))) / 3
        low, high = stats.t.interval(confidence, trials - 1, loc=interval.value, scale=sem)
        assert (interval.low, interval.high) == (float(low), float(high))
    counts = [successes, trials - successes, spread, successes // 3]
    expected = stats.chisquare(counts).pvalue if sum(counts) else math.nan
    assert equal_shares_test(counts) == pytest.approx(float(expected), rel=0, abs=0, nan_ok=True)


def test_quantiles_and_equal_shares() -> None:
    assert quantiles({1: 1, 2: 2, 10: 1}, (0.25, 0.5, 1.0)) == [1, 2, 10]
    assert equal_shares_test([100, 100, 100]) == 1.0
    assert equal_shares_test([10, 100, 100]) < 1e-6


# --- the game's own symmetry -------------------------------------------------------------


def test_seat_intervals_cover_the_equal_share_of_a_symmetric_game() -> None:
    """Parliament with four random bots and a random dealer: every seat wins exactly 1/4.

    (No Parliament deal can block.)  Over 100 seeds of 120 games, the 95 %
    intervals of the four seats must cover 1/4 about 95 % of the time, and the
    test of equal seats must reject about 5 % of the time.
    """
    source = ship("parliament")
    covered = rejected = 0
    for rep in range(100):
        experiment = Experiment("main", 120, seats=("random",) * 4)
        job = Job((source,), 4, 1_000_000 * rep, 0.1, (experiment,))
        tally = run(job).tallies["main"][0]
        assert tally.get("blocked").total == 0
        wins = [tally.get(f"win {seat}").total for seat in range(4)]
        covered += sum(not wilson(w, 120, 0.95).excludes(0.25) for w in wins)
        rejected += equal_shares_test(wins) < 0.05
    assert 0.90 <= covered / 400 <= 0.99
    assert rejected <= 12


@pytest.mark.parametrize(
    "variant", ["parliament", "dealer-seven", "lowest-diamond", "turn-the-corner", "sevens"]
)
def test_leader_found_without_recording_is_the_first_to_decide(variant: str) -> None:
    """The lab's cheap leader (a replay of the set-up) agrees with the game record."""
    rules = load_rules(variant)
    facts = rule_facts(rules)
    bots = [STRATEGIES["random"](rules) for _ in range(4)]
    for seed in range(60):
        rng = GameRandom(seed)
        table = Table(4, bots, dealer=rng.below(4), record=True)
        leader = leader_of(rules, facts, table, rng)
        record = play_deal(rules, table, rng).record
        assert record is not None
        assert leader == record["decisions"][0]["seat"], (variant, seed)


def test_a_deal_with_covers_goes_to_the_best_score_not_to_the_first_empty_hand() -> None:
    """Pai Qi: every turn plays or covers a card, so the leader's hand always empties first;
    the deal's winner must be whoever the face-down cards score best."""
    rules = load_rules("pai-qi")
    bots = [STRATEGIES["random"](rules) for _ in range(4)]
    for seed in range(100):
        rng = GameRandom(seed)
        deal = play_deal(rules, Table(4, bots, dealer=rng.below(4)), rng)
        assert deal.winner is not None
        assert deal.points[deal.winner] == max(deal.points), seed


def test_analyse_finds_no_leader_advantage_in_pai_qi() -> None:
    code, output = lab("analyse", "pai-qi", "--games", "200", "--json")
    assert code == 0, output
    leader = next(f for f in json.loads(output)["findings"] if f.startswith("The leader wins"))
    share = float(leader.split()[3].rstrip("%"))  # "The leader wins 31.5% [...] of deals"
    assert share < 50, leader


# --- the commands ------------------------------------------------------------------------


def test_analyse_reports_every_measure_as_json() -> None:
    code, output = lab("analyse", "caught-holding", "--games", "800", "--json", "--jobs", "1")
    assert code == 0, output
    result = json.loads(output)
    assert set(result["experiments"]) == {"main", "skill", "penalty", "session"}
    main_ = result["experiments"]["main"]
    assert len(main_["wins"]["rates"]) == 4
    assert 0 <= main_["wins"]["equal_p"] <= 1
    assert main_["decisions"]["quantiles"]["0.05"] <= main_["decisions"]["quantiles"]["0.95"]
    assert sum(main_["decisions"]["histogram"].values()) == 800
    # a deliberate pass is fined three chips: withholding must cost the withholder chips
    penalty = result["experiments"]["penalty"]
    assert penalty["focus"] == "withhold"
    assert penalty["chips_edge"]["high"] < 0
    # the heuristic beats random bots by a wide margin
    assert result["experiments"]["skill"]["edge"]["low"] > 0.05
    assert any("Skill" in line and "skill matters" in line for line in result["findings"])


def test_seats_mix_shows_the_better_seat() -> None:
    code, output = lab(
        "analyse",
        "parliament",
        "--games",
        "1000",
        "--seats",
        "heuristic,random,random,random",
        "--json",
        "--jobs",
        "1",
    )
    assert code == 0, output
    result = json.loads(output)
    rates = result["experiments"]["main"]["wins"]["rates"]
    assert rates[0]["low"] > max(r["high"] for r in rates[1:])
    assert result["experiments"]["main"]["wins"]["equal_p"] < 1e-6
    assert result["seats"] == ["heuristic", "random", "random", "random"]


def test_compare_a_rule_set_with_itself_finds_no_difference(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Common random numbers: identical rules on identical deals differ by exactly zero."""
    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    copy = tmp_path / "copy.yaml"
    copy.write_text(COPY_OF_PARLIAMENT, encoding="utf-8")
    code, output = lab(
        "compare", "parliament", str(copy), "--games", "600", "--json", "--jobs", "2"
    )
    assert code == 0, output
    result = json.loads(output)
    assert result["same_shuffles"] is True
    rows = [row for e in result["experiments"].values() for row in e["differences"]]
    assert rows and all(row["difference"] == {"value": 0, "low": 0, "high": 0} for row in rows)
    assert not any(row["real"] for row in rows)


def test_compare_finds_that_voluntary_passing_lengthens_deals_of_random_bots() -> None:
    code, output = lab(
        "compare",
        "parliament",
        "voluntary-pass",
        "--games",
        "400",
        "--jobs",
        "1",
        "--json",
        "--strategy",
        "random",
    )
    assert code == 0, output
    result = json.loads(output)
    assert any(line.startswith("[main] decisions per deal") for line in result["findings"])
    rows = {r["key"]: r for r in result["experiments"]["main"]["differences"]}
    assert rows["decisions"]["real"] and rows["decisions"]["difference"]["high"] < -20
    assert rows["win 0"]["difference"]["low"] < 0 < rows["win 0"]["difference"]["high"]


def test_compare_rule_sets_with_different_decks_says_the_shuffles_differ() -> None:
    code, output = lab(
        "compare", "parliament", "cinquillo", "--games", "200", "--json", "--jobs", "1"
    )
    assert code == 0, output
    result = json.loads(output)
    assert result["same_shuffles"] is False
    assert "shuffles differ" in result["pairing"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seats", "heuristic,random"], "--seats names 2 strategies for 4 players"),
        (["--seats", "heuristic,rnd,random,random"], "unknown strategy 'rnd'"),
        (["--strategy", "random", "--seats", "random,random,random,random"], "not both"),
        (["--players", "9"], "is played by 3 to 8 players, not 9"),
    ],
)
def test_bad_options_give_one_line_and_status_2(args: list[str], message: str) -> None:
    code, output = lab("analyse", "parliament", "--games", "10", *args)
    assert code == 2
    assert message in output
    assert "Traceback" not in output


def test_report_in_a_missing_folder_is_refused_before_playing(tmp_path: Path) -> None:
    report = tmp_path / "missing" / "r.html"
    code, output = lab("analyse", "parliament", "--games", "10", "--report", str(report))
    assert code == 2
    assert "cannot write the report" in output
    assert not report.parent.exists()


def test_unknown_variant_is_a_clear_error() -> None:
    code, output = lab("compare", "parliament", "parlament", "--games", "10")
    assert code == 2
    assert "unknown variant 'parlament'" in output


@pytest.mark.parametrize(
    "command", [["analyse", "parliament"], ["compare", "parliament", "fan-tan"]]
)
def test_a_negative_seed_is_refused_before_playing(command: list[str]) -> None:
    """Seeds -5 … 4 would play the deals of seeds 5 … 1 twice."""
    code, output = lab(*command, "--seed", "-5", "--games", "10")
    assert code == 2
    assert "-5 is not in the range x>=0" in output


def test_a_lab_job_refuses_a_negative_seed() -> None:
    experiment = Experiment("main", 10, seats=("random",) * 4)
    with pytest.raises(ValueError, match="seed must be a whole number from 0"):
        Job((ship("parliament"),), 4, -5, 0.1, (experiment,))


@pytest.mark.parametrize(
    ("games", "size"),
    [(10, 1000), (199_999, 1000), (200_000, 2000), (1_000_000, 10_000), (5_000_000, 10_000)],
)
def test_chunks_grow_with_the_games_only_and_cover_them_once(games: int, size: int) -> None:
    """A large run is cut into larger chunks (at most 10,000 games), by the largest
    experiment's games alone; every game of every experiment is in exactly one chunk."""
    experiments = (
        Experiment("main", games, seats=("random",) * 4),
        Experiment("session", games // 4 + 1, seats=("random",) * 4, session=True),
    )
    job = Job((ship("parliament"),), 4, 0, 0.1, experiments)
    assert runner.chunk_games(job) == size
    cut = runner.chunks(job)
    assert [chunk.index for chunk in cut] == list(range(len(cut)))
    for number, experiment in enumerate(experiments):
        mine = [chunk for chunk in cut if chunk.experiment == number]
        assert [c.start for c in mine] == list(range(0, experiment.games, size))
        assert [c.stop for c in mine] == [*(c.start for c in mine[1:]), experiment.games]


@pytest.mark.parametrize(
    "address",
    ["nonsense", "", "inproc://x", "http://127.0.0.1:8786", "tls://h:1", "h:0", "h:99999"],
)
def test_a_scheduler_address_of_another_form_is_refused_before_playing(address: str) -> None:
    code, output = lab("analyse", "parliament", "--games", "10", "--scheduler", address)
    assert code == 2
    assert "give the scheduler as tcp://HOST:PORT or HOST:PORT" in output
    assert "Traceback" not in output


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A port that accepts connections and never says anything (as a web server waits)."""
    server = socket.create_server(("127.0.0.1", 0))
    yield server.getsockname()[1]
    server.close()


@pytest.fixture
def garbage_server() -> Iterator[int]:
    """A port that answers every connection with bytes no dask scheduler would send."""
    server = socket.create_server(("127.0.0.1", 0))

    def answer() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:  # closed: the test is over
                return
            with connection:
                connection.sendall(b"\xff" * 4096)

    threading.Thread(target=answer, daemon=True).start()
    yield server.getsockname()[1]
    server.close()


def test_a_server_that_never_answers_is_no_scheduler_within_the_time_limit(
    silent_server: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(runner, "CONNECT_SECONDS", 1.0)
    code, output = lab(
        "analyse", "parliament", "--games", "10", "--scheduler", f"127.0.0.1:{silent_server}"
    )
    assert code == 2
    assert f"no dask scheduler at tcp://127.0.0.1:{silent_server}: no answer within 1 s" in output


def test_a_server_that_answers_garbage_is_no_scheduler(garbage_server: int) -> None:
    code, output = lab(
        "analyse", "parliament", "--games", "10", "--scheduler", f"127.0.0.1:{garbage_server}"
    )
    assert code == 2
    assert f"no dask scheduler at tcp://127.0.0.1:{garbage_server}" in output
    assert "dimension" not in output


def test_a_scheduler_port_where_nothing_listens_cannot_be_reached() -> None:
    code, output = lab(
        "compare", "parliament", "fan-tan", "--games", "10", "--scheduler", "tcp://127.0.0.1:1"
    )
    assert code == 2
    assert "cannot reach the scheduler at tcp://127.0.0.1:1" in output


def test_one_game_gives_no_interval_and_no_chi_square_test() -> None:
    """From one game (one match) there is no interval and no test: the figures say so instead
    of printing [-inf, inf], and the JSON holds null bounds with the reason (no Infinity)."""
    code, output = lab("analyse", "parliament", "--games", "1", "--quiet")
    assert code == 0, output
    assert "inf" not in output
    assert "[the interval needs at least 2 games]" in output
    assert "A match lasts 4.00 deals [the interval needs at least 2 matches]" in output
    assert "Match wins by seat: the chi-square test needs at least 20 matches won" in output
    assert "chi-square p =" not in output
    code, output = lab("analyse", "parliament", "--games", "1", "--json", "--quiet")
    assert code == 0, output
    assert "Infinity" not in output and "NaN" not in output
    session = json.loads(output)["experiments"]["session"]
    assert session["deals"]["mean"] == {
        "value": 4.0,
        "low": None,
        "high": None,
        "note": "the interval needs at least 2 matches",
    }
    assert session["wins"]["equal_p"] is None
    assert "needs at least 20 matches won" in session["wins"]["equal_p_note"]


def test_compare_over_one_game_says_the_differences_need_more_games() -> None:
    code, output = lab("compare", "parliament", "fan-tan", "--games", "1", "--quiet")
    assert code == 0, output
    assert "inf" not in output
    assert "[the interval needs at least 2 games]" in output


@pytest.mark.parametrize("jobs", ["0", "257", "99999999999999999999"])
def test_jobs_outside_1_to_256_are_refused_before_any_pool(jobs: str) -> None:
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(
        main, ["compare", "parliament", "fan-tan", "-g", "4", "-q", "--jobs", jobs]
    )
    assert result.exit_code == 2, result.output
    assert "is not in the range 1<=x<=256" in result.output


@pytest.mark.parametrize("option", ["--confidence", "--forget"])
def test_nan_is_refused_by_the_lab_options(option: str) -> None:
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(main, ["analyse", "parliament", "-g", "4", "-q", option, "nan"])
    assert result.exit_code == 2, result.output
    assert "not nan" in result.output


# --- sensible defaults -------------------------------------------------------------------


def test_the_default_players_never_pass_when_they_could_play() -> None:
    """Voluntary passing changes nothing for players who never throw a turn away: the lab's
    default table plays the same games under both rules, and says who played."""
    code, output = lab(
        "compare", "parliament", "voluntary-pass", "--games", "300", "--jobs", "1", "--json"
    )
    assert code == 0, output
    result = json.loads(output)
    assert result["seats"] == ["random-play"] * 4
    rows = result["experiments"]["main"]["differences"]
    assert rows and all(row["difference"]["value"] == 0 for row in rows)


def test_compare_shows_the_withholding_experiment_of_the_rule_set_that_has_it() -> None:
    code, output = lab(
        "compare", "parliament", "voluntary-pass", "--games", "200", "--jobs", "1", "--json"
    )
    assert code == 0, output
    result = json.loads(output)
    penalty = result["experiments"]["penalty"]
    assert penalty["a"] is None and penalty["b"]["games"] == 200
    assert penalty["b"]["focus"] == "withhold"
    assert any(line.startswith("[penalty, B only] Penalty:") for line in result["findings"])
    assert result["played"] == result["planned"]
    code, text = lab("compare", "parliament", "voluntary-pass", "--games", "200", "--jobs", "1")
    assert code == 0 and "[penalty, B only]" in text


def test_the_lab_plays_the_rule_sets_recommended_number_of_players() -> None:
    code, output = lab("analyse", "double-deck", "--games", "40", "--jobs", "1", "--json")
    assert code == 0, output
    assert json.loads(output)["players"] == 7  # double-deck: 7 to 12 players, no players.best
    code, output = lab("compare", "cinquillo", "parliament", "--games", "40", "-j", "1", "--json")
    assert code == 0, output
    assert json.loads(output)["players"] == 4  # the first rule set's (cinquillo: best 4)


def test_a_penalty_experiment_says_who_gains_by_place_after_the_offender() -> None:
    """Kingmaking made visible: each seat after the withholding one, its wins and its edge."""
    code, output = lab("analyse", "refusal-penalty", "--games", "1200", "--jobs", "1", "--json")
    assert code == 0, output
    result = json.loads(output)
    after = result["experiments"]["penalty"]["after_focus"]
    assert [row["after"] for row in after] == [1, 2, 3]
    focus = result["experiments"]["penalty"]["win"]["value"]
    total = focus + sum(row["win"]["value"] for row in after)
    assert total == pytest.approx(1.0, abs=0.02)  # the four seats share the deals won
    assert all(row["edge"]["low"] <= row["edge"]["value"] <= row["edge"]["high"] for row in after)
    assert any("Who gains:" in line for line in result["findings"])


def test_matches_played_to_a_target_make_about_as_many_deals_as_asked() -> None:
    """Cinquillo's 50 deals only cap a match that ends at 30 points: dividing --games by the
    cap played 8 matches for 400 deals; the lab now plays about 400 deals of matches."""
    code, output = lab("analyse", "cinquillo", "--games", "400", "--jobs", "1", "--json")
    assert code == 0, output
    session = json.loads(output)["experiments"]["session"]
    deals = session["games"] * session["deals"]["mean"]["value"]
    assert session["games"] >= 20
    assert 250 <= deals <= 600


def test_the_header_says_the_games_asked_per_experiment_and_the_deals_played_in_all() -> None:
    """``--games 40`` printed "85 games": the sum over the table, the skill test and the
    matches.  The header names both figures, each for what it counts."""
    code, output = lab("analyse", "cinquillo-parejas", "--games", "40", "--jobs", "1", "-q")
    assert code == 0, output
    head = output.splitlines()[1]
    code, as_json = lab("analyse", "cinquillo-parejas", "--games", "40", "--jobs", "1", "--json")
    played = json.loads(as_json)["played"]
    assert played > 40
    assert f"40 games per experiment, {played} deals played in all" in head, head


def test_the_teams_finding_separates_the_teams_in_the_reports_language() -> None:
    """The teams' win rates were joined by "; " in every language."""
    from sevens.lab.figures import deal_findings
    from sevens.lab.i18n import translator

    code, as_json = lab("analyse", "cinquillo-parejas", "--games", "200", "--jobs", "1", "--json")
    assert code == 0, as_json
    main_table = json.loads(as_json)["experiments"]["main"]
    japanese = [
        line for line in deal_findings(main_table, 0.05, _=translator("ja")) if "チーム 1" in line
    ]
    assert len(japanese) == 1 and "、チーム 1" in japanese[0], japanese
