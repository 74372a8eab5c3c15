"""Check the rule-sheet claims of many generated house rules: the long run of issue 21.

    python scripts/check_overlays.py --count 50000 [--first-chunk 0] [--jobs 1] [--failures F]

The overlays are those of ``tests/rulesheet/test_claims_overlays.py`` (``tests/overlays.py``:
any drawn key of the schema on any built-in parent, with the keys a drawn key needs),
drawn in chunks of :data:`CHUNK`, each from its own seed (the chunk's number), so a run
can be resumed or split with ``--first-chunk``.  Each overlay is loaded, compiled, and
every claim of its sheet checked against the engine, as the test does.  One line per
chunk (overlays checked, refused by validation, not playable, failing) and a total;
each failing overlay is written as a JSON line (parent, overlay, failures) to
``--failures``.  Exits 1 if any claim failed.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' generator

from hypothesis import HealthCheck, Phase, given, seed, settings

from tests.overlays import check_overlay, overlays

#: Overlays drawn per chunk (per seed).
CHUNK = 500
#: Deals and matches per overlay, as the test plays them.
DEALS, MATCHES = 6, 1


def run_chunk(chunk: tuple[int, int]) -> tuple[int, Counter[str], list[dict[str, Any]]]:
    """Draw and check the ``size`` overlays of chunk ``number``: its tally and failures."""
    number, size = chunk
    tally: Counter[str] = Counter()
    failing: list[dict[str, Any]] = []
    folder = Path(tempfile.mkdtemp(prefix="sevens-overlays-"))

    @seed(number)
    @settings(
        max_examples=size,
        deadline=None,
        database=None,
        phases=[Phase.generate],  # every overlay counted once: no shrinking, no replay
        suppress_health_check=list(HealthCheck),
    )
    @given(overlays())
    def check(drawn: tuple[str, dict[str, Any]]) -> None:
        parent, overlay = drawn
        outcome, failures = check_overlay(parent, overlay, folder, DEALS, MATCHES)
        tally[outcome] += 1
        if failures:
            tally["failing"] += 1
            failing.append(
                {"parent": parent, "overlay": overlay, "failures": [str(f) for f in failures]}
            )

    check()
    return number, tally, failing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=50_000, help="overlays to draw")
    parser.add_argument("--first-chunk", type=int, default=0, help="seed of the first chunk")
    parser.add_argument("--jobs", type=int, default=1, help="processes (chunks in parallel)")
    parser.add_argument("--failures", type=Path, default=None, help="JSON lines of failures")
    args = parser.parse_args()
    first = args.first_chunk
    chunks = [
        (first + k, min(CHUNK, args.count - k * CHUNK)) for k in range(-(-args.count // CHUNK))
    ]
    total: Counter[str] = Counter()
    started = time.perf_counter()
    out = args.failures.open("w", encoding="utf-8") if args.failures else None
    with Pool(args.jobs) as pool:
        for number, tally, failing in pool.imap(run_chunk, chunks):
            total.update(tally)
            for line in failing:
                if out is not None:
                    out.write(json.dumps(line) + "\n")
                    out.flush()
                else:
                    print(json.dumps(line))
            drawn = sum(v for k, v in tally.items() if k != "failing")
            print(
                f"chunk {number}: {drawn} drawn, {tally['checked']} checked, "
                f"{tally['refused by validation']} refused, {tally['not playable']} not "
                f"playable, {tally['failing']} failing ({time.perf_counter() - started:.0f} s)",
                flush=True,
            )
    if out is not None:
        out.close()
    drawn = sum(v for k, v in total.items() if k != "failing")
    print(
        f"total: {drawn} drawn, {total['checked']} checked, {total['failing']} with a "
        f"failing claim, in {time.perf_counter() - started:.0f} s"
    )
    return 1 if total["failing"] else 0


if __name__ == "__main__":
    sys.exit(main())
