"""Jokers and identical tiles: a turn is legal if any way of matching identical tiles between
the table before and after it makes it legal (rules sections 1 and 8).

Each property builds a turn tile by tile, knowing where every tile went, so that the turn
is legal by the rules; the checker sees only the tiles, not which copy went where, and must
accept it all the same, whatever the order of the sets and of a group's tiles.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from games.rummy.engine import JOKER, IllegalTurn, check_turn, tile_name
from games.rummy.engine.tiles import COPIES, NUMBER_OF, Tile, make_tile

Set = tuple[Tile, ...]

colours = st.integers(min_value=0, max_value=3)


def run(colour: int, first: int, length: int) -> Set:
    return tuple(make_tile(colour, number) for number in range(first, first + length))


@st.composite
def shuffled_table(draw: st.DrawFn, sets: list[Set]) -> list[Set]:
    """The sets in a drawn order, each group's tiles in a drawn order too."""
    ordered = draw(st.permutations(sets))
    return [
        tuple(draw(st.permutations(tiles)))
        if len({NUMBER_OF[tile] for tile in tiles if tile != JOKER}) == 1
        and sum(tile != JOKER for tile in tiles) > 1
        else tiles
        for tiles in ordered
    ]


@st.composite
def joker_home(draw: st.DrawFn) -> tuple[Set, Set]:
    """Two rack tiles and the run they make with a freed joker at one end."""
    colour = draw(colours)
    first = draw(st.integers(min_value=1, max_value=11))
    pair = run(colour, first, 2)
    joker_first = (draw(st.booleans()) and first > 1) or first == 12
    return pair, ((JOKER, *pair) if joker_first else (*pair, JOKER))


@st.composite
def extra_sets(draw: st.DrawFn) -> list[Set]:
    """Up to three runs of the table that the turn leaves alone."""
    count = draw(st.integers(min_value=0, max_value=3))
    sets = []
    for _ in range(count):
        length = draw(st.integers(min_value=3, max_value=5))
        first = draw(st.integers(min_value=1, max_value=14 - length))
        sets.append(run(draw(colours), first, length))
    return sets


def within_copies(*tile_lists: Set | list[Set]) -> bool:
    """Whether the tiles, all together, hold at most two copies of each tile."""
    counts: Counter[Tile] = Counter()
    for tiles in tile_lists:
        for item in tiles:
            counts.update(item if isinstance(item, tuple) else (item,))
    return all(count <= COPIES for count in counts.values())


@st.composite
def twin_freed_joker(draw: st.DrawFn) -> tuple[list[Set], Set, list[Set], Set]:
    """The issue's second turn, varied: a set ``X + J`` whose joker stands for ``m`` and a set
    ``X + m`` (so every tile of X lies twice); the player moves ``m`` into the joker's
    place and lays the joker with two rack tiles. After the turn ``X + m`` and ``X`` lie
    on the table: which of them is the old ``X + m`` cannot be told.

    Returns the table before, the rack, the table after and the rack tiles played.
    """
    if draw(st.booleans()):
        number = draw(st.integers(min_value=1, max_value=13))
        order = draw(st.permutations(range(4)))
        common = tuple(make_tile(colour, number) for colour in order[:3])
        moved = make_tile(order[3], number)
        with_joker, with_moved = (*common, JOKER), (*common, moved)
    else:
        colour = draw(colours)
        length = draw(st.integers(min_value=3, max_value=4))
        first = draw(st.integers(min_value=1, max_value=14 - length))
        common = run(colour, first, length)
        if draw(st.booleans()) and first + length <= 13:
            moved = make_tile(colour, first + length)
            with_joker, with_moved = (*common, JOKER), (*common, moved)
        else:
            assume(first > 1)
            moved = make_tile(colour, first - 1)
            with_joker, with_moved = (JOKER, *common), (moved, *common)
    pair, home = draw(joker_home())
    extras = draw(extra_sets())
    before = [with_joker, with_moved, *extras]
    after = [with_moved, common, home, *extras]
    assume(within_copies(before, pair))
    return (
        draw(shuffled_table(before)),
        pair,
        draw(shuffled_table(after)),
        tuple(sorted(pair)),
    )


