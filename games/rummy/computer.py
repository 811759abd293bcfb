"""The computer players' decision, kept free of Django so a worker process can run it.

The site's runner calls ``choose`` in a worker: it receives only the observation of the
computer's own seat, never the game state.
"""

from __future__ import annotations

import random

from games.rummy.bots import choose_action
from games.rummy.engine import Observation


def choose(level: str, view: Observation, seed: str) -> str:
    """The action the computer player of ``level`` takes in ``view``, seeded for replays."""
    return choose_action(level, view, random.Random(seed))
