"""The Expert's look-ahead: candidate plays scored by sampled simulations of the next turns.

A world is a guess at what the Expert cannot see: the opponents' racks dealt from the tiles
it cannot see (the opponent who moved last holding no tile that lays alone on the table it
left, but the one it drew), the rest the pool in a random order. In each world every player
then plays ``ROUNDS`` turns with a fast policy (tiles laid at the ends of runs and into
groups, sets made from the rack, a joker completing a pair; no rearrangement of the table),
and the world is scored from the Expert's side: the game's points if someone went out,
otherwise the opponents' rack costs less its own (``rack_cost``). Every candidate is played
in the same worlds, so that their difference is not the luck of the draw.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine import DRAW, INITIAL_MELD, JOKER, PLAY, Observation, analyse_set
from ..engine.sets import GROUP, RUN
from ..engine.tiles import COLOUR_OF, FULL_SET, HAND_VALUE, NUMBER_OF, Tile

ROUNDS = 3
"""Turns each player plays in a simulated world."""
TILE_COST = 4.0
"""What a tile left in a rack costs beyond its points when a world is cut short: each one
is one more to place before going out."""
JOKER_COST = -8.0
"""What a joker left in a rack costs when a world is cut short: it makes any pair a set, so
it is worth keeping (a negative cost) unless the game ends with it in the rack."""

Table = tuple[tuple[Tile, ...], ...]


class _Table:
    """A table as the fast policy sees it: runs as colour and ends, groups as number and
    colours. Jokers are counted in a set's length, and never taken."""

    __slots__ = ("groups", "runs")

    def __init__(self, runs: list[list[int]], groups: list[list[int]]) -> None:
        self.runs = runs
        """Each run as ``[colour, lowest, highest]`` numbers."""
        self.groups = groups
        """Each group as ``[number, colours bit set, tiles]``."""

    @classmethod
    def of(cls, table: Table) -> _Table:
        runs: list[list[int]] = []
        groups: list[list[int]] = []
        for tiles in table:
            info = analyse_set(tuple(tiles))
            numbers = sorted(info.numbers)
            if info.kind == RUN:
                first = NUMBER_OF[numbers[0]] - tiles.index(numbers[0])
                runs.append([COLOUR_OF[numbers[0]], first, first + len(tiles) - 1])
            elif info.kind == GROUP:
                mask = sum(1 << COLOUR_OF[tile] for tile in numbers)
                groups.append([NUMBER_OF[numbers[0]], mask, len(tiles)])
        return cls(runs, groups)

    def copy(self) -> _Table:
        return _Table([run[:] for run in self.runs], [group[:] for group in self.groups])

    def lay(self, tile: Tile) -> bool:
        """Lays a number tile at a run's end or into a group, if one takes it."""
        colour, number = COLOUR_OF[tile], NUMBER_OF[tile]
        for run in self.runs:
            if run[0] == colour:
                if run[2] == number - 1:
                    run[2] = number
                    return True
                if run[1] == number + 1:
                    run[1] = number
                    return True
        for group in self.groups:
            if group[0] == number and group[2] < 4 and not group[1] >> colour & 1:
                group[1] |= 1 << colour
                group[2] += 1
                return True
        return False

    def lay_joker(self) -> bool:
        """Lays a joker at a run's end or into a group, if one has room."""
        for run in self.runs:
            if run[2] < 13:
                run[2] += 1
                return True
            if run[1] > 1:
                run[1] -= 1
                return True
        for group in self.groups:
            if group[2] < 4:
                group[2] += 1
                return True
        return False

    def add(self, tiles: list[Tile], jokers: int) -> None:
        """Adds a set made from a rack: number tiles and the jokers completing them."""
        numbers = sorted(tiles)
        if len({NUMBER_OF[tile] for tile in numbers}) == 1 and len(numbers) > 1:
            mask = sum(1 << COLOUR_OF[tile] for tile in numbers)
            self.groups.append([NUMBER_OF[numbers[0]], mask, len(numbers) + jokers])
            return
        low, high = NUMBER_OF[numbers[0]], NUMBER_OF[numbers[-1]]
        spare = jokers - (high - low + 1 - len(numbers))
        high = min(13, high + spare)
        low = high - (len(numbers) + jokers) + 1
        self.runs.append([COLOUR_OF[numbers[0]], low, high])


