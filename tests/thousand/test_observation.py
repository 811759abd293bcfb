"""What one seat may see of a hand, and nothing more (rules section 6)."""

import pytest

from games.thousand.engine import SeenMarriage, SeenTrick, observation

from .helpers import MARRIAGES, MARRIAGES_PLAY, deal, exactly, in_play, play, worked_example_hand

# Dealer 2; seat 1 holds nine points and no marriage, so it alone is asked about a re-deal.
LOW_AT_SEAT_1 = ("AS TS KS QS AC TC 9H", "9S 9C 9D JS JC JD QH", "KC QC AD TD KD QD JH", "KH TH AH")


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = deal(2, *LOW_AT_SEAT_1)
    view = observation(state, 0)
    assert view.hand == ("QS", "KS", "TS", "AS", "TC", "AC", "9H")
    assert view.hand_sizes == (7, 7, 7)
    assert view.musik is None


def test_only_the_player_asked_about_a_redeal_sees_that_it_is_their_turn() -> None:
    state = deal(2, *LOW_AT_SEAT_1)
    views = [observation(state, seat) for seat in range(3)]
    assert [view.phase for view in views] == ["redeal"] * 3
    assert [view.to_move for view in views] == [None, 1, None]
    assert [view.legal for view in views] == [(), ("keep", "redeal"), ()]


def test_another_player_s_keep_is_left_out_of_the_history() -> None:
    state = play(deal(2, *LOW_AT_SEAT_1), "keep")
    assert observation(state, 1).history == ((1, "keep"), (0, "bid:100"))
    assert observation(state, 0).history == ((0, "bid:100"),)
    assert observation(state, 2).history == ((0, "bid:100"),)


def test_an_asked_redeal_is_seen_by_everyone() -> None:
    state = play(deal(2, *LOW_AT_SEAT_1), "redeal")
    assert [observation(state, seat).history for seat in range(3)] == [((1, "redeal"),)] * 3
    assert [observation(state, seat).phase for seat in range(3)] == ["redealt"] * 3


def test_the_auction_is_seen_by_everyone_and_the_legal_actions_by_the_player_to_move() -> None:
    state = play(deal(2, *LOW_AT_SEAT_1), "keep bid:110")
    views = [observation(state, seat) for seat in range(3)]
    assert {(view.bid, view.bidder, view.to_move, view.passed) for view in views} == {
        (110, 1, 2, ())
    }
    # Seat 2 holds the clubs and diamonds marriages: it may bid up to 260.
    bids = (*(f"bid:{value}" for value in range(120, 261, 10)), "pass")
    assert [view.legal for view in views] == [(), (), bids]


def test_a_seat_sees_the_cards_played_the_trump_and_the_marriages() -> None:
    state = play(in_play(*MARRIAGES), " ".join(MARRIAGES_PLAY[:3]) + " play:KS play:9S")
    view = observation(state, 2)
    assert view.hand == ("JS", "TC", "JD", "TD")
    assert (view.trump, view.trick_leader, view.trick) == ("S", 1, ("KS", "9S"))
    assert view.tricks[0] == SeenTrick(0, ("KH", "9H", "JH"), 0)
    assert view.tricks[2] == SeenTrick(0, ("KD", "AD", "9D"), 1)
    assert view.marriages == (SeenMarriage(0, "D", 3), SeenMarriage(1, "S", 4))
    assert view.marriage_points == (80, 40, 0)
    assert view.taken == (11, 15, 0)
    assert (view.to_move, view.legal) == (0, ())


def test_every_seat_sees_the_result_and_who_is_on_the_barrel() -> None:
    state = worked_example_hand(scores=(0, 800, 790))
    views = [observation(state, seat) for seat in range(3)]
    assert {view.result for view in views} == {state.result}
    assert [view.on_barrel for view in views] == [(False, True, False)] * 3
    assert [view.scores for view in views] == [(0, 800, 790)] * 3
    assert [view.legal for view in views] == [(), (), ()]


def test_the_observation_of_an_unknown_seat_is_refused() -> None:
    with pytest.raises(ValueError, match=exactly("seat must be 0, 1 or 2, not 3")):
        observation(deal(2, *LOW_AT_SEAT_1), 3)
