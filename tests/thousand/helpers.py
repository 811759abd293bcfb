"""Shared helpers of the engine tests: deals in card notation, actions in a row, refusals."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.thousand.engine import (
    CARD_NAMES,
    HOUSE_RULES,
    REDEAL_PHASE,
    HandState,
    IllegalAction,
    Rules,
    apply,
    new_hand,
)

RANK_POINTS = {"9": 0, "J": 2, "Q": 3, "K": 4, "T": 10, "A": 11}
"""Card points by rank, written out here so the tests do not trust the engine's tables."""

ALL_CARD_NAMES = frozenset(rank + suit for rank in "9JQKTA" for suit in "SCDH")


def card_points(names: list[str] | tuple[str, ...]) -> int:
    """Card points of cards in notation."""
    return sum(RANK_POINTS[name[0]] for name in names)


def exactly(message: str) -> str:
    """A ``pytest.raises`` pattern matching ``message`` and nothing else."""
    return f"^{re.escape(message)}$"


def deal(
    dealer: int,
    seat0: str,
    seat1: str,
    seat2: str,
    musik: str,
    *,
    scores: tuple[int, int, int] = (0, 0, 0),
    rules: Rules = HOUSE_RULES,
) -> HandState:
    """A new hand from hands written as space-separated cards."""
    return new_hand(
        dealer, [seat0.split(), seat1.split(), seat2.split()], musik.split(), scores, rules
    )


def play(state: HandState, actions: str) -> HandState:
    """The state after the space-separated actions, each of which must be legal."""
    for action in actions.split():
        state = apply(state, action)
    return state


def refusal(state: HandState, action: str) -> str:
    """The message of the ``IllegalAction`` that ``action`` raises now."""
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    return str(caught.value)


def in_play(
    declarer_hand: str,
    left_hand: str,
    right_hand: str,
    *,
    rules: Rules = HOUSE_RULES,
    scores: tuple[int, int, int] = (0, 0, 0),
) -> HandState:
    """A hand at its first trick, seat 0 declarer with a contract of 100, from its 8-card hands.

    Seat 2 dealt; seat 0 opened at 100 and both others passed. The musik was the declarer's last
    three cards, and the declarer gave each opponent the first card of their hand (seat 1 on
    its left, then seat 2 on its right). Re-deal questions, if any, are answered ``keep``.
    """
    mine, left, right = declarer_hand.split(), left_hand.split(), right_hand.split()
    assert len(mine) == len(left) == len(right) == 8
    dealt = [[*mine[:5], left[0], right[0]], left[1:], right[1:]]
    state = new_hand(2, dealt, mine[5:], scores, rules)
    while state.phase == REDEAL_PHASE:
        state = apply(state, "keep")
    return play(state, f"pass pass give:{left[0]} give:{right[0]} contract:100")


def worked_example(contract: int = 120, **extra: Any) -> dict[str, Any]:
    """The seeds' worked example as a replay scenario, played to the end.

    Seat 0 opens at 100 and both others pass. Seat 0 takes the musik (and with it the queen of
    its clubs marriage), gives 9H to the left and JD to the right, and announces ``contract``.
    It takes 78 in cards and declares clubs (60): 138 in all; the opponents take 24 and 18.
    ``extra`` adds scenario fields such as ``scores`` or ``rules``.
    """
    return {
        **extra,
        "dealer": 2,
        "hands": [
            ["9H", "KC", "AH", "JD", "9C", "JC", "QD"],
            ["QS", "KS", "9S", "9D", "KD", "QH", "AC"],
            ["TD", "TC", "TS", "AD", "TH", "KH", "JH"],
        ],
        "musik": ["JS", "QC", "AS"],
        "actions": [
            *("pass", "pass", "give:9H", "give:JD", f"contract:{contract}"),
            *("play:AS", "play:QS", "play:TS"),  # 1: seat 0 takes 24
            *("play:QC", "play:AC", "play:TC"),  # 2: clubs marriage, now trump; seat 1 takes 24
            *("play:QH", "play:TH", "play:AH"),  # 3: seat 0 takes 24
            *("play:JC", "play:9H", "play:JD"),  # 4: seat 0 takes 4
            *("play:QD", "play:KD", "play:AD"),  # 5: seat 2 takes 18
            *("play:TD", "play:KC", "play:9D"),  # 6: seat 0 trumps and takes 14
            *("play:9C", "play:KS", "play:KH"),  # 7: seat 0 takes 8
            *("play:JS", "play:9S", "play:JH"),  # 8: seat 0 takes 4
        ],
    }


