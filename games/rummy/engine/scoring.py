"""Scoring a finished game (rules section 4)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import Tile, hand_value


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended and what each seat gains (positive) or loses (negative).

    ``went_out`` is the seat that played its last tile, ``None`` when the game ended with
    the pool empty and everyone passing in a row. ``hand_points`` are the points left in
    each hand (number tiles at face value, a joker 30); ``winners`` are the seats that
    gain (several when they tie for the fewest hand points).
    """

    went_out: int | None
    winners: tuple[int, ...]
    hand_points: tuple[int, ...]
    scores: tuple[int, ...]


def score_game(racks: Sequence[Sequence[Tile]], went_out: int | None) -> GameResult:
    """The result of a game whose hands are ``racks``, by seat.

    When ``went_out`` is a seat, every other player loses their hand points and that seat
    gains the total. Otherwise the fewest hand points win: every other player loses the
    difference to the fewest, and the seats tied for the fewest share the total evenly,
    dropping any remainder.
    """
    hand_points = tuple(hand_value(rack) for rack in racks)
    if went_out is not None:
        winners: tuple[int, ...] = (went_out,)
        losses = list(hand_points)
        losses[went_out] = 0
    else:
        lowest = min(hand_points)
        winners = tuple(seat for seat, points in enumerate(hand_points) if points == lowest)
        losses = [points - lowest for points in hand_points]
    share = sum(losses) // len(winners)
    scores = tuple(share if seat in winners else -loss for seat, loss in enumerate(losses))
    return GameResult(went_out, winners, hand_points, scores)
