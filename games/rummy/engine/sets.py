"""One set on the table: whether it is a valid group or run, its value, and its jokers.

A set is given as its tiles in order (rules sections 2 and 8). With two or more number
tiles it is a group when they share one number (3 or 4 tiles, colours all different) and a
run otherwise (one colour, consecutive by position, 1 to 13); one number tile with two
jokers is a run. A joker in a run stands for the one tile at its position; in a group, for
the group's number in any colour the group lacks.
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import IllegalTurn, gettext_noop
from .tiles import COLOUR_OF, JOKER, NUMBER_OF, Tile, count_vector, make_tile, tiles_text

INVALID, RUN, GROUP = range(3)


class SetInfo(NamedTuple):
    """What one sequence of tiles is as a set on the table.

    ``kind`` is ``RUN``, ``GROUP`` or ``INVALID``; for an invalid set ``error`` is the
    reason's template and ``params`` its values, and the other fields are empty.
    """

    kind: int
    value: int
    """The sum of the numbers the tiles stand for (a joker counts the number it stands for)."""
    key: tuple[Tile, ...]
    """What "the same set" compares: a run tile by tile, a group as its sorted tiles."""
    numbers: frozenset[Tile]
    """The number tiles of the set (kinds, without copies)."""
    jokers: tuple[frozenset[Tile], ...]
    """For each joker, left to right, the tiles it may stand for (one tile in a run)."""
    joker_values: tuple[int, ...]
    """For each joker, left to right, the number it stands for."""
    counts: int
    """The set's tiles as a count vector (``tiles.count_vector``), valid or not."""
    error: str = ""
    params: tuple[tuple[str, object], ...] = ()

    def illegal(self) -> IllegalTurn:
        """The refusal saying why this set is invalid."""
        return IllegalTurn(self.error, **dict(self.params))


def _invalid(template: str, tiles: tuple[Tile, ...], **params: object) -> SetInfo:
    return SetInfo(
        INVALID,
        0,
        tiles,
        frozenset(),
        (),
        (),
        count_vector(tiles),
        template,
        (("set", tiles_text(tiles)), *params.items()),
    )


ANALYSED: dict[tuple[Tile, ...], SetInfo] = {}
"""The analyses made so far, by tiles: the turn checker looks here before calling."""
_CACHE_LIMIT = 1 << 17


def analyse_set(tiles: tuple[Tile, ...]) -> SetInfo:
    """The kind, value and joker meanings of a set, or why it is invalid (cached).

    ``tiles`` must be a tuple of valid tiles; copies beyond the full set are the turn
    checker's business, not this function's.
    """
    info = ANALYSED.get(tiles)
    if info is None:
        if len(ANALYSED) >= _CACHE_LIMIT:
            ANALYSED.clear()
        info = ANALYSED[tiles] = _analyse(tiles)
    return info


def _analyse(tiles: tuple[Tile, ...]) -> SetInfo:
    size = len(tiles)
    if size < 3:
        return _invalid(gettext_noop("The set {set} is too short: a set needs 3 tiles."), tiles)
    numbered = [(position, tile) for position, tile in enumerate(tiles) if tile != JOKER]
    if not numbered:
        return _invalid(gettext_noop("The set {set} needs at least one number tile."), tiles)
    numbers = {NUMBER_OF[tile] for _, tile in numbered}
    if len(numbered) >= 2 and len(numbers) == 1:
        return _group(tiles, numbered)
    return _run(tiles, numbered)


def _group(tiles: tuple[Tile, ...], numbered: list[tuple[int, Tile]]) -> SetInfo:
    if len(tiles) > 4:
        return _invalid(
            gettext_noop("The group {set} has {count} tiles; a group has at most 4."),
            tiles,
            count=len(tiles),
        )
    seen: set[Tile] = set()
    for _, tile in numbered:
        if tile in seen:
            return _invalid(
                gettext_noop("The group {set} has {tile} twice; its colours must all differ."),
                tiles,
                tile=tiles_text((tile,)),
            )
        seen.add(tile)
    number = NUMBER_OF[numbered[0][1]]
    missing = frozenset(
        make_tile(colour, number) for colour in range(4) if make_tile(colour, number) not in seen
    )
    joker_count = len(tiles) - len(numbered)
    return SetInfo(
        GROUP,
        number * len(tiles),
        tuple(sorted(tiles)),
        frozenset(seen),
        (missing,) * joker_count,
        (number,) * joker_count,
        count_vector(tiles),
    )


def _run(tiles: tuple[Tile, ...], numbered: list[tuple[int, Tile]]) -> SetInfo:
    colours = {COLOUR_OF[tile] for _, tile in numbered}
    if len(colours) > 1:
        return _invalid(
            gettext_noop(
                "The set {set} mixes colours and numbers: a group has one number, a run one colour."
            ),
            tiles,
        )
    first_position, first_tile = numbered[0]
    start = NUMBER_OF[first_tile] - first_position
    previous_position, previous_tile = numbered[0]
    for position, tile in numbered[1:]:
        if tile == previous_tile:
            return _invalid(
                gettext_noop("The run {set} has {tile} twice."), tiles, tile=tiles_text((tile,))
            )
        if tile < previous_tile:
            return _invalid(gettext_noop("The run {set} is not in ascending order."), tiles)
        between = NUMBER_OF[tile] - NUMBER_OF[previous_tile]
        if between > position - previous_position:
            return _invalid(gettext_noop("The run {set} has a gap."), tiles)
        if between < position - previous_position:
            return _invalid(
                gettext_noop("The run {set} has too many tiles between {low} and {high}."),
                tiles,
                low=tiles_text((previous_tile,)),
                high=tiles_text((tile,)),
            )
        previous_position, previous_tile = position, tile
    if start < 1:
        return _invalid(
            gettext_noop("The run {set} goes below 1: 1 can only be the lowest tile."), tiles
        )
    end = start + len(tiles) - 1
    if end > 13:
        return _invalid(gettext_noop("The run {set} goes past 13: nothing follows 13."), tiles)
    base = first_tile - NUMBER_OF[first_tile] + start
    joker_tiles = tuple(base + position for position, tile in enumerate(tiles) if tile == JOKER)
    return SetInfo(
        RUN,
        (start + end) * len(tiles) // 2,
        tiles,
        frozenset(tile for _, tile in numbered),
        tuple(frozenset((tile,)) for tile in joker_tiles),
        tuple(NUMBER_OF[tile] for tile in joker_tiles),
        count_vector(tiles),
    )


def check_set(tiles: tuple[Tile, ...]) -> SetInfo:
    """The analysis of a valid set; raises ``IllegalTurn`` with the reason when it is invalid."""
    info = analyse_set(tiles)
    if info.kind == INVALID:
        raise info.illegal()
    return info


def set_value(tiles: tuple[Tile, ...]) -> int:
    """The value of a valid set: the sum of the numbers its tiles stand for."""
    return check_set(tiles).value
