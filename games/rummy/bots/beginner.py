"""Beginner: plays the sets it can see in its own rack and lays single tiles at the ends of
the table's sets, the way a new player does; only now and then does it rearrange the table.

Sets are found greedily: the longest runs of one colour, then groups, then a joker to
complete a pair. Before the initial meld those sets must reach 30 on their own.
"""

from __future__ import annotations

import random
from collections import Counter

from ..engine import INITIAL_MELD, JOKER, IllegalTurn, Observation, analyse_set, check_turn
from ..engine.sets import INVALID
from ..engine.tiles import COLOUR_OF, NUMBER_OF, Tile, make_tile
from .common import Budget, Table, best_play, no_play, play, without

REARRANGE_CHANCE = 0.1
"""How often, once melded, the Beginner looks for the best play the table allows."""


def choose(view: Observation, rng: random.Random, budget: Budget) -> str:
    """The Beginner's action in ``view``."""
    melded = view.melded[view.seat]
    if melded and rng.random() < REARRANGE_CHANCE:
        solution = best_play(view.table, view.rack, True, budget)
        return play(solution.table) if solution is not None else no_play(view)
    sets, rest = rack_sets(view.rack)
    if not melded:
        if sum(analyse_set(tiles).value for tiles in sets) >= INITIAL_MELD:
            return play((*view.table, *sets))
        return no_play(view)
    table, rest = lay_off(view.table, rest)
    if len(rest) == len(view.rack):
        return no_play(view)
    return play((*table, *sets))


def rack_sets(rack: tuple[Tile, ...]) -> tuple[list[tuple[Tile, ...]], tuple[Tile, ...]]:
    """The obvious sets in ``rack`` and the tiles left over.

    Runs first or groups first, whichever places more tiles; then each joker completes the
    most valuable pair left (two tiles of a run, with or without a one-tile gap, or two of
    a group).
    """
    options = []
    for order in (_runs, _groups), (_groups, _runs):
        sets: list[tuple[Tile, ...]] = []
        left = tuple(tile for tile in rack if tile != JOKER)
        for finder in order:
            found = finder(left)
            sets += found
            left = without(left, [tile for tiles in found for tile in tiles])
        options.append((sets, left))
    sets, left = max(options, key=lambda option: -len(option[1]))
    unused = 0
    for _ in range(rack.count(JOKER)):
        pair = _best_pair(left)
        if pair is None:
            unused += 1
            continue
        sets.append(pair)
        left = without(left, [tile for tile in pair if tile != JOKER])
    return sets, (*left, *(JOKER,) * unused)


def _runs(tiles: tuple[Tile, ...]) -> list[tuple[Tile, ...]]:
    """The longest stretches of consecutive numbers in one colour, three tiles or more."""
    found = []
    have = set(tiles)
    for colour in range(4):
        stretch: list[Tile] = []
        for number in range(1, 15):
            tile = make_tile(colour, number) if number <= 13 else None
            if tile is not None and tile in have:
                stretch.append(tile)
                continue
            if len(stretch) >= 3:
                found.append(tuple(stretch))
            stretch = []
    return found


def _groups(tiles: tuple[Tile, ...]) -> list[tuple[Tile, ...]]:
    """For each number, the tiles of different colours when there are three or four."""
    found = []
    have = set(tiles)
    for number in range(1, 14):
        group = tuple(
            make_tile(colour, number) for colour in range(4) if make_tile(colour, number) in have
        )
        if len(group) >= 3:
            found.append(group)
    return found


def _best_pair(tiles: tuple[Tile, ...]) -> tuple[Tile, ...] | None:
    """The most valuable set a joker makes with two of ``tiles``, or ``None``."""
    candidates = []
    distinct = sorted(set(tiles))
    for index, low in enumerate(distinct):
        for high in distinct[index + 1 :]:
            if NUMBER_OF[low] == NUMBER_OF[high]:
                candidates.append((low, high, JOKER))
            elif COLOUR_OF[low] == COLOUR_OF[high] and NUMBER_OF[high] - NUMBER_OF[low] == 2:
                candidates.append((low, JOKER, high))
            elif COLOUR_OF[low] == COLOUR_OF[high] and NUMBER_OF[high] - NUMBER_OF[low] == 1:
                candidates.append(
                    (low, high, JOKER) if NUMBER_OF[high] < 13 else (JOKER, low, high)
                )
    valid = [tiles for tiles in candidates if analyse_set(tiles).kind != INVALID]
    if not valid:
        return None
    return max(valid, key=lambda tiles: analyse_set(tiles).value)


def lay_off(table: Table, rack: tuple[Tile, ...]) -> tuple[Table, tuple[Tile, ...]]:
    """The table with as many of ``rack``'s tiles as fit at the ends of its sets (runs at
    either end, groups of three their missing colour), and the tiles left."""
    sets = [tuple(tiles) for tiles in table]
    left = Counter(rack)
    placed = True
    while placed:
        placed = False
        for tile in sorted(left.elements()):
            if tile == JOKER or not left[tile]:
                continue
            for index, tiles in enumerate(sets):
                for longer in ((*tiles, tile), (tile, *tiles)):
                    if _extends(tiles, tile, longer):
                        sets[index] = longer
                        left[tile] -= 1
                        placed = True
                        break
                if not left[tile] or sets[index] != tiles:
                    break
    return tuple(sets), tuple(sorted(left.elements()))


def _extends(tiles: tuple[Tile, ...], tile: Tile, longer: tuple[Tile, ...]) -> bool:
    """Whether laying ``tile`` to make ``longer`` of the set ``tiles`` is a legal change
    (a valid set whose jokers, if any, keep what they stood for)."""
    if analyse_set(longer).kind == INVALID:
        return False
    try:
        check_turn((tiles,), (tile,), True, (longer,))
    except IllegalTurn:
        return False
    return True
