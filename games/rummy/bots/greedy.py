"""Greedy, the arena's yardstick: every turn the solver's play placing the most rack tiles
(ties by points), else draw (or pass once the pool is empty).

The plain greedy player the strength of the other players is measured against (issue 25):
not a level of the site, so that it stays the same whatever the levels become.
"""

from __future__ import annotations

import random

from ..engine import Observation
from .common import Budget, best_play, no_play, play


def choose(view: Observation, rng: random.Random, budget: Budget) -> str:
    """The greedy player's action in ``view`` (``rng`` unused: it plays the same each time)."""
    solution = best_play(view.table, view.rack, view.melded[view.seat], budget)
    return play(solution.table) if solution is not None else no_play(view)
