"""Computer players at a table of four: each sees the three-handed observation of its hand
position, and the dealer who sits the hand out is never asked to move."""

from __future__ import annotations

import logging
import random

import pytest

from games.thousand.bots import LEVELS, choose_action
from games.thousand.bots.knowledge import read
from games.thousand.bots.sampling import sample_world
from games.thousand.engine import (
    Observation,
    Rules,
    after_hand,
    apply,
    deal_hand,
    deal_next,
    legal_actions,
    new_match,
    observation,
    seat_of,
    sitting_out,
    view_for_seat,
)

from .test_sampling import assert_consistent, decision_views

FOUR = Rules(players=4)


@pytest.mark.parametrize("rules", [FOUR, Rules(players=4, musik_points=True)])
def test_every_level_plays_only_legal_actions_in_four_player_hands(
    rules: Rules, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(11)
    moves = dict.fromkeys(LEVELS, 0)
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        for number in range(16):
            dealer = number % 4
            scores = (rng.randrange(-100, 900), rng.randrange(0, 900), rng.randrange(0, 900))
            state = deal_hand(dealer, rng, scores, rules, rng.randrange(0, 900))
            # A level per table seat, so that each level plays every hand position over the run.
            levels = [LEVELS[(number + seat) % 3] for seat in range(4)]
            while legal_actions(state):
                assert state.to_move is not None
                seat = seat_of(state, state.to_move)
                assert seat != sitting_out(state)
                view = view_for_seat(state, seat)
                assert isinstance(view, Observation)
                action = choose_action(levels[seat], view, rng, worlds=4)
                assert action in view.legal
                moves[levels[seat]] += 1
                state = apply(state, action)
    assert min(moves.values()) > 50
    assert not caplog.records


def test_computer_players_finish_a_four_player_match_to_500(
    caplog: pytest.LogCaptureFixture,
) -> None:
    rng = random.Random(5)
    rules = Rules(target=500, players=4)
    match = new_match(rng, rules)
    levels = ("normal", "beginner", "normal", "beginner")
    with caplog.at_level(logging.ERROR, logger="games.thousand.bots"):
        while not match.is_over and match.hands_played < 200:
            state = deal_next(match, rng)
            while legal_actions(state):
                assert state.to_move is not None
                seat = seat_of(state, state.to_move)
                view = view_for_seat(state, seat)
                assert isinstance(view, Observation)
                state = apply(state, choose_action(levels[seat], view, rng))
            before, match = match, after_hand(match, state)
            if state.result is not None:
                assert match.scores[before.dealer] == before.scores[before.dealer]
    assert match.winner is not None
    assert match.scores[match.winner] >= 500
    assert not caplog.records


def test_sampled_worlds_of_four_player_hands_replay_to_the_same_observation() -> None:
    rng = random.Random(8)
    checked = 0
    for number in range(8):
        state = deal_hand(number % 4, rng, (0, 0, 0), FOUR)
        while True:
            for view in decision_views(state):
                assert_consistent(view, sample_world(read(view), rng))
                checked += 1
            if not legal_actions(state):
                break
            assert state.to_move is not None
            view = observation(state, state.to_move)
            state = apply(state, choose_action("normal", view, rng))
    assert checked > 200


@pytest.mark.parametrize(("dealer_score", "action"), [(0, "pass"), (790, "pass"), (850, "bid:110")])
def test_normal_bids_sooner_when_the_dealer_sitting_out_is_on_the_barrel(
    dealer_score: int, action: str
) -> None:
    """The sitting-out dealer is a rival: on the barrel it may win the match by its next
    contract, so a contract of one's own is worth more (issue 25)."""
    state = deal_hand(3, random.Random(68), (0, 0, 0), FOUR, dealer_score)
    view = observation(state, 1)
    assert (view.phase, view.to_move, view.dealer_score) == ("bidding", 1, dealer_score)
    assert sorted(view.hand) == ["AC", "AD", "AS", "KH", "QC", "QS", "TC"]
    assert choose_action("normal", view, random.Random(1)) == action


def test_every_seat_sees_the_sitting_out_dealer_s_score_through_the_match() -> None:
    match = new_match(random.Random(5), FOUR)
    seen = []
    while len(seen) < 4:
        state = deal_next(match, random.Random(match.hands_played))
        while not state.is_over:
            state = apply(state, legal_actions(state)[0])
        seen.append(match.scores[match.dealer])
        for seat in range(4):
            assert view_for_seat(state, seat).dealer_score == match.scores[match.dealer]
        match = after_hand(match, state)
    assert any(seen), seen  # dealers who had scored already
    three = deal_hand(0, random.Random(5))
    assert {observation(three, seat).dealer_score for seat in range(3)} == {None}
