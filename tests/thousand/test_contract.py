"""The contract: from the bid to 120 plus the marriages in the declarer's 8 cards (rules 2.5)."""

import pytest

from games.thousand.engine import Rules, legal_actions

from .helpers import deal, play, refusal

# Dealer 2: seat 0 opens. Seat 0 holds the spades marriage (40), seat 1 the clubs (60).
MARRIED = ("AS TS KS QS 9H JH AD", "9S JS AC TC KC QC TD", "KD 9D JD AH TH KH QH", "9C JC QD")
# Seat 1 holds the king of diamonds; the queen is in the musik.
QUEEN_IN_THE_MUSIK = (
    "AS TS 9H JH AD 9C JC",
    "9S JS AC TC KC KD TD",
    "QS KS 9D JD AH TH KH",
    "QC QD QH",
)


def contracts(*values: int) -> tuple[str, ...]:
    return tuple(f"contract:{value}" for value in values)


def test_without_a_marriage_the_contract_is_the_bid_up_to_120() -> None:
    # Seat 0 gives away the queen of its spades marriage.
    state = play(deal(2, *MARRIED), "pass pass give:QS give:9H")
    assert (state.phase, state.to_move) == ("contract", 0)
    assert legal_actions(state) == contracts(100, 110, 120)
    assert refusal(state, "contract:130") == "Without a marriage the contract is at most 120."


def test_a_marriage_kept_in_the_8_cards_raises_the_limit_by_its_value() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass give:9C give:JC")
    assert legal_actions(state) == contracts(110, 120, 130, 140, 150, 160, 170, 180)
    assert refusal(state, "contract:190") == "With your cards the contract is at most 180."


def test_a_marriage_completed_by_the_musik_counts() -> None:
    state = play(deal(2, *QUEEN_IN_THE_MUSIK), "bid:110 pass pass give:9S give:JS")
    # Clubs (60) came whole from the musik's queen; diamonds (80) too.
    assert legal_actions(state)[-1] == "contract:260"


def test_a_marriage_given_away_does_not_count() -> None:
    state = play(deal(2, *QUEEN_IN_THE_MUSIK), "bid:110 pass pass give:QC give:KD")
    assert legal_actions(state) == contracts(110, 120)


def test_if_the_8_cards_allow_less_than_the_bid_the_contract_is_the_bid() -> None:
    state = play(deal(2, *MARRIED), "bid:180 pass pass give:QC give:9C")
    assert legal_actions(state) == contracts(180)
    assert refusal(state, "contract:190") == "With your cards the contract is at most 180."
    assert play(state, "contract:180").contract == 180


def test_the_contract_must_be_at_least_the_bid() -> None:
    state = play(deal(2, *MARRIED), "bid:130 pass pass give:9C give:JC")
    assert refusal(state, "contract:120") == "The contract must be at least your bid of 130."


def test_the_contract_goes_up_in_steps_of_10() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass give:9C give:JC")
    assert refusal(state, "contract:125") == "The contract goes up in steps of 10."


def test_with_a_step_of_5_the_contract_goes_up_in_fives() -> None:
    state = play(deal(2, *MARRIED, rules=Rules(bid_step=5)), "pass pass give:QS give:9H")
    assert legal_actions(state) == contracts(100, 105, 110, 115, 120)
    assert play(state, "contract:115").contract == 115


def test_after_the_contract_the_declarer_leads_to_the_first_trick() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass give:9C give:JC contract:150")
    assert (state.phase, state.contract, state.to_move, state.trump) == ("playing", 150, 1, None)
    assert state.trick_number == 1
    assert legal_actions(state) == (
        "play:9S",
        "play:JS",
        "play:QC",
        "play:KC",
        "play:TC",
        "play:AC",
        "play:QD",
        "play:TD",
    )


@pytest.mark.parametrize("action", ["play:AC", "give:AC", "bid:120", "pass"])
def test_other_actions_are_refused_until_the_contract_is_announced(action: str) -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass give:9C give:JC")
    assert refusal(state, action) == "The declarer must first announce the contract."
