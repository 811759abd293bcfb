"""The musik turned up and taken, and the two given cards (rules 2.4)."""

import pytest

from games.thousand.engine import legal_actions, observation
from games.thousand.engine.cards import names_of

from .helpers import deal, play, refusal

# Dealer 2: seat 0 opens at 100.
MARRIED = ("AS TS KS QS 9H JH AD", "9S JS AC TC KC QC TD", "KD 9D JD AH TH KH QH", "9C JC QD")


def test_nobody_sees_the_musik_before_the_auction_ends() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass")
    assert [observation(state, seat).musik for seat in range(3)] == [None, None, None]


def test_the_declarer_turns_the_musik_up_for_everyone_to_see() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass")
    assert [observation(state, seat).musik for seat in range(3)] == [("9C", "JC", "QD")] * 3


def test_the_declarer_takes_the_musik_into_hand_and_may_give_any_of_its_10_cards() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass")
    assert (state.phase, state.declarer, state.to_move) == ("giving", 1, 1)
    assert names_of(state.hands[1]) == (
        *("9S", "JS", "9C", "JC", "QC", "KC", "TC", "AC", "QD", "TD"),
    )
    assert legal_actions(state) == (
        *("give:9S", "give:JS", "give:9C", "give:JC", "give:QC"),
        *("give:KC", "give:TC", "give:AC", "give:QD", "give:TD"),
    )


@pytest.mark.parametrize(
    ("auction", "declarer", "left", "right"),
    [("pass pass", 0, 1, 2), ("bid:110 pass pass", 1, 2, 0), ("pass bid:110 pass", 2, 0, 1)],
)
def test_the_first_card_goes_to_the_player_on_the_left_then_one_to_the_right(
    auction: str, declarer: int, left: int, right: int
) -> None:
    state = play(deal(2, *MARRIED), auction)
    assert state.declarer == declarer
    dealt = state.hands
    state = play(state, "give:9C")
    assert names_of(state.hands[left]) == tuple(sorted_names(dealt[left], "9C"))
    assert state.hands[right] == dealt[right]
    assert (state.phase, state.to_move) == ("giving", declarer)
    state = play(state, "give:QD")
    assert names_of(state.hands[right]) == tuple(sorted_names(dealt[right], "QD"))
    assert (state.phase, state.to_move) == ("contract", declarer)
    assert [hand.bit_count() for hand in state.hands] == [8, 8, 8]
    assert state.history[-2:] == ((declarer, "give:9C"), (declarer, "give:QD"))


def sorted_names(hand: int, extra: str) -> list[str]:
    """The cards of ``hand`` plus ``extra``, in the engine's card order (suit, then rank)."""
    order = {name: index for index, name in enumerate(r + s for s in "SCDH" for r in "9JQKTA")}
    return sorted([*names_of(hand), extra], key=order.__getitem__)


def test_the_receiver_and_the_declarer_see_a_given_card_and_the_third_player_does_not() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass give:9C give:QD")
    assert observation(state, 1).gives == ("9C", "QD")
    assert observation(state, 2).gives == ("9C", None)
    assert observation(state, 0).gives == (None, "QD")
    assert observation(state, 0).history[-2:] == ((1, "give"), (1, "give:QD"))


def test_the_declarer_cannot_give_a_card_it_does_not_hold() -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass")
    assert refusal(state, "give:AH") == "You do not hold AH."
    state = play(state, "give:9C")
    assert refusal(state, "give:9C") == "You do not hold 9C."


@pytest.mark.parametrize("action", ["contract:120", "play:9C", "bid:120", "pass", "keep"])
def test_other_actions_are_refused_until_both_cards_are_given(action: str) -> None:
    state = play(deal(2, *MARRIED), "bid:110 pass pass give:9C")
    assert refusal(state, action) == "The declarer must first give a card to each opponent."
