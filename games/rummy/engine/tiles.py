"""Tiles and their notation (rules section 1).

A tile is an integer: a number tile is ``colour * 13 + (number - 1)`` with the colours in
the order of ``COLOURS`` (red, blue, black, orange), so 0..51, and the joker is 52. The
integer order is also the display order: by colour R, B, K, O, then by number, jokers
last, so ``sorted(tiles)`` sorts a rack the way it is shown.
"""

from __future__ import annotations

from collections.abc import Iterable

Tile = int

COLOURS = "RBKO"
RED, BLUE, BLACK, ORANGE = range(4)
JOKER: Tile = 52
KINDS = 53
"""The number of tile kinds (52 number tiles and the joker): valid indexes of a count list."""
COPIES = 2
"""Copies of each tile kind in the full set (each number tile twice, two jokers)."""
JOKER_PENALTY = 30
"""What a joker left in a hand costs when a game is scored (rules section 4)."""

NUMBER_TILES = tuple(range(52))
FULL_SET: tuple[Tile, ...] = tuple(sorted(NUMBER_TILES * COPIES + (JOKER,) * COPIES))
"""The 106 tiles of the game, sorted."""

TILE_NAMES = (*(colour + str(number) for colour in COLOURS for number in range(1, 14)), "J")
"""``TILE_NAMES[tile]`` is the tile's notation, e.g. ``"R7"`` or ``"J"``."""
TILE_BY_NAME = {name: tile for tile, name in enumerate(TILE_NAMES)}

COLOUR_OF = tuple(tile // 13 for tile in NUMBER_TILES)
NUMBER_OF = tuple(tile % 13 + 1 for tile in NUMBER_TILES)
HAND_VALUE = (*NUMBER_OF, JOKER_PENALTY)
"""``HAND_VALUE[tile]``: what the tile costs when left in a hand at the end of a game."""


COUNT_VECTOR = tuple(1 << (8 * tile) for tile in range(KINDS))
"""``COUNT_VECTOR[tile]``: the tile as a count vector (see ``count_vector``)."""


def count_vector(tiles: Iterable[Tile]) -> int:
    """How many of each kind the tiles hold, as one integer with a byte per kind.

    Byte ``tile`` (from the least significant) counts that tile, so adding and comparing
    the tiles of whole tables takes a few integer operations; a byte overflows only beyond
    255 copies of one tile.
    """
    return sum(map(COUNT_VECTOR.__getitem__, tiles))


def make_tile(colour: int, number: int) -> Tile:
    """The number tile of a colour (0..3, in the order of ``COLOURS``) and number (1..13)."""
    return colour * 13 + number - 1


def colour_of(tile: Tile) -> int:
    """The colour of a number tile (0..3, an index into ``COLOURS``)."""
    return COLOUR_OF[tile]


def number_of(tile: Tile) -> int:
    """The number of a number tile (1..13)."""
    return NUMBER_OF[tile]


def parse_tile(text: str) -> Tile:
    """The tile written ``text`` (``R7``, ``B13``, ``K1``, ``O10`` or ``J``).

    Raises ``ValueError`` naming the text when it is not a tile.
    """
    try:
        return TILE_BY_NAME[text]
    except (KeyError, TypeError):
        raise ValueError(
            f"{text!r} is not a tile: write R, B, K or O then 1 to 13, or J for a joker"
        ) from None


def tile_name(tile: Tile) -> str:
    """The notation of a tile, e.g. ``"R7"`` or ``"J"``."""
    return TILE_NAMES[tile]


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """The tiles written in ``text``, separated by single spaces (``"R4 R5 J"``)."""
    return tuple(parse_tile(name) for name in text.split(" ")) if text else ()


def tiles_text(tiles: Iterable[Tile]) -> str:
    """The tiles in notation, separated by single spaces, in the given order."""
    return " ".join([TILE_NAMES[tile] for tile in tiles])


def sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles in display order: by colour R, B, K, O, then number, jokers last."""
    return tuple(sorted(tiles))


def tile_counts(tiles: Iterable[Tile]) -> list[int]:
    """How many of each tile kind: ``counts[tile]`` for every tile 0..52."""
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile] += 1
    return counts


def hand_value(tiles: Iterable[Tile]) -> int:
    """The points of tiles left in a hand: number tiles at face value, a joker 30."""
    return sum([HAND_VALUE[tile] for tile in tiles])


def parse_table(text: str) -> tuple[tuple[Tile, ...], ...]:
    """The sets written in ``text``: sets separated by ``|``, tiles by single spaces.

    ``"R4 R5 R6|R7 B7 K7"`` is two sets; the empty text is the empty table. Raises
    ``ValueError`` on a tile that is not one.
    """
    return tuple(parse_tiles(tiles) for tiles in text.split("|")) if text else ()


def table_text(table: Iterable[Iterable[Tile]]) -> str:
    """The notation of a table: sets separated by ``|``, tiles by single spaces, in order."""
    return "|".join([tiles_text(tiles) for tiles in table])
