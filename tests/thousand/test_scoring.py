"""Scoring a hand and the match situation: rounding, barrel, cap, winner (rules 2.7, 3)."""

import pytest

from games.thousand.engine import (
    HandResult,
    Rules,
    legal_actions,
    round_opponent_points,
    score_hand,
)

from .helpers import MARRIAGES, MARRIAGES_PLAY, in_play, play, refusal, worked_example_hand

SHORT = Rules(target=500)


def test_the_seeds_worked_example_scores_120_for_the_declarer_and_20_for_each_opponent() -> None:
    state = worked_example_hand()
    assert [(t.leader, t.winner) for t in state.tricks] == [
        (0, 0), (0, 1), (1, 0), (0, 0), (0, 2), (2, 0), (0, 0), (0, 0),
    ]  # fmt: skip
    assert state.taken == (78, 24, 18)
    assert state.marriage_points == (60, 0, 0)
    assert state.result == HandResult(
        hand_points=(138, 24, 18),
        made=True,
        score_deltas=(120, 20, 20),
        scores=(120, 20, 20),
        winner=None,
    )
    assert (state.phase, state.to_move, legal_actions(state)) == ("over", None, ())


def test_nothing_can_be_played_once_the_hand_is_over() -> None:
    state = worked_example_hand()
    assert refusal(state, "play:AS") == "The hand is over."
    assert refusal(state, "keep") == "The hand is over."


def test_the_declarer_who_makes_more_than_the_contract_scores_exactly_the_contract() -> None:
    result = worked_example_hand(contract=130).result
    assert result is not None
    assert (result.made, result.score_deltas) == (True, (130, 20, 20))


def test_the_declarer_who_falls_short_loses_the_contract() -> None:
    result = worked_example_hand(contract=140).result
    assert result is not None
    assert (result.hand_points, result.made) == ((138, 24, 18), False)
    assert (result.score_deltas, result.scores) == ((-140, 20, 20), (-140, 20, 20))


def test_a_declarer_with_exactly_the_contract_makes_it() -> None:
    result = score_hand(Rules(), (0, 0, 0), declarer=1, contract=120, hand_points=(30, 120, 0))
    assert (result.made, result.score_deltas) == (True, (30, 120, 0))


def test_scores_may_go_negative_and_further_negative() -> None:
    result = worked_example_hand(contract=140, scores=(-60, 30, -20)).result
    assert result is not None
    assert result.scores == (-200, 50, 0)


def test_a_declarer_short_by_the_marriage_they_could_not_declare_loses() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY))
    assert state.result == HandResult(
        hand_points=(91, 149, 0),
        made=False,
        score_deltas=(-100, 150, 0),
        scores=(-100, 150, 0),
        winner=None,
    )


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        (24, 20), (25, 20), (26, 30), (18, 20), (15, 10), (14, 10), (16, 20),
        (0, 0), (4, 0), (5, 0), (6, 10), (95, 90), (96, 100), (120, 120), (149, 150),
    ],
)  # fmt: skip
def test_opponents_round_to_the_nearest_ten_with_a_five_rounding_down(
    points: int, rounded: int
) -> None:
    assert round_opponent_points(points, "ten_down") == rounded


@pytest.mark.parametrize(
    ("points", "rounded"),
    [
        (24, 25), (23, 25), (22, 20), (18, 20), (17, 15), (15, 15), (0, 0), (2, 0),
        (3, 5), (147, 145), (148, 150), (149, 150),
    ],
)  # fmt: skip
def test_with_rounding_five_opponents_round_to_the_nearest_five(points: int, rounded: int) -> None:
    assert round_opponent_points(points, "five") == rounded


def test_the_worked_example_with_rounding_five_gives_the_opponents_25_and_20() -> None:
    result = worked_example_hand(rules=Rules(rounding="five")).result
    assert result is not None
    assert result.score_deltas == (120, 25, 20)


def test_an_opponent_on_the_barrel_scores_nothing() -> None:
    result = worked_example_hand(scores=(0, 800, 790)).result
    assert result is not None
    assert (result.score_deltas, result.scores) == ((120, 0, 20), (120, 800, 810))


def test_an_opponent_just_below_the_barrel_still_scores() -> None:
    result = worked_example_hand(scores=(0, 799, 0)).result
    assert result is not None
    assert result.scores == (120, 819, 20)


def test_a_declarer_on_the_barrel_scores_as_declarer() -> None:
    made = worked_example_hand(scores=(850, 0, 0)).result
    failed = worked_example_hand(contract=140, scores=(850, 0, 0)).result
    assert made is not None
    assert failed is not None
    assert (made.scores, failed.scores) == ((970, 20, 20), (710, 20, 20))


def test_in_a_match_to_500_the_barrel_is_at_400() -> None:
    result = worked_example_hand(scores=(0, 400, 399), rules=SHORT).result
    assert result is not None
    assert result.scores == (120, 400, 419)


def test_in_a_match_to_500_an_opponent_is_capped_at_490() -> None:
    state = play(in_play(*MARRIAGES, rules=SHORT, scores=(0, 399, 0)), " ".join(MARRIAGES_PLAY))
    assert state.result is not None
    assert (state.result.score_deltas, state.result.scores) == ((-100, 91, 0), (-100, 490, 0))
    assert state.result.winner is None


def test_an_opponent_is_capped_at_990() -> None:
    result = score_hand(Rules(), (0, 780, 0), declarer=0, contract=120, hand_points=(0, 220, 20))
    assert (result.score_deltas, result.scores, result.winner) == (
        (-120, 210, 20),
        (-120, 990, 20),
        None,
    )


def test_a_declarer_who_makes_the_contract_and_reaches_1000_wins() -> None:
    result = worked_example_hand(scores=(880, 0, 0)).result
    assert result is not None
    assert (result.scores, result.winner) == ((1000, 20, 20), 0)


def test_a_declarer_may_pass_the_target_and_still_wins() -> None:
    result = worked_example_hand(scores=(990, 0, 0)).result
    assert result is not None
    assert (result.scores, result.winner) == ((1110, 20, 20), 0)


def test_a_declarer_who_falls_short_near_the_target_does_not_win() -> None:
    result = worked_example_hand(contract=140, scores=(900, 0, 0)).result
    assert result is not None
    assert (result.scores, result.winner) == ((760, 20, 20), None)


def test_a_declarer_who_falls_short_is_no_winner_even_from_a_score_past_the_target() -> None:
    # Not a position a match reaches, but a replay scenario may start from any scores.
    result = score_hand(SHORT, (795, 0, 0), declarer=0, contract=120, hand_points=(42, 37, 41))
    assert (result.made, result.scores, result.winner) == (False, (675, 40, 40), None)


def test_in_a_match_to_500_the_declarer_who_reaches_500_wins() -> None:
    result = worked_example_hand(scores=(380, 0, 0), rules=SHORT).result
    assert result is not None
    assert (result.scores, result.winner) == ((500, 20, 20), 0)
