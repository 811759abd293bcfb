"""Four players with the musik points (rules 4.2): the dealer sitting the hand out scores 50
for each ace in the musik and the value of a marriage in it, sees the musik from the deal on,
and the players see it (and its worth) only once it is turned up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.engine import (
    HandState,
    MatchState,
    Observation,
    Rules,
    after_hand,
    apply,
    deal_hand,
    deal_next,
    deltas_by_seat,
    legal_actions,
    musik_points,
    new_hand,
    observation,
    sitting_out_view,
    spectator_view,
    view_for_seat,
)
from games.thousand.engine.cards import mask_of, names_of, parse_card
from games.thousand.replay import run_scenario

from .helpers import ALL_CARD_NAMES, exactly, play, worked_example
from .test_match import LOW_AT_SEAT_1
from .test_properties import card_strings, check_finished_hand

POINTS = Rules(players=4, musik_points=True)
WORKED = worked_example()


def cards(names: str) -> int:
    return mask_of(parse_card(name) for name in names.split())


@pytest.mark.parametrize(
    ("musik", "points"),
    [
        ("AS AH AD", 150),
        ("KH QH AS", 150),
        ("KD QD 9H", 80),
        ("QC KC TC", 60),
        ("KS QS 9H", 40),
        ("KH QD AC", 50),
        ("9S JS TS", 0),
    ],
)
def test_each_ace_scores_50_and_a_marriage_its_value(musik: str, points: int) -> None:
    assert musik_points(cards(musik)) == points


def worked_hand(
    dealer: int, scores: tuple[int, int, int], dealer_score: int, rules: Rules = POINTS
) -> HandState:
    """The seeds' worked example dealt by ``dealer`` (musik JS, AS, QC: one ace, 50)."""
    return new_hand(dealer, WORKED["hands"], WORKED["musik"], scores, rules, dealer_score)


def test_the_dealer_sitting_out_scores_the_musik_with_the_hand_s_result() -> None:
    match = MatchState(rules=POINTS, scores=(10, 300, 30, 40), dealer=1, hands_played=4)
    hand = deal_and_play(1, (30, 40, 10), 300)
    assert hand.result is not None
    assert (hand.result.score_deltas, hand.result.dealer_delta) == ((120, 20, 20), 50)
    assert deltas_by_seat(hand) == (20, 50, 120, 20)
    assert after_hand(match, hand) == MatchState(
        rules=POINTS, scores=(30, 350, 150, 60), dealer=2, hands_played=5
    )


def deal_and_play(
    dealer: int, scores: tuple[int, int, int], dealer_score: int, rules: Rules = POINTS
) -> HandState:
    return play(worked_hand(dealer, scores, dealer_score, rules), " ".join(WORKED["actions"]))


def test_without_the_option_the_dealer_scores_nothing() -> None:
    hand = deal_and_play(1, (30, 40, 10), 300, Rules(players=4))
    assert hand.result is not None
    # The dealer's score is known to the hand (the players see it), but nothing is added to it.
    assert (hand.dealer_score, hand.result.dealer_delta) == (300, 0)
    assert deltas_by_seat(hand) == (20, 0, 120, 20)


def test_a_dealer_on_the_barrel_scores_nothing_from_the_musik() -> None:
    hand = deal_and_play(1, (30, 40, 10), 800)
    assert hand.result is not None
    assert hand.result.dealer_delta == 0


def test_the_musik_never_takes_the_dealer_past_the_cap() -> None:
    # The hearts marriage and the ace of hearts: 150, from 399 in a match to 500: 490.
    rules = Rules(target=500, players=4, musik_points=True)
    hands = [["AS", "TS", "KS", "QS", "AC", "TC", "9H"], ["9S", "9C", "9D", "JS", "JC", "JD", "TH"]]
    hands.append(["KC", "QC", "AD", "TD", "KD", "QD", "JH"])
    state = new_hand(3, hands, ["KH", "QH", "AH"], (0, 0, 0), rules, 399)
    state = play(state, "pass pass give:9H give:TC contract:100")
    while legal_actions(state):
        state = apply(state, legal_actions(state)[0])
    assert state.result is not None
    assert state.result.dealer_delta == 91
    match = MatchState(rules=rules, scores=(0, 0, 0, 399), dealer=3)
    after = after_hand(match, state)
    assert after.scores[3] == 490
    assert after.winner is None or after.winner != 3


