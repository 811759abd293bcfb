"""Expert: the solver plus a strategy for jokers and for opponents close to going out.

- **Out at once.** A play that empties the rack is always taken.
- **Most tiles now.** Otherwise it plays the most tiles, as Normal does, but for its
  jokers (below): in arena runs an Expert that held number tiles back (its own sets as a
  reserve against drawing, one table tile a turn; or up to three tiles that lay alone at
  a set's end, one of them laid instead of drawing: -3.3 +- 3.5 points per game over 400
  games) did no better than Normal: a tile on the table is one the player can rearrange
  later, a tile kept is one more to place.
- **No easy way out for an opponent.** When an opponent holds ``CLOSE_TILES`` tiles or
  fewer, it estimates, over racks of that size sampled from the tiles it cannot see, how
  likely that opponent could then lay every tile (at a set's end, in a group, or as a set
  of its own) after each candidate play: the best play, the best plays that keep one of
  its tiles back, and drawing. The opponent who moved last is read as a player who lays
  what it can: its sampled racks hold no tile that lays alone on the table it left (but
  the one it drew, if it drew), so that a play opening a place for its tiles weighs as
  it should and drawing, which opens none, is not overrated as dangerous. It picks the
  least expected cost, the chance of the opponent going out times its hand plus a share
  of its hand for the turns to come.
- **Jokers kept for going out.** While every opponent holds more than
  ``JOKER_DANGER_TILES`` tiles and the pool lasts, a joker stays in the rack: the Expert
  plays the best play without its jokers, however many fewer tiles that places, and
  draws when there is none. A joker on the table is one the opponents' rearrangements
  may use; in the rack it makes any pair a set, so the last tiles go down together. It
  costs 30 if an opponent goes out first, hence the danger threshold, after which it
  plays its jokers as Normal does (as it does when less than ``ALTERNATIVES_UNTIL`` of
  the decision's time is left for the play without them). This is what makes the Expert
  beat Normal in the arena: +6.3 +- 2.5 points per game with 2 players (1,000 games),
  +4.9 +- 2.1 with 3 (1,500) and +3.9 +- 2.6 with 4 (2,400); an Expert that kept a joker
  only when a play without it placed as many number tiles was no better than Normal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine import DRAW, INITIAL_MELD, JOKER, PLAY, Observation, analyse_set
from ..engine.sets import GROUP, INVALID, RUN
from ..engine.tiles import FULL_SET, HAND_VALUE, NUMBER_OF, Tile, make_tile
from ..solver import Solution
from .common import Budget, Table, best_play, no_play, play

JOKER_DANGER_TILES = 4
"""A joker is kept only while every opponent holds more tiles than this."""
CLOSE_TILES = 3
"""An opponent holding this many tiles or fewer may go out on the next turn."""
SAMPLES = 200
"""Racks sampled per close opponent to estimate its chance of going out."""
ALTERNATIVES_UNTIL = 0.4
"""Seconds of the decision's budget that must remain to solve one more candidate play."""
TRIES = 5
"""Tries per wanted sample when sampling racks under a condition."""
FUTURE_SHARE = 0.3
"""The share of the hand a candidate's expected cost counts beyond the next turn."""


def choose(view: Observation, rng: random.Random, budget: Budget) -> str:
    """The Expert's action in ``view``; ``rng`` samples the racks it cannot see."""
    melded = view.melded[view.seat]
    rack = view.rack
    best = best_play(view.table, rack, melded, budget)
    if best is not None and len(best.played) == len(rack):
        return play(best.table)
    close = [
        seat
        for seat, count in enumerate(view.tile_counts)
        if seat != view.seat and count <= CLOSE_TILES
    ]
    if close:
        return _least_exposed(view, best, close, rng, budget)
    if best is None:
        return no_play(view)
    if JOKER not in best.played or under_threat(view) or budget.remaining() < ALTERNATIVES_UNTIL:
        return play(best.table)
    plain = best_play(view.table, [tile for tile in rack if tile != JOKER], melded, budget)
    return play(plain.table) if plain is not None else no_play(view)


def under_threat(view: Observation) -> bool:
    """Whether keeping a joker is too risky: an opponent is close to going out, or the pool
    is empty."""
    fewest = min(count for seat, count in enumerate(view.tile_counts) if seat != view.seat)
    return fewest <= JOKER_DANGER_TILES or not view.pool_size


