"""Scripted positions: an observation built from a rack, a table and the public counts."""

from __future__ import annotations

from games.rummy.engine import Observation, parse_table, parse_tiles


def view(
    rack: str,
    table: str = "",
    *,
    melded: bool = True,
    counts: tuple[int, ...] = (14,),
    pool: int = 40,
) -> Observation:
    """Seat 0 to move with ``rack`` (tiles in notation) on ``table`` (sets separated by
    ``|``); ``counts`` are the opponents' tile counts (their seats follow), and every
    opponent has made the initial meld."""
    tiles = parse_tiles(rack)
    players = 1 + len(counts)
    return Observation(
        seat=0,
        players=players,
        rack=tuple(sorted(tiles)),
        table=parse_table(table),
        tile_counts=(len(tiles), *counts),
        melded=(melded, *(True,) * len(counts)),
        pool_size=pool,
        to_move=0,
        passes=0,
        turns=10,
        last_seat=players - 1,
        last_action="draw",
        last_played=(),
        scores=(0,) * players,
        result=None,
    )