def rack_sets(rack: list[Tile]) -> list[tuple[list[Tile], int]]:
    """Sets the fast policy makes from a rack (each as its number tiles and jokers): runs of
    three or more of one colour, then groups of three or more, then a joker completing a
    pair (two of a colour one or two apart, or two of a number). Removes them from
    ``rack``."""
    found: list[tuple[list[Tile], int]] = []
    have = sorted({tile for tile in rack if tile != JOKER})
    used: set[Tile] = set()
    # Runs: consecutive tiles of one colour (tiles are colour * 13 + number - 1).
    streak: list[Tile] = []
    for tile in [*have, -2]:
        if streak and tile == streak[-1] + 1 and COLOUR_OF[tile] == COLOUR_OF[streak[-1]]:
            streak.append(tile)
            continue
        if len(streak) >= 3:
            found.append((streak, 0))
            used.update(streak)
        streak = [tile]
    for number in range(13):
        colours = [
            colour * 13 + number
            for colour in range(4)
            if colour * 13 + number in have and colour * 13 + number not in used
        ]
        if len(colours) >= 3:
            found.append((colours, 0))
            used.update(colours)
    jokers = rack.count(JOKER)
    if jokers:
        left = [tile for tile in have if tile not in used]
        for index, tile in enumerate(left):
            if not jokers:
                break
            if tile in used:
                continue
            for other in left[index + 1 :]:
                if other in used:
                    continue
                same_colour = COLOUR_OF[other] == COLOUR_OF[tile] and other - tile <= 2
                same_number = NUMBER_OF[other] == NUMBER_OF[tile]
                if same_colour or same_number:
                    found.append(([tile, other], 1))
                    used.update((tile, other))
                    jokers -= 1
                    break
    for tiles, joker_count in found:
        for tile in tiles:
            rack.remove(tile)
        for _ in range(joker_count):
            rack.remove(JOKER)
    return found


def _set_points(tiles: list[Tile], jokers: int) -> int:
    numbers = sorted(tiles)
    if len({NUMBER_OF[tile] for tile in numbers}) == 1 and len(numbers) > 1:
        return NUMBER_OF[numbers[0]] * (len(numbers) + jokers)
    low = NUMBER_OF[numbers[0]]
    length = len(numbers) + jokers
    high = min(13, low + length - 1)
    low = high - length + 1
    return (low + high) * length // 2


def fast_turn(table: _Table, rack: list[Tile], melded: bool) -> bool:
    """The fast policy's turn: changes ``table`` and ``rack`` in place and returns whether
    it put a tile down (else the player draws or passes)."""
    before = len(rack)
    if not melded:
        trial = rack[:]
        sets = rack_sets(trial)
        if sum(_set_points(tiles, jokers) for tiles, jokers in sets) < INITIAL_MELD:
            return False
        rack[:] = trial
        for tiles, jokers in sets:
            table.add(tiles, jokers)
        return True
    for tiles, jokers in rack_sets(rack):
        table.add(tiles, jokers)
    laid = True
    while laid:
        laid = False
        for tile in rack:
            if tile != JOKER and table.lay(tile):
                rack.remove(tile)
                laid = True
                break
    if rack and all(tile == JOKER for tile in rack):
        while rack and table.lay_joker():
            rack.pop()
    return len(rack) < before


def unseen_tiles(view: Observation) -> list[Tile]:
    """The tiles the viewer cannot see: the other racks and the pool, together."""
    left = Counter(FULL_SET)
    left.subtract(view.rack)
    left.subtract(tile for tiles in view.table for tile in tiles)
    return sorted(left.elements())


