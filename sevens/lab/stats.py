"""Estimates with their uncertainty, from exact integer tallies.

Every figure of the lab is computed from integer sums (counts, sums, sums of
squares, histograms), so merging chunks in any order gives the same inputs,
and the formulas below give the same floats.  The formulas are scipy.stats':
Wilson score intervals for proportions (``binomtest(...).proportion_ci``),
Student t intervals for means (``t.interval``; paired differences are means of
per-game differences), and Pearson's chi-square test for equal shares
(``chisquare``), written here on the special functions scipy.stats computes them
with, to the bit (tests/test_lab.py checks it): importing scipy.stats took a
tenth of a second-long analysis, scipy.special a third of that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Estimate:
    """A value with the bounds of its confidence interval."""

    value: float
    low: float
    high: float

    def excludes(self, reference: float) -> bool:
        """True when ``reference`` lies outside the interval (the effect is "real")."""
        return reference < self.low or reference > self.high

    def as_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


@dataclass
class Moments:
    """Count, sum and sum of squares of integer observations (exact, mergeable)."""

    n: int = 0
    total: int = 0
    squares: int = 0

    def add(self, x: int) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares


def wilson(successes: int, trials: int, confidence: float) -> Estimate:
    """The proportion ``successes / trials`` with its Wilson score interval (as
    ``scipy.stats.binomtest(successes, trials).proportion_ci(confidence, "wilson")``)."""
    if trials <= 0:
        return Estimate(math.nan, math.nan, math.nan)
    from scipy.special import ndtri  # imported when needed: most commands never do

    p = successes / trials
    z = ndtri(0.5 + 0.5 * confidence)
    denominator = 2 * (trials + z**2)
    center = (2 * trials * p + z**2) / denominator
    delta = z / denominator * math.sqrt(4 * trials * p * (1 - p) + z**2)
    low = 0.0 if successes == 0 else center - delta
    high = 1.0 if successes == trials else center + delta
    return Estimate(p, float(low), float(high))


def mean_interval(m: Moments, confidence: float, scale: int = 1) -> Estimate:
    """The mean of the observations divided by ``scale``, with its Student t interval (as
    ``scipy.stats.t.interval(confidence, n - 1, loc=mean, scale=sem)``).

    ``scale`` lets callers keep integer observations that are multiples of
    the quantity of interest (e.g. ``(n-1)`` times a difference of shares).
    """
    if m.n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = m.total / m.n / scale
    if m.n == 1:
        return Estimate(mean, -math.inf, math.inf)
    spread = m.n * m.squares - m.total * m.total  # n^2 (n-1)/n * variance, exact in integers
    sem = math.sqrt(spread / (m.n * m.n * (m.n - 1))) / scale
    if sem == 0.0:
        return Estimate(mean, mean, mean)
    from scipy.special import stdtrit

    degrees = float(m.n - 1)
    low = stdtrit(degrees, (1.0 - confidence) / 2) * sem + mean
    high = stdtrit(degrees, (1.0 + confidence) / 2) * sem + mean
    return Estimate(mean, float(low), float(high))


def equal_shares_test(counts: list[int]) -> float:
    """p-value of Pearson's chi-square test that every category is equally likely (as
    ``scipy.stats.chisquare(counts).pvalue``)."""
    if sum(counts) == 0 or len(counts) < 2:
        return math.nan
    import numpy as np
    from scipy.special import chdtrc

    observed = np.asarray(counts, dtype=np.float64)
    expected = np.mean(observed, keepdims=True)
    statistic = np.sum((observed - expected) ** 2 / expected)
    return float(chdtrc(float(len(counts) - 1), statistic))


def quantiles(histogram: dict[int, int], probabilities: tuple[float, ...]) -> list[int]:
    """Lower quantiles (the smallest value with at least that share at or below it)."""
    total = sum(histogram.values())
    values = sorted(histogram)
    result = []
    for p in probabilities:
        need, seen = p * total, 0
        for value in values:
            seen += histogram[value]
            if seen >= need:
                result.append(value)
                break
    return result


def histogram_mean(histogram: dict[int, int]) -> Moments:
    """The moments of the values a histogram counts."""
    m = Moments()
    for value, count in histogram.items():
        m.n += count
        m.total += value * count
        m.squares += value * value * count
    return m
