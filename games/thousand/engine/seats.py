"""Table seats and hand positions (rules section 4: two and four players).

A hand is played by three, at hand positions 0, 1 and 2, or by two at positions 0 and 1. At
a table of two or three the positions are the seats. At a table of four the dealer sits the
hand out, and positions 0, 1 and 2 are the other seats in playing order from the dealer's
left. A web page or a match works in seats; the hand, its observations and the computer
players work in positions.
"""

from __future__ import annotations

from typing import TypeVar

from .state import HandState

T = TypeVar("T")


def active_seats(players: int, dealer: int) -> tuple[int, ...]:
    """The table seats at the hand positions of a hand that ``dealer`` deals."""
    if players == 4:
        return ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4)
    return tuple(range(players))


def hand_seats(state: HandState) -> tuple[int, ...]:
    """The table seats at the hand positions of ``state``."""
    return active_seats(state.rules.players, state.dealer)


def sitting_out(state: HandState) -> int | None:
    """The seat of the dealer who sits the hand out at a table of four, else ``None``."""
    return state.dealer if state.rules.players == 4 else None


def seat_of(state: HandState, position: int) -> int:
    """The table seat of a hand position (0, 1 or 2; 0 or 1 with two players)."""
    seats = hand_seats(state)
    if position not in range(len(seats)):
        allowed = "0 or 1" if len(seats) == 2 else "0, 1 or 2"
        raise ValueError(f"position must be {allowed}, not {position!r}")
    return seats[position]


def position_of(state: HandState, seat: int) -> int | None:
    """The hand position of a table seat, or ``None`` for the dealer sitting the hand out."""
    if seat not in range(state.rules.players):
        raise ValueError(f"seat must be between 0 and {state.rules.players - 1}, not {seat!r}")
    seats = hand_seats(state)
    return seats.index(seat) if seat in seats else None


def by_seat(state: HandState, values: tuple[T, ...], absent: T) -> tuple[T, ...]:
    """Per-position ``values`` (scores, deltas, points) laid out by table seat, with
    ``absent`` at the seat of a dealer who sits the hand out."""
    laid_out = [absent] * state.rules.players
    for position, seat in enumerate(hand_seats(state)):
        laid_out[seat] = values[position]
    return tuple(laid_out)


def deltas_by_seat(state: HandState) -> tuple[int, ...]:
    """The score changes of a finished hand by table seat: the players' ``score_deltas``
    and, for a dealer sitting the hand out, its musik points (0 without the option)."""
    assert state.result is not None
    return by_seat(state, state.result.score_deltas, state.result.dealer_delta)
