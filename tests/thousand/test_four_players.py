"""Thousand for four (rules section 4): the dealer deals to the three others and sits out.

A four-player hand is a three-handed hand among the active seats, at hand positions 0, 1, 2
in playing order from the dealer's left; the match lays its result out by table seat.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.thousand.engine import (
    HandState,
    MatchState,
    Observation,
    PublicView,
    Rules,
    active_seats,
    after_hand,
    apply,
    by_seat,
    deal_hand,
    deal_next,
    hand_seats,
    legal_actions,
    new_hand,
    new_match,
    observation,
    position_of,
    seat_of,
    sitting_out,
    spectator_view,
    view_for_seat,
)
from games.thousand.engine.cards import names_of

from .helpers import (
    ALL_CARD_NAMES,
    MARRIAGES,
    MARRIAGES_PLAY,
    exactly,
    in_play,
    play,
    worked_example,
)
from .test_match import LOW_AT_SEAT_1, cautious_action
from .test_properties import card_strings, check_finished_hand

FOUR = Rules(players=4)
WORKED = worked_example()


def worked_hand(dealer: int, scores: tuple[int, int, int], rules: Rules = FOUR) -> HandState:
    """The seeds' worked example dealt to the three seats after ``dealer``, not yet played:
    position 0 (the dealer's left) takes the musik and makes 138 against a contract of 120,
    positions 1 and 2 take 24 and 18."""
    return new_hand(dealer, WORKED["hands"], WORKED["musik"], scores, rules)


def played_worked_hand(dealer: int, scores: tuple[int, int, int]) -> HandState:
    return play(worked_hand(dealer, scores), " ".join(WORKED["actions"]))


@pytest.mark.parametrize(
    ("dealer", "seats"), [(0, (1, 2, 3)), (1, (2, 3, 0)), (2, (3, 0, 1)), (3, (0, 1, 2))]
)
def test_the_three_seats_after_the_dealer_play_the_hand_in_order_from_its_left(
    dealer: int, seats: tuple[int, int, int]
) -> None:
    assert active_seats(4, dealer) == seats
    state = worked_hand(dealer, (0, 0, 0))
    assert hand_seats(state) == seats
    assert [seat_of(state, position) for position in range(3)] == list(seats)
    assert [position_of(state, seat) for seat in seats] == [0, 1, 2]
    assert (position_of(state, dealer), sitting_out(state)) == (None, dealer)


def test_at_a_table_of_three_positions_are_seats_and_nobody_sits_out() -> None:
    state = worked_hand(1, (0, 0, 0), Rules())
    assert (active_seats(3, 1), hand_seats(state), sitting_out(state)) == ((0, 1, 2),) * 2 + (None,)
    assert [position_of(state, seat) for seat in range(3)] == [0, 1, 2]


@pytest.mark.parametrize(("rules", "seat"), [(FOUR, 4), (FOUR, -1), (Rules(), 3)])
def test_a_seat_that_is_not_at_the_table_is_refused(rules: Rules, seat: int) -> None:
    state = worked_hand(0, (0, 0, 0), rules)
    top = rules.players - 1
    with pytest.raises(ValueError, match=exactly(f"seat must be between 0 and {top}, not {seat}")):
        position_of(state, seat)
    with pytest.raises(ValueError, match=exactly("position must be 0, 1 or 2, not 3")):
        seat_of(state, 3)


@pytest.mark.parametrize("dealer", [0, 3])
def test_the_dealer_s_left_opens_the_bidding_whatever_the_dealer_s_seat(dealer: int) -> None:
    state = worked_hand(dealer, (0, 0, 0))
    assert (state.bidder, state.bid, state.to_move, state.history) == (0, 100, 1, ((0, "bid:100"),))
    assert seat_of(state, state.bidder) == (dealer + 1) % 4


def test_a_four_player_dealer_is_a_seat_from_0_to_3() -> None:
    with pytest.raises(ValueError, match=exactly("dealer must be 0, 1, 2 or 3, not 4")):
        worked_hand(4, (0, 0, 0))


def test_the_hand_scores_the_active_seats_and_leaves_the_dealer_s_score_alone() -> None:
    match = MatchState(rules=FOUR, scores=(10, 20, 30, 40), dealer=1, hands_played=5)
    hand = played_worked_hand(1, (30, 40, 10))
    assert hand.result is not None
    assert (hand.result.score_deltas, hand.result.scores) == ((120, 20, 20), (150, 60, 30))
    assert by_seat(hand, hand.result.score_deltas, 0) == (20, 0, 120, 20)
    assert by_seat(hand, hand.result.hand_points, None) == (18, None, 138, 24)
    assert after_hand(match, hand) == MatchState(
        rules=FOUR, scores=(30, 20, 150, 60), dealer=2, hands_played=6, redeals=0, winner=None
    )


@pytest.mark.parametrize(("dealer", "following"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_the_deal_passes_to_the_left_among_all_four_seats(dealer: int, following: int) -> None:
    seats = active_seats(4, dealer)
    table = [0, 100, 200, 300]
    match = MatchState(rules=FOUR, scores=tuple(table), dealer=dealer)
    hand = played_worked_hand(dealer, (table[seats[0]], table[seats[1]], table[seats[2]]))
    after = after_hand(match, hand)
    assert after.dealer == following
    assert after.scores[dealer] == table[dealer]
    assert [after.scores[seat] - table[seat] for seat in seats] == [120, 20, 20]


def test_the_next_hand_holds_the_active_seats_scores_by_position() -> None:
    match = MatchState(rules=FOUR, scores=(10, 20, 30, 40), dealer=2)
    state = deal_next(match, random.Random(3))
    assert (state.dealer, state.scores, state.rules, hand_seats(state)) == (
        2,
        (40, 10, 20),
        FOUR,
        (3, 0, 1),
    )


def test_a_redeal_keeps_the_dealer_and_every_score() -> None:
    match = MatchState(rules=FOUR, scores=(10, 20, 30, 40), dealer=0, hands_played=3)
    state = new_hand(
        0, [h.split() for h in LOW_AT_SEAT_1[:3]], LOW_AT_SEAT_1[3].split(), (20, 30, 40), FOUR
    )
    assert (state.phase, state.to_move, seat_of(state, 1)) == ("redeal", 1, 2)
    after = after_hand(match, play(state, "redeal"))
    assert after == MatchState(
        rules=FOUR, scores=(10, 20, 30, 40), dealer=0, hands_played=3, redeals=1
    )
    assert deal_next(after, random.Random(1)).dealer == 0


def test_the_barrel_applies_to_each_player_and_the_declarer_reaching_the_target_wins() -> None:
    # Dealer 1 (on the barrel) sits out; seat 2 declares from 880, seat 3 is on the barrel and
    # scores nothing as an opponent, seat 0 just below it scores its 20.
    match = MatchState(rules=FOUR, scores=(790, 850, 880, 800), dealer=1)
    after = after_hand(match, played_worked_hand(1, (880, 800, 790)))
    assert after == MatchState(
        rules=FOUR, scores=(810, 850, 1000, 800), dealer=2, hands_played=1, winner=2
    )
    assert after.is_over
    with pytest.raises(ValueError, match=exactly("the match is over")):
        deal_next(after, random.Random(1))


def test_a_short_match_for_four_has_its_barrel_at_400_and_caps_at_490() -> None:
    rules = Rules(target=500, players=4)
    match = MatchState(rules=rules, scores=(480, 399, 400, 450), dealer=3)
    hand = play(worked_hand(3, (480, 399, 400), rules), " ".join(WORKED["actions"]))
    after = after_hand(match, hand)
    assert (after.scores, after.winner) == ((600, 419, 400, 450), 0)


def test_an_opponent_s_points_stop_at_the_cap_in_a_four_player_match_to_500() -> None:
    # Dealer 2 sits out at 470; seat 3 declares 100 from 200 and makes 91; seat 0, at 380,
    # takes 149 as an opponent and stops at 490; seat 1 is on the barrel (400) at 450.
    rules = Rules(target=500, players=4)
    match = MatchState(rules=rules, scores=(380, 450, 470, 200), dealer=2)
    hand = play(in_play(*MARRIAGES, rules=rules, scores=(200, 380, 450)), " ".join(MARRIAGES_PLAY))
    assert hand_seats(hand) == (3, 0, 1)
    assert hand.result is not None
    assert hand.result.hand_points == (91, 149, 0)
    assert after_hand(match, hand) == MatchState(
        rules=rules, scores=(490, 450, 470, 100), dealer=3, hands_played=1
    )


@pytest.mark.parametrize(
    "match",
    [
        MatchState(rules=FOUR, scores=(10, 20, 30, 40), dealer=2),
        MatchState(rules=FOUR, scores=(0, 30, 40, 10), dealer=1),
        MatchState(scores=(30, 40, 10), dealer=1),
    ],
)
def test_a_hand_from_another_four_player_match_is_refused(match: MatchState) -> None:
    # The hand holds seat 2, 3 and 0's scores 30, 40 and 10 by position.
    with pytest.raises(
        ValueError, match=exactly("this hand does not belong to the match as it stands")
    ):
        after_hand(match, played_worked_hand(1, (30, 40, 10)))


def test_a_new_four_player_match_starts_at_zero_with_any_of_the_four_seats_dealing() -> None:
    matches = [new_match(random.Random(seed), FOUR) for seed in range(40)]
    assert {match.dealer for match in matches} == {0, 1, 2, 3}
    assert {match.scores for match in matches} == {(0, 0, 0, 0)}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"rules": FOUR}, "a match of 4 players needs 4 scores"),
        ({"scores": (0, 0, 0, 0)}, "a match of 3 players needs 3 scores"),
        (
            {"rules": FOUR, "scores": (0, 0, 0, 0), "dealer": 4},
            "the dealer must be a seat from 0 to 3",
        ),
        ({"dealer": 3}, "the dealer must be a seat from 0 to 2"),
    ],
)
def test_a_match_state_checks_its_scores_and_dealer_against_the_players(
    fields: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=exactly(message)):
        MatchState(**fields)


def test_rules_for_four_say_so_and_rules_for_three_read_as_before() -> None:
    assert FOUR.to_dict()["players"] == 4
    assert "players" not in Rules().to_dict()
    assert Rules.from_dict(FOUR.to_dict()) == FOUR
    assert Rules.from_dict({"target": 500}).players == 3
    assert Rules.from_dict({"players": 3}) == Rules()
    assert Rules.options()["players"] == (3, 4, 2)


def test_the_sitting_out_dealer_sees_only_what_is_public() -> None:
    state = worked_hand(1, (30, 40, 10))
    start = view_for_seat(state, 1)
    assert type(start) is PublicView
    assert start == spectator_view(state)
    assert (start.dealer, start.seats, start.hand_sizes, start.musik, start.history) == (
        None,
        (2, 3, 0),
        (7, 7, 7),
        None,
        ((0, "bid:100"),),
    )
    assert view_for_seat(state, 3) == observation(state, 1)
    state = play(state, "pass pass")
    assert spectator_view(state).musik == ("JS", "AS", "QC")
    state = play(state, "give:9H give:JD")
    seen = spectator_view(state)
    assert seen.gives == (None, None)
    assert seen.history[-2:] == ((0, "give"), (0, "give"))
    assert (observation(state, 1).gives, observation(state, 2).gives) == (
        ("9H", None),
        (None, "JD"),
    )
    state = play(state, " ".join(WORKED["actions"][4:]))
    assert spectator_view(state).result == state.result


def test_the_sitting_out_dealer_is_not_told_who_is_asked_about_a_redeal() -> None:
    hands = [h.split() for h in LOW_AT_SEAT_1[:3]]
    state = new_hand(3, hands, LOW_AT_SEAT_1[3].split(), (0, 0, 0), FOUR)
    asking = spectator_view(state)
    assert (asking.phase, asking.to_move, asking.history) == ("redeal", None, ())
    kept = spectator_view(play(state, "keep"))
    assert (kept.phase, kept.to_move, kept.history) == ("bidding", 1, ((0, "bid:100"),))
    assert isinstance(observation(state, 1), Observation)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    rules=st.builds(
        Rules,
        players=st.just(4),
        following=st.sampled_from(["must_beat", "classic"]),
        four_nines=st.sampled_from(["redeal", "abandon"]),
    ),
    data=st.data(),
)
def test_no_view_of_a_four_player_hand_names_a_card_its_viewer_may_not_see(
    seed: int, dealer: int, rules: Rules, data: st.DataObject
) -> None:
    state = deal_hand(dealer, random.Random(seed), rules=rules)
    dealt = [set(names_of(hand)) for hand in state.dealt]
    musik = set(ALL_CARD_NAMES) - dealt[0] - dealt[1] - dealt[2]
    seen = [set(cards) for cards in dealt]
    public: set[str] = set()
    gives = 0
    while True:
        shown = public | (musik if state.declarer is not None else set())
        spectator = view_for_seat(state, dealer)
        assert not isinstance(spectator, Observation)
        assert card_strings(spectator) <= shown
        assert all(card is None for card in spectator.gives)
        for position in range(3):
            view = view_for_seat(state, seat_of(state, position))
            assert isinstance(view, Observation)
            assert view.seat == position
            assert card_strings(view) <= shown | seen[position] | set(view.hand)
        legal = legal_actions(state)
        if not legal:
            break
        actor = state.to_move
        assert actor is not None
        action = data.draw(st.sampled_from(legal))
        kind, _, card = action.partition(":")
        if kind == "play":
            public.add(card)
        elif kind == "give":
            seen[(actor + 1 + gives) % 3].add(card)
            gives += 1
        state = apply(state, action)
    if state.result is not None:
        check_finished_hand(state)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.sampled_from([1000, 500]))
def test_a_four_player_match_ends_with_a_declarer_at_the_target_and_dealers_untouched(
    seed: int, target: int
) -> None:
    rules = Rules(target=target, players=4)
    rng = random.Random(seed)
    match = new_match(rng, rules)
    for _ in range(3000):
        state = deal_next(match, rng)
        while legal_actions(state):
            state = apply(state, cautious_action(state, rng))
        before, match = match, after_hand(match, state)
        if state.result is None:
            assert (match.dealer, match.scores) == (before.dealer, before.scores)
            continue
        check_finished_hand(state)
        assert match.dealer == (before.dealer + 1) % 4
        assert match.scores[before.dealer] == before.scores[before.dealer]
        assert by_seat(state, state.result.score_deltas, 0) == tuple(
            after - earlier for after, earlier in zip(match.scores, before.scores, strict=True)
        )
        if match.is_over:
            break
    assert match.winner is not None
    assert state.declarer is not None
    assert match.winner == seat_of(state, state.declarer)
    assert match.scores[match.winner] >= target
    assert max(score for seat, score in enumerate(match.scores) if seat != match.winner) < target
