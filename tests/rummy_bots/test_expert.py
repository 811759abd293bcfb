"""The Expert's reading of what an opponent close to going out may hold."""

from __future__ import annotations

import random
from dataclasses import replace

from games.rummy.bots.expert import SAMPLES, sample_racks, unseen_tiles
from games.rummy.engine import parse_tiles

from .positions import view

# Tiles that lay alone on "R4 R5 R6|B9 K9 O9": the run's ends, the group's missing colour,
# and the joker.
LAY_ALONE = set(parse_tiles("R3 R7 R9 J"))


def _racks(last_seat: int, last_action: str, counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    position = replace(
        view("K2 O5 B13", "R4 R5 R6|B9 K9 O9", counts=counts),
        last_seat=last_seat,
        last_action=last_action,
    )
    return sample_racks(position, 1, unseen_tiles(position), random.Random(0))


def _laying_alone(racks: list[tuple[int, ...]]) -> list[int]:
    """How many tiles of each rack lay alone on the table."""
    return [sum(tile in LAY_ALONE for tile in rack) for rack in racks]


def test_the_unseen_tiles_are_the_full_set_less_the_rack_and_the_table() -> None:
    position = view("K2 O5 B13", "R4 R5 R6|B9 K9 O9")
    unseen = unseen_tiles(position)
    assert len(unseen) == 106 - 3 - 6
    assert unseen.count(parse_tiles("R4")[0]) == 1
    assert unseen.count(parse_tiles("K2")[0]) == 1
    assert unseen.count(parse_tiles("R1")[0]) == 2


def test_an_opponent_that_just_played_holds_no_tile_it_could_have_laid_alone() -> None:
    racks = _racks(last_seat=1, last_action="play", counts=(3,))
    assert len(racks) == SAMPLES
    assert all(len(rack) == 3 for rack in racks)
    assert set(_laying_alone(racks)) == {0}


def test_an_opponent_that_just_drew_may_hold_one_such_tile_the_one_it_drew() -> None:
    racks = _racks(last_seat=1, last_action="draw", counts=(3,))
    assert len(racks) == SAMPLES
    assert set(_laying_alone(racks)) == {0, 1}


def test_an_opponent_that_did_not_move_last_is_sampled_from_every_unseen_tile() -> None:
    # Seat 2 moved last: seat 1's turn came before the table took its present shape.
    racks = _racks(last_seat=2, last_action="play", counts=(3, 9))
    assert len(racks) == SAMPLES
    assert max(_laying_alone(racks)) >= 2