def _least_exposed(
    view: Observation,
    best: Solution | None,
    close: list[int],
    rng: random.Random,
    budget: Budget,
) -> str:
    """The candidate action with the least expected cost against the close opponents."""
    if best is None:
        return no_play(view)
    unseen = unseen_tiles(view)
    hand = sum(HAND_VALUE[tile] for tile in view.rack)
    average = sum(HAND_VALUE[tile] for tile in unseen) / max(1, len(unseen))
    racks = {seat: sample_racks(view, seat, unseen, rng) for seat in close}

    def cost(table: Table, hand_after: float) -> float:
        chance_none = 1.0
        for seat in close:
            chance_none *= 1 - _going_out_chance(table, racks[seat], view.melded[seat])
        return (1 - chance_none + FUTURE_SHARE) * hand_after

    options: list[tuple[float, int, str]] = []
    options.append((cost(best.table, hand - _value(best.played)), 0, play(best.table)))
    if options[0][0] <= FUTURE_SHARE * (hand - _value(best.played)):
        return options[0][2]
    if view.pool_size:
        options.append((cost(view.table, hand + average), 2, no_play(view)))
    melded = view.melded[view.seat]
    for kept in sorted(set(best.played)):
        if budget.remaining() < ALTERNATIVES_UNTIL:
            break
        rest = [tile for tile in view.rack if tile != kept]
        other = best_play(view.table, rest, melded, budget)
        if other is not None:
            hand_after = hand - _value(other.played)
            options.append((cost(other.table, hand_after), 1, play(other.table)))
    return min(options)[2]


def _value(tiles: Sequence[Tile]) -> int:
    return sum(HAND_VALUE[tile] for tile in tiles)


def unseen_tiles(view: Observation) -> list[Tile]:
    """The tiles the viewer cannot see: the other racks and the pool, together."""
    left = Counter(FULL_SET)
    left.subtract(view.rack)
    left.subtract(tile for tiles in view.table for tile in tiles)
    return sorted(left.elements())


def sample_racks(
    view: Observation, seat: int, unseen: list[Tile], rng: random.Random
) -> list[tuple[Tile, ...]]:
    """Racks of the opponent at ``seat`` sampled from ``unseen``. When that opponent moved
    last, on the table as it still lies, racks holding a tile it could have laid alone are
    left out (but for the one tile it drew, if it drew)."""
    size = min(view.tile_counts[seat], len(unseen))
    conditioned = view.last_seat == seat and view.melded[seat] and view.last_action in (PLAY, DRAW)
    spots = _spots(view.table)
    allowed = 1 if view.last_action == DRAW else 0
    racks: list[tuple[Tile, ...]] = []
    for _ in range(SAMPLES * TRIES if conditioned else SAMPLES):
        rack = tuple(sorted(rng.sample(unseen, size)))
        if not conditioned or sum(tile == JOKER or tile in spots for tile in rack) <= allowed:
            racks.append(rack)
            if len(racks) == SAMPLES:
                break
    return racks


def _going_out_chance(table: Table, racks: list[tuple[Tile, ...]], melded: bool) -> float:
    """The share of ``racks`` that could go out on ``table`` the easy way: every tile laid
    at the end of a set or into a group, or the whole rack one set (worth 30 before the
    initial meld)."""
    spots = _spots(table) if melded else frozenset()
    out = 0
    for rack in racks:
        info = analyse_set(rack if len(rack) < 3 else _ordered(rack))
        one_set = info.kind != INVALID and (melded or info.value >= INITIAL_MELD)
        if one_set or (melded and all(tile == JOKER or tile in spots for tile in rack)):
            out += 1
    return out / max(1, len(racks))


def _ordered(rack: tuple[Tile, ...]) -> tuple[Tile, ...]:
    """The rack in the order that makes it a set if any order does, jokers filling gaps."""
    numbers = sorted(tile for tile in rack if tile != JOKER)
    jokers = len(rack) - len(numbers)
    if not numbers:
        return rack
    if len({NUMBER_OF[tile] for tile in numbers}) == 1 and len(numbers) > 1:
        return (*numbers, *(JOKER,) * jokers)
    ordered: list[Tile] = []
    for tile in numbers:
        if ordered:
            gap = tile - ordered[-1] - 1
            if 0 < gap <= jokers:
                ordered += [JOKER] * gap
                jokers -= gap
        ordered.append(tile)
    if jokers and NUMBER_OF[ordered[-1]] + jokers <= 13:
        return (*ordered, *(JOKER,) * jokers)
    return (*(JOKER,) * jokers, *ordered)


def _spots(table: Table) -> frozenset[Tile]:
    """The tiles one of the table's sets takes alone: a run's neighbours, a group's missing
    colours."""
    spots: set[Tile] = set()
    for tiles in table:
        info = analyse_set(tuple(tiles))
        if info.kind == RUN:
            numbers = sorted(info.numbers)
            first = numbers[0] - tiles.index(numbers[0])
            last = first + len(tiles) - 1
            if NUMBER_OF[first] > 1:
                spots.add(first - 1)
            if NUMBER_OF[last] < 13:
                spots.add(last + 1)
        elif info.kind == GROUP:
            number = NUMBER_OF[next(iter(info.numbers))]
            spots.update(
                make_tile(colour, number)
                for colour in range(4)
                if make_tile(colour, number) not in info.numbers
            )
    return frozenset(spots)
