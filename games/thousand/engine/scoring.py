"""Scoring a hand and the match situation: rounding, barrel, cap, winner (rules 2.7 and 3)."""

from __future__ import annotations

from .rules import TEN_DOWN, Rules
from .state import OVER, HandResult, HandState


def round_opponent_points(points: int, rounding: str) -> int:
    """An opponent's hand points rounded: to the nearest 10 with 5 down, or to the nearest 5."""
    if rounding == TEN_DOWN:
        return (points + 4) // 10 * 10
    return (points + 2) // 5 * 5


def on_barrel(score: int, rules: Rules) -> bool:
    """Whether a player with this score scores only as declarer."""
    return score >= rules.barrel


def score_hand(
    rules: Rules,
    scores: tuple[int, int, int],
    declarer: int,
    contract: int,
    hand_points: tuple[int, int, int],
) -> HandResult:
    """The result of a played hand given the match scores before it."""
    made = hand_points[declarer] >= contract
    new_scores = list(scores)
    for seat in range(3):
        if seat == declarer:
            new_scores[seat] += contract if made else -contract
        elif not on_barrel(scores[seat], rules):
            gained = round_opponent_points(hand_points[seat], rules.rounding)
            new_scores[seat] = min(scores[seat] + gained, max(scores[seat], rules.opponent_cap))
    final = (new_scores[0], new_scores[1], new_scores[2])
    deltas = (final[0] - scores[0], final[1] - scores[1], final[2] - scores[2])
    # Only a declarer who makes the contract wins, even from a score already past the target.
    winner = declarer if made and final[declarer] >= rules.target else None
    return HandResult(hand_points, made, deltas, final, winner)


def finish_hand(state: HandState) -> None:
    """Scores a hand whose eighth trick has just been taken."""
    assert state.declarer is not None
    assert state.contract is not None
    hand_points = (
        state.taken[0] + state.marriage_points[0],
        state.taken[1] + state.marriage_points[1],
        state.taken[2] + state.marriage_points[2],
    )
    state.result = score_hand(
        state.rules, state.scores, state.declarer, state.contract, hand_points
    )
    state.phase = OVER
    state.to_move = None
