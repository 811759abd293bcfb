"""A match: hands in a row until someone reaches the target (rules section 3)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .rules import HOUSE_RULES, Rules
from .scoring import on_barrel
from .state import OVER, REDEALT, HandState, deal_hand


@dataclass(frozen=True, slots=True)
class MatchState:
    """Scores, the dealer of the next hand, hands played and re-dealt, and the winner."""

    rules: Rules = HOUSE_RULES
    scores: tuple[int, int, int] = (0, 0, 0)
    dealer: int = 0
    hands_played: int = 0
    redeals: int = 0
    winner: int | None = None

    def on_barrel(self, seat: int) -> bool:
        """Whether ``seat`` now scores only as declarer."""
        return on_barrel(self.scores[seat], self.rules)

    @property
    def is_over(self) -> bool:
        """True once somebody has won."""
        return self.winner is not None


def new_match(rng: random.Random, rules: Rules = HOUSE_RULES) -> MatchState:
    """A match at zero with the first dealer drawn at random."""
    return MatchState(rules=rules, dealer=rng.randrange(3))


def deal_next(match: MatchState, rng: random.Random) -> HandState:
    """The match's next hand, shuffled with ``rng``."""
    if match.is_over:
        raise ValueError("the match is over")
    return deal_hand(match.dealer, rng, match.scores, match.rules)


def after_hand(match: MatchState, hand: HandState) -> MatchState:
    """The match once ``hand`` is finished: a re-deal keeps the dealer, a played hand scores
    and passes the deal to the left."""
    if hand.dealer != match.dealer or hand.scores != match.scores or hand.rules != match.rules:
        raise ValueError("this hand does not belong to the match as it stands")
    if hand.phase == REDEALT:
        return replace(match, redeals=match.redeals + 1)
    if hand.phase != OVER or hand.result is None:
        raise ValueError("the hand is not finished")
    return replace(
        match,
        scores=hand.result.scores,
        dealer=(match.dealer + 1) % 3,
        hands_played=match.hands_played + 1,
        winner=hand.result.winner,
    )
