"""Benchmark: ``extends:`` merging is linear in the size of the documents.

A parent rulespec with a mapping of N keys (``deck.values``) and a child that
overrides every other key are loaded for N = 2,500 … 20,000; the script prints
the time to load and merge each, split into parsing (YAML composition) and
merging, and the merge time per key, which stays flat when merging is linear.
(Before issue 13 the merge was quadratic: 20,000 keys took 102 s.)
Run:  python benchmarks/bench_merge.py [--sizes 2500 5000 10000 20000]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from sevens.compiler.errors import SourceFile
from sevens.compiler.load import merge, parse_yaml


def write_pair(folder: Path, keys: int) -> tuple[Path, Path]:
    parent = folder / f"parent{keys}.yaml"
    parent.write_text(
        "id: big\nextends: parliament\ndeck:\n  values:\n"
        + "".join(f"    k{i}: {i}\n" for i in range(keys)),
        encoding="utf-8",
    )
    child = folder / f"child{keys}.yaml"
    child.write_text(
        f"id: bigger\nextends: ./{parent.name}\ndeck:\n  values:\n"
        + "".join(f"    k{i}: 0\n" for i in range(0, keys, 2)),
        encoding="utf-8",
    )
    return parent, child


def measure(keys: int, folder: Path) -> tuple[float, float]:
    """Seconds to parse both files, and seconds to merge them."""
    parent_path, child_path = write_pair(folder, keys)
    started = time.perf_counter()
    parent = parse_yaml(SourceFile.read(parent_path))
    child = parse_yaml(SourceFile.read(child_path))
    parsed = time.perf_counter()
    merge(parent, child)
    return parsed - started, time.perf_counter() - parsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2500, 5000, 10000, 20000])
    args = parser.parse_args()
    print(f"{'keys':>8} {'parse s':>9} {'merge s':>9} {'merge µs/key':>13}")
    with tempfile.TemporaryDirectory() as scratch:
        for keys in args.sizes:
            parse_s, merge_s = measure(keys, Path(scratch))
            print(f"{keys:>8} {parse_s:>9.3f} {merge_s:>9.4f} {merge_s / keys * 1e6:>13.2f}")


if __name__ == "__main__":
    main()
