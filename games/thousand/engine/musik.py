"""The musik, the two given cards and the contract (rules 2.4 and 2.5); with two players
the choice of a musik and the two discards (rules 4.1)."""

from __future__ import annotations

from .actions import (
    DISCARD,
    DISCARD_ACTIONS,
    GIVE,
    GIVE_ACTIONS,
    MUSIK_ACTIONS,
    REDEAL,
    IllegalAction,
    gettext_noop,
)
from .cards import CARD_NAMES, NINES_MASK, cards_of, marriage_total
from .rules import ABANDON
from .state import (
    CONTRACT_PHASE,
    DISCARDING,
    GIVING,
    MUSIK_PHASE,
    PLAIN_LIMIT,
    PLAYING,
    REDEALT,
    HandState,
)

_LOW_GIVES = tuple(tuple(GIVE_ACTIONS[card] for card in cards_of(mask)) for mask in range(4096))
_HIGH_GIVES = tuple(
    tuple(GIVE_ACTIONS[card + 12] for card in cards_of(mask)) for mask in range(4096)
)
"""Give actions for each set of spades and clubs (low) or diamonds and hearts (high)."""
_LOW_DISCARDS = tuple(
    tuple(DISCARD_ACTIONS[card] for card in cards_of(mask)) for mask in range(4096)
)
_HIGH_DISCARDS = tuple(
    tuple(DISCARD_ACTIONS[card + 12] for card in cards_of(mask)) for mask in range(4096)
)
"""Discard actions, by half of the pack as for the gives."""

_CONTRACTS: dict[tuple[int, int, int], tuple[str, ...]] = {}


def take_musik(state: HandState) -> None:
    """Ends the auction: the last player in is declarer and takes the musik (10 cards), or
    with two players is to choose one of the two musiks."""
    declarer = state.bidder
    assert declarer is not None
    state.declarer = declarer
    state.to_move = declarer
    if state.musiks:
        state.phase = MUSIK_PHASE
        return
    state.phase = GIVING
    state.hands = _with(state.hands, declarer, state.hands[declarer] | state.musik)


def _with(hands: tuple[int, ...], seat: int, hand: int) -> tuple[int, ...]:
    """``hands`` with ``seat``'s hand replaced by ``hand``."""
    return (*hands[:seat], hand, *hands[seat + 1 :])


def apply_musik_choice(state: HandState, index: int) -> HandState:
    """The declarer takes the first (``index`` 0) or the second musik: 12 cards."""
    declarer = state.declarer
    assert declarer is not None
    new = state.copy()
    new.hands = _with(state.hands, declarer, state.hands[declarer] | state.musiks[index])
    new.chosen = index
    new.log = (state.log, declarer, MUSIK_ACTIONS[index])
    new.phase = DISCARDING
    return new


def may_abandon(state: HandState) -> bool:
    """Whether the declarer may abandon the hand (four-nines variant, before giving or
    discarding)."""
    assert state.declarer is not None
    return (
        state.rules.four_nines == ABANDON
        and not state.gives
        and not state.discards
        and state.hands[state.declarer] & NINES_MASK == NINES_MASK
    )


def _abandon(state: HandState) -> HandState:
    """The declarer holding all four 9s abandons the hand: it is dealt again."""
    declarer = state.declarer
    assert declarer is not None
    if not may_abandon(state):
        raise IllegalAction(
            gettext_noop("Only a declarer holding all four 9s may abandon the hand.")
        )
    new = state.copy()
    new.log = (state.log, declarer, "redeal")
    new.phase = REDEALT
    new.to_move = None
    return new


def legal_discards(state: HandState) -> tuple[str, ...]:
    """A ``discard`` for each card of the declarer's hand (and ``redeal`` if it may abandon)."""
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    discards = _LOW_DISCARDS[hand & 4095] + _HIGH_DISCARDS[hand >> 12]
    return (*discards, "redeal") if may_abandon(state) else discards


def apply_discard(state: HandState, kind: int, card: int) -> HandState:
    """Lays a card of the declarer's away, face down; after the second, the contract."""
    declarer = state.declarer
    assert declarer is not None
    if kind == REDEAL:
        return _abandon(state)
    assert kind == DISCARD
    if not state.hands[declarer] & (1 << card):
        raise IllegalAction(gettext_noop("You do not hold {card}."), card=CARD_NAMES[card])
    new = state.copy()
    new.hands = _with(state.hands, declarer, state.hands[declarer] ^ (1 << card))
    new.discards = (*state.discards, card)
    new.log = (state.log, declarer, DISCARD_ACTIONS[card])
    if len(new.discards) == 2:
        new.phase = CONTRACT_PHASE
    return new


def legal_gives(state: HandState) -> tuple[str, ...]:
    """A ``give`` for each card of the declarer's hand (and ``redeal`` if it may abandon)."""
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    gives = _LOW_GIVES[hand & 4095] + _HIGH_GIVES[hand >> 12]
    return (*gives, "redeal") if may_abandon(state) else gives


def apply_give(state: HandState, kind: int, card: int) -> HandState:
    """Gives a card to the player on the left, then one to the player on the right."""
    declarer = state.declarer
    assert declarer is not None
    if kind == REDEAL:
        return _abandon(state)
    assert kind == GIVE
    bit = 1 << card
    if not state.hands[declarer] & bit:
        raise IllegalAction(gettext_noop("You do not hold {card}."), card=CARD_NAMES[card])
    receiver = (declarer + 1 + len(state.gives)) % 3
    hands = list(state.hands)
    hands[declarer] ^= bit
    hands[receiver] |= bit
    new = state.copy()
    new.hands = tuple(hands)
    new.gives = (*state.gives, card)
    new.log = (state.log, declarer, GIVE_ACTIONS[card])
    if len(new.gives) == 2:
        new.phase = CONTRACT_PHASE
    return new


def contract_limit(state: HandState) -> int:
    """The highest contract: 120 plus the marriages in the declarer's 8 cards (10 with two
    players), at least the bid."""
    assert state.declarer is not None
    assert state.bid is not None
    return max(state.bid, PLAIN_LIMIT + marriage_total(state.hands[state.declarer]))


def legal_contracts(state: HandState) -> tuple[str, ...]:
    """Every contract the declarer may announce, from the bid up to the limit."""
    assert state.bid is not None
    key = (state.bid, contract_limit(state), state.rules.bid_step)
    actions = _CONTRACTS.get(key)
    if actions is None:
        low, high, step = key
        actions = tuple(f"contract:{value}" for value in range(low, high + 1, step))
        _CONTRACTS[key] = actions
    return actions


def apply_contract(state: HandState, value: int) -> HandState:
    """Announces the contract; the declarer then leads to the first trick."""
    declarer = state.declarer
    assert declarer is not None
    assert state.bid is not None
    if value < state.bid:
        raise IllegalAction(
            gettext_noop("The contract must be at least your bid of {bid}."), bid=state.bid
        )
    step = state.rules.bid_step
    if value % step:
        raise IllegalAction(gettext_noop("The contract goes up in steps of {step}."), step=step)
    limit = contract_limit(state)
    if value > limit:
        if limit == PLAIN_LIMIT:
            raise IllegalAction(gettext_noop("Without a marriage the contract is at most 120."))
        raise IllegalAction(
            gettext_noop("With your cards the contract is at most {limit}."), limit=limit
        )
    new = state.copy()
    new.contract = value
    new.log = (state.log, declarer, f"contract:{value}")
    new.phase = PLAYING
    new.leader = declarer
    return new
