"""Shared helpers of the bots' tests: playing hands through the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.thousand.bots import choose_action
from games.thousand.engine import (
    HOUSE_RULES,
    REDEAL_PHASE,
    HandState,
    Rules,
    apply,
    deal_hand,
    legal_actions,
    observation,
)


def random_positions(seed: int, hands: int, rules: Rules = HOUSE_RULES) -> Iterator[HandState]:
    """Every position of ``hands`` hands played with uniformly random legal actions
    (re-deal questions answered ``keep``)."""
    rng = random.Random(seed)
    for number in range(hands):
        state = deal_hand(number % rules.players, rng, rules=rules)
        while legal_actions(state):
            yield state
            legal = legal_actions(state)
            action = "keep" if state.phase == REDEAL_PHASE else rng.choice(legal)
            state = apply(state, action)
        yield state


def bot_positions(
    seed: int, hands: int, levels: tuple[str, ...], budget: float = 0.01
) -> Iterator[HandState]:
    """Every position of ``hands`` hands played by computer players of ``levels`` (three, or
    two for the two-player game)."""
    rng = random.Random(seed)
    rules = Rules(players=len(levels))
    for number in range(hands):
        state = deal_hand(number % len(levels), rng, rules=rules)
        while legal_actions(state):
            yield state
            seat = state.to_move
            assert seat is not None
            state = apply(
                state, choose_action(levels[seat], observation(state, seat), rng, budget=budget)
            )
        yield state
