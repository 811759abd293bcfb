"""Which cards the declarer of 2026-12 keeps and gives away (the Expert's share of
the hand evaluation of that month)."""

from __future__ import annotations

from ...engine.cards import CARD_POINTS, MARRIAGE_MASKS, MARRIAGE_VALUES, SUIT_MASKS

ACE_BIT = tuple(1 << (6 * suit + 5) for suit in range(4))
TEN_BIT = tuple(1 << (6 * suit + 4) for suit in range(4))


def keep_value(hand: int, card: int) -> float:
    """How much the declarer wants to keep ``card`` of ``hand`` rather than give it away:
    marriages and aces most, pointless cards of short suits least (the seeds' tip)."""
    suit = card // 6
    rank = card % 6
    value = float(CARD_POINTS[card])
    marriage = MARRIAGE_MASKS[suit]
    if rank in (2, 3) and hand & marriage == marriage:
        value += 100 + MARRIAGE_VALUES[suit] / 10
    elif rank in (2, 3):
        value += 3
    if rank == 5:
        value += 40
    elif rank == 4:
        value += 25 if hand & ACE_BIT[suit] else 5
    length = (hand & SUIT_MASKS[suit]).bit_count()
    value += 2 * length
    return value


def cards_to_give(hand: int, count: int) -> list[int]:
    """The ``count`` cards the declarer gives away, least wanted first."""
    cards = [card for card in range(24) if hand >> card & 1]
    cards.sort(key=lambda card: (keep_value(hand, card), card))
    return cards[:count]


def cards_to_discard(hand: int, count: int = 2) -> list[int]:
    """Two players: the ``count`` cards the declarer discards, least wanted first. They are
    the cards it would give away at three: the points of a discard count for nobody, and a
    pointless card of a short suit costs nothing and may leave a void to trump in."""
    return cards_to_give(hand, count)
