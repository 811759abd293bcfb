"""The arenas' statistics: means and proportions with 95% confidence intervals (pure Python)."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean with the half-width of its 95% confidence interval."""

    mean: float
    half_width: float
    count: int

    def __str__(self) -> str:
        return f"{self.mean:+.2f} ± {self.half_width:.2f}"


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` and the half-width of its 95% interval (normal approximation)."""
    count = len(values)
    if count == 0:
        return Interval(math.nan, math.nan, 0)
    mean = statistics.fmean(values)
    if count < 2:
        return Interval(mean, math.inf, count)
    return Interval(mean, Z95 * statistics.stdev(values) / math.sqrt(count), count)


def proportion_interval(successes: int, count: int) -> Interval:
    """A proportion and the half-width of its 95% Wilson interval (centred on the estimate)."""
    if count == 0:
        return Interval(math.nan, math.nan, 0)
    p = successes / count
    z = Z95
    denominator = 1 + z * z / count
    centre = (p + z * z / (2 * count)) / denominator
    spread = z * math.sqrt(p * (1 - p) / count + z * z / (4 * count * count)) / denominator
    return Interval(p, max(abs(centre + spread - p), abs(p - (centre - spread))), count)
