"""The re-deal question before the bidding, and abandoning with four 9s (rules 2.2, 4)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.engine import (
    HOUSE_RULES,
    HandState,
    MatchState,
    Rules,
    after_hand,
    deal_hand,
    legal_actions,
)

from .helpers import deal, play, refusal

ABANDON = Rules(four_nines="abandon")

FOUR_NINES = "9S 9C 9D 9H AS AC AD"
LOW = "9S 9C 9D JS JC JD QH"
"""Nine points and no marriage. (A hand under 10 points without a marriage always holds at
least three 9s: seven cards with fewer are worth 11 or more.)"""
TEN_POINTS = "9S 9C 9D JS JC JD KH"
NINE_POINTS_WITH_A_MARRIAGE = "KS QS 9S 9C 9D 9H JC"

DEALS = {
    FOUR_NINES: ("TS KS QS TC KC QC TD", "JS JC JD QD KD JH QH", "KH TH AH"),
    LOW: ("9H AS TS KS QS AC TC", "KC QC AD TD KD QD JH", "KH TH AH"),
    TEN_POINTS: ("9H AS TS KS QS AC TC", "KC QC AD TD KD QD JH", "QH TH AH"),
    NINE_POINTS_WITH_A_MARRIAGE: ("AS TS AC TC KC QC AD", "TD KD QD JD JS JH QH", "KH TH AH"),
}


def dealt_hands(seat: int, hand: str) -> tuple[str, str, str, str]:
    """The three hands and the musik of ``hand``'s deal, with ``hand`` at ``seat``."""
    first, second, musik = DEALS[hand]
    hands = ["", "", ""]
    hands[seat], hands[(seat + 1) % 3], hands[(seat + 2) % 3] = hand, first, second
    return hands[0], hands[1], hands[2], musik


def dealt_to(
    seat: int,
    dealer: int,
    hand: str,
    rules: Rules = HOUSE_RULES,
    scores: tuple[int, int, int] = (0, 0, 0),
) -> HandState:
    """A new hand with ``hand`` at ``seat``."""
    return deal(dealer, *dealt_hands(seat, hand), rules=rules, scores=scores)


def test_a_hand_with_all_four_nines_is_asked_about_a_redeal() -> None:
    state = dealt_to(1, 0, FOUR_NINES)
    assert (state.phase, state.to_move, state.bid) == ("redeal", 1, None)
    assert legal_actions(state) == ("keep", "redeal")


def test_a_hand_under_10_points_without_a_marriage_is_asked_about_a_redeal() -> None:
    state = dealt_to(1, 0, LOW)
    assert (state.phase, state.to_move) == ("redeal", 1)
    assert legal_actions(state) == ("keep", "redeal")


def test_a_hand_of_exactly_10_points_is_not_asked() -> None:
    state = dealt_to(1, 0, TEN_POINTS)
    assert (state.phase, state.to_move, state.bid) == ("bidding", 2, 100)


def test_a_hand_under_10_points_with_a_marriage_is_not_asked_for_its_points() -> None:
    state = dealt_to(1, 0, NINE_POINTS_WITH_A_MARRIAGE, ABANDON)
    assert state.phase == "bidding"


def test_the_same_hand_is_asked_under_the_house_rules_for_its_four_nines() -> None:
    state = dealt_to(1, 0, NINE_POINTS_WITH_A_MARRIAGE)
    assert (state.phase, state.to_move) == ("redeal", 1)


@pytest.mark.parametrize("dealer", [0, 1, 2])
@pytest.mark.parametrize("offset", [1, 2, 0], ids=["left", "right", "dealer"])
@pytest.mark.parametrize("hand", [FOUR_NINES, LOW], ids=["four nines", "low"])
def test_only_the_qualifying_player_is_asked_and_then_the_opener_bids_100(
    dealer: int, offset: int, hand: str
) -> None:
    seat = (dealer + offset) % 3
    state = dealt_to(seat, dealer, hand)
    assert (state.phase, state.to_move) == ("redeal", seat)
    state = play(state, "keep")
    opener = (dealer + 1) % 3
    assert state.phase == "bidding"
    assert state.history == ((seat, "keep"), (opener, "bid:100"))
    assert (state.bid, state.bidder, state.to_move) == (100, opener, (opener + 1) % 3)


