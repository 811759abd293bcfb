"""Checking whole turns (rules sections 3, 6 and 8): each rule, each refusal and its reason."""

import pytest

from games.rummy.engine.errors import IllegalTurn
from games.rummy.engine.tiles import parse_table, parse_tiles, tiles_text
from games.rummy.engine.turn import check_turn


def turn(before: str, rack: str, melded: bool, after: str) -> tuple[str, int]:
    """The tiles played (in notation) and their points, for a turn written in notation."""
    result = check_turn(parse_table(before), parse_tiles(rack), melded, parse_table(after))
    return tiles_text(result.played), result.points


def refusal(before: str, rack: str, melded: bool, after: str) -> str:
    """The reason a turn written in notation is refused."""
    with pytest.raises(IllegalTurn) as refused:
        check_turn(parse_table(before), parse_tiles(rack), melded, parse_table(after))
    return str(refused.value)


# The issue's example and the worked example of rules section 6.


def test_the_issues_example_moves_r7_into_a_group_and_plays_b7_k7_for_14() -> None:
    assert turn("R4 R5 R6 R7", "B7 K7 R10", True, "R4 R5 R6|R7 B7 K7") == ("B7 K7", 14)


def test_an_initial_meld_of_r10_b10_k10_is_worth_30_and_allowed() -> None:
    assert turn("R4 R5 R6 R7", "R10 B10 K10 O2", False, "R4 R5 R6 R7|R10 B10 K10") == (
        "R10 B10 K10",
        30,
    )


def test_the_initial_meld_may_not_touch_the_table() -> None:
    assert refusal("R4 R5 R6 R7", "R10 B10 K10 B7 K7", False, "R4 R5 R6|R7 B7 K7|R10 B10 K10") == (
        "Your initial meld may use only tiles from your rack: "
        "the set R4 R5 R6 R7 on the table must stay as it was."
    )


# The initial meld.


def test_an_initial_meld_worth_27_is_refused() -> None:
    assert refusal("", "R9 B9 K9", False, "R9 B9 K9") == (
        "Your initial meld is worth 27; it needs 30."
    )


def test_an_initial_meld_may_be_several_sets_and_a_joker_counts_its_number() -> None:
    assert turn("", "R1 R2 R3 K10 J K12 O5", False, "R1 R2 R3|K10 J K12") == (
        "R1 R2 R3 K10 K12 J",
        39,
    )


def test_an_initial_meld_counts_only_the_new_sets_not_the_table() -> None:
    assert refusal("O11 O12 O13", "R1 R2 R3", False, "O11 O12 O13|R1 R2 R3") == (
        "Your initial meld is worth 6; it needs 30."
    )


def test_a_group_rewritten_in_another_order_is_unchanged_but_a_run_is_compared_tile_by_tile() -> (
    None
):
    assert turn("R7 B7 K7", "R10 B10 K10", False, "K7 R7 B7|R10 B10 K10") == ("R10 B10 K10", 30)
    assert refusal("R5 R6 J", "R10 B10 K10", False, "J R5 R6|R10 B10 K10") == (
        "Your initial meld may use only tiles from your rack: "
        "the set R5 R6 J on the table must stay as it was."
    )


def test_the_initial_meld_may_not_add_to_a_table_set() -> None:
    assert refusal("R4 R5 R6", "R7 R10 B10 K10", False, "R4 R5 R6 R7|R10 B10 K10") == (
        "Your initial meld may use only tiles from your rack: "
        "the set R4 R5 R6 on the table must stay as it was."
    )


def test_the_initial_meld_may_not_take_a_joker() -> None:
    assert refusal(
        "R3 R4 R5 J", "R6 K1 K2 R10 B10 K10", False, "R3 R4 R5 R6|K1 K2 J|R10 B10 K10"
    ) == (
        "Your initial meld may use only tiles from your rack: "
        "the set R3 R4 R5 J on the table must stay as it was."
    )


# Splits, joins and moves after the initial meld.


