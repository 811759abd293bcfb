"""Marriages: declared by leading K or Q from trick 2 on; points and trump (rules 2.6)."""

from games.thousand.engine import HandState, legal_actions

from .helpers import (
    HEARTS_LED,
    HEARTS_LED_TRICK_1,
    MARRIAGES,
    MARRIAGES_PLAY,
    TRUMP_ON_THE_TABLE,
    in_play,
    last_trick,
    play,
)

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)


def declared(state: HandState) -> list[tuple[int, str, int]]:
    """The declared marriages as (seat, suit letter, trick number)."""
    return [(m.seat, "SCDH"[m.suit], m.trick) for m in state.marriages]


def test_a_marriage_led_on_the_first_trick_is_not_declared() -> None:
    state = play(in_play(*MARRIAGES), "play:KH")
    assert (state.trump, state.marriages, state.marriage_points) == (None, (), (0, 0, 0))
    state = play(state, "play:9H play:JH")
    assert last_trick(state) == (0, ("KH", "9H", "JH"), 0)
    assert state.trump is None


def test_a_king_or_queen_whose_partner_is_gone_declares_nothing() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY[:1]) + " play:QH")
    assert (state.trump, state.marriages, state.marriage_points) == (None, (), (0, 0, 0))


def test_leading_a_king_of_a_held_marriage_from_trick_2_declares_it() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY[:2]) + " play:KD")
    assert declared(state) == [(0, "D", 3)]
    assert state.marriage_points == (0 + 80, 0, 0)
    # The led king is already a trump: seat 1 must beat it with the ace.
    assert state.trump == DIAMONDS
    assert legal_actions(state) == ("play:AD",)


def test_leading_a_queen_of_a_held_marriage_declares_it_too() -> None:
    state = play(in_play(*TRUMP_ON_THE_TABLE), "play:AC play:9C play:JC play:QS")
    assert declared(state) == [(0, "S", 2)]
    assert (state.trump, state.marriage_points) == (SPADES, (40, 0, 0))


def test_playing_a_marriage_card_to_another_player_s_lead_declares_nothing() -> None:
    # Seat 0 holds KS and QS but has no club to follow 9C.
    state = play(in_play(*HEARTS_LED), f"{HEARTS_LED_TRICK_1} play:9C play:KS")
    assert (state.trump, state.marriages, state.marriage_points) == (None, (), (0, 0, 0))


def test_an_opponent_who_leads_a_marriage_declares_it_and_it_becomes_the_new_trump() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY[:3]))
    assert state.to_move == 1
    state = play(state, "play:KS")
    assert declared(state) == [(0, "D", 3), (1, "S", 4)]
    assert state.marriage_points == (80, 40, 0)
    assert state.trump == SPADES
    state = play(state, "play:9S")
    # Diamonds are no longer trumps from the lead of KS: seat 0, without spades, need not
    # play its QD, and QD does not win.
    assert legal_actions(state) == ("play:QC", "play:KC", "play:QD", "play:TH", "play:AH")
    state = play(state, "play:QD")
    assert last_trick(state) == (1, ("KS", "9S", "QD"), 1)


def test_declared_marriages_count_in_the_hand_points_of_whoever_declared_them() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY))
    assert state.phase == "over"
    assert state.taken == (11, 109, 0)
    assert state.marriage_points == (80, 40, 0)
    assert state.result is not None
    assert state.result.hand_points == (91, 149, 0)


def test_a_marriage_scores_once_even_if_its_other_card_is_led_later() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY[:6]) + " play:QS")
    assert declared(state) == [(0, "D", 3), (1, "S", 4)]
    assert state.marriage_points == (80, 40, 0)
