"""Time budgets: a soft deadline (an anytime search returns its best action so far) and a
hard one (past it the search gives up and the caller falls back to a simple action)."""

from __future__ import annotations

import time


class TimeUp(Exception):
    """Raised by ``Clock.check`` once the hard deadline has passed."""


class Clock:
    """A decision's deadlines, measured from its creation."""

    __slots__ = ("hard_end", "samples", "soft_end", "start")

    def __init__(self, budget: float, hard_limit: float, samples: int | None = None) -> None:
        self.start = time.perf_counter()
        self.soft_end = self.start + budget
        self.hard_end = self.start + max(budget, hard_limit)
        self.samples = None if samples is None else max(1, samples)

    def enough(self, done: int, least: int) -> bool:
        """Whether a search that has looked at ``done`` samples should answer now: after
        exactly ``samples`` if the clock was given a count, else once the budget is spent
        (but never before ``least``)."""
        if self.samples is not None:
            return done >= self.samples
        return done >= least and time.perf_counter() >= self.soft_end

    def check(self) -> None:
        """Raises ``TimeUp`` past the hard deadline."""
        if time.perf_counter() >= self.hard_end:
            raise TimeUp(f"no answer within {self.hard_end - self.start:.3f} s")
