"""The Normal player: sound heuristics for every decision, with card counting."""

from __future__ import annotations

import random

from ..engine import Observation
from ..engine.state import (
    BIDDING,
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    PLAYING,
    REDEAL_PHASE,
)
from .cardplay import choose_card
from .evaluate import (
    PREDICTION_BEFORE_MUSIK,
    PREDICTION_BEFORE_MUSIK_TWO,
    PREDICTION_WITH_HAND,
    PREDICTION_WITH_HAND_TWO,
    cards_to_discard,
    cards_to_give,
    declarer_estimate,
    declaring_value,
    passing_value,
)
from .knowledge import mask_of_names, read
from .names import card_action, discard_action, give_action, value_of


def choose(view: Observation, rng: random.Random) -> str:
    """The Normal player's action in ``view``."""
    legal = view.legal
    phase = view.phase
    if phase == REDEAL_PHASE:
        return "redeal" if "redeal" in legal else legal[0]
    hand = mask_of_names(view.hand)
    players = len(view.hand_sizes)
    if phase == BIDDING:
        estimate = declarer_estimate(hand, with_musik=True, players=players)
        model = PREDICTION_BEFORE_MUSIK if players == 3 else PREDICTION_BEFORE_MUSIK_TWO
        floor = passing_value(view.rules, view.scores, view.seat, view.dealer_score)
        for action in legal:
            if action.startswith("bid:"):
                value = value_of(action)
                if declaring_value(estimate, value, model) > floor:
                    return action
            break
        return "pass"
    if phase == GIVING:
        return give_action(cards_to_give(hand, 1)[0])
    if phase == MUSIK_PHASE:
        # Both musiks lie face down and unseen: neither is better than the other.
        return rng.choice(legal)
    if phase == DISCARDING:
        return discard_action(cards_to_discard(hand, 1)[0])
    if phase == CONTRACT_PHASE:
        estimate = declarer_estimate(hand, with_musik=False, players=players)
        model = PREDICTION_WITH_HAND if players == 3 else PREDICTION_WITH_HAND_TWO
        return max(legal, key=lambda action: declaring_value(estimate, value_of(action), model))
    if phase == PLAYING:
        know = read(view)
        allowed = mask_of_names(tuple(action[5:] for action in legal))
        return card_action(choose_card(know, allowed))
    return legal[0]
