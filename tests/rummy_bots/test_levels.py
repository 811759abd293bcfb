"""Scripted positions where each level's choice is known exactly."""

from __future__ import annotations

import random

import pytest

from games.rummy.bots import WALL_LIMIT, choose_action, expert
from games.rummy.bots.common import Budget
from games.rummy.engine import Observation, parse_table, parse_tiles

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


def test_expert_keeps_its_joker_when_the_play_without_it_places_as_many_tiles() -> None:
    assert _choose("expert", view("R7 J K2 O9", "R4 R5 R6")) == "play:R4 R5 R6 R7"


def test_expert_keeps_its_joker_even_when_the_play_without_it_places_fewer_tiles() -> None:
    position = view("R7 K12 K13 J O2", "R4 R5 R6")
    assert _choose("normal", position) == "play:R4 R5 R6 R7|J K12 K13"
    assert _choose("expert", position) == "play:R4 R5 R6 R7"


def test_expert_draws_rather_than_play_its_joker_while_no_opponent_is_close() -> None:
    position = view("K12 K13 J O2", "R4 R5 R6")
    assert _choose("normal", position) == "play:R4 R5 R6|J K12 K13"
    assert _choose("expert", position) == "draw"


def test_expert_plays_its_joker_when_too_little_time_is_left_to_solve_without_it() -> None:
    position = view("K12 K13 J O2", "R4 R5 R6")
    budget = Budget(expert.ALTERNATIVES_UNTIL - 0.05, WALL_LIMIT)
    assert expert.choose(position, random.Random(0), budget) == "play:R4 R5 R6|J K12 K13"


def test_expert_plays_its_joker_once_the_pool_is_empty() -> None:
    position = view("K12 K13 J O2", "R4 R5 R6", pool=0)
    assert _choose("expert", position) == "play:R4 R5 R6|J K12 K13"


def test_expert_plays_its_joker_when_an_opponent_is_about_to_go_out() -> None:
    position = view("R7 J K2 O9", "R4 R5 R6", counts=(14, 3))
    assert _choose("expert", position) == "play:R4 R5 R6 R7 J"


def test_expert_places_the_most_tiles_while_no_opponent_is_close() -> None:
    assert _choose("expert", view("R7 B1 B2 B3 K9", "R4 R5 R6")) == "play:R4 R5 R6 R7|B1 B2 B3"


def test_expert_goes_out_at_once() -> None:
    position = view("B1 B2 B3 K5 K6 K7", "R4 R5 R6")
    assert _choose("expert", position) == "play:R4 R5 R6|B1 B2 B3|K5 K6 K7"


def test_expert_melds_every_set_it_holds() -> None:
    position = view("R10 B10 K10 O11 O12 O13 K5", melded=False)
    assert _choose("expert", position) == "play:O11 O12 O13|R10 B10 K10"


@pytest.mark.parametrize("level", ["beginner", "normal", "expert"])
def test_every_level_passes_with_nothing_to_play_and_the_pool_empty(level: str) -> None:
    assert _choose(level, view("R1 B5 K9", "R4 R5 R6", pool=0)) == "pass"


def test_the_expert_knows_which_tiles_the_tables_sets_take_alone() -> None:
    table = parse_table("R4 R5 R6|K1 K2 K3|B13 K13 O13|R9 B9 K9 O9|J O5 O6")
    assert expert._spots(table) == frozenset(parse_tiles("R3 R7 K4 R13 O3 O7"))


def test_the_expert_counts_the_racks_that_could_go_out_the_easy_way() -> None:
    table = parse_table("R4 R5 R6")
    singles = [parse_tiles(name) for name in ("R7", "R3", "K9", "J")]
    assert expert._going_out_chance(table, singles, True) == 0.75
    assert expert._going_out_chance(table, singles, False) == 0.0
    sets = [parse_tiles("K5 K6 K7"), parse_tiles("K10 K11 K12"), parse_tiles("K12 J B9")]
    assert expert._going_out_chance(table, sets, True) == 2 / 3
    # Before its initial meld an opponent goes out only with a set worth 30.
    assert expert._going_out_chance(table, sets, False) == 1 / 3


def test_expert_keeps_back_the_tile_that_would_let_a_close_opponent_go_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def chance(table: tuple[tuple[int, ...], ...], racks: object, melded: bool) -> float:
        # As if the opponent's last tile were R8: out exactly when R7 lies on the table.
        return 1.0 if any(parse_tiles("R7")[0] in tiles for tiles in table) else 0.0

    monkeypatch.setattr(expert, "_going_out_chance", chance)
    position = view("R7 B1 B2 B3 O9", "R4 R5 R6", counts=(1,))
    assert _choose("normal", position) == "play:R4 R5 R6 R7|B1 B2 B3"
    assert _choose("expert", position) == "play:R4 R5 R6|B1 B2 B3"


def test_beginner_takes_groups_first_when_they_place_more_tiles() -> None:
    position = view("R3 R4 R5 B4 B5 K4 K5", "K9 K10 K11")
    assert _choose("beginner", position) == "play:K9 K10 K11|R4 B4 K4|R5 B5 K5"


def test_beginner_does_not_turn_a_run_of_jokers_into_a_group() -> None:
    # J R5 B5 J would be a valid group, but the jokers stood for R4 and R6.
    assert _choose("beginner", view("B5 K11", "J R5 J")) == "draw"


def test_beginner_with_two_jokers_and_no_pair_draws() -> None:
    assert _choose("beginner", view("R1 K5 J J", "B9 B10 B11")) == "draw"
