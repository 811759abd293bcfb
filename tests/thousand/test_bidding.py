"""The auction: the compulsory 100, raising, passing, the end, the limits (rules 2.3)."""

import pytest

from games.thousand.engine import Rules, legal_actions

from .helpers import deal, play, refusal

# Dealer 2, so seat 0 opens. Nobody holds a marriage.
PLAIN = ("AS TS KS AD TD JC 9H", "9S JS AC TC KC 9D JD", "QS AH TH KH 9C KD JH", "QC QD QH")
# Seat 0 holds spades (40), seat 1 clubs (60), seat 2 hearts (100).
MARRIED = ("AS TS KS QS 9H JH AD", "9S JS AC TC KC QC TD", "KD 9D JD AH TH KH QH", "9C JC QD")
# Seat 1 holds hearts and diamonds (180), seat 2 spades and clubs (100).
TWO_MARRIAGES = ("AC TC 9C JC TS 9D JD", "KH QH KD QD AS 9S JS", "KS QS KC QC TD AD AH", "9H JH TH")


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_player_left_of_the_dealer_opens_with_a_compulsory_100(dealer: int) -> None:
    state = deal(dealer, *PLAIN)
    opener = (dealer + 1) % 3
    assert (state.phase, state.bid, state.bidder) == ("bidding", 100, opener)
    assert state.to_move == (opener + 1) % 3
    assert state.history == ((opener, "bid:100"),)
    assert state.actions() == []


def test_without_a_marriage_a_player_may_bid_110_or_120_or_pass() -> None:
    assert legal_actions(deal(2, *PLAIN)) == ("bid:110", "bid:120", "pass")


def test_it_rejects_a_bid_over_120_without_a_marriage() -> None:
    assert refusal(deal(2, *PLAIN), "bid:130") == "Without a marriage you may bid at most 120."


def test_with_a_marriage_a_player_may_bid_up_to_120_plus_its_value() -> None:
    state = deal(2, *MARRIED)
    assert legal_actions(state) == (
        *("bid:110", "bid:120", "bid:130", "bid:140", "bid:150", "bid:160", "bid:170"),
        *("bid:180", "pass"),
    )
    assert refusal(state, "bid:190") == "With the marriages you hold you may bid at most 180."


def test_with_two_marriages_the_limit_adds_both_values() -> None:
    state = deal(2, *TWO_MARRIAGES)
    assert legal_actions(state) == (*(f"bid:{bid}" for bid in range(110, 301, 10)), "pass")
    assert refusal(state, "bid:310") == "With the marriages you hold you may bid at most 300."
    state = play(state, "bid:300")
    assert state.bid == 300


def test_each_player_s_limit_comes_from_their_own_marriages() -> None:
    state = play(deal(2, *MARRIED), "bid:110")
    assert legal_actions(state)[-2:] == ("bid:220", "pass")
    state = play(state, "bid:130")
    assert legal_actions(state)[-2:] == ("bid:160", "pass")
    assert refusal(state, "bid:170") == "With the marriages you hold you may bid at most 160."
    state = play(state, "bid:140")
    assert legal_actions(state)[-2:] == ("bid:180", "pass")


def test_bids_go_up_in_steps_of_10() -> None:
    state = deal(2, *MARRIED)
    assert refusal(state, "bid:115") == "Bids go up in steps of 10."
    assert refusal(state, "bid:105") == "Bids go up in steps of 10."


def test_a_bid_must_be_higher_than_the_current_bid() -> None:
    state = deal(2, *MARRIED)
    assert refusal(state, "bid:100") == "Bid more than the current bid of 100."
    state = play(state, "bid:150")
    assert refusal(state, "bid:150") == "Bid more than the current bid of 150."
    assert refusal(state, "bid:140") == "Bid more than the current bid of 150."
    assert legal_actions(state)[0] == "bid:160"


def test_with_a_bid_step_of_5_bids_go_up_in_fives() -> None:
    state = deal(2, *PLAIN, rules=Rules(bid_step=5))
    assert legal_actions(state) == ("bid:105", "bid:110", "bid:115", "bid:120", "pass")
    state = play(state, "bid:115")
    assert (state.bid, state.bidder, state.to_move) == (115, 1, 2)
    assert legal_actions(state) == ("bid:120", "pass")
    assert refusal(state, "bid:112") == "112 is not a multiple of 5."


def test_a_player_who_cannot_raise_may_only_pass() -> None:
    state = play(deal(2, *PLAIN), "bid:120")
    assert legal_actions(state) == ("pass",)
    assert refusal(state, "bid:130") == "Without a marriage you may bid at most 120."


def test_if_both_others_pass_the_opener_is_declarer_at_100() -> None:
    state = play(deal(2, *MARRIED), "pass pass")
    assert (state.phase, state.declarer, state.bid, state.to_move) == ("giving", 0, 100, 0)


def test_the_auction_goes_on_until_two_players_have_passed() -> None:
    state = deal(2, *MARRIED)
    moves = []
    for action in ["bid:110", "bid:120", "pass", "bid:130", "bid:140"]:
        state = play(state, action)
        moves.append((state.phase, state.to_move, state.bid))
    assert moves == [
        ("bidding", 2, 110),
        ("bidding", 0, 120),
        ("bidding", 1, 120),
        ("bidding", 2, 130),
        ("bidding", 1, 140),
    ]
    state = play(state, "pass")
    assert (state.phase, state.declarer, state.bid) == ("giving", 2, 140)
    assert state.actions() == ["bid:110", "bid:120", "pass", "bid:130", "bid:140", "pass"]


def test_a_player_who_passed_is_skipped_and_the_opener_may_raise_its_own_bid() -> None:
    state = play(deal(2, *MARRIED), "pass bid:110")
    assert state.to_move == 0
    state = play(state, "bid:120")
    assert state.to_move == 2
    state = play(state, "bid:130 pass")
    assert (state.phase, state.declarer, state.bid) == ("giving", 2, 130)


def test_the_last_bidder_wins_the_auction_when_the_others_pass() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass")
    assert (state.phase, state.declarer, state.bid, state.to_move) == ("giving", 1, 110, 1)


@pytest.mark.parametrize("action", ["give:AS", "contract:120", "play:AS", "keep", "redeal"])
def test_other_actions_are_refused_during_the_auction(action: str) -> None:
    assert refusal(deal(2, *MARRIED), action) == "The auction is on: bid or pass."