@given(twin_freed_joker())
def test_a_joker_freed_by_a_tile_moved_from_its_twin_set_is_taken_legally(
    turn: tuple[list[Set], Set, list[Set], Set],
) -> None:
    before, rack, after, played = turn
    assert check_turn(before, rack, True, after).played == played


@st.composite
def group_gives_a_tile(draw: st.DrawFn) -> tuple[list[Set], Set, list[Set], Set]:
    """The issue's first turn, varied: a group of four with a joker gives one number tile to
    a run (at either end of a run on the table, or a new run with two rack tiles) and
    keeps its joker; optionally the table holds a copy of the group's other tiles.

    Returns the table before, the rack, the table after and the rack tiles played.
    """
    number = draw(st.integers(min_value=1, max_value=13))
    order = draw(st.permutations(range(4)))
    given_colour = order[0]
    given = make_tile(given_colour, number)
    staying = tuple(make_tile(colour, number) for colour in order[1:3])
    group = (given, *staying, JOKER)
    where = draw(st.sampled_from(["below", "above", "new"]))
    rack: Set
    extras = draw(extra_sets())
    if draw(st.booleans()):
        extras.append((*staying, make_tile(order[3], number)))
    if where == "below":
        assume(number >= 4)
        target = run(given_colour, number - 3, 3)
        before = [group, target, *extras]
        after = [(*staying, JOKER), (*target, given), *extras]
        rack = (make_tile(given_colour, number + 1),) if number < 13 else ()
        assume(rack)
        after[1] = (*after[1], *rack)
    elif where == "above":
        assume(number <= 10)
        target = run(given_colour, number + 1, 3)
        before = [group, target, *extras]
        rack = (make_tile(given_colour, number - 1),) if number > 1 else ()
        assume(rack)
        after = [(*staying, JOKER), (*rack, given, *target), *extras]
    else:
        assume(number <= 11)
        rack = run(given_colour, number + 1, 2)
        before = [group, *extras]
        after = [(*staying, JOKER), (given, *rack), *extras]
    assume(within_copies(before, rack))
    return (
        draw(shuffled_table(before)),
        rack,
        draw(shuffled_table(after)),
        tuple(sorted(rack)),
    )


@given(group_gives_a_tile())
def test_a_group_joker_stays_while_its_group_gives_a_number_tile_away(
    turn: tuple[list[Set], Set, list[Set], Set],
) -> None:
    before, rack, after, played = turn
    assert check_turn(before, rack, True, after).played == played


@st.composite
def joker_taken_without_replacement(draw: st.DrawFn) -> tuple[list[Set], Set, list[Set], str]:
    """A joker taken from a group of four while the tile it stands for sits in a set that no
    tile of the turn touches and that shares no tile with the rest of the table.

    Returns the table before, the rack, the table after and the expected refusal.
    """
    number = draw(st.integers(min_value=1, max_value=13))
    order = draw(st.permutations(range(4)))
    common = tuple(make_tile(colour, number) for colour in order[:3])
    missing = make_tile(order[3], number)
    first = draw(st.integers(min_value=max(1, number - 2), max_value=min(11, number)))
    holder = run(order[3], first, 3)
    pair, home = draw(joker_home())
    before = [(*common, JOKER), holder]
    after = [common, holder, home]
    assume(within_copies(before, pair) and within_copies(after))
    assume(not set(holder) & (set(common) | set(pair)))
    expected = (
        f"To take the joker from {' '.join(tile_name(tile) for tile in (*common, JOKER))}, "
        f"put {tile_name(missing)} on the table in its place."
    )
    return before, pair, draw(shuffled_table(after)), expected


@given(joker_taken_without_replacement())
def test_a_joker_taken_without_its_tile_is_refused_whatever_the_order_of_the_sets(
    turn: tuple[list[Set], Set, list[Set], str],
) -> None:
    before, rack, after, expected = turn
    with pytest.raises(IllegalTurn) as refused:
        check_turn(before, rack, True, after)
    assert str(refused.value) == expected
