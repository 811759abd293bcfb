"""Shared helpers of the bots' tests: playing hands through the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.thousand.bots import choose_action
from games.thousand.engine import (
    REDEAL_PHASE,
    HandState,
    apply,
    deal_hand,
    legal_actions,
    observation,
)


def random_positions(seed: int, hands: int) -> Iterator[HandState]:
    """Every position of ``hands`` hands played with uniformly random legal actions
    (re-deal questions answered ``keep``)."""
    rng = random.Random(seed)
    for number in range(hands):
        state = deal_hand(number % 3, rng)
        while legal_actions(state):
            yield state
            legal = legal_actions(state)
            action = "keep" if state.phase == REDEAL_PHASE else rng.choice(legal)
            state = apply(state, action)
        yield state


def bot_positions(
    seed: int, hands: int, levels: tuple[str, str, str], budget: float = 0.01
) -> Iterator[HandState]:
    """Every position of ``hands`` hands played by computer players of ``levels``."""
    rng = random.Random(seed)
    for number in range(hands):
        state = deal_hand(number % 3, rng)
        while legal_actions(state):
            yield state
            seat = state.to_move
            assert seat is not None
            state = apply(
                state, choose_action(levels[seat], observation(state, seat), rng, budget=budget)
            )
        yield state
