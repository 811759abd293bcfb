"""Hand evaluation shared by the levels: what a hand is worth to its declarer, which cards
to keep, and the match situation (barrel, cap, distance to the target)."""

from __future__ import annotations

import math

from ..engine.cards import CARD_POINTS, MARRIAGE_MASKS, MARRIAGE_VALUES, SUIT_MASKS, marriage_total
from ..engine.rules import Rules

ACE_BIT = tuple(1 << (6 * suit + 5) for suit in range(4))
TEN_BIT = tuple(1 << (6 * suit + 4) for suit in range(4))
KING_BIT = tuple(1 << (6 * suit + 3) for suit in range(4))
QUEEN_BIT = tuple(1 << (6 * suit + 2) for suit in range(4))

MUSIK_CARDS_GAIN = 14
"""What the three musik cards add on average to a declarer's points, less the two cards it
gives away (measured with the Expert's playouts on random deals)."""
MUSIK_CARDS_GAIN_TWO = 21
"""Two players: what the two cards of the chosen musik add on average to the estimate of a
declarer's hand, less its two discards (measured with ``PREDICTION_BEFORE_MUSIK_TWO``)."""


def suit_play_points(hand: int, suit: int) -> float:
    """The card points the declarer can expect to take with its cards of one suit."""
    cards = hand & SUIT_MASKS[suit]
    if not cards:
        return 0.0
    count = cards.bit_count()
    ace = bool(cards & ACE_BIT[suit])
    ten = bool(cards & TEN_BIT[suit])
    king = bool(cards & KING_BIT[suit])
    queen = bool(cards & QUEEN_BIT[suit])
    points = 0.0
    if ace:
        points += 18
        if ten:
            points += 16
            if king:
                points += 9
                if queen:
                    points += 7
        elif king and queen:
            points += 3
    elif ten:
        points += 8 if count >= 3 else 3
    if king and queen:
        points += 4
    points += max(0, count - 3) * 5
    return points


def play_points(hand: int) -> float:
    """Card points a declarer holding ``hand`` can expect to take in play (without the
    marriages), by suit: sure aces and tens, guarded kings, length."""
    return sum(suit_play_points(hand, suit) for suit in range(4))


def declarer_estimate(hand: int, with_musik: bool, players: int = 3) -> float:
    """The hand points a declarer holding ``hand`` can expect, marriages included.

    ``with_musik`` adds the expected worth of the musik still to come: its cards, and the
    chance that it completes a marriage (3 chances in 17 for each lone king or queen; with
    two ``players``, 2 in 14).
    """
    marriages = marriage_total(hand)
    has_ace = any(hand & bit for bit in ACE_BIT)
    estimate = play_points(hand) + marriages * (1.0 if has_ace else 0.85)
    if with_musik:
        estimate += MUSIK_CARDS_GAIN if players == 3 else MUSIK_CARDS_GAIN_TWO
        chance = 3 / 17 if players == 3 else 2 / 14
        for suit in range(4):
            pair = hand & MARRIAGE_MASKS[suit]
            if pair and pair != MARRIAGE_MASKS[suit]:
                estimate += MARRIAGE_VALUES[suit] * chance * 0.85
    return estimate


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


PREDICTION_BEFORE_MUSIK = (21.0, 0.84, 48.0)
PREDICTION_WITH_HAND = (11.0, 0.84, 36.0)
"""Intercept, slope and spread that turn ``declarer_estimate`` into the declarer's hand
points (fitted on Normal players' hands: before the musik with it expected, and on the
eight cards kept)."""
PREDICTION_BEFORE_MUSIK_TWO = (17.7, 0.76, 43.6)
PREDICTION_WITH_HAND_TWO = (13.1, 0.80, 31.2)
"""The same for two players: before the musik with it expected, and on the ten cards kept
(fitted on 20,000 two-player hands of Normal players, the opener declaring at 100)."""


def success_chance(estimate: float, contract: int, model: tuple[float, float, float]) -> float:
    """The chance that a declarer with this ``declarer_estimate`` makes ``contract``."""
    intercept, slope, spread = model
    expected = intercept + slope * estimate
    return 0.5 * (1.0 + math.erf((expected - contract) / (spread * math.sqrt(2.0))))


def declaring_value(estimate: float, contract: int, model: tuple[float, float, float]) -> float:
    """Expected score change of declaring ``contract``: won or lost in full."""
    return contract * (2.0 * success_chance(estimate, contract, model) - 1.0)


PASSING_TWO = 100.0
"""Two players: the expected score change below which a player would rather not declare.
Passing is worth far more than at three: the other player then declares alone against it,
often at the compulsory 100 with a hand it did not choose, while its opponent takes home
about 50. Measured in the arena (Normal against Normal, 1,500 to 3,000 duplicate deals a
run): floors from 100 up to never bidding over the other player did as well as each other
within the 95% intervals, lower ones worse (a floor of 20 lost 13 points a hand to one
that never bids)."""


def passing_value(
    rules: Rules, scores: tuple[int, ...], seat: int, dealer_score: int | None = None
) -> float:
    """The expected score change below which a player would rather not declare: about what
    an opponent takes home (with two players, see ``PASSING_TWO``), 20 less on the barrel
    or 50 with two players, less when a rival nears the target (a contract of its own keeps
    the rival from declaring); at four players the dealer sitting out (``dealer_score``) is
    a rival too."""
    on_barrel = scores[seat] >= rules.barrel
    if len(scores) == 2:
        value = PASSING_TWO - (50.0 if on_barrel else 0.0)
    else:
        value = 0.0 if on_barrel else 20.0
    rival = max(scores[other] for other in range(len(scores)) if other != seat)
    if dealer_score is not None:
        rival = max(rival, dealer_score)
    if rival >= rules.barrel:
        value -= 15.0
    return value
