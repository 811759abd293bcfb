"""A brute-force solver for tiny positions: every arrangement, judged by ``check_turn``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations

from games.rummy.engine.errors import IllegalTurn
from games.rummy.engine.sets import INVALID, analyse_set
from games.rummy.engine.tiles import JOKER, Tile, make_tile
from games.rummy.engine.turn import check_turn


def _all_sets() -> tuple[tuple[Tile, ...], ...]:
    """Every valid set as it may be written: runs with jokers at any positions, and groups
    (whose order does not matter) with their jokers last."""
    sets: list[tuple[Tile, ...]] = []
    for colour in range(4):
        for length in range(3, 14):
            for start in range(1, 15 - length):
                span = [make_tile(colour, start + i) for i in range(length)]
                for jokers in range(3):
                    for places in combinations(range(length), jokers):
                        tiles = tuple(JOKER if i in places else tile for i, tile in enumerate(span))
                        sets.append(tiles)
    for number in range(1, 14):
        for size in (3, 4):
            for real in range(2, size + 1):
                for colours in combinations(range(4), real):
                    tiles = tuple(make_tile(colour, number) for colour in colours)
                    sets.append(tiles + (JOKER,) * (size - real))
    return tuple(tiles for tiles in sets if analyse_set(tiles).kind != INVALID)


ALL_SETS = _all_sets()
SET_NEEDS = [(tiles, Counter(tiles)) for tiles in ALL_SETS]
"""Every valid set with the tiles it needs."""


def partitions(tiles: Counter[Tile]) -> Iterator[list[tuple[Tile, ...]]]:
    """Every way to lay all of ``tiles`` out as valid sets (each multiset of sets once)."""
    candidates = [(tiles_, need) for tiles_, need in SET_NEEDS if need <= tiles]

    def extend(left: Counter[Tile]) -> Iterator[list[tuple[Tile, ...]]]:
        if not +left:
            yield []
            return
        # The set holding the lowest tile left comes next: each arrangement comes once.
        lowest = min(tile for tile, count in left.items() if count)
        for tiles_, need in candidates:
            if lowest in need and need <= left:
                for rest in extend(left - need):
                    yield [tiles_, *rest]

    yield from extend(tiles)


def brute_best(
    table: Sequence[tuple[Tile, ...]], rack: Sequence[Tile], melded: bool
) -> tuple[int, int, int] | None:
    """The best (tiles played, points, -sets changed) over every legal play, else ``None``."""
    on_table = Counter(tile for tiles in table for tile in tiles)
    best: tuple[int, int, int] | None = None
    seen: set[tuple[Tile, ...]] = set()
    for size in range(1, len(rack) + 1):
        for chosen in combinations(sorted(rack), size):
            if chosen in seen:
                continue
            seen.add(chosen)
            for arrangement in partitions(on_table + Counter(chosen)):
                try:
                    result = check_turn(table, rack, melded, arrangement)
                except IllegalTurn:
                    continue
                score = (len(result.played), result.points, -_changed(table, arrangement))
                if best is None or score > best:
                    best = score
    return best


def _changed(table: Sequence[tuple[Tile, ...]], after: Sequence[tuple[Tile, ...]]) -> int:
    waiting = Counter(analyse_set(tiles).key for tiles in table)
    matched = 0
    for tiles in after:
        key = analyse_set(tiles).key
        if waiting[key]:
            waiting[key] -= 1
            matched += 1
    return len(table) - matched
