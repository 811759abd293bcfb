"""How a tile is drawn and read aloud: its notation, colour, face and spoken name."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _

from games.rummy.engine import JOKER, Tile, colour_of, number_of, tile_name

COLOUR_CLASSES = ("red", "blue", "black", "orange")
JOKER_FACE = "☺"


def colour_names() -> tuple[str, str, str, str]:
    """The colours in the order of the engine's ``COLOURS`` (R, B, K, O), translated."""
    return (_("red"), _("blue"), _("black"), _("orange"))


@dataclass
class TileView:
    code: str
    """The notation (``R7``, ``J``): what the page sends back in a play."""
    colour: str
    """The CSS class of the tile's colour ("joker" for a joker)."""
    face: str
    spoken: str
    fresh: bool = False
    """Placed by the last player's turn (highlighted for a few seconds)."""


def tile_view(tile: Tile, fresh: bool = False) -> TileView:
    if tile == JOKER:
        return TileView(tile_name(tile), "joker", JOKER_FACE, _("joker"), fresh)
    colour = colour_of(tile)
    number = number_of(tile)
    return TileView(
        tile_name(tile),
        COLOUR_CLASSES[colour],
        str(number),
        _("%(colour)s %(number)s") % {"colour": colour_names()[colour], "number": number},
        fresh,
    )


def tile_views(tiles: Iterable[Tile]) -> list[TileView]:
    return [tile_view(tile) for tile in tiles]
