"""The auction (rules 2.2 re-deal question and 2.3 bidding)."""

from __future__ import annotations

from .actions import BID, KEEP, PASS, REDEAL, IllegalAction, gettext_noop
from .cards import marriage_total
from .musik import take_musik
from .state import PLAIN_LIMIT, REDEALT, HandState, open_bidding

_BIDS: dict[tuple[int, int, int], tuple[str, ...]] = {}


def bid_limit(hand: int) -> int:
    """The highest bid a hand allows: 120 plus the value of the marriages in it."""
    return PLAIN_LIMIT + marriage_total(hand)


def legal_bids(state: HandState) -> tuple[str, ...]:
    """Every bid the player to move may make, then ``pass``."""
    assert state.to_move is not None
    assert state.bid is not None
    key = (state.bid, bid_limit(state.hands[state.to_move]), state.rules.bid_step)
    actions = _BIDS.get(key)
    if actions is None:
        current, limit, step = key
        actions = (*(f"bid:{value}" for value in range(current + step, limit + 1, step)), "pass")
        _BIDS[key] = actions
    return actions


def answer_redeal(state: HandState, kind: int) -> HandState:
    """Applies ``keep`` or ``redeal`` from the player being asked."""
    seat = state.to_move
    assert seat is not None
    new = state.copy()
    if kind == REDEAL:
        new.log = (state.log, seat, "redeal")
        new.phase = REDEALT
        new.to_move = None
        new.to_ask = ()
        return new
    assert kind == KEEP
    new.log = (state.log, seat, "keep")
    new.to_ask = state.to_ask[1:]
    if new.to_ask:
        new.to_move = new.to_ask[0]
    else:
        open_bidding(new)
    return new


def apply_bid(state: HandState, kind: int, value: int) -> HandState:
    """Applies a bid or a pass from the player to move."""
    seat = state.to_move
    assert seat is not None
    assert state.bid is not None
    count = len(state.hands)
    new = state.copy()
    if kind == PASS:
        new.log = (state.log, seat, "pass")
        new.passed = state.passed | (1 << seat)
        if new.passed.bit_count() == count - 1:
            take_musik(new)
            return new
    else:
        assert kind == BID
        _check_bid(state, seat, value)
        new.log = (state.log, seat, f"bid:{value}")
        new.bid = value
        new.bidder = seat
    following = (seat + 1) % count
    while new.passed & (1 << following):
        following = (following + 1) % count
    new.to_move = following
    return new


def _check_bid(state: HandState, seat: int, value: int) -> None:
    assert state.bid is not None
    step = state.rules.bid_step
    if value <= state.bid:
        raise IllegalAction(gettext_noop("Bid more than the current bid of {bid}."), bid=state.bid)
    if value % step:
        raise IllegalAction(gettext_noop("Bids go up in steps of {step}."), step=step)
    limit = bid_limit(state.hands[seat])
    if value > limit:
        if limit == PLAIN_LIMIT:
            raise IllegalAction(gettext_noop("Without a marriage you may bid at most 120."))
        raise IllegalAction(
            gettext_noop("With the marriages you hold you may bid at most {limit}."), limit=limit
        )