def spots(table: Table) -> frozenset[Tile]:
    """The tiles one of the table's sets takes alone: a run's neighbours, a group's missing
    colours."""
    found: set[Tile] = set()
    for tiles in table:
        info = analyse_set(tuple(tiles))
        if info.kind == RUN:
            numbers = sorted(info.numbers)
            first = numbers[0] - tiles.index(numbers[0])
            last = first + len(tiles) - 1
            if NUMBER_OF[first] > 1:
                found.add(first - 1)
            if NUMBER_OF[last] < 13:
                found.add(last + 1)
        elif info.kind == GROUP and len(tiles) < 4:
            number = NUMBER_OF[next(iter(info.numbers))]
            found.update(
                colour * 13 + number - 1
                for colour in range(4)
                if colour * 13 + number - 1 not in info.numbers
            )
    return frozenset(found)


def sample_worlds(
    view: Observation, count: int, rng: random.Random, tries: int = 5
) -> list[tuple[list[list[Tile]], list[Tile]]]:
    """``count`` worlds (each opponent's rack by seat, ``[]`` for the viewer's, and the pool
    in drawing order), the last mover read as a player who lays what it can."""
    unseen = unseen_tiles(view)
    conditioned = (
        view.last_seat is not None
        and view.last_seat != view.seat
        and view.melded[view.last_seat]
        and view.last_action in (PLAY, DRAW)
    )
    table_spots = spots(view.table) if conditioned else frozenset()
    allowed = 1 if view.last_action == DRAW else 0
    worlds: list[tuple[list[list[Tile]], list[Tile]]] = []
    for attempt in range(count * tries):
        tiles = unseen[:]
        rng.shuffle(tiles)
        racks: list[list[Tile]] = []
        start = 0
        for seat, size in enumerate(view.tile_counts):
            if seat == view.seat:
                racks.append([])
                continue
            size = min(size, len(tiles) - start)
            racks.append(tiles[start : start + size])
            start += size
        last = view.last_seat
        if (
            conditioned
            and last is not None
            and attempt < count * (tries - 1)
            and sum(tile == JOKER or tile in table_spots for tile in racks[last]) > allowed
        ):
            continue
        worlds.append((racks, tiles[start:]))
        if len(worlds) == count:
            break
    return worlds


def rack_cost(rack: Sequence[Tile]) -> float:
    """What a rack left when a simulated world is cut short costs its holder."""
    return sum(JOKER_COST if tile == JOKER else HAND_VALUE[tile] + TILE_COST for tile in rack)


def simulate(
    view: Observation,
    table: Table,
    rack: Sequence[Tile],
    drew: bool,
    worlds: list[tuple[list[list[Tile]], list[Tile]]],
) -> float:
    """The average score, from the viewer's side, of the candidate leaving ``table`` and
    ``rack`` (after drawing, if ``drew``), played out in each of ``worlds``."""
    start = _Table.of(table)
    players = view.players
    total = 0.0
    for racks, pool in worlds:
        hands = [hand[:] for hand in racks]
        hands[view.seat] = list(rack)
        left = pool[:]
        if drew and left:
            hands[view.seat].append(left.pop())
        melded = list(view.melded)
        if table != view.table:
            melded[view.seat] = True
        board = start.copy()
        seat = (view.seat + 1) % players
        out = None
        for _ in range(ROUNDS * players):
            if fast_turn(board, hands[seat], melded[seat]):
                melded[seat] = True
                if not hands[seat]:
                    out = seat
                    break
            elif left:
                hands[seat].append(left.pop())
            seat = (seat + 1) % players
        total += _score(hands, view.seat, out)
    return total / max(1, len(worlds))


def _score(hands: list[list[Tile]], me: int, out: int | None) -> float:
    if out == me:
        return float(sum(sum(HAND_VALUE[tile] for tile in hand) for hand in hands))
    if out is not None:
        return -float(sum(HAND_VALUE[tile] for tile in hands[me]))
    others = [rack_cost(hand) for seat, hand in enumerate(hands) if seat != me]
    return sum(others) / len(others) - rack_cost(hands[me])
