"""A sampled world and the small helpers both samplers share (three players and two)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...engine.cards import MARRIAGE_MASKS, MARRIAGE_VALUES, cards_of
from .knowledge import PLAIN_LIMIT, Knowledge


@dataclass(frozen=True, slots=True)
class World:
    """One placement of every card consistent with the observation, by hand position.

    ``hands`` are the hands now; ``deal`` the hands as dealt; ``musik`` every card dealt to
    the middle (the musik, or with two players both musiks); ``gifts`` the cards given so
    far (to the left, then to the right). With two players ``musiks`` are the first and the
    second musik and ``discards`` the declarer's discards so far, in order.
    """

    hands: tuple[int, ...]
    deal: tuple[int, ...]
    musik: int
    gifts: tuple[int, ...]
    musiks: tuple[int, ...] = ()
    discards: tuple[int, ...] = ()


def pick(pool: int, count: int, rng: random.Random) -> int:
    """``count`` cards chosen uniformly at random from ``pool``."""
    if count <= 0:
        return 0
    chosen = 0
    for card in rng.sample(cards_of(pool), count):
        chosen |= 1 << card
    return chosen


def needed_marriages(know: Knowledge, seat: int) -> int:
    """The marriages (in value) a seat's highest bid needed in its dealt hand."""
    return max(0, know.best_bids[seat] - PLAIN_LIMIT)


def marriage_sets(need: int) -> list[int]:
    """The sets of marriages (as K+Q card masks) worth at least ``need``, none superfluous."""
    options = []
    for suits in range(1, 16):
        chosen = [s for s in range(4) if suits >> s & 1]
        total = sum(MARRIAGE_VALUES[s] for s in chosen)
        if total >= need and all(total - MARRIAGE_VALUES[s] < need for s in chosen):
            mask = 0
            for s in chosen:
                mask |= MARRIAGE_MASKS[s]
            options.append(mask)
    return options
