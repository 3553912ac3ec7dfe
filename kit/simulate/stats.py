"""The statistics of a batch of simulated games: rates with their 95 % Wilson intervals,
quantiles and histograms. Plain Python: the figures must come out the same on every machine,
so nothing here depends on a numeric library's version or on the order floats are summed in
parallel (the runner hands the records over in game order)."""
from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Sequence

Z95 = 1.959963984540054   # the normal quantile of a two-sided 95 % interval
QUANTILES = (("min", 0.0), ("p10", 0.1), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p90", 0.9),
             ("max", 1.0))
MAX_BINS = 24              # a histogram wider than this groups values into bins


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: unlike p ± z·√(p(1-p)/n) it stays inside
    0..1 and is honest for rare events (a seat that wins 3 games in 10,000)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(successes: int, trials: int) -> dict:
    """A proportion as the reports print it: count, rate and its 95 % interval."""
    low, high = wilson(successes, trials)
    return {"count": successes, "of": trials, "rate": _round(successes / trials if trials else 0.0),
            "low": _round(low), "high": _round(high)}


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolated between the two nearest ranks
    (the same definition as numpy's default and R's type 7)."""
    if not ordered:
        return 0.0
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def histogram(values: Iterable[float]) -> list[list]:
    """[[value or [low, high], count], ...] in increasing order. Whole numbers over a narrow
    range keep one bar per value; a wider range is grouped into at most MAX_BINS equal bins."""
    counts = Counter(values)
    if not counts:
        return []
    low, high = min(counts), max(counts)
    whole = all(float(v).is_integer() for v in counts)
    if whole and high - low + 1 <= MAX_BINS:
        return [[_number(v), counts.get(v, 0)] for v in range(int(low), int(high) + 1)]
    width = (high - low) / MAX_BINS or 1
    if whole:
        width = math.ceil(width)
    bins = [0] * MAX_BINS
    for value, count in counts.items():
        bins[min(int((value - low) // width), MAX_BINS - 1)] += count
    edges = [low + i * width for i in range(MAX_BINS + 1)]
    out = [[[_number(edges[i]), _number(edges[i + 1] - (1 if whole else 0))], n] for i, n in enumerate(bins)]
    while out and out[-1][1] == 0:
        out.pop()
    return out


def distribution(values: Sequence[float]) -> dict:
    """Mean, quantiles and histogram of a measure over the games (or over the players)."""
    ordered = sorted(values)
    mean = sum(ordered) / len(ordered) if ordered else 0.0
    return {"n": len(ordered), "mean": _round(mean),
            **{name: _number(_round(quantile(ordered, q))) for name, q in QUANTILES},
            "histogram": histogram(ordered)}


def _round(value: float) -> float:
    return round(value, 4)


def _number(value: float) -> float | int:
    """A whole value as an int in the JSON (3, not 3.0)."""
    return int(value) if float(value).is_integer() else value
