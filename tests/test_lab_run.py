"""The balance lab's runs: same answer on any number of processes or a cluster; reports render;
Ctrl-C keeps what was played."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.lab import runner

ARGS = ["parliament", "--games", "2100", "--seed", "7", "--json", "--quiet"]


def lab(*args: str) -> str:
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture(scope="module")
def one_process() -> str:
    return lab("analyse", *ARGS, "--jobs", "1")


def test_two_processes_give_byte_identical_json(one_process: str) -> None:
    assert lab("analyse", *ARGS, "--jobs", "2") == one_process


def test_chunk_order_does_not_change_the_json(
    one_process: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def backwards(
        job: runner.Job, todo: list[runner.Chunk], jobs: int, scheduler: str | None
    ) -> Iterator[runner.ChunkResult]:
        return (runner.play_chunk(job, chunk) for chunk in reversed(todo))

    monkeypatch.setattr(runner, "_execute", backwards)
    assert lab("analyse", *ARGS, "--jobs", "1") == one_process


def test_a_dask_local_cluster_gives_byte_identical_json(one_process: str) -> None:
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster:
        assert lab("analyse", *ARGS, "--scheduler", cluster.scheduler_address) == one_process


def test_compare_is_identical_on_one_or_two_processes() -> None:
    args = ["compare", "parliament", "clubs-seven", "--games", "1100", "--json", "--quiet"]
    assert lab(*args, "--jobs", "1") == lab(*args, "--jobs", "2")


# --- the HTML report in a real browser -----------------------------------------------------


def _chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    if os.environ.get("CI"):  # CI installs it (.ci/run): never skip there
        pytest.fail(
            "headless Chromium is needed to check the HTML report: apt-get install chromium"
        )
    pytest.skip("headless Chromium is not installed (apt-get install chromium)")


def _rendered(page: Path) -> str:
    browser = _chromium()
    result = subprocess.run(
        [
            browser,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--virtual-time-budget=5000",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


@pytest.mark.parametrize(
    ("args", "title"),
    [
        (["analyse", "fan-tan"], "Balance report: fan-tan"),
        (
            ["compare", "parliament", "voluntary-pass"],
            "Balance comparison: parliament vs voluntary-pass",
        ),
    ],
)
def test_report_renders_in_headless_chromium(args: list[str], title: str, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    lab(*args, "--games", "150", "--jobs", "1", "--quiet", "--report", str(page))
    html = page.read_text(encoding="utf-8")
    assert "<img" not in html and "http" not in html.split("<svg", 1)[0]  # self-contained
    dom = _rendered(page)
    assert f"<title>{title}</title>" in dom
    figures = dom.count("<figure>")
    assert figures >= 5
    body = re.search(r"<body ([^>]*)>", dom)
    assert body is not None, "the page's check script did not run"
    assert f'data-plots-drawn="{figures}"' in body.group(1)
    assert 'data-broken-images="0"' in body.group(1)


# --- Ctrl-C ----------------------------------------------------------------------------------


def _ctrl_c_as_in_a_terminal() -> None:
    """In the child: Ctrl-C at its default, as for a command typed at a terminal.

    A shell without job control (CI's, often) starts background commands with
    SIGINT ignored, the child inherits that, and Python then never raises
    KeyboardInterrupt: the signal this test sends would be lost.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for_games(folder: Path, process: subprocess.Popen[str]) -> None:
    """Until the record being written (beside its destination) holds a first chunk of games."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if any(p.stat().st_size > 0 for p in folder.glob(".games.jsonl.*")):
            return
        time.sleep(0.2)
    process.kill()
    pytest.fail("no game was recorded within two minutes")


def test_interrupt_reports_partial_results_and_keeps_the_record_valid(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    command = [
        sys.executable,
        "-m",
        "sevens",
        "analyse",
        "parliament",
        "--games",
        "100000",  # chunks of a thousand games (runner.chunk_games), minutes of play in all
        "--jobs",
        "2",
        "--json",
        "--quiet",
        "--record",
        str(record),
    ]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_ctrl_c_as_in_a_terminal,
    )
    _wait_for_games(tmp_path, process)  # the machine may be busy: wait for played games, not a time
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=120)  # a hang bound
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise
    assert process.returncode == 130, err
    assert "interrupted: partial results" in err
    assert "Traceback" not in err
    result = json.loads(out)
    assert result["partial"] is True
    assert 0 < result["played"] < result["planned"]
    lines = record.read_text(encoding="utf-8").splitlines()
    games = [json.loads(line) for line in lines]  # every line is whole
    assert len(games) % runner.CHUNK == 0
    assert [g["seed"] for g in games] == list(range(len(games)))
    assert len(games) <= result["experiments"]["main"]["games"]


def test_ctrl_c_while_the_pool_runs_is_a_request_seen_between_chunks() -> None:
    # A KeyboardInterrupt inside concurrent.futures.wait can leave a future's lock
    # held, and the pool's shutdown then hangs: the pool loop turns Ctrl-C into a flag.
    # Python's own handler first, as at a terminal (CI may start pytest with SIGINT ignored).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with runner._ctrl_c_as_request() as stop:
            signal.raise_signal(signal.SIGINT)
            assert stop.is_set()
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        with pytest.raises(KeyboardInterrupt):
            signal.raise_signal(signal.SIGINT)
    finally:
        signal.signal(signal.SIGINT, previous)


def test_an_ignored_ctrl_c_stays_ignored() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with runner._ctrl_c_as_request() as stop:
            signal.raise_signal(signal.SIGINT)
            assert not stop.is_set()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)
