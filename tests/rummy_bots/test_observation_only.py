"""The computer players decide from their seat's observation alone."""

from __future__ import annotations

import inspect
import random
from dataclasses import replace

import pytest

from games.rummy import computer
from games.rummy.bots import choose_action
from games.rummy.engine import (
    GameSetup,
    GameState,
    Observation,
    apply,
    new_game,
    observation,
    parse_table,
    parse_tiles,
)
from games.rummy.engine.tiles import FULL_SET, Tile

RACK = parse_tiles("R3 R4 R5 R9 B7 B8 K7 K11 O1 O7 O12 O13 J B2")
TABLE = parse_table("B9 B10 B11|K1 K2 K3 K4|R12 B12 O12 K12")


EXPECTED = {
    "beginner": "play:B8 B9 B10 B11|K1 K2 K3 K4|R12 B12 O12 K12|R3 R4 R5|B7 K7 O7|J O12 O13",
    "normal": "play:K1 K2 K3 K4|R12 B12 O12 K12|R3 R4 R5|B8 B9 B10 B11|J O12 O13|B7 K7 O7",
    # Seat 1 is close to going out: sampled racks find the best play the least exposed.
    "expert": "play:K1 K2 K3 K4|R12 B12 O12 K12|R3 R4 R5|B8 B9 B10 B11|J O12 O13|B7 K7 O7",
}


def test_the_entry_points_receive_the_observation_and_nothing_else() -> None:
    assert list(inspect.signature(choose_action).parameters) == ["level", "view", "rng"]
    assert list(inspect.signature(computer.choose).parameters) == ["level", "view", "seed"]
    assert inspect.signature(choose_action).parameters["view"].annotation in (
        Observation,
        "Observation",
    )


def _state(hidden_seed: int) -> GameState:
    """Seat 0 holds ``RACK`` before ``TABLE``, both opponents melded, seat 1 down to 3 tiles
    (so that the Expert samples the racks it cannot see); everything seat 0 cannot see (the
    other racks, the pool's order) is shuffled with ``hidden_seed``."""
    rest = list(FULL_SET)
    table_tiles = [tile for tiles in TABLE for tile in tiles]
    for tile in (*RACK, *table_tiles):
        rest.remove(tile)
    random.Random(hidden_seed).shuffle(rest)
    # A deal that leads here: the 42 tiles out of the pool were dealt, none drawn since.
    out: list[Tile] = [*RACK, *table_tiles, *rest[:17]]
    setup = GameSetup(
        tuple(tuple(sorted(out[seat * 14 : seat * 14 + 14])) for seat in range(3)),
        tuple(rest[17:]),
        0,
    )
    return replace(
        new_game(setup),
        racks=(RACK, tuple(sorted(rest[:3])), tuple(sorted(rest[3:17]))),
        table=TABLE,
        melded=(True, True, True),
        turns=12,
    )


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_a_decision_does_not_change_with_what_the_player_cannot_see(level: str) -> None:
    first, second = _state(1), _state(2)
    assert first.racks[1] != second.racks[1]
    assert first.pool != second.pool
    assert observation(first, 0) == observation(second, 0)
    decisions = {
        choose_action(level, observation(state, 0), random.Random(7)) for state in (first, second)
    }
    assert decisions == {EXPECTED[level]}
    # Whatever was decided is legal in the real game.
    apply(first, decisions.pop())


def test_the_site_runner_entry_point_is_choose_action_seeded_with_the_seed() -> None:
    view = observation(_state(1), 0)
    assert computer.choose("beginner", view, "round-3/turn-12") == choose_action(
        "beginner", view, random.Random("round-3/turn-12")
    )
