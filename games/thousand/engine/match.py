"""A match: hands in a row until someone reaches the target (rules section 3).

The match works in table seats: two, three, or four where the dealer sits each hand out
(rules section 4). Each hand is played at hand positions (see ``seats``): ``deal_next``
hands the active seats' scores to the hand and ``after_hand`` lays its result back out by
seat, leaving the sitting-out dealer's score as it was but for its musik points (rules 4.2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .rules import HOUSE_RULES, Rules
from .scoring import on_barrel
from .seats import active_seats, hand_seats, sitting_out
from .state import OVER, REDEALT, HandState, deal_hand


@dataclass(frozen=True, slots=True)
class MatchState:
    """Scores by table seat, the dealer of the next hand, hands played and re-dealt, and the
    winner's seat. A match needs a score for each player (``new_match`` gives them)."""

    rules: Rules = HOUSE_RULES
    scores: tuple[int, ...] = (0, 0, 0)
    dealer: int = 0
    hands_played: int = 0
    redeals: int = 0
    winner: int | None = None

    def __post_init__(self) -> None:
        players = self.rules.players
        if len(self.scores) != players:
            raise ValueError(f"a match of {players} players needs {players} scores")
        if self.dealer not in range(players):
            raise ValueError(f"the dealer must be a seat from 0 to {players - 1}")

    def on_barrel(self, seat: int) -> bool:
        """Whether ``seat`` now scores only as declarer."""
        return on_barrel(self.scores[seat], self.rules)

    @property
    def is_over(self) -> bool:
        """True once somebody has won."""
        return self.winner is not None


def new_match(rng: random.Random, rules: Rules = HOUSE_RULES) -> MatchState:
    """A match at zero with the first dealer drawn at random among all the seats."""
    return MatchState(rules=rules, scores=(0,) * rules.players, dealer=rng.randrange(rules.players))


def _hand_scores(match: MatchState, seats: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(match.scores[seat] for seat in seats)


def deal_next(match: MatchState, rng: random.Random) -> HandState:
    """The match's next hand, shuffled with ``rng``; it holds the scores of the seats that
    play it, by hand position."""
    if match.is_over:
        raise ValueError("the match is over")
    seats = active_seats(match.rules.players, match.dealer)
    return deal_hand(
        match.dealer,
        rng,
        _hand_scores(match, seats),
        match.rules,
        match.scores[match.dealer] if match.rules.players == 4 else 0,
    )


def after_hand(match: MatchState, hand: HandState) -> MatchState:
    """The match once ``hand`` is finished: a re-deal keeps the dealer, a played hand scores
    for the seats that played it and passes the deal to the left among all the seats."""
    seats = hand_seats(hand)
    # The sitting-out dealer's score counts only where it scores from the musik; elsewhere it
    # is what the players see of it (and hands dealt before it was shown carry none).
    if (
        hand.dealer != match.dealer
        or hand.rules != match.rules
        or hand.scores != _hand_scores(match, seats)
        or (hand.rules.musik_points and hand.dealer_score != match.scores[match.dealer])
    ):
        raise ValueError("this hand does not belong to the match as it stands")
    if hand.phase == REDEALT:
        return replace(match, redeals=match.redeals + 1)
    if hand.phase != OVER or hand.result is None:
        raise ValueError("the hand is not finished")
    scores = list(match.scores)
    for position, seat in enumerate(seats):
        scores[seat] = hand.result.scores[position]
    if sitting_out(hand) is not None:
        scores[hand.dealer] += hand.result.dealer_delta
    winner = hand.result.winner
    return replace(
        match,
        scores=tuple(scores),
        dealer=(match.dealer + 1) % match.rules.players,
        hands_played=match.hands_played + 1,
        winner=None if winner is None else seats[winner],
    )
