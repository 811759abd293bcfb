"""Groups, runs, jokers and set values (rules sections 2 and 8)."""

import pytest

from games.rummy.engine.errors import IllegalTurn
from games.rummy.engine.sets import GROUP, RUN, SetInfo, analyse_set, check_set, set_value
from games.rummy.engine.tiles import parse_tiles


def info(text: str) -> SetInfo:
    return check_set(parse_tiles(text))


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("R7 B7 K7", GROUP, 21),
        ("O7 K7 R7 B7", GROUP, 28),
        ("R10 B10 K10", GROUP, 30),
        ("R4 R5 R6", RUN, 15),
        ("O3 O4 O5 O6", RUN, 18),
        ("K1 K2 K3", RUN, 6),
        ("O11 O12 O13", RUN, 36),
        ("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13", RUN, 91),
    ],
)
def test_valid_sets_without_jokers_and_their_values(text: str, kind: int, value: int) -> None:
    assert (info(text).kind, info(text).value) == (kind, value)


@pytest.mark.parametrize(
    ("text", "kind", "value", "stands_for"),
    [
        ("O3 O4 J O6", RUN, 18, [5]),
        ("J K12 K13", RUN, 36, [11]),
        ("R12 R13 J", None, 0, []),
        ("J R5 J", RUN, 15, [4, 6]),
        ("R5 J J", RUN, 18, [6, 7]),
        ("J J R13", RUN, 36, [11, 12]),
        ("R1 J J", RUN, 6, [2, 3]),
        ("R7 B7 J", GROUP, 21, [7]),
        ("R7 J B7 J", GROUP, 28, [7, 7]),
        ("R7 B7 K7 J", GROUP, 28, [7]),
    ],
)
def test_a_joker_stands_for_the_number_at_its_position_or_the_groups_number(
    text: str, kind: int | None, value: int, stands_for: list[int]
) -> None:
    result = analyse_set(parse_tiles(text))
    assert (result.kind or None, result.value, list(result.joker_values)) == (
        kind,
        value,
        stands_for,
    )


def test_a_run_joker_stands_for_one_tile_a_group_joker_for_every_missing_colour() -> None:
    assert [set(meaning) for meaning in info("O3 O4 J O6").jokers] == [set(parse_tiles("O5"))]
    assert [set(meaning) for meaning in info("R7 B7 J").jokers] == [set(parse_tiles("K7 O7"))]
    assert [set(meaning) for meaning in info("R7 K7 O7 J").jokers] == [set(parse_tiles("B7"))]


def test_groups_compare_as_sets_of_tiles_runs_tile_by_tile() -> None:
    assert info("R7 B7 K7").key == info("K7 R7 B7").key
    assert info("J R5 R6").key != info("R5 R6 J").key


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("R7 B7", "The set R7 B7 is too short: a set needs 3 tiles."),
        ("J J J", "The set J J J needs at least one number tile."),
        ("R7 R7 K7", "The group R7 R7 K7 has R7 twice; its colours must all differ."),
        ("R5 B5 K5 O5 J", "The group R5 B5 K5 O5 J has 5 tiles; a group has at most 4."),
        (
            "R4 B5 K6",
            "The set R4 B5 K6 mixes colours and numbers: a group has one number, a run one colour.",
        ),
        (
            "R4 B4 R5",
            "The set R4 B4 R5 mixes colours and numbers: a group has one number, a run one colour.",
        ),
        ("O3 O4 O6", "The run O3 O4 O6 has a gap."),
        ("K3 K2 K1", "The run K3 K2 K1 is not in ascending order."),
        ("K12 K13 K1", "The run K12 K13 K1 is not in ascending order."),
        ("R4 R4 R5", "The run R4 R4 R5 has R4 twice."),
        ("R3 J J R5", "The run R3 J J R5 has too many tiles between R3 and R5."),
        ("J K1 K2", "The run J K1 K2 goes below 1: 1 can only be the lowest tile."),
        ("J J R1", "The run J J R1 goes below 1: 1 can only be the lowest tile."),
        ("R12 R13 J", "The run R12 R13 J goes past 13: nothing follows 13."),
        ("J R13 J", "The run J R13 J goes past 13: nothing follows 13."),
    ],
)
def test_an_invalid_set_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(IllegalTurn) as refusal:
        check_set(parse_tiles(text))
    assert str(refusal.value) == reason
    assert refusal.value.params["set"] == text


def test_set_value_is_the_sum_of_what_the_tiles_stand_for() -> None:
    assert set_value(parse_tiles("R10 B10 K10")) == 30
    assert set_value(parse_tiles("J R5 J")) == 15
