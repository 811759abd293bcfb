"""Scripted positions where each level's choice is known exactly."""

from __future__ import annotations

import random

import pytest

from games.rummy.bots import WALL_LIMIT, choose_action, expert
from games.rummy.bots.common import Budget
from games.rummy.engine import Observation

from .positions import view


def _choose(level: str, position: Observation) -> str:
    # Random(0) draws 0.84 first: above the Beginner's chance of rearranging the table.
    return choose_action(level, position, random.Random(0))


def test_beginner_makes_its_initial_meld_from_the_group_of_tens() -> None:
    assert _choose("beginner", view("R10 B10 K10 O2 K5 B12", melded=False)) == "play:R10 B10 K10"


def test_beginner_draws_when_its_sets_are_worth_less_than_30() -> None:
    assert _choose("beginner", view("R2 B2 K2 O5 O6 O7 K12", melded=False)) == "draw"


def test_beginner_lays_a_tile_at_the_end_of_a_run() -> None:
    assert _choose("beginner", view("R7 K2", "R4 R5 R6")) == "play:R4 R5 R6 R7"


def test_beginner_completes_a_pair_with_its_joker() -> None:
    assert _choose("beginner", view("K12 K13 J O2", "R4 R5 R6")) == "play:R4 R5 R6|J K12 K13"


def test_beginner_does_not_see_the_rearrangement_of_the_worked_example() -> None:
    assert _choose("beginner", view("B7 K7 O1", "R4 R5 R6 R7")) == "draw"


def test_normal_makes_the_worked_example_rearrangement() -> None:
    assert _choose("normal", view("B7 K7 O1", "R4 R5 R6 R7")) == "play:R4 R5 R6|R7 B7 K7"


def test_normal_melds_every_set_it_holds() -> None:
    position = view("R10 B10 K10 O11 O12 O13 K5", melded=False)
    assert _choose("normal", position) == "play:O11 O12 O13|R10 B10 K10"


def test_normal_places_the_most_tiles_joker_included() -> None:
    assert _choose("normal", view("R7 J K2 O9", "R4 R5 R6")) == "play:R4 R5 R6 R7 J"
    assert _choose("normal", view("R7 B1 B2 B3 K9", "R4 R5 R6")) == "play:R4 R5 R6 R7|B1 B2 B3"


def test_greedy_places_the_most_tiles_the_solver_finds_joker_included() -> None:
    assert _choose("greedy", view("R7 J K2 O9", "R4 R5 R6")) == "play:R4 R5 R6 R7 J"
    assert _choose("greedy", view("B7 K7 O1", "R4 R5 R6 R7")) == "play:R4 R5 R6|R7 B7 K7"


def test_greedy_draws_when_its_sets_are_worth_less_than_30_before_its_initial_meld() -> None:
    assert _choose("greedy", view("R2 B2 K2 O5 O6 O7 K12", melded=False)) == "draw"


def test_expert_keeps_its_joker_when_the_play_without_it_places_as_many_number_tiles() -> None:
    for counts in ((14,), (3,)):
        position = view("R7 J K2 O9", "R4 R5 R6", counts=counts)
        assert _choose("normal", position) == "play:R4 R5 R6 R7 J"
        assert _choose("expert", position) == "play:R4 R5 R6 R7"


def test_expert_spends_its_joker_on_a_set_of_its_own() -> None:
    for counts in ((14,), (3,)):
        position = view("K12 K13 J O2", "R4 R5 R6", counts=counts)
        assert _choose("expert", position) == "play:R4 R5 R6|J K12 K13"


def test_expert_holds_its_initial_meld_back_until_its_opponent_comes_close() -> None:
    far = view("R10 B10 K10 O11 O12 O13 K5", melded=False, counts=(14,))
    close = view("R10 B10 K10 O11 O12 O13 K5", melded=False, counts=(3,))
    assert _choose("expert", far) == "draw"
    assert _choose("expert", close) == "play:O11 O12 O13|R10 B10 K10"


def test_expert_holds_tiles_back_only_while_it_can_draw() -> None:
    assert _choose("expert", view("R7 B1 B2 B3 K9", "R4 R5 R6")) == "draw"
    assert (
        _choose("expert", view("R7 B1 B2 B3 K9", "R4 R5 R6", pool=0)) == "play:R4 R5 R6 R7|B1 B2 B3"
    )


def test_expert_short_of_time_weighs_only_the_most_tiles_and_drawing() -> None:
    position = view("R7 J K2 O9", "R4 R5 R6")
    budget = Budget(expert.ALTERNATIVES_UNTIL - 0.05, WALL_LIMIT)
    assert expert.choose(position, random.Random(0), budget) == "draw"


def test_expert_goes_out_at_once() -> None:
    position = view("B1 B2 B3 K5 K6 K7", "R4 R5 R6")
    assert _choose("expert", position) == "play:R4 R5 R6|B1 B2 B3|K5 K6 K7"


@pytest.mark.parametrize("level", ["beginner", "greedy", "normal", "expert"])
def test_every_level_passes_with_nothing_to_play_and_the_pool_empty(level: str) -> None:
    assert _choose(level, view("R1 B5 K9", "R4 R5 R6", pool=0)) == "pass"


def test_beginner_takes_groups_first_when_they_place_more_tiles() -> None:
    position = view("R3 R4 R5 B4 B5 K4 K5", "K9 K10 K11")
    assert _choose("beginner", position) == "play:K9 K10 K11|R4 B4 K4|R5 B5 K5"


def test_beginner_does_not_turn_a_run_of_jokers_into_a_group() -> None:
    # J R5 B5 J would be a valid group, but the jokers stood for R4 and R6.
    assert _choose("beginner", view("B5 K11", "J R5 J")) == "draw"


def test_beginner_with_two_jokers_and_no_pair_draws() -> None:
    assert _choose("beginner", view("R1 K5 J J", "B9 B10 B11")) == "draw"
