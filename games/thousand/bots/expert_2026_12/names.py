"""Between bit sets and the canonical action notation."""

from __future__ import annotations

from ...engine.actions import DISCARD_ACTIONS, GIVE_ACTIONS, PLAY_ACTIONS


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
