"""Who wins a trick, with and without a trump, and who leads next (rules 2.6)."""

from games.thousand.engine import legal_actions

from .helpers import (
    HEARTS_LED,
    HEARTS_LED_TRICK_1,
    OVERTRUMP,
    OVERTRUMP_TRICK_1,
    TRUMP_ON_THE_TABLE,
    TRUMP_ON_THE_TABLE_TRICKS_1_2,
    in_play,
    last_trick,
    play,
)


def test_without_a_trump_the_highest_card_of_the_led_suit_wins_and_leads_next() -> None:
    state = play(in_play(*HEARTS_LED), HEARTS_LED_TRICK_1)
    assert last_trick(state) == (0, ("KH", "JH", "AH"), 2)
    assert (state.to_move, state.leader, state.trick) == (2, 2, ())
    assert state.taken == (0, 0, 17)


def test_without_a_trump_a_higher_card_of_another_suit_does_not_win() -> None:
    state = play(in_play(*HEARTS_LED), f"{HEARTS_LED_TRICK_1} play:9C play:AS play:TC")
    assert last_trick(state) == (2, ("9C", "AS", "TC"), 1)
    assert state.taken == (0, 21, 17)
    assert state.to_move == 1


def test_the_led_card_wins_when_nobody_beats_it() -> None:
    state = play(in_play(*OVERTRUMP), OVERTRUMP_TRICK_1)
    assert last_trick(state) == (0, ("AC", "9C", "JC"), 0)
    assert state.to_move == 0


def test_when_trumps_are_led_the_highest_trump_wins() -> None:
    state = play(in_play(*TRUMP_ON_THE_TABLE), TRUMP_ON_THE_TABLE_TRICKS_1_2)
    assert state.trump == 0
    assert last_trick(state) == (0, ("QS", "AS", "9S"), 1)


def test_a_trump_beats_the_ace_of_the_led_suit() -> None:
    state = play(in_play(*TRUMP_ON_THE_TABLE), TRUMP_ON_THE_TABLE_TRICKS_1_2)
    state = play(state, "play:TH play:JS play:AH")
    assert last_trick(state) == (1, ("TH", "JS", "AH"), 2)
    assert state.to_move == 2


def test_a_trump_played_third_beats_the_led_suit() -> None:
    # Seat 0 declares spades on trick 2 and seat 1 takes it; on trick 3 seat 0 has no heart.
    state = in_play("AC QS KS 9D JD QD KD TD", "AD 9C AS 9H QH KH TH AH", "TC JC 9S JH KC QC TS JS")
    state = play(state, "play:AC play:9C play:JC play:QS play:AS play:9S")
    state = play(state, "play:9H play:JH play:KS")
    assert last_trick(state) == (1, ("9H", "JH", "KS"), 0)


def test_the_higher_of_two_trumps_wins() -> None:
    state = play(in_play(*OVERTRUMP), OVERTRUMP_TRICK_1)
    state = play(state, "play:QS play:AS play:TS play:9H play:JS play:KS")
    assert last_trick(state) == (1, ("9H", "JS", "KS"), 0)


def test_a_lower_trump_played_over_a_higher_one_does_not_win() -> None:
    state = play(in_play(*OVERTRUMP), OVERTRUMP_TRICK_1)
    state = play(state, "play:QS play:AS play:JS play:9H play:TS play:9S")
    assert last_trick(state) == (1, ("9H", "TS", "9S"), 2)


def test_with_a_trump_declared_but_none_played_the_led_suit_wins_over_a_discarded_ace() -> None:
    state = play(in_play(*OVERTRUMP), OVERTRUMP_TRICK_1)
    state = play(state, "play:QS play:AS play:TS play:9H play:JS play:KS")
    state = play(state, "play:9D play:AH play:KD")
    assert state.trump == 0
    assert last_trick(state) == (0, ("9D", "AH", "KD"), 2)


def test_a_hand_has_eight_tricks_then_it_is_over() -> None:
    state = in_play(*OVERTRUMP)
    numbers = []
    while state.phase == "playing":
        numbers.append(state.trick_number)
        state = play(state, legal_actions(state)[0])
    assert sorted(set(numbers)) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert len(state.tricks) == 8
    assert state.phase == "over"
