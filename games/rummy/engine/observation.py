"""What one seat may see (rules section 7): the only view of a game a page or a bot gets."""

from __future__ import annotations

from dataclasses import dataclass

from .scoring import GameResult
from .state import GameState
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class Observation:
    """A game as the player at ``seat`` sees it. Tiles are integers (``tiles``).

    ``rack`` is the viewer's own rack (sorted); of the others only ``tile_counts`` is
    shown. ``to_move`` is ``None`` once the game is over. ``last_seat``, ``last_action``
    (``"play"``, ``"draw"`` or ``"pass"``) and ``last_played`` (the rack tiles put on the
    table, sorted) describe the previous turn. ``scores`` are the match totals before
    this game; ``result`` is set when the game is over.
    """

    seat: int
    players: int
    rack: tuple[Tile, ...]
    table: tuple[tuple[Tile, ...], ...]
    tile_counts: tuple[int, ...]
    melded: tuple[bool, ...]
    pool_size: int
    to_move: int | None
    passes: int
    turns: int
    last_seat: int | None
    last_action: str | None
    last_played: tuple[Tile, ...]
    scores: tuple[int, ...]
    result: GameResult | None

    @property
    def my_turn(self) -> bool:
        """Whether the viewer is the player to move."""
        return self.to_move == self.seat


WATCHER = -1
"""The ``seat`` of the ``public_view``: nobody's."""


def observation(state: GameState, seat: int) -> Observation:
    """What the player at ``seat`` may see: never another rack or the pool's order."""
    if seat not in range(state.players):
        raise ValueError(f"seat must be from 0 to {state.players - 1}")
    return _seen(state, seat, state.racks[seat])


def public_view(state: GameState) -> Observation:
    """What someone holding no rack (a watcher) may see: the table, how many tiles each
    player holds, the pool's size and the scores; no rack (the racks are shown once the
    game is over, in its ``result``, as to everyone)."""
    return _seen(state, WATCHER, ())


def _seen(state: GameState, seat: int, rack: tuple[Tile, ...]) -> Observation:
    return Observation(
        seat=seat,
        players=state.players,
        rack=rack,
        table=state.table,
        tile_counts=tuple(len(rack) for rack in state.racks),
        melded=state.melded,
        pool_size=state.pool_size,
        to_move=None if state.result is not None else state.to_move,
        passes=state.passes,
        turns=state.turns,
        last_seat=state.last_seat,
        last_action=state.last_action,
        last_played=state.last_played,
        scores=state.scores,
        result=state.result,
    )
