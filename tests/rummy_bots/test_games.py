"""Seeded whole games: every level's every action is legal, and no decision falls back (the
``fallbacks`` fixture fails the test otherwise)."""

from __future__ import annotations

import random

import pytest

from games.rummy.bots import choose_action
from games.rummy.engine import FULL_SET, apply, deal_game, observation, parse_action


@pytest.mark.parametrize(
    ("lineup", "seed"),
    [
        (("expert", "beginner"), 3),
        (("beginner", "normal", "expert"), 4),
        (("normal", "expert", "beginner", "expert"), 5),
    ],
)
def test_every_level_plays_a_whole_game_legally(lineup: tuple[str, ...], seed: int) -> None:
    rng = random.Random(seed)
    state = deal_game(len(lineup), 0, rng)
    rngs = [random.Random(f"{seed}:{seat}") for seat in range(len(lineup))]
    plays = dict.fromkeys(lineup, 0)
    while state.result is None:
        seat = state.to_move
        action = choose_action(lineup[seat], observation(state, seat), rngs[seat])
        if parse_action(action)[0] == "play":
            plays[lineup[seat]] += 1
        # apply raises IllegalTurn on an illegal action, which fails the test.
        state = apply(state, action)
    assert all(plays.values()), plays
    tiles = sorted([*state.pool, *(tile for rack in state.racks for tile in rack)])
    table = [tile for tiles_ in state.table for tile in tiles_]
    assert sorted(tiles + table) == list(FULL_SET)
