"""Scoring a hand and the match situation: rounding, barrel, cap, winner (rules 2.7 and 3),
and the musik points of a four-player dealer sitting the hand out (rules 4.2)."""

from __future__ import annotations

from .cards import ACE, marriage_total
from .rules import TEN_DOWN, Rules
from .state import OVER, HandResult, HandState

MUSIK_ACE_POINTS = 50
"""What each ace in the musik scores for the dealer sitting the hand out."""
_ACES = sum(1 << (6 * suit + ACE) for suit in range(4))


def round_opponent_points(points: int, rounding: str) -> int:
    """An opponent's hand points rounded: to the nearest 10 with 5 down, or to the nearest 5."""
    if rounding == TEN_DOWN:
        return (points + 4) // 10 * 10
    return (points + 2) // 5 * 5


def on_barrel(score: int, rules: Rules) -> bool:
    """Whether a player with this score scores only as declarer."""
    return score >= rules.barrel


def musik_points(musik: int) -> int:
    """What the musik is worth to the dealer sitting the hand out: 50 for each ace and the
    value of a marriage in it (rules 4.2)."""
    return MUSIK_ACE_POINTS * (musik & _ACES).bit_count() + marriage_total(musik)


def _as_opponent(score: int, gained: int, rules: Rules) -> int:
    """A score after points gained other than as declarer: nothing on the barrel, and never
    past the cap (990, or 490) from below it."""
    if on_barrel(score, rules):
        return score
    return min(score + gained, max(score, rules.opponent_cap))


def score_hand(
    rules: Rules,
    scores: tuple[int, ...],
    declarer: int,
    contract: int,
    hand_points: tuple[int, ...],
    dealer_score: int | None = None,
    musik: int = 0,
) -> HandResult:
    """The result of a played hand given the match scores before it (by hand position);
    ``dealer_score`` is the score of a dealer sitting out who scores from ``musik``."""
    made = hand_points[declarer] >= contract
    new_scores = list(scores)
    for seat in range(len(scores)):
        if seat == declarer:
            new_scores[seat] += contract if made else -contract
        else:
            gained = round_opponent_points(hand_points[seat], rules.rounding)
            new_scores[seat] = _as_opponent(scores[seat], gained, rules)
    final = tuple(new_scores)
    deltas = tuple(after - before for after, before in zip(final, scores, strict=True))
    dealer_delta = 0
    if dealer_score is not None:
        dealer_delta = _as_opponent(dealer_score, musik_points(musik), rules) - dealer_score
    # Only a declarer who makes the contract wins, even from a score already past the target.
    winner = declarer if made and final[declarer] >= rules.target else None
    return HandResult(hand_points, made, deltas, final, winner, dealer_delta)


def finish_hand(state: HandState) -> None:
    """Scores a hand whose last trick has just been taken."""
    assert state.declarer is not None
    assert state.contract is not None
    hand_points = tuple(
        taken + marriages
        for taken, marriages in zip(state.taken, state.marriage_points, strict=True)
    )
    state.result = score_hand(
        state.rules,
        state.scores,
        state.declarer,
        state.contract,
        hand_points,
        state.dealer_score if state.rules.musik_points else None,
        state.musik,
    )
    state.phase = OVER
    state.to_move = None
