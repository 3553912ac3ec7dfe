"""The statistics of a batch of simulated games: rates with their 95 % Wilson intervals,
quantiles and histograms. Plain Python: the figures must come out the same on every machine,
so nothing here depends on a numeric library's version or on the order floats are summed in
parallel (the runner hands the records over in game order)."""
from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypedDict

Z95 = 1.959963984540054   # the normal quantile of a two-sided 95 % interval
QUANTILES = (("min", 0.0), ("p10", 0.1), ("p25", 0.25), ("median", 0.5), ("p75", 0.75), ("p90", 0.9),
             ("max", 1.0))
MAX_BINS = 24              # a histogram wider than this groups values into bins


class Rate(TypedDict):
    """A proportion as the reports print it (rate)."""

    count: int
    of: int
    rate: float
    low: float
    high: float


class Difference(TypedDict):
    """One rate or mean minus another, with its 95 % interval (newcombe, welch)."""

    difference: float
    low: float
    high: float
    method: str


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


def rate(successes: int, trials: int) -> Rate:
    """A proportion as the reports print it: count, rate and its 95 % interval."""
    low, high = wilson(successes, trials)
    return {"count": successes, "of": trials, "rate": _round(successes / trials if trials else 0.0),
            "low": _round(low), "high": _round(high)}


def newcombe(a: Rate, b: Rate) -> Difference:
    """b's rate minus a's, with its 95 % interval by Newcombe's hybrid score method (his
    method 10: each rate's own Wilson interval, combined): honest near 0 % and 100 % and
    for small counts, where the plain normal interval of a difference is not. `a` and `b`
    are `rate` dicts (count, of)."""
    p1, p2 = a["count"] / a["of"] if a["of"] else 0.0, b["count"] / b["of"] if b["of"] else 0.0
    l1, u1 = wilson(a["count"], a["of"])
    l2, u2 = wilson(b["count"], b["of"])
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return {"difference": _round(d), "low": _round(max(-1.0, low)), "high": _round(min(1.0, high)),
            "method": "newcombe"}


def welch(a: dict[str, Any], b: dict[str, Any]) -> Difference:
    """b's mean minus a's, with its 95 % interval by Welch's t (unequal variances, the
    Welch–Satterthwaite degrees of freedom). `a` and `b` are `distribution` dicts."""
    d = b["mean"] - a["mean"]
    va = a["sd"] ** 2 / a["n"] if a["n"] else 0.0
    vb = b["sd"] ** 2 / b["n"] if b["n"] else 0.0
    se = math.sqrt(va + vb)
    if se == 0:
        return {"difference": _round(d), "low": _round(d), "high": _round(d), "method": "welch"}
    df = (va + vb) ** 2 / ((va * va / (a["n"] - 1) if a["n"] > 1 else 0) + (vb * vb / (b["n"] - 1) if b["n"] > 1 else 0)
                           or 1e-300)
    half = t95(df) * se
    return {"difference": _round(d), "low": _round(d - half), "high": _round(d + half), "method": "welch"}


def t95(df: float) -> float:
    """The two-sided 95 % quantile of Student's t with df degrees of freedom: the normal one
    corrected by the Cornish–Fisher expansion (within 0.1 % of the tables from 3 degrees up,
    the normal value itself beyond a million)."""
    z = Z95
    if df > 1e6:
        return z
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def games_to_settle(r: Rate, half_width: float = 0.01) -> int:
    """How many games a rate needs before its 95 % interval is ± half_width wide (one
    percentage point by default), at the rate observed: z² p (1 - p) / h²."""
    p = r["rate"]
    return max(1, math.ceil(Z95 * Z95 * p * (1 - p) / (half_width * half_width)))


def quantile(ordered: Sequence[float], q: float) -> float:
    """The q-quantile of sorted values, interpolated between the two nearest ranks
    (the same definition as numpy's default and R's type 7)."""
    if not ordered:
        return 0.0
    position = q * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


def histogram(values: Iterable[float]) -> list[list[Any]]:
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


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """Mean, quantiles and histogram of a measure over the games (or over the players)."""
    ordered = sorted(values)
    mean = math.fsum(ordered) / len(ordered) if ordered else 0.0
    variance = math.fsum((v - mean) ** 2 for v in ordered) / (len(ordered) - 1) if len(ordered) > 1 else 0.0
    return {"n": len(ordered), "mean": _round(mean), "sd": _round(math.sqrt(variance)),
            **{name: _number(_round(quantile(ordered, q))) for name, q in QUANTILES},
            "histogram": histogram(ordered)}


def _round(value: float) -> float:
    return round(value, 4)


def _number(value: float) -> float | int:
    """A whole value as an int in the JSON (3, not 3.0)."""
    return int(value) if float(value).is_integer() else value
