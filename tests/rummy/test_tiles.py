"""Tiles and their notation (rules section 1)."""

from collections import Counter

import pytest

from games.rummy.engine.tiles import (
    FULL_SET,
    JOKER,
    colour_of,
    hand_value,
    number_of,
    parse_tile,
    parse_tiles,
    sorted_tiles,
    tile_name,
    tiles_text,
)


def test_a_number_tile_is_its_colour_times_13_plus_its_number_minus_1() -> None:
    assert parse_tile("R1") == 0
    assert parse_tile("B7") == 19
    assert parse_tile("K13") == 38
    assert parse_tile("O10") == 48
    assert parse_tile("J") == JOKER == 52


def test_names_and_parts_of_tiles() -> None:
    assert [tile_name(tile) for tile in (0, 19, 38, 48, 52)] == ["R1", "B7", "K13", "O10", "J"]
    assert (colour_of(parse_tile("K13")), number_of(parse_tile("K13"))) == (2, 13)


@pytest.mark.parametrize("text", ["", "r7", "R0", "R14", "X5", "J1", "R 7", "R07", "JJ"])
def test_anything_else_is_not_a_tile(text: str) -> None:
    with pytest.raises(ValueError, match="is not a tile"):
        parse_tile(text)


def test_the_full_set_has_106_tiles_two_of_each_and_two_jokers() -> None:
    counts = Counter(FULL_SET)
    assert len(FULL_SET) == 106
    assert set(counts) == set(range(53))
    assert set(counts.values()) == {2}


def test_tiles_sort_by_colour_r_b_k_o_then_number_with_jokers_last() -> None:
    assert tiles_text(sorted_tiles(parse_tiles("J O1 K13 B2 R10 R9 J"))) == "R9 R10 B2 K13 O1 J J"


def test_a_hand_counts_number_tiles_at_face_value_and_a_joker_30() -> None:
    assert hand_value(parse_tiles("R7 O13 J")) == 50
