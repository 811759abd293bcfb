"""The engine benchmark: complete random hands through the public API, timed."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from .engine import REDEAL_PHASE, Rules, apply, deal_hand, legal_actions


@dataclass(frozen=True)
class BenchResult:
    """What was played, in how many wall-clock seconds and how many seconds of processor time
    (the second is steadier on a machine shared with other work)."""

    hands: int
    actions: int
    seconds: float
    cpu_seconds: float

    def rates(self, seconds: float) -> tuple[float, float]:
        """Hands per second and actions per second over ``seconds``."""
        return self.hands / seconds, self.actions / seconds


def play_random_hands(hands: int, seed: int, players: int = 3) -> BenchResult:
    """Plays ``hands`` complete hands of ``players`` (3, or 2 for the two-player game) with
    uniformly random legal actions.

    Re-deal questions are answered ``keep`` so that every hand goes through the auction,
    the musik, the contract and all the tricks.
    """
    rules = Rules(players=players)
    rng = random.Random(seed)
    uniform = rng.random
    actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for number in range(hands):
        state = deal_hand(number % players, rng, rules=rules)
        while True:
            legal = legal_actions(state)
            if not legal:
                break
            action = "keep" if state.phase == REDEAL_PHASE else legal[int(uniform() * len(legal))]
            state = apply(state, action)
            actions += 1
    return BenchResult(hands, actions, time.perf_counter() - start, time.process_time() - cpu_start)
