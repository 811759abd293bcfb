"""Normal: the solver's play placing the most rack tiles now (then the most points), else
draw (or pass once the pool is empty)."""

from __future__ import annotations

import random

from ..engine import Observation
from .common import Budget, best_play, no_play, play


def choose(view: Observation, rng: random.Random, budget: Budget) -> str:
    """The Normal player's action in ``view`` (``rng`` unused: it plays the same each time)."""
    solution = best_play(view.table, view.rack, view.melded[view.seat], budget)
    return play(solution.table) if solution is not None else no_play(view)
