"""Expert: the solver plus a strategy for when to play what.

- **Out at once.** A play that empties the rack is always taken.
- **Dump under threat.** When an opponent holds few tiles (they may go out next turn) or
  the pool is empty (a draw is no longer the price of holding back), it plays the most
  tiles and points, as Normal does: every tile kept would cost its points.
- **Hold back otherwise.** Sets made of its own tiles alone stay playable whatever
  happens to the table, so it keeps them as a reserve: it lays first the tiles that need
  the table (their places may be taken), and plays one reserve set on a turn when nothing
  else goes down; it draws only once both are exhausted. Its initial meld is the fewest
  sets worth 30.
- **Jokers.** Kept when a play without them places as many number tiles.
"""

from __future__ import annotations

import random

from ..engine import INITIAL_MELD, JOKER, Observation, analyse_set
from ..engine.tiles import NUMBER_OF, Tile
from ..solver import Solution
from .beginner import lay_off
from .common import Budget, Table, best_play, no_play, play, without

DANGER_TILES = 4
"""An opponent holding this many tiles or fewer may go out soon: no more holding back."""
JOKER_DANGER_TILES = 8
"""A joker costs 30 when caught in the rack: it is kept only while every opponent holds
more tiles than this."""


def choose(view: Observation, rng: random.Random, budget: Budget) -> str:
    """The Expert's action in ``view`` (``rng`` unused: it plays the same each time)."""
    melded = view.melded[view.seat]
    best = best_play(view.table, view.rack, melded, budget)
    if best is None:
        return no_play(view)
    if len(best.played) == len(view.rack) or under_threat(view):
        return play(best.table)
    if not melded:
        return play(_initial_meld(view.table, best))
    return play(_held_back(view, best, budget))


def under_threat(view: Observation) -> bool:
    """Whether holding tiles back is too risky: an opponent is close to going out, or the
    pool is empty."""
    return _fewest(view) <= DANGER_TILES or not view.pool_size


def _fewest(view: Observation) -> int:
    """The fewest tiles an opponent holds."""
    return min(count for seat, count in enumerate(view.tile_counts) if seat != view.seat)


def _initial_meld(table: Table, best: Solution) -> Table:
    """The table after the fewest of the best play's new sets that are worth 30, sets
    without jokers first and the most valuable first (the rest stay in the rack)."""
    new_sets = sorted(
        best.table[len(table) :],
        key=lambda tiles: (JOKER in tiles, -analyse_set(tiles).value),
    )
    chosen: list[tuple[Tile, ...]] = []
    value = 0
    for tiles in new_sets:
        chosen.append(tiles)
        value += analyse_set(tiles).value
        if value >= INITIAL_MELD:
            return (*table, *chosen)
    return best.table


def _single_lay_off(table: Table, tiles: list[Tile]) -> Table | None:
    """The table with the most valuable of ``tiles`` that fits alone at the end of a table
    set, or ``None`` when none does."""
    for tile in sorted(set(tiles), key=lambda tile: -NUMBER_OF[tile]):
        longer, left = lay_off(table, (tile,))
        if not left:
            return longer
    return None


def _held_back(view: Observation, best: Solution, budget: Budget) -> Table:
    """The table after the play that lays the tiles needing the table and keeps the rest."""
    table, rack = view.table, view.rack
    base = rack
    if JOKER in rack and _fewest(view) > JOKER_DANGER_TILES:
        plain_rack = tuple(tile for tile in rack if tile != JOKER)
        plain = best_play(table, plain_rack, True, budget)
        needed = sum(1 for tile in best.played if tile != JOKER)
        if plain is not None and len(plain.played) >= needed:
            base = plain_rack
    single = _single_lay_off(
        table, [tile for tile in best.played if tile in base and tile != JOKER]
    )
    if single is not None:
        return single
    reserve = best_play((), base, True, budget)
    reserve_sets = reserve.table if reserve is not None else ()
    rest = without(base, reserve.played) if reserve is not None else base
    dependent = best_play(table, rest, True, budget)
    if dependent is not None:
        return dependent.table
    if reserve_sets:
        return (*table, max(reserve_sets, key=lambda tiles: analyse_set(tiles).value))
    return best.table
