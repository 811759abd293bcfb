"""The Beginner: legal and sensible, with a new player's mistakes. It bids on a hunch
(timidly or rashly, a little bolder on the barrel), gives or discards cards without a plan
(though it never discards a ten or an ace it can keep), never raises its contract, does not
count cards or feed its partner's tricks, and sometimes simply plays any card."""

from __future__ import annotations

import random

from ..engine import Observation
from ..engine.cards import CARD_POINTS, MARRIAGE_MASKS, SUIT_OF, cards_of
from ..engine.state import BIDDING, DISCARDING, GIVING, MUSIK_PHASE, PLAYING, REDEAL_PHASE
from ..engine.tricks import trick_winner
from .cardplay import QUEEN_OF, marriage_cards
from .evaluate import declarer_estimate
from .fastplay import beats
from .knowledge import mask_of_names, read
from .names import card_action, discard_action, give_action, highest_bid_within

MISTAKE_RATE = 0.25


def choose(view: Observation, rng: random.Random) -> str:
    """The Beginner's action in ``view``."""
    legal = view.legal
    phase = view.phase
    if phase == REDEAL_PHASE:
        return rng.choice(("keep", "redeal"))
    hand = mask_of_names(view.hand)
    if phase == BIDDING:
        hunch = rng.choice((-15.0, 0.0, 20.0)) + rng.gauss(0.0, 10.0)
        if view.on_barrel[view.seat]:
            hunch += 10.0  # it knows that on the barrel only a declarer scores
        estimate = declarer_estimate(hand, False, len(view.hand_sizes))
        return highest_bid_within(legal, estimate + hunch, raise_once=True)
    if phase == GIVING:
        return give_action(rng.choice(cards_of(hand)))
    if phase == MUSIK_PHASE:
        return rng.choice(legal)
    if phase == DISCARDING:
        cheap = [card for card in cards_of(hand) if CARD_POINTS[card] < 10]
        return discard_action(rng.choice(cheap or cards_of(hand)))
    if phase == PLAYING:
        allowed = mask_of_names(tuple(action[5:] for action in legal))
        if rng.random() < MISTAKE_RATE:
            return card_action(rng.choice(cards_of(allowed)))
        return card_action(_naive_card(view, allowed, rng))
    return legal[0]


def _naive_card(view: Observation, allowed: int, rng: random.Random) -> int:
    know = read(view)
    hand = know.hand
    if not know.trick:
        held = marriage_cards(hand) & allowed
        if know.done and held:
            suit = rng.choice([s for s in range(4) if held & MARRIAGE_MASKS[s]])
            return QUEEN_OF[suit]
        return max(cards_of(allowed), key=lambda card: (CARD_POINTS[card], card))
    best = know.trick[trick_winner(know.trick, know.trump)]
    winners = [card for card in cards_of(allowed) if beats(card, best, know.trump)]
    if winners:
        return max(winners, key=lambda card: (CARD_POINTS[card], card))
    return min(cards_of(allowed), key=lambda card: (CARD_POINTS[card], SUIT_OF[card]))
