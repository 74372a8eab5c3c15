"""How fast the workbench answers (``sevens serve``): figures, not a timed test.

Through Starlette's TestClient (in process: the routes, the guard and the JSON, not the
network), for a built-in-sized rulespec typed in the editor:

* ``/api/live`` (check, rule sheet, differences), the answer the page asks for after each
  pause in typing: the issue's budget is 300 ms;
* ``/api/fairness`` (the lab's compare against the parent on the panel's paired deals):
  the budget is 3 s; timed on numba's kernels once the server has them ready (it waits for
  them first, so a cold compile is not timed) and on the Python engine.

The texts: a whole built-in (Parliament's file under an id of its own, no ``extends``)
and a house rule of Parliament (its file with ``extends``).  Wall-clock times move with
the machine's load: run it on a quiet machine for the docs.

Run:  python benchmarks/bench_serve.py [--repeat N] [--games G]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from starlette.testclient import TestClient

from sevens.serve.app import Settings, build_app
from sevens.serve.security import Policy

ROOT = Path(__file__).resolve().parent.parent
HOST = "bench"
PAGE = {"origin": f"http://{HOST}", "x-sevens-token": "bench"}
HOUSE_RULE = """\
id: pub-parliament
extends: parliament
name: Pub Parliament
passing:
  voluntary: true
  voluntary_cost: 2
"""


def texts() -> dict[str, str]:
    """The rulespecs timed, by what they are."""
    parliament = (ROOT / "rulespecs" / "parliament.yaml").read_text(encoding="utf-8")
    return {
        f"a whole built-in ({len(parliament):,} characters)": parliament.replace(
            "id: parliament", "id: my-parliament", 1
        ),
        "a house rule of Parliament": HOUSE_RULE,
    }


def timed(client: TestClient, path: str, body: dict[str, str], repeat: int) -> list[float]:
    """Seconds per answer (each checked to be a success)."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        response = client.post(path, json=body, headers=PAGE)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, response.text
    return times


def show(label: str, times: list[float]) -> None:
    ms = [t * 1000 for t in times]
    print(
        f"  {label}: median {statistics.median(ms):.0f} ms, min {min(ms):.0f} ms, "
        f"max {max(ms):.0f} ms over {len(ms)} answers"
    )


def wait_for_kernels(client: TestClient) -> str:
    """Wait until the server's native kernels are ready (or known not to be); say which."""
    kernels = client.app.app.state.routes.kernels  # type: ignore[attr-defined]
    while kernels.state.value == "warming":
        time.sleep(0.5)
    return kernels.state.value


def fairness(games: int, repeat: int, native: bool) -> None:
    """Time the panel on a server playing it natively (kernels ready) or in Python."""
    settings = Settings(Policy("bench", frozenset({HOST})), fairness_games=games, native=native)
    body = {"text": HOUSE_RULE, "lang": "en"}
    with TestClient(build_app(settings), base_url=f"http://{HOST}") as client:
        state = wait_for_kernels(client) if native else "off"
        first = client.post("/api/fairness", json=body, headers=PAGE).json()
        label = f"fairness panel, {games} paired deals, backend {first['backend']}"
        if native and first["backend"] != "numba":
            label += f" (kernels {state}: {'; '.join(first['notes'])})"
        show(label, timed(client, "/api/fairness", body, repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=20, help="answers timed per figure")
    parser.add_argument("--games", type=int, default=2000, help="paired deals per panel")
    options = parser.parse_args()
    settings = Settings(Policy("bench", frozenset({HOST})), native=False)
    with TestClient(build_app(settings), base_url=f"http://{HOST}") as client:
        for name, text in texts().items():
            print(name)
            for lang in ("en", "ja"):
                body = {"text": text, "lang": lang}
                timed(client, "/api/live", body, 1)  # first use: catalogs, parent, caches
                show(f"live (check + sheet + diff), {lang}", timed(client, "/api/live", body, options.repeat))  # fmt: skip
    repeat = max(1, options.repeat // 5)
    for native in (True, False):
        fairness(options.games, repeat, native)


if __name__ == "__main__":
    main()
