"""The Expert's faults of issue 25, in scripted hands where the Expert of December 2026 (the
arena's frozen ``expert-2026-12``) went wrong and today's does not."""

from __future__ import annotations

import random

import pytest

from games.thousand.bots import choose_action, expert_2026_12, play_safely
from games.thousand.bots.expert import gift_candidates, uncovered_marriages
from games.thousand.bots.knowledge import mask_of_names
from games.thousand.engine import BIDDING, GIVING, apply, new_hand, observation
from games.thousand.engine.cards import CARD_NAMES

SEARCHED = 40
"""Worlds each Expert samples per decision: a fixed count, so that the tests do not depend
on the machine's speed."""
SEARCHED_BIDS = 120
"""Worlds for a bid, a closer call: enough for the answer not to turn on a few worlds."""


def _cards(*names: str) -> int:
    return mask_of_names(names)


def test_a_marriage_is_uncovered_beyond_one_for_each_ace() -> None:
    assert uncovered_marriages(_cards("KD", "QD", "TD", "9S")) == 80
    assert uncovered_marriages(_cards("KD", "QD", "AS")) == 0
    # Two marriages and one ace: the cheaper one, spades, has no ace to back it.
    assert uncovered_marriages(_cards("KH", "QH", "KS", "QS", "AC")) == 40
    assert uncovered_marriages(_cards("KH", "QH", "KS", "QS", "AC", "AD")) == 0
    assert uncovered_marriages(_cards("KH", "AH", "QS", "AS")) == 0


def test_a_lone_king_or_queen_whose_partner_is_out_is_kept_before_an_ace() -> None:
    hand = _cards("9S", "KS", "QC", "JD", "AD", "9D", "JH", "TH", "AH", "9H")

    def names(unseen: int, count: int = 5) -> list[str]:
        return [CARD_NAMES[card] for card in gift_candidates(hand, unseen, count)]

    # Their partners out, KS and QC are given after the aces (and before a marriage).
    out = _cards("QS", "KC")
    assert names(out) == ["9S", "9D", "JD", "9H", "JH"]
    assert names(out, 10) == ["9S", "9D", "JD", "9H", "JH", "TH", "AD", "AH", "QC", "KS"]
    # With their partners seen, a lone king or queen is a cheap card like any other.
    assert names(0) == ["9S", "9D", "QC", "JD", "9H"]


# Seat 0 opens (dealer 2), the others pass and the musik brings QD, AD, AH: seat 0 holds KS
# and QC alone, and seat 1, on its left, holds both of their partners.
LONE_KING_AND_QUEEN = (
    [
        ["9S", "KS", "QC", "JD", "JH", "QH", "TH"],
        ["JS", "QS", "TS", "JC", "KC", "AC", "9D"],
        ["AS", "9C", "TC", "KD", "TD", "9H", "KH"],
    ],
    ["QD", "AD", "AH"],
)


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_the_expert_gives_no_opponent_the_card_that_could_complete_its_marriage(seed: int) -> None:
    hands, musik = LONE_KING_AND_QUEEN
    state = apply(apply(new_hand(2, hands, musik), "pass"), "pass")
    assert state.phase == GIVING
    assert state.to_move == 0
    view = observation(state, 0)
    action = choose_action("expert", view, random.Random(seed), worlds=SEARCHED)
    assert action.startswith("give:")
    assert action not in ("give:KS", "give:QC")


def test_the_expert_of_december_2026_gave_the_queen_of_clubs_there() -> None:
    hands, musik = LONE_KING_AND_QUEEN
    state = apply(apply(new_hand(2, hands, musik), "pass"), "pass")
    view = observation(state, 0)
    old = play_safely(
        "expert-2026-12", expert_2026_12.choose, view, random.Random(4), worlds=SEARCHED
    )
    assert old == "give:QC"


# Dealer 1: seat 2 opens at 100 and seat 0 is first to answer with the marriage of hearts,
# three unguarded tens and no ace, while seat 1 holds all four aces.
MARRIAGE_WITHOUT_AN_ACE = (
    [
        ["9S", "JS", "TS", "TC", "TD", "QH", "KH"],
        ["AS", "9C", "AC", "JD", "AD", "9H", "AH"],
        ["QS", "KS", "KC", "9D", "QD", "JH", "TH"],
    ],
    ["JC", "QC", "KD"],
)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_the_expert_does_not_raise_on_a_marriage_without_an_ace(seed: int) -> None:
    hands, musik = MARRIAGE_WITHOUT_AN_ACE
    state = new_hand(1, hands, musik)
    assert state.phase == BIDDING
    assert state.to_move == 0
    view = observation(state, 0)
    assert choose_action("expert", view, random.Random(seed), worlds=SEARCHED_BIDS) == "pass"


def test_the_expert_of_december_2026_raised_there() -> None:
    hands, musik = MARRIAGE_WITHOUT_AN_ACE
    view = observation(new_hand(1, hands, musik), 0)
    old = play_safely(
        "expert-2026-12", expert_2026_12.choose, view, random.Random(1), worlds=SEARCHED_BIDS
    )
    assert old == "bid:110"