def test_a_run_may_be_split_by_a_tile_from_the_rack() -> None:
    assert turn("R3 R4 R5 R6 R7", "R5", True, "R3 R4 R5|R5 R6 R7") == ("R5", 5)


def test_two_runs_may_be_joined_by_a_tile_from_the_rack() -> None:
    assert turn("R1 R2 R3|R5 R6 R7", "R4 O9", True, "R1 R2 R3 R4 R5 R6 R7") == ("R4", 4)


def test_sets_may_be_broken_up_and_rebuilt_in_any_order() -> None:
    assert turn(
        "R1 R2 R3 R4|B4 K4 O4|B1 B2 B3", "B5 K9", True, "B1 B2 B3 B4 B5|R1 R2 R3|K4 O4 R4"
    ) == ("B5", 5)


def test_an_after_meld_turn_scores_the_played_tiles_where_they_lie() -> None:
    assert turn("", "R1 R2 J", True, "R1 R2 J") == ("R1 R2 J", 6)
    assert turn("", "J B12 B13", True, "J B12 B13") == ("B12 B13 J", 36)


# Tiles that do not add up.


def test_a_tile_that_is_not_in_the_rack_is_refused() -> None:
    assert refusal("R4 R5 R6", "R8", True, "R4 R5 R6 R7") == "R7 is not in your rack."


def test_playing_a_tile_twice_needs_two_of_it() -> None:
    assert refusal("", "R4 R5 R6 O9", True, "R4 R5 R6|R4 R5 R6") == (
        "You have only 1 R4 in your rack."
    )


def test_a_table_tile_may_not_go_back_to_the_rack() -> None:
    assert refusal("R4 R5 R6 R7", "B7 K7", True, "R4 R5 R6") == (
        "R7 was on the table: it may not go back to your rack."
    )


def test_a_table_tile_may_not_vanish_even_when_the_rack_plays_others() -> None:
    assert refusal("R4 R5 R6 R7", "B7 K7 O7", True, "R4 R5 R6|B7 K7 O7") == (
        "R7 was on the table: it may not go back to your rack."
    )


def test_no_more_than_two_copies_of_a_tile_may_lie_on_the_table() -> None:
    assert refusal("R4 R5 R6|R4 B4 K4", "R4 O4", True, "R4 R5 R6|R4 B4 K4|R4 B4 O4") == (
        "There are only 2 R4 tiles, but the table has 3."
    )


def test_a_table_and_rack_holding_three_copies_are_refused() -> None:
    assert refusal("R4 R5 R6|R4 B4 K4", "R4 O9 O10 O11", True, "R4 R5 R6|R4 B4 K4|O9 O10 O11") == (
        "There are only 2 R4 tiles, but the table and your rack hold 3."
    )


def test_a_turn_must_put_a_rack_tile_on_the_table() -> None:
    assert refusal("R3 R4 R5 R6", "K1", True, "R3 R4 R5 R6") == (
        "Put at least one tile from your rack on the table."
    )
    assert refusal("R3 R4 R5 R6|B6 K6 O6", "K1", True, "R3 R4 R5|R6 B6 K6 O6") == (
        "Put at least one tile from your rack on the table."
    )


def test_every_set_on_the_table_after_the_turn_must_be_valid() -> None:
    assert refusal("O3 O4 O5", "O6 B1", True, "O3 O4|O5 O6") == (
        "The set O3 O4 is too short: a set needs 3 tiles."
    )
    assert refusal("O3 O4 O5", "O6 B1", True, "O3 O4 O6|O5 B1") == "The run O3 O4 O6 has a gap."


def test_a_table_before_that_is_not_valid_is_an_input_error_not_an_illegal_turn() -> None:
    with pytest.raises(ValueError, match="not valid") as error:
        check_turn(parse_table("O3 O4 O6"), parse_tiles("O5"), True, parse_table("O3 O4 O5 O6"))
    assert not isinstance(error.value, IllegalTurn)
    with pytest.raises(ValueError, match="3 copies of R4"):
        check_turn(parse_table("R4 R5 R6|R4 R5 R6|R4 B4 K4"), (), True, parse_table(""))


