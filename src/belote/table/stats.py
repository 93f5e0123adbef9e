"""Running statistics for long matches: constant memory whatever the number of deals.

``simulate`` and ``arena`` report means with 95% confidence intervals and decision times. They
keep running sums, not a list per deal, and give the same floats as the list-based
:func:`mean_ci` and ``statistics.fmean`` / ``max`` over the same values, to the last bit: the
sums are exact (rationals, or integers in units of the smallest float) and rounded once, as
``statistics`` does.
"""

from __future__ import annotations

import math
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

#: ``(mean, low, high)``: the mean and its 95% confidence interval (``None`` bounds: no interval)
MeanCI = tuple[float, float | None, float | None]

#: half-width of a 95% interval in standard errors (normal approximation)
Z95 = 1.96


def mean_ci(xs: Sequence[float] | RunningMean) -> MeanCI:
    """Mean and 95% confidence interval (normal approximation, 1.96 standard errors) of the
    values ``xs`` (a sequence, or a :class:`RunningMean` of them). With fewer than two values
    there is no interval: its bounds are ``None`` (JSON ``null``), not a zero-width interval
    that would claim certainty."""
    if isinstance(xs, RunningMean):
        return xs.ci()
    if not xs:
        return 0.0, None, None
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, None, None
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs))
    return m, m - half, m + half


@dataclass
class RunningMean:
    """Count, mean and sum of squared deviations (``m2``) of the values added so far, updated
    by Welford's recurrence in exact rationals (a value is a float or an int, converted
    exactly). :meth:`ci` equals :func:`mean_ci` of the list of the same values."""

    count: int = 0
    mean: Fraction = field(default_factory=Fraction)
    m2: Fraction = field(default_factory=Fraction)

    def add(self, x: float) -> None:
        """Add the value ``x``."""
        value = Fraction(x)
        self.count += 1
        delta = value - self.mean
        self.mean += delta / self.count
        self.m2 += delta * (value - self.mean)

    def __len__(self) -> int:
        return self.count

    def ci(self) -> MeanCI:
        """``(mean, low, high)`` as :func:`mean_ci`: the mean is the exact sum rounded to a
        float, divided by the count (``statistics.fmean``); the standard deviation the correctly
        rounded square root of ``m2 / (count - 1)`` (``statistics.stdev``)."""
        if not self.count:
            return 0.0, None, None
        m = float(self.mean * self.count) / self.count
        if self.count < 2:
            return m, None, None
        half = Z95 * _sqrt(self.m2 / (self.count - 1)) / math.sqrt(self.count)
        return m, m - half, m + half


#: a float's exact value is an integer number of units of 2**-_UNIT_BITS (the smallest
#: subnormal), so integer sums of those units are exact
_UNIT_BITS = 1074


@dataclass
class DecisionTimes:
    """Number, exact sum and maximum of decision times (milliseconds, floats) added so far."""

    count: int = 0
    units: int = 0  # the exact sum, in units of 2**-1074 ms
    longest: float = 0.0

    def add(self, ms: float) -> None:
        """Add one decision's time ``ms``."""
        numerator, denominator = ms.as_integer_ratio()
        self.units += numerator << (_UNIT_BITS + 1 - denominator.bit_length())
        self.longest = ms if self.count == 0 else max(self.longest, ms)
        self.count += 1

    def mean(self) -> float:
        """The mean time, ``statistics.fmean`` of the times (0.0 without any)."""
        if not self.count:
            return 0.0
        return (self.units / (1 << _UNIT_BITS)) / self.count


# the square root of a fraction correctly rounded to a float, as statistics.stdev takes it
# (Python >= 3.11): an integer square root rounded to odd with enough bits, then one rounding
_SQRT_BITS = 2 * sys.float_info.mant_dig + 3


def _sqrt(x: Fraction) -> float:
    n, m = x.numerator, x.denominator
    q = (n.bit_length() - m.bit_length() - _SQRT_BITS) // 2
    if q >= 0:
        return (_isqrt_odd(n, m << 2 * q) << q) / 1
    return _isqrt_odd(n << -2 * q, m) / (1 << -q)


def _isqrt_odd(n: int, m: int) -> int:
    """The integer square root of ``n / m`` rounded to odd (an inexact root gets its last bit
    set), so that the final rounding to a float is correct."""
    a = math.isqrt(n // m)
    return a | (a * a * m != n)
