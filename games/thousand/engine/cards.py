"""Cards, their notation and bit-set helpers.

A card is an integer ``suit * 6 + rank``: ranks run 0..5 for 9, J, Q, K, T(en), A, which is
also their order of strength, and suits 0..3 for spades, clubs, diamonds, hearts, which is
also the order of their marriage values (40, 60, 80, 100). A set of cards (a hand, the
musik, the cards played) is a 24-bit integer with bit ``card`` set for each card in it, so
following, trick winners and scoring are a few integer operations.
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "9JQKTA"
SUITS = "SCDH"
NINE, JACK, QUEEN, KING, TEN, ACE = range(6)
SPADES, CLUBS, DIAMONDS, HEARTS = range(4)

RANK_POINTS = (0, 2, 3, 4, 10, 11)
MARRIAGE_VALUES = (40, 60, 80, 100)
"""Marriage value by suit: spades 40, clubs 60, diamonds 80, hearts 100."""

ALL_CARDS = tuple(range(24))
FULL_DECK = (1 << 24) - 1

CARD_NAMES = tuple(rank + suit for suit in SUITS for rank in RANKS)
"""``CARD_NAMES[card]`` is the card's notation, e.g. ``"AH"``."""
CARD_BY_NAME = {name: card for card, name in enumerate(CARD_NAMES)}

CARD_POINTS = tuple(RANK_POINTS[card % 6] for card in ALL_CARDS)
SUIT_OF = tuple(card // 6 for card in ALL_CARDS)
SUIT_MASKS = tuple(0b111111 << (6 * suit) for suit in range(4))
ABOVE = tuple(SUIT_MASKS[card // 6] & ~((2 << card) - 1) for card in ALL_CARDS)
"""``ABOVE[card]`` is the set of the cards of the same suit that beat ``card``."""
MARRIAGE_MASKS = tuple((1 << (6 * suit + KING)) | (1 << (6 * suit + QUEEN)) for suit in range(4))
NINES_MASK = sum(1 << (6 * suit + NINE) for suit in range(4))


def bit(card: int) -> int:
    """The one-card set holding ``card``."""
    return 1 << card


def cards_of(mask: int) -> list[int]:
    """The cards of a set, lowest index first (spades 9 up to hearts ace)."""
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def mask_of(cards: Iterable[int]) -> int:
    """The set holding the given cards."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def marriages_in(mask: int) -> tuple[int, ...]:
    """The suits whose king and queen are both in the set."""
    return tuple(suit for suit in range(4) if mask & MARRIAGE_MASKS[suit] == MARRIAGE_MASKS[suit])


# Card points and marriage values of every set of spades and clubs (the low 12 bits) and of
# every set of diamonds and hearts (the high 12 bits), so that a set is two lookups.
_LOW_POINTS = tuple(sum(CARD_POINTS[card] for card in cards_of(half)) for half in range(4096))
_HIGH_POINTS = tuple(sum(CARD_POINTS[card + 12] for card in cards_of(half)) for half in range(4096))
_LOW_MARRIAGES = tuple(
    sum(MARRIAGE_VALUES[suit] for suit in marriages_in(half)) for half in range(4096)
)
_HIGH_MARRIAGES = tuple(
    sum(MARRIAGE_VALUES[suit] for suit in marriages_in(half << 12)) for half in range(4096)
)


def points_of(mask: int) -> int:
    """Total card points of a set of cards."""
    return _LOW_POINTS[mask & 4095] + _HIGH_POINTS[mask >> 12]


def marriage_total(mask: int) -> int:
    """Sum of the values of the marriages held in the set."""
    return _LOW_MARRIAGES[mask & 4095] + _HIGH_MARRIAGES[mask >> 12]


def parse_card(name: str) -> int:
    """The card for a notation such as ``"TS"``; raises ``ValueError`` for anything else."""
    try:
        return CARD_BY_NAME[name]
    except (KeyError, TypeError):
        raise ValueError(f"{name!r} is not a card (rank 9 J Q K T A, then suit S C D H)") from None


def names_of(mask: int) -> tuple[str, ...]:
    """Notation of every card in a set, in card order."""
    return tuple(CARD_NAMES[card] for card in cards_of(mask))