# Jokers on the table: kept in place or taken with their replacement (rules section 8).


def test_a_run_joker_is_taken_with_its_exact_tile_from_the_rack() -> None:
    assert turn("R3 R4 R5 J", "R6 K1 K2", True, "R3 R4 R5 R6|K1 K2 J") == ("R6 K1 K2", 9)


def test_a_joker_at_a_runs_end_taken_without_its_tile_is_refused() -> None:
    assert refusal("R3 R4 R5 J", "K1 K2", True, "R3 R4 R5|K1 K2 J") == (
        "To take the joker from R3 R4 R5 J, put R6 on the table in its place."
    )


def test_moving_a_joker_to_the_other_end_of_its_run_takes_it() -> None:
    assert refusal("R2 R3 R4 J", "O9 O10 O11", True, "J R2 R3 R4|O9 O10 O11") == (
        "To take the joker from R2 R3 R4 J, put R5 on the table in its place."
    )


def test_a_freed_joker_must_stay_on_the_table() -> None:
    assert refusal("R3 R4 R5 J", "R6", True, "R3 R4 R5 R6") == (
        "The joker you took must stay on the table."
    )


def test_a_joker_stays_in_a_run_extended_or_split_around_it() -> None:
    assert turn("R4 J R6", "R7", True, "R4 J R6 R7") == ("R7", 7)
    assert turn("R1 R2 R3 J R5 R6", "R7", True, "R1 R2 R3|J R5 R6 R7") == ("R7", 7)


def test_a_group_joker_stays_when_a_missing_colour_joins_the_group() -> None:
    assert turn("R8 B8 J", "K8", True, "R8 B8 K8 J") == ("K8", 8)


def test_a_joker_is_taken_from_a_group_with_two_missing_colours_by_either_colour() -> None:
    assert turn("R8 B8 J", "O8 K1 K2", True, "R8 B8 O8|K1 K2 J") == ("K1 K2 O8", 11)
    assert turn("R8 B8 J", "K8 K1 K2", True, "R8 B8 K8|K1 K2 J") == ("K1 K2 K8", 11)


def test_a_group_joker_is_not_taken_by_a_colour_the_group_already_has() -> None:
    assert refusal("R8 B8 K8 J", "R8 R9 R10 O1 O2", True, "R8 B8 K8|R8 R9 R10|O1 O2 J") == (
        "To take the joker from R8 B8 K8 J, put O8 on the table in its place."
    )


def test_a_group_joker_without_a_replacement_names_both_missing_colours() -> None:
    assert (
        refusal(
            "R8 B8 J|R9 R10 R11|B9 B10 B11", "K1 K2", True, "R8 R9 R10 R11|B8 B9 B10 B11|K1 K2 J"
        )
        == "To take the joker from R8 B8 J, put K8 or O8 on the table."
    )


def test_a_joker_in_a_group_of_four_is_taken_by_the_missing_colour() -> None:
    assert turn("R7 B7 K7 J", "O7 O1 O2", True, "R7 B7 K7 O7|O1 O2 J") == ("O1 O2 O7", 10)


def test_a_joker_is_taken_with_a_tile_moved_from_another_set() -> None:
    assert turn("R3 R4 R5 J|R6 R7 R8 R9", "K1 K2", True, "R3 R4 R5 R6|R7 R8 R9|K1 K2 J") == (
        "K1 K2",
        3,
    )
    assert turn("R8 B8 J|K8 K9 K10 K11", "O1 O2", True, "R8 B8 K8|K9 K10 K11|O1 O2 J") == (
        "O1 O2",
        3,
    )


