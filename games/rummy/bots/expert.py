"""Expert: candidate plays scored by looking ahead (``lookahead``).

- **Out at once.** A play that empties the rack is always taken.
- **Candidates.** The solver's play placing the most tiles; when that play spends a
  joker, the best play without its jokers (the joker kept or spent by expected value,
  the initial meld included); and drawing.
- **Looking ahead.** Each candidate is played out in the same ``WORLDS`` sampled worlds
  (the opponents' racks and the pool drawn from the tiles it cannot see, consistent with
  what the last mover did), every player following a fast policy for ``lookahead.ROUNDS``
  turns, and scored by the game's points when someone goes out, else by the racks left
  (``lookahead.rack_cost``: points and tiles, a joker worth keeping). The best average
  wins; a tie goes to the earlier candidate (most tiles first).
"""

from __future__ import annotations

import random

from ..engine import JOKER, Observation
from ..engine.tiles import Tile
from . import lookahead
from .common import Budget, Table, best_play, no_play, play, without

WORLDS = 24
"""Worlds each candidate is played out in."""
ALTERNATIVES_UNTIL = 0.4
"""Seconds of the decision's budget that must remain to solve one more candidate play."""


def choose(view: Observation, rng: random.Random, budget: Budget) -> str:
    """The Expert's action in ``view``; ``rng`` samples the worlds it cannot see."""
    melded = view.melded[view.seat]
    rack = view.rack
    best = best_play(view.table, rack, melded, budget)
    if best is None:
        return no_play(view)
    if len(best.played) == len(rack):
        return play(best.table)
    candidates: list[tuple[Table, tuple[Tile, ...], bool, str]] = [
        (best.table, without(rack, best.played), False, play(best.table))
    ]
    if JOKER in best.played and budget.remaining() >= ALTERNATIVES_UNTIL:
        plain = best_play(view.table, [tile for tile in rack if tile != JOKER], melded, budget)
        if plain is not None:
            candidates.append((plain.table, without(rack, plain.played), False, play(plain.table)))
    if view.pool_size:
        candidates.append((view.table, rack, True, no_play(view)))
    worlds = lookahead.sample_worlds(view, WORLDS, rng)
    scored = [
        (lookahead.simulate(view, table, left, drew, worlds), -index, action)
        for index, (table, left, drew, action) in enumerate(candidates)
    ]
    return max(scored)[2]
