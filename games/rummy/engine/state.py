"""A game of tile rummy: its setup (the deal) and its state as turns are applied.

A game is its ``GameSetup`` (the racks dealt, the pool's order and the first player) plus
its list of actions: ``replay`` rebuilds any state from them.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .scoring import GameResult
from .tiles import FULL_SET, TILE_NAMES, Tile, parse_tile

RACK_SIZE = 14
"""Tiles dealt to each player (rules section 1)."""
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass(frozen=True, slots=True)
class GameSetup:
    """The deal of a game, all that storage needs besides the actions.

    ``racks`` are the tiles dealt to each seat (sorted), ``pool`` the face-down tiles in
    the order they will be drawn, ``first`` the seat that plays first.
    """

    racks: tuple[tuple[Tile, ...], ...]
    pool: tuple[Tile, ...]
    first: int

    def __post_init__(self) -> None:
        players = len(self.racks)
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if self.first not in range(players):
            raise ValueError(f"the first player must be a seat from 0 to {players - 1}")
        if any(len(rack) != RACK_SIZE for rack in self.racks):
            raise ValueError(f"every rack is dealt {RACK_SIZE} tiles")
        tiles = Counter(self.pool)
        for rack in self.racks:
            tiles.update(rack)
        if tiles != Counter(FULL_SET):
            raise ValueError("the racks and the pool must hold the 106 tiles exactly")

    def to_record(self) -> dict[str, Any]:
        """The setup as JSON-ready data: tiles in notation (see ``from_record``)."""
        return {
            "racks": [[TILE_NAMES[tile] for tile in rack] for rack in self.racks],
            "pool": [TILE_NAMES[tile] for tile in self.pool],
            "first": self.first,
        }

    @classmethod
    def from_record(cls, record: object) -> GameSetup:
        """The setup stored by ``to_record``; ``ValueError`` if the record is not one."""
        if not isinstance(record, dict) or set(record) != {"racks", "pool", "first"}:
            raise ValueError("a setup record has exactly racks, pool and first")
        racks, pool, first = record["racks"], record["pool"], record["first"]
        if not isinstance(racks, list) or not all(isinstance(rack, list) for rack in racks):
            raise ValueError("racks must be a list of lists of tiles")
        if not isinstance(pool, list):
            raise ValueError("pool must be a list of tiles")
        if not isinstance(first, int) or isinstance(first, bool):
            raise ValueError("first must be a seat number")
        return cls(
            tuple(tuple(parse_tile(name) for name in rack) for rack in racks),
            tuple(parse_tile(name) for name in pool),
            first,
        )


@dataclass(frozen=True, slots=True)
class GameState:
    """A game between turns. Tiles are integers (``tiles``), racks are kept sorted.

    ``drawn`` counts the pool tiles drawn so far (the pool is ``setup.pool[drawn:]``).
    ``passes`` counts the passes in a row; ``last_seat``, ``last_action`` (``"play"``,
    ``"draw"`` or ``"pass"``) and ``last_played`` describe the previous turn, the rack
    tiles it put on the table. ``scores`` are the match totals before this game.
    ``to_move`` stays on the last player once ``result`` is set.
    """

    setup: GameSetup
    racks: tuple[tuple[Tile, ...], ...]
    table: tuple[tuple[Tile, ...], ...]
    melded: tuple[bool, ...]
    to_move: int
    drawn: int = 0
    passes: int = 0
    turns: int = 0
    last_seat: int | None = None
    last_action: str | None = None
    last_played: tuple[Tile, ...] = ()
    scores: tuple[int, ...] = ()
    result: GameResult | None = None

    @property
    def players(self) -> int:
        """The number of players (2 to 4)."""
        return len(self.racks)

    @property
    def pool(self) -> tuple[Tile, ...]:
        """The tiles left in the pool, in drawing order (never shown to a player)."""
        return self.setup.pool[self.drawn :]

    @property
    def pool_size(self) -> int:
        """How many tiles are left in the pool."""
        return len(self.setup.pool) - self.drawn

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.result is not None


def deal_setup(players: int, first: int, rng: random.Random) -> GameSetup:
    """A deal for ``players`` seats shuffled with ``rng``: 14 tiles each, the rest the pool."""
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    racks = tuple(
        tuple(sorted(tiles[seat * RACK_SIZE : (seat + 1) * RACK_SIZE])) for seat in range(players)
    )
    return GameSetup(racks, tuple(tiles[players * RACK_SIZE :]), first)


def new_game(setup: GameSetup, scores: tuple[int, ...] | None = None) -> GameState:
    """The game at its start: the racks dealt, an empty table, ``first`` to play.

    ``scores`` are the match totals before this game (zeros by default).
    """
    players = len(setup.racks)
    if scores is None:
        scores = (0,) * players
    if len(scores) != players:
        raise ValueError(f"a game of {players} players needs {players} scores")
    return GameState(
        setup=setup,
        racks=setup.racks,
        table=(),
        melded=(False,) * players,
        to_move=setup.first,
        scores=scores,
    )


def deal_game(
    players: int, first: int, rng: random.Random, scores: tuple[int, ...] | None = None
) -> GameState:
    """A new game dealt with ``rng`` (see ``deal_setup`` and ``new_game``)."""
    return new_game(deal_setup(players, first, rng), scores)
