"""The Expert's look-ahead: the worlds it samples, the fast policy it plays them out with,
and how it scores them."""

from __future__ import annotations

import random
from dataclasses import replace

from games.rummy.bots import lookahead
from games.rummy.bots.lookahead import (
    fast_turn,
    rack_cost,
    rack_sets,
    sample_worlds,
    simulate,
    spots,
    unseen_tiles,
)
from games.rummy.engine import parse_table, parse_tiles, tiles_text

from .positions import view

# Tiles that lay alone on "R4 R5 R6|B9 K9 O9": the run's ends, the group's missing colour,
# and the joker.
LAY_ALONE = set(parse_tiles("R3 R7 R9 J"))


def _last_movers_racks(
    last_seat: int, last_action: str, counts: tuple[int, ...]
) -> list[list[int]]:
    position = replace(
        view("K2 O5 B13", "R4 R5 R6|B9 K9 O9", counts=counts),
        last_seat=last_seat,
        last_action=last_action,
    )
    worlds = sample_worlds(position, 50, random.Random(0))
    assert len(worlds) == 50
    return [racks[1] for racks, _ in worlds]


def _laying_alone(racks: list[list[int]]) -> list[int]:
    """How many tiles of each rack lay alone on the table."""
    return [sum(tile in LAY_ALONE for tile in rack) for rack in racks]


def test_the_unseen_tiles_are_the_full_set_less_the_rack_and_the_table() -> None:
    position = view("K2 O5 B13", "R4 R5 R6|B9 K9 O9")
    unseen = unseen_tiles(position)
    assert len(unseen) == 106 - 3 - 6
    assert unseen.count(parse_tiles("R4")[0]) == 1
    assert unseen.count(parse_tiles("K2")[0]) == 1
    assert unseen.count(parse_tiles("R1")[0]) == 2


def test_a_world_deals_every_unseen_tile_once_to_the_opponents_and_the_pool() -> None:
    position = view("K2 O5 B13", "R4 R5 R6|B9 K9 O9", counts=(5, 7))
    for racks, pool in sample_worlds(position, 10, random.Random(1)):
        assert [len(rack) for rack in racks] == [0, 5, 7]
        assert sorted(racks[1] + racks[2] + pool) == unseen_tiles(position)


def test_an_opponent_that_just_played_holds_no_tile_it_could_have_laid_alone() -> None:
    racks = _last_movers_racks(last_seat=1, last_action="play", counts=(3,))
    assert set(_laying_alone(racks)) == {0}


def test_an_opponent_that_just_drew_may_hold_one_such_tile_the_one_it_drew() -> None:
    racks = _last_movers_racks(last_seat=1, last_action="draw", counts=(3,))
    assert set(_laying_alone(racks)) == {0, 1}


def test_an_opponent_that_did_not_move_last_is_dealt_from_every_unseen_tile() -> None:
    # Seat 2 moved last: seat 1's turn came before the table took its present shape.
    racks = _last_movers_racks(last_seat=2, last_action="play", counts=(3, 9))
    assert max(_laying_alone(racks)) >= 2


def test_the_tables_spots_are_a_runs_neighbours_and_a_groups_missing_colours() -> None:
    table = parse_table("R4 R5 R6|K1 K2 K3|B13 K13 O13|R9 B9 K9 O9|J O5 O6")
    assert spots(table) == frozenset(parse_tiles("R3 R7 K4 R13 O3 O7"))


def test_the_fast_policy_makes_runs_then_groups_then_completes_a_pair_with_its_joker() -> None:
    rack = list(parse_tiles("R1 R2 R3 R4 B7 K7 O7 R7 K11 K12 J O1"))
    sets = rack_sets(rack)
    assert [(tiles_text(tiles), jokers) for tiles, jokers in sets] == [
        ("R1 R2 R3 R4", 0),
        ("R7 B7 K7 O7", 0),
        ("K11 K12", 1),
    ]
    assert tiles_text(rack) == "O1"


def test_the_fast_policy_lays_tiles_at_the_ends_of_runs_and_into_groups() -> None:
    table = lookahead._Table.of(parse_table("R4 R5 R6|B9 K9 O9"))
    rack = list(parse_tiles("R7 R8 R9 K2"))
    assert fast_turn(table, rack, melded=True)
    # R7 R8 R9 is a run of its own; then nothing more lays alone.
    assert tiles_text(rack) == "K2"
    assert fast_turn(table, list(parse_tiles("R3 R10")), melded=True)
    assert table.runs == [[0, 3, 6], [0, 7, 10]]
    assert not fast_turn(table, list(parse_tiles("K5")), melded=True)


def test_the_fast_policy_melds_only_sets_worth_30() -> None:
    table = lookahead._Table.of(())
    rack = list(parse_tiles("R2 B2 K2 O5 O6 O7"))
    assert not fast_turn(table, rack, melded=False)
    assert len(rack) == 6
    rack = list(parse_tiles("R9 B9 K9 O5 O6 O7 K1"))
    assert fast_turn(table, rack, melded=False)
    assert tiles_text(rack) == "K1"


def test_a_rack_left_costs_its_points_and_tiles_and_a_joker_is_worth_keeping() -> None:
    assert rack_cost(parse_tiles("R7 K2")) == 7 + 2 + 2 * lookahead.TILE_COST
    assert rack_cost(parse_tiles("J")) == lookahead.JOKER_COST


def test_a_world_where_the_opponent_goes_out_costs_the_hand_left() -> None:
    # The opponent's one tile, R7, lays at the run's end: it goes out at once.
    position = view("K2 O5", "R4 R5 R6", counts=(1,))
    worlds = [([[], list(parse_tiles("R7"))], list(parse_tiles("B1 B2")))]
    assert simulate(position, position.table, position.rack, False, worlds) == -7.0
    # Had the Expert laid its tiles and drawn nothing, it would lose only what is left.
    assert simulate(position, position.table, parse_tiles("O5"), False, worlds) == -5.0
