"""The rules of Thousand as a pure library: no Django, no I/O, randomness injected.

A hand is built from a deal (``new_hand``) or a seeded shuffle (``deal_hand``); actions in the
canonical notation are listed by ``legal_actions`` and applied by ``apply``, which returns a
new state or raises ``IllegalAction``; ``observation`` is what one seat may see.

A hand is played by three at hand positions 0-2, or by two at positions 0 and 1 (two musiks,
rules 4.1); with four at the table the dealer sits it out, and ``hand_seats``, ``seat_of``
and ``position_of`` map positions to table seats.
"""

from .actions import IllegalAction
from .cards import CARD_BY_NAME, CARD_NAMES, parse_card
from .match import MatchState, after_hand, deal_next, new_match
from .observation import (
    Observation,
    PublicView,
    SeenMarriage,
    SeenTrick,
    observation,
    sitting_out_view,
    spectator_view,
    view_for_seat,
)
from .play import apply, legal_actions
from .rules import HOUSE_RULES, Rules
from .scoring import musik_points, round_opponent_points, score_hand
from .seats import (
    active_seats,
    by_seat,
    deltas_by_seat,
    hand_seats,
    position_of,
    seat_of,
    sitting_out,
)
from .state import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    OVER,
    PLAYING,
    REDEAL_PHASE,
    REDEALT,
    HandResult,
    HandState,
    Marriage,
    Trick,
    deal_hand,
    new_hand,
)

__all__ = [
    "BIDDING",
    "CARD_BY_NAME",
    "CARD_NAMES",
    "CONTRACT_PHASE",
    "DISCARDING",
    "GIVING",
    "HOUSE_RULES",
    "MUSIK_PHASE",
    "OVER",
    "PLAYING",
    "REDEALT",
    "REDEAL_PHASE",
    "HandResult",
    "HandState",
    "IllegalAction",
    "Marriage",
    "MatchState",
    "Observation",
    "PublicView",
    "Rules",
    "SeenMarriage",
    "SeenTrick",
    "Trick",
    "active_seats",
    "after_hand",
    "apply",
    "by_seat",
    "deal_hand",
    "deal_next",
    "deltas_by_seat",
    "hand_seats",
    "legal_actions",
    "musik_points",
    "new_hand",
    "new_match",
    "observation",
    "parse_card",
    "position_of",
    "round_opponent_points",
    "score_hand",
    "seat_of",
    "sitting_out",
    "sitting_out_view",
    "spectator_view",
    "view_for_seat",
]