def test_a_tile_that_sat_unmoved_in_an_untouched_set_is_no_replacement() -> None:
    assert refusal("R3 R4 R5 J|R6 R7 R8", "K1 K2", True, "R3 R4 R5|R6 R7 R8|K1 K2 J") == (
        "To take the joker from R3 R4 R5 J, put R6 on the table in its place."
    )


def test_two_jokers_in_one_run_stay_when_the_run_grows() -> None:
    assert turn("J R5 J", "R7", True, "J R5 J R7") == ("R7", 7)


def test_of_two_jokers_in_a_group_one_is_taken_and_the_other_stays() -> None:
    assert turn("R8 J B8 J", "K8 O1 O2", True, "R8 K8 B8 J|O1 O2 J") == ("K8 O1 O2", 11)
    assert refusal("R8 J B8 J|K7 K8 K9", "O1 O2", True, "R8 B8 J|K7 K8 K9|O1 O2 J") == (
        "To take the joker from R8 J B8 J, put K8 or O8 on the table."
    )


def test_two_jokers_taken_together_each_need_their_own_tile() -> None:
    assert turn("J R5 J", "R4 R6 K1", True, "R4 R5 R6|K1 J J") == ("R4 R6 K1", 11)
    assert turn("J R5 J", "R4 K1 K2", True, "R4 R5 J|K1 K2 J") == ("R4 K1 K2", 7)
    assert refusal("R3 R4 R5 J|J R7 R8 R9", "R6 K1 K2", True, "R3 R4 R5 R6|R7 R8 R9|K1 K2 J J") == (
        "To take the joker from J R7 R8 R9, put R6 on the table in its place."
    )
    assert turn(
        "R3 R4 R5 J|J R7 R8 R9", "R6 R6 K1 K2", True, "R3 R4 R5 R6|R6 R7 R8 R9|K1 K2 J J"
    ) == ("R6 R6 K1 K2", 15)


def test_a_played_joker_counts_its_number_and_a_taken_one_does_not_count() -> None:
    assert turn("R3 R4 R5 J", "R6 J K1", True, "R3 R4 R5 R6|K1 J J") == ("R6 K1 J", 9)
    assert turn("B1 B2 B3", "J K12 K13", True, "B1 B2 B3|J K12 K13") == ("K12 K13 J", 36)


def test_a_joker_in_a_set_left_as_it_was_needs_no_replacement() -> None:
    assert turn("R3 R4 J|K1 K2 K3", "K4", True, "K1 K2 K3 K4|R3 R4 J") == ("K4", 4)


# The issue's two legal turns that were refused: a joker that never leaves its group, and a
# joker freed by a tile moved from a set identical to another.


def test_a_group_joker_stays_while_its_group_gives_a_number_tile_to_a_run() -> None:
    assert turn("R10 J K10 O10|R11 R12 R13", "R9", True, "J K10 O10|R9 R10 R11 R12 R13") == (
        "R9",
        9,
    )


def test_a_group_joker_stays_when_its_group_gives_one_colour_and_gets_another() -> None:
    assert turn("R10 B10 J|R11 R12 R13", "K10", True, "B10 K10 J|R10 R11 R12 R13") == ("K10", 10)


def test_a_joker_is_taken_with_a_tile_moved_from_a_set_identical_to_the_new_one() -> None:
    assert turn("R8 O8 J K8|R8 O8 B8 K8", "K1 K2", True, "R8 O8 K8|R8 O8 B8 K8|K1 K2 J") == (
        "K1 K2",
        3,
    )
    assert turn("R3 R4 R5 J|R3 R4 R5 R6", "K1 K2", True, "R3 R4 R5|R3 R4 R5 R6|K1 K2 J") == (
        "K1 K2",
        3,
    )


def test_a_joker_is_not_taken_by_a_tile_of_an_untouched_set_without_identical_tiles() -> None:
    assert refusal("R8 O8 J K8|B8 B9 B10", "K1 K2", True, "R8 O8 K8|B8 B9 B10|K1 K2 J") == (
        "To take the joker from R8 O8 J K8, put B8 on the table in its place."
    )