@settings(max_examples=300)
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 2),
    nines=st.sampled_from(["redeal", "abandon"]),
)
def test_no_deal_has_two_players_to_ask(seed: int, dealer: int, nines: str) -> None:
    state = deal_hand(dealer, random.Random(seed), rules=Rules(four_nines=nines))
    assert len(state.to_ask) <= 1


def test_asking_for_a_redeal_ends_the_hand_and_nobody_scores() -> None:
    state = play(dealt_to(1, 0, LOW), "redeal")
    assert (state.phase, state.to_move, state.result, state.bid) == ("redealt", None, None, None)
    assert legal_actions(state) == ()
    assert state.history == ((1, "redeal"),)


def test_a_redeal_keeps_the_dealer_and_the_scores() -> None:
    scores = (120, -40, 300)
    state = play(dealt_to(1, 0, FOUR_NINES, scores=scores), "redeal")
    match = MatchState(scores=scores, dealer=0, hands_played=4)
    assert after_hand(match, state) == MatchState(
        scores=scores, dealer=0, hands_played=4, redeals=1
    )


def test_a_player_asked_cannot_bid_before_answering() -> None:
    state = dealt_to(1, 0, FOUR_NINES)
    assert refusal(state, "bid:110") == "First answer the re-deal question: keep or redeal."
    assert refusal(state, "pass") == "First answer the re-deal question: keep or redeal."


def test_keep_and_redeal_are_refused_once_the_bidding_is_on() -> None:
    state = dealt_to(1, 0, TEN_POINTS)
    assert refusal(state, "redeal") == "The auction is on: bid or pass."
    assert refusal(state, "keep") == "The auction is on: bid or pass."


def test_with_abandon_four_nines_are_not_asked_before_the_bidding() -> None:
    state = dealt_to(1, 0, FOUR_NINES, ABANDON)
    assert (state.phase, state.to_move) == ("bidding", 2)


def test_with_abandon_a_low_hand_is_still_asked() -> None:
    state = dealt_to(1, 0, LOW, ABANDON)
    assert (state.phase, state.to_move) == ("redeal", 1)


# Seat 0 holds three 9s and finds the fourth in the musik.
NINES_IN_THE_MUSIK = (
    "9S 9C 9D AS TS AC TC",
    "KS QS JS KC QC JC AD",
    "TD KD QD JD KH TH AH",
    "9H JH QH",
)


def test_with_abandon_a_declarer_holding_four_nines_after_the_musik_may_answer_redeal() -> None:
    state = play(deal(2, *NINES_IN_THE_MUSIK, rules=ABANDON), "pass pass")
    assert (state.phase, state.declarer, state.to_move) == ("giving", 0, 0)
    assert legal_actions(state) == (
        *("give:9S", "give:TS", "give:AS", "give:9C", "give:TC", "give:AC"),
        *("give:9D", "give:9H", "give:JH", "give:QH", "redeal"),
    )
    state = play(state, "redeal")
    assert (state.phase, state.to_move, state.result) == ("redealt", None, None)
    assert legal_actions(state) == ()
    assert state.history[-1] == (0, "redeal")
    match = MatchState(rules=ABANDON, dealer=2)
    assert after_hand(match, state) == MatchState(rules=ABANDON, dealer=2, redeals=1)


def test_with_abandon_the_declarer_may_not_abandon_after_the_first_give() -> None:
    state = play(deal(2, *NINES_IN_THE_MUSIK, rules=ABANDON), "pass pass give:AS")
    assert "redeal" not in legal_actions(state)
    assert refusal(state, "redeal") == "Only a declarer holding all four 9s may abandon the hand."


def test_with_abandon_a_declarer_without_four_nines_may_not_abandon() -> None:
    state = play(deal(2, *NINES_IN_THE_MUSIK, rules=ABANDON), "bid:110 pass pass")
    assert state.declarer == 1
    assert "redeal" not in legal_actions(state)
    assert refusal(state, "redeal") == "Only a declarer holding all four 9s may abandon the hand."


def test_under_the_house_rules_a_declarer_with_four_nines_may_not_abandon() -> None:
    state = play(deal(2, *NINES_IN_THE_MUSIK), "pass pass")
    assert "redeal" not in legal_actions(state)
    assert refusal(state, "redeal") == "Only a declarer holding all four 9s may abandon the hand."