def worked_example_hand(
    contract: int = 120,
    scores: tuple[int, int, int] = (0, 0, 0),
    rules: Rules = HOUSE_RULES,
) -> HandState:
    """The worked example played out through the engine API."""
    scenario = worked_example(contract)
    state = new_hand(scenario["dealer"], scenario["hands"], scenario["musik"], scores, rules)
    for action in scenario["actions"]:
        state = apply(state, action)
    return state


def last_trick(state: HandState) -> tuple[int, tuple[str, ...], int]:
    """The latest completed trick: leader, cards in playing order, winner."""
    trick = state.tricks[-1]
    return trick.leader, tuple(CARD_NAMES[card] for card in trick.cards), trick.winner


# Positions for trick play, as 8-card hands for ``in_play`` (seat 0 declarer, then seats 1, 2).

HEARTS_LED = ("KH TH AS TS KS QS 9D JD", "9H JH 9S AC TC KD TD AD", "QH AH JS 9C JC QC KC QD")
"""No trump. Trick 1: seat 0 leads KH; seat 1 holds 9H and JH, seat 2 QH and AH. Seat 2 takes
it with AH and leads 9C to trick 2; seat 0 has no clubs, seat 1 holds TC and AC."""
HEARTS_LED_TRICK_1 = "play:KH play:JH play:AH"

TRUMP_ON_THE_TABLE = (
    "AC QS KS JH AH 9D JD QD",
    "9H AS 9C QH KH TH TD AD",
    "KD TS JS 9S JC TC KC QC",
)
"""Trick 1: seat 0 takes it with AC. Trick 2: seat 0 leads QS and declares spades (trump);
seat 1 takes it with AS. Trick 3: seat 1 leads TH; seat 2 has no hearts and holds JS and TS;
seat 0 holds JH and AH."""
TRUMP_ON_THE_TABLE_TRICKS_1_2 = "play:AC play:9C play:JC play:QS play:AS play:9S"

OVERTRUMP = ("AC QS KS 9S 9D JD QD TD", "9H JH QH KH TH AH AS 9C", "KD AD TS JS JC TC KC QC")
"""Trick 1: seat 0 takes it with AC. Trick 2: seat 0 leads QS and declares spades (trump);
seat 1 takes it with AS while seat 2 keeps TS or JS. Trick 3: seat 1 leads 9H, which neither
other player holds; seat 2 must trump with the spade it kept, and seat 0 holds KS and 9S."""
OVERTRUMP_TRICK_1 = "play:AC play:9C play:JC"

MARRIAGES = ("KH QH AH TH KD QD KC QC", "9H AD KS QS AS TS 9C AC", "JH 9D TD JD JS 9S TC JC")
"""Seat 0 holds the hearts, diamonds and clubs marriages, seat 1 the spades marriage."""
MARRIAGES_PLAY = [
    "play:KH play:9H play:JH",  # 1: KH led with QH in hand, but on trick 1; seat 0 takes 6
    "play:QH play:9C play:JC",  # 2: QH led, KH is gone: no marriage; seat 0 takes 5
    "play:KD play:AD play:9D",  # 3: diamonds declared (80), trump; seat 1 takes 15
    "play:KS play:9S play:QD",  # 4: seat 1 declares spades (40), the new trump; takes 7
    "play:TS play:JS play:TH",  # 5: seat 1 takes 22
    "play:AS play:JD play:AH",  # 6: seat 1 takes 24
    "play:QS play:TD play:QC",  # 7: seat 1 takes 16
    "play:AC play:TC play:KC",  # 8: seat 1 takes 25
]
"""Seat 0 ends with 11 in cards and 80 in marriages, 91 against a contract of 100; seat 1
with 109 in cards and 40 in marriages, 149."""
