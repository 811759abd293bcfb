"""How a tile is drawn and read aloud: its notation, colour, face and spoken name; a refusal
worded with the tiles' names."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from games.rummy.engine import (
    JOKER,
    Tile,
    colour_of,
    number_of,
    parse_tiles,
    tile_name,
)

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
    """Laid by the others since the viewer's last turn (marked until the viewer moves)."""
    from_rack: bool = False
    """In a hint: a tile the play takes from the viewer's rack."""


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


def tiles_named(tiles: Iterable[Tile]) -> str:
    """The tiles by their names in the reader's language: "red 7, blue 7, black 7"."""
    return ", ".join(tile_view(tile).spoken for tile in tiles)


TILE_PARAMS = ("tile", "other", "low", "high")
"""The parameters of the engine's refusals that are one tile in notation (``set``: a set)."""


def refusal(template: str, params: Mapping[str, object]) -> str:
    """An engine's refusal (``IllegalTurn``'s template and parameters) in the reader's
    language, its tiles and sets named as players say them, never in the engine's notation:
    "The run “red 3, red 4, red 6” has a gap."."""
    named = dict(params)
    try:
        for key in TILE_PARAMS:
            if key in named:
                named[key] = tiles_named(parse_tiles(str(named[key])))
        if "set" in named:
            named["set"] = _("“%(tiles)s”") % {"tiles": tiles_named(parse_tiles(str(named["set"])))}
    except ValueError:
        # Not tiles (a malformed move's own words): said as they were written.
        named = dict(params)
    return capfirst(_(template).format(**named))