def test_a_redealt_hand_scores_nothing_for_the_dealer_either() -> None:
    hands = [hand.split() for hand in LOW_AT_SEAT_1[:3]]
    state = new_hand(3, hands, LOW_AT_SEAT_1[3].split(), (0, 0, 0), POINTS, 200)
    match = MatchState(rules=POINTS, scores=(0, 0, 0, 200), dealer=3)
    after = after_hand(match, play(state, "redeal"))
    assert after == MatchState(rules=POINTS, scores=(0, 0, 0, 200), dealer=3, redeals=1)


def test_the_dealer_sees_the_musik_and_its_worth_from_the_deal_the_players_once_turned_up() -> None:
    state = worked_hand(1, (30, 40, 10), 300)
    dealer = view_for_seat(state, 1)
    assert dealer == sitting_out_view(state)
    assert not isinstance(dealer, Observation)
    assert (dealer.musik, dealer.musik_points) == (("JS", "AS", "QC"), 50)
    assert (spectator_view(state).musik, spectator_view(state).musik_points) == (None, None)
    for position in range(3):
        view = observation(state, position)
        assert (view.musik, view.musik_points) == (None, None)
        assert card_strings(view) == set(view.hand)
    state = play(state, "pass pass")
    for position in range(3):
        view = observation(state, position)
        assert (view.musik, view.musik_points) == (("JS", "AS", "QC"), 50)
    assert sitting_out_view(state) == spectator_view(state)


def test_without_the_option_the_sitting_out_dealer_sees_only_what_is_public() -> None:
    state = worked_hand(1, (30, 40, 10), 0, Rules(players=4))
    assert sitting_out_view(state) == spectator_view(state)
    assert (sitting_out_view(state).musik, sitting_out_view(state).musik_points) == (None, None)


def test_the_match_hands_the_dealer_s_score_to_the_hand_and_checks_it_back() -> None:
    match = MatchState(rules=POINTS, scores=(10, 20, 30, 40), dealer=2)
    state = deal_next(match, random.Random(3))
    assert (state.scores, state.dealer_score) == ((40, 10, 20), 30)
    assert state.deal_record()["dealer_score"] == 30
    other = MatchState(rules=POINTS, scores=(10, 20, 35, 40), dealer=2)
    with pytest.raises(
        ValueError, match=exactly("this hand does not belong to the match as it stands")
    ):
        after_hand(other, play(state, "redeal" if state.to_ask else "pass pass"))


def test_a_replayed_hand_shows_the_musik_points_and_the_dealer_s_change() -> None:
    result = run_scenario(
        {
            **worked_example(rules=POINTS.to_dict(), scores=[30, 40, 10]),
            "dealer": 1,
            "dealer_score": 300,
        }
    )
    assert (result["musik_points"], result["dealer_delta"]) == (50, 50)
    assert result["score_deltas"] == [120, 20, 20]
    started = run_scenario({**worked_example(rules=POINTS.to_dict()), "actions": []})
    assert started["musik_points"] == 50
    assert "dealer_delta" not in started


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), data=st.data())
def test_no_player_sees_the_musik_before_it_is_turned_up(
    seed: int, dealer: int, data: st.DataObject
) -> None:
    state = deal_hand(
        dealer, random.Random(seed), (0, 0, 0), POINTS, data.draw(st.integers(0, 900))
    )
    musik = set(names_of(state.musik))
    assert card_strings(view_for_seat(state, dealer)) == musik
    while legal_actions(state):
        for position in range(3):
            view = observation(state, position)
            if state.declarer is None:
                assert view.musik_points is None
                assert not card_strings(view) & musik
            else:
                assert view.musik_points == musik_points(state.musik)
        state = apply(state, data.draw(st.sampled_from(legal_actions(state))))
    assert musik <= ALL_CARD_NAMES
    if state.result is not None:
        check_finished_hand(state)
        assert state.dealer_score is not None
        gained = 0 if state.dealer_score >= 800 else musik_points(state.musik)
        assert state.result.dealer_delta == gained
