"""The learning examples learn: trained briefly, each beats random bots at Parliament.

Each example is loaded from examples/ and trained with a smaller budget than its command line's
default; then it plays evaluation deals against three random seats.  A random seat wins a
quarter of the deals; the test passes when the lower end of the 95 % Wilson interval of the
trained seat's win share lies above 25 % (marked slow: a minute or two each; CI runs it).
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("torch")
pytest.importorskip("pyspiel")
pytest.importorskip("sb3_contrib")

from sevens.lab.stats import wilson

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RANDOM_SEAT_SHARE = 0.25


def _example(name: str) -> ModuleType:
    """The module of ``examples/<name>.py`` (examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_openspiel_dqn_beats_random_seats_at_parliament() -> None:
    np = pytest.importorskip("numpy")
    example = _example("openspiel_dqn")
    random.seed(0)
    np.random.seed(0)  # OpenSpiel's random agents draw from numpy's generator
    agent = example.train(train_deals=2000, seed=0)
    outcome = example.evaluate(agent, deals=1000, seed=1)
    estimate = wilson(outcome.wins, outcome.deals, 0.95)
    assert estimate.low > RANDOM_SEAT_SHARE, estimate


@pytest.mark.slow
def test_pettingzoo_maskable_ppo_beats_random_seats_at_parliament() -> None:
    example = _example("pettingzoo_ppo")
    model = example.train(steps=30_000, seed=0)
    wins, deals = example.evaluate(model, deals=1000, seed=10**6)
    estimate = wilson(wins, deals, 0.95)
    assert estimate.low > RANDOM_SEAT_SHARE, estimate
