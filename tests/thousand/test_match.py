"""A match: dealer rotation, re-deals, scores carried over, the winner (rules 2.1, 3)."""

import random

import pytest

from games.thousand.engine import (
    HandState,
    MatchState,
    Rules,
    after_hand,
    apply,
    deal_next,
    legal_actions,
    new_match,
)

from .helpers import deal, exactly, play, worked_example_hand

LOW_AT_SEAT_1 = ("AS TS KS QS AC TC 9H", "9S 9C 9D JS JC JD QH", "KC QC AD TD KD QD JH", "KH TH AH")


def test_a_new_match_starts_at_zero_with_a_dealer_drawn_from_the_random_generator() -> None:
    dealers = {new_match(random.Random(seed)).dealer for seed in range(30)}
    assert dealers == {0, 1, 2}
    match = new_match(random.Random(4), Rules(target=500))
    assert match == MatchState(rules=Rules(target=500), dealer=match.dealer)
    assert new_match(random.Random(4)).dealer == match.dealer
    assert (match.scores, match.hands_played, match.redeals, match.winner) == (
        (0, 0, 0),
        0,
        0,
        None,
    )


def test_the_next_hand_is_dealt_by_the_match_dealer_with_the_match_scores_and_rules() -> None:
    match = MatchState(rules=Rules(bid_step=5), scores=(100, -20, 40), dealer=1)
    state = deal_next(match, random.Random(3))
    assert (state.dealer, state.scores, state.rules) == (1, (100, -20, 40), Rules(bid_step=5))


def test_a_played_hand_adds_its_scores_and_passes_the_deal_to_the_left() -> None:
    match = MatchState(scores=(10, 20, 30), dealer=2, hands_played=3)
    hand = worked_example_hand(scores=(10, 20, 30))
    assert after_hand(match, hand) == MatchState(
        scores=(130, 40, 50), dealer=0, hands_played=4, redeals=0, winner=None
    )


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_the_deal_goes_round_to_the_left(dealer: int) -> None:
    match = MatchState(dealer=dealer)
    state = deal_next(match, random.Random(dealer))
    while legal_actions(state):
        action = "keep" if state.phase == "redeal" else legal_actions(state)[-1]
        state = apply(state, action)
    assert after_hand(match, state).dealer == (dealer + 1) % 3


def test_a_redeal_keeps_the_dealer_and_counts_the_redeal() -> None:
    match = MatchState(scores=(10, 20, 30), dealer=2, hands_played=3)
    state = play(deal(2, *LOW_AT_SEAT_1, scores=(10, 20, 30)), "redeal")
    after = after_hand(match, state)
    assert after == MatchState(scores=(10, 20, 30), dealer=2, hands_played=3, redeals=1)
    assert deal_next(after, random.Random(1)).dealer == 2


def test_the_declarer_who_reaches_the_target_wins_the_match() -> None:
    match = MatchState(scores=(880, 0, 0), dealer=2)
    after = after_hand(match, worked_example_hand(scores=(880, 0, 0)))
    assert (after.winner, after.is_over, after.scores) == (0, True, (1000, 20, 20))
    with pytest.raises(ValueError, match=exactly("the match is over")):
        deal_next(after, random.Random(1))


def test_a_match_reports_who_is_on_the_barrel() -> None:
    match = MatchState(scores=(799, 800, 950))
    assert [match.on_barrel(seat) for seat in range(3)] == [False, True, True]
    short = MatchState(rules=Rules(target=500), scores=(399, 400, -10))
    assert [short.on_barrel(seat) for seat in range(3)] == [False, True, False]


def test_a_hand_still_being_played_does_not_end_the_match_s_turn() -> None:
    match = MatchState(dealer=2)
    with pytest.raises(ValueError, match=exactly("the hand is not finished")):
        after_hand(match, play(deal(2, *LOW_AT_SEAT_1), "keep"))


@pytest.mark.parametrize(
    "match",
    [
        MatchState(dealer=1),
        MatchState(dealer=2, scores=(0, 0, 10)),
        MatchState(dealer=2, rules=Rules(target=500)),
    ],
)
def test_a_hand_from_another_match_is_refused(match: MatchState) -> None:
    with pytest.raises(
        ValueError, match=exactly("this hand does not belong to the match as it stands")
    ):
        after_hand(match, worked_example_hand())


def cautious_action(state: HandState, rng: random.Random) -> str:
    """Keep, pass, the lowest contract; random gives and cards (random bidding rarely ends)."""
    legal = legal_actions(state)
    if state.phase == "bidding":
        return "pass"
    if state.phase in ("redeal", "contract"):
        return legal[0]
    return rng.choice(legal)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("rules", [Rules(), Rules(target=500, bid_step=5)], ids=["1000", "500"])
def test_a_match_of_random_hands_ends_with_a_declarer_at_the_target(
    seed: int, rules: Rules
) -> None:
    rng = random.Random(seed)
    match = new_match(rng, rules)
    for _ in range(2000):
        state = deal_next(match, rng)
        while legal_actions(state):
            state = apply(state, cautious_action(state, rng))
        before, match = match, after_hand(match, state)
        assert match.dealer == (before.dealer + 1) % 3
        for seat in range(3):
            if seat != state.declarer:
                assert match.scores[seat] <= max(before.scores[seat], rules.opponent_cap)
        if match.is_over:
            break
    assert match.winner is not None
    assert match.winner == state.declarer
    assert match.scores[match.winner] >= rules.target
    others = [score for seat, score in enumerate(match.scores) if seat != match.winner]
    assert max(others) < rules.target
