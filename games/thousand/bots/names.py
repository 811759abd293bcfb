"""Between bit sets and the canonical action notation."""

from __future__ import annotations

from ..engine.actions import DISCARD_ACTIONS, GIVE_ACTIONS, PLAY_ACTIONS


def card_action(card: int) -> str:
    """``play:XX`` for a card."""
    return PLAY_ACTIONS[card]


def give_action(card: int) -> str:
    """``give:XX`` for a card."""
    return GIVE_ACTIONS[card]


def discard_action(card: int) -> str:
    """``discard:XX`` for a card."""
    return DISCARD_ACTIONS[card]


def value_of(action: str) -> int:
    """The number of a ``bid:N`` or ``contract:N`` action."""
    return int(action.partition(":")[2])


def highest_bid_within(legal: tuple[str, ...], ceiling: float, raise_once: bool) -> str:
    """A bid not above ``ceiling``, else ``pass``: the lowest legal bid if ``raise_once``
    (raise the auction one step at a time), else the highest."""
    bids = [action for action in legal if action.startswith("bid:") and value_of(action) <= ceiling]
    if not bids:
        return "pass"
    return bids[0] if raise_once else bids[-1]
